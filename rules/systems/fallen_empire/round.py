"""The Fallen Empire combat round, run by the engine between decisions.

    surprise (round 1, FE-02) → morale (FE-04) → declarations (FE-06) → side initiative
    (FE-07) → fighting withdrawals (FE-13 reading (a)) → for each side in initiative order:
    movement, missiles, melee, spells, other (FE-09); a tie runs the sides together → end of
    round: Save or Die for the dying (FE-41), victory check.
"""

from __future__ import annotations

from rules.engine import Context
from rules.events import UnitStatusChanged
from rules.positioning import is_engaged
from rules.procedures import battle_decided, out_of_rounds
from rules.state import DEAD, DOWN, GONE, Battle, Unit
from rules.systems.fallen_empire.combat import level_or_hd
from rules.systems.fallen_empire.events import (
    InitiativeRolled,
    MoraleChecked,
    SaveOrDie,
    SurpriseRolled,
    system,
)
from rules.systems.fallen_empire.frames import (
    DeclarationsOpened,
    PhaseBegan,
    PhaseEnded,
    PhaseFrame,
    RoundBegan,
    RoundFrame,
    SideToAct,
    StepReached,
)
from rules.systems.fallen_empire.options import declarable, phase_candidates
from rules.systems.fallen_empire.units import cfg, is_fe, tables_for

PHASES = ("movement", "missile", "melee", "spell", "other")


def side_order_for_declaring(state: Battle) -> list[str]:
    """FE-06: "each person and then the monsters declare": the PCs' side first."""
    pcs = [s.id for s in state.sides if s.player_characters]
    return pcs + [s.id for s in state.sides if not s.player_characters]


def run_round(ctx: Context, f: RoundFrame) -> None:
    step = {"begin": _begin, "surprise": _surprise, "morale": _morale, "declare": _declare,
            "initiative": _initiative, "withdrawal": _withdrawal, "phases": _phases,
            "end": _end}[f.step]
    step(ctx, f)


def _begin(ctx: Context, f: RoundFrame) -> None:
    ctx.emit(RoundBegan(round=ctx.state.round + 1))
    if ctx.state.round == 1:
        ctx.emit(StepReached(step="surprise"))


