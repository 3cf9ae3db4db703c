"""FE-19 Setting the spear.

"If a PC or another character is aware of an opponent using the "Charge" maneuver against him
and is acting first in a Round, He can use a tricky maneuver to stop the Charge: he can "set" a
spear or pole arm against the charge by bracing it with his foot or against some heavy object.
On a successful hit, he deals double damage and negates the attack at the end of the Charge.
Only Fighting-Men, Men-At-Arms and Demi-Men are able to "set" a spear in this way."

[AMBIG] reading (a), the default (`set_spear_double = "dice"`): double damage doubles the dice,
as for a charge.  "Aware" is ruling R-FE-SPEAR: the charge must come from his front arc.

The position: "a spearman sets his spear; an orc charges him from 6 hexes away in his front".
The spearman (man-at-arms, level 0: needs 12 against the orc's leather) stands at (0, 0)
facing east; the orc (no shield here, 20 HP so it lives to be counted) runs from (6, 0) to
(1, 0), five hexes, just over half its 9".
"""

import pytest

from rules.commands import Attack, Choose, Declare, Move, Pass, React
from rules.engine import IllegalCommand, legal_commands, start
from rules.events import AttackRolled, UnitDamaged
from rules.state import state_hash
from rules.systems.fallen_empire.frames import (
    ImpactBegan,
    ImpactStage,
    ReactionOffered,
    SplinterOffered,
)
from tests.fallen_empire.helpers import (
    act_exact,
    declare,
    fe,
    mods,
    of_type,
    only,
    phase,
    to_phase,
)

CHARGE = ((6, 0), (5, 0), (4, 0), (3, 0), (2, 0), (1, 0))


def spear_wall(initiative=(5, 2), facing: int = 0, template: str = "man_at_arms_spear",
               path=CHARGE, **spear_stats):
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", template, "men", (0, 0), facing=facing, **spear_stats)
          .unit("orc", "orc", "orcs", path[0], facing=3, shield="", hp=20))
    st = start(sc.build())[0]
    st, _ = declare(st, {"spear": "set_spear", "orc": "charge"}, initiative=initiative)
    return to_phase(st, "movement", "orcs")


def charge(st, *dice: int, path=CHARGE):
    return act_exact(st, Move(unit="orc", path=path, target="spear"), *dice)


def test_a_set_spear_hit_deals_double_dice_and_negates_the_charge():
    """FE-19 "On a successful hit, he deals double damage and negates the attack at the end of
    the Charge": the spearman strikes first as the orc arrives: 11 + 2 (the charger's AC is 2
    worse, FE-17) = 13 ≥ 12; his spear's 1d6 is thrown as 2d6 (3 + 4 = 7) (reading (a)); the
    orc's own charge attack never comes."""
    st = spear_wall()
    st, ev = charge(st, 11, 3, 4)
    assert only(ev, ImpactBegan).charger == "orc"
    attack = only(ev, AttackRolled)
    assert (attack.attacker, attack.kind, attack.needed) == ("spear", "set-spear", 12)
    assert mods(attack) == {"FE-17": 2}
    assert (attack.hit, attack.damage_dice, attack.damage_roll, attack.damage) == (
        True, "2d6", 7, 7)
    stages = of_type(ev, ImpactStage)
    assert [(s.negated, s.spear_user) for s in stages] == [(True, "spear"), (False, "")]
    assert only(ev, UnitDamaged).hp_after == 13
    assert st.unit("spear").hp == 4


def test_a_set_spear_that_misses_lets_the_charger_strike():
    """FE-19 "On a successful hit": a miss (9 + 2 = 11 < 12) negates nothing; the orc's charge
    lands: 12 − 1 (shield) + 2 (charging) ≥ 12, 2d8 = 1 + 2."""
    st = spear_wall()
    st, ev = charge(st, 9, 12, 1, 2)
    spear, blow = of_type(ev, AttackRolled)
    assert (spear.kind, spear.hit) == ("set-spear", False)
    assert (blow.attacker, blow.kind, blow.hit, blow.damage_dice, blow.damage) == (
        "orc", "charge", True, "2d8", 3)
    assert only(ev, SplinterOffered).amount == 3
    st, ev = act_exact(st, Choose(unit="spear", option="take"))
    assert st.unit("spear").hp == 1


def test_no_set_spear_when_not_acting_first():
    """FE-19 "and is acting first in a Round": the orcs win initiative (5 v 2), so the spear
    is not set in time: the charge strikes with no set-spear attack before it."""
    st = spear_wall(initiative=(2, 5))
    st, ev = charge(st, 3)
    assert [a.kind for a in of_type(ev, AttackRolled)] == ["charge"]


def test_a_tie_is_not_acting_first():
    """FE-19 "acting first": on a tie (FE-07, simultaneous) nobody acts first: no set."""
    st = spear_wall(initiative=(4, 4))
    st, ev = charge(st, 3)
    assert [a.kind for a in of_type(ev, AttackRolled)] == ["charge"]


def test_a_charge_from_behind_catches_him_unaware():
    """FE-19 "aware of an opponent using the Charge against him" (R-FE-SPEAR: the front arc):
    the spearman faces west and the orc comes at his back: no set spear."""
    st = spear_wall(facing=3)
    st, ev = charge(st, 3)
    assert [a.kind for a in of_type(ev, AttackRolled)] == ["charge"]
    assert [s.spear_user for s in of_type(ev, ImpactStage)] == ["", ""]


