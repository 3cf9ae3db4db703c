"""Fallen Empire hooks for the computer players.

What the generic AI cannot work out from the rules API alone, Fallen Empire answers here:

* Hidden information (FE-06): actions are declared in secret and revealed when initiative
  is rolled (FE-07).  `visible` blanks the `declared` field of every other side's unit until
  the round's initiative is rolled, so nothing the AI computes can depend on a foe's secret
  declaration (its event class says so in `secret`, which the window reads too).
* Who can still strike this round, and how (`profile`): the declared action (once known),
  the side initiative order (FE-07), which phases have run (FE-09), the movement allowances
  (FE-08, FE-13, FE-16) and missile ranges.  Before initiative, a foe's action is unknown,
  so every action open to him is assumed, at reduced likelihood.
* The declaration itself (FE-06): `declare` scores each action a unit may declare by
  playing its consequences forward with the generic move search (`game.ai.tactics`) on a
  copy of the state in which the unit has declared it — a free move then a blow (melee,
  missile), a full move, a charge run at each foe (FE-16..18, rear runs included), a set
  spear against the foes who could charge it (FE-19), a withdrawal or retreat (FE-13,
  FE-14), bandages and potions (FE-38), spells — and takes the best.
* The set spear a charge may run onto (FE-19), the friends a shot into a melee may strike
  (FE-22), the shield splinter choice (FE-31) and the joust throw (FE-48, via the ruleset's
  own `advise_throw`).
* What a fall is worth beyond the figure (`fall_value`): the blow it has not struck yet, and
  the morale check (FE-04/05) a side's first casualty, or the one that halves it, brings on.
* Odds fast: `fast_odds` runs the ruleset's own `combat.resolve` under every roll, memoised
  on the numbers of the blow rather than on who strikes whom.

Set FLANK_AI_DEBUG=1 to print each declaration's scores as the planner weighs them.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai.hooks import Profile, RulesetHooks, Strike, Tier
from rules.commands import Choose, Command, Declare, Move
from rules.dice import enumerate_outcomes
from rules.engine import check
from rules.events import Modifier, hx
from rules.hexgrid import Hex, arc_of, movement_range_with_paths, path_to
from rules.positioning import FRONT, arc, step_cost, unit_reach
from rules.state import DEAD, DOWN, GONE, Battle, Unit
from rules.systems.fallen_empire.combat import (
    Result,
    Situation,
    melee_pool,
    resolve,
    situation,
    spell_situation,
)
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.frames import PhaseFrame, RoundFrame, SplinterFrame
from rules.systems.fallen_empire.movement import (
    allowance,
    can_charge,
    charge_min,
    charge_moves,
    initiative_rank,
    spear_is_set,
)
from rules.systems.fallen_empire.options import can_shoot, unit_commands
from rules.systems.fallen_empire.units import (
    SPEAR_SETTERS,
    FEUnit,
    base_move_hexes,
    cfg,
    free_move_hexes,
    tables_for,
)

if TYPE_CHECKING:
    from game.ai.model import Model

_DEBUG = bool(os.environ.get("FLANK_AI_DEBUG"))
PHASES = ("movement", "missile", "melee", "spell", "other")
UNKNOWN_W = 0.6  # likelihood of a foe's blow this round while his action is still secret
SPEAR_PRIOR = 0.5  # chance a foe who can set a spear has set it, while it is still secret
FIRST_PRIOR = 15 / 36  # chance a side strictly wins the 1d6 initiative (FE-07)


def _enumerate(sit: Situation) -> tuple[float, tuple[tuple[int, float], ...]]:
    """FE-01 etc.: (hit, damage to the target → probability) for a situation, by running
    `combat.resolve` under every roll.  Only the blow's numbers matter, so it runs on a copy
    with neutral names (the target "t", whoever else is in the melee "x1", "x2", ...)."""
    pool = ("t", *(f"x{i}" for i in range(1, len(sit.melee_pool)))) if sit.melee_pool else ()
    cover = "" if not sit.cover else ("terrain" if sit.cover == "terrain" else "x0")
    total = sit.total_modifier
    plain = replace(sit, attacker="a", target="t", melee_pool=pool, cover=cover,
                    modifiers=(Modifier(value=total, reason="", rule=""),) if total else ())
    dist = enumerate_outcomes(lambda dice: _strip(resolve(plain, dice)))
    hit = 0.0
    dmg: dict[int, float] = {}
    for r, p in dist.items():
        if r.hit:
            hit += float(p)
        if r.struck == "t" and r.damage > 0:
            dmg[r.damage] = dmg.get(r.damage, 0.0) + float(p)
    return hit, tuple(sorted(dmg.items()))


def _morale_fail(count: int, sides: int, bonus: int, score: int) -> float:
    """R-FE-MORALE: the chance a morale roll comes out over the score."""
    from rules.dice import sum_distribution

    ways = sum_distribution(count, sides)
    total = sides ** count
    return sum(n for t, n in ways if t + bonus > score) / total


def _strip(r: Result) -> Result:
    return Result(0, r.hit, r.struck, 0, r.damage)


def _fe(u: Unit) -> FEUnit:
    assert isinstance(u, FEUnit)
    return u


def round_frame(state: Battle) -> RoundFrame | None:
    for f in state.stack:
        if isinstance(f, RoundFrame):
            return f
    return None


def initiative_known(state: Battle) -> bool:
    """Has this round's initiative been rolled (so declarations are public, FE-07)?"""
    rf = round_frame(state)
    return rf is not None and rf.step in ("withdrawal", "phases", "end")


