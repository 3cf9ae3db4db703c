"""§3.2.2 Effects of reach: the reach advantage, the opportunity attack against an attacker
with a reach disadvantage, getting inside, fighting inside, regaining the reach, and
shields mitigating a reach difference (EMP-31..36).

The usual position: a swordsman (sword, reach 4 ft, no shield) at (0, 0) facing east, a
spearman (spear, reach 8 ft, no shield) beside him at (1, 0) facing west.
"""

import pytest

from rules.commands import Attack, Choose, Move, Pass, React
from rules.systems.empress.attack_events import DecisionOffered
from rules.systems.empress.combat import situation
from rules.systems.empress.events import EmpAttackRolled, ReachLost, ReachRegained
from rules.systems.empress.move_events import ReactionOffered
from rules.systems.empress.reach import has_reach_advantage
from tests.empress.helpers import act, act_exact, begin, duel, mods, of_type, only, turn_of


def pair(sword: dict | None = None, spear: dict | None = None, **opts):
    sw = {"weapon": "sword", "initiative": 20, "hp": 20, **(sword or {})}
    sp = {"weapon": "spear", "initiative": 15, "hp": 20, **(spear or {})}
    return begin(duel(("sw", "villager", (0, 0), 0, sw), ("sp", "villager", (1, 0), 3, sp),
                      **opts))


@pytest.mark.parametrize(("long", "short", "bonus"), [
    ("spear", "sword", 1),  # 8 vs 4
    ("polearm", "longsword", 1),  # 10 vs 5: "10 ft vs 5 ft → +1"
    ("staff", "sword", 1),  # 6 vs 4: exactly 150 %
    ("staff", "longsword", 0),  # 6 vs 5: under 150 %
])
def test_reach_advantage_at_150_percent(long, short, bonus):
    """EMP-31: reach ≥ 1.5 × the foe's → +1 to hit."""
    st = begin(duel(("a", "villager", (0, 0), 0, {"weapon": long}),
                    ("b", "villager", (1, 0), 3, {"weapon": short})))
    assert mods(situation(st, "a", "b")).get("EMP-31", 0) == bonus


def test_attacking_at_a_reach_disadvantage_gives_the_foe_the_first_blow():
    """EMP-32: the swordsman attacks the spearman, who has not acted: the spearman may take
    an opportunity attack, resolved before the sword; it hits for 3 (he stands), and the
    swordsman may still press: he does, without the +2 (the opportunity attack hit)."""
    st = pair()
    st, ev = act_exact(st, Attack(unit="sw", target="sp"))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.mover, offer.trigger) == ("sp", "sw", "reach")
    st, ev = act_exact(st, React(unit="sp", accept=True), 15, 3)
    oa = only(ev, EmpAttackRolled)
    assert (oa.attacker, oa.kind, oa.hit) == ("sp", "opportunity", True)
    assert mods(oa)["EMP-31"] == 1
    assert only(ev, DecisionOffered).kind == "press"
    st, ev = act_exact(st, Choose(unit="sw", option="press"), 12, 2)
    blow = only(ev, EmpAttackRolled)
    assert blow.attacker == "sw" and "EMP-33" not in mods(blow)
    # The opportunity attack was his action (EMP-59): his segment (15) never comes up.
    assert st.round == 2 and not [e for e in ev if getattr(e, "unit", "") == "sp"
                                  and e.type == "emp_turn_began"]


def test_a_foe_who_has_acted_gets_no_first_blow():
    """EMP-32: "if they haven't already acted": in round 2 the spearman acts first
    (Initiative 25) and passes; the swordsman's attack is not interrupted."""
    st = pair(spear={"initiative": 25})
    st, _ = act_exact(st, Attack(unit="sp", target="sw"), 2)  # spearman's own turn
    st, ev = act_exact(st, Attack(unit="sw", target="sp"), 14, 4)
    assert of_type(ev, ReactionOffered) == []
    assert only(ev, EmpAttackRolled).attacker == "sw"


