"""The attack with several d20s (ER-01, ER-03 … ER-06, ER-09; R-ER-DICE, R-ER-ADVANTAGE,
R-ER-DAMAGE): each die against the Armor Class, 1 damage a hitting die, the modifiers once
per target, and the exact odds the panel shows from the same dice."""

from fractions import Fraction

from rules.commands import Attack, Choose, Pass
from rules.engine import ruleset_of
from rules.events import UnitDamaged
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from tests.enchanted_realms.helpers import act, begin, duel, er, every, only

SELL_VS_ORC = (("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0)))


def test_a_natural_20_hits_whatever_the_armor_class_and_is_no_critical() -> None:
    """ER-01: the 20 hits Armor Class 30; the 19 (+4 = 23) does not; the damage is the
    plain 1 for the die + Strength + the weapon, nothing more for the 20."""
    st = begin(duel(*SELL_VS_ORC, b_over={"ac": 30}), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 20, 19)
    blow = only(ev, ErAttackRolled)
    assert blow.hits == (True, False)
    assert blow.damage == 1 + 1 + 1
    assert only(ev, UnitDamaged).hp_after == 9 - 3


def test_a_natural_1_misses_even_when_the_sum_would_hit() -> None:
    """ER-01: against Armor Class 3, the 1 (+4 = 5) still misses; the 2 hits."""
    st = begin(duel(*SELL_VS_ORC, b_over={"ac": 3}), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 1, 2)
    assert only(ev, ErAttackRolled).hits == (False, True)


def test_each_die_meets_or_beats_the_armor_class_on_its_own() -> None:
    """ER-03 (NOTES): the sellsword throws 2d20 (weapon training, R-ER-DICE), +4 on each,
    against the orc's Armor Class 13: the 9 (13) hits, the 8 (12) misses."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 9, 8)
    blow = only(ev, ErAttackRolled)
    assert blow.faces == (9, 8) and blow.hits == (True, False)
    assert blow.ac == 13 and blow.bonus == 4


def test_damage_is_one_a_hitting_die_then_strength_and_weight_once() -> None:
    """ER-04: two dice hit: 2, + Strength 1 + a medium weapon 1, once for the target."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 10, 12)
    blow = only(ev, ErAttackRolled)
    assert blow.damage == 4
    assert [(m.reason, m.value) for m in blow.damage_modifiers] == [
        ("Strength", 1), ("medium weapon", 1)]


def test_a_missile_adds_agility_and_no_weight() -> None:
    """ER-04 ruled (R-ER-DAMAGE): a shot adds the Agility modifier, and a ranged weapon
    weighs 0 (NOTES)."""
    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (5, 0))), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 15, 16)
    blow = only(ev, ErAttackRolled)
    assert blow.kind == "missile" and blow.damage == 2 + 2
    assert [m.reason for m in blow.damage_modifiers] == ["Agility"]


