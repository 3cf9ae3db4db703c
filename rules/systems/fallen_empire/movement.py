"""Moving in Fallen Empire: how far, which way, and who gets a free attack on the way.

A move is a `MoveFrame` walked one hex at a time.  Before each step the rules ask who that
step provokes: a full retreat gives every engaged opponent a free attack before the first
step (FE-14, unless an ally covers him, FE-15); leaving a threatened hex or moving right past
an enemy gives that enemy one (FE-11 reading (a), R-FE-LEAVE).  Each of them may take it or
not; if any free attack wounds the mover he stops where he is (FE-12), and a wounded
retreat is negated (FE-14).  A fighting withdrawal provokes nobody (FE-13).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from rules.commands import Move
from rules.engine import Context, face_target
from rules.events import UnitFaced, UnitStepped, hx, unhx
from rules.hexgrid import Hex
from rules.positioning import (
    FRONT,
    arc,
    away_step_cost,
    disk_offsets,
    engaged_with,
    kept_walk,
    path_is_walkable,
    path_triggers,
    remember,
    step_cost,
    threatens,
    unit_reach,
    walk_key,
)
from rules.procedures import WalkFrame, path_refusal, walk_on
from rules.state import ACTIVE, DEAD, GONE, Battle, Unit
from rules.systems.fallen_empire.combat import situation
from rules.systems.fallen_empire.damage import deal, strike
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.frames import (
    ImpactBegan,
    ImpactFrame,
    ImpactStage,
    MoveEnded,
    MoveFrame,
    ReactionOffered,
    ReactionsDue,
)
from rules.systems.fallen_empire.units import (
    SPEAR_SETTERS,
    FEUnit,
    base_move_hexes,
    cfg,
    free_move_hexes,
    is_fe,
    tables_for,
)

FULL_MOVE_ACTIONS = frozenset({"move", "charge", "retreat"})


def allowance(state: Battle, u: FEUnit) -> int:
    """How far (in move points) a unit may go in its movement this round (FE-08, FE-13)."""
    if u.declared in FULL_MOVE_ACTIONS:
        full = base_move_hexes(state, u)
    elif u.declared == "crawl":
        full = cfg(state, "crawl_ft") // state.board.feet_per_hex  # FE-40
    elif u.declared in ("melee", "missile", "spell", "other", "withdraw"):
        full = free_move_hexes(state, u)
    else:
        full = 0  # set_spear: braced in place (R-FE-SPEAR)
    return max(0, full - u.moved)


def move_mode(u: FEUnit) -> str:
    return {"charge": "charge", "retreat": "retreat", "withdraw": "withdraw",
            "crawl": "crawl"}.get(u.declared, "move")


def charge_min(state: Battle, u: FEUnit) -> int:
    """FE-16: a charge runs at least half the base full move (rounded up)."""
    full = base_move_hexes(state, u)
    num, den = cfg(state, "charge_min_fraction_num"), cfg(state, "charge_min_fraction_den")
    return -(-full * num // den)


def can_charge(u: FEUnit) -> bool:
    """FE-16: men need a melee weapon fit to charge with; monsters horns, tusks or the like."""
    if u.kind == "monster":
        return u.can_charge
    return bool(u.weapon) and tables_for().weapons[u.weapon].charge_ok


def away_cost(state: Battle, mover: FEUnit) -> Callable[[Hex, Hex], int | None]:
    """R-FE-AWAY: a withdrawal or retreat never steps closer to a foe it started engaged with."""
    return away_step_cost(state, mover)


def destinations(state: Battle, u: FEUnit) -> dict[Hex, list[Hex]]:
    """Every hex the unit may end its move on this phase, with the cheapest path there."""
    return {h: list(p) for h, (_, p) in _reach(state, u).items()}


def _walk(state: Battle, u: FEUnit) -> tuple[Any, ...]:
    """What a unit's walk this phase depends on (`walk_key`)."""
    budget = allowance(state, u)
    return walk_key(state, u, budget, move_mode(u) in ("withdraw", "retreat"))  # R-FE-AWAY


def _taken(state: Battle, u: FEUnit, hexes: dict[Hex, Any]) -> set[Hex]:
    """R-POS-BLOCK: the hexes among `hexes` where someone else stands (not dead or gone),
    so a move may pass but not end there."""
    standing = state.where.standing
    return {h for h in hexes.keys() & standing.keys()
            if any(i != u.id for i in standing[h])}


