"""FE-33 / EX-FE-01 Shieldmate: "A Fighting-Man or Demi-Man using a shield and standing next to
another character also provides their shield bonus to AC to that character.  Therefore two
Fighting-Men with shields, for instance, standing side by side, grant each other an
additional -1 AC."

The engine takes reading (a): any adjacent friend benefits, whichever way he faces; several
shieldmates give −1 in all unless the GM option `shieldmates_stack` is on
(R-FE-SHIELDMATE-STACK); nothing from a shield against a rear attack (FE-20).

"f1" stands at (0,0) facing east; the orc at (1,0) faces him (west).  Hexes next to f1:
(0,1) and (1,-1) also touch the orc; (0,-1), (-1,1) and (-1,0) are behind or beside f1.
"""

from fractions import Fraction

from rules.commands import Attack
from rules.engine import ruleset_of
from rules.events import AttackRolled
from tests.fallen_empire.helpers import act, begin, declare, fe, mods, only, to_phase

MATE = "FE-33, R-FE-SHIELDMATE-STACK"


def line_up(*friends, orc_at=(1, 0), orc_facing=3, f1=None, **options):
    """f1 (a Fighting-Man) and `friends` = (id, template, hex, overrides) of the men."""
    sc = (fe(**options).side("men", True).side("orcs")
          .unit("f1", "fighting_man", "men", (0, 0), facing=0, **(f1 or {})))
    for uid, template, at, over in friends:
        sc = sc.unit(uid, template, "men", at, facing=0, **over)
    return begin(sc.unit("orc", "orc", "orcs", orc_at, facing=orc_facing))


def orc_strikes(st, target, *dice):
    st, _ = declare(st, {u.id: "melee" for u in st.units}, initiative=(1, 6))
    st = to_phase(st, "melee", "orcs")
    return act(st, Attack(unit="orc", target=target), *dice)


def mate_bonus(st, target):
    odds = ruleset_of(st).odds(st, "orc", target, kind="melee")
    return sum(m.value for m in odds.modifiers if m.rule.startswith("FE-33"))


def test_two_fighting_men_side_by_side_each_get_an_additional_minus_one():
    """EX-FE-01: "two Fighting-Men with shields ... standing side by side, grant each other an
    additional -1 AC": against f1 the orc has −1 (his shield) −1 (f2's): d20 15 − 2 = 13
    misses the 14 needed against chain, 16 hits."""
    st = line_up(("f2", "fighting_man", (0, 1), {}))
    _, ev = orc_strikes(st, "f1", 15)
    attack = only(ev, AttackRolled)
    assert attack.needed == 14 and mods(attack) == {"FE-30": -1, MATE: -1}
    assert not attack.hit
    assert any(m.reason == "shieldmate f2" for m in attack.modifiers)
    _, ev = orc_strikes(st, "f1", 16, 1)
    assert only(ev, AttackRolled).hit


def test_the_bonus_goes_both_ways():
    """EX-FE-01: "grant each other": against f2 it is f1's shield that adds the −1."""
    st = line_up(("f2", "fighting_man", (0, 1), {}))
    _, ev = orc_strikes(st, "f2", 15)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-30": -1, MATE: -1}
    assert any(m.reason == "shieldmate f1" for m in attack.modifiers)


def test_odds_with_a_shieldmate():
    """EX-FE-01 in the odds: the orc needs a natural 16: 5 faces of 20 = 1/4."""
    st = line_up(("f2", "fighting_man", (0, 1), {}))
    assert ruleset_of(st).odds(st, "orc", "f1", kind="melee").hit == Fraction(1, 4)


def test_several_shieldmates_do_not_stack():
    """R-FE-SHIELDMATE-STACK (a gap in the text): with three shield-bearing Fighting-Men
    around him f1 still gets −1 from shieldmates, not −3."""
    st = line_up(("f2", "fighting_man", (0, 1), {}), ("f3", "fighting_man", (0, -1), {}),
                 ("f4", "fighting_man", (-1, 0), {}))
    assert mate_bonus(st, "f1") == -1


def test_stacking_is_a_gm_option():
    """R-FE-SHIELDMATE-STACK: with `shieldmates_stack` on, two shieldmates give −2."""
    st = line_up(("f2", "fighting_man", (0, 1), {}), ("f3", "fighting_man", (0, -1), {}),
                 shieldmates_stack=True)
    assert mate_bonus(st, "f1") == -2


def test_any_adjacent_character_benefits_reading_a():
    """FE-33 reading (a): "standing next to another character": a Magic-User without a shield
    at (0,1) beside f1 gets f1's −1; so does a man standing behind f1 at (-1,0) (not in his
    line), whose own shield is not what counts."""
    st = line_up(("mu", "magic_user", (0, 1), {}))
    _, ev = orc_strikes(st, "mu", 10)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {MATE: -1}
    assert attack.needed == 10 and not attack.hit  # unarmoured (AC 9): 10 − 1 = 9 misses
    st = line_up(("behind", "fighting_man", (-1, 0), {}))
    assert mate_bonus(st, "behind") == -1


def test_only_fighting_men_and_demi_men_are_shieldmates():
    """FE-33: "A Fighting-Man or Demi-Man using a shield": a Man-at-Arms with a shield or a
    Cleric with a shield beside f1 gives nothing; a Dwarf (Demi-Man) does."""
    for template in ("man_at_arms_spear", "cleric"):
        st = line_up(("mate", template, (0, 1), {}))
        assert mate_bonus(st, "f1") == 0, template
    st = line_up(("mate", "dwarf", (0, 1), {}))
    assert mate_bonus(st, "f1") == -1


def test_a_fighting_man_without_a_shield_is_no_shieldmate():
    """FE-33: "using a shield": f2 with no shield gives f1 nothing."""
    st = line_up(("f2", "fighting_man", (0, 1), {"shield": ""}))
    assert mate_bonus(st, "f1") == 0


def test_no_shieldmate_against_a_rear_attack():
    """FE-33 with FE-20: from behind, neither his own shield nor his mate's counts: the orc at
    (-1,0) strikes f1's rear: +2, no FE-30, no FE-33."""
    st = line_up(("f2", "fighting_man", (0, 1), {}), orc_at=(-1, 0), orc_facing=0)
    _, ev = orc_strikes(st, "f1", 12, 3)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-20": 2}
    assert attack.hit