def test_a_hit_never_does_less_than_one() -> None:
    """R-ER-DAMAGE: a weak goblin (Strength −1, a light blade) still does 1 when he hits."""
    st = begin(duel(("a", "goblin", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 18)
    assert only(ev, ErAttackRolled).damage == 1


def _spinner():
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "swordsman", "pcs", (0, 0), facing=0)
    sc.unit("o1", "orc", "foes", (1, 0), facing=3)
    sc.unit("o2", "orc", "foes", (0, 1), facing=3)
    return sc


def test_spinning_moves_split_the_dice_one_a_target() -> None:
    """ER-05, EX-ER-01: 2d20 split over two targets, 1d20 each; both hit, both take the
    same 1 + Strength + weapon."""
    st = begin(_spinner(), 15, 2, 3)
    st, ev = act(st, Choose(unit="a", option="spin:o1,o2"), 15, 15)
    blows = every(ev, ErAttackRolled)
    assert [(b.target, len(b.counted)) for b in blows] == [("o1", 1), ("o2", 1)]
    assert [b.damage for b in blows] == [3, 3]
    assert [d.unit for d in every(ev, UnitDamaged)] == ["o1", "o2"]


def test_shield_blitz_deals_the_weapon_first_then_rolls_the_shield() -> None:
    """ER-06, EX-ER-02: the sword's attack is worked out and its damage dealt; then the
    shield's attack is rolled and its damage worked out on its own (light: Strength only)."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b", options=("shield_blitz",)), 15, 2, 15)
    order = [(type(e).__name__, getattr(e, "weapon", ""), getattr(e, "hp_after", None))
             for e in ev if isinstance(e, (ErAttackRolled, UnitDamaged))]
    assert order == [("ErAttackRolled", "sword", None), ("UnitDamaged", "", 6),
                     ("ErAttackRolled", "shield", None), ("UnitDamaged", "", 4)]
    shield = every(ev, ErAttackRolled)[1]
    assert shield.kind == "second" and shield.damage == 1 + 1


def test_two_handed_fighting_strikes_with_each_weapon_separately() -> None:
    """ER-06: the duelist's sword, then his dagger, each an attack of its own."""
    st = begin(duel(("a", "duelist", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b", options=("two_weapons",)), 15, 15, 15)
    blows = every(ev, ErAttackRolled)
    assert [(b.weapon, len(b.counted), b.damage) for b in blows] == [
        ("sword", 2, 2 + 0 + 1), ("dagger", 1, 1 + 0 + 0)]


def test_the_second_attack_needs_its_skill() -> None:
    """ER-06: a swordsman without Shield-Blitz cannot strike twice."""
    st = begin(duel(("a", "swordsman", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    why = ruleset_of(st).check(st, Attack(unit="a", target="b", options=("shield_blitz",)))
    assert why is not None and "ER-06" in why


def test_grappling_is_left_out_with_its_ruling() -> None:
    """ER-07: the Grappling section is not in the text (R-ER-GRAPPLE)."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    why = ruleset_of(st).check(st, Choose(unit="a", option="grapple:b"))
    assert why is not None and "ER-07" in why


def _defending_orc(at: tuple[int, int] = (0, 0)):
    """The orc acts first and defends; the sellsword comes next, from `at`."""
    st = begin(duel(("a", "fighting_man", at), ("b", "orc", (1, 0))), 3, 15)
    st, _ = act(st, Choose(unit="b", option="defend"))
    st, _ = act(st, Pass(unit="b"))
    return st


def test_defending_takes_a_die_from_attacks_he_sees() -> None:
    """ER-09: from the orc's front the sellsword's 2d20 become 1d20."""
    st = _defending_orc((0, 0))
    st, ev = act(st, Attack(unit="a", target="b"), 15)
    blow = only(ev, ErAttackRolled)
    assert len(blow.counted) == 1
    assert any("ER-09" in n for n in blow.dice_notes)


def test_defending_does_not_help_against_what_he_cannot_see() -> None:
    """ER-09, R-ER-DEFEND-SEE: from behind the orc the sellsword keeps both dice."""
    st = _defending_orc((2, 0))
    st, ev = act(st, Attack(unit="a", target="b"), 15, 15)
    assert len(only(ev, ErAttackRolled).counted) == 2


def test_one_die_at_disadvantage_rolls_two_and_keeps_the_lower() -> None:
    """R-ER-ADVANTAGE: the orc's single die against a defending sellsword: 18 and 5, the 5
    counts (5 + 3 = 8, a miss)."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    st, _ = act(st, Choose(unit="a", option="defend"))
    st, _ = act(st, Pass(unit="a"))
    st, ev = act(st, Attack(unit="b", target="a"), 18, 5)
    blow = only(ev, ErAttackRolled)
    assert blow.faces == (18, 5) and blow.counted == (5,) and blow.hits == (False,)


def test_odds_of_one_die_are_the_faces_that_hit() -> None:
    """ER-03: the orc (+3) needs 14 against the sellsword's 15 + shield 2: 7 faces in 20;
    3 damage when he hits."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    o = ruleset_of(st).odds(st, "b", "a")
    assert o.hit == Fraction(7, 20)
    assert o.damage == {0: Fraction(13, 20), 3: Fraction(7, 20)}
    assert o.kill == 0


def test_odds_of_two_dice_count_the_hitting_dice() -> None:
    """ER-03, ER-04: 2d20 at +4 against 13: each hits 12 faces in 20; none 4/25, one
    12/25 (3 damage), both 9/25 (4 damage); an orc of 4 hit points drops only to both."""
    st = begin(duel(*SELL_VS_ORC, b_over={"hp": 4}), 15, 3)
    o = ruleset_of(st).odds(st, "a", "b")
    assert o.damage == {0: Fraction(4, 25), 3: Fraction(12, 25), 4: Fraction(9, 25)}
    assert o.hit == Fraction(21, 25) and o.kill == Fraction(9, 25)


def test_odds_at_advantage_add_a_die_and_with_lower_of_two_square_the_chance() -> None:
    """R-ER-ADVANTAGE: advantage gives the sellsword 3d20; the orc's one die at
    disadvantage hits only if both of two do (7/20 squared)."""
    st = begin(duel(*SELL_VS_ORC), 15, 3)
    rs = ruleset_of(st)
    assert rs.odds(st, "a", "b", advantage=1).damage[0] == Fraction(8, 125)
    assert rs.odds(st, "b", "a", advantage=-1).hit == Fraction(49, 400)
