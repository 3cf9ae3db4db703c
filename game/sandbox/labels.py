"""The timeline's words: one line for each entry of the session ("Move f to (1, 0), facing
2", "Exchange: f melee on o — hit for 4 (12)"), and how a refused GM command is named."""

from __future__ import annotations

from collections.abc import Sequence

from rules.commands import Command
from rules.events import AttackRolled, Event
from rules.gm import EditUnit, Exchange, OverrideRuling, PlaceUnit, RelocateUnit, RemoveUnit
from rules.state import Battle

# What each GM command is, in words, for "X does not support <words> in the sandbox yet".
GM_WORDS = {"gm_place": "placing figures", "gm_remove": "removing figures",
            "gm_relocate": "moving figures", "gm_edit": "editing figures",
            "gm_override": "overriding rulings", "gm_exchange": "exchanges"}


def entry_label(before: Battle, cmd: Command, events: Sequence[Event]) -> str:
    """The timeline line for `cmd`, done from `before`, that made `events`."""
    if isinstance(cmd, PlaceUnit):
        s = cmd.unit
        return f"Place {s.id} ({s.template}, {s.side}) at {s.pos} facing {s.facing}"
    if isinstance(cmd, RemoveUnit):
        return f"Remove {cmd.unit}"
    if isinstance(cmd, RelocateUnit):
        u = before.unit(cmd.unit)
        if u.pos is not None and (u.pos.q, u.pos.r) == tuple(cmd.to):
            return f"Turn {cmd.unit} to facing {cmd.facing}"
        return f"Move {cmd.unit} to {tuple(cmd.to)}, facing {cmd.facing}"
    if isinstance(cmd, EditUnit):
        what = ", ".join(f"{k} = {v!r}" for k, v in sorted(cmd.changes.items()))
        return f"Edit {cmd.unit}: {what}"
    if isinstance(cmd, OverrideRuling):
        return f"Ruling {cmd.key} = {cmd.value!r}"
    if isinstance(cmd, Exchange):
        attack = next((e for e in events if isinstance(e, AttackRolled)), None)
        head = f"Exchange: {cmd.attacker} {cmd.kind} on {cmd.target}"
        if attack is None:
            return head
        if not attack.hit:
            return f"{head} — miss ({attack.roll})"
        return f"{head} — hit for {attack.damage} ({attack.roll})"
    words = {k: v for k, v in cmd.model_dump().items() if k != "type"}
    who = words.pop("unit", None) or words.pop("side", None) or ""
    if words.get("path"):
        words["path"] = f"to {tuple(words['path'][-1])}"
    rest = ", ".join(f"{v}" if k in ("action", "target", "path") else f"{k} {v}"
                     for k, v in words.items() if v not in ("", None, (), []))
    attacks = sum(1 for e in events if isinstance(e, AttackRolled))
    tail = f" ({attacks} attack{'s' if attacks != 1 else ''})" if attacks else ""
    return f"{who} {cmd.type.replace('_', ' ')} {rest}".strip() + tail