def _phase_frame(state: Battle) -> PhaseFrame | None:
    for f in reversed(state.stack):
        if isinstance(f, PhaseFrame):
            return f
    return None


def phase_pending(state: Battle, u: Unit, phase: str) -> bool:
    """Is `phase` still to come this round for `u` (or running, with `u` yet to act)?"""
    rf = round_frame(state)
    if rf is None or not initiative_known(state):
        return True
    order = system(state).order
    g_side = initiative_rank(state, u.side)
    if g_side >= len(order):
        return False
    if rf.step == "end":
        return False
    pf = _phase_frame(state)
    if rf.step == "withdrawal" or (pf is not None and pf.phase == "withdrawal"):
        return True
    if pf is not None and pf.sides in order:
        g, p = order.index(pf.sides), PHASES.index(pf.phase)
    else:
        g, p = rf.group, rf.phase
        pf = None
    ip = PHASES.index(phase)
    if g_side != g:
        return g_side > g
    if ip != p:
        return ip > p
    return pf is not None and u.id not in pf.acted


def missile_hexes(state: Battle, u: FEUnit) -> int:
    if not can_shoot(u):
        return 0
    w = tables_for().weapons[u.missile]
    return w.range_in * cfg(state, "feet_per_inch") // state.board.feet_per_hex


