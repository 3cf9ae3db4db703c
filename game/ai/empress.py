"""Empress hooks for the computer players: who can still strike this round, and how far.

The generic hooks assume every foe may still move four hexes and strike this round, as likely
as not.  Empress says more, all of it public: each figure acts once a round, in the GM's
countdown of segments (EMP-01); what it spent its action on is on the figure (`spent`), its
move is its feet per round over the hex (R-EMP-MOVE), and a figure acts before those of lower
segments.  Everything else (declarations there are none to hide; stances, holds and counters)
is left to the generic search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.hooks import Profile, RulesetHooks, Tier, register_hooks
from rules.positioning import unit_reach
from rules.state import Battle, Unit

if TYPE_CHECKING:
    from game.ai.model import Model


def _move(state: Battle, u: Unit) -> int:
    return max(0, getattr(u, "move_ft", 30) // state.board.feet_per_hex)


def _missile_hexes(state: Battle, u: Unit) -> int:
    key = getattr(u, "missile", "")
    if not key:
        return 0
    from rules.systems.empress.units import tables

    try:
        return tables().weapon(key).range_ft // state.board.feet_per_hex
    except (KeyError, AttributeError):
        return 0


def _can_act(u: Unit) -> bool:
    """Has the figure still its action this round (EMP-01)?"""
    return not getattr(u, "spent", "") and getattr(u, "surprised", "") != "round"


class EmpressHooks(RulesetHooks):
    ruleset = "empress"

    def speed(self, state: Battle, unit: Unit) -> int:
        return _move(state, unit)

    def _tiers(self, state: Battle, u: Unit) -> tuple[Tier, ...]:
        reach, move = unit_reach(state, u), _move(state, u)
        tiers = [Tier(move + reach, "melee", move)]
        rng = _missile_hexes(state, u)
        if rng > move + reach:
            tiers.append(Tier(rng, "missile", 0))
        return tuple(tiers)

    def profile(self, model: Model, unit: Unit) -> Profile:
        state = model.state
        nxt = self._tiers(state, unit)
        if not _can_act(unit):
            return Profile((), 0.0, 0.0, nxt)
        seg = getattr(unit, "segment", 0)
        rivals = [e for e in model.enemies_of(unit) if _can_act(e)]
        first = (sum(1 for e in rivals if getattr(e, "segment", 0) < seg) / len(rivals)
                 if rivals else 1.0)
        return Profile(nxt, 1.0, first, nxt)

    def after_move(self, model: Model, unit: Unit) -> tuple[str, int, float] | None:
        """In its turn a figure moves, then strikes (EMP-01)."""
        return ("melee", unit_reach(model.state, unit), 1.0)

    def strike_range(self, model: Model, unit: Unit, kind: str) -> int:
        if kind == "missile":
            return _missile_hexes(model.state, unit)
        return unit_reach(model.state, unit)


HOOKS = register_hooks(EmpressHooks())

__all__ = ["HOOKS", "EmpressHooks"]