def _reach(state: Battle, u: FEUnit, key: tuple[Any, ...] | None = None
           ) -> dict[Hex, tuple[int, list[Hex]]]:
    """Destination → (cost, cheapest path), for every hex the unit may end its move on.
    The paths are shared with the board's memo: read them, never change them."""
    assert u.pos is not None
    costs, paths = kept_walk(state, u, key or _walk(state, u))  # R-POS-PATH
    taken = _taken(state, u, costs)
    return {h: (costs[h], paths[h]) for h in costs if h != u.pos and h not in taken}


def move_commands(state: Battle, u: FEUnit) -> list[Move]:
    """A move to every hex the unit may end on, in Hex order, each along its cheapest path.
    The moves to every hex of its walk are kept on the board with the walk (`walk_key`), so
    asking again while no enemy near the unit has moved costs a lookup and a pass over
    them dropping the hexes others stand on, not a search."""
    assert u.pos is not None
    key = _walk(state, u)
    costs, paths = kept_walk(state, u, key)
    memo_key = ("fe-moves", u.id, key)
    every = state.board.memo.get(memo_key)
    if every is None:
        every = [(h, Move(unit=u.id, path=tuple(hx(s) for s in p)))
                 for h, p in sorted(paths.items()) if h != u.pos]
        remember(state.board, memo_key, every)
    taken = _taken(state, u, costs)
    if not taken:
        return [m for _, m in every]
    return [m for h, m in every if h not in taken]


def path_cost(state: Battle, u: Unit, path: list[Hex]) -> int:
    cost = step_cost(state, u)
    return sum(cost(a, b) or 0 for a, b in itertools.pairwise(path))


def check_move(state: Battle, u: FEUnit, cmd: Move) -> str | None:
    """Why this move is not allowed, or None."""
    path = [unhx(p) for p in cmd.path]
    mode = move_mode(u)
    why = path_refusal(path, cmd.facing, u) or path_is_walkable(state, u, path,
                                                             allowance(state, u))
    if why:
        return why
    if mode in ("withdraw", "retreat"):
        away = away_cost(state, u)
        for a, b in itertools.pairwise(path):
            if away(a, b) is None:
                return (f"a {'withdrawal' if mode == 'withdraw' else 'full retreat'} may not "
                        f"step closer to a foe it is engaged with ({(b.q, b.r)})")
        if mode == "withdraw" and cmd.facing not in (None, u.facing):
            return "a fighting withdrawal backs away without turning (FE-13)"
    if mode == "charge":
        return check_charge(state, u, path, cmd.target)
    if cmd.target:
        return "only a charge names a target as it moves"
    return None


def check_charge(state: Battle, u: FEUnit, path: list[Hex], target_id: str) -> str | None:
    if not can_charge(u):
        return "this unit has no weapon to charge with (FE-16)"
    if not target_id or not state.has_unit(target_id):
        return "a charge must name the foe it charges"
    t = state.unit(target_id)
    if t.side == u.side or not t.fighting or t.pos is None:
        return f"{target_id} is not a foe who can be charged"
    need = charge_min(state, u)
    run = path_cost(state, u, path)
    if run < need:
        return f"a charge must run at least half the base move: {need} hexes, not {run} (FE-16)"
    if path[-1].distance(t.pos) > unit_reach(state, u):
        return f"the charge must end within reach of {target_id}"
    return None


def charge_moves(state: Battle, u: FEUnit) -> list[Move]:
    """A charge at each foe, along the shortest run long enough to count (FE-16)."""
    assert u.pos is not None
    need, reach = charge_min(state, u), unit_reach(state, u)
    # Search from each foe within a run and a reach of him: only the hexes around that foe
    # can end a charge at him.
    if state.board.cheapest_step >= 1:
        near = state.where.fighting_near(u.pos, allowance(state, u) + reach)
    else:  # free steps: a run may end anywhere
        near = [t for t in state.units if t.fighting]
    foes = tuple((t.id, t.pos) for t in near if t.side != u.side and t.pos is not None)
    walk = _walk(state, u)
    taken = frozenset(_taken(state, u, kept_walk(state, u, walk)[0]))
    key = ("fe-charges", u.id, walk, taken, need, reach, foes)
    found = state.board.memo.get(key)
    if found is None:
        found = _charges(u, _reach(state, u, walk), need, reach, foes)
        remember(state.board, key, found)
    return list(found)


