"""The exact odds of a ZeFRS blow or shot as the computer players weigh them: the colours,
the damage after armour, shield and defence, the chance he is out of the fight, and the
chance a red leaves a specific wound on him while he still stands (ZEF-54..56).

Why not `Ruleset.odds` alone: the panel's `AttackOdds` has no room for the specific wound,
and a red at the head (a cracked skull) or the weapon arm (a maimed arm) is often worth more
than its damage.  So the blow is read with the rules' own `combat.situation` and every roll
is run through the rules' own `combat.resolve` and `combat.out_after`, exactly as
`combat.counts_of` does, adding the wound check of `wounds.specific_wound` (R-ZEF-WOUND-CHECK)
for each red.  The enumeration depends only on the numbers of the blow, so it is memoised on
them (`blow_key`) in the controller's memory: each kind of blow is counted once a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.state import Battle
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import Blow, out_after, own_shifts, resolve, situation
from rules.systems.zefrs.missiles import shot_shifts
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import ZefTables, load_tables
from rules.systems.zefrs.units import ZefUnit

__all__ = ["WOUND_WORTH", "AimOdds", "aim_odds", "shot_odds", "wound_worth"]

# What a specific wound takes from a figure who still stands, as a share of what he is
# worth (R-ZEF-WOUNDS says what each does): out cold is the whole of him; a maimed weapon
# arm leaves him his fists (−2 damage, ZEF-26, and usually a worse rating); a hamstring
# leaves him on the ground, one hex a turn; a lost shield or a knock-down cost a few points
# of his next blows; a shift costs every later check that many columns.
WOUND_WORTH = {"unconscious": 1.0, "maimed_weapon": 0.55, "maimed_other": 0.1,
               "lamed": 0.3, "knocked_down": 0.12, "shift_per_column": 0.09}


@dataclass(frozen=True, slots=True)
class AimOdds:
    """One blow at one aiming point, as floats over all the dice (attack, defence, the
    Damage check, the wound check).

    hit      the blow lands (any colour; a called shot: red)
    dist     damage > 0 → probability
    kill     he is out of the fight after it (ZEF-51..53)
    red      the attack roll is red
    wound    a specific wound is left on him and he still stands (ZEF-54..56)
    kept     the damage he takes and still stands, expected (counted down to 0): with
             `kill`, what the blow takes from him -- a knock-out or a failed Damage check
             takes all he has left, however little the damage
    """

    hit: float
    dist: tuple[tuple[int, float], ...]
    kill: float
    red: float
    wound: float
    kept: float = 0.0

    def chances(self) -> tuple[float, tuple[tuple[int, float], ...], float]:
        return self.hit, self.dist, self.kill


def blow_key(state: Battle, blow: Blow, target: ZefUnit) -> tuple[Any, ...]:
    """Everything the enumeration of `blow` on `target` depends on."""
    cfg = config_of(state)
    return (blow.walk.column, blow.defence_walk.column if blow.defence_walk else None,
            sum(m.value for m in blow.raw_parts), blow.armour, blow.shield, blow.unstoppable,
            blow.no_damage, blow.called, blow.aim, blow.weapon, target.hp, target.enemy,
            target.general_endurance, sum(s.points for s in own_shifts(state, target, cfg)),
            cfg.zero_check, cfg.knockout_damage_on_failure)


def _bands(t: ZefTables, column: int) -> list[tuple[Colour, int, int]]:
    """(colour, a roll of that colour, how many rolls give it) on a column."""
    col = t.chart.column(column)
    r, o, y, g = col.bounds()
    tops = {Colour.RED: r, Colour.ORANGE: o, Colour.YELLOW: y, Colour.GREEN: g,
            Colour.WHITE: 100}
    return [(c, tops[c], n) for c, n in col.ways().items() if n]


def _enumerate(state: Battle, blow: Blow, target: ZefUnit, t: ZefTables,
               knockout: bool) -> AimOdds:
    cfg = config_of(state)
    defence = ([(c, roll, n) for c, roll, n in _bands(t, blow.defence_walk.column)]
               if blow.defence_walk is not None else [(None, None, 100)])
    brawling = t.weapon(blow.weapon).brawling
    wound = (t.wounds.brawling if brawling else t.wounds.armed).get(blow.aim)
    dealt: dict[int, float] = {}
    hit = kill = red = hurt = kept = 0.0
    total = 100 * 100
    left = max(target.hp, 0)
    for colour, roll, ways in _bands(t, blow.walk.column):
        if knockout and colour is Colour.RED:  # ZEF-35: out cold, no damage, no wound
            p = ways / 100
            hit, kill, red = hit + p, kill + p, red + p
            continue
        for _, droll, dways in defence:
            p = ways * dways / total
            r = resolve(blow, roll, droll, t)
            if not r.hit:
                continue
            hit += p
            damage = r.damage if not knockout or cfg.knockout_damage_on_failure else 0
            if damage > 0:
                dealt[damage] = dealt.get(damage, 0.0) + p
            out = out_after(state, target.id, damage, t) / 100
            kill += p * out
            kept += p * (1.0 - out) * min(damage, left)
            if colour is Colour.RED:
                red += p
                if wound is not None:
                    hurt += p * (1.0 - out) * _not_avoided(state, target, damage,
                                                            wound.avoid, t, cfg)
    return AimOdds(hit, tuple(sorted(dealt.items())), kill, red, hurt, kept)


def _not_avoided(state: Battle, target: ZefUnit, damage: int, avoid: str, t: ZefTables,
                 cfg: Any) -> float:
    """ZEF-55, ZEF-56 (R-ZEF-WOUND-CHECK): the chance he suffers the wound: an Enemy always;
    a PC or Foe unless he checks `avoid` or better on the higher of his Damage rating as it
    now is and his General Endurance."""
    if target.enemy:
        return 1.0
    walk = t.chart.walk(max(target.hp - damage, target.general_endurance),
                        own_shifts(state, target, cfg), cfg.columns_per_point)
    return 1.0 - t.chart.column(walk.column).at_least(Colour[avoid.upper()]) / 100


def _cached(memo: dict[Any, Any], state: Battle, blow: Blow, target: ZefUnit,
            t: ZefTables, knockout: bool = False) -> AimOdds:
    key = (*blow_key(state, blow, target), knockout)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _enumerate(state, blow, target, t, knockout)
    return found  # type: ignore[no-any-return]


def aim_odds(memo: dict[Any, Any], state: Battle, attacker: str, target: str, aim: str, *,
             defending: bool | None = None, knockout: bool = False,
             weapon: str | None = None, second_weapon: bool = False) -> AimOdds:
    """A melee blow of `attacker` at `target`'s `aim` in `state` (where both stand as the
    state says).  `knockout` (ZEF-35, R-ZEF-KO): a red knocks him out -- out of the fight
    -- instead of wounding; any other colour does nothing (or, by the GM's option
    `knockout_damage_on_failure`, wounds as usual), so the damage it gives up is weighed.
    `weapon`, `second_weapon`: the off-hand's blow at the end of the turn (ZEF-33,
    ZEF-34)."""
    t = load_tables()
    blow = situation(state, attacker, target, aim, defending=defending, weapon=weapon,
                     second_weapon=second_weapon, t=t)
    d = state.unit(target)
    assert isinstance(d, ZefUnit)
    return _cached(memo, state, blow, d, t, knockout)


def shot_odds(memo: dict[Any, Any], state: Battle, attacker: str, target: str,
              aim: str = "") -> tuple[AimOdds, tuple[tuple[str, float], ...]]:
    """A shot (ZEF-38..43): called at `aim` (ZEF-40: only red hits) or, unaimed, landing
    where a d10 says (ZEF-39): the odds summed over the ten faces, and the chance of each
    area's wound (for the wound's worth, which depends on the area)."""
    t = load_tables()
    a, d = state.unit(attacker), state.unit(target)
    assert isinstance(a, ZefUnit) and isinstance(d, ZefUnit)
    extra = shot_shifts(state, a, d)
    if aim:
        blow = situation(state, attacker, target, aim, missile=True, called=True,
                         extra=extra, t=t)
        o = _cached(memo, state, blow, d, t)
        return o, ((aim, o.wound),)
    hit = kill = red = hurt = kept = 0.0
    dealt: dict[int, float] = {}
    wounds: dict[str, float] = {}
    for face in range(1, 11):
        area = t.location(face)
        blow = situation(state, attacker, target, area, missile=True, extra=extra, t=t)
        o = _cached(memo, state, blow, d, t)
        hit, kill, red, hurt = hit + o.hit / 10, kill + o.kill / 10, red + o.red / 10, \
            hurt + o.wound / 10
        kept += o.kept / 10
        for dmg, p in o.dist:
            dealt[dmg] = dealt.get(dmg, 0.0) + p / 10
        wounds[area] = wounds.get(area, 0.0) + o.wound / 10
    return (AimOdds(hit, tuple(sorted(dealt.items())), kill, red, hurt, kept),
            tuple(wounds.items()))


def wound_worth(state: Battle, target: ZefUnit, area: str, brawling: bool = False) -> float:
    """The share of `target`'s worth a specific wound at `area` takes (`WOUND_WORTH`)."""
    t = load_tables()
    w = (t.wounds.brawling if brawling else t.wounds.armed).get(area)
    if w is None:
        return 0.0
    if w.effect == "shift":
        return WOUND_WORTH["shift_per_column"] * abs(w.shift)
    if w.effect == "maimed":  # the right arm drops the weapon, the left the shield
        if area == "right_arm":
            return WOUND_WORTH["maimed_weapon"] if target.weapon else 0.0
        return WOUND_WORTH["maimed_other"] if target.shield or target.offhand else 0.0
    return WOUND_WORTH.get(w.effect, 0.0)
