"""Missile combat (ZEF-03, ZEF-04, ZEF-38..43; R-ZEF-NO-SHOOT-IN-MELEE, R-ZEF-RANGE,
R-ZEF-OBSCURED, R-ZEF-HIT-LOCATION, R-ZEF-THROWN, R-ZEF-LOS): who may shoot whom, the
shifts of range and cover, where an unaimed missile lands, and the shot itself.

Why a module: a shot is the same check as a blow (combat.situation, `missile=True`) but is
allowed by different rules (range in feet on the map's scale, nobody at his throat) and
lands where a d10 says unless it was called; those rules live here.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Context, face_target
from rules.events import Event, Modifier, evolver
from rules.hexgrid import Hex, line
from rules.state import Battle, Board
from rules.systems.zefrs.blows import wound
from rules.systems.zefrs.chart import Colour, Shift
from rules.systems.zefrs.combat import resolve, situation
from rules.systems.zefrs.declare import in_reach
from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef
from rules.systems.zefrs.wounds import specific_wound
from rules.wording import PLAIN, Words

__all__ = ["MissileSpent", "Reloaded", "clear_line", "range_band", "reload", "shoot",
           "shot_refusal", "shot_shifts"]

BANDS = ("short", "medium", "long")


def range_band(state: Battle, a: ZefUnit, target: ZefUnit) -> tuple[str, int] | None:
    """ZEF-38: (band, feet) of `target` for `a`'s missile weapon, the distance in feet on the
    map's scale (hexes × feet per hex); None beyond long range, where it does nothing."""
    if not a.missile or a.pos is None or target.pos is None:
        return None
    w = load_tables().weapons[a.missile]
    feet = a.pos.distance(target.pos) * state.board.feet_per_hex
    for band, top in zip(BANDS, w.ranges_ft, strict=True):
        if feet <= top:
            return band, feet
    return None


def _engaged(state: Battle, a: ZefUnit) -> bool:
    """R-ZEF-NO-SHOOT-IN-MELEE: a foe able to fight has him within his melee reach."""
    return any(isinstance(f, ZefUnit) and f.side != a.side and f.fighting
               and in_reach(state, f, a) for f in state.units)


def shot_refusal(state: Battle, a: ZefUnit, target: ZefUnit, *,
                 engaged: bool | None = None) -> str | None:
    """Why `a` cannot shoot `target` now, or None (`engaged`: whether a foe has him in
    melee reach, if the caller knows)."""
    if not a.missile:
        return "he has nothing to shoot or throw"
    if a.loading:
        return "his weapon is not loaded"
    if a.pos is None or target.pos is None or a.pos.distance(target.pos) <= 1:
        return "missiles need distance: not at a foe beside him (ZEF-04)"
    if _engaged(state, a) if engaged is None else engaged:
        return "a foe is at him in melee (ZEF-03)"
    if range_band(state, a, target) is None:
        return "beyond long range (ZEF-38)"
    if not clear_line(state.board, a.pos, target.pos):
        return "something solid stands in the way (R-ZEF-LOS)"
    return None


LINES_KEPT = 50_000  # lines of sight remembered per board (a dict of bools: a few MB)


def clear_line(board: Board, a: Hex, b: Hex) -> bool:
    """R-ZEF-LOS: no impassable hex between `a` and `b` on the straight line.  The board
    never changes, so each pair of hexes is looked at once and remembered on it (issue
    36: every archer's line to every foe, at every declaration)."""
    lines = board.memo.get(_LINES)
    if lines is None:
        lines = board.memo[_LINES] = {}
    found = lines.get((a, b))
    if found is None:
        if len(lines) >= LINES_KEPT:
            lines.clear()
        found = lines[(a, b)] = all(board.passable(h) for h in line(a, b)[1:-1])
    return found  # type: ignore[no-any-return]


_LINES = ("zefrs", "lines of sight")


