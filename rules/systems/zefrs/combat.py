"""One ZeFRS blow, as a pure function of the situation and the dice, and its exact odds.

Why it is built this way (DESIGN: one resolution function, two drivers): `situation` reads the
battle into a `Blow` (the column and every shift, the damage parts, the armour on the aimed
area, the shield, the defence); `resolve` turns a Blow and the dice into a result; `odds`
enumerates every roll through the same `resolve`, so the panel's numbers are the dice's.

The order of the damage (ZEF-44..48, ZEF-36, ZEF-37; R-ZEF-DAMAGE-ORDER): the colour's 1–4
points, plus the Strength Bonus in melee and the weapon's Damage Bonus (fists −2), less the
defence check's colour; a mighty blow (Strength Bonus or a weapon with a Damage Bonus) keeps
at least 1 point through a defence (R-ZEF-UNSTOPPABLE); then the armour on the aimed area and
the shield, if it guards that area and has not yet blocked this turn; never below 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Modifier
from rules.hexgrid import Hex, sextant_direction
from rules.ruleset import AttackOdds
from rules.state import Battle
from rules.systems.zefrs.armour import shield_covers
from rules.systems.zefrs.chart import Colour, ColumnWalk, Shift
from rules.systems.zefrs.config import Config
from rules.systems.zefrs.declare import parse
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import ZefTables, load_tables
from rules.systems.zefrs.units import ZefUnit, area_armour, dodge

__all__ = ["Blow", "BlowResult", "colour_bands", "odds_of", "resolve", "situation"]


@dataclass(frozen=True)
class Blow:
    """Everything one blow needs, read from the battle before any die is thrown."""

    attacker: str
    target: str
    weapon: str
    aim: str
    rating: int  # the attacker's rating with the weapon (ZEF-05)
    subtracted: int  # the defender's Movement or General Prowess, after armour (ZEF-06)
    walk: ColumnWalk
    raw_parts: tuple[Modifier, ...]  # Strength, weapon bonus, brawling (ZEF-45, -46, -26)
    armour: int  # the aimed area's armour (ZEF-47)
    shield: int  # the shield's rating if it guards this blow (ZEF-48), else 0
    defence_walk: ColumnWalk | None  # his active defence's check (ZEF-36), if he defends
    unstoppable: bool  # ZEF-37
    no_damage: bool  # the man-catcher (NOTES)
    kind: str = "melee"  # or "missile"
    called: bool = False  # a called missile shot hits only on red (ZEF-40)


@dataclass(frozen=True)
class BlowResult:
    colour: Colour
    defence_colour: Colour | None
    damage: int
    parts: tuple[Modifier, ...]  # how the damage came to be, each with its clause
    hit: bool = True  # false: a miss (white, or a called shot short of red, ZEF-40)


def _shift(points: int, reason: str, clause: str) -> Shift:
    return Shift(points, reason, clause)


def own_shifts(state: Battle, u: ZefUnit, cfg: Config) -> tuple[Shift, ...]:
    """The shifts a figure carries into every check he makes (ZEF-22: −3 on all resolution
    checks for the rest of the turn of a failed extra action and all of the next)."""
    out: list[Shift] = []
    if u.penalty_until and u.penalty_until >= state.round:  # 0: never penalised
        out.append(_shift(cfg.failed_action_penalty, "after a failed extra action", "ZEF-22"))
    if u.wound_shift:
        out.append(_shift(u.wound_shift, "his wounds", "ZEF-56"))
    return tuple(out)


def shifts_for(state: Battle, a: ZefUnit, target: ZefUnit, cfg: Config,
               second_weapon: bool = False) -> tuple[Shift, ...]:
    """The column shifts of an attack (ZEF-08): the attacker's own (ZEF-22), the second
    weapon's (ZEF-34, R-ZEF-SECOND-WEAPON) and lower position (ZEF-41, R-ZEF-LOWER): down
    on the ground, on foot against a rider, or on lower ground."""
    out: list[Shift] = list(own_shifts(state, a, cfg))
    if second_weapon:
        out.append(_shift(cfg.second_weapon_shift, "the second weapon's blow", "ZEF-34"))
    a_up, t_up = _elevation(state, a), _elevation(state, target)
    a_low = a.knocked_down or (target.mounted and not a.mounted) or t_up > a_up
    t_low = target.knocked_down or (a.mounted and not target.mounted) or a_up > t_up
    if a_low and not t_low:
        out.append(_shift(-cfg.lower_position_shift, "fighting from below", "ZEF-41"))
    elif t_low and not a_low:
        out.append(_shift(cfg.lower_position_shift, "striking down at him", "ZEF-41"))
    return tuple(out)


def _elevation(state: Battle, u: ZefUnit) -> int:
    """How high his hex stands (a wall, a rise): ZEF-41's "higher elevation"."""
    terrain = state.board.terrain(u.pos) if u.pos is not None else None
    return terrain.elevation if terrain is not None else 0


