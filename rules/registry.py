"""What plugs into Flank, found the way pytest finds its plugins: Python entry points.

Every ruleset, every ruleset's knowledge for the computer players and every screen that draws
a kind of board is declared in a distribution's metadata, under one of the groups below, and
loaded here by name when first asked for.  Flank itself declares the bundled ones in its
`pyproject.toml`; a GM's house ruleset is a separate pip-installable package declaring its
own, and appears in `flank rulesets` and the menu without a line of Flank changing.

This is why the engine never imports `rules.systems` and `game.ai.hooks` never imports the
per-ruleset AI modules: the arrows point one way, from the plug-ins to the core, and the
registry is the only place that knows where the plug-ins are (DESIGN.md, "Registries, not
imports back").

    flank.rulesets   ruleset id        -> a `rules.engine.Ruleset` instance
    flank.ai         ruleset id, or "ruleset id.mode" -> that ruleset's (mode's) AI hooks
    flank.scenes     board kind ("hex", "lists", ...) -> the scene class that plays it
    flank.views      board kind -> a view that draws a state of it, with no play (replays)
    flank.sandboxes  board kind other than "hex" -> opens the GM sandbox on a map of it:
                     `open(app, map_path, on_exit)` -> its scene

The registry is headless: loading a ruleset imports only what its entry point names.  It
never imports a group's objects until someone asks for that group.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

RULESETS = "flank.rulesets"
AI = "flank.ai"
SCENES = "flank.scenes"
VIEWS = "flank.views"
SANDBOXES = "flank.sandboxes"


class PluginError(LookupError):
    """A plug-in that is not there, or that failed to load.  `str()` is one line for a
    player: what was asked for, and what is known instead."""


@cache
def _points(group: str) -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=group):
        found.setdefault(ep.name, ep)  # the first distribution on sys.path wins, as pytest's
    return found


_loaded: dict[tuple[str, str], Any] = {}
_added: dict[str, dict[str, Any]] = {}


def names(group: str) -> list[str]:
    """The names declared in a group (and added at run time), sorted."""
    return sorted(set(_points(group)) | set(_added.get(group, {})))


def has(group: str, name: str) -> bool:
    return name in _added.get(group, {}) or name in _points(group)


def load(group: str, name: str) -> Any:
    """The object a group declares under `name`, imported once.

    Raises PluginError naming the group's known entries when there is none, or saying which
    module failed when its import fails."""
    if name in _added.get(group, {}):
        return _added[group][name]
    key = (group, name)
    if key in _loaded:
        return _loaded[key]
    ep = _points(group).get(name)
    if ep is None:
        known = ", ".join(names(group)) or "none (is Flank installed? pip install -e .)"
        raise PluginError(f"no {_WHAT.get(group, group)} called {name!r} (known: {known})")
    try:
        obj = ep.load()
    except Exception as exc:  # a broken plug-in is named, not a traceback deep in importlib
        raise PluginError(f"the {_WHAT.get(group, group)} {name!r} ({ep.value}) failed to "
                          f"load: {exc}") from exc
    _loaded[key] = obj
    return obj


def load_all(group: str) -> dict[str, Any]:
    """Every object of a group, by name; one that fails to load is left out (and named by
    `broken(group)`), so one broken house ruleset never hides the others from the menu."""
    out: dict[str, Any] = {}
    for name in names(group):
        try:
            out[name] = load(group, name)
        except PluginError:
            continue
    return out


def broken(group: str) -> dict[str, str]:
    """The entries of a group that fail to load, with why."""
    out: dict[str, str] = {}
    for name in names(group):
        try:
            load(group, name)
        except PluginError as exc:
            out[name] = str(exc)
    return out


def add(group: str, name: str, obj: Any) -> None:
    """Register an object at run time, beside the entry points (tests, a script that
    defines a ruleset in place).  An entry point of the same name is shadowed."""
    _added.setdefault(group, {})[name] = obj


def remove(group: str, name: str) -> None:
    _added.get(group, {}).pop(name, None)


def refresh() -> None:
    """Forget what was found, so distributions installed since are seen (tests)."""
    _points.cache_clear()
    _loaded.clear()


_WHAT = {RULESETS: "ruleset", AI: "computer player knowledge", SCENES: "screen",
         VIEWS: "board view", SANDBOXES: "GM sandbox"}

__all__ = ["AI", "RULESETS", "SANDBOXES", "SCENES", "VIEWS", "PluginError", "add", "broken",
           "has", "load", "load_all", "names", "refresh", "remove"]
