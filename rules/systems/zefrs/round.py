"""The ZeFRS combat turn (ZEF-09, ZEF-10): declare, roll initiative, act in order.

Why it is built this way: the text's turn is five steps; each is a step of the `TurnFrame`,
run by the engine one at a time (`run_turn`), so a save taken between any two of them
replays.  The one choice a side makes, its declarations, is a `DeclareFrame` on top; every
other step is dice and the declarations, so it runs by itself.

Rulings here: R-ZEF-INITIATIVE-WHO (who rolls), R-ZEF-INITIATIVE-TIES (ties),
R-ZEF-WAIT (what a wait's condition is), R-ZEF-MOVE (how far a move goes).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from rules.engine import Context
from rules.events import RoundStarted, UnitStatusChanged, UnitStepped, hx
from rules.hexgrid import Hex
from rules.positioning import reachable, step_facing
from rules.procedures import battle_decided, out_of_rounds, system_of
from rules.state import ACTIVE, Battle, Unit
from rules.systems.zefrs import missiles, special, waits
from rules.systems.zefrs.blows import strike
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import own_shifts
from rules.systems.zefrs.declare import Declared, closing_hexes, in_reach, move_budget, parse
from rules.systems.zefrs.events import (
    ActionDone,
    DeclarationsOpened,
    EndBlowQueued,
    ExtraActionChecked,
    InitiativeRolled,
    StepReached,
    TurnFrame,
    ZefSystem,
)
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.surprise import FreeActionSpent, check_newcomers, check_surprise
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, initiative_rating, zef
from rules.systems.zefrs.walk import path_to

__all__ = ["free_turn", "roll_initiative", "run_turn", "to_declare"]


def run_turn(ctx: Context, f: TurnFrame) -> None:
    {"begin": _begin, "declare": _declare, "initiative": _initiative, "act": _act,
     "end": _end, "over": _over}[f.step](ctx, f)


def _begin(ctx: Context, f: TurnFrame) -> None:
    if battle_decided(ctx, "every foe is down") or out_of_rounds(
            ctx, config_of(ctx.state).max_rounds):
        return
    if ctx.state.round == 0 and config_of(ctx.state).surprise:
        check_surprise(ctx)  # ZEF-11: at the start of the combat
    else:
        check_newcomers(ctx)  # ZEF-11, ZEF-14: whoever has entered the fray since
    ctx.emit(RoundStarted(round=ctx.state.round + 1))
    for u in ctx.state.units:  # ZEF-35: the knocked out come to
        if isinstance(u, ZefUnit) and u.condition == "knocked out" and \
                u.wakes_at <= ctx.state.round:
            ctx.emit(UnitStatusChanged(unit=u.id, status=ACTIVE, condition="",
                                       reason="comes to", rule="ZEF-35"))
    ctx.emit(StepReached(step="declare"))


def free_turn(state: Battle) -> bool:
    """ZEF-12: a turn of free actions, while anyone has one left."""
    return any(isinstance(u, ZefUnit) and u.fighting and u.free_actions > 0
               for u in state.units)


def to_declare(state: Battle, side: str) -> list[ZefUnit]:
    """The figures of `side` still to state an action this turn; in a free turn only those
    with a free action (ZEF-12: the others are caught off guard)."""
    free = free_turn(state)
    return [u for u in state.units if isinstance(u, ZefUnit) and u.side == side
            and u.fighting and not u.declared and (u.free_actions > 0 or not free)]


def _undeclared(ctx: Context, side: str) -> list[ZefUnit]:
    return to_declare(ctx.state, side)


def _declare(ctx: Context, f: TurnFrame) -> None:
    """ZEF-15: every fighting figure states one action; side by side, as listed."""
    for side in ctx.state.sides:
        if _undeclared(ctx, side.id):
            ctx.emit(DeclarationsOpened(side=side.id))
            return
    ctx.emit(StepReached(step="initiative"))


def _initiative(ctx: Context, f: TurnFrame) -> None:
    """ZEF-17, ZEF-18: d10 + the best of Animal Reflexes, Movement and General Prowess +
    the weapon's Initiative Bonus ("x/y": x in the first turn) for each figure who strikes
    or moves (R-ZEF-INITIATIVE-WHO: defending and waiting figures do not roll).  Ties
    (R-ZEF-INITIATIVE-TIES): the higher rating first, then a d10 roll-off, again until
    they differ."""
    if config_of(ctx.state).initiative_by == "sides":
        _side_initiative(ctx)
        return
    entries, order = roll_initiative(ctx, ctx.state.units, ctx.state.round)
    ctx.emit(InitiativeRolled(entries=entries, order=order))
    ctx.emit(StepReached(step="act", index=0))


def roll_initiative(ctx: Context, figures: Iterable[Unit], turn: int
                    ) -> tuple[tuple[tuple[str, int, int, int], ...], tuple[str, ...]]:
    """ZEF-17, ZEF-18 for `figures` (those of them fighting whose declaration rolls,
    R-ZEF-INITIATIVE-WHO), in the combat turn `turn` (the weapon's "x/y" bonus: x in the
    first): the entries (figure, d10, rating, weapon bonus), in the order given, and the
    order they act in, ties rolled off (R-ZEF-INITIATIVE-TIES).  The turn's own step and the
    mass battle's leader duel (ZEF-70) both roll with it."""
    t = load_tables()
    entries = []
    for u in figures:
        d = parse(u.declared) if isinstance(u, ZefUnit) and u.fighting else None
        if d is None or not d.rolls_initiative:
            continue
        assert isinstance(u, ZefUnit)
        die = ctx.dice.d(10)
        held = u.missile if d.kind == "shoot" else u.weapon
        bonus = t.weapon(held or None).initiative_bonus(turn) if d.weapon_bonus else 0
        entries.append((u.id, die, initiative_rating(u, t), bonus))
    keyed = {e[0]: (e[1] + e[2] + e[3], e[2]) for e in entries}
    order = sorted(keyed, key=lambda uid: (-keyed[uid][0], -keyed[uid][1]))
    return tuple(entries), tuple(_roll_off(ctx, order, keyed))


