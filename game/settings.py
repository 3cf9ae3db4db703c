"""What the window remembers between runs: its size, the animation speed, whether the hexes'
labels are drawn (L in a battle), the scenario, ruleset and players last started from the
menu, and the folders the player has played maps from (the only folders besides the bundled
maps and a save's own from which a save may make Flank open its map), in `settings.json` in
the user's config folder.

Why so careful: this file is a convenience, never a reason not to start.  A missing,
unreadable or hand-mangled file gives the defaults; a value of the wrong shape is dropped on
its own; a folder that cannot be written leaves the game running with nothing remembered.
The folder is ``$FLANK_CONFIG_DIR`` (tests), else platformdirs' user config folder when
platformdirs is installed, else ``$XDG_CONFIG_HOME/flank`` or ``~/.config/flank`` (as the
saves find ``~/.local/share/flank``).  Headless: no pygame.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

FILE = "settings.json"
SPEEDS = (1.0, 2.0, 4.0)
MAX_MAP_FOLDERS = 50


def config_dir() -> Path:
    env = os.environ.get("FLANK_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs
    except ImportError:
        xdg = os.environ.get("XDG_CONFIG_HOME")
        return (Path(xdg).expanduser() if xdg else Path.home() / ".config") / "flank"
    return Path(platformdirs.user_config_dir("flank", appauthor=False))


def _window(v: Any) -> list[int] | None:
    if (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v)
            and 320 <= v[0] <= 10000 and 240 <= v[1] <= 10000):
        return v
    return None


def _checked(raw: Any) -> dict[str, Any]:
    """The values of `raw` that have the right shape; the rest left out."""
    if not isinstance(raw, dict):
        return {}
    out: dict[str, Any] = {}
    if _window(raw.get("window")) is not None:
        out["window"] = raw["window"]
    if raw.get("anim_speed") in SPEEDS:
        out["anim_speed"] = float(raw["anim_speed"])
    if isinstance(raw.get("hex_labels"), bool):
        out["hex_labels"] = raw["hex_labels"]
    for key in ("scenario", "ruleset"):
        if isinstance(raw.get(key), str) and 0 < len(raw[key]) <= 200:
            out[key] = raw[key]
    folders = raw.get("map_folders")
    if isinstance(folders, list):
        kept = [f for f in folders if isinstance(f, str) and 0 < len(f) <= 4096
                and Path(f).is_absolute()]
        if kept:
            out["map_folders"] = kept[-MAX_MAP_FOLDERS:]
    sides = raw.get("sides")
    if isinstance(sides, dict) and all(isinstance(k, str) and isinstance(v, str)
                                       for k, v in sides.items()):
        out["sides"] = dict(sides)
    return out


def load() -> dict[str, Any]:
    """The remembered settings, each checked; {} when there are none to be had."""
    try:
        text = (config_dir() / FILE).read_text(encoding="utf-8")
        return _checked(json.loads(text))
    except (OSError, ValueError):
        return {}


def save(settings: dict[str, Any]) -> bool:
    """Remember `settings` (the known keys), replacing the file whole; False if the folder
    would not take it.  The map folders already remembered stay (a window that read the
    file before a folder was added must not forget it on closing)."""
    data = _checked(settings)
    folders = [*load().get("map_folders", []), *data.get("map_folders", [])]
    if folders:
        data["map_folders"] = list(dict.fromkeys(folders))[-MAX_MAP_FOLDERS:]
    folder = config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / (FILE + ".new")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(folder / FILE)
    except OSError:
        return False
    return True


def map_folders() -> list[Path]:
    """The folders the player has played a map from (`remember_map_folder`): a save's map
    is opened from these, besides the bundled maps and the save's own folder."""
    return [Path(f) for f in load().get("map_folders", [])]


def remember_map_folder(map_path: str | Path) -> None:
    """The player opened the map at `map_path` himself (`flank play MAP`, `flank sandbox
    MAP`): its folder is one he chose, so a save of a battle on it may draw it later.
    Quietly nothing if the settings cannot be written."""
    folder = str(Path(map_path).resolve().parent)
    known = [str(f) for f in map_folders()]
    if folder not in known:
        save({**load(), "map_folders": [*known, folder]})
