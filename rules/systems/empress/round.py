"""The Empress combat round: the GM's countdown of segments (§3.1).

    surprise (round 1, EMP-63) → action segments (EMP-01, or rolled EMP-08 / hybrid EMP-09)
    → count down from the highest: in each segment, first those holding (they "announce at
    the start of a subsequent segment", EMP-02), then those whose segment it is, each may
    act, hold, or (a Warrior) hold for counter (EMP-05) → the round ends when everyone has
    had his chance and nobody holds, or when two segments pass with nobody acting
    (EMP-06, reading (b) by default) → cautious fall-backs (EMP-58) → Fortitude saves of
    the critically wounded (EMP-54) and the swallowed take their damage (EMP-81).

R-EMP-SEGMENT-ORDER: characters who share a segment go in order of Initiative level, then
Agility, then id (the text gives no order); holders announcing come first.
"""

from __future__ import annotations

from rules.engine import Context
from rules.events import UnitStatusChanged
from rules.procedures import battle_decided, out_of_rounds
from rules.state import ACTIVE, DEAD, DOWN, Battle
from rules.systems.empress.condition_events import Surprised
from rules.systems.empress.damage import take
from rules.systems.empress.events import CriticalSave
from rules.systems.empress.frames import RoundFrame, system
from rules.systems.empress.move_events import FallBackStage
from rules.systems.empress.round_events import (
    ActionLost,
    InitiativeSet,
    RoundBegan,
    SegmentPassed,
    StepReached,
    TurnBegan,
)
from rules.systems.empress.saves import roll_save
from rules.systems.empress.units import EmpUnit, cfg, is_emp, save_modifier


def run_round(ctx: Context, f: RoundFrame) -> None:
    {"begin": _begin, "surprise": _surprise, "initiative": _initiative,
     "segments": _segments, "fall_back": _fall_back, "end": _end}[f.step](ctx, f)


def active(u: EmpUnit) -> bool:
    """Still in the fight: on the board, or fighting from inside a swallower (EMP-81)."""
    return u.status == ACTIVE and (u.pos is not None or bool(u.swallowed_by))


def _begin(ctx: Context, f: RoundFrame) -> None:
    ctx.emit(RoundBegan(round=ctx.state.round + 1))


def _surprise(ctx: Context, f: RoundFrame) -> None:
    """EMP-63 (a): when the meeting is sudden, everyone saves against Wits on his own; who
    fails cannot act in the first round but may still defend."""
    state = ctx.state
    if cfg(state, "surprise_enabled"):
        for u in state.units:
            e = is_emp(u)
            if not active(e):
                continue
            ok = roll_save(ctx, e, "wits", purpose="to avoid surprise", rule="EMP-63 (a)")
            if not ok:
                ctx.emit(Surprised(unit=e.id, until="round", reason="caught unawares in the "
                                   "first round", rule="EMP-63 (a)"))
    ctx.emit(StepReached(step="initiative"))


def _initiative(ctx: Context, f: RoundFrame) -> None:
    """EMP-01 / EMP-08 / EMP-09: each character's action segment this round."""
    state = ctx.state
    mode = cfg(state, "initiative_mode")
    die = cfg(state, "initiative_die")
    entries = []
    for u in state.units:
        e = is_emp(u)
        if not active(e):
            continue
        rolls = mode == "rolled" or (mode == "hybrid" and (
            e.important or any(s.id == e.side and s.player_characters for s in state.sides)))
        if rolls:
            roll = ctx.dice.sum(die.count, die.sides, f"initiative {e.id}") + die.bonus
            entries.append((e.id, roll + e.initiative, roll))
        elif mode == "hybrid":
            entries.append((e.id, cfg(state, "hybrid_default_segment"), 0))
        else:
            entries.append((e.id, e.initiative, 0))
    if not entries:
        ctx.emit(StepReached(step="end"))
        return
    segs = [s for _, s, _ in entries]
    ctx.emit(InitiativeSet(mode=mode, entries=tuple(entries), top=max(segs), lowest=min(segs)))
    ctx.emit(StepReached(step="segments"))


def candidates(state: Battle) -> list[EmpUnit]:
    """Who may still be asked to act in the current segment, in order
    (R-EMP-SEGMENT-ORDER): holders first, then those whose segment it is."""
    sysd = system(state)
    seg = sysd.segment
    holders, own = [], []
    for u in state.units:
        e = is_emp(u)
        if not active(e) or e.spent or e.id in sysd.offered:
            continue
        if e.holding and not e.counter:
            holders.append(e)
        elif e.segment == seg and not (e.holding and e.counter and e.turn_round == state.round):
            own.append(e)
    key = lambda u: (-u.initiative, -u.agility, u.id)  # noqa: E731
    return sorted(holders, key=key) + sorted(own, key=key)


def lost_reason(state: Battle, u: EmpUnit) -> tuple[str, str, bool] | None:
    """Why `u` cannot act now (reason, rule, clears surprise), or None."""
    if u.surprised == "round":
        return "surprised", "EMP-63", False
    if u.surprised == "turn":
        return "reeling from a dirty trick: this action is lost", "EMP-84", True
    if u.helpless and not u.in_fight:
        return "asleep or bound", "EMP-85", False
    return None


