"""The chase round by the book (ER-29..ER-34): what the engine runs between the runners'
choices, one moment at a time, so the track screen can show each roll as it lands.

    begin       chase mode opens: the runners on the lane; at-the-ready triggers and
                pending reactions lapse, no reactions or spells while it lasts (ER-21, ER-26)
    initiative  d20 + Agility for each runner (R-ER-INITIATIVE); he swings in the second
                equal to it, above 10 in 10 (ER-29), below 1 in 1 (R-ER-CHASE-LOW)
    second      each runner in initiative order: in his own second, his swing (a choice,
                choices.py) if a foe is within reach, else it is lost (ER-32); then his
                movement roll for the chart's hexes (ER-30, ER-31) unless he swung a heavy
                weapon (ER-28); a pursuer closes to the heels of the one he chases and runs
                past any other (R-ER-CHASE-HEELS).  At the end of each second, a pursuer
                half his speed behind the one he chases is left behind (ER-33,
                R-ER-CHASE-END); with no quarry or no pursuer left the chase is over,
                settled by a pursuit if the GM rules it (ER-34, R-ER-CHASE-PURSUIT)
    take-up     a pursuer whose quarry is out runs on at once after another still running
                (R-ER-CHASE-QUARRY), before anyone else moves

Dice are thrown here and in choices.py only, in a fixed order, so the same seed and
choices give the same chase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import Context
from rules.events import BattleEnded, UnitStatusChanged
from rules.state import GONE, Battle
from rules.systems.enchanted_realms.chase.events import (
    ChaseBegan,
    ChaseChoiceOffered,
    ChaseEnded,
    ChaseInitiative,
    ChaseMoved,
    ChasePursuit,
    ChaseRunnerOut,
    ChaseSecondEnded,
    ChaseSwingLost,
    ChaseTookUp,
    chase_frame,
)
from rules.systems.enchanted_realms.chase.landing import return_to_the_map
from rules.systems.enchanted_realms.chase.pace import (
    chart_row,
    end_gap_hexes,
    hexes_in,
    moved,
    swing_second,
)
from rules.systems.enchanted_realms.chase.quarry import first_quarry, opened_gap
from rules.systems.enchanted_realms.chase.tables import load_chase
from rules.systems.enchanted_realms.units import cfg, er

if TYPE_CHECKING:
    from rules.systems.enchanted_realms.chase.frame import ChaseFrame
    from rules.systems.enchanted_realms.chase.runner import Runner

__all__ = ["apart", "in_reach", "run_frame"]


def run_frame(ctx: Context, frame: ChaseFrame) -> None:
    steps = {"begin": _begin, "initiative": _initiative, "second": _second}
    run = steps.get(frame.step)
    if run is None:
        raise RuntimeError(f"the chase at step {frame.step!r} has nothing to run")
    if frame.step != "begin" and _take_up(ctx, frame):
        return
    run(ctx, frame)


def _take_up(ctx: Context, frame: ChaseFrame) -> bool:
    """R-ER-CHASE-QUARRY: the first pursuer still running whose quarry is out of the chase
    runs on after the fleeing figure nearest ahead of him (or doubles back to the nearest
    he passed); True if one did."""
    quarries = frame.running("quarry")
    if not quarries:
        return False
    fph = ctx.state.board.feet_per_hex
    for p in frame.running("pursuer"):
        if frame.quarry_of(p.unit) is not None:
            continue
        q = first_quarry(quarries, p.at)
        assert q is not None
        back = q.at <= p.at
        at = q.at - 1 if back else p.at
        gap = q.at - at
        ctx.emit(ChaseTookUp(pursuer=p.unit, quarry=q.unit, second=frame.second, gap=gap, at=at,
                             allowance=opened_gap(gap, end_gap_hexes(p.speed, fph)),
                             doubled_back=back))
        return True
    return False


def in_reach(state: Battle, frame: ChaseFrame, runner: Runner) -> tuple[str, ...]:
    """ER-32: the foes on the lane within his melee weapon's reach now, nearest first.  One
    alongside him (a pursuer running past a fleeing figure he does not chase, R-ER-CHASE-HEELS)
    is a hex off, 5 ft."""
    reach = er(state, runner.unit).reach_ft
    fph = state.board.feet_per_hex
    foes = [r for r in frame.running() if r.role != runner.role]
    near = sorted((apart(r, runner), r.unit) for r in foes if apart(r, runner) * fph <= reach)
    return tuple(u for _, u in near)


def apart(a: Runner, b: Runner) -> int:
    """Hexes between two runners on the lane; side by side counts as one (R-ER-CHASE-HEELS)."""
    return max(1, abs(a.at - b.at))


def _begin(ctx: Context, frame: ChaseFrame) -> None:
    state = ctx.state
    lapsed = tuple(sorted({t.owner for t in getattr(state.system, "triggers", ())}))
    placed = tuple((r.unit, r.role, r.at, r.speed, chart_row(r.speed)[0])
                   for r in frame.runners)
    chases = tuple((r.unit, r.chases) for r in frame.runners
                   if r.role == "pursuer" and r.chases)
    notes = (("a round is ten seconds, counted down from 10 to 1", "ER-29"),
             ("nobody may take a reaction or cast a spell while the chase lasts", "ER-26"),
             ("every d20 of a blow struck on the run takes -3", "ER-22"),
             ("it ends once a pursuer is half his speed behind", "ER-33, R-ER-CHASE-END"))
    ctx.emit(ChaseBegan(quarry_side=frame.quarry_side, runners=placed, lapsed=lapsed,
                        notes=notes, chases=chases))


def _initiative(ctx: Context, frame: ChaseFrame) -> None:
    t = load_chase()
    if frame.chase_round >= t.rules.max_rounds:
        _finish(ctx, frame, "spent", f"after {frame.chase_round} rounds the runners are "
                "spent and nobody is caught (R-ER-CHASE-ROUNDS)")
        return
    die = cfg(ctx.state).initiative_die
    entries = []
    for r in frame.running():
        u = er(ctx.state, r.unit)
        face = ctx.dice.d(die, f"chase initiative, {r.unit}")
        entries.append((r.unit, face, face + u.agility, swing_second(face + u.agility, t)))
    agility = {u: er(ctx.state, u).agility for u, *_ in entries}
    order = tuple(u for _, _, u in sorted((-total, -agility[u], u)
                                          for u, _, total, _ in entries))
    ctx.emit(ChaseInitiative(round=frame.chase_round + 1, entries=tuple(entries), order=order))


def _second(ctx: Context, frame: ChaseFrame) -> None:
    state = ctx.state
    cur = frame.current()
    if cur is None:
        _second_over(ctx, frame)
        return
    if not state.unit(cur.unit).fighting:
        ctx.emit(ChaseRunnerOut(unit=cur.unit, why="down"))
        return
    if cur.second == frame.second and not frame.swung:
        targets = in_reach(state, frame, cur)
        if targets or cur.role == "pursuer":
            ctx.emit(ChaseChoiceOffered(unit=cur.unit, side=state.unit(cur.unit).side,
                                        second=frame.second, in_reach=targets))
        else:
            foes = [apart(r, cur) for r in frame.running() if r.role != cur.role]
            ctx.emit(ChaseSwingLost(unit=cur.unit, second=frame.second,
                                    reach_ft=er(state, cur.unit).reach_ft,
                                    nearest_ft=min(foes, default=0) * state.board.feet_per_hex))
        return
    _move(ctx, frame, cur)


def _move(ctx: Context, frame: ChaseFrame, cur: Runner) -> None:
    t = load_chase()
    sec = frame.second
    chart = hexes_in(cur.speed, sec, t)
    if frame.heavy_swing:
        ctx.emit(ChaseMoved(unit=cur.unit, second=sec, chart=chart, at=cur.at,
                            why="he swung a heavy weapon this second (ER-28)"))
        return
    if chart == 0:
        ctx.emit(ChaseMoved(unit=cur.unit, second=sec, chart=0, at=cur.at,
                            why=f"at {cur.speed} ft the chart gives no movement in second "
                                f"{sec} (ER-30)"))
        return
    u = er(ctx.state, cur.unit)
    face = ctx.dice.d(20, f"chase movement, {cur.unit}")
    gained = moved(face, u.agility, chart, t)
    at = cur.at + gained
    held = False
    mark = frame.quarry_of(cur.unit) if cur.role == "pursuer" else None
    if mark is not None and at > mark.at - 1:  # R-ER-CHASE-HEELS: to his heels, never past
        at, held = max(cur.at, mark.at - 1), True
    ctx.emit(ChaseMoved(unit=cur.unit, second=sec, chart=chart, face=face, agility=u.agility,
                        dc=t.rules.movement_dc, hexes=at - cur.at, at=at, held_back=held))


def _second_over(ctx: Context, frame: ChaseFrame) -> None:
    state = ctx.state
    for r in frame.running():
        if not state.unit(r.unit).fighting:
            ctx.emit(ChaseRunnerOut(unit=r.unit, why="down"))
            return
    fph = state.board.feet_per_hex
    closed = []
    for p in frame.running("pursuer"):
        gap = frame.gap(p.unit)
        need = end_gap_hexes(p.speed, fph)
        if gap is not None and gap >= need + p.allowance:
            ctx.emit(ChaseRunnerOut(unit=p.unit, why="left behind", gap=gap, needed=need,
                                    rule="ER-33, R-ER-CHASE-END"))
            return
        if p.allowance and gap is not None and gap < need:
            closed.append(p.unit)  # within half his speed again: the plain rule holds
    quarries, pursuers = frame.running("quarry"), frame.running("pursuer")
    if not quarries:
        _finish(ctx, frame, "caught", "every fleeing figure is down or run to ground")
        return
    if not pursuers:
        if ctx.state.option("chase_pursuit", False) and any(
                r.out == "left behind" for r in frame.runners if r.role == "pursuer"):
            _pursuit(ctx, frame)
            return
        _finish(ctx, frame, "escaped", "nobody is left on the fleeing figures' heels")
        return
    gaps = tuple((p.unit, frame.gap(p.unit) or 0) for p in pursuers)
    several = len(quarries) > 1
    chased = tuple((p.unit, p.chases) for p in pursuers if several and p.chases)
    ctx.emit(ChaseSecondEnded(second=frame.second, gaps=gaps, chased=chased,
                              closed=tuple(closed)))


def _pursuit(ctx: Context, frame: ChaseFrame) -> None:
    """ER-34, R-ER-CHASE-PURSUIT: out of close contact, "stop that thief!": each quarry's
    d20 + Agility (+ the abandonment edge) against the best of the pursuers still standing."""
    t = load_chase()
    hunters = [r for r in frame.runners if r.role == "pursuer" and r.out == "left behind"]
    for q in frame.running("quarry"):
        scores = []
        for r in (q, *hunters):
            u = er(ctx.state, r.unit)
            edge = t.rules.pursuit_dc_bonus if u.has(t.skills.abandonment) else 0
            scores.append((r.unit, ctx.dice.d(20, f"pursuit, {r.unit}") + u.agility + edge))
        best = max(s for u, s in scores[1:])
        ctx.emit(ChasePursuit(quarry=q.unit, scores=tuple(scores), escaped=scores[0][1] > best))
    f = _current(ctx)
    if f.running("quarry"):
        _finish(ctx, f, "escaped", "the pursuit is lost: they got clean away (ER-34)")
    else:
        _finish(ctx, f, "caught", "the pursuit runs them to ground (ER-34)")


def _current(ctx: Context) -> ChaseFrame:
    f = chase_frame(ctx.state)
    assert f is not None
    return f


def _finish(ctx: Context, frame: ChaseFrame, result: str, reason: str) -> None:
    ctx.emit(ChaseEnded(result=result, reason=reason))
    if frame.returns:  # opened from a skirmish: back to the map (R-ER-CHASE-RETURN)
        return_to_the_map(ctx, frame, result)
        return
    if result == "escaped":
        for q in frame.running("quarry"):
            ctx.emit(UnitStatusChanged(unit=q.unit, status=GONE, condition="escaped",
                                       reason="he outran his pursuers", rule="ER-33"))
    pursuing = sorted({ctx.state.unit(r.unit).side for r in frame.runners
                       if r.role == "pursuer"})
    winner = {"escaped": frame.quarry_side, "caught": pursuing[0] if pursuing else None,
              "spent": None}[result]
    ctx.emit(BattleEnded(winner=winner, reason=reason))
