"""The Fallen Empire hooks of the computer players (the skirmish): what they see, who can
still strike and how, what a fall is worth, the declarations and the choices.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai.hooks import Profile, RulesetHooks, Strike, Tier
from rules.commands import Choose, Command, Declare, Move
from rules.hexgrid import Hex, arc_of
from rules.positioning import FRONT, arc, unit_reach
from rules.state import Battle, Unit
from rules.systems.fallen_empire.combat import (
    melee_pool,
    situation,
    spell_situation,
)
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.frames import SplinterFrame
from rules.systems.fallen_empire.movement import (
    allowance,
    can_charge,
    charge_min,
    initiative_rank,
    spear_is_set,
)
from rules.systems.fallen_empire.units import (
    FEUnit,
    base_move_hexes,
    cfg,
    free_move_hexes,
)

if TYPE_CHECKING:
    from game.ai.model import Model

from game.ai.fallen_empire.planner import plan_declaration
from game.ai.fallen_empire.reading import (
    FIRST_PRIOR,
    SPEAR_PRIOR,
    UNKNOWN_W,
    blow_odds,
    can_set_spear,
    fe_unit,
    initiative_known,
    missile_hexes,
    morale_fail_chance,
    phase_pending,
    spell_hexes,
)


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
            found = cache[key] = blow_odds(sit)
        hit, dist = found
        hp = state.unit(s.target).hp
        kill = sum(p for d, p in dist if d >= hp) if hp > 0 else 0.0
        return hit, dist, kill

    def strike_of(self, state: Battle, cmd: Command) -> Strike | None:
        s = super().strike_of(state, cmd)
        if s is None or (s.kind != "missile" and s.kind != "melee"):
            return s
        u = fe_unit(state.unit(s.attacker))
        if u.declared == "missile" or (s.weapon and s.weapon == u.missile):
            return Strike(s.attacker, s.target, "missile", weapon=u.missile)
        return Strike(s.attacker, s.target, "melee")

    def friendly_fire(self, model: Model, strike: Strike) -> float:
        """FE-22: a shot into a melee may strike anyone engaged with the target."""
        target = model.units[strike.target]
        pool = melee_pool(model.state, fe_unit(target), shooter=strike.attacker)
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
        avg = model.mean_off_against(unit)
        if avg is None:
            return 0.0
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
        checkers = [fe_unit(u) for u in members if u.fighting and u.id != unit.id
                    and fe_unit(u).checks_morale]
        if not checkers:
            return 0.0
        score = max(u.morale for u in checkers)
        dice = cfg(state, "morale_dice")
        fail = morale_fail_chance(dice.count, dice.sides, dice.bonus, score)
        rest = sum(model.worth(u) for u in members if u.fighting and u.id != unit.id
                   and fe_unit(u).checks_morale)
        return fail * rest

    # --- movement and threat --------------------------------------------------------------

    def speed(self, state: Battle, unit: Unit) -> int:
        return base_move_hexes(state, fe_unit(unit))

    def move_budget(self, model: Model, unit: Unit, listed: list[Move]) -> int:
        return allowance(model.state, fe_unit(unit))

    def charge_minimum(self, model: Model, unit: Unit, listed: list[Move]) -> int:
        return charge_min(model.state, fe_unit(unit))

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
        u = fe_unit(unit)
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
        u = fe_unit(unit)
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
        u = fe_unit(unit)
        if kind == "missile":
            return missile_hexes(model.state, u)
        if kind == "spell":
            return spell_hexes(model.state, u)
        return unit_reach(model.state, u)

    def counter_risk(self, model: Model, charger: Unit, target: Unit, end: Hex, facing: int
                     ) -> tuple[float, float]:
        """FE-19: (chance a set spear negates this charge, worth the charger loses to it)."""
        t = fe_unit(target)
        if not can_set_spear(t) or t.pos is None:
            return 0.0, 0.0
        st, vkey = model.variant(charger, end, facing)
        c = fe_unit(st.unit(charger.id))
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
        u = fe_unit(model.units[unit_id])
        if u.oa_used or not u.weapon or not u.fighting:
            return False
        return not (model.state.round == 1 and u.side in system(model.state).surprised)

    def counter_threat(self, model: Model, attacker: Unit, target: Unit, x: Hex, f: int,
                       frm: Hex, kind: str) -> tuple[float, float]:
        """FE-19: a charge run onto a set spear from the setter's front, when the setter's
        side acts first, meets the spear first: a hit negates it and deals double damage."""
        if kind != "charge":
            return 1.0, 0.0
        t = fe_unit(target)
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
        return None



HOOKS = FallenEmpireHooks()  # found through the entry point flank.ai:fallen_empire
