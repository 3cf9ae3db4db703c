"""The computer commander for a ZeFRS mass battle (ZEF-58..80): deployment, each unit's
order and the force commander's ride, for the greedy player and the tactician.

Found through the entry point ``flank.ai: zefrs.mass`` by the battle's mode, so the
skirmish's hooks know nothing of grids.  It sees only what its side may (`visible`: the
enemy's placement until the reveal and its orders until they are opened are blanked), and
it weighs each choice with the rules core's own exact odds (`mass.combat.check_odds`).

How it commands, in a sentence a side: the strongest units in the line, the strongest in
the centre, missile troops and the weakest in reserve behind the strongest; a unit in
contact turns on the adjacent enemy it hurts most (or falls back when hopelessly
outnumbered); archers shoot whatever they hurt most in reach; the rest close on the nearest
enemy, reserves holding until the unit before them is gone; the commander rides to lead
the biggest unit in the thick of it; a duelling leader declares as the ZeFRS tactician
declares for a skirmish figure (`duel_view`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from game.ai.hooks import RulesetHooks
from game.ai.model import Model
from game.ai.zefrs import HOOKS as ZEF_HOOKS
from game.ai.zefrs.planner import plan
from rules.commands import Command, Declare
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.combat import check_odds, check_of, rulings_of
from rules.systems.zefrs.mass.duel import duel_pairs, duel_turn
from rules.systems.zefrs.mass.events import mass_frame
from rules.systems.zefrs.mass.grid import SLOTS, adjacent, ahead, distance, facing_towards
from rules.systems.zefrs.mass.orders import MassDeploy, MassLead, MassOrder
from rules.systems.zefrs.mass.units import MassUnit, mass_units
from rules.systems.zefrs.units import ZefUnit

__all__ = ["HOOKS", "MassHooks", "duel_view", "expected_losses"]


def expected_losses(state: Battle, attacker: MassUnit, target: MassUnit, facing: int,
                    order: str = "attack") -> Fraction:
    """The fighters `attacker` is expected to cut down in one segment if it attacks (or
    shoots at) `target` facing `facing`: the exact mean over the hundred rolls."""
    st = state.with_unit(replace(attacker, order=order, facing=facing,
                                 target=target.id if order == "shoot" else ""))
    law = check_odds(check_of(st, attacker.id, target.id), rulings_of(st))
    return Fraction(sum(k * w for k, w in law.items()), 100)


def _strength(u: MassUnit) -> int:
    return u.fighters * (u.talent + 2 * u.armour_value + 3)


class MassHooks(RulesetHooks):
    ruleset = "zefrs"

    def visible(self, state: Battle, side: str) -> Battle:
        """ZEF-58, ZEF-66: the other side's placement before the reveal, its orders before
        they are opened and its leaders' duel declarations (ZEF-15) before both sides have
        declared are hidden from this side."""
        f = mass_frame(state)
        if f is None:
            return state
        for u in mass_units(state):
            if u.side == side:
                continue
            if f.step == "deploy" and u.slot:
                state = state.with_unit(replace(u, slot=""))
            elif f.step == "orders" and u.order:
                state = state.with_unit(replace(u, order="", goal=None, target=""))
        if f.step == "duels":  # the other side's duel declarations are sealed too
            state = replace(state, units=tuple(
                replace(u, declared="") if isinstance(u, ZefUnit) and u.side != side
                and u.declared else u for u in state.units))
        return state

    def command(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        state, side = model.state, model.side
        f = mass_frame(state)
        if f is None or not legal:
            return None
        if f.step == "deploy":
            return _deploy(state, side, legal)
        if f.step == "duels":
            return _duel(ai, model, legal)
        if f.step == "orders":
            lead = next((c for c in legal if isinstance(c, MassLead)), None)
            order = next((c for c in legal if isinstance(c, MassOrder)), None)
            if order is not None:
                return _order(state, side, order.unit, legal)
            if lead is not None:
                return _ride(state, side, lead.unit, legal)
        return None


# --- segment 1: the leaders' duels (ZEF-15, ZEF-70) ----------------------------------------------


def duel_view(state: Battle) -> Battle:
    """The duels as a skirmish the ZeFRS tactician can read: the duelling leaders alone, where
    they stand (leaders of units next to each other stand a square apart, within reach), in
    the combat turn the GM reads a duel as (the weapons' "x/y" Initiative Bonus, ZEF-18:
    `duel_turn`, R-ZEF-MASS-DUEL)."""
    f = mass_frame(state)
    assert f is not None
    duellists = {a for a, _, _ in duel_pairs(state, f)}
    units = tuple(u for u in state.units if u.id in duellists)
    return replace(state, units=units, round=duel_turn(state))


def _duel(ai: Any, model: Model, legal: list[Command]) -> Command | None:
    """The first waiting leader's declaration, as the ZeFRS tactician (or the greedy player)
    would state it in a skirmish with the duelling leaders alone (game.ai.zefrs.planner:
    each aiming point, the knock-out and the defence weighed by the exact odds)."""
    view = Model(duel_view(model.state), model.side, ZEF_HOOKS, model.mem)
    view.myopic, view.budget, view.k_kill = model.myopic, model.budget, model.k_kill
    first = next((c for c in legal if isinstance(c, Declare)), None)
    if first is None:
        return None
    return plan(ai, view, [c for c in legal if isinstance(c, Declare) and c.unit == first.unit])


# --- deployment (ZEF-58, ZEF-60) ------------------------------------------------------------


def _plan(units: list[MassUnit]) -> dict[str, str]:
    """Strongest melee units in the line (centre first, then left, right), missile troops and
    the rest in reserve behind the strongest line units."""
    melee = sorted((u for u in units if not u.missile), key=lambda u: (-_strength(u), u.id))
    shooters = sorted((u for u in units if u.missile), key=lambda u: (-_strength(u), u.id))
    line = (melee + shooters)[:3]
    order = ["centre", "left", "right"]
    plan = {u.id: order[i] for i, u in enumerate(line)}
    rest = [u for u in shooters + melee if u.id not in plan]
    for u, front in zip(rest, line, strict=False):
        plan[u.id] = f"reserve:{front.id}"
    return plan


def _deploy(state: Battle, side: str, legal: list[Command]) -> Command:
    plan = _plan(mass_units(state, side))
    for cmd in legal:
        if isinstance(cmd, MassDeploy) and plan.get(cmd.unit) == cmd.place:
            return cmd
    for cmd in legal:  # the plan's place is gone (it cannot be, but never stall)
        if isinstance(cmd, MassDeploy) and cmd.place in SLOTS:
            return cmd
    return legal[0]


# --- orders (ZEF-62, ZEF-64, ZEF-66..69) -------------------------------------------------------


def _enemies(state: Battle, side: str) -> list[MassUnit]:
    return [u for u in mass_units(state) if u.on_grid and u.side != side]


def _claimed(state: Battle, side: str) -> set[Hex]:
    return {u.goal for u in mass_units(state, side) if u.on_grid and u.goal is not None}


def _toward(sq: Hex, target: Hex) -> int:
    """The facing from `sq` most nearly at `target` (the longer axis first)."""
    dx, dy = target.q - sq.q, target.r - sq.r
    if abs(dy) >= abs(dx):
        return 0 if dy < 0 else 2
    return 1 if dx > 0 else 3


def _order(state: Battle, side: str, uid: str, legal: list[Command]) -> Command:
    u = state.unit(uid)
    assert isinstance(u, MassUnit) and u.pos is not None
    mine = [c for c in legal if isinstance(c, MassOrder) and c.unit == uid]
    enemies = _enemies(state, side)
    if not enemies:
        return next(c for c in mine if c.order == "defend" and not c.to)
    near = [e for e in enemies if e.pos is not None and adjacent(u.pos, e.pos)]
    if near:
        gang = sum(e.fighters for e in near)
        back = next((c for c in mine if c.order == "withdraw"), None)
        if back is not None and 4 * u.fighters < gang and u.thirds_down >= 1:
            return back
        best = max(near, key=lambda e: (expected_losses(state, u, e, _toward(u.pos, e.pos)),
                                        e.id))
        face = facing_towards(u.pos, best.pos)
        return next(c for c in mine if c.order == "attack" and not c.to and c.facing == face)
    shots = [c for c in mine if c.order == "shoot"]
    if shots:
        return max(shots, key=lambda c: (expected_losses(state, u, state.unit(c.target),
                                                         u.facing, "shoot"), c.target))
    nearest = min(enemies, key=lambda e: (distance(u.pos, e.pos), e.id))
    assert nearest.pos is not None
    if u.slot == "reserve" and _front_holds(state, u):
        face = _toward(u.pos, nearest.pos)
        return next(c for c in mine if c.order == "defend" and not c.to and c.facing == face)
    claimed = _claimed(state, side)
    best_cmd: MassOrder | None = None
    best_key: tuple[int, int] | None = None
    for c in mine:
        if c.order != "attack":
            continue
        sq = u.pos if not c.to else Hex(*map(int, c.to.split(",")))
        if sq in claimed:
            continue
        gap = min(abs(sq.q - e.pos.q) + abs(sq.r - e.pos.r) for e in enemies
                  if e.pos is not None)
        if u.missile and gap <= 1:
            continue  # archers keep out of contact
        if c.facing != _toward(sq, min(enemies, key=lambda e: (distance(sq, e.pos),
                                                               e.id)).pos):
            continue
        key = (gap, 0 if c.to else 1)
        if best_key is None or key < best_key:
            best_cmd, best_key = c, key
    return best_cmd or next(c for c in mine if c.order == "defend" and not c.to)


def _front_holds(state: Battle, u: MassUnit) -> bool:
    """A reserve stays put while the friendly unit before it stands (ZEF-79: it moves up
    into the square the moment that unit breaks)."""
    assert u.pos is not None
    front = ahead(u.pos, u.facing)
    return any(v.on_grid and v.pos == front and v.side == u.side
               for v in mass_units(state))


def _ride(state: Battle, side: str, cid: str, legal: list[Command]) -> Command:
    """Lead the biggest unit in contact within a square's ride; else ride toward the unit
    nearest the enemy, without taking it over."""
    c = state.unit(cid)
    assert c.pos is not None
    rides = [x for x in legal if isinstance(x, MassLead) and x.unit == cid]
    enemies = _enemies(state, side)
    mine = [u for u in mass_units(state, side) if u.on_grid and u.pos is not None]
    engaged = [u for u in mine if any(e.pos is not None and adjacent(u.pos, e.pos)
                                      for e in enemies)]
    for u in sorted(engaged, key=lambda u: (-u.fighters, u.id)):
        key = f"{u.pos.q},{u.pos.r}"
        pick = next((x for x in rides if x.to == key and x.lead), None)
        if pick is not None:
            return pick
    if not mine or not enemies:
        return next(x for x in rides if x.to == f"{c.pos.q},{c.pos.r}" and not x.lead)
    front = min(mine, key=lambda u: (min(distance(u.pos, e.pos) for e in enemies), u.id))
    best = min((x for x in rides if not x.lead),
               key=lambda x: (distance(Hex(*map(int, x.to.split(","))), front.pos), x.to))
    return best


HOOKS = MassHooks()
