"""§3.8 Surprise and backstabbing, Table VIII (EMP-63..72).

Saves are d20 + the attribute's Table II modifier ≥ 11 (R-EMP-SAVES); Stealth and Deception
are x-in-6 skills (R-EMP-SKILLS).  Every test scripts the Stealth d6 and the Wits d20 it
needs.
"""

import pytest

from rules.commands import Attack, Choose
from rules.systems.empress.combat import situation
from rules.systems.empress.events import (
    EmpAttackRolled,
    HiddenChanged,
    SaveRolled,
    SkillRolled,
    Surprised,
)
from rules.systems.empress.round_events import ActionLost, TurnBegan
from tests.empress.helpers import act, act_exact, begin, emp, mods, of_type, only, turn_of


def meeting(**options):
    return (emp(surprise_enabled=True, **options).side("pcs", True).side("foes")
            .unit("a", "fighting_man", "pcs", (0, 0), initiative=20)
            .unit("b", "orc", "foes", (1, 0), facing=3, initiative=10))


def test_surprise_each_saves_against_wits():
    """EMP-63 (a): a sudden meeting: each saves vs Wits on his own (in id order): the man
    fails (5), the orc saves (12): the man cannot act in round 1 but is attacked as usual;
    in round 2 he acts."""
    from rules.engine import scripted, start

    st, ev = start(meeting().build(), scripted(5, 12))
    saves = of_type(ev, SaveRolled)
    assert [(s.unit, s.success) for s in saves] == [("a", False), ("b", True)]
    assert only(ev, Surprised).unit == "a"
    lost = only(ev, ActionLost)
    assert (lost.unit, lost.rule) == ("a", "EMP-63")
    assert turn_of(st) == "b"
    st, ev = act(st, Attack(unit="b", target="a"), 15, 3)
    assert only(ev, EmpAttackRolled).hit
    assert st.round == 2 and turn_of(st) == "a"


def test_a_failed_hiding_attempt_squanders_surprise():
    """EMP-64 (a): the orc, unsurprised facing a surprised man, tries to hide with his action
    (Stealth 1-in-6: 4 fails; the man, alert, saves Wits −2: 15 − 2 = 13): spotted, and the
    advantage of surprise is gone: the man acts in round 1 after all."""
    from rules.engine import scripted, start

    sc = (emp(surprise_enabled=True).side("pcs", True).side("foes")
          .unit("a", "fighting_man", "pcs", (0, 0), initiative=5)
          .unit("b", "orc", "foes", (5, 0), facing=3, initiative=10))
    st, _ = start(sc.build(), scripted(3, 12))
    assert st.unit("a").surprised == "round" and turn_of(st) == "b"
    st, ev = act_exact(st, Choose(unit="b", option="hide"), 4, 15)
    assert not only(ev, HiddenChanged).hidden
    assert [e.until for e in of_type(ev, Surprised)] == [""]
    assert only(ev, TurnBegan).unit == "a"


def surprised_target(attacker: str, **over):
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", attacker, "pcs", (0, 0), initiative=20, **over)
               .unit("v", "villager", "foes", (1, 0), facing=3, hp=30, surprised="round"))
    return st


def test_sneak_attack_against_a_surprised_foe():
    """EMP-65: the cutpurse (Stealth 3, Sneak Attack 2) adds his Stealth to hit and doubles
    his damage against a surprised foe: 3 → 6."""
    st = surprised_target("thief")
    s = situation(st, "me", "v")
    assert mods(s)["EMP-65"] == 3
    _, ev = act_exact(st, Attack(unit="me", target="v"), 10, 3)
    a = only(ev, EmpAttackRolled)
    assert (a.damage_roll, a.damage) == (3, 6)


