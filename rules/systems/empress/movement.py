"""Moving in Empress: breaking melee engagements (§3.5) on a hex board.

A move is a `MoveFrame` walked one hex at a time.  Before each step the rules ask whom it
provokes:

* EMP-55 retreat: stepping out of the reach of a foe he was engaged with gives that foe an
  opportunity attack — unless the move is a graceful retreat (EMP-56 (a)): starting engaged
  and going no farther than half his movement rate (R-EMP-GRACEFUL), after which each foe
  left behind may follow up.
* EMP-57 moving past (R-EMP-PAST, reading (a)): a step that starts and ends inside a foe's
  reach without closing on him slides past him; leaving the reach of a foe he only met on
  the way is passing him by.  Both provoke, graceful or not.
* EMP-05: stepping onto a hex a Warrior watches with a hold for counter draws his shot.

An opportunity attack does not stop the mover unless it fells him (R-EMP-OA-NOSTOP: the
text gives no such rule).  A hidden mover provokes nobody (R-EMP-HIDDEN).  After the move,
a foe no longer engaged with the one who had got inside his reach regains it (EMP-35).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping

from rules.commands import Move
from rules.engine import Context, face_target
from rules.events import UnitFaced, UnitStepped, hx, unhx
from rules.hexgrid import Hex
from rules.positioning import (
    away_step_cost,
    engaged,
    engaged_with,
    path_is_walkable,
    reachable,
    step_cost,
    threatens,
    walk_paths,
)
from rules.procedures import WalkFrame, off_a_friends_hex, path_refusal, walk_on
from rules.state import Battle
from rules.systems.empress.attack_events import DecisionOffered
from rules.systems.empress.condition_events import HiddenChanged, ReachRegained
from rules.systems.empress.frames import FallBackFrame, MoveFrame
from rules.systems.empress.move_events import (
    CounterSprung,
    FallBackStage,
    KeptPace,
    MoveEnded,
    MoveStage,
    ReactionOffered,
    ReactionsDue,
)
from rules.systems.empress.opportunity import can_oa
from rules.systems.empress.units import EmpUnit, cfg, emp, held, is_emp, move_hexes


def can_move(u: EmpUnit) -> bool:
    """EMP-77: a grappled (or pinned, or swallowed) character cannot move."""
    return u.fighting and not held(u) and not u.pinned


def destinations(state: Battle, u: EmpUnit) -> Mapping[Hex, list[Hex]]:
    if not can_move(u):
        return {}
    return reachable(state, u, move_hexes(state, u))


def path_cost(state: Battle, u: EmpUnit, path: list[Hex]) -> int:
    cost = step_cost(state, u)
    return sum(cost(a, b) or 0 for a, b in itertools.pairwise(path))


def move_mode(state: Battle, u: EmpUnit, path: list[Hex]) -> str:
    """R-EMP-GRACEFUL: a move that starts engaged and costs at most half the movement rate
    is a graceful retreat (EMP-56)."""
    if len(path) < 2:
        return "turn"
    if engaged_with(state, u) and path_cost(state, u, path) <= move_hexes(state, u) // 2:
        return "graceful"
    return "move"


def check_move(state: Battle, u: EmpUnit, cmd: Move) -> str | None:
    if not can_move(u):
        return f"{u.id} is held and cannot move (EMP-77)"
    path = [unhx(p) for p in cmd.path]
    why = path_refusal(path, cmd.facing)
    if why:
        return why
    if cmd.target:
        return "an Empress move does not name a target"
    return path_is_walkable(state, u, path, move_hexes(state, u))


# --- who a step provokes -------------------------------------------------------------------


def counter_hex(u: EmpUnit) -> Hex | None:
    if u.counter.startswith("hex:"):
        q, r = u.counter[4:].split(",")
        return Hex(int(q), int(r))
    return None


def reactions_at(state: Battle, f: WalkFrame, i: int) -> list[tuple[str, str]]:
    """EMP-55, EMP-57, EMP-05: whom step `i` of the move provokes, by initiative."""
    assert isinstance(f, MoveFrame)
    mover = emp(state, f.unit)
    here, nxt = f.path[i], f.path[i + 1]
    slide = cfg(state, "moving_past") == "slide"  # EMP-57 (a)
    graceful_provokes = cfg(state, "graceful_retreat_provokes")  # EMP-56 (b)
    found: list[tuple[str, str]] = []
    for o in state.units:
        e = is_emp(o)
        if e.side == mover.side or e.id in f.asked or not e.fighting or e.pos is None:
            continue
        if counter_hex(e) == nxt and e.missile:
            found.append((e.id, "counter"))
            continue
        if mover.hidden or not can_oa(state, e, mover, "retreat"):
            continue
        t_here, t_next = threatens(state, e, here), threatens(state, e, nxt)
        if (t_here and t_next and nxt.distance(e.pos) >= here.distance(e.pos)
                and slide):
            found.append((e.id, "past"))
        elif t_here and not t_next:
            if e.id in f.start_engaged:
                if f.mode != "graceful" or graceful_provokes:
                    found.append((e.id, "retreat"))
            else:
                found.append((e.id, "past"))
    found.sort(key=lambda rt: (-emp(state, rt[0]).initiative, rt[0]))
    return found


def run_move(ctx: Context, f: MoveFrame) -> None:
    state = ctx.state
    u = emp(state, f.unit)
    if f.stage == "follow":
        _follow_ups(ctx, f, u)
        return
    if not u.fighting or u.pos is None or u.pos not in f.path:
        _off_a_friends_hex(ctx, f, u)
        ctx.emit(MoveEnded(unit=u.id, halted=True, reason="felled on the way"))
        return
    if f.queued and f.queued[0][1] == "counter":
        _counter_shot(ctx, f.queued[0][0], u.id)
        return
    walk_on(ctx, f, reactions_at=reactions_at, offered=ReactionOffered, due=ReactionsDue,
            arrive=lambda: _finish(ctx, f, u), backing=f.mode == "graceful")


def _off_a_friends_hex(ctx: Context, f: MoveFrame, u: EmpUnit) -> None:
    """R-POS-BLOCK: a man felled while passing through a friend's hex falls back onto the
    last hex of his path that was free (no two figures end on one hex)."""
    off_a_friends_hex(ctx, f.path, u)


def _counter_shot(ctx: Context, reactor: str, mover: str) -> None:
    from rules.systems.empress.combat import situation
    from rules.systems.empress.damage import deal, strike

    ctx.emit(CounterSprung(unit=reactor, against=mover))
    face_target(ctx, reactor, mover)
    s = situation(ctx.state, reactor, mover, "counter", weapon=emp(ctx.state, reactor).missile)
    deal(ctx, s, strike(ctx, s))


def _finish(ctx: Context, f: MoveFrame, u: EmpUnit) -> None:
    if f.facing is not None and f.facing != u.facing:
        ctx.emit(UnitFaced(unit=u.id, facing=f.facing))
    after_move(ctx, u.id)
    if f.mode == "graceful" and f.start_engaged:
        ctx.emit(MoveStage(stage="follow"))
        return
    ctx.emit(MoveEnded(unit=u.id))


def after_move(ctx: Context, unit_id: str) -> None:
    """EMP-35: disengaging restores a lost reach advantage; R-EMP-HIDDEN: walking up to a
    hidden foe finds him."""
    state = ctx.state
    u = emp(state, unit_id)
    for o in state.units:
        e = is_emp(o)
        for a, b in ((e, u), (u, e)):
            if b.id in a.reach_lost_vs and not engaged(state, a, b):
                ctx.emit(ReachRegained(unit=a.id, vs=b.id, reason="they are no longer "
                                       "engaged", rule="EMP-35"))
        if (e.side != u.side and e.hidden and not u.hidden and e.pos is not None
                and u.pos is not None and e.pos.distance(u.pos) == 1):
            ctx.emit(HiddenChanged(unit=e.id, hidden=False, reason=f"{u.id} stumbles on him",
                                   rule="R-EMP-HIDDEN"))


def follow_path(state: Battle, follower: EmpUnit, target: EmpUnit, budget: int
                ) -> list[Hex] | None:
    """The shortest walk (within `budget`) to a hex from which `follower` threatens `target`
    (R-EMP-FOLLOW); None if he cannot get there."""
    if target.pos is None or follower.pos is None or not can_move(follower):
        return None
    if threatens(state, follower, target.pos):
        return None
    reach = max(1, follower.reach_ft // state.board.feet_per_hex)
    best: list[Hex] | None = None
    for h, p in reachable(state, follower, budget).items():
        if h.distance(target.pos) <= reach and (best is None or len(p) < len(best)):
            best = p
    return best


def _follow_ups(ctx: Context, f: MoveFrame, u: EmpUnit) -> None:
    """EMP-56: each foe left behind by a graceful retreat may follow up."""
    state = ctx.state
    for fid in f.start_engaged:
        if fid in f.follow_asked:
            continue
        e = emp(state, fid)
        path = follow_path(state, e, u, move_hexes(state, e) // 2) if e.fighting else None
        ctx.emit(MoveStage(stage="follow", asked=fid))
        if path is not None and u.fighting:
            ctx.emit(DecisionOffered(unit=fid, kind="follow", options=("follow", "stay"),
                                     side=e.side, about=u.id))
        return
    ctx.emit(MoveEnded(unit=u.id))


def walk(ctx: Context, unit_id: str, path: list[Hex], keep_facing: bool = False) -> None:
    """Steps that provoke nobody: a follow-up, a fall-back, keeping pace (R-EMP-FOLLOW)."""
    for a, b in itertools.pairwise(path):
        u = ctx.state.unit(unit_id)
        facing = u.facing if keep_facing else (a.direction_to(b) or u.facing)
        ctx.emit(UnitStepped(unit=unit_id, from_hex=hx(a), to_hex=hx(b), facing=facing))


def follow_up(ctx: Context, follower: str, target: str) -> None:
    e, u = emp(ctx.state, follower), emp(ctx.state, target)
    path = follow_path(ctx.state, e, u, move_hexes(ctx.state, e) // 2)
    if path:
        walk(ctx, follower, path)

        face_target(ctx, follower, target)


# --- cautious falling back (EMP-58) --------------------------------------------------------


def away_cost(state: Battle, mover: EmpUnit) -> Callable[[Hex, Hex], int | None]:
    """R-EMP-FALLBACK: a fall-back never steps closer to a foe it is engaged with (the
    "rearward arc")."""
    return away_step_cost(state, mover)


def fall_back_destinations(state: Battle, u: EmpUnit) -> dict[Hex, list[Hex]]:
    """Up to half his movement rate, in a rearward arc (EMP-58)."""
    if u.pos is None:
        return {}
    # R-EMP-FALLBACK (`away_cost`), R-POS-PATH
    _, paths = walk_paths(state, u, move_hexes(state, u) // 2, away=True)
    standing = state.where.standing
    return {h: p for h, p in paths.items()
            if h != u.pos and not any(o != u.id for o in standing.get(h, ()))}


def run_fall_back(ctx: Context, f: FallBackFrame) -> None:
    state = ctx.state
    u = emp(state, f.unit)
    if f.stage == "ask":
        if u.fighting:
            for e in engaged_with(state, u):
                ee = is_emp(e)
                if ee.id in f.asked or held(ee) or ee.pinned:
                    continue
                ctx.emit(FallBackStage(unit=u.id, stage="ask", asked=ee.id))
                ctx.emit(DecisionOffered(unit=ee.id, kind="retain",
                                         options=("retain", "let_go"), side=ee.side,
                                         about=u.id))
                return
        if not u.fighting or not can_move(u) or not fall_back_destinations(state, u):
            ctx.emit(FallBackStage(unit=u.id, stage="done"))
            return
        ctx.emit(FallBackStage(unit=u.id, stage="move", side=u.side))
        return
    if f.stage == "pace":
        for rid in f.retainers:
            r = emp(state, rid)
            if not r.fighting or u.pos is None:
                continue
            if r.pos is not None and threatens(ctx.state, r, u.pos):
                ctx.emit(KeptPace(unit=rid, faller=u.id, kept=True))
                continue
            path = follow_path(ctx.state, r, emp(ctx.state, u.id), move_hexes(state, r) // 2)
            if path:
                walk(ctx, rid, path)
                ctx.emit(KeptPace(unit=rid, faller=u.id, kept=True))
            else:
                ctx.emit(KeptPace(unit=rid, faller=u.id, kept=False))
        ctx.emit(FallBackStage(unit=u.id, stage="done"))
