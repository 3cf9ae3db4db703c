"""A melee blow from the column to the damage (ZEF-05..08, ZEF-26, ZEF-36, ZEF-37,
ZEF-44..49; R-ZEF-DODGE, R-ZEF-UNSTOPPABLE, R-ZEF-DAMAGE-ORDER, R-ZEF-SHIELD-ARC)."""

from rules.events import UnitDamaged
from rules.systems.zefrs.events import ZefAttackRolled
from tests.zefrs.helpers import begin, declare, duel, every, only, zef

# The Cimmerian (Broadsword 11, Strength 24: +2) against a city guard (Movement 2, leather
# jack 1 on chest and gut, a small shield 1 on his left arm): column 11 - 2 = 9, where
# red is 01-12, orange 13-39, yellow 40-60, green 61-79 (R-ZEF-CHART).


def _duel(**a_over: object) -> object:
    return begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)),
                      a_over=dict(a_over)))


def _parts(e: ZefAttackRolled) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in e.damage_parts]


def test_the_column_is_his_rating_less_the_defenders_movement() -> None:
    """ZEF-05, ZEF-06, ZEF-07: broadsword 11 − Movement 2 = column 9; 25 there is orange."""
    st = _duel()
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 9, 1, 25, 99, b="fight:a:chest")
    blow = every(ev, ZefAttackRolled)[0]
    assert (blow.rating, blow.subtracted, blow.column, blow.roll, blow.colour) == \
        (11, 2, 9, 25, "orange")


def test_damage_colour_strength_armour_and_shield() -> None:
    """ZEF-44 orange 3, ZEF-46 Strength 24 +2, ZEF-47 jack 1 on the chest, ZEF-48 shield 1
    (the chest is on the shield's side): 3 damage."""
    st = _duel()
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 9, 1, 25, 99, b="fight:a:chest")
    blow = every(ev, ZefAttackRolled)[0]
    assert _parts(blow) == [(3, "ZEF-44"), (2, "ZEF-46"), (-1, "ZEF-47"), (-1, "ZEF-48")]
    assert blow.damage == 3 and every(ev, UnitDamaged)[0].hp_after == 7 - 3


def test_the_shield_does_not_guard_the_other_arm() -> None:
    """ZEF-48: a shield on the left arm does not cover the right arm: 3 + 2 = 5."""
    st = _duel()
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 9, 1, 25, 99, b="fight:a:chest")
    blow = every(ev, ZefAttackRolled)[0]
    assert _parts(blow) == [(3, "ZEF-44"), (2, "ZEF-46")] and not blow.shield_used


def test_a_shield_blocks_one_attack_a_turn_and_an_enemy_at_zero_falls() -> None:
    """ZEF-48: the second blow of the turn finds the shield spent; ZEF-53: the guard, an
    Enemy, falls at 0 with no check, and does not strike."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a1", "cimmerian", "pcs", (0, 0), facing=0)
    sc.unit("a2", "cimmerian", "pcs", (1, -1), facing=5)
    sc.unit("b", "guard", "foes", (1, 0), facing=3)
    st = begin(sc)
    st, _ = declare(st, a1="fight:b:chest", a2="fight:b:chest")
    st, ev = declare(st, 5, 3, 1, 25, 25, b="fight:a1:chest")
    first, second = every(ev, ZefAttackRolled)
    assert first.shield_used and first.damage == 3
    assert not second.shield_used and second.damage == 4
    guard = st.unit("b")
    assert (guard.hp, guard.status, guard.condition) == (0, "down", "fallen")


def test_defending_takes_the_defence_colour_off_once_a_turn() -> None:
    """ZEF-36: hit, he checks Spear 4 with nothing subtracted (column 4): 40 is yellow, −2.
    ZEF-16: his one active defence is spent; the second blow lands in full."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a1", "cimmerian", "pcs", (0, 0), facing=0)
    sc.unit("a2", "cimmerian", "pcs", (1, -1), facing=5, strength=9)
    sc.unit("b", "guard", "foes", (1, 0), facing=3, hp=20)
    st = begin(sc)
    st, _ = declare(st, a1="fight:b:chest", a2="fight:b:chest")
    st, ev = declare(st, 5, 3, 25, 40, 25, b="defend")
    first, second = every(ev, ZefAttackRolled)
    assert (first.defence_roll, first.defence_column, first.defence_colour) == (40, 4, "yellow")
    assert (-2, "ZEF-36") in _parts(first) and first.damage == 3 + 2 - 2 - 1 - 1
    assert second.defence_colour == "" and second.damage == 3 - 1