def _rollers(ctx: Context) -> list[tuple[ZefUnit, Declared]]:
    return [(u, d) for u in ctx.state.units if isinstance(u, ZefUnit) and u.fighting
            and (d := parse(u.declared)) is not None and d.rolls_initiative]  # type: ignore[misc]


def _side_initiative(ctx: Context) -> None:
    """ZEF-19 [GM]: each side rolls one d10 + its best Animal Reflexes, Movement or General
    Prowess among those who roll, + a weapon's Initiative Bonus only if all of them strike
    with the same weapon; the side's figures act at its total, the side's best first (by
    rating, then id); sides tied roll off (R-ZEF-INITIATIVE-TIES, R-ZEF-SIDE-INITIATIVE)."""
    t = load_tables()
    entries = []
    keyed: dict[str, tuple[int, int]] = {}
    members: dict[str, list[ZefUnit]] = {}
    rollers = _rollers(ctx)
    for side in ctx.state.sides:
        mine = [(u, d) for u, d in rollers if u.side == side.id]
        if not mine:
            continue
        die = ctx.dice.d(10)
        best = max(initiative_rating(u, t) for u, _ in mine)
        weapons = {(u.missile if d.kind == "shoot" else u.weapon) if d.weapon_bonus else None
                   for u, d in mine}
        bonus = t.weapon(next(iter(weapons)) or None).initiative_bonus(ctx.state.round) \
            if len(weapons) == 1 and None not in weapons else 0
        keyed[side.id] = (die + best + bonus, best)
        members[side.id] = sorted((u for u, _ in mine),
                                  key=lambda u: (-initiative_rating(u, t), u.id))
        entries += [(u.id, die, best, bonus) for u in members[side.id]]
    sides = sorted(keyed, key=lambda s: (-keyed[s][0], -keyed[s][1]))
    sides = _roll_off(ctx, sides, keyed)
    order = tuple(u.id for s in sides for u in members[s])
    ctx.emit(InitiativeRolled(entries=tuple(entries), order=order))
    ctx.emit(StepReached(step="act", index=0))