def test_a_charge_from_his_front_quarter_is_seen():
    """R-FE-SPEAR: anything in the front arc (facing ± 1) counts: facing north-east (1), the
    orc coming from the east is in his front arc."""
    st = spear_wall(facing=1)
    st, ev = charge(st, 15, 1, 1)
    assert of_type(ev, AttackRolled)[0].kind == "set-spear"


@pytest.mark.parametrize(("template", "stats", "may"), [
    ("man_at_arms_spear", {}, True),  # Man-at-Arms with a spear
    ("pikeman", {}, True),  # Man-at-Arms with a pike (a pole arm)
    ("elf", {"weapon": "spear"}, True),  # Demi-Man
    ("fighting_man", {"weapon": "pole_arm"}, True),  # Fighting-Man
    ("fighting_man", {}, False),  # a Fighting-Man with a sword has no spear to set
    ("cleric", {"weapon": "spear"}, False),  # not one of the three classes
    ("magic_user", {"weapon": "spear"}, False),
    ("thief", {"weapon": "spear"}, False),
])
def test_only_fighting_men_men_at_arms_and_demi_men_with_a_spear_or_pole_arm(
        template, stats, may):
    """FE-19 "Only Fighting-Men, Men-At-Arms and Demi-Men are able to "set" a spear", and only
    "a spear or pole arm"."""
    sc = (fe().side("men", True).side("orcs")
          .unit("x", template, "men", (0, 0), facing=0, **stats)
          .unit("orc", "orc", "orcs", (6, 0), facing=3))
    st = start(sc.build())[0]
    offered = {c.action for c in legal_commands(st) if c.unit == "x"}
    assert ("set_spear" in offered) is may
    if not may:
        h = state_hash(st)
        with pytest.raises(IllegalCommand, match="x cannot declare 'set_spear'"):
            act_exact(st, Declare(unit="x", action="set_spear"))
        assert state_hash(st) == h


def test_a_braced_spear_does_not_move():
    """FE-19 "bracing it with his foot or against some heavy object" (R-FE-SPEAR): the
    spearman has no movement phase; the men's turn goes straight to the orcs'."""
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (6, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"spear": "set_spear", "orc": "charge"}, initiative=(5, 2))
    assert phase(st) == ("movement", "orcs")
    with pytest.raises(IllegalCommand, match="spear is not orcs's to command now"):
        act_exact(st, Move(unit="spear", path=((0, 0), (-1, 0))))


def test_a_pike_is_set_for_double_dice():
    """FE-19 (a) with a pole arm: the pikeman's pike (1d8) is thrown as 2d8 (5 + 6) and the
    charge is stopped.  (His 10-ft reach also offers him a free attack as the orc comes from
    two hexes out to one, R-FE-LEAVE; he lets it go and waits with the pike set.)"""
    st = spear_wall(template="pikeman")
    st, ev = charge(st)
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.trigger) == ("spear", "pass")
    st, ev = act_exact(st, React(unit="spear", accept=False), 15, 5, 6)
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.damage_dice, attack.damage) == ("set-spear", "2d8", 11)
    assert [s.negated for s in of_type(ev, ImpactStage)] == [True, False]


def test_reading_b_doubles_the_total():
    """FE-19 reading (b), GM option set_spear_double = "total": 1d6 → 4, doubled → 8."""
    sc = (fe(set_spear_double="total").side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (6, 0), facing=3, shield="", hp=20))
    st = start(sc.build())[0]
    st, _ = declare(st, {"spear": "set_spear", "orc": "charge"}, initiative=(5, 2))
    st, ev = charge(st, 15, 4)
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.damage_dice, attack.damage) == ("set-spear", "1d6", 8)


def test_a_spearman_who_struck_in_his_melee_phase_has_no_set_spear_left():
    """FE-19 / R-FE-SPEAR: setting the spear is the spearman's action for the round.  He acts
    first and, in his melee phase, spends it on an ordinary blow at an orc beside him; a
    second orc's charge later in the round meets no set spear."""
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0)
          .unit("orc1", "orc", "orcs", (0, 1), facing=2, shield="", hp=20)
          .unit("orc2", "orc", "orcs", (6, 0), facing=3, shield="", hp=20))
    st = start(sc.build())[0]
    st, _ = declare(st, {"spear": "set_spear", "orc1": "melee", "orc2": "charge"},
                    initiative=(5, 2))
    st, _ = act_exact(st, Attack(unit="spear", target="orc1"), 15, 3)
    st = to_phase(st, "movement", "orcs")
    st, ev = act_exact(st, Move(unit="orc2", path=CHARGE, target="spear"), 3)
    assert [a.kind for a in of_type(ev, AttackRolled)] == ["charge"]


def test_a_spearman_who_waits_meets_the_charge():
    """FE-19 / R-FE-SPEAR: the same spearman lets the orc beside him be (passes his melee
    phase) and keeps his spear set: the charge is met by it."""
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0)
          .unit("orc1", "orc", "orcs", (0, 1), facing=2, shield="", hp=20)
          .unit("orc2", "orc", "orcs", (6, 0), facing=3, shield="", hp=20))
    st = start(sc.build())[0]
    st, _ = declare(st, {"spear": "set_spear", "orc1": "melee", "orc2": "charge"},
                    initiative=(5, 2))
    assert phase(st) == ("melee", "men")
    st, _ = act_exact(st, Pass(unit="spear"))
    st = to_phase(st, "movement", "orcs")
    st, ev = act_exact(st, Move(unit="orc2", path=CHARGE, target="spear"), 15, 1, 1)
    assert [a.kind for a in of_type(ev, AttackRolled)] == ["set-spear"]