def test_a_mighty_blow_is_never_wholly_parried() -> None:
    """ZEF-37 (R-ZEF-UNSTOPPABLE): green 1 + Strength 2 against a red defence (−4) still
    does 1; the same blow without a Strength Bonus is stopped."""
    st = _duel()
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 70, 5, b="defend")
    blow = only(ev, ZefAttackRolled)
    assert blow.colour == "green" and blow.defence_colour == "red"
    assert (2, "ZEF-37") in _parts(blow) and blow.damage == 1  # 1 + 2 − 4 = −1, held at 1
    st = _duel(strength=9)
    st, _ = declare(st, a="fight:b:right_arm")
    st, ev = declare(st, 5, 70, 5, b="defend")
    assert only(ev, ZefAttackRolled).damage == 0


def test_weapon_damage_bonus_and_brawling() -> None:
    """ZEF-45: the great axe's +2; ZEF-26: fists do 2 less."""
    st = begin(duel(("a", "dwarf", (0, 0)), ("b", "bandit", (1, 0))))
    st, _ = declare(st, a="fight:b:head")
    st, ev = declare(st, 5, 50, 99, b="defend")
    assert (2, "ZEF-45") in _parts(only(ev, ZefAttackRolled))
    st = begin(duel(("a", "brawler", (0, 0)), ("b", "bandit", (1, 0))))
    st, _ = declare(st, a="fight:b:head")
    st, ev = declare(st, 5, 5, 99, b="defend")
    blow = only(ev, ZefAttackRolled)
    assert blow.weapon == "fists" and (-2, "ZEF-26") in _parts(blow)


def test_armour_weight_makes_a_man_easier_to_hit() -> None:
    """ZEF-49 / R-ZEF-DODGE: the knight's Movement 4 less his armour's 5 is −1, so a guard's
    Spear 4 reads column 5, less 2 for striking up at a rider (ZEF-41, R-ZEF-LOWER)."""
    st = begin(duel(("a", "knight", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="defend")
    st, ev = declare(st, 5, 99, b="fight:a:chest")
    blow = only(ev, ZefAttackRolled)
    assert (blow.subtracted, blow.column) == (-1, 3)
    assert [(m.value, m.rule) for m in blow.shifts] == [(-2, "ZEF-41")]
    assert "column 5, \N{MINUS SIGN}2 fighting from below (ZEF-41) → 3" in blow.walk


def _from(at: tuple[int, int], facing: int = 3, **options: object) -> ZefAttackRolled:
    """The Cimmerian's orange blow at the chest of a guard at (1, 0) facing `facing`
    (3: west), struck from `at`."""
    sc = zef(**options).side("pcs", True).side("foes")
    sc.unit("a", "cimmerian", "pcs", at, facing=0)
    sc.unit("b", "guard", "foes", (1, 0), facing=facing)
    st = begin(sc)
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 25, 99, b="defend")  # his defence fails: the shield alone
    return next(e for e in ev if isinstance(e, ZefAttackRolled))


def test_the_shield_is_not_brought_across_to_the_other_flank_or_behind() -> None:
    """R-ZEF-SHIELD-ARC: facing west with his shield on the left (south), a blow from the
    front or the south flank meets the shield; from the north flank or behind, it does not."""
    front = _from((0, 0))
    shield_side = _from((1, 1))  # south-east of him: his left flank as he faces west
    other = _from((2, -1))  # north-east of him: his right flank
    behind = _from((2, 0))
    assert [e.shield_used for e in (front, shield_side, other, behind)] == \
        [True, True, False, False]
    assert behind.damage == front.damage + 1


def test_the_gm_may_let_the_shield_come_round() -> None:
    assert _from((2, 0), shield_arcs=["front", "shield_flank", "other_flank",
                                      "rear"]).shield_used
