"""FE-24 / FE-25 / FE-26 Mounted Combat: "Mounted cavalrymen and knights gain a +2 to hit and a
+2 to damage over combatants on foot.  Lances have an extra 10' reach as well, which makes it
likely that cavalrymen automatically gain initiative if he uses one.  ... shooting a bow from
horseback imparts a -1 penalty to hit, and only Shortbows can be used from horseback anyway."

One hex is 5 ft: a lance (5 ft + 10 ft) reaches 3 hexes from horseback.
"""

from fractions import Fraction

import pytest

from rules.commands import Attack, Declare
from rules.engine import IllegalCommand, legal_commands, ruleset_of
from rules.events import AttackRolled, UnitDamaged
from rules.state import state_hash
from rules.systems.fallen_empire.events import InitiativeRolled
from tests.fallen_empire.helpers import act, begin, declare, fe, mods, only, to_phase


def knight_vs(target_template="orc", at=(3, 0), mounted_target=None, **knight):
    """A knight (level 3, plate and shield, lance) at (0,0) facing east; strength bonuses off
    so the mounted bonus shows alone.  Its foe, without a shield, at `at`."""
    extra = {} if mounted_target is None else {"mounted": mounted_target}
    knight = {"str_hit": 0, "str_dmg": 0, **knight}
    st = begin(fe().side("men", True).side("foes")
               .unit("knight", "knight", "men", (0, 0), facing=0, **knight)
               .unit("foe", target_template, "foes", at, facing=3, shield="", **extra))
    st, _ = declare(st, {"knight": "melee", "foe": "melee"}, initiative=(6, 1))
    return to_phase(st, "melee", "men")


def test_mounted_knight_plus_two_to_hit_and_damage_against_foot():
    """FE-24: "+2 to hit and a +2 to damage over combatants on foot".  Level-3 fighter vs
    leather (AC 7) needs 12: d20 10 + 2 = 12 hits; lance 1d8 = 1, +2 = 3 damage."""
    st, ev = act(knight_vs(), Attack(unit="knight", target="foe"), 10, 1)
    attack = only(ev, AttackRolled)
    assert attack.needed == 12 and attack.hit
    assert mods(attack) == {"FE-24": 2}
    assert {m.rule: m.value for m in attack.damage_modifiers} == {"FE-24": 2}
    assert (attack.damage_dice, attack.damage_roll, attack.damage) == ("1d8", 1, 3)
    assert only(ev, UnitDamaged).hp_after == 2 and st.unit("foe").hp == 2


def test_without_the_bonus_the_same_roll_misses():
    """FE-24 is all that makes the difference: d20 9 + 2 = 11 misses the 12 needed."""
    _, ev = act(knight_vs(), Attack(unit="knight", target="foe"), 9)
    assert not only(ev, AttackRolled).hit


def test_no_mounted_bonus_against_another_rider():
    """FE-24 counts only "over combatants on foot": against a mounted foe nothing is added."""
    _, ev = act(knight_vs("horse_archer", at=(1, 0)), Attack(unit="knight", target="foe"), 12, 4)
    attack = only(ev, AttackRolled)
    assert "FE-24" not in mods(attack) and attack.damage_modifiers == ()
    assert attack.damage == 4


def test_no_mounted_bonus_for_a_knight_on_foot():
    """FE-24 is for the mounted: the same knight dismounted (and so with a 5-ft lance,
    R-FE-LANCE) gets no +2."""
    st = knight_vs(at=(1, 0), mounted=False)
    _, ev = act(st, Attack(unit="knight", target="foe"), 12, 4)
    attack = only(ev, AttackRolled)
    assert "FE-24" not in mods(attack) and attack.damage == 4


