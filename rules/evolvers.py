"""How the shared events change a battle.  No rules and no dice here, only bookkeeping."""

from __future__ import annotations

from dataclasses import fields

from rules.events import (
    AttackRolled,
    BattleEnded,
    PhaseStarted,
    RoundStarted,
    RulingOverridden,
    UnitDamaged,
    UnitFaced,
    UnitHealed,
    UnitStatusChanged,
    UnitStepped,
    evolver,
    unhx,
)
from rules.state import Battle, Outcome, Unit, changed


def round_reset(unit: Unit) -> Unit:
    """Put back every field a unit class lists in ROUND_RESET (its once-a-round flags)."""
    kind = type(unit)
    resets = _RESETS.get(kind)
    if resets is None:  # the class's own resets, its fields looked up once
        listed: dict[str, object] = getattr(kind, "ROUND_RESET", {})
        names = {f.name for f in fields(unit)}
        resets = _RESETS[kind] = {k: v for k, v in listed.items() if k in names}
    if not resets:
        return unit
    return changed(unit, **resets)


_RESETS: dict[type, dict[str, object]] = {}


@evolver(RoundStarted)
def _round_started(state: Battle, e: RoundStarted) -> Battle:
    return changed(state, round=e.round, units=tuple(round_reset(u) for u in state.units))


@evolver(PhaseStarted)
def _phase_started(state: Battle, e: PhaseStarted) -> Battle:
    return state


@evolver(UnitStepped)
def _stepped(state: Battle, e: UnitStepped) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.to_hex), facing=e.facing)


@evolver(UnitFaced)
def _faced(state: Battle, e: UnitFaced) -> Battle:
    return state.update_unit(e.unit, facing=e.facing)


@evolver(AttackRolled)
def _attack(state: Battle, e: AttackRolled) -> Battle:
    return state


@evolver(UnitDamaged)
def _damaged(state: Battle, e: UnitDamaged) -> Battle:
    return state.update_unit(e.unit, hp=e.hp_after)


@evolver(UnitHealed)
def _healed(state: Battle, e: UnitHealed) -> Battle:
    return state.update_unit(e.unit, hp=e.hp_after)


@evolver(UnitStatusChanged)
def _status(state: Battle, e: UnitStatusChanged) -> Battle:
    return state.update_unit(e.unit, status=e.status, condition=e.condition)


@evolver(BattleEnded)
def _ended(state: Battle, e: BattleEnded) -> Battle:
    return changed(state, outcome=Outcome(e.winner, e.reason))


@evolver(RulingOverridden)
def _override(state: Battle, e: RulingOverridden) -> Battle:
    options = (*tuple((k, v) for k, v in state.options if k != e.key), (e.key, e.value))
    return changed(state, options=tuple(sorted(options, key=lambda kv: kv[0])))
