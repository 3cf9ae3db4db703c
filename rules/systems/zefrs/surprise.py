"""Being taken off guard (ZEF-11..14; R-ZEF-SURPRISE, R-ZEF-OPPONENT): at the start of a
combat each fighter checks Animal Reflexes or General Prowess; each colour is that many
advantages (white 0 … red 4), and whoever has more than his opponent gets the difference in
free actions: turns in which he acts and his opponent does not.

Why a module: the checks, who is whose opponent and the free turns are one rule read two
ways (pairs in a small fight, sides in a large one, ZEF-13); the turn (round.py) only asks
who may act in a free turn.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Context
from rules.events import Event, evolver
from rules.state import Battle
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import own_shifts
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit
from rules.wording import PLAIN, Words, plural

__all__ = ["CombatJoined", "FreeActionSpent", "FreeActionsGiven", "SurpriseChecked",
           "check_newcomers", "check_surprise", "opponent_of"]


class CombatJoined(Event):
    """Who is in the combat now: everyone at its start, a newcomer when he arrives
    (ZEF-11, ZEF-14); his surprise is settled."""

    type: Literal["zef_combat_joined"] = "zef_combat_joined"
    units: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(CombatJoined)
def _joined(state: Battle, e: CombatJoined) -> Battle:
    for uid in e.units:
        state = state.update_unit(uid, joined=True)
    return state


class SurpriseChecked(Event):
    """ZEF-12: one check for advantage, by a figure (pairs) or for a side (its best rating,
    ZEF-13); `who` is the figure, or the side."""

    type: Literal["zef_surprise_checked"] = "zef_surprise_checked"
    who: str
    side: bool = False
    roll: int
    column: int
    colour: str
    advantages: int

    def narrate(self, w: Words = PLAIN) -> str:
        who = w.agree(self.who, "checks", "check") if self.side else \
            f"{w.unit(self.who)} checks"
        return (f"{who} for surprise: rolled {self.roll}"
                f" on column {self.column}, {self.colour}: {self.advantages} "
                f"advantage{'s' if self.advantages != 1 else ''} (ZEF-12).")


@evolver(SurpriseChecked)
def _checked(state: Battle, e: SurpriseChecked) -> Battle:
    return state


class FreeActionsGiven(Event):
    """ZEF-12: each figure with more advantages than his opponent has that many more free
    actions; `entries` (figure, free actions) name only those who have any."""

    type: Literal["zef_free_actions_given"] = "zef_free_actions_given"
    entries: tuple[tuple[str, int], ...]

    def narrate(self, w: Words = PLAIN) -> str:
        if not self.entries:
            return "Nobody is taken off guard."
        return "Free actions before the foe can answer (ZEF-12): " + ", ".join(
            f"{w.unit(u)} {plural(n, 'free action')}" for u, n in self.entries) + "."


@evolver(FreeActionsGiven)
def _given(state: Battle, e: FreeActionsGiven) -> Battle:
    for uid, n in e.entries:
        state = state.update_unit(uid, free_actions=n)
    return state


class FreeActionSpent(Event):
    """A free turn is over: each figure who had one has one fewer."""

    type: Literal["zef_free_action_spent"] = "zef_free_action_spent"
    units: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(FreeActionSpent)
def _spent(state: Battle, e: FreeActionSpent) -> Battle:
    for uid in e.units:
        u = state.unit(uid)
        assert isinstance(u, ZefUnit)
        state = state.update_unit(uid, free_actions=max(0, u.free_actions - 1))
    return state


def opponent_of(state: Battle, u: ZefUnit) -> ZefUnit | None:
    """R-ZEF-OPPONENT: a figure's "personal opponent" in a small fight is the nearest foe
    able to fight, the lowest id among the nearest."""
    foes = [f for f in state.units if isinstance(f, ZefUnit) and f.side != u.side
            and f.fighting and f.pos is not None]
    if u.pos is None or not foes:
        return None
    here = u.pos
    return min(foes, key=lambda f: (here.distance(f.pos), f.id))  # type: ignore[arg-type]


def _check(ctx: Context, u: ZefUnit, who: str, side: bool) -> int:
    t = load_tables()
    cfg = config_of(ctx.state)
    walk = t.chart.walk(u.reflexes(), own_shifts(ctx.state, u, cfg), cfg.columns_per_point)
    roll = ctx.dice.d(100)
    colour = t.chart.colour(walk.column, roll)
    ctx.emit(SurpriseChecked(who=who, side=side, roll=roll, column=walk.column,
                             colour=colour.word, advantages=int(colour)))
    return int(Colour(colour))


def check_surprise(ctx: Context) -> None:
    """ZEF-11: the check at the start of the combat; ZEF-13: by pairs in a small fight, by
    sides (each its best Animal Reflexes or General Prowess) once the fighters number
    `config.surprise_sides_from` or more, or as the GM sets `config.surprise_mode`."""
    cfg = config_of(ctx.state)
    fighters = [u for u in ctx.state.units if isinstance(u, ZefUnit) and u.fighting]
    mode = cfg.surprise_mode
    if mode == "auto":
        mode = "sides" if len(fighters) >= cfg.surprise_sides_from else "pairs"
    free: dict[str, int] = {}
    if mode == "sides":
        adv: dict[str, int] = {}
        for s in ctx.state.sides:
            mine = [u for u in fighters if u.side == s.id]
            if mine:
                best = max(mine, key=lambda u: (u.reflexes(), u.id))
                adv[s.id] = _check(ctx, best, s.id, True)
        for u in fighters:
            others = [a for sid, a in adv.items() if sid != u.side]
            if others and adv[u.side] > max(others):
                free[u.id] = adv[u.side] - max(others)
    else:
        adv = {u.id: _check(ctx, u, u.id, False) for u in fighters}
        for u in fighters:
            opp = opponent_of(ctx.state, u)
            if opp is not None and adv[u.id] > adv[opp.id]:
                free[u.id] = adv[u.id] - adv[opp.id]
    ctx.emit(FreeActionsGiven(entries=tuple(sorted(free.items()))))
    ctx.emit(CombatJoined(units=tuple(u.id for u in fighters)))


def check_newcomers(ctx: Context) -> None:
    """ZEF-14 (R-ZEF-NEWCOMER): a figure who has entered the fray since the last turn (one
    the GM placed) checks for advantage with the one foe he takes on, his nearest
    (R-ZEF-OPPONENT), and nobody else checks; the one with more has the difference in free
    actions."""
    new = [u for u in ctx.state.units if isinstance(u, ZefUnit) and u.fighting
           and not u.joined]
    if not new:
        return
    free: dict[str, int] = {}
    if config_of(ctx.state).surprise:
        for u in new:
            opp = opponent_of(ctx.state, u)
            if opp is None:
                continue
            mine = _check(ctx, u, u.id, False)
            theirs = _check(ctx, opp, opp.id, False)
            if mine != theirs:
                winner = u.id if mine > theirs else opp.id
                free[winner] = free.get(winner, 0) + abs(mine - theirs)
        ctx.emit(FreeActionsGiven(entries=tuple(sorted(free.items()))))
    ctx.emit(CombatJoined(units=tuple(u.id for u in new)))
