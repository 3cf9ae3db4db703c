"""Unarmed melee and special actions (ZEF-27..30; R-ZEF-WRESTLE, R-ZEF-RUSH, R-ZEF-STAND):
wrestling, the rush and the shield bash, and getting up again.

Why a module: these are checks on the chart that knock a man down rather than wound him
(only a red grapple hurts, and then little), and a rush walks a line through everyone in it;
the turn (round.py) calls them as it calls a blow.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Context, face_target
from rules.events import Event, UnitStepped, evolver, hx
from rules.hexgrid import Hex
from rules.procedures import system_of
from rules.state import Battle, Unit
from rules.systems.zefrs.blows import strike, wound
from rules.systems.zefrs.chart import Colour, Shift
from rules.systems.zefrs.combat import own_shifts, shifts_for
from rules.systems.zefrs.declare import in_reach, move_budget, parse
from rules.systems.zefrs.events import ActionDone, ZefSystem
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, dodge, zef
from rules.wording import PLAIN, Words

__all__ = ["KnockedDown", "ManoeuvreRolled", "StoodUp", "bash", "manoeuvre", "rush",
           "rush_line", "stand", "wrestle"]


class ManoeuvreRolled(Event):
    """A wrestle, a shield bash or one figure's share of a rush: the check and its colour."""

    type: Literal["zef_manoeuvre_rolled"] = "zef_manoeuvre_rolled"
    unit: str
    target: str
    kind: str  # wrestle, bash, rush
    rating: int
    subtracted: int
    column: int
    roll: int
    colour: str
    rule: str
    walk: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        what = {"wrestle": "grapples", "bash": "bashes with his shield",
                "rush": "rushes"}[self.kind]
        return (f"{w.unit(self.unit)} {what} {w.unit(self.target)}: {self.walk}; rolled "
                f"{self.roll}, {self.colour} ({self.rule}).")


@evolver(ManoeuvreRolled)
def _rolled(state: Battle, e: ManoeuvreRolled) -> Battle:
    return state


class KnockedDown(Event):
    type: Literal["zef_knocked_down"] = "zef_knocked_down"
    unit: str
    rule: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} is knocked down ({self.rule})."


@evolver(KnockedDown)
def _down(state: Battle, e: KnockedDown) -> Battle:
    return state.update_unit(e.unit, knocked_down=True)


class StoodUp(Event):
    type: Literal["zef_stood_up"] = "zef_stood_up"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} climbs to his feet."


@evolver(StoodUp)
def _up(state: Battle, e: StoodUp) -> Battle:
    return state.update_unit(e.unit, knocked_down=False)


def _check(ctx: Context, a: ZefUnit, d: ZefUnit, kind: str, rating: int, rule: str
           ) -> Colour:
    """A check of `rating` less the target's Movement or General Prowess (R-ZEF-DODGE),
    with the attacker's own shifts and lower position (ZEF-22, ZEF-41)."""
    t = load_tables()
    cfg = config_of(ctx.state)
    sub = dodge(d, t)
    shifts: tuple[Shift, ...] = shifts_for(ctx.state, a, d, cfg) if kind != "rush" else \
        own_shifts(ctx.state, a, cfg)
    walk = t.chart.walk(rating - sub, shifts, cfg.columns_per_point)
    roll = ctx.dice.d(100)
    colour = t.chart.colour(walk.column, roll)
    ctx.emit(ManoeuvreRolled(unit=a.id, target=d.id, kind=kind, rating=rating, subtracted=sub,
                             column=walk.column, roll=roll, colour=colour.word, rule=rule,
                             walk=walk.describe()))
    return colour


