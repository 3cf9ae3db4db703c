"""§3.4 Cleaving (EMP-53, EX-EMP-06) and the hit-point thresholds of Empress §§4–5 (EMP-54).

The cleave position: a fighter at (0, 0) facing east with three 1-HP bandits around his
front: (1, 0), (1, −1), (0, 1).
"""

import pytest

from rules.commands import Attack, Choose, Pass
from rules.events import UnitStatusChanged
from rules.state import ACTIVE, DEAD, DOWN
from rules.systems.empress.attack_events import DecisionOffered
from rules.systems.empress.events import CriticalSave, EmpAttackRolled
from tests.empress.helpers import act, act_exact, begin, emp, mods, of_type, only, turn_of


def ring(template: str = "villager", warrior: int = 0, **options):
    sc = (emp(**options).side("pcs", True).side("foes")
          .unit("me", template, "pcs", (0, 0), initiative=20, weapon="sword", hp=20,
                warrior=warrior, dexterity=12, toughness=12))
    for i, at in enumerate(((1, 0), (1, -1), (0, 1))):
        sc.unit(f"b{i}", "bandit", "foes", at, facing=3, hp=1, shield="")
    return begin(sc)


def cleave_through(st):
    st, ev = act_exact(st, Attack(unit="me", target="b0"), 18, 4)
    offer = only(ev, DecisionOffered)
    assert offer.kind == "cleave" and offer.options == ("b1", "b2", "stop")
    st, ev = act_exact(st, Choose(unit="me", option="b1"), 19, 4)
    first = only(ev, EmpAttackRolled)
    st, ev = act_exact(st, Choose(unit="me", option="b2"), 19, 4)
    second = only(ev, EmpAttackRolled)
    return st, first, second


def test_cleaving_is_minus_3_then_minus_6():
    """EMP-53 / EX-EMP-06: felling his foe opens another this round at −3; felling that one
    another at −6."""
    st, first, second = cleave_through(ring())
    assert mods(first)["EMP-53"] == -3 and mods(second)["EMP-53"] == -6
    assert all(not st.unit(b).fighting for b in ("b0", "b1", "b2"))


def test_a_warrior_cleaves_at_minus_2_then_minus_4():
    """EMP-53 (a): with Warrior levels the cumulative penalty is −2 a foe: −2, −4."""
    _, first, second = cleave_through(ring(warrior=1))
    assert mods(first)["EMP-53 (a)"] == -2 and mods(second)["EMP-53 (a)"] == -4


def test_a_warrior_cleaves_at_minus_2_each_time_under_reading_b():
    """EMP-53 (b), `warrior_cleave_cumulative = false`: −2 for every further foe."""
    _, first, second = cleave_through(ring(warrior=1, warrior_cleave_cumulative=False))
    assert mods(first)["EMP-53 (b)"] == -2 and mods(second)["EMP-53 (b)"] == -2


def test_no_cleave_without_felling_the_foe_and_stopping_is_allowed():
    """EMP-53: "If a character is able to incapacitate his opponent": a miss opens nothing;
    after a kill he may also stop."""
    st, ev = act_exact(ring(), Attack(unit="me", target="b0"), 5)
    assert of_type(ev, DecisionOffered) == []
    st, ev = act_exact(ring(), Attack(unit="me", target="b0"), 18, 4)
    st, ev = act_exact(st, Choose(unit="me", option="stop"))
    assert of_type(ev, EmpAttackRolled) == [] and turn_of(st) != "me"


def victim(hp: int):
    return begin(emp().side("pcs", True).side("foes")
                 .unit("v", "villager", "pcs", (0, 0), hp=hp)
                 .unit("friend", "villager", "pcs", (-6, 0))
                 .unit("foe", "villager", "foes", (1, 0), facing=3, initiative=20,
                       weapon="sword"))


@pytest.mark.parametrize(("hp", "damage", "status", "condition"), [
    (5, 4, ACTIVE, ""), (4, 4, DOWN, "incapacitated"), (4, 7, DOWN, "incapacitated"),
    (4, 8, DOWN, "critical"), (1, 8, DOWN, "critical"),
])
def test_hit_point_thresholds(hp, damage, status, condition):
    """EMP-54 [TABLE] (NOTES, Sections 4–5): 0 HP incapacitated, −4 critical, −8 dead."""
    st = victim(hp)
    st, _ = act(st, Attack(unit="foe", target="v"), 18, damage)
    u = st.unit("v")
    assert (u.status, u.condition) == (status, condition)


def test_minus_8_is_death():
    st = begin(emp().side("pcs", True).side("foes")
               .unit("v", "villager", "pcs", (0, 0), hp=1)
               .unit("friend", "villager", "pcs", (-6, 0))
               .unit("foe", "ogre", "foes", (1, 0), facing=3, initiative=20))
    st, ev = act(st, Attack(unit="foe", target="v"), 18, 4, 5)
    assert st.unit("v").status == DEAD
    assert only(ev, UnitStatusChanged).rule == "EMP-54"


def test_three_failed_fortitude_saves_kill():
    """EMP-54: in critical condition he saves vs Fortitude every round; the third failure
    kills him (a success does not stop the count)."""
    st = victim(1)
    st, _ = act(st, Attack(unit="foe", target="v"), 18, 6)  # 1 − 6 = −5: critical
    saves = []
    for roll in (4, 15, 4, 4):
        for _ in range(10):
            who = turn_of(st)
            if who is None:
                break
            st, ev = act(st, Pass(unit=who), roll)
            saves += of_type(ev, CriticalSave)
            if of_type(ev, CriticalSave):
                break
    assert [(s.success, s.failures) for s in saves] == [(False, 1), (True, 1), (False, 2),
                                                          (False, 3)]
    assert st.unit("v").status == DEAD
