"""The GM sandbox's exports from the window: the position as a Tiled scenario, a picture, or
the Markdown transcript of its exchanges, into the export folder, and the map written back
as a scenario beside itself ("Save as scenario"); a failure is one line.

A part of `SandboxScene` (a mixin): it reads the scene's sandbox, its export buttons and
its overlays, and sets the panel's message.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.render.picture_export import export_png
from game.sandbox import ExportError, Sandbox, SandboxError


def export_dir() -> Path:
    return Path(os.environ.get("FLANK_EXPORT_DIR", Path.home() / "flank-exports"))


def failure_line(exc: Exception) -> str:
    """Why an export failed, in one line: the file and the system's reason for an OS error
    ("/media/usb/duel.tmx: Permission denied", not "[Errno 13] ..."), else the message."""
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename or ""
        return f"{where}: {exc.strerror}" if where else exc.strerror
    return " ".join(str(exc).split())


class SandboxExports:
    """The export buttons of `SandboxScene`."""

    sb: Sandbox
    tmx_b: Any
    png_b: Any
    overlays_on: dict[str, bool]
    message: str
    notice: str

    def _export(self, which: Any) -> None:
        """Write the position, a picture or the transcript to the export folder; a failure
        (no folder, a board Tiled cannot hold, a full disk) is one line in the panel, and
        the sandbox goes on."""
        folder = export_dir()
        stem = (getattr(self.sb.scenario, "title", "") or "position").lower().replace(" ", "_")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if which is self.tmx_b:
                out = self.sb.export_tmx(folder / f"{stem}.tmx", f"{stem} (sandbox)")
                path = out.path
            elif which is self.png_b:
                overlay = "threat" if self.overlays_on.get("threat") else "none"
                path = export_png(self.sb.state, folder / f"{stem}.png", (1280, 800), overlay,
                                  scenario=self.sb.scenario)
            else:
                path = folder / f"{stem}.md"
                path.write_text(self.sb.transcript(f"{stem}: exchanges"), encoding="utf-8")
        except (ExportError, SandboxError, OSError, ValueError) as exc:
            self.message = f"Export failed: {failure_line(exc)}"
            return
        self.message = f"Wrote {path}"

    def _save_scenario(self) -> None:
        """The map written back as a scenario (beside itself; a position with no map goes to
        the export folder); what was written, or why not, in the message."""
        path = self.sb.scenario_path()
        try:
            if path is None:
                folder = export_dir()
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / "position_scenario.tmx"
            out = self.sb.save_as_scenario(path)
        except (ExportError, SandboxError, OSError) as exc:
            self.message = f"Could not save the scenario: {failure_line(exc)}"
            return
        notes = "".join(f" · {n}" for n in out.notes)
        self.message = f"Saved the scenario as {out.path}{notes}"
        self.notice = ""