def spell_hexes(state: Battle, u: FEUnit) -> int:
    t = tables_for()
    best = 0
    for key in u.spells:
        best = max(best, t.spells[key].range_in * cfg(state, "feet_per_inch")
                   // state.board.feet_per_hex)
    return best


def can_set_spear(u: FEUnit) -> bool:
    return u.kind in SPEAR_SETTERS and bool(u.weapon) and tables_for().weapons[u.weapon].can_set


class FallenEmpireHooks(RulesetHooks):
    ruleset = "fallen_empire"

    # --- hidden information -------------------------------------------------------------

    def visible(self, state: Battle, side: str) -> Battle:
        """FE-06/07: another side's declarations are secret until initiative is rolled."""
        if initiative_known(state):
            return state
        units = tuple(replace(u, declared="") if u.side != side and getattr(u, "declared", "")
                      else u for u in state.units)
        return replace(state, units=units)

    # --- strikes ----------------------------------------------------------------------------

    def fast_odds(self, model: Model, state: Battle, s: Strike) -> tuple[float, tuple[
            tuple[int, float], ...], float] | None:
        """The exact odds by the ruleset's own resolution function (`combat.resolve`, run
        under every roll by `dice.enumerate_outcomes`, as `Ruleset.odds` does), memoised on
        what the outcome depends on -- the net number needed, the dice, who else may be
        struck, cover, poison -- rather than on who strikes whom, so the controller
        enumerates each kind of blow once."""
        try:
            if s.kind == "spell":
                sit = spell_situation(state, s.attacker, s.target, s.spell)
            else:
                sit = situation(state, s.attacker, s.target, s.kind, weapon=s.weapon,
                                from_hex=s.from_hex)
        except (KeyError, AssertionError, LookupError, ValueError):
            return None
        cover = "" if not sit.cover else ("terrain" if sit.cover == "terrain" else "unit")
        key = (sit.auto_hit, sit.needed - sit.total_modifier, sit.natural_20_hits,
               sit.natural_1_misses, len(sit.melee_pool), cover, sit.cover_hits_on,
               sit.damage, sum(m.value for m in sit.damage_modifiers), sit.damage_multiplier,
               sit.poison, sit.poison_save)
        cache = model.mem.notes.setdefault("fe_odds", {})
        found = cache.get(key)
        if found is None:
            found = cache[key] = _enumerate(sit)
        hit, dist = found
        hp = state.unit(s.target).hp
        kill = sum(p for d, p in dist if d >= hp) if hp > 0 else 0.0
        return hit, dist, kill

    def strike_of(self, state: Battle, cmd: Command) -> Strike | None:
        s = super().strike_of(state, cmd)
        if s is None or (s.kind != "missile" and s.kind != "melee"):
            return s
        u = _fe(state.unit(s.attacker))
        if u.declared == "missile" or (s.weapon and s.weapon == u.missile):
            return Strike(s.attacker, s.target, "missile", weapon=u.missile)
        return Strike(s.attacker, s.target, "melee")

    def friendly_fire(self, model: Model, strike: Strike) -> float:
        """FE-22: a shot into a melee may strike anyone engaged with the target."""
        target = model.units[strike.target]
        pool = melee_pool(model.state, _fe(target), shooter=strike.attacker)
        if len(pool) < 2:
            return 0.0
        fo = model.fodds(strike)
        shooter_side = model.units[strike.attacker].side
        return sum(model.harm(model.units[a], fo) for a in pool
                   if a != strike.target and model.units[a].side == shooter_side)

    def fall_value(self, model: Model, unit: Unit) -> float:
        """Felling a foe who has yet to strike this round spares whoever he would strike;
        and a side's first casualty, and the one that brings it to half its number, make it
        check morale at the start of the next round (FE-04): on a failure every one of its
        units surrenders or flees (FE-05), so that fall risks the worth of the whole side."""
        return self._pending(model, unit) + self._morale_risk(model, unit)

    def _pending(self, model: Model, unit: Unit) -> float:
        p = model.profile(unit)
        if not p.now:
            return 0.0
        victims = model.enemies_of(unit)
        if not victims:
            return 0.0
        avg = sum(model.off(v) for v in victims) / len(victims)
        return p.w_now * avg * model.off(unit)

    def _morale_risk(self, model: Model, unit: Unit) -> float:
        state = model.state
        if not cfg(state, "morale_enabled"):
            return 0.0
        sysd = system(state)
        side = unit.side
        if side in sysd.broken:
            return 0.0
        members = state.side_units(side)
        fallen = sum(1 for u in members if not u.fighting)
        done = {r for s, r in sysd.morale_checked if s == side}
        if "first" not in done and fallen >= 1:
            return 0.0  # a check is already due; this fall adds none of its own
        if "first" not in done:
            pass  # this would be the first casualty
        elif "half" in done or 2 * (fallen + 1) < len(members):
            return 0.0
        checkers = [_fe(u) for u in members if u.fighting and u.id != unit.id
                    and _fe(u).checks_morale]
        if not checkers:
            return 0.0
        score = max(u.morale for u in checkers)
        dice = cfg(state, "morale_dice")
        fail = _morale_fail(dice.count, dice.sides, dice.bonus, score)
        rest = sum(model.worth(u) for u in members if u.fighting and u.id != unit.id
                   and _fe(u).checks_morale)
        return fail * rest

    # --- movement and threat --------------------------------------------------------------

    def speed(self, state: Battle, unit: Unit) -> int:
        return base_move_hexes(state, _fe(unit))

    def move_budget(self, model: Model, unit: Unit, listed: list[Move]) -> int:
        return allowance(model.state, _fe(unit))

    def charge_minimum(self, model: Model, unit: Unit, listed: list[Move]) -> int:
        return charge_min(model.state, _fe(unit))

    def _next_tiers(self, state: Battle, u: FEUnit) -> tuple[Tier, ...]:
        reach = unit_reach(state, u)
        base, free = base_move_hexes(state, u), free_move_hexes(state, u)
        tiers = [Tier(free + reach, "melee", free)]
        if can_charge(u) and base > free:
            tiers.append(Tier(base + reach, "charge", base))
        rng = missile_hexes(state, u)
        if rng > tiers[-1].reach:
            tiers.append(Tier(rng + free, "missile", free))
        return tuple(tiers)

    def _now_tiers(self, state: Battle, u: FEUnit, action: str) -> tuple[Tier, ...]:
        reach = unit_reach(state, u)
        moving = phase_pending(state, u, "movement") and u.declared not in ("", "set_spear")
        move = allowance(state, u) if moving else 0
        if action == "melee":
            if u.spear_used or u.charged or not phase_pending(state, u, "melee"):
                return ()
            return (Tier(move + reach, "melee", move),)
        if action == "set_spear":
            if u.spear_used or not phase_pending(state, u, "melee"):
                return ()
            return (Tier(reach, "melee", 0),)
        if action == "charge":
            if u.charged or u.moved or not phase_pending(state, u, "movement"):
                return ()
            return (Tier(move + reach, "charge", move),)
        if action == "missile":
            if not phase_pending(state, u, "missile"):
                return ()
            return (Tier(missile_hexes(state, u) + move, "missile", move),)
        if action == "spell":
            if not u.spells or not phase_pending(state, u, "spell"):
                return ()
            return (Tier(spell_hexes(state, u) + move, "spell", move),)
        return ()

    def profile(self, model: Model, unit: Unit) -> Profile:
        state = model.state
        u = _fe(unit)
        nxt = self._next_tiers(state, u)
        if state.round == 1 and u.side in system(state).surprised:
            return Profile((), 0.0, 0.0, nxt)  # FE-02: the surprised do nothing in round 1
        if not initiative_known(state):
            if u.declared:
                return Profile(self._now_tiers(state, u, u.declared), 0.9, 0.5, nxt)
            # A foe's action is secret: any of them may come, at reduced likelihood.
            if u.side != model.side:
                return Profile(nxt, UNKNOWN_W, 0.5, nxt)
            return Profile((), 0.0, 0.5, nxt)
        order = system(state).order
        mine = initiative_rank(state, u.side)
        others = [initiative_rank(state, s.id) for s in state.sides if s.id != u.side
                  and initiative_rank(state, s.id) < len(order)]
        if mine >= len(order):
            p_first = 0.0
        elif all(mine < o for o in others):
            p_first = 1.0
        elif all(mine > o for o in others):
            p_first = 0.0
        else:
            p_first = 0.5  # FE-07: a tie, everything simultaneous
        return Profile(self._now_tiers(state, u, u.declared), 1.0, p_first, nxt)

    def after_move(self, model: Model, unit: Unit) -> tuple[str, int, float] | None:
        state = model.state
        u = _fe(unit)
        reach = unit_reach(state, u)
        w = 1.0 if initiative_known(state) else 0.85
        if u.declared in ("melee", "set_spear"):
            if u.spear_used or u.charged or not phase_pending(state, u, "melee"):
                return None
            return ("melee", reach, w)
        if u.declared == "missile" and phase_pending(state, u, "missile"):
            return ("missile", missile_hexes(state, u), w)
        if u.declared == "spell" and u.spells and phase_pending(state, u, "spell"):
            return ("spell", spell_hexes(state, u), w)
        return None

    def strike_range(self, model: Model, unit: Unit, kind: str) -> int:
        u = _fe(unit)
        if kind == "missile":
            return missile_hexes(model.state, u)
        if kind == "spell":
            return spell_hexes(model.state, u)
        return unit_reach(model.state, u)

    def counter_risk(self, model: Model, charger: Unit, target: Unit, end: Hex, facing: int
                     ) -> tuple[float, float]:
        """FE-19: (chance a set spear negates this charge, worth the charger loses to it)."""
        t = _fe(target)
        if not can_set_spear(t) or t.pos is None:
            return 0.0, 0.0
        st, vkey = model.variant(charger, end, facing)
        c = _fe(st.unit(charger.id))
        if initiative_known(model.state) and t.declared:
            if spear_is_set(st, t, c) is not None:
                return 0.0, 0.0
            p_set = 1.0
        else:
            if t.spear_used or arc(t, end) != FRONT:
                return 0.0, 0.0
            p_set = SPEAR_PRIOR * FIRST_PRIOR
        fo = model.fodds(Strike(t.id, charger.id, "set-spear", from_hex=t.pos), st, vkey)
        return p_set * fo.hit, p_set * model.harm(charger, fo)

    def can_react(self, model: Model, unit_id: str) -> bool:
        """FE-11: one free attack a round, by a fighting unit with a weapon, not surprised."""
        u = _fe(model.units[unit_id])
        if u.oa_used or not u.weapon or not u.fighting:
            return False
        return not (model.state.round == 1 and u.side in system(model.state).surprised)

    def counter_threat(self, model: Model, attacker: Unit, target: Unit, x: Hex, f: int,
                       frm: Hex, kind: str) -> tuple[float, float]:
        """FE-19: a charge run onto a set spear from the setter's front, when the setter's
        side acts first, meets the spear first: a hit negates it and deals double damage."""
        if kind != "charge":
            return 1.0, 0.0
        t = _fe(target)
        if t.declared != "set_spear" or t.spear_used or not can_set_spear(t):
            return 1.0, 0.0
        if arc_of(f, x, frm) != "front":
            return 1.0, 0.0
        if initiative_known(model.state):
            if initiative_rank(model.state, t.side) >= initiative_rank(model.state,
                                                                        attacker.side):
                return 1.0, 0.0
            p_first = 1.0
        else:
            p_first = FIRST_PRIOR
        st, vkey = model.variant(target, x, f)
        fo = model.fodds(Strike(t.id, attacker.id, "set-spear", from_hex=x), st, vkey)
        p = p_first * fo.hit
        return 1.0 - p, p_first * model.harm(attacker, fo)

    # --- declarations (FE-06) --------------------------------------------------------------

    def declare(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        decls = [c for c in legal if isinstance(c, Declare)]
        if not decls or len(decls) != len(legal):
            return None
        by_unit: dict[str, list[str]] = {}
        for c in decls:
            by_unit.setdefault(c.unit, []).append(c.action)
        state = model.state

        def order_key(uid: str) -> tuple[int, int, str]:
            u = state.unit(uid)
            if not u.fighting or u.pos is None:
                return (0, 0, uid)
            return (1, model.nearest_enemy(u, u.pos), uid)

        uid = min(by_unit, key=order_key)
        action = plan_declaration(ai, model, state.unit(uid), by_unit[uid])
        return Declare(unit=uid, action=action)

    # --- choices -----------------------------------------------------------------------------

    def choose(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        state = model.state
        top = state.top
        if isinstance(top, SplinterFrame):
            u = state.unit(top.unit)
            splinter = top.amount >= u.hp or top.amount >= max(2, (u.hp + 1) // 2)
            want = "splinter" if splinter else "take"
            for c in legal:
                if isinstance(c, Choose) and c.option == want:
                    return c
            return None
        from rules.systems.fallen_empire import joust_mode

        if isinstance(top, joust_mode.JoustFrame):
            try:
                n = joust_mode.advise_throw(state, model.side)
            except (ValueError, LookupError):
                return None
            for c in legal:
                if isinstance(c, Choose) and c.option == str(n):
                    return c
        return None


# --- the declaration planner ---------------------------------------------------------------


def _as_declared(model: Model, u: Unit, action: str) -> tuple[Model, FEUnit]:
    """A model of the state in which `u` has declared `action`, sharing the odds caches."""
    from game.ai.model import Model

    st = model.state.update_unit(u.id, declared=action)
    sub = Model(st, model.side, model.hooks, model.mem)
    sub.share_caches(model)
    if not initiative_known(model.state):
        sub.pre_move = 1.0 - FIRST_PRIOR - 0.5 * (1.0 - 2 * FIRST_PRIOR)  # they go first
    return sub, _fe(st.unit(u.id))


def move_range(model: Model, u: Unit, budget: int) -> dict[Hex, tuple[int, list[Hex]]]:
    """FE-08: every hex `u` may end a move on within `budget`, with its cost and cheapest
    path (the same search and tie-breaks as the ruleset's own destination list)."""
    assert u.pos is not None
    costs, pred = movement_range_with_paths(u.pos, budget, step_cost(model.state, u))
    taken = {o.pos for o in model.state.units
             if o.pos is not None and o.id != u.id and o.status not in (DEAD, GONE)}
    out = {}
    for h, c in costs.items():
        if h != u.pos and h not in taken:
            path = path_to(pred, u.pos, h)
            if path is not None:
                out[h] = (c, path)
    return out


def charge_runs(model: Model, u: FEUnit, dests: dict[Hex, tuple[int, list[Hex]]],
                need: int, extra: bool = True) -> list[tuple[str, list[Hex]]]:
    """FE-16: charge runs at each foe: the ruleset's own (the shortest run long enough) and,
    with `extra`, runs ending at the foe's rear or flank, walked round threatened hexes when
    the cheapest walk would provoke."""
    reach = unit_reach(model.state, u)
    budget = max((c for c, _ in dests.values()), default=0)
    out: list[tuple[str, list[Hex]]] = []
    for t in model.enemies_of(u):
        if t.pos is None:
            continue
        shortest: list[Hex] | None = None
        ranked: list[tuple[int, int, Hex]] = []
        for h, (c, p) in dests.items():
            if c < need or h.distance(t.pos) > reach:
                continue
            if shortest is None or len(p) < len(shortest):
                shortest = p
            a = arc_of(t.facing, t.pos, h)
            if a != "front":
                ranked.append((0 if a == "rear" else 1, c, h))
        if shortest is None:
            continue
        out.append((t.id, shortest))
        if not extra:
            continue
        ranked.sort()
        for _, _, h in ranked[:2]:
            path = dests[h][1]
            if _provokes(model, u, path):
                alt = model.safe_path(u, h, budget)
                if alt is not None and model.path_cost(u, alt) >= need:
                    path = alt
            out.append((t.id, path))
    return out


def _provokes(model: Model, u: Unit, path: list[Hex]) -> bool:
    zone = model.zone(u)
    return any(zone.get(h, 0) for h in path[:-1])


def charge_options(model: Model, u: FEUnit, extra: bool = True) -> list[Move]:
    """FE-16: real charge commands for a unit that declared a charge: the ruleset's own and
    the rear and flank runs of `charge_runs`, each one `check` accepts."""
    listed = charge_moves(model.state, u)
    if not extra or u.pos is None:
        return listed
    out = list(listed)
    have = {(m.target, m.path) for m in listed}
    dests = move_range(model, u, allowance(model.state, u))
    for target, path in charge_runs(model, u, dests, charge_min(model.state, u)):
        cand = Move(unit=u.id, path=tuple(hx(h) for h in path), target=target)
        if (target, cand.path) in have:
            continue
        if check(model.state, cand) is None:
            out.append(cand)
            have.add((target, cand.path))
    return out


def _anti_charge(model: Model, u: FEUnit) -> float:
    """FE-19: what a set spear is worth against the foes who could charge this unit from its
    front, were they to act after us."""
    if u.pos is None:
        return 0.0
    total = 0.0
    for e in model.enemies_of(u):
        fe = _fe(e)
        if e.pos is None or not can_charge(fe) or arc(u, e.pos) != FRONT:
            continue
        if not any(t.kind == "charge" for t in model.profile(e).now):
            continue  # he cannot charge this round (surprised, or already done)
        base = base_move_hexes(model.state, fe)
        d = e.pos.distance(u.pos)
        if d > base + unit_reach(model.state, fe) or d < 2:
            continue
        fo = model.fodds(Strike(u.id, e.id, "set-spear", from_hex=u.pos))
        theirs = model.fodds(Strike(e.id, u.id, "charge", from_hex=e.pos))
        gain = model.harm(e, fo) + fo.hit * model.harm(u, theirs)
        targets = sum(1 for v in model.enemies_of(e) if v.pos is not None
                      and v.pos.distance(e.pos) <= base + 1)
        total += 0.5 * FIRST_PRIOR * gain / max(1, targets)
    return total


def _coming_charge(model: Model, u: FEUnit, reachable: set[str]) -> float | None:
    """FE-16 with FE-07: a unit that declares a charge and stands just out of a foe's reach
    charges him if he walks into its range before it moves (his side acting first).  The
    worth of that chance, for foes it cannot charge now but who can close the gap with
    their own move this round."""
    if u.pos is None:
        return None
    reach = unit_reach(model.state, u)
    base = base_move_hexes(model.state, u)
    late = model.pre_move
    best = None
    for e in model.enemies_of(u):
        if e.pos is None or e.id in reachable:
            continue
        p = model.profile(e)
        if not p.now or p.w_now <= 0:
            continue
        d = e.pos.distance(u.pos)
        moves = [t.move for t in p.now if t.kind not in ("missile", "spell")]
        step = min(moves) if moves else 0
        if d <= base + reach or d > base + reach + step:
            continue
        v = late * p.w_now * COMING_CHARGE * model.neutral(u, e, "charge", "front")
        best = v if best is None else max(best, v)
    return best


COMING_CHARGE = 0.6  # chance a foe who can close on a waiting charger does so, and stays


def plan_declaration(ai: Any, model: Model, u: Unit, options: list[str]) -> str:
    """FE-06: the action to declare for `u`, by playing each one forward on a copy of the
    state in which `u` has declared it (the move search of the movement phase, the blow of
    the melee or missile phase, the charge runs).  The side's units are planned one at a
    time, and each plan assumes the allies planned before it stand where they meant to go
    (`_intents`), so a second charger knows the first is already in the enemy line."""
    from game.ai.tactics import charge_value, position_value, score_moves

    greedy = getattr(ai, "myopic", False)
    if u.status == DOWN or not u.fighting:
        for pref in ("self_help", "rest", "crawl"):
            if pref in options:
                return pref
        return options[0]
    assert u.pos is not None
    fu = _fe(u)
    state = model.state
    if not greedy:
        model = _with_intents(model, u)
        u = model.units[u.id]
        fu = _fe(u)
    base = base_move_hexes(state, fu)
    free = free_move_hexes(state, fu)
    full = move_range(model, u, base)
    values: dict[str, float] = {}
    ends: dict[str, tuple[Hex, int]] = {}
    top_k = 3 if greedy else 4
    assert u.pos is not None
    for action in options:
        if greedy and action in ("move", "withdraw", "retreat", "other", "set_spear"):
            continue
        sub, su = _as_declared(model, u, action)
        if action in ("melee", "missile", "spell", "move", "other"):
            strike = sub.hooks.after_move(sub, su)
            budget = base if action == "move" else free
            paths = [p for c, p in full.values() if c <= budget]
            stay, _ = position_value(sub, su, u.pos, u.facing, strike)
            best, ends[action] = stay, (u.pos, u.facing)
            scored = score_moves(sub, su, paths, strike, top_k=top_k, free_facing=False,
                                 safe_paths=not greedy, budget=budget, real=False)
            if scored and scored[0].value > best:
                best, ends[action] = scored[0].value, (scored[0].dest, scored[0].facing)
            if action == "other":
                best += _heal_value(sub, su)
            values[action] = best
        elif action in ("withdraw", "retreat"):
            moves = [c for c in unit_commands(sub.state, su,
                                              "withdrawal" if action == "withdraw" else
                                              "movement")
                     if isinstance(c, Move) and len(c.path) > 1]
            stay, _ = position_value(sub, su, u.pos, u.facing, None)
            best, ends[action] = stay, (u.pos, u.facing)
            scored = score_moves(sub, su, moves, None, top_k=top_k, free_facing=False,
                                 real=False)
            if scored and scored[0].value > best:
                best, ends[action] = scored[0].value, (scored[0].dest, scored[0].facing)
            values[action] = best
        elif action == "charge":
            runs = charge_runs(sub, su, full, charge_min(state, fu), extra=not greedy)
            best_run: float | None = None
            for t, p in runs:
                v = charge_value(sub, su, Move(unit=u.id, path=tuple(hx(h) for h in p),
                                               target=t))
                if best_run is None or v > best_run:
                    best_run = v
                    tp = sub.units[t].pos
                    face = p[-1].direction_to(tp) if tp is not None else None
                    ends[action] = (p[-1], u.facing if face is None else face)
            coming = None if greedy else _coming_charge(sub, su, {t for t, _ in runs})
            if coming is not None:
                stay, _ = position_value(sub, su, u.pos, u.facing, None)
                coming += stay
                if best_run is None or coming > best_run:
                    ends[action] = (u.pos, u.facing)
            options_v = [v for v in (best_run, coming) if v is not None]
            if options_v:
                values[action] = max(options_v)
        elif action == "set_spear":
            strike = ("melee", unit_reach(sub.state, su), 0.9)
            stay, _ = position_value(sub, su, u.pos, u.facing, strike)
            values[action] = stay + _anti_charge(sub, su)
            ends[action] = (u.pos, u.facing)
    if not values:
        return "melee" if "melee" in options else options[0]
    if _DEBUG:
        print(f"  [plan r{state.round}] {u.id} {u.template} hp{u.hp} @{tuple(u.pos)}: "
              + ", ".join(f"{a} {v:.2f}" for a, v in sorted(values.items(), key=lambda kv: -kv[1])))
    action = max(values, key=lambda a: (values[a], -options.index(a)))
    if not greedy and action in ends:
        end, facing = ends[action]
        model.mem.notes.setdefault("intents", {})[(state.seed, state.round, u.id)] = (
            end, facing if isinstance(facing, int) else u.facing)
    return action


def _with_intents(model: Model, u: Unit) -> Model:
    """The model with every ally already planned this round standing where it means to end
    its move (a hypothetical: they have declared, but not yet moved)."""
    from game.ai.model import Model

    intents = model.mem.notes.get("intents", {})
    state = model.state
    moved = state
    for a in model.own:
        if a.id == u.id:
            continue
        plan = intents.get((state.seed, state.round, a.id))
        if plan is None or not getattr(a, "declared", ""):
            continue
        end, facing = plan
        if end != a.pos and (moved.unit_at(end) is None):
            moved = moved.update_unit(a.id, pos=end, facing=facing)
    if moved is state:
        return model
    sub = Model(moved, model.side, model.hooks, model.mem)
    sub.myopic = model.myopic
    sub.pre_move = model.pre_move
    return sub


def _heal_value(model: Model, u: FEUnit) -> float:
    """FE-38, R-FE-POTION: the worth of bandaging or drinking in the other phase."""
    best = 0.0
    for t in model.state.units:
        if t.side != u.side or t.pos is None or u.pos is None:
            continue
        if t.id != u.id and t.pos.distance(u.pos) != 1:
            continue
        missing = t.max_hp - t.hp
        if missing <= 0:
            continue
        if u.potions and t.id == u.id:
            gain = min(missing, 4.5)
        elif u.bandages:
            gain = min(missing, cfg(model.state, "bandage_heal"))
        else:
            continue
        best = max(best, gain * model.off(t))
    return best


HOOKS = FallenEmpireHooks()  # found through the entry point flank.ai:fallen_empire

__all__ = ["HOOKS", "FallenEmpireHooks", "charge_options", "initiative_known",
           "phase_pending", "plan_declaration"]