def _roll_off(ctx: Context, order: list[str], keyed: dict[str, tuple[int, int]]) -> list[str]:
    """R-ZEF-INITIATIVE-TIES: figures equal in total and rating roll d10 until they differ,
    the higher first."""
    out: list[str] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and keyed[order[j + 1]] == keyed[order[i]]:
            j += 1
        group = order[i:j + 1]
        while len(group) > 1:
            rolls = {uid: ctx.dice.d(10) for uid in group}
            best = max(rolls.values())
            first = sorted(u for u in group if rolls[u] == best)
            if len(first) == 1:
                out.append(first[0])
                group = [u for u in group if u != first[0]]
            else:
                group = first + [u for u in group if u not in first]
        out.extend(group)
        i = j + 1
    return out


def _act(ctx: Context, f: TurnFrame) -> None:
    """ZEF-10 (4): the figures act in initiative order.  Before one acts, everyone waiting
    for him checks (ZEF-20); those too slow act right after him (ZEF-21: turning on
    someone else if they must)."""
    sysm = system_of(ctx.state, ZefSystem)
    if f.index >= len(sysm.order):
        ctx.emit(StepReached(step="end"))
        return
    uid = sysm.order[f.index]
    for waiter in waits.waiting_for(ctx, uid):
        if waits.check_wait(ctx, waiter, uid):
            _do(ctx, waiter)
    _do(ctx, uid)
    later = set(sysm.order[f.index + 1:])

    def yet_to_act(other: str) -> bool:
        return other in later and other not in system_of(ctx.state, ZefSystem).acted

    for waiter in waits.waiting_for(ctx, uid, late=True):
        waits.late_strike(ctx, waiter, uid, yet_to_act, _wait_blow)
    ctx.emit(StepReached(step="act", index=f.index + 1))


def _wait_blow(ctx: Context, uid: str, target: str, aim: str) -> None:
    strike(ctx, uid, target, aim)


def _do(ctx: Context, uid: str) -> None:
    """Carry out `uid`'s declared action, if he still can."""
    u = zef(ctx.state, uid)
    if uid in system_of(ctx.state, ZefSystem).acted:
        return
    if not u.fighting:
        ctx.emit(ActionDone(unit=uid, note="is out of the fight"))
        return
    d = parse(u.declared)
    if d is None or d.kind == "defend":
        ctx.emit(ActionDone(unit=uid))
        return
    if d.kind in ("move", "stand", "reload"):
        if d.to is not None:
            _walk(ctx, u, d.to)
        elif d.kind == "stand":
            special.stand(ctx, uid)
        else:
            missiles.reload(ctx, uid)
        ctx.emit(ActionDone(unit=uid))
        return
    foe = ctx.state.unit(d.target)
    if d.kind in ("wrestle", "bash", "rush"):
        special.manoeuvre(ctx, u, foe, d.kind)
        return
    if d.kind == "shoot":
        assert isinstance(foe, ZefUnit)
        why = "" if foe.fighting else f"finds {foe.id} already down"
        why = why or missiles.shot_refusal(ctx.state, u, foe) or ""
        if not why:
            missiles.shoot(ctx, uid, foe.id, d.aim)
        ctx.emit(ActionDone(unit=uid, note=f"cannot shoot: {why}" if why else ""))
        return
    assert isinstance(foe, ZefUnit)
    if d.kind == "close":  # ZEF-22: the move is the first action, the blow the extra one
        spots = closing_hexes(ctx.state, u, foe) if foe.fighting else []
        if spots:
            _walk(ctx, u, spots[0])
        u = zef(ctx.state, uid)
        if not foe.fighting or not in_reach(ctx.state, u, foe) or not extra_check(ctx, uid):
            ctx.emit(ActionDone(unit=uid))
            return
    note = _cannot_strike(ctx, u, foe)
    if note:
        ctx.emit(ActionDone(unit=uid, note=note))
        return
    strike(ctx, uid, d.target, d.aim, knockout=d.mode == "ko")
    if d.mode == "both":
        ctx.emit(EndBlowQueued(unit=uid))
    elif d.mode == "twice" and extra_check(ctx, uid):
        foe = ctx.state.unit(d.target)
        if foe.fighting:
            strike(ctx, uid, d.target, d.aim)
    ctx.emit(ActionDone(unit=uid))