def _charges(u: FEUnit, dests: dict[Hex, tuple[int, list[Hex]]], need: int, reach: int,
             foes: tuple[tuple[str, Hex], ...]) -> list[Move]:
    """For each foe, the shortest run long enough that ends within reach of him, the first
    in Hex order among equals (the order of `disk`, as of `dests`)."""
    out: list[Move] = []
    around = disk_offsets(reach)
    for tid, (tq, tr) in foes:
        best: list[Hex] | None = None
        for dq, dr in around:
            found = dests.get((tq + dq, tr + dr))  # type: ignore[call-overload]  # (q, r) finds a Hex key
            if found is not None and found[0] >= need and (
                    best is None or len(found[1]) < len(best)):
                best = found[1]
        if best is not None:
            out.append(Move(unit=u.id, path=tuple(hx(h) for h in best), target=tid))
    return out


# --- running a move ------------------------------------------------------------------------


def initiative_rank(state: Battle, side: str) -> int:
    for i, group in enumerate(system(state).order):
        if side in group:
            return i
    return len(system(state).order)


def can_react(state: Battle, reactor: Unit) -> bool:
    r = is_fe(reactor)
    surprised = state.round == 1 and r.side in system(state).surprised
    return r.fighting and not r.oa_used and not surprised and bool(r.weapon)


def covered(state: Battle, mover: FEUnit, foe: Unit) -> bool:
    """FE-15 reading (a): an ally who moved into melee with this foe covers the retreat."""
    for ally in state.units:
        a = is_fe(ally)
        if (a.side == mover.side and a.id != mover.id and a.fighting and foe.id in a.moved_into
                and foe.pos is not None and a.pos is not None and threatens(state, a, foe.pos)):
            return True
    return False


def reactions_at(state: Battle, f: WalkFrame, i: int) -> list[tuple[str, str]]:
    """FE-11, FE-14, FE-15, R-FE-LEAVE: whom step `i` of the move offers a free attack, in
    initiative order."""
    mover = is_fe(state.unit(f.unit))
    if f.mode == "withdraw":
        return []  # FE-13: no attack of opportunity
    found: list[tuple[str, str]] = []
    shielded: set[str] = set()  # FE-15: foes whose free attack a covering ally took away
    if f.mode == "retreat":
        shielded = {foe.id for foe in engaged_with(state, mover) if covered(state, mover, foe)}
    if f.mode == "retreat" and i == 0:
        for foe in engaged_with(state, mover):
            if foe.id not in f.asked and can_react(state, foe) and foe.id not in shielded:
                found.append((foe.id, "retreat"))
    # Triggers of step i depend only on the path up to step i + 1 (each reactor once, first
    # come first served), so the rest of the path need not be walked.
    for trig in path_triggers(state, mover, list(f.path[: i + 2]), ("leave", "pass")):
        if trig.step != i or trig.reactor in f.asked or trig.reactor in shielded:
            continue
        if any(r == trig.reactor for r, _ in found):
            continue
        foe = state.unit(trig.reactor)
        if can_react(state, foe):
            found.append((foe.id, trig.kind))
    found.sort(key=lambda rt: (initiative_rank(state, state.unit(rt[0]).side), rt[0]))
    return found