def _surprise(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    if cfg(state, "surprise_enabled"):
        dice = cfg(state, "surprise_dice")
        on = tuple(cfg(state, "surprise_on"))
        results = tuple((s.id, ctx.dice.sum(dice.count, dice.sides, "surprise") + dice.bonus)
                        for s in state.sides)
        surprisers = tuple(s for s, r in results if r in on)
        # FE-02: a side that achieves surprise leaves every other side unable to act.
        surprised = tuple(s.id for s in state.sides
                          if any(x != s.id for x in surprisers))
        ctx.emit(SurpriseRolled(results=results, surprisers=surprisers, surprised=surprised))
    ctx.emit(StepReached(step="morale"))


def fighting(state: Battle, side: str) -> list[Unit]:
    return [u for u in state.units if u.side == side and u.fighting]


def _morale(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    if _check_victory(ctx):
        return
    if cfg(state, "morale_enabled"):
        sysd = system(state)
        order = [s.id for s in state.sides if not s.player_characters] + [
            s.id for s in state.sides if s.player_characters]  # FE-04: monsters first
        for side in order:
            if side in sysd.broken:
                continue
            checkers = [is_fe(u) for u in fighting(state, side) if is_fe(u).checks_morale]
            if not checkers:
                continue
            members = state.side_units(side)
            fallen = sum(1 for u in members if not u.fighting)
            done = {r for s, r in sysd.morale_checked if s == side}
            reason = ("first" if fallen >= 1 and "first" not in done else
                      "half" if 2 * fallen >= len(members) and "half" not in done else "")
            if reason:
                dice = cfg(state, "morale_dice")
                roll = ctx.dice.sum(dice.count, dice.sides, "morale") + dice.bonus
                score = max(u.morale for u in checkers)  # R-FE-MORALE: the steadiest leads
                passed = roll <= score
                ctx.emit(MoraleChecked(side=side, reason=reason, roll=roll, score=score,
                                       passed=passed))
                if not passed:
                    for u in checkers:
                        what = "surrendered" if is_engaged(ctx.state, u) else "fled"
                        ctx.emit(UnitStatusChanged(unit=u.id, status=GONE, condition=what,
                                                   reason="morale failed", rule="FE-05"))
                return
    ctx.emit(StepReached(step="declare"))


def _declare(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    for side in side_order_for_declaring(state):
        if any(not is_fe(u).declared and declarable(state, u) for u in state.side_units(side)):
            ctx.emit(DeclarationsOpened(side=side))
            return
    ctx.emit(StepReached(step="initiative"))


def _initiative(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    dice = cfg(state, "initiative_dice")
    acting = [s.id for s in state.sides
              if any(is_fe(u).declared for u in state.side_units(s.id))]
    results = tuple((s, ctx.dice.sum(dice.count, dice.sides, "initiative") + dice.bonus)
                    for s in acting)
    groups: dict[int, list[str]] = {}
    for s, r in results:
        groups.setdefault(r, []).append(s)
    order = tuple(tuple(groups[r]) for r in sorted(groups, reverse=True))
    ctx.emit(InitiativeRolled(results=results, order=order))
    ctx.emit(StepReached(step="withdrawal"))


def _withdrawal(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    everyone = tuple(s for g in system(state).order for s in g)
    ctx.emit(StepReached(step="phases", group=0, phase=0))
    if phase_candidates(ctx.state, "withdrawal", everyone, ()):
        _open_phase(ctx, "withdrawal", everyone)


def _open_phase(ctx: Context, phase: str, sides: tuple[str, ...]) -> None:
    state = ctx.state
    standing = tuple(u.id for u in state.units if u.side in sides and u.fighting)
    ctx.emit(PhaseBegan(phase=phase, sides=sides, key=f"r{state.round}:{phase}:{sides}",
                        standing=standing, rule="FE-13 (a)" if phase == "withdrawal" else
                        "FE-09"))


def _phases(ctx: Context, f: RoundFrame) -> None:
    order = system(ctx.state).order
    g, p = f.group, f.phase
    while g < len(order):
        sides = order[g]
        nxt_g, nxt_p = (g, p + 1) if p + 1 < len(PHASES) else (g + 1, 0)
        if phase_candidates(ctx.state, PHASES[p], sides, ()):
            ctx.emit(StepReached(step="phases", group=nxt_g, phase=nxt_p))
            _open_phase(ctx, PHASES[p], sides)
            return
        g, p = nxt_g, nxt_p
    ctx.emit(StepReached(step="end"))


def run_phase(ctx: Context, f: PhaseFrame) -> None:
    """Hand the choice to the next side with units still to act, or close the phase.

    In a tie (FE-07, "everybody does everything simultaneously") the sides take turns unit
    by unit, and a unit that falls during the phase still makes its attack in it."""
    state = ctx.state
    waiting = phase_candidates(state, f.phase, f.sides, f.acted, f.standing)
    sides = [s for s in f.sides if any(u.side == s for u in waiting)]
    # FE-07: the battle is not over while a unit felled in this tied phase still has its
    # simultaneous blow to deliver (the last two fighters may fell each other).
    felled_to_strike = any(not u.fighting and u.id in f.standing for u in waiting)
    if not sides or (not felled_to_strike and _check_victory(ctx)):
        if ctx.state.outcome is None:
            ctx.emit(PhaseEnded(phase=f.phase))
        return
    if f.last_side in f.sides:
        start = f.sides.index(f.last_side) + 1
        rotation = list(f.sides[start:]) + list(f.sides[:start])
    else:
        rotation = list(f.sides)
    side = next(s for s in rotation if s in sides)
    ctx.emit(SideToAct(side=side, phase=f.phase))


def _end(ctx: Context, f: RoundFrame) -> None:
    state = ctx.state
    t = tables_for()
    for u in state.units:
        fu = is_fe(u)
        if fu.status == DOWN and fu.condition == "dying":  # FE-41 reading (b)
            needed = t.saves.death(fu.kind, level_or_hd(fu))
            roll = ctx.dice.d(20, "save or die")
            ok = roll >= needed
            ctx.emit(SaveOrDie(unit=fu.id, roll=roll, needed=needed, survived=ok))
            if not ok:
                ctx.emit(UnitStatusChanged(unit=fu.id, status=DEAD, condition="dead",
                                           reason="failed to Save or Die", rule="FE-41"))
    if _check_victory(ctx) or out_of_rounds(ctx, state.option("max_rounds", 50)):
        return
    ctx.emit(RoundBegan(round=ctx.state.round + 1))


def _check_victory(ctx: Context) -> bool:
    """The battle ends when at most one side still has anyone able to fight."""
    return battle_decided(ctx, "every foe is dead, down, fled or has surrendered")


__all__ = ["DEAD", "PHASES", "run_phase", "run_round"]