def shield_arc(target: ZefUnit, attacker: ZefUnit) -> str:
    """Where a blow comes from, for his shield (R-ZEF-SHIELD-ARC): "front" (the three
    hexsides ahead), "shield_flank" (the side he carries it on), "other_flank", or "rear",
    read by the hexside whose sector holds the attacker (R-POS-ARC's arcs, split by side:
    direction numbers turn to the left as they rise)."""
    assert attacker.pos is not None
    return arc_from(target, attacker.pos)


def arc_from(target: ZefUnit, h: Hex) -> str:
    """`shield_arc` of a blow from hex `h` (the arcs overlay asks it of every hex)."""
    assert target.pos is not None
    turn = (sextant_direction(target.pos, h) - target.facing) % 6
    if turn in (0, 1, 5):
        return "front"
    if turn == 3:
        return "rear"
    left = turn == 2
    return "shield_flank" if left == (target.shield_side == "left") else "other_flank"


def shield_guards(state: Battle, a: ZefUnit, target: ZefUnit, aim: str, cfg: Config) -> bool:
    """ZEF-48: a shield on his arm, on the side of the aimed area, not yet used this turn;
    R-ZEF-SHIELD-ARC: only against blows from the arcs the GM allows (by default his front
    and his shield's flank: it is not brought across to the other flank or behind him)."""
    if not target.shield or target.shield_used or not shield_covers(target.shield_side, aim):
        return False
    if a.pos is None or target.pos is None or a.pos == target.pos:
        return True
    return shield_arc(target, a) in cfg.shield_arcs


def situation(state: Battle, attacker: str, target: str, aim: str, *, weapon: str | None = None,
              defending: bool | None = None, second_weapon: bool = False,
              missile: bool = False, called: bool = False, extra: tuple[Shift, ...] = (),
              t: ZefTables | None = None) -> Blow:
    """The blow `attacker` would strike at `target`'s `aim` now, in melee (`second_weapon`:
    the off-hand's blow at the end of the turn, ZEF-33, ZEF-34), or his shot (`missile`,
    with its `extra` shifts: range, obscured, ZEF-42, ZEF-43; `called`, ZEF-40): a shot
    has no Strength Bonus (ZEF-46) and is not parried (R-ZEF-DEFEND-MISSILE)."""
    t = t or load_tables()
    cfg = config_of(state)
    a = state.unit(attacker)
    d = state.unit(target)
    assert isinstance(a, ZefUnit) and isinstance(d, ZefUnit)
    key = (a.missile if missile else a.weapon) if weapon is None else weapon
    w = t.weapon(key or None)
    rating = a.rating_with(key)
    sub = dodge(d, t)
    walk = t.chart.walk(rating - sub, shifts_for(state, a, d, cfg, second_weapon) + extra,
                        cfg.columns_per_point)
    parts: list[Modifier] = []
    strength = 0 if missile else a.strength // 10
    if strength:
        parts.append(Modifier(value=strength, reason="Strength Bonus", rule="ZEF-46"))
    two_handed = w.hands == 2 or (w.either_hands and not a.shield and not a.offhand)
    bonus = w.damage_bonus(two_handed)
    if bonus:
        parts.append(Modifier(value=bonus, reason=f"{w.name} Damage Bonus", rule="ZEF-45"))
    if w.brawling:
        parts.append(Modifier(value=-cfg.brawling_damage, reason="brawling", rule="ZEF-26"))
    declared = parse(d.declared)
    if missile:
        defending = False
    elif defending is None:  # ZEF-16: one active defence a turn
        defending = declared is not None and declared.defends and not d.defended
    defence = None
    if defending:  # ZEF-36: his weapon's rating, nothing subtracted; a guarding off-hand's
        guard = d.offhand if declared is not None and declared.mode == "guard" else d.weapon
        defence = t.chart.walk(d.rating_with(guard), own_shifts(state, d, cfg),
                               cfg.columns_per_point)
    return Blow(attacker=attacker, target=target, weapon=key or "fists", aim=aim,
                rating=rating, subtracted=sub, walk=walk, raw_parts=tuple(parts),
                armour=area_armour(d, t)[aim],
                shield=t.shields[d.shield].protection if shield_guards(
                    state, a, d, aim, cfg) else 0,
                defence_walk=defence,
                unstoppable=strength > 0 or bonus > 0, no_damage=w.no_damage,
                kind="missile" if missile else "melee", called=called)


