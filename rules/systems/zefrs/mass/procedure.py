"""The mass-combat round by the book (ZEF-58..ZEF-80): what the engine runs between the
commanders' decisions, one step of the frame at a time, so the window can show each segment
as it is fought.

    reveal    both sides' placement made known, facings as the text pairs them (ZEF-60)
    round     a new round: every unit is to be ordered (ZEF-66)
    open      the sealed orders opened together
    move      the commanders ride (ZEF-63), then the units move (ZEF-62)
    duel      segment 1: the leaders of units in a fight face each other (ZEF-70) ...
    duels     ... and declare as in a skirmish, side A's then side B's, sealed (duel.py) ...
    blows     ... then roll the skirmish's initiative and strike its blows (ZEF-17, ZEF-70)
    segment   2, 3, 4: every attacking or shooting unit checks at once (ZEF-72..75)
    withdraw  withdrawing units fall back, and their enemies may follow (ZEF-69)
    morale    the checks the four triggers call for, and who flees (ZEF-77..79)
    end       fallen leaders and commanders replaced (ZEF-59); the battle over or on

Dice are thrown here only, in a fixed order (units by id), so the same seed and orders give
the same battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import Context, face_target
from rules.events import BattleEnded
from rules.hexgrid import Hex
from rules.state import ACTIVE, DEAD, Battle
from rules.systems.zefrs.blows import strike
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.declare import parse, say_action
from rules.systems.zefrs.mass.combat import (
    attacking,
    casualties,
    check_of,
    outnumbering,
    rulings_of,
    walk_words,
)
from rules.systems.zefrs.mass.duel import duel_pairs, duel_turn, no_duel_reason, unit_leader
from rules.systems.zefrs.mass.events import (
    MassCommanderMoved,
    MassCommanderReplaced,
    MassDuelsJoined,
    MassDuelsOpened,
    MassLeaderDown,
    MassLeaderReplaced,
    MassMoraleChecked,
    MassNoDuels,
    MassOrdersOpened,
    MassRevealed,
    MassRoundBegan,
    MassRoundEnded,
    MassStayed,
    MassStepped,
    MassUnitBroke,
    MassUnitChecked,
    MassUnitMoved,
    MassWithdrew,
    mass_frame,
    square_word,
)
from rules.systems.zefrs.mass.grid import (
    SLOTS,
    adjacent,
    behind,
    on_grid,
    slot_square,
)
from rules.systems.zefrs.mass.orders import order_words, shoot_targets, square_key
from rules.systems.zefrs.mass.tables import load_mass
from rules.systems.zefrs.mass.units import MassUnit, leader_id, mass_units
from rules.systems.zefrs.round import roll_initiative
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef
from rules.wording import Words

if TYPE_CHECKING:
    from rules.systems.zefrs.mass.frame import MassFrame

__all__ = ["run_frame", "unit_leader"]


def run_frame(ctx: Context, frame: MassFrame) -> None:
    steps = {"reveal": _reveal, "round": _round, "open": _open, "move": _move,
             "duel": _duel, "blows": _blows, "segment": _segment, "withdraw": _withdraw,
             "morale": _morale, "end": _end}
    run = steps.get(frame.step)
    if run is None:
        raise RuntimeError(f"the mass battle at step {frame.step!r} has nothing to run")
    run(ctx, frame)


def _mu(state: Battle, uid: str) -> MassUnit:
    u = state.unit(uid)
    assert isinstance(u, MassUnit)
    return u


# --- deployment revealed (ZEF-58, ZEF-60, ZEF-61) -------------------------------------------


def _reveal(ctx: Context, frame: MassFrame) -> None:
    state = ctx.state
    placed: list[tuple[str, tuple[int, int], int, str]] = []
    squares: dict[str, Hex] = {}
    for side, first in ((frame.side_a, True), (frame.side_b, False)):
        facing = 0 if first else 2
        units = mass_units(state, side)
        for u in units:
            if u.slot in SLOTS:
                sq = slot_square(first, u.slot, frame.gap)
                squares[u.id] = sq
                placed.append((u.id, (sq.q, sq.r), facing, u.slot))
        for u in units:
            if u.slot.startswith("reserve:"):
                sq = behind(squares[u.slot.partition(":")[2]], facing)
                squares[u.id] = sq
                placed.append((u.id, (sq.q, sq.r), facing, "reserve"))
    commanders = []
    for side, cid in frame.commanders:
        line = sorted((u for u in mass_units(state, side) if u.slot in SLOTS),
                      key=lambda u: (SLOTS.index(u.slot) != 1, SLOTS.index(u.slot)))
        if line and cid:
            sq = squares[line[0].id]
            commanders.append((cid, (sq.q, sq.r)))
    notes = (("side A's left faces side B's right, its right B's left, the centres each "
              "other; each reserve stands behind a unit of its own side", "ZEF-60"),
             (f"{frame.gap} empty {'square' if frame.gap == 1 else 'squares'} of 100 ft "
              "between the lines", "ZEF-61, R-ZEF-MASS-DISTANCE"),
             ("each commander starts with his centre (or his first line unit)",
              "R-ZEF-MASS-COMMANDER"))
    ctx.emit(MassRevealed(placements=tuple(sorted(placed)), commanders=tuple(commanders),
                          notes=notes))


def _round(ctx: Context, frame: MassFrame) -> None:
    ctx.emit(MassRoundBegan(round=ctx.state.round + 1))


def _open(ctx: Context, frame: MassFrame) -> None:
    state = ctx.state
    w = Words.of(state)
    out = []
    for u in mass_units(state):
        if u.on_grid and u.order:
            out.append((u.id, order_words(u.order, u.facing,
                                          square_key(u.goal) if u.goal else "", u.target, w)))
    for cid, to, lead in frame.commander_goals:
        out.append((cid, f"rides to {'ABCDE'[to[0]]}{to[1] + 1}"
                    + (" and leads the unit there" if lead else "")))
    ctx.emit(MassOrdersOpened(round=state.round, orders=tuple(out)))


# --- moving (ZEF-62, ZEF-63) ---------------------------------------------------------------------


def _move(ctx: Context, frame: MassFrame) -> None:
    state = ctx.state
    for cid, to, lead in frame.commander_goals:
        c = state.unit(cid)
        sq = Hex(*to)
        leads = ""
        if lead:
            leads = next((u.id for u in mass_units(state, c.side)
                          if u.on_grid and u.pos == sq), "")
        if c.pos != sq or leads:
            ctx.emit(MassCommanderMoved(unit=cid, to=to, leads=leads))
    state = ctx.state
    units = [u for u in mass_units(state) if u.on_grid]
    taken = {u.pos for u in units}
    wanted: dict[Hex, list[str]] = {}
    for u in units:
        if u.goal is not None:
            wanted.setdefault(u.goal, []).append(u.id)
    for u in units:
        if u.goal is None:
            continue
        if u.goal in taken:
            ctx.emit(MassStayed(unit=u.id, why=f"{square_word(u.goal)} is held"))
        elif len(wanted[u.goal]) > 1 and not _wins_square(state, u, wanted[u.goal]):
            ctx.emit(MassStayed(unit=u.id, why=f"a larger or equal unit makes for "
                                f"{square_word(u.goal)} too"))
        else:
            ctx.emit(MassUnitMoved(unit=u.id, to=(u.goal.q, u.goal.r), facing=u.facing))
    ctx.emit(MassStepped(step="duel"))


def _wins_square(state: Battle, u: MassUnit, rivals: list[str]) -> bool:
    """R-ZEF-MASS-MOVE: of units making for one square, the one with the most fighters
    enters it; equal numbers, none does."""
    others = [_mu(state, r).fighters for r in rivals if r != u.id]
    return u.fighters > max(others)


# --- segment 1: the leaders (ZEF-70, ZEF-71) ---------------------------------------------------


def _duel(ctx: Context, frame: MassFrame) -> None:
    """The duels joined: each leader turns to his foe (as a skirmish figure strikes facing
    him) and the leaders are asked to declare, side A's first (duel.py); or, with no duel,
    why none, and segment 2."""
    duels = duel_pairs(ctx.state, frame)
    if not duels:
        ctx.emit(MassNoDuels(why=no_duel_reason(ctx.state, frame)))
        ctx.emit(MassStepped(step="segment", segment=2))
        return
    ctx.emit(MassDuelsJoined(duels=duels))
    for a, b, _ in duels:
        face_target(ctx, a, b)


def _blows(ctx: Context, frame: MassFrame) -> None:
    """The declarations opened; initiative rolled as in a skirmish turn (round.py's
    `roll_initiative`); each leader who strikes, in that order, strikes his declared blow with
    the skirmish's own (blows.py: the chart, the defence, armour, shield, wounds, a
    knock-out), if he and his foe still stand; then each leader hurt is told (ZEF-71)."""
    duels = duel_pairs(ctx.state, frame)
    w = Words.of(ctx.state)
    leaders = [zef(ctx.state, a) for a in sorted({a for a, _, _ in duels})]
    declared = tuple((u.id, say_action(u.declared, w)) for u in leaders)
    entries, order = roll_initiative(ctx, leaders, duel_turn(ctx.state))
    ctx.emit(MassDuelsOpened(declared=declared, entries=entries, order=order))
    leading = {a: unit for a, _, unit in duels}  # every foe leads a unit of the duels too
    before = {uid: zef(ctx.state, uid) for uid in leading}
    for a in order:
        d = parse(zef(ctx.state, a).declared)
        if d is None or not d.strikes:
            continue
        if ctx.state.unit(a).fighting and ctx.state.unit(d.target).fighting:
            strike(ctx, a, d.target, d.aim, knockout=d.mode == "ko")
    for uid in sorted(leading):
        old, now = before[uid], zef(ctx.state, uid)
        how = ("slain" if now.status == DEAD
               else "knocked out" if now.condition == "knocked out"
               else "fallen" if now.status != ACTIVE
               else "wounded" if len(now.wounds) > len(old.wounds)
               else "hurt" if now.hp < old.hp else "")
        if how:
            ctx.emit(MassLeaderDown(unit=leading[uid], leader=uid, how=how,
                                    commander=uid in dict(frame.led)))
    ctx.emit(MassStepped(step="segment", segment=2))


# --- segments 2–4: the units (ZEF-72..75) --------------------------------------------------------


def _segment(ctx: Context, frame: MassFrame) -> None:
    state = ctx.state
    r = rulings_of(state)
    checks = []
    for u in mass_units(state):
        if not u.on_grid:
            continue
        target = attacking(u, state)
        if u.order == "shoot" and u.target:
            target = next((v for v in shoot_targets(state, u) if v.id == u.target), None)
        if target is None:
            continue
        leader = unit_leader(state, frame, u)
        checks.append(check_of(state, u.id, target.id,
                               led_by_commander=bool(leader) and leader == frame.led_by(u.id)))
    left: dict[str, int] = {}
    for c in checks:
        roll = ctx.dice.d(100, f"unit check, {c.attacker}")
        colour, pct, lost = casualties(c, roll, r)
        have = left.get(c.target, _mu(ctx.state, c.target).fighters)
        lost = min(lost, have)
        left[c.target] = have - lost
        ctx.emit(MassUnitChecked(segment=frame.segment, attacker=c.attacker, target=c.target,
                                 kind=c.kind, roll=roll, column=c.walk.column,
                                 walk=walk_words(c.walk), colour=colour.word, percent=pct,
                                 armour=c.armour, of=c.of, lost=lost, left=left[c.target]))
    for tid in sorted(left):
        if left[tid] == 0 and _mu(ctx.state, tid).on_grid:
            _break(ctx, frame, tid, "destroyed")
    if frame.segment < 4:
        ctx.emit(MassStepped(step="segment", segment=frame.segment + 1))
    else:
        ctx.emit(MassStepped(step="withdraw"))


# --- the end of the round (ZEF-69, ZEF-77..79, ZEF-59) -------------------------------------------


def _withdraw(ctx: Context, frame: MassFrame) -> None:
    for u in mass_units(ctx.state):
        u = _mu(ctx.state, u.id)
        if u.order != "withdraw" or not u.on_grid:
            continue
        assert u.pos is not None
        taken = {v.pos for v in mass_units(ctx.state) if v.on_grid}
        back = behind(u.pos, u.facing)
        if not on_grid(back) or back in taken:
            ctx.emit(MassWithdrew(unit=u.id, to=None))
            continue
        follower = next((v for v in mass_units(ctx.state)
                         if (a := attacking(v, ctx.state)) is not None and a.id == u.id), None)
        ctx.emit(MassWithdrew(unit=u.id, to=(back.q, back.r),
                              follower=follower.id if follower else "",
                              follower_to=(u.pos.q, u.pos.r) if follower else None))
    ctx.emit(MassStepped(step="morale"))


def _thirds(u: MassUnit) -> int:
    down = u.start - u.fighters
    return 2 if 3 * down >= 2 * u.start else 1 if 3 * down >= u.start else 0


def _morale(ctx: Context, frame: MassFrame) -> None:
    r = rulings_of(ctx.state)
    t = load_tables()
    for uid in [u.id for u in mass_units(ctx.state)]:
        u = _mu(ctx.state, uid)
        if not u.on_grid:
            continue
        triggers = []
        if u.leader_slain:
            triggers.append("its leader was slain")
        marks = _thirds(u)
        if marks > u.thirds_down:
            triggers += [("a third of its fighters are down", "two thirds are down")[i]
                         for i in range(u.thirds_down, marks)]
        if u.side in frame.commander_slain:
            triggers.append("the force commander was slain")
        if not triggers:
            continue
        checker = unit_leader(ctx.state, frame, u)
        will = u.will if not checker else (zef(ctx.state, checker).will + u.will) // 2
        walk = t.chart.walk(will)
        roll = ctx.dice.d(100, f"morale, {u.id}")
        colour = t.chart.colour(walk.column, roll)
        extreme = bool(r.extreme_odds) and outnumbering(ctx.state, u) >= r.extreme_odds
        flees = colour is Colour.WHITE or (colour is Colour.GREEN and extreme)
        ctx.emit(MassMoraleChecked(unit=u.id, triggers=tuple(triggers), checker=checker,
                                   column=walk.column, walk=walk_words(walk), roll=roll,
                                   colour=colour.word, flees=flees, thirds_down=marks,
                                   extreme=flees and colour is Colour.GREEN))
        if flees:
            _break(ctx, frame, u.id, "fled")
    ctx.emit(MassStepped(step="end"))


def _break(ctx: Context, frame: MassFrame, uid: str, how: str) -> None:
    """ZEF-79: off the grid; its leader (and a commander with it) joins an adjacent friend
    or is captured; an adjacent reserve, else the enemy that attacked it, takes the square."""
    state = ctx.state
    frame = mass_frame(state) or frame
    u = _mu(state, uid)
    assert u.pos is not None
    friends = [v for v in mass_units(state, u.side) if v.on_grid and v.id != uid
               and v.pos is not None and adjacent(v.pos, u.pos)]
    leader = u.leader if u.leader and state.unit(u.leader).fighting else ""
    # the commander leading it, or standing with it: he goes with its leader, never stays
    # among the enemy who take the square (R-ZEF-MASS-TAKE)
    cmd = frame.led_by(uid) or next(
        (c for _, c in frame.commanders if c and state.has_unit(c)
         and state.unit(c).side == u.side and state.unit(c).pos == u.pos), "")
    cmd = cmd if cmd and state.unit(cmd).fighting else ""
    reserve = next((v for v in friends if v.slot == "reserve"), None)
    enemy = next((v for v in mass_units(state) if (a := attacking(v, state)) is not None
                  and a.id == uid), None)
    taker = reserve or enemy
    ctx.emit(MassUnitBroke(unit=uid, how="fled" if how == "fled" else "destroyed",
                           leader=leader, commander=cmd,
                           leader_joins=friends[0].id if friends and (leader or cmd) else "",
                           taken_by=taker.id if taker else "", reserve=reserve is not None))


def _end(ctx: Context, frame: MassFrame) -> None:
    state = ctx.state
    m = load_mass()
    for u in mass_units(state):
        if not u.on_grid:
            continue
        if u.leader and state.has_unit(u.leader) and state.unit(u.leader).fighting:
            continue
        n = 1
        while ctx.state.has_unit(leader_id(u.id, n)):
            n += 1
        template = m.troops[u.template].ranks
        ctx.emit(MassLeaderReplaced(unit=u.id, leader=leader_id(u.id, n), template=template,
                                    name=f"{t_name(template)} of {u.name}"))
    for side, cid in frame.commanders:
        state = ctx.state
        mine = [u for u in mass_units(state, side) if u.on_grid]
        c = state.unit(cid) if cid and state.has_unit(cid) else None
        if not mine or c is None or c.fighting:
            continue
        biggest = max(mine, key=lambda u: (u.fighters, u.id))
        assert biggest.pos is not None and isinstance(c, ZefUnit)
        n = 2
        while state.has_unit(f"{side}-commander{n}"):
            n += 1
        ctx.emit(MassCommanderReplaced(side=side, old=cid, new=f"{side}-commander{n}",
                                       template=c.template, name=second_name(state, cid, n),
                                       square=(biggest.pos.q, biggest.pos.r)))
    state = ctx.state
    fought = tuple(u.id for u in mass_units(state) if attacking(u, state) is not None
                   or (u.order == "attack" and not u.on_grid))
    standing = {s.id: sum(u.fighters for u in mass_units(state, s.id) if u.on_grid)
                for s in state.sides}
    ctx.emit(MassRoundEnded(round=state.round, standing=tuple(standing.items()),
                            fought=fought))
    _maybe_over(ctx, frame, standing)


ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def second_name(state: Battle, old: str, n: int) -> str:
    """The name a player knows the `n`-th commander of a side by (R-ZEF-MASS-SUCCESSION):
    the first commander's name as the players read it, and which in the line of command
    this one is ("Count Trocero's second", then "Count Trocero's third")."""
    first = Words.of(state).unit(old)
    for word in ORDINALS:
        first = first.removesuffix(f"'s {word}")
    nth = ORDINALS[n - 2] if n - 2 < len(ORDINALS) else f"{n}th"
    return f"{first}'s {nth}"


def t_name(template: str) -> str:
    return load_tables().units[template].name


def _maybe_over(ctx: Context, frame: MassFrame, standing: dict[str, int]) -> None:
    """The battle ends when a side has no unit left on the field (ZEF-79), or after the
    rounds the GM allows (R-ZEF-MASS-END: the side with more fighters standing wins)."""
    a, b = frame.side_a, frame.side_b
    w = Words.of(ctx.state)
    if not standing[a] or not standing[b]:
        if not standing[a] and not standing[b]:
            ctx.emit(BattleEnded(winner=None, reason="both armies are gone from the field "
                                                     "(ZEF-79)"))
        else:
            win, lose = (a, b) if standing[a] else (b, a)
            ctx.emit(BattleEnded(winner=win, reason=f"{w.agree(lose, 'has', 'have', start=False)}"
                                 " no unit left on the field (ZEF-79)"))
        return
    if ctx.state.round >= rulings_of(ctx.state).max_rounds:
        if standing[a] == standing[b]:
            ctx.emit(BattleEnded(winner=None, reason=f"after {ctx.state.round} rounds both "
                                 "sides have as many fighters standing (R-ZEF-MASS-END)"))
        else:
            win = a if standing[a] > standing[b] else b
            ctx.emit(BattleEnded(winner=win, reason=f"after {ctx.state.round} rounds "
                                 f"{w.agree(win, 'has', 'have', start=False)} more fighters "
                                 "standing (R-ZEF-MASS-END)"))
