"""The timeline's words: one line for each entry of the session ("Move Fighter to col 3,
row 1, facing north-east", "Exchange: Fighter melee on Orc 2 — a hit for 4 (rolled 12)"), and
how a refused GM command is named."""

from __future__ import annotations

from collections.abc import Sequence

from rules.commands import Command
from rules.events import AttackRolled, Event
from rules.gm import (
    EditUnit,
    Exchange,
    OverrideRuling,
    PlaceUnit,
    RelocateUnit,
    RemoveUnit,
    StartChase,
)
from rules.state import Battle
from rules.wording import Words, a_an, plural, ruling_value

# What each GM command is, in words, for "X does not support <words> in the sandbox yet".
GM_WORDS = {"gm_place": "placing figures", "gm_remove": "removing figures",
            "gm_relocate": "moving figures", "gm_edit": "editing figures",
            "gm_override": "overriding rulings", "gm_exchange": "exchanges",
            "gm_chase": "chases"}


def entry_label(before: Battle, cmd: Command, events: Sequence[Event]) -> str:
    """The timeline line for `cmd`, done from `before`, that made `events`."""
    w = Words.of(before)
    if isinstance(cmd, PlaceUnit):
        s = cmd.unit
        kind = s.template.replace("_", " ")
        who = s.name if s.name and s.name != s.id else a_an(kind)
        return (f"Place {who} ({w.side(s.side, start=False)}) at {w.hex(s.pos)}, facing "
                f"{w.direction(s.facing)}")
    if isinstance(cmd, RemoveUnit):
        return f"Remove {w.unit(cmd.unit)}"
    if isinstance(cmd, StartChase):
        run = ", ".join(w.unit(q) for q in cmd.quarries)
        after = ", ".join(w.unit(p) for p in cmd.pursuers)
        return f"Chase: {run} {'runs' if len(cmd.quarries) == 1 else 'run'} from {after}"
    if isinstance(cmd, RelocateUnit):
        u = before.unit(cmd.unit)
        if u.pos is not None and (u.pos.q, u.pos.r) == tuple(cmd.to):
            return f"Turn {w.unit(cmd.unit)} to face {w.direction(cmd.facing)}"
        return (f"Move {w.unit(cmd.unit)} to {w.hex(cmd.to)}, facing "
                f"{w.direction(cmd.facing)}")
    if isinstance(cmd, EditUnit):
        what = ", ".join(f"{k.replace('_', ' ')} {ruling_value(v)}"
                         for k, v in sorted(cmd.changes.items()))
        return f"Edit {w.unit(cmd.unit)}: {what}"
    if isinstance(cmd, OverrideRuling):
        return f"Ruling: {cmd.key.replace('_', ' ')} {ruling_value(cmd.value)}"
    if isinstance(cmd, Exchange):
        attack = next((e for e in events if isinstance(e, AttackRolled)), None)
        head = f"Exchange: {w.unit(cmd.attacker)} {cmd.kind} on {w.unit(cmd.target)}"
        if attack is None:
            return head
        if not attack.hit:
            return f"{head}: rolled {attack.roll}, a miss"
        return f"{head}: rolled {attack.roll}, a hit for {attack.damage}"
    attacks = sum(1 for e in events if isinstance(e, AttackRolled))
    tail = f" ({plural(attacks, 'attack')})" if attacks else ""
    return cmd.say(w) + tail