def resolve(blow: Blow, roll: int, defence_roll: int | None, t: ZefTables | None = None
            ) -> BlowResult:
    """The colour of the attack (ZEF-06/07) and the damage it does (module docstring)."""
    t = t or load_tables()
    colour = t.chart.colour(blow.walk.column, roll)
    if not colour.success or (blow.called and colour is not Colour.RED):
        return BlowResult(colour, None, 0, (), hit=False)
    if blow.no_damage:
        return BlowResult(colour, None, 0, ())
    parts = [Modifier(value=int(colour), reason=f"{colour.word} result", rule="ZEF-44"),
             *blow.raw_parts]
    raw = sum(m.value for m in parts)
    dcol = None
    if blow.defence_walk is not None and defence_roll is not None:
        dcol = t.chart.colour(blow.defence_walk.column, defence_roll)
        if dcol.success:
            parts.append(Modifier(value=-int(dcol), reason=f"{dcol.word} defence",
                                  rule="ZEF-36"))
            if blow.unstoppable and raw >= 1 and raw - int(dcol) < 1:
                parts.append(Modifier(value=1 - (raw - int(dcol)),
                                      reason="too mighty to stop entirely", rule="ZEF-37"))
    if blow.armour:
        parts.append(Modifier(value=-blow.armour, reason=f"armour on the "
                              f"{blow.aim.replace('_', ' ')}", rule="ZEF-47"))
    if blow.shield:
        parts.append(Modifier(value=-blow.shield, reason="shield", rule="ZEF-48"))
    return BlowResult(colour, dcol, max(0, sum(m.value for m in parts)), tuple(parts))


def out_after(state: Battle, target: str, damage: int, t: ZefTables | None = None) -> int:
    """Of the hundred Damage-check rolls, how many leave the target out of the fight after
    `damage` (ZEF-51..53, R-ZEF-ZERO): 100 if he is out for certain, 0 if he stands."""
    t = t or load_tables()
    d = state.unit(target)
    assert isinstance(d, ZefUnit)
    if damage <= 0:
        return 0
    after = d.hp - damage
    if d.enemy:
        return 100 if after <= 0 else 0
    checks = d.hp <= 0 if config_of(state).zero_check == "already_down" else after <= 0
    if not checks:
        return 0
    return 100 - t.chart.column(after).ways()[Colour.RED]


def colour_bands(t: ZefTables, column: int) -> list[tuple[int, int]]:
    """(a roll of each colour, how many of the hundred rolls give that colour) on a column:
    every roll of one colour resolves alike, so one stands for all."""
    col = t.chart.column(column)
    r, o, y, g = col.bounds()
    tops = {Colour.RED: r, Colour.ORANGE: o, Colour.YELLOW: y, Colour.GREEN: g,
            Colour.WHITE: 100}
    return [(tops[c], ways) for c, ways in col.ways().items() if ways]


def counts_of(state: Battle, blow: Blow, t: ZefTables | None = None,
              knockout: bool = False) -> tuple[dict[int, int], int, int]:
    """(damage → ways, hit ways, out-of-the-fight ways) over 100 × 100 × 100 (attack roll,
    defence roll, Damage check): every roll enumerated through `resolve`, a colour at a
    time.  `knockout` (ZEF-35, R-ZEF-KO): a red knocks him out, out of the fight with no
    damage; short of red the blow does nothing, or, by the GM's option
    `knockout_damage_on_failure`, wounds as an ordinary blow (as `blows.strike` rolls it)."""
    t = t or load_tables()
    defence = colour_bands(t, blow.defence_walk.column) if blow.defence_walk is not None else \
        [(None, 100)]
    wounds = not knockout or config_of(state).knockout_damage_on_failure
    dealt: dict[int, int] = {}
    hit = kill = 0
    for roll, ways in colour_bands(t, blow.walk.column):
        for droll, dways in defence:
            r = resolve(blow, roll, droll, t)
            n = ways * dways
            knocked = knockout and r.colour is Colour.RED
            damage = r.damage if wounds and not knocked else 0
            dealt[damage] = dealt.get(damage, 0) + n * 100
            if r.hit:
                hit += n * 100
            kill += n * (100 if knocked else out_after(state, blow.target, damage, t))
    return dealt, hit, kill


def odds_of(state: Battle, blow: Blow, t: ZefTables | None = None,
            locations: tuple[Blow, ...] = (), knockout: bool = False) -> AttackOdds:
    """The exact odds of `blow` (whole-number counts over one denominator); `locations`:
    the same shot landing on each face of the hit-location d10 (ZEF-39), summed;
    `knockout`: a knock-out blow (ZEF-35, `counts_of`)."""
    t = t or load_tables()
    dealt: dict[int, int] = {}
    hit = kill = 0
    for each in locations or (blow,):
        d, h, k = counts_of(state, each, t, knockout)
        for dmg, ways in d.items():
            dealt[dmg] = dealt.get(dmg, 0) + ways
        hit, kill = hit + h, kill + k
    w = t.weapon(blow.weapon)
    mods = (Modifier(value=blow.rating, reason=f"{w.name} rating", rule="ZEF-05"),
            Modifier(value=-blow.subtracted, reason="his Movement or Prowess",
                     rule="ZEF-06"),
            *(Modifier(value=s.points, reason=s.reason, rule=s.clause)
              for s in blow.walk.shifts))
    needed = t.chart.column(blow.walk.column).green
    return AttackOdds.counted(dealt, hit, kill, mods, needed, (blow.walk.describe(),))