def test_lance_reaches_three_hexes_from_horseback():
    """FE-25: "Lances have an extra 10' reach": 5 + 10 = 15 ft = 3 hexes.  The orc 3 hexes
    away may be struck; the blow gets the mounted bonus as usual."""
    st = knight_vs(at=(3, 0))
    assert st.unit("knight").reach_ft == 15
    assert Attack(unit="knight", target="foe") in legal_commands(st)
    st, ev = act(st, Attack(unit="knight", target="foe"), 11, 2)
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.damage == 4 and st.unit("foe").hp == 1


def test_lance_does_not_reach_four_hexes():
    """FE-25: 15 ft is the limit: a second orc 4 hexes away is out of reach, and the attack
    is refused with the reason (nothing changes)."""
    st = begin(fe().side("men", True).side("foes")
               .unit("knight", "knight", "men", (0, 0), facing=0)
               .unit("near", "orc", "foes", (3, 0), facing=3)
               .unit("far", "orc", "foes", (4, -1), facing=3))
    st, _ = declare(st, {"knight": "melee", "near": "melee", "far": "melee"},
                    initiative=(6, 1))
    st = to_phase(st, "melee", "men")
    assert Attack(unit="knight", target="far") not in legal_commands(st)
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, Attack(unit="knight", target="far"), 20, 8)
    assert "not a foe within knight's reach" in err.value.reason
    assert state_hash(st) == snapshot


def test_lance_on_foot_has_no_extra_reach():
    """FE-25 / R-FE-LANCE: the extra reach is a rider's: on foot the lance reaches 5 ft."""
    st = begin(fe().side("men", True).side("foes")
               .unit("knight", "knight", "men", (0, 0), facing=0, mounted=False)
               .unit("foe", "orc", "foes", (3, 0), facing=3))
    assert st.unit("knight").reach_ft == 5


def test_lance_leaves_side_initiative_to_the_dice():
    """FE-25 [AMBIG]: the engine takes reading (b): only the reach applies, and the side
    that rolls higher still acts first (orcs 5, knight's side 2 → orcs first)."""
    st = begin(fe().side("men", True).side("foes")
               .unit("knight", "knight", "men", (0, 0), facing=0)
               .unit("foe", "orc", "foes", (3, 0), facing=3))
    st, ev = declare(st, {"knight": "melee", "foe": "melee"}, initiative=(2, 5))
    assert only(ev, InitiativeRolled).order == (("foes",), ("men",))
    assert st.top.actor == "foes"


def horse_archer(missile="short_bow", template="horse_archer"):
    st = begin(fe().side("men", True).side("orcs")
               .unit("rider", template, "men", (0, 0), facing=0, mounted=True, missile=missile)
               .unit("orc", "orc", "orcs", (6, 0), facing=3))
    return st


def test_horse_archery_minus_one():
    """FE-26: "shooting a bow from horseback imparts a -1 penalty to hit" (the orc's shield is
    another −1; the mounted +2 of FE-24 is for melee): d20 14 − 2 = 12 hits the 12 needed."""
    st = horse_archer()
    st, _ = declare(st, {"rider": "missile", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "missile", "men")
    _, ev = act(st, Attack(unit="rider", target="orc", weapon="short_bow"), 14, 2)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-26": -1, "FE-30": -1}
    assert attack.needed == 12 and attack.hit and attack.damage == 2


def test_horse_archery_odds():
    """FE-26 in the odds: needs a natural 14 (12 + 1 + 1): 7 faces of 20."""
    st = horse_archer()
    odds = ruleset_of(st).odds(st, "rider", "orc", kind="missile")
    assert odds.hit == Fraction(7, 20)
    assert {m.rule: m.value for m in odds.modifiers} == {"FE-26": -1, "FE-30": -1}


def test_only_shortbows_from_horseback():
    """FE-26: "only Shortbows can be used from horseback anyway": a mounted bowman with a long
    bow may not declare a missile attack (the refusal lists what he may declare)."""
    st = horse_archer(missile="long_bow")
    assert Declare(unit="rider", action="missile") not in legal_commands(st)
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, Declare(unit="rider", action="missile"))
    assert "cannot declare 'missile'" in err.value.reason
    assert state_hash(st) == snapshot
