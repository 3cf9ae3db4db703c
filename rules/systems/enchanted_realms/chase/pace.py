"""The chase's arithmetic, pure: a runner's chase speed and chart row, the movement roll,
the second he swings in, the running penalty and the gap that ends the chase.

Why a module of its own: the procedure (procedure.py), the exact odds (odds.py), the
computer (game/ai/er_chase.py) and the track screen all ask these same questions; one
answer each, from chase.toml, so the odds can never drift from the play.

    speed       walking rate (his steed's if he rides), +5 ft with abandonment (ER-27)
    row         the chart's row for that speed, off-chart speeds ruled (R-ER-CHASE-OFF-CHART)
    roll        d20 + Agility bonus >= DC 5 gains the second's hexes, a natural 1 fails, a
                natural 20 gains one hex more (ER-31)
    second      initiative above 10 swings in 10, below 1 in 1 (ER-29, R-ER-CHASE-LOW)
    penalty     -3 on every d20 of a melee attack while running (ER-22), lessened by skills
                (ER-23, R-ER-CHASE-SKILLS), added to by the target's evasion (ER-24,
                R-ER-CHASE-EVASIVE) and his mount or wings (ER-25, R-ER-CHASE-MOUNTED)
    end gap     half the lagging runner's speed, in feet (ER-33, R-ER-CHASE-END)
"""

from __future__ import annotations

from rules.events import Modifier
from rules.systems.enchanted_realms.chase.tables import ChaseTables, load_chase
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import ErUnit, speed_ft

__all__ = ["SECONDS", "chart_row", "chase_speed", "end_gap_hexes", "heavy", "hexes_in",
           "moved", "running_penalty", "swing_second"]

SECONDS = tuple(range(10, 0, -1))  # ER-29: a round counted down from 10 to 1


def chase_speed(u: ErUnit, t: ChaseTables | None = None) -> int:
    """ER-27: his running speed in feet, 5 ft faster with the abandonment skill."""
    t = t or load_chase()
    base = speed_ft(u, "fly" if u.fly_ft and not u.mounted else "walk")
    return base + (t.rules.abandonment_ft if u.has(t.skills.abandonment) else 0)


def chart_row(speed: int, t: ChaseTables | None = None) -> tuple[int, tuple[int, ...]]:
    """ER-30 and R-ER-CHASE-OFF-CHART: the row a speed runs on, (row speed, hexes 10 … 1).
    Between rows the row below; above the fastest the fastest; below the slowest the
    slowest; a speed of 0 a row of nothing."""
    t = t or load_chase()
    rows = t.rows()
    if speed <= 0:
        return 0, (0,) * 10
    for row_speed, row in rows:
        if row_speed <= speed:
            return row_speed, row
    return rows[-1]


def hexes_in(speed: int, second: int, t: ChaseTables | None = None) -> int:
    """ER-30: the hexes the chart gives at `speed` in `second` (10 … 1)."""
    return chart_row(speed, t)[1][10 - second]


def moved(face: int, agility: int, chart_hexes: int, t: ChaseTables | None = None) -> int:
    """ER-31: the hexes a movement roll of `face` gains when the chart gives `chart_hexes`."""
    t = t or load_chase()
    if chart_hexes <= 0 or face == 1:
        return 0
    if face == 20:
        return chart_hexes + t.rules.natural_20_extra
    return chart_hexes if face + agility >= t.rules.movement_dc else 0


def swing_second(initiative: int, t: ChaseTables | None = None) -> int:
    """ER-29, EX-ER-04: above 10 swings in second 10; R-ER-CHASE-LOW: below 1 in second 1
    (by default), the last of the round."""
    t = t or load_chase()
    if initiative > 10:
        return 10
    if initiative < 1:
        return t.rules.low_initiative_second
    return initiative


def heavy(u: ErUnit) -> bool:
    """ER-28: does his melee weapon count as heavy (its weight in the creature tables)."""
    return load_tables().weapons[u.weapon].weight == "heavy"


def running_penalty(attacker: ErUnit, target: ErUnit, t: ChaseTables | None = None
                    ) -> tuple[Modifier, ...]:
    """ER-22..ER-25: what every d20 of `attacker`'s melee attack on `target` takes while
    both run, each part with its reason and clause."""
    t = t or load_chase()
    r, s = t.rules, t.skills
    pen = r.running_penalty
    mods = [Modifier(value=pen, reason="running attack", rule="ER-22")]
    first = any(attacker.has(k) for k in s.relief)
    second = any(attacker.has(k) for k in s.relief_more)
    relief = 0
    if first:
        relief = r.skill_relief
        if second:
            relief = max(relief, r.skill_relief_floor - pen)
    elif second and r.second_list_alone:
        relief = r.skill_relief
    if relief:
        mods.append(Modifier(value=relief, reason="his running-fighter skills",
                             rule="ER-23, R-ER-CHASE-SKILLS"))
    evasive = [k for k in s.evasive if target.has(k)]
    if evasive:
        add = r.evasive_point * (len(evasive) if r.evasive_each else 1)
        now = pen + relief
        add = max(0, min(add, now - r.evasive_cap))
        if add:
            mods.append(Modifier(value=-add, reason="the target's evasive skills",
                                 rule="ER-24, R-ER-CHASE-EVASIVE"))
    riding, flying = target.mounted, _flies(target)
    skilled = ((riding and any(target.has(k) for k in s.mounted))
               or (flying and any(target.has(k) for k in s.aerial)))
    if (skilled if r.mounted_needs_skill else riding or flying) and r.mounted_penalty:
        mods.append(Modifier(value=r.mounted_penalty, reason="the target rides or flies",
                             rule="ER-25, R-ER-CHASE-MOUNTED"))
    return tuple(mods)


def _flies(u: ErUnit) -> bool:
    """ER-25: he runs the chase on wings, his own (a flying rate, on foot) or his steed's."""
    if u.mounted and u.steed:
        return load_tables().steeds[u.steed].fly_ft > 0
    return u.fly_ft > 0


def end_gap_hexes(speed: int, fph: int = 5, t: ChaseTables | None = None) -> int:
    """ER-33, EX-ER-05, R-ER-CHASE-END: the gap in hexes at which a runner of `speed` is
    left behind: half his speed in feet (a), or half his speed counted as hexes (b)."""
    t = t or load_chase()
    half = speed // 2
    if t.rules.end_gap == "half_speed_hexes":
        return max(1, half)
    return max(1, -(-half // fph))
