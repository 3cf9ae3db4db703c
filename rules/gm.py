"""The game master's hand: place, move, turn, remove and edit figures, and override rulings,
at any moment, outside the turn order.

A GM's edits are commands like any other and become events, so they are saved, replayed and
undone with the rest of the battle ("overrides are events").  They skip the decider (the GM
may act for anyone) but not the checks: a figure goes only on a free hex of the board, an
edit must name a real field with a value of the right type, a ruling only a key the ruleset
knows.  The ruleset builds and re-derives its own units, so the evolvers stay free of rules.
"""

from __future__ import annotations

import typing
from dataclasses import fields
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError

from rules.commands import Command
from rules.dice import Dice
from rules.engine import Context, IllegalCommand, UnitSpec, advance, ruleset_of
from rules.events import Event, HexT, RulingOverridden, evolver, hx, unhx
from rules.state import DEAD, GONE, Battle, changed
from rules.wording import PLAIN, Words, a_an, ruling_value

# Fields no edit may touch: who a unit is, and where (that is what relocating is for).
FIXED_FIELDS = frozenset({"id", "side", "template", "pos"})


class PlaceUnit(Command):
    type: Literal["gm_place"] = "gm_place"
    unit: UnitSpec

    def say(self, w: Words = PLAIN) -> str:
        kind = w.kind(self.unit.template)
        return f"GM places {a_an(kind)} at {w.hex(self.unit.pos)}"


class RemoveUnit(Command):
    type: Literal["gm_remove"] = "gm_remove"
    unit: str

    def say(self, w: Words = PLAIN) -> str:
        return f"GM removes {w.unit(self.unit)}"


class RelocateUnit(Command):
    """Put a figure on another hex (and facing) without rules: no move, no free attacks."""

    type: Literal["gm_relocate"] = "gm_relocate"
    unit: str
    to: HexT
    facing: int

    def say(self, w: Words = PLAIN) -> str:
        return (f"GM sets {w.unit(self.unit)} at {w.hex(self.to)}, facing "
                f"{w.direction(self.facing)}")


class EditUnit(Command):
    type: Literal["gm_edit"] = "gm_edit"
    unit: str
    changes: dict[str, Any]

    def say(self, w: Words = PLAIN) -> str:
        return f"GM edits {w.unit(self.unit)}"


class OverrideRuling(Command):
    type: Literal["gm_override"] = "gm_override"
    key: str
    value: Any

    def say(self, w: Words = PLAIN) -> str:
        return f"GM rules {self.key.replace('_', ' ')}: {ruling_value(self.value)}"


class Exchange(Command):
    """Resolve one attack now, outside the turn order, so a GM can show an exchange and try
    it again ("what if it had been a 12": give the dice in `gm_submit(..., dice=...)`)."""

    type: Literal["gm_exchange"] = "gm_exchange"
    attacker: str
    target: str
    kind: str = "melee"
    options: dict[str, Any] = {}

    def say(self, w: Words = PLAIN) -> str:
        return (f"GM resolves a {self.kind} attack by {w.unit(self.attacker)} on "
                f"{w.unit(self.target)}")


class StartChase(Command):
    """Start a chase now between any figures, outside the turn order, where the ruleset has
    a "chase" mode (Enchanted Realms): `quarries` flee, `pursuers` give chase."""

    type: Literal["gm_chase"] = "gm_chase"
    quarries: tuple[str, ...]
    pursuers: tuple[str, ...]

    def say(self, w: Words = PLAIN) -> str:
        return (f"GM starts a chase: {', '.join(w.unit(q) for q in self.quarries)} fleeing "
                f"{', '.join(w.unit(p) for p in self.pursuers)}")


GM_COMMANDS = (PlaceUnit, RemoveUnit, RelocateUnit, EditUnit, OverrideRuling, Exchange,
               StartChase)