def run_move(ctx: Context, f: MoveFrame) -> None:
    state = ctx.state
    u = is_fe(state.unit(f.unit))
    assert u.pos is not None
    i = f.path.index(u.pos)
    spent = path_cost(state, u, list(f.path[: i + 1]))
    # FE-14 "His opponent(s) get a free attack": every engaged opponent strikes before the
    # retreat, even after an earlier one has already negated it.
    retreat_blows_left = f.mode == "retreat" and u.fighting and bool(f.queued) and (
        f.queued[0][1] == "retreat")
    if not retreat_blows_left and (
            u.hp < f.hp_before or (u.status != ACTIVE and f.mode != "crawl")):
        reason = ("the retreat is negated: he is stuck in combat for another round (FE-14)"
                  if f.mode == "retreat" else "wounded by a free attack (FE-12)")
        back = _last_free(state, u, f.path[: i + 1])
        if back != u.pos:
            # R-FE-STOPPED-SHORT: stopped while passing through a friend's hex (or over a
            # fallen figure), he ends in the last hex of his path where he could have stopped.
            ctx.emit(UnitStepped(unit=u.id, from_hex=hx(u.pos), to_hex=hx(back),
                                 facing=u.facing))
            reason += "; he is stopped short, before the hex he was passing through"
            spent = path_cost(ctx.state, u, list(f.path[: f.path.index(back) + 1]))
        ctx.emit(MoveEnded(unit=u.id, cost=spent, halted=True, reason=reason,
                           moved_into=_moved_into(ctx.state, is_fe(ctx.state.unit(u.id)))))
        return
    walk_on(ctx, f, reactions_at=reactions_at, offered=ReactionOffered, due=ReactionsDue,
            arrive=lambda: _finish(ctx, f, u, spent), backing=f.mode == "withdraw")


def _last_free(state: Battle, u: Unit, walked: tuple[Hex, ...]) -> Hex:
    """The last hex of the path walked so far that nobody else stands on (R-POS-BLOCK: one
    may pass through a friend, or a fallen figure, but not stop there)."""
    for h in reversed(walked):
        if not any(o.pos == h and o.id != u.id and o.status not in (DEAD, GONE)
                   for o in state.units):
            return h
    return walked[0]


def _moved_into(state: Battle, u: Unit) -> tuple[str, ...]:
    return tuple(e.id for e in engaged_with(state, u))


def _finish(ctx: Context, f: MoveFrame, u: FEUnit, spent: int) -> None:
    if f.facing is not None and f.facing != u.facing:
        ctx.emit(UnitFaced(unit=u.id, facing=f.facing))
    elif f.mode == "charge" and f.target:
        face_target(ctx, u.id, f.target)
    ctx.emit(MoveEnded(unit=u.id, cost=spent, moved_into=_moved_into(ctx.state, u)))
    if f.mode == "charge" and f.target:
        t = ctx.state.unit(f.target)
        me = ctx.state.unit(u.id)
        if t.fighting and t.pos is not None and me.pos is not None and threatens(
                ctx.state, me, t.pos):
            ctx.emit(ImpactBegan(charger=u.id, target=t.id))


# --- the end of a charge -------------------------------------------------------------------


def spear_is_set(state: Battle, setter: FEUnit, charger: FEUnit) -> str | None:
    """FE-19: why `setter` may not meet this charge with a set spear (None: he may)."""
    if setter.declared != "set_spear":
        return "he did not set a spear this round"
    if setter.spear_used:
        return "his spear is no longer set: he has already made his attack this round"
    if not setter.fighting:
        return "he is down"
    if setter.kind not in SPEAR_SETTERS:
        return "only Fighting-Men, Men-at-Arms and Demi-Men can set a spear"
    if not setter.weapon or not tables_for().weapons[setter.weapon].can_set:
        return "he holds no spear or pole arm"
    if initiative_rank(state, setter.side) >= initiative_rank(state, charger.side):
        return "he is not acting first this round"
    if state.round == 1 and setter.side in system(state).surprised:
        return "he is surprised"
    assert charger.pos is not None
    if arc(setter, charger.pos) != FRONT:
        return "the charge comes from outside his front: he is not aware of it (R-FE-SPEAR)"
    return None


def run_impact(ctx: Context, f: ImpactFrame) -> None:
    state = ctx.state
    charger, target = is_fe(state.unit(f.charger)), is_fe(state.unit(f.target))
    if f.stage == "spear":
        if spear_is_set(state, target, charger) is None:
            face_target(ctx, target.id, charger.id)
            s = situation(ctx.state, target.id, charger.id, "set-spear")
            r = strike(ctx, s)
            ctx.emit(ImpactStage(stage="strike", negated=r.hit, spear_user=target.id))
            deal(ctx, s, r)
        else:
            ctx.emit(ImpactStage(stage="strike"))
        return
    if f.negated or not charger.fighting or not target.fighting or target.pos is None or (
            not threatens(state, charger, target.pos)):
        ctx.emit(ImpactStage(stage="done"))
        return
    s = situation(state, charger.id, target.id, "charge")
    r = strike(ctx, s)
    ctx.emit(ImpactStage(stage="done"))
    deal(ctx, s, r)