def test_a_felled_attacker_never_strikes():
    """EMP-32: "assuming that the attacker survived": the opportunity attack drops him."""
    st = pair(sword={"hp": 2})
    st, _ = act_exact(st, Attack(unit="sw", target="sp"))
    st, ev = act_exact(st, React(unit="sp", accept=True), 15, 5)
    assert [e.attacker for e in of_type(ev, EmpAttackRolled)] == ["sp"]
    assert of_type(ev, DecisionOffered) == []


def missed_and_pressed():
    st = pair()
    st, _ = act_exact(st, Attack(unit="sw", target="sp"))
    st, _ = act_exact(st, React(unit="sp", accept=True), 3)  # misses
    return act_exact(st, Choose(unit="sw", option="press"), 9, 4)


def test_getting_inside_the_reach():
    """EMP-33: the opportunity attack misses and the blow is pressed: +2, and the spearman's
    reach advantage is lost."""
    st, ev = missed_and_pressed()
    assert only(ev, ReachLost).unit == "sp"
    blow = only(ev, EmpAttackRolled)
    assert mods(blow)["EMP-33"] == 2
    assert "sw" in st.unit("sp").reach_lost_vs


def test_fighting_inside_the_reach_and_regaining_it():
    """EMP-34: from then on the spear strikes the swordsman at −2 (and no +1); the first
    blow that lands regains the reach advantage."""
    st, _ = missed_and_pressed()
    assert st.round == 2
    assert turn_of(st) == "sw"
    s = situation(st, "sp", "sw")
    assert mods(s)["EMP-34"] == -2 and "EMP-31" not in mods(s)
    st, _ = act_exact(st, Pass(unit="sw"))
    assert turn_of(st) == "sp"
    st, ev = act(st, Attack(unit="sp", target="sw"), 16, 2)
    assert only(ev, ReachRegained).rule == "EMP-34"
    assert st.unit("sp").reach_lost_vs == ()


def test_regaining_the_reach_by_disengaging():
    """EMP-35: the spearman steps out of engagement: the reach advantage is his again."""
    st, _ = missed_and_pressed()
    st = begin(duel(("sw", "villager", (0, 0), 0, {"weapon": "sword", "initiative": 10}),
                    ("sp", "villager", (1, 0), 3, {"weapon": "spear", "initiative": 15,
                                                   "reach_lost_vs": ["sw"]})))
    st, ev = act_exact(st, Move(unit="sp", path=((1, 0), (2, 0), (3, 0))))
    regained = only(ev, ReachRegained)
    assert (regained.unit, regained.rule) == ("sp", "EMP-35")


@pytest.mark.parametrize(("shield", "reading", "disadvantage"), [
    ("buckler", "subtract", True),  # 8 − 1 = 7 ≥ 6
    ("medium_planks", "subtract", False),  # 8 − 3 = 5 < 6
    ("large_hide_on_wood", "subtract", False),  # entirely
    ("medium_planks", "whole", True),  # a difference of 4 is more than one yard
    ("large_hide_on_wood", "whole", False),
])
def test_shields_mitigate_a_reach_difference(shield, reading, disadvantage):
    """EMP-36: for the shorter weapon a buckler makes up 1 ft, a medium shield a yard, a
    large shield all.  Reading (a) (`reach_mitigation = "subtract"`) takes the mitigation off
    and tests 150 % again; reading (b) (`"whole"`) only removes a difference it covers."""
    st = pair(sword={"shield": shield}, reach_mitigation=reading)
    assert has_reach_advantage(st, st.unit("sp"), st.unit("sw")) is disadvantage
    _st2, ev = act_exact(st, Attack(unit="sw", target="sp"), *(() if disadvantage else (5,)))
    assert bool(of_type(ev, ReactionOffered)) is disadvantage
