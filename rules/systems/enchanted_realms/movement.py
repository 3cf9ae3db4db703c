"""Moving in Enchanted Realms: the movement rate split around the action (ER-14), speeds
(ER-15), what a walk provokes (ER-19, ER-20) and the triggers it springs (ER-12).

A move is a `MoveFrame` walked one hex at a time (rules/procedures.py).  Before each step the
rules ask whom it provokes (R-ER-FLEE):

* a step out of the reach of a foe he began the move beside is breaking away: that foe may
  use his reaction for a flee attack (NOTES: "when an adjacent melee combatant retreats");
* a step out of the reach of a foe he only came up to during the move is going past: an
  attack of opportunity (NOTES), and under Swing on the Run (ER-19, optional, on by
  default) only if he moves more than 15 feet this turn (the whole move counts, not only
  the feet up to the step out).

The reactor must have his reaction left (ER-20: one a round; none while defending, ER-10)
and a melee weapon in hand (R-ER-REACTION-WEAPON).  A reaction does not stop the mover
unless it drops him (R-ER-REACTION-NOSTOP).  At each hex he arrives at, at-the-ready
triggers are checked first (ready.py).
"""

from __future__ import annotations

import itertools

from rules.commands import Move
from rules.engine import Context
from rules.events import UnitFaced, hx
from rules.hexgrid import Hex
from rules.positioning import kept_walk, remember, step_cost, threatens, walk_key
from rules.procedures import WalkFrame, off_a_friends_hex, walk_on
from rules.state import Battle
from rules.systems.enchanted_realms.combat_events import (
    MoveCut,
    MoveEnded,
    ReactionOffered,
    ReactionsDue,
)
from rules.systems.enchanted_realms.frames import MoveFrame, TurnFrame
from rules.systems.enchanted_realms.ready import fire_on_step
from rules.systems.enchanted_realms.units import ErUnit, cfg, er, speed_ft

__all__ = ["feet_left", "move_commands", "path_feet", "reactions_at", "run_move"]


def feet_left(state: Battle, f: TurnFrame) -> int:
    """ER-14, ER-15: his speed in the mode he moves in now, less what he has walked and what
    handling cost him this turn (never below 0)."""
    u = er(state, f.unit)
    return max(0, speed_ft(u, f.mode) - f.moved_ft - f.cost_ft)


def path_feet(state: Battle, u: ErUnit, path: list[Hex] | tuple[Hex, ...]) -> int:
    """What walking `path` costs in feet (difficult terrain counts double, NOTES)."""
    cost = step_cost(state, u)
    return sum((cost(a, b) or 0) for a, b in itertools.pairwise(path)) * \
        state.board.feet_per_hex


def _budget(state: Battle, f: TurnFrame, u: ErUnit) -> int:
    """The hexes' worth of movement he may still walk now (0 if he cannot walk)."""
    if not u.fighting or u.prone or u.pos is None:
        return 0
    return feet_left(state, f) // state.board.feet_per_hex


def move_commands(state: Battle, f: TurnFrame) -> list[Move]:
    """A move to every hex he may end on now, in hex order, along the path he walks there
    (R-POS-PATH; not a hex another stands on, R-POS-BLOCK).  The moves to every hex of his walk
    are built once and kept on the board with the walk (`walk_key`: his hex, his budget and
    the foes' hexes within it), so asking again while nothing near him has moved costs a
    lookup and dropping the hexes others stand on, not a search (issue 36)."""
    u = er(state, f.unit)
    budget = _budget(state, f, u)
    if budget <= 0:
        return []
    assert u.pos is not None
    key = walk_key(state, u, budget)
    memo_key = ("er-moves", u.id, key)
    every = state.board.memo.get(memo_key)
    if every is None:
        _, paths = kept_walk(state, u, key)
        every = [(h, Move(unit=u.id, path=tuple(p)))  # each Hex read as a plain (q, r)
                 for h, p in sorted(paths.items()) if h != u.pos]
        remember(state.board, memo_key, every)
    standing = state.where.standing
    return [m for h, m in every if not standing.get(h)]