def test_a_hidden_archer_shoots_an_unaware_target():
    """EMP-66: a shot from an unseen archer: the target's HC loses Agility and the shield's
    +1 (the shield still adds Coverage to AC); the assassin's sneak attack stacks."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "assassin", "pcs", (0, 0), initiative=20, hidden=True)
               .unit("leg", "legionary", "foes", (6, 0), facing=3))
    s = situation(st, "me", "leg", "missile", weapon="short_bow")
    assert s.hc == 11 and s.ac == 11 + 3 + 2  # armour 4 − 1 thrusting, shield 2 vs missiles
    assert mods(s.hc_parts)["EMP-66"] == 0 and mods(s)["EMP-65"] == 4
    assert s.multiplier == 3


def sneaker(alert: bool):
    return begin(emp().side("pcs", True).side("foes")
                 .unit("me", "assassin", "pcs", (0, 0), initiative=20, hidden=True)
                 .unit("v", "legionary", "foes", (1, 0), facing=0, hp=30, alert=alert,
                       weapon="dagger"))


@pytest.mark.parametrize(("alert", "stealth", "save", "unaware"), [
    (True, 2, 5, True),  # success and a failed save
    (True, 6, 5, False),  # the Stealth roll fails: a vigilant target notices
    (True, 2, 15, False),  # the save succeeds: noticed
    (False, 6, 5, True),  # not vigilant: a failed Stealth alone does not warn him
    (False, 2, 15, True),  # … nor a good save alone
    (False, 6, 15, False),  # both: he turns in time
])
def test_sneaking_close_for_a_backstab(alert, stealth, save, unaware):
    """EMP-67 / EMP-70 / Table VIII: sneaking close: a vigilant target notices on a failed
    Stealth roll OR a successful Wits save; an inattentive one only on both.  An unaware
    target takes an automatic critical hit (the dagger's 4, ×3 sneak attack, through his
    armour) from behind... here from his flank."""
    st = sneaker(alert)
    dice = (stealth, save) + (() if unaware else (12, 2))
    _, ev = act_exact(st, Attack(unit="me", target="v", options=("sneak",)), *dice)
    a = only(ev, EmpAttackRolled)
    assert a.critical is unaware
    if unaware:
        assert (a.roll, a.band, a.damage) == (0, "direct", 12)
    assert only(ev, SkillRolled).skill == "Stealth"


def test_charging_from_hiding():
    """EMP-68: a hidden bugbear charges out: no Stealth roll; the villager saves against
    surprise (8: fails) and is surprised: the bugbear's sneak attack applies."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "bugbear", "pcs", (0, 0), initiative=20, hidden=True)
               .unit("v", "villager", "foes", (1, 0), facing=3, hp=30))
    _, ev = act_exact(st, Attack(unit="me", target="v"), 8, 10, 4)
    assert of_type(ev, SkillRolled) == []
    assert only(ev, Surprised).rule == "EMP-68"
    a = only(ev, EmpAttackRolled)
    assert mods(a)["EMP-65"] == 3


@pytest.mark.parametrize(("alert", "stealth", "save", "hidden"), [
    (False, 5, 15, False), (False, 1, 15, True), (False, 5, 5, True),
    (True, 1, 5, True), (True, 1, 15, False), (True, 5, 5, False),
])
def test_table_viii_hiding(alert, stealth, save, hidden):
    """EMP-69 / Table VIII: hiding: the watcher saves vs Wits −2 (reading (a): alert too);
    not alert: hidden on Stealth success OR a failed save; alert: on both."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "fighting_man", "pcs", (0, 0), initiative=20, stealth=2)
               .unit("v", "villager", "foes", (6, 0), facing=3, alert=alert))
    st, ev = act_exact(st, Choose(unit="me", option="hide"), stealth, save)
    assert st.unit("me").hidden is hidden
    assert mods(only(ev, SaveRolled))[("EMP-69 (a)" if alert else "EMP-69")] == -2


def test_table_viii_reading_b_alert_watchers_save_at_plain_wits():
    st = begin(emp(hide_alert_save_modifier=0).side("pcs", True).side("foes")
               .unit("me", "fighting_man", "pcs", (0, 0), initiative=20)
               .unit("v", "villager", "foes", (6, 0), facing=3))
    _, ev = act_exact(st, Choose(unit="me", option="hide"), 1, 11)
    assert only(ev, SaveRolled).success  # 11 + 0 ≥ 11


def test_a_sucker_punch():
    """EMP-70: a sucker punch to the face: Deception (the cutpurse's 3-in-6: 2) and a failed
    Wits save (5) against an alert man: he is surprised; a sucker punch only opens a fight."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "thief", "pcs", (0, 0), initiative=20)
               .unit("v", "villager", "foes", (1, 0), facing=3, hp=30))
    st, ev = act_exact(st, Attack(unit="me", target="v", options=("sucker_punch",)), 2, 5,
                       10, 2)
    assert only(ev, Surprised).rule == "EMP-70"
    assert only(ev, SkillRolled).skill == "Deception"
    assert mods(only(ev, EmpAttackRolled))["EMP-65"] == 3


def test_the_gm_adjusts_stealth_saves():
    """EMP-71 [GM]: `stealth_modifier` (here −2, among others making little noise) is added
    to every save against Stealth or Deception."""
    st = begin(emp(stealth_modifier=-2).side("pcs", True).side("foes")
               .unit("me", "fighting_man", "pcs", (0, 0), initiative=20)
               .unit("v", "villager", "foes", (6, 0), facing=3))
    _, ev = act_exact(st, Choose(unit="me", option="hide"), 6, 14)
    save = only(ev, SaveRolled)
    assert mods(save)["EMP-71"] == -2 and not save.success  # 14 − 2 − 2 = 10


def test_saving_throws():
    """EMP-72 [TABLE] (R-EMP-SAVES): d20 + the Table II modifier of the save's attribute
    ≥ 11; failing by 10 or more is a critical failure."""
    from rules.engine import scripted, start

    sc = (emp(surprise_enabled=True).side("pcs", True).side("foes")
          .unit("a", "villager", "pcs", (0, 0), perception=16)
          .unit("b", "villager", "foes", (6, 0), facing=3, perception=4))
    _, ev = start(sc.build(), scripted(9, 3))
    a, b = of_type(ev, SaveRolled)
    assert (a.roll, mods(a), a.success) == (9, {"R-EMP-SAVES": 2}, True)
    assert (b.roll, mods(b), b.success, b.critical_failure) == (3, {"R-EMP-SAVES": -2}, False,
                                                                 True)
