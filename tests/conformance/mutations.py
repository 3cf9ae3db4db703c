"""Wrong values for one field of a legal command (issue 21, "every field of a command is
checked"): what a fuzzer, a corrupted save or a careless plug-in might send.

`wrong_values(state, cmd)` lists (field, value) pairs, each of which makes `cmd` wrong in a
way the rules cannot mean: out-of-range, negative and huge facings; unknown and empty ids
(an empty target where one is required, issue 34); a unit
of a side that is not deciding; a friend (or himself) as the target of what was aimed at a
foe; a side that is not there or not deciding; hexes off the board, a path not starting
where he stands, a path that doubles back onto a hex; made-up weapons, options, spells,
items and choices, and choices spelled not quite as offered (" 2", "02", "SPLINTER"); None
where a value is required; values of the wrong type.  The tests require a refusal with a
reason and an unchanged state, or else (where a ruleset reads the field the same way either
way) the identical result.
"""

from __future__ import annotations

from typing import Any

from rules.commands import Command, Move
from rules.engine import decider
from rules.state import Battle

UNKNOWN = "nobody-here"
HUGE = 10**9


def _off_board(state: Battle) -> tuple[int, int]:
    far = max((abs(h.q) + abs(h.r) for h in state.board.hexes()), default=0) + 7
    return (far, -far)


def _ids_of_other_sides(state: Battle, side: str | None) -> list[str]:
    return [u.id for u in state.units if u.side != side]


def _ids_of_own_side(state: Battle, side: str | None) -> list[str]:
    return [u.id for u in state.units if u.side == side]


def wrong_values(state: Battle, cmd: Command) -> list[tuple[str, Any]]:
    """Every (field, wrong value) this module knows for `cmd` at `state` (in a fixed order)."""
    side = decider(state)
    out: list[tuple[str, Any]] = []
    fields = type(cmd).model_fields
    for name, info in fields.items():
        if name == "type":
            continue
        value = getattr(cmd, name)
        if info.is_required():
            out.append((name, None))
        if name == "unit":
            out += [(name, UNKNOWN), (name, ""), (name, 7)]
            out += [(name, uid) for uid in _ids_of_other_sides(state, side)[:2]]
        elif name == "target":
            out += [(name, UNKNOWN), (name, 7)]
            if info.is_required():  # "" is a move's "strikes nobody", never an attack's
                out.append((name, ""))
            if value and state.has_unit(value) and state.unit(value).side != side:
                # aimed at a foe: a friend (or himself) is the wrong side
                out += [(name, uid) for uid in _ids_of_own_side(state, side)[:2]]
        elif name == "side":
            out += [(name, UNKNOWN), (name, "")]
            out += [(name, s.id) for s in state.sides if s.id != side][:1]
        elif name == "facing":
            out += [(name, 6), (name, -1), (name, HUGE), (name, -HUGE), (name, "2"),
                    (name, 2.0)]
        elif name == "path" and isinstance(cmd, Move):
            off = _off_board(state)
            out += [(name, ()), (name, (*cmd.path[:-1], off)), (name, (off, *cmd.path[1:])),
                    (name, [list(p) for p in cmd.path]), (name, ((HUGE, -HUGE),))]
            if len(cmd.path) >= 2:
                out.append((name, (*cmd.path, cmd.path[-2])))  # back onto a hex walked
        elif name == "accept":
            out += [(name, "yes"), (name, 2)]
        elif name == "options":
            out += [(name, ("no-such-option",)), (name, [*value])]
            if value:
                out.append((name, (*value, value[0])))  # named twice
        elif isinstance(value, str):  # action, option, weapon, spell, item
            out += [(name, "no-such-" + name), (name, 3)]
            if info.is_required():  # a weapon's "" is "the usual one"; a spell's is none
                out.append((name, ""))
            if value:
                out += [(name, " " + value), (name, value.upper() if value != value.upper()
                                                  else value.lower())]
                if value.isdecimal():
                    out.append((name, "0" + value))
    return [(name, v) for name, v in out
            if not (type(v) is type(getattr(cmd, name)) and v == getattr(cmd, name))]


def mutated(cmd: Command, field: str, value: Any) -> Command:
    """`cmd` with one field replaced, unchecked (as a corrupted save or a plug-in might
    hand it over): `model_copy` skips pydantic's validation on purpose."""
    return cmd.model_copy(update={field: value})


__all__ = ["HUGE", "UNKNOWN", "mutated", "wrong_values"]
