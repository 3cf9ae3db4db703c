"""The face Flank sets its own lettering in: Noto Sans, bundled with the game (SIL Open Font
License 1.1, the licence in OFL.txt beside the faces).

Why bundled rather than pygame's built-in face: pygame's default font has no bold of its
own, and the bold it fakes at the board's small sizes spaces letters unevenly ("at tack",
"initia tive").  Noto Sans has a real bold, is the face pygame-gui sets the panels in, and
reads the same on every machine, installed or not.
"""

from __future__ import annotations

from importlib import resources

REGULAR = "NotoSans-Regular.ttf"
BOLD = "NotoSans-Bold.ttf"
ITALIC = "NotoSans-Italic.ttf"


def face_file(bold: bool = False, italic: bool = False) -> str:
    """The path of the bundled face for that weight and slant (bold wins over italic: no
    bold italic is drawn anywhere)."""
    name = BOLD if bold else ITALIC if italic else REGULAR
    return str(resources.files(__name__) / name)
