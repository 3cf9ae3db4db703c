"""Saves of older formats, upgraded on load one version at a time: `UPCASTERS` for the header,
`RECORD_UPCASTERS` for every other line.  Version 0 was the development format::

    {"format":"flank-save","version":0,"rules":"fallen_empire","map":"maps/duel.tmx",
     "title":"Duel","seed":7,"players":{"men":"human","orcs":"ai"},"setup":{...}}
    {"opening":[...]}
    {"cmd":{...},"events":[...]}

It said ``rules`` for the ruleset, named the map and title apart, gave each side only a kind
of player, kept no scenario hash, creation time or Flank version, numbered no steps, hashed
no states and had no undo.  `_upcast_header_0` and `_upcast_record_0` turn it into version 1.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from game.saves.format import setup_hash
from rules.engine import BattleSetup


def _upcast_header_0(obj: dict[str, Any]) -> dict[str, Any]:
    """Version 0 → 1: ``rules`` → ``ruleset``; ``map`` and ``title`` → ``scenario``;
    ``players`` (side → kind) → ``sides`` (side → ``"kind:side"``); ``scenario_hash`` computed
    from the setup; no creation time is known; undo reaches back to the last roll."""
    out = {k: v for k, v in obj.items() if k not in ("rules", "map", "title", "players")}
    out["version"] = 1
    out["flank_version"] = "0 (save format 0)"
    if "rules" in obj:
        out["ruleset"] = obj["rules"]
    out["scenario"] = {"title": obj.get("title", ""), "path": obj.get("map", "")}
    players = obj.get("players")
    if isinstance(players, dict):
        out["sides"] = {side: f"{kind}:{side}" if isinstance(kind, str) else kind
                        for side, kind in players.items()}
    else:
        out["sides"] = players
    out["scenario_hash"] = "0" * 64  # if the setup is bad, validating it will say how
    with contextlib.suppress(ValidationError, ValueError, TypeError):
        out["scenario_hash"] = setup_hash(
            BattleSetup.model_validate_json(json.dumps(obj.get("setup")), strict=True))
    out["created"] = None
    out["undo"] = "dice"
    return out


def _upcast_record_0(obj: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    """Version 0 → 1: a step was ``{"cmd": ..., "events": ...}``, unnumbered."""
    if "cmd" in obj and "command" not in obj:
        context["steps"] = context.get("steps", 0) + 1
        out = {"step": context["steps"], "command": obj["cmd"]}
        out.update({k: v for k, v in obj.items() if k != "cmd"})
        return out
    return obj


UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upcast_header_0}
"""version → the function that upgrades a header of that version to the next."""
RECORD_UPCASTERS: dict[int, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    0: _upcast_record_0}
"""version → the function that upgrades one record of that version to the next (with a
context dict it may keep counters in)."""