def _cannot_strike(ctx: Context, u: ZefUnit, foe: Unit) -> str:
    """Why `u` cannot strike `foe` now ("" if he can)."""
    assert isinstance(foe, ZefUnit)
    if not u.fighting:
        return "is out of the fight"
    if not foe.fighting:
        return f"finds {foe.id} already down"
    if not in_reach(ctx.state, u, foe):
        return f"cannot reach {foe.id} (ZEF-02)"
    return ""


def extra_check(ctx: Context, uid: str) -> bool:
    """ZEF-22: an extra action happens only on a red check of Animal Reflexes or General
    Prowess; anything else, −3 on every check for the rest of this turn and all the next."""
    t = load_tables()
    cfg = config_of(ctx.state)
    u = zef(ctx.state, uid)
    walk = t.chart.walk(u.reflexes(), own_shifts(ctx.state, u, cfg), cfg.columns_per_point)
    roll = ctx.dice.d(100)
    colour = t.chart.colour(walk.column, roll)
    ok = colour is Colour.RED
    ctx.emit(ExtraActionChecked(unit=uid, roll=roll, column=walk.column, colour=colour.word,
                                penalty_until=0 if ok else ctx.state.round + 1))
    return ok


def _walk(ctx: Context, u: ZefUnit, to: Hex) -> None:
    """R-ZEF-MOVE: along the cheapest path to the declared hex; if it is blocked now, to the
    reachable hex nearest it (the one first in order among equals)."""
    assert u.pos is not None
    budget = move_budget(ctx.state, u)
    path = path_to(ctx.state, u, budget, to)  # the one path, as `reachable` chooses it
    if path is None:
        paths = reachable(ctx.state, u, budget)
        best = min(paths, key=lambda h: (h.distance(to), len(paths[h]), h))
        path = paths[best]
    facing = u.facing
    for a, b in itertools.pairwise(path):
        facing = step_facing(a, b, facing)
        ctx.emit(UnitStepped(unit=u.id, from_hex=hx(a), to_hex=hx(b), facing=facing))


def _end(ctx: Context, f: TurnFrame) -> None:
    """ZEF-33: the blows that fall at the end of the turn: the second weapons, in the order
    their first blows fell, then the blows of those who guarded with their other weapon, in
    id order (R-ZEF-SECOND-WEAPON); a wait whose condition never came is simply spent."""
    guards = [u.id for u in ctx.state.units if isinstance(u, ZefUnit) and u.fighting
              and (d := parse(u.declared)) is not None and d.mode == "guard"]
    for uid in (*system_of(ctx.state, ZefSystem).end_blows, *guards):
        u = zef(ctx.state, uid)
        d = parse(u.declared)
        assert d is not None
        foe = ctx.state.unit(d.target)
        if _cannot_strike(ctx, u, foe):
            continue
        if d.mode == "both":
            strike(ctx, uid, d.target, d.aim, weapon=u.offhand, second_weapon=True)
        else:
            strike(ctx, uid, d.target, d.aim)
    ctx.emit(StepReached(step="over"))


def _over(ctx: Context, f: TurnFrame) -> None:
    if free_turn(ctx.state):
        ctx.emit(FreeActionSpent(units=tuple(
            u.id for u in ctx.state.units if isinstance(u, ZefUnit) and u.free_actions > 0)))
    if battle_decided(ctx, "every foe is down"):
        return
    ctx.emit(StepReached(step="begin"))