def shot_shifts(state: Battle, a: ZefUnit, target: ZefUnit) -> tuple[Shift, ...]:
    """ZEF-43 (R-ZEF-RANGE): short 0, medium −2, long −4; ZEF-42 (R-ZEF-OBSCURED): −2 at a
    target standing in cover terrain; ZEF-41: a target higher on the map (R-ZEF-LOWER)."""
    cfg = config_of(state)
    out: list[Shift] = []
    found = range_band(state, a, target)
    if found is not None:
        band, feet = found
        value = cfg.range_shifts[BANDS.index(band)]
        if value:
            out.append(Shift(value, f"{band} range, {feet} ft", "ZEF-43"))
    assert target.pos is not None and a.pos is not None
    there = state.board.terrain(target.pos)
    if there is not None and there.cover and cfg.obscured_shift:
        out.append(Shift(cfg.obscured_shift, "obscured", "ZEF-42"))
    here = state.board.terrain(a.pos)
    if there is not None and here is not None and there.elevation > here.elevation:
        out.append(Shift(-cfg.lower_position_shift, "shooting up at him", "ZEF-41"))
    return tuple(out)


class MissileSpent(Event):
    """R-ZEF-THROWN: a thrown weapon is gone once thrown; an arbalest must be loaded again."""

    type: Literal["zef_missile_spent"] = "zef_missile_spent"
    unit: str
    thrown: bool
    loading: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(MissileSpent)
def _spent(state: Battle, e: MissileSpent) -> Battle:
    if e.thrown:
        return state.update_unit(e.unit, missile="")
    return state.update_unit(e.unit, loading=e.loading)


class Reloaded(Event):
    """A turn spent loading (the arbalest takes 3, NOTES)."""

    type: Literal["zef_reloaded"] = "zef_reloaded"
    unit: str
    left: int

    def narrate(self, w: Words = PLAIN) -> str:
        more = f"{self.left} more turn{'s' if self.left != 1 else ''}" if self.left else \
            "ready to shoot"
        return f"{w.unit(self.unit)} loads his weapon ({more})."


@evolver(Reloaded)
def _reloaded(state: Battle, e: Reloaded) -> Battle:
    return state.update_unit(e.unit, loading=e.left)


def reload(ctx: Context, uid: str) -> None:
    u = zef(ctx.state, uid)
    if u.loading:
        ctx.emit(Reloaded(unit=uid, left=u.loading - 1))


def shoot(ctx: Context, uid: str, target: str, aim: str = "") -> None:
    """One shot (ZEF-38..43): the check with its shifts; `aim` called (ZEF-40: only red
    hits) or, if it hits, a d10 for where (ZEF-39); no Strength Bonus (ZEF-46); the shield
    still blocks on its side (ZEF-48)."""
    t = load_tables()
    a, d = zef(ctx.state, uid), zef(ctx.state, target)
    weapon = a.missile
    face_target(ctx, uid, target)
    extra = shot_shifts(ctx.state, a, d)
    probe = situation(ctx.state, uid, target, aim or "chest", missile=True, called=bool(aim),
                      extra=extra, t=t)
    roll = ctx.dice.d(100)
    colour = t.chart.colour(probe.walk.column, roll)
    where = aim or (t.location(ctx.dice.d(10)) if colour.success else "")
    blow = probe if where in ("", probe.aim) else situation(
        ctx.state, uid, target, where, missile=True, called=bool(aim), extra=extra, t=t)
    r = resolve(blow, roll, None, t)
    ctx.emit(ZefAttackRolled(
        attacker=uid, target=target, kind="missile", weapon=weapon, aim=where or "",
        roll=roll, rating=blow.rating, subtracted=blow.subtracted,
        shifts=tuple(Modifier(value=s.points, reason=s.reason, rule=s.clause)
                     for s in blow.walk.shifts),
        column=blow.walk.column, colour=colour.word, walk=blow.walk.describe(),
        damage_parts=r.parts, damage=r.damage, shield_used=r.hit and blow.shield > 0,
        called=bool(aim), hit=r.hit))
    w = t.weapons[weapon]
    ctx.emit(MissileSpent(unit=uid, thrown=w.melee, loading=w.reload_turns))
    if r.damage > 0:
        wound(ctx, target, r.damage, source="missile")
    if r.hit and colour is Colour.RED:  # ZEF-54
        specific_wound(ctx, target, where, brawling=False)