def _segments(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    if check_victory(ctx):
        return
    sysd = system(state)
    waiting = candidates(state)
    if waiting:
        u = waiting[0]
        why = lost_reason(state, u)
        if why is not None:
            ctx.emit(ActionLost(unit=u.id, reason=why[0], rule=why[1], clears_surprise=why[2]))
            return
        ctx.emit(TurnBegan(unit=u.id, segment=sysd.segment,
                           from_hold=u.holding and not u.counter, side=u.side))
        return
    ctx.emit(next_segment(state))


def next_segment(state: Battle) -> SegmentPassed:
    """EMP-06: move the countdown on, or end the round.

    Reading (b), `round_end = "after_lowest"`: segments count toward the two empty ones only
    once the lowest action segment has come up, so nobody loses his turn to a gap in the
    countdown.  Reading (a), `"any_two_empty"`: any two empty segments in a row end the
    round, even before lower Initiative levels come up."""
    sysd = system(state)
    seg = sysd.segment
    need = cfg(state, "empty_segments_to_end")
    empty = not sysd.acted_here
    units = [is_emp(u) for u in state.units if active(is_emp(u))]
    holders = [u.id for u in units if u.holding and not u.counter and not u.spent]
    later = [u.segment for u in units if not u.spent and u.segment < seg and (
        not u.holding or (u.counter and u.turn_round != state.round))]
    if cfg(state, "round_end") == "after_lowest":
        run = (sysd.empty_run + 1 if empty else 0) if seg <= sysd.lowest else 0
        if not later and not holders:
            return SegmentPassed(segment=seg, empty=empty, empty_run=run, next_segment=seg,
                                 round_over=True, reason="everyone has had his chance")
        if not later and run >= need:
            return SegmentPassed(segment=seg, empty=empty, empty_run=run, next_segment=seg,
                                 round_over=True, lost=tuple(holders),
                                 reason=f"{need} segments went by with nobody acting (EMP-06 "
                                        "(b))")
        nxt = seg - 1 if holders else max(later)
        return SegmentPassed(segment=seg, empty=empty, empty_run=run, next_segment=nxt)
    run = sysd.empty_run + 1 if empty else 0
    if run >= need:
        return SegmentPassed(segment=seg, empty=empty, empty_run=run, next_segment=seg,
                             round_over=True, lost=tuple(holders),
                             reason=f"{need} segments went by with nobody acting (EMP-06 (a))")
    if not later and not holders:
        return SegmentPassed(segment=seg, empty=empty, empty_run=run, next_segment=seg,
                             round_over=True, reason="everyone has had his chance")
    if holders:
        return SegmentPassed(segment=seg, empty=empty, empty_run=run, next_segment=seg - 1)
    nxt = max(later)
    gap = seg - nxt - 1
    if run + gap >= need:
        skipped = [u.id for u in units if not u.spent and u.segment < seg and (
            not u.holding or (u.counter and u.turn_round != state.round))]
        return SegmentPassed(segment=seg - (need - run), empty=True, empty_run=need,
                             next_segment=nxt, round_over=True, lost=tuple(holders),
                             reason=f"{need} segments went by with nobody acting (EMP-06 (a)); "
                                    f"{', '.join(skipped)} never came up")
    return SegmentPassed(segment=seg, empty=empty, empty_run=run + gap, next_segment=nxt)


def _fall_back(ctx: Context, f: RoundFrame) -> None:
    """EMP-58: those who spent their action falling back leave now, one by one."""
    for u in ctx.state.units:
        e = is_emp(u)
        if e.falling_back and e.fighting:
            ctx.emit(FallBackStage(unit=e.id, stage="ask"))
            return
    ctx.emit(StepReached(step="end"))


def _end(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    for u in state.units:
        e = is_emp(u)
        if e.status == DOWN and e.condition == "critical":
            mods = tuple(save_modifier(e, "fortitude"))
            roll = ctx.dice.d(20, "Fortitude save")
            target = cfg(state, "save_target")
            ok = roll + sum(m.value for m in mods) >= target
            fails = e.fort_failures + (0 if ok else 1)
            ctx.emit(CriticalSave(unit=e.id, roll=roll, modifiers=mods, target=target,
                                  success=ok, failures=fails))
            if fails >= cfg(state, "fortitude_failures_to_die"):
                ctx.emit(UnitStatusChanged(unit=e.id, status=DEAD, condition="dead",
                                           reason="three failed Fortitude saves",
                                           rule="EMP-54"))
    for u in ctx.state.units:
        e = is_emp(u)
        if e.swallowed_by and e.status == ACTIVE:
            swallower = is_emp(ctx.state.unit(e.swallowed_by))
            from rules.data import parse_dice

            dice = parse_dice(swallower.swallow_damage or "1d6")
            amount = max(0, ctx.dice.sum(dice.count, dice.sides, "swallowed") + dice.bonus)
            if amount:
                take(ctx, e.id, amount, "swallowed")
    if check_victory(ctx) or out_of_rounds(ctx, cfg(ctx.state, "max_rounds")):
        return
    ctx.emit(RoundBegan(round=ctx.state.round + 1))


def check_victory(ctx: Context) -> bool:
    """The battle ends when at most one side still has anyone able to fight."""
    return battle_decided(ctx, "every foe is down, dead or swallowed")


__all__ = ["candidates", "check_victory", "next_segment", "run_round"]
