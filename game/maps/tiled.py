"""Step 2 of reading a map: pytmx reads the tree the safety pass checked, without pygame.

pytmx's own image loader is replaced by one that only records paths (after checking they stay
inside the allowed folders), so no image is ever opened.  Anything pytmx still objects to
becomes a `MapError`.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree.ElementTree import Element

from game.maps.base import MapError, _q, _ReaderBase


def _pytmx() -> ModuleType:
    """Import pytmx without letting it import pygame.

    pytmx's package `__init__` tries `pytmx.util_pygame` and its core module tries `pygame`
    (for type hints only).  Both are wrapped in `try/except ImportError`, so hiding pygame
    while pytmx is first imported keeps this module headless.  If the window has already
    imported pygame, nothing is hidden.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hide = "pygame" not in sys.modules
    quiet = logging.getLogger("pytmx.util_pygame")  # it logs an error when pygame is missing
    was_disabled = quiet.disabled
    if hide:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # `import pygame` fails
        quiet.disabled = True
    try:
        import pytmx
    finally:
        quiet.disabled = was_disabled
        if hide and sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    return pytmx


class _TiledStep(_ReaderBase):
    """Step 2: the checked tree handed to pytmx."""

    def pytmx_map(self, root: Element) -> Any:
        pytmx = _pytmx()
        reader = self

        def image_loader(filename: str, colorkey: Any = None, **_: Any) -> Any:
            target = Path(filename).resolve()
            if not any(target.is_relative_to(r) for r in reader.roots):
                raise reader.fail(f"image {_q(filename)} is outside the map's folder and "
                                  "Flank's assets folder")

            def load(rect: Any = None, flags: Any = None) -> tuple[str, Any, Any]:
                return str(target), rect, flags

            return load

        try:
            tm = pytmx.TiledMap(image_loader=image_loader, allow_duplicate_names=True)
            tm.filename = str(self.file)
            tm.parse_xml(root)
        except MapError:
            raise
        except Exception as exc:  # pytmx raises bare Exception, KeyError, ValueError ...
            raise self.fail(f"the Tiled reader could not read it "
                            f"({type(exc).__name__}: {exc})") from None
        return tm