class UnitPlaced(Event):
    type: Literal["gm_unit_placed"] = "gm_unit_placed"
    unit: UnitSpec

    def narrate(self, w: Words = PLAIN) -> str:
        u = self.unit
        kind = w.kind(u.template)
        who = w.units.get(u.id) or u.name or kind[:1].upper() + kind[1:]
        # "Aldric (a Fighting-Man)", but "Orc 2", never "Orc 2 (orc)"
        what = "" if kind.lower() in who.lower() else f" ({a_an(kind)})"
        return f"GM places {who}{what} at {w.hex(u.pos)}."


class UnitRemoved(Event):
    type: Literal["gm_unit_removed"] = "gm_unit_removed"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"GM removes {w.unit(self.unit)}."


class UnitRelocated(Event):
    type: Literal["gm_unit_relocated"] = "gm_unit_relocated"
    unit: str
    to: HexT
    facing: int

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"GM sets {w.unit(self.unit)} at {w.hex(self.to)}, facing "
                f"{w.direction(self.facing)}.")


class UnitEdited(Event):
    type: Literal["gm_unit_edited"] = "gm_unit_edited"
    unit: str
    changes: dict[str, Any]

    def narrate(self, w: Words = PLAIN) -> str:
        what = ", ".join(f"{k.replace('_', ' ')} {ruling_value(v)}"
                         for k, v in sorted(self.changes.items()))
        return f"GM edits {w.unit(self.unit)}: {what}."


@evolver(UnitPlaced)
def _placed(state: Battle, e: UnitPlaced) -> Battle:
    unit = ruleset_of(state).build_unit(state, e.unit)
    units = tuple(sorted(state.units + (unit,), key=lambda u: u.id))
    return changed(state, units=units)


@evolver(UnitRemoved)
def _removed(state: Battle, e: UnitRemoved) -> Battle:
    return changed(state, units=tuple(u for u in state.units if u.id != e.unit))


@evolver(UnitRelocated)
def _relocated(state: Battle, e: UnitRelocated) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.to), facing=e.facing)


@evolver(UnitEdited)
def _edited(state: Battle, e: UnitEdited) -> Battle:
    return state.with_unit(ruleset_of(state).edit_unit(state, state.unit(e.unit), e.changes))


# --- checking and applying -----------------------------------------------------------------


def _free(state: Battle, at: HexT, ignore: str = "") -> str | None:
    h = unhx(at)
    if not state.board.passable(h):
        return f"{at} is off the board or impassable"
    other = state.unit_at(h)
    if other is not None and other.id != ignore and other.status not in (DEAD, GONE):
        return f"{at} is taken by {other.id}"
    return None


