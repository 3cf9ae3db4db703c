"""The declaration planner (FE-06): each action a figure may declare is scored by playing
its consequences forward on a copy of the battle in which it has declared it, and the
best is taken.  Set FLANK_AI_DEBUG=1 to print the scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.hooks import Strike
from rules.commands import Move
from rules.engine import check
from rules.events import hx
from rules.hexgrid import Hex, arc_of
from rules.paths import cheapest_paths
from rules.positioning import FRONT, arc, on_road, step_cost, unit_reach
from rules.state import DEAD, DOWN, GONE, Unit
from rules.systems.fallen_empire.movement import (
    allowance,
    can_charge,
    charge_min,
    charge_moves,
)
from rules.systems.fallen_empire.options import unit_commands
from rules.systems.fallen_empire.units import (
    FEUnit,
    base_move_hexes,
    cfg,
    free_move_hexes,
)

if TYPE_CHECKING:
    from game.ai.model import Model

from game.ai.fallen_empire.reading import DEBUG, FIRST_PRIOR, fe_unit, initiative_known


def _as_declared(model: Model, u: Unit, action: str) -> tuple[Model, FEUnit]:
    """A model of the state in which `u` has declared `action`, sharing the odds caches."""
    from game.ai.model import Model

    st = model.state.update_unit(u.id, declared=action)
    sub = Model(st, model.side, model.hooks, model.mem)
    sub.share_caches(model)
    if not initiative_known(model.state):
        sub.pre_move = 1.0 - FIRST_PRIOR - 0.5 * (1.0 - 2 * FIRST_PRIOR)  # they go first
    return sub, fe_unit(st.unit(u.id))


def move_range(model: Model, u: Unit, budget: int) -> dict[Hex, tuple[int, list[Hex]]]:
    """FE-08: every hex `u` may end a move on within `budget`, with its cost and cheapest
    path (the same search and tie-breaks as the ruleset's own destination list)."""
    assert u.pos is not None
    costs, paths = cheapest_paths(u.pos, budget, step_cost(model.state, u),
                                  along=on_road(model.state))
    taken = {o.pos for o in model.state.units
             if o.pos is not None and o.id != u.id and o.status not in (DEAD, GONE)}
    return {h: (c, paths[h]) for h, c in costs.items() if h != u.pos and h not in taken}


def charge_runs(model: Model, u: FEUnit, dests: dict[Hex, tuple[int, list[Hex]]],
                need: int, extra: bool = True) -> list[tuple[str, list[Hex]]]:
    """FE-16: charge runs at each foe: the ruleset's own (the shortest run long enough) and,
    with `extra`, runs ending at the foe's rear or flank, walked round threatened hexes when
    the cheapest walk would provoke."""
    reach = unit_reach(model.state, u)
    budget = max((c for c, _ in dests.values()), default=0)
    out: list[tuple[str, list[Hex]]] = []
    assert u.pos is not None
    # Only a foe within reach of some destination can be charged: no farther than the
    # farthest destination plus the reach.
    far = max((h.distance(u.pos) for h in dests), default=0) + reach
    for t in model.enemies_within(u, u.pos, far):
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
        fe = fe_unit(e)
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
    from game.ai.tactics import charge_value, position_value, score_moves, shortlist_charges

    greedy = getattr(ai, "myopic", False)
    if u.status == DOWN or not u.fighting:
        for pref in ("self_help", "rest", "crawl"):
            if pref in options:
                return pref
        return options[0]
    assert u.pos is not None
    fu = fe_unit(u)
    state = model.state
    if not greedy:
        model = _with_intents(model, u)
        u = model.units[u.id]
        fu = fe_unit(u)
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
            for t, p in shortlist_charges(sub, su, runs):
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
    if DEBUG:
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
    sub.budget = model.budget
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


