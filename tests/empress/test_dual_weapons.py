"""§3.2.2 Dual weapon use and sword-and-board (EMP-41..46).

The position: the fighter with two weapons (or a shield) at (0, 0) facing east, a foe beside
him at (1, 0) facing west.
"""

from rules.commands import Attack, Choose, React
from rules.systems.empress.combat import situation
from rules.systems.empress.events import EmpAttackRolled
from rules.systems.empress.round_events import ModeSet
from tests.empress.helpers import act_exact, begin, duel, mods, only

FOE = ("foe", "villager", (1, 0), 3, {"weapon": "sword", "hp": 20})


def test_without_the_perk_the_off_hand_is_minus_two():
    """EMP-41: a cutpurse with a short sword and a dagger, no Dual Weapon perk, picks which
    to strike with; the off-hand dagger is −2."""
    st = begin(duel(("me", "thief", (0, 0), 0, {"initiative": 20}), FOE))
    assert "EMP-41" not in mods(situation(st, "me", "foe"))
    assert mods(situation(st, "me", "foe", weapon="dagger"))["EMP-41"] == -2
    # The dagger (2 ft) is out-reached by the foe's sword (4 ft): he may strike first
    # (EMP-32); he lets it go, and the dagger goes in.
    st, _ = act_exact(st, Attack(unit="me", target="foe", weapon="dagger"))
    _, ev = act_exact(st, React(unit="foe", accept=False), 15, 3)
    a = only(ev, EmpAttackRolled)
    assert a.weapon == "dagger" and mods(a)["EMP-41"] == -2


def test_with_the_perk_offensively_plus_one_and_the_higher_damage():
    """EMP-42: the duelist (rapier 1d6 + long dagger 1d4, perk) attacks offensively: +1 to
    hit, and on a hit both damage dice are rolled and the higher kept (2 vs 4 → 4)."""
    st = begin(duel(("me", "duelist", (0, 0), 0, {"initiative": 20}), FOE))
    _, ev = act_exact(st, Attack(unit="me", target="foe"), 15, 2, 4)
    a = only(ev, EmpAttackRolled)
    assert mods(a)["EMP-42"] == 1 and a.damage == 4
    assert any("EMP-42" in n for n in a.notes)


def test_with_the_perk_defensively():
    """EMP-43: used defensively: +1 HC, also against missiles seen coming (from the front),
    either weapon strikes unmodified, and it counts as a buckler against a longer reach."""
    st = begin(duel(("me", "duelist", (0, 0), 0, {"initiative": 20}), FOE))
    st, ev = act_exact(st, Choose(unit="me", option="dual:defense"))
    assert only(ev, ModeSet).value == "defense"
    assert mods(situation(st, "foe", "me").hc_parts)["EMP-43"] == 1
    s = situation(st, "me", "foe", weapon="long_dagger")
    assert "EMP-41" not in mods(s) and "EMP-42" not in mods(s)
    from rules.systems.empress.reach import mitigation

    assert mitigation(st, st.unit("me"), st.unit("foe")) == (1, "two weapons used defensively")
    shot = begin(duel(("me", "duelist", (0, 0), 0, {"dual_mode": "defense"}),
                      ("foe", "bandit_archer", (5, 0), 3, {})))
    assert mods(situation(shot, "foe", "me", "missile", weapon="short_bow").hc_parts)[
        "EMP-43"] == 1
    flank = begin(duel(("me", "duelist", (0, 0), 0, {"dual_mode": "defense"}),
                       ("foe", "bandit_archer", (0, -5), 3, {})))
    assert "EMP-43" not in mods(situation(flank, "foe", "me", "missile",
                                          weapon="short_bow").hc_parts)


def test_the_perk_does_not_stack_with_specialisation():
    """EMP-45: a duelist who also specialises in the rapier gets the perk's +1, not +2."""
    st = begin(duel(("me", "duelist", (0, 0), 0, {"specialist": ["rapier"]}), FOE))
    s = situation(st, "me", "foe")
    assert mods(s)["EMP-42"] == 1 and "R-EMP-SPECIALIZATION" not in mods(s)
    assert any("EMP-45" in n for n in s.notes)


def test_the_perk_used_defensively_does_not_stack_with_specialisation_either():
    """EMP-45: the perk counts as his specialisation in either weapon of the pair, so a
    duelist who specialises in the rapier and uses the pair defensively keeps the perk's
    +1 HC (EMP-43) and strikes with the rapier unmodified: no specialist's +1 on top."""
    st = begin(duel(("me", "duelist", (0, 0), 0, {"specialist": ["rapier"],
                                                  "dual_mode": "defense"}), FOE))
    assert mods(situation(st, "foe", "me").hc_parts)["EMP-43"] == 1
    s = situation(st, "me", "foe")
    assert "R-EMP-SPECIALIZATION" not in mods(s) and "EMP-42" not in mods(s)
    assert any("EMP-45" in n for n in s.notes)
    plain = begin(duel(("me", "duelist", (0, 0), 0, {"specialist": ["rapier"],
                                                     "offhand": ""}), FOE))
    assert mods(situation(plain, "me", "foe"))["R-EMP-SPECIALIZATION"] == 1  # no pair


def test_sword_and_board():
    """EMP-46: the veteran's sword-and-board perk: +1 a round, to his attack (the default)
    or to his HC; a proficiency in his sword does not stack with it."""
    st = begin(duel(("me", "veteran", (0, 0), 0, {"initiative": 20}), FOE))
    assert mods(situation(st, "me", "foe"))["EMP-46"] == 1
    st, _ = act_exact(st, Choose(unit="me", option="board:hc"))
    assert "EMP-46" not in mods(situation(st, "me", "foe"))
    assert mods(situation(st, "foe", "me").hc_parts)["EMP-46"] == 1
    st = begin(duel(("me", "veteran", (0, 0), 0, {"specialist": ["sword"]}), FOE))
    s = situation(st, "me", "foe")
    assert "EMP-46" not in mods(s) and mods(s)["R-EMP-SPECIALIZATION"] == 1
    assert any("EMP-46" in n for n in s.notes)