def coerce_changes(state: Battle, unit_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    """The edit with each value converted to its field's type; ValueError says what is wrong."""
    unit = state.unit(unit_id)
    hints = typing.get_type_hints(type(unit))
    names = {f.name for f in fields(unit)}
    out: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in names:
            raise ValueError(f"{unit_id} has no field {key!r}")
        if key in FIXED_FIELDS:
            raise ValueError(f"{key!r} cannot be edited (place a new figure instead)")
        try:
            out[key] = TypeAdapter(hints[key]).validate_python(value)
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"]
            raise ValueError(f"{key} = {value!r}: {msg}") from None
    return out


def gm_check(state: Battle, cmd: Command) -> str | None:
    """Why the GM may not do this now, or None."""
    rs = ruleset_of(state)
    if isinstance(cmd, PlaceUnit):
        spec = cmd.unit
        if state.has_unit(spec.id):
            return f"there is already a unit called {spec.id!r}"
        if spec.side not in {s.id for s in state.sides}:
            return f"there is no side {spec.side!r}"
        why = _free(state, spec.pos)
        if why:
            return why
        try:
            unit = rs.build_unit(state, spec)
        except (ValueError, KeyError) as exc:
            return str(exc.args[0] if exc.args else exc)
        return rs.unit_refusal(unit)
    unit_id = getattr(cmd, "unit", None)
    if isinstance(cmd, (RemoveUnit, RelocateUnit, EditUnit)) and (
            not isinstance(unit_id, str) or not state.has_unit(unit_id)):
        return f"there is no unit {unit_id!r}"
    if isinstance(cmd, RemoveUnit):
        return rs.check_removal(state, cmd.unit)
    if isinstance(cmd, RelocateUnit):
        if not 0 <= cmd.facing <= 5:
            return "facing must be 0 to 5"
        return _free(state, cmd.to, ignore=cmd.unit)
    if isinstance(cmd, EditUnit):
        try:
            changes = coerce_changes(state, cmd.unit, cmd.changes)
        except ValueError as exc:
            return str(exc)
        why = rs.check_edit(state, cmd.unit, changes)
        if why:
            return why
        try:  # the figure as the edit would leave him, checked as a new one is
            edited = rs.edit_unit(state, state.unit(cmd.unit), changes)
        except (ValueError, KeyError, TypeError) as exc:
            return str(exc.args[0] if exc.args else exc)
        return rs.unit_refusal(edited)
    if isinstance(cmd, OverrideRuling):
        return rs.check_option(state, cmd.key, cmd.value)
    if isinstance(cmd, Exchange):
        for who in (cmd.attacker, cmd.target):
            if not state.has_unit(who):
                return f"there is no unit {who!r}"
        if cmd.attacker == cmd.target:
            return "a figure cannot attack itself"
        busy = rs.gm_busy(state)
        if busy:
            return busy
        try:
            rs.odds(state, cmd.attacker, cmd.target, kind=cmd.kind, **cmd.options)
        except (KeyError, ValueError, AssertionError) as exc:
            return f"{cmd.attacker} cannot make a {cmd.kind} attack on {cmd.target}: {exc}"
        return None
    if isinstance(cmd, StartChase):
        if "chase" not in rs.modes():
            return f"{rs.name} has no chase mode"
        if state.outcome is not None:
            return "the battle is over; \"Play from here\" starts it again first"
        return rs.gm_busy(state) or rs.check_gm_chase(state, cmd.quarries, cmd.pursuers)
    return f"{cmd.type} is not a GM command"


def gm_submit(state: Battle, cmd: Command, dice: Dice | None = None
              ) -> tuple[Battle, list[Event]]:
    """Apply a GM command; raises IllegalCommand (changing nothing) if it is not allowed.
    `dice`: for an Exchange, the dice to use (scripted, for "what if"), else the stream."""
    reason = gm_check(state, cmd)
    if reason is not None:
        raise IllegalCommand(cmd, reason)
    ctx = Context(state, dice)
    if isinstance(cmd, PlaceUnit):
        ctx.emit(UnitPlaced(unit=cmd.unit))
    elif isinstance(cmd, RemoveUnit):
        ctx.emit(UnitRemoved(unit=cmd.unit))
    elif isinstance(cmd, RelocateUnit):
        ctx.emit(UnitRelocated(unit=cmd.unit, to=cmd.to, facing=cmd.facing))
    elif isinstance(cmd, EditUnit):
        ctx.emit(UnitEdited(unit=cmd.unit, changes=coerce_changes(state, cmd.unit,
                                                                  cmd.changes)))
    elif isinstance(cmd, OverrideRuling):
        ctx.emit(RulingOverridden(key=cmd.key, value=ruleset_of(state).coerce_option(
            state, cmd.key, cmd.value)))
    elif isinstance(cmd, Exchange):
        ruleset_of(state).exchange(ctx, cmd.attacker, cmd.target, kind=cmd.kind, **cmd.options)
    elif isinstance(cmd, StartChase):
        rs = ruleset_of(state)
        rs.gm_chase(ctx, cmd.quarries, cmd.pursuers)
        advance(rs, ctx)  # the chase's opening (initiative ...) runs until a runner decides
    if ctx.unclaimed_rolls():
        raise RuntimeError("dice rolled in a GM command but not recorded in any event")
    return ctx.state, ctx.events


def is_gm_command(cmd: Command) -> bool:
    return isinstance(cmd, GM_COMMANDS)


__all__ = ["EditUnit", "Exchange", "OverrideRuling", "PlaceUnit", "RelocateUnit", "RemoveUnit",
           "StartChase", "gm_check", "gm_submit", "hx", "is_gm_command"]