def reactions_at(state: Battle, f: WalkFrame, i: int) -> list[tuple[str, str]]:
    """R-ER-FLEE: whom step `i` of the move provokes, by initiative."""
    assert isinstance(f, MoveFrame)
    c = cfg(state)
    mover = er(state, f.unit)
    here, nxt = f.path[i], f.path[i + 1]
    found: list[tuple[str, str]] = []
    # R-POS-THREAT: only a figure within his reach of `here` threatens it, so only those
    # within the longest reach on the field are asked
    longest = max(1, max((o.reach_ft for o in state.units), default=0)
                  // state.board.feet_per_hex)
    for o in state.where.fighting_near(here, longest):
        if o.side == mover.side or o.id in f.asked or not o.fighting or o.pos is None:
            continue
        e = er(state, o.id)
        if not e.can_react(state.round) or e.in_hand != "weapon":
            continue
        if not threatens(state, e, here) or threatens(state, e, nxt):
            continue
        if e.id in f.start_near:
            found.append((e.id, "flee"))
            continue
        if not c.swing_on_the_run or _turn_run_ft(state, f, mover) > c.run_ft:
            found.append((e.id, "opportunity"))
    found.sort(key=lambda rt: (-er(state, rt[0]).initiative, rt[0]))
    return found


def _turn_run_ft(state: Battle, f: MoveFrame, mover: ErUnit) -> int:
    """ER-19, R-ER-FLEE: "moving more than 15 feet on one's turn": his movement this turn,
    the feet before this move and the whole path he runs (not only the feet up to the step
    out of a foe's reach), so a man who walks 30 feet past a foe, stepping out of his reach
    at 15, is running through his adjacent hex.  The walk, the path preview and the
    computer all ask `reactions_at`, so they agree."""
    return f.before_ft + path_feet(state, mover, f.path)


def run_move(ctx: Context, f: MoveFrame) -> None:
    state = ctx.state
    u = er(state, f.unit)
    if not u.fighting or u.pos is None or u.pos not in f.path:
        _off_a_friends_hex(ctx, f, u)
        u = er(ctx.state, f.unit)
        done = f.path[: f.path.index(u.pos) + 1] if u.pos in f.path else f.path[:1]
        ctx.emit(MoveEnded(unit=u.id, feet=path_feet(ctx.state, u, done),
                           halted="is stopped where he falls"))
        return
    if not f.queued and fire_on_step(ctx, f):
        return
    if not f.queued and _cut_short(ctx, f, u):
        return
    walk_on(ctx, f, reactions_at=reactions_at, offered=ReactionOffered, due=ReactionsDue,
            arrive=lambda: _arrive(ctx, f, u))


def _cut_short(ctx: Context, f: MoveFrame, u: ErUnit) -> bool:
    """R-ER-READY-BLOCK: the path was free when he set out, but a figure sprung by an
    at-the-ready trigger (ER-12) may have run onto it since.  He walks on only up to the
    last hex before that figure he may stop on: an enemy's hex cannot be entered, and a
    friend's may be passed through but not stopped on (R-POS-BLOCK).  If that is where he
    stands (a friend's hex), he falls back to the last free hex he crossed and stops."""
    state = ctx.state
    i = f.path.index(u.pos)  # type: ignore[arg-type]
    standing, passable = state.where.standing, state.board.passable
    if all(passable(h) and not standing.get(h) for h in f.path[i + 1:]):
        return False  # nobody on the rest of his way, nothing impassable: nothing to cut
    cost = step_cost(state, u)
    keep = [f.path[i]]
    for a, b in itertools.pairwise(f.path[i:]):
        if cost(a, b) is None:
            break
        keep.append(b)
    while len(keep) > 1 and _held(state, keep[-1], u) is not None:
        keep.pop()
    path = f.path[:i] + tuple(keep)
    if path == f.path:
        return False
    if _held(state, path[-1], u) is not None:  # on a friend's hex: back to a free one
        _off_a_friends_hex(ctx, f, u)
        ctx.emit(MoveEnded(unit=u.id, feet=path_feet(state, u, path),
                           halted="finds his way blocked and stops short"))
        return True
    ahead = f.path[len(keep) + i] if len(keep) + i < len(f.path) else f.path[-1]
    by = _held(state, ahead, u) or _held(state, f.path[-1], u) or ""
    ctx.emit(MoveCut(unit=u.id, by=by, path=tuple(hx(h) for h in path)))
    return True


def _held(state: Battle, h: Hex, u: ErUnit) -> str | None:
    """Who else stands (alive, on the field) on `h`, if anyone."""
    for o in state.units:
        if o.id != u.id and o.pos == h and o.status not in ("dead", "gone"):
            return o.id
    return None


def _arrive(ctx: Context, f: MoveFrame, u: ErUnit) -> None:
    """The end of the path: he turns the way he said (what a defender sees hangs on it,
    ER-09), and the walk's feet go on his turn (ER-14)."""
    if f.facing is not None and f.facing != u.facing:
        ctx.emit(UnitFaced(unit=u.id, facing=f.facing))
    ctx.emit(MoveEnded(unit=u.id, feet=path_feet(ctx.state, u, f.path)))


def _off_a_friends_hex(ctx: Context, f: MoveFrame, u: ErUnit) -> None:
    """R-POS-BLOCK: one dropped while passing through a friend's hex falls on the last free
    hex of his path behind him (no two figures end on one hex)."""
    off_a_friends_hex(ctx, f.path, u)