def wrestle(ctx: Context, uid: str, target: str) -> None:
    """ZEF-27: Wrestling (or General Fighting) less the target's Movement: any colour, the
    grapple works and he is down (R-ZEF-WRESTLE); red also hurts, 1 + Strength Bonus,
    which no armour stops."""
    face_target(ctx, uid, target)
    a, d = zef(ctx.state, uid), zef(ctx.state, target)
    colour = _check(ctx, a, d, "wrestle", a.wrestling_rating(), "ZEF-27")
    if not colour.success:
        return
    if not d.knocked_down:
        ctx.emit(KnockedDown(unit=target, rule="ZEF-27"))
    if colour is Colour.RED:
        wound(ctx, target, 1 + a.strength // 10)


def bash(ctx: Context, uid: str, target: str) -> None:
    """ZEF-30: a shield strike, General Fighting less the target's Movement or General
    Prowess; red knocks him down; never damage."""
    face_target(ctx, uid, target)
    a, d = zef(ctx.state, uid), zef(ctx.state, target)
    colour = _check(ctx, a, d, "bash", a.general_fighting, "ZEF-30")
    if colour is Colour.RED and not d.knocked_down:
        ctx.emit(KnockedDown(unit=target, rule="ZEF-30"))


def stand(ctx: Context, uid: str) -> None:
    """R-ZEF-STAND: climbing to one's feet is a figure's action for the turn."""
    if zef(ctx.state, uid).knocked_down:
        ctx.emit(StoodUp(unit=uid))


def rush_line(state: Battle, u: ZefUnit, target: ZefUnit, budget: int) -> list[Hex] | None:
    """R-ZEF-RUSH: the straight line of a rush at `target` — along one of the six hex
    directions, through him to the first hex beyond him — or None if there is none: he is
    not on such a line, a hex of it is impassable, or it is longer than the rusher's move."""
    if u.pos is None or target.pos is None or u.pos == target.pos:
        return None
    diff = target.pos - u.pos
    n = u.pos.distance(target.pos)
    step = Hex(diff.q // n, diff.r // n) if diff.q % n == 0 and diff.r % n == 0 else None
    if step is None or step.distance(Hex(0, 0)) != 1:
        return None
    line = [u.pos + step.scale(i) for i in range(1, n + 2)]
    if len(line) > budget or any(not state.board.passable(h) for h in line):
        return None
    land = state.unit_at(line[-1])
    if land is not None and land.fighting:
        return None
    return line


def rush(ctx: Context, uid: str, target: str, budget: int) -> list[str]:
    """ZEF-28, ZEF-29 (ZEF-30: a shield rush is the same): he runs the line; each standing
    figure in it is rushed in turn (Movement or Prowess less his): white, the rusher is
    knocked down where he is and the rush ends; green to orange, he is past, and the rushed
    may strike him as he passes (then and there, beside him: `_blow_in_passing`); red, the
    rushed is bowled over and can only get up this turn.  Returns those bowled over."""
    t = load_tables()
    u = zef(ctx.state, uid)
    line = rush_line(ctx.state, u, zef(ctx.state, target), budget)
    if line is None:
        return []
    bowled: list[str] = []
    here = u.pos
    assert here is not None
    path = [here]  # the hexes he has stood in, for stepping back (R-ZEF-RUSH-END)
    for h in line:
        other = ctx.state.unit_at(h)
        if h == line[-1] and _held(ctx.state, h, uid):
            break  # the hex beyond him was free when he declared; it is not now
        if other is not None and other.fighting and other.side != u.side:
            assert isinstance(other, ZefUnit)
            colour = _check(ctx, zef(ctx.state, uid), other, "rush",
                            dodge(zef(ctx.state, uid), t), "ZEF-29")
            if not colour.success:
                _step_back(ctx, uid, path)
                ctx.emit(KnockedDown(unit=uid, rule="ZEF-29"))
                return bowled
            if colour is Colour.RED:
                if not other.knocked_down:
                    ctx.emit(KnockedDown(unit=other.id, rule="ZEF-29"))
                bowled.append(other.id)
            else:
                _blow_in_passing(ctx, other.id, uid)
                if not zef(ctx.state, uid).fighting:
                    _step_back(ctx, uid, path)
                    return bowled
        _step(ctx, uid, path[-1], h)
        path.append(h)
    _step_back(ctx, uid, path)
    return bowled


def _step(ctx: Context, uid: str, a: Hex, b: Hex) -> None:
    facing = a.direction_to(b)
    ctx.emit(UnitStepped(unit=uid, from_hex=hx(a), to_hex=hx(b),
                         facing=zef(ctx.state, uid).facing if facing is None else facing))


def _step_back(ctx: Context, uid: str, path: list[Hex]) -> None:
    """R-ZEF-RUSH-END: a rush ends where he can stand; if he ends in a hex another holds
    (the foe he got past, a friend he ran through), he steps back along his line to the
    last hex free of anyone, at worst the one he started from."""
    while len(path) > 1 and _held(ctx.state, path[-1], uid):
        ctx.emit(UnitStepped(unit=uid, from_hex=hx(path[-1]), to_hex=hx(path[-2]),
                             facing=zef(ctx.state, uid).facing))
        path.pop()


def _held(state: Battle, h: Hex, uid: str) -> bool:
    """Whether anyone but `uid` stands in `h` (the dead and gone stand nowhere)."""
    return any(other != uid for other in state.where.standing.get(h, ()))


def manoeuvre(ctx: Context, u: ZefUnit, foe: Unit, kind: str) -> None:
    """ZEF-27, ZEF-29, ZEF-30: a grapple or a bash on a foe beside him, or a rush; a man
    bowled over by a rush can do nothing more this turn but get up, and one passed may strike
    the rusher as he goes by, if he meant to strike anyone (R-ZEF-RUSH)."""
    if not foe.fighting:
        ctx.emit(ActionDone(unit=u.id, note=f"finds {foe.id} already down"))
        return
    if kind == "rush":
        for bid in rush(ctx, u.id, foe.id, move_budget(ctx.state, u)):
            if bid not in system_of(ctx.state, ZefSystem).acted:
                ctx.emit(ActionDone(unit=bid, note="is bowled over (ZEF-29)"))
    elif u.pos is None or foe.pos is None or u.pos.distance(foe.pos) != 1:
        ctx.emit(ActionDone(unit=u.id, note=f"is no longer beside {foe.id}"))
        return
    elif kind == "wrestle":
        wrestle(ctx, u.id, foe.id)
    else:
        bash(ctx, u.id, foe.id)
    ctx.emit(ActionDone(unit=u.id))


def _blow_in_passing(ctx: Context, pid: str, rusher: str) -> None:
    """ZEF-29 (R-ZEF-RUSH): a figure rushed past who declared a blow or a wait, and has not
    yet acted, spends it on the rusher as he goes by, at the point he declared."""
    p = zef(ctx.state, pid)
    d = parse(p.declared)
    if d is None or d.kind not in ("fight", "wait") or not p.fighting or \
            pid in system_of(ctx.state, ZefSystem).acted:
        return
    target = zef(ctx.state, rusher)
    if not target.fighting or not in_reach(ctx.state, p, target):
        return
    strike(ctx, pid, rusher, d.aim)
    ctx.emit(ActionDone(unit=pid, note="struck at the rusher as he passed (ZEF-29)"))
