"""The ZeFRS combat turn (ZEF-09, -10, -15, -17, -18; R-ZEF-INITIATIVE-WHO,
R-ZEF-INITIATIVE-TIES): every figure states one action, then those who strike or move roll
d10 + their best of Animal Reflexes, Movement and General Prowess + the weapon's Initiative
Bonus, and act from the highest down."""

import pytest

from rules.commands import Declare
from rules.engine import IllegalCommand, legal_commands, scripted, submit
from rules.events import SECRET_EVENTS, RoundStarted
from rules.systems.zefrs.events import (
    ActionDeclared,
    DeclareFrame,
    InitiativeRolled,
    TurnFrame,
    ZefAttackRolled,
)
from tests.zefrs.helpers import begin, declare, duel, every, only, zef


def test_each_side_states_its_figures_actions_before_any_die(tmp_path: object) -> None:
    """ZEF-10, ZEF-15: the turn opens on declarations, side by side; nothing is rolled."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    assert isinstance(st.top, DeclareFrame) and st.top.actor == "pcs" and st.round == 1
    st, ev = declare(st, a="fight:b:chest")
    assert isinstance(st.top, DeclareFrame) and st.top.actor == "foes"
    assert only(ev, ActionDeclared).action == "fight:b:chest"


def test_a_declaration_is_secret_until_initiative() -> None:
    """ZEF-15: the other side does not hear it before the dice (Secret until initiative)."""
    assert SECRET_EVENTS["zef_action_declared"].until == frozenset({"zef_initiative_rolled"})


def test_a_fight_names_its_target_and_an_aiming_point() -> None:
    """ZEF-15, ZEF-24: "fight" alone, or without a point, is no declaration."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    actions = {c.action for c in legal_commands(st, "pcs") if isinstance(c, Declare)}
    assert {f"fight:b:{p}" for p in ("head", "chest", "right_arm", "left_arm", "gut",
                                     "right_leg", "left_leg")} <= actions
    assert "defend" in actions and "wait:b:head" in actions
    for bad in ("fight:b", "fight:b:tail", "fight"):
        with pytest.raises(IllegalCommand):
            submit(st, Declare(unit="a", action=bad), scripted())


def test_one_action_each_and_only_his_own_sides_figures() -> None:
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    with pytest.raises(IllegalCommand, match="not pcs's to command"):
        submit(st, Declare(unit="b", action="defend"), scripted())


def test_initiative_d10_plus_best_rating_highest_first() -> None:
    """ZEF-17: the Cimmerian (Animal Reflexes 8) rolls 2 → 10; the guard (2) rolls 9 → 11:
    the guard strikes first."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 2, 9, 90, 95, b="fight:a:chest")
    ini = only(ev, InitiativeRolled)
    assert ini.entries == (("a", 2, 8, 0), ("b", 9, 2, 0)) and ini.order == ("b", "a")
    assert [e.attacker for e in every(ev, ZefAttackRolled)] == ["b", "a"]


def test_defenders_and_waiters_do_not_roll() -> None:
    """ZEF-17 / R-ZEF-INITIATIVE-WHO: only those who fight or move roll."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="defend")
    st, ev = declare(st, 5, 90, b="fight:a:chest")
    assert only(ev, InitiativeRolled).entries == (("b", 5, 2, 0),)


def test_the_pikes_first_turn_bonus_and_after() -> None:
    """ZEF-18 (NOTES): the pike is +2 in the first turn only, −3 after."""
    st = begin(duel(("a", "pikeman", (0, 0)), ("b", "guard", (2, 0))))
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 5, 99, b="move:1,-1")
    assert only(ev, InitiativeRolled).entries[0] == ("a", 5, 2, 2)
    assert isinstance(st.top, DeclareFrame) and st.round == 2
    st, _ = declare(st, a="defend")
    st, ev = declare(st, 4, 99, b="fight:a:chest")
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 5, 99, 99, b="fight:a:chest")
    assert only(ev, InitiativeRolled).entries[0] == ("a", 5, 2, -3)


def test_ties_go_to_the_higher_rating_then_a_roll_off() -> None:
    """R-ZEF-INITIATIVE-TIES: equal totals, the higher rating first; equal ratings too, a
    d10 roll-off (here 3 against 8: the second figure wins it)."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a", "guard", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (1, 0), facing=3)
    st = begin(sc)
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 6, 6, 3, 8, 99, 99, b="fight:a:chest")
    assert only(ev, InitiativeRolled).order == ("b", "a")
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 1, 7, 99, 99, b="fight:a:chest")  # 9 each: the rating 8 goes first
    assert only(ev, InitiativeRolled).order == ("a", "b")


def test_the_turn_ends_and_the_next_begins_with_fresh_declarations() -> None:
    """ZEF-09, ZEF-10 (5): after the last action, the next turn; declarations start anew."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="defend")
    st, ev = declare(st, 5, 99, b="fight:a:chest")
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in ev)
    assert all(u.declared == "" for u in st.units)
    assert isinstance(st.stack[0], TurnFrame)


def test_a_turn_is_five_seconds_of_one_action() -> None:
    """ZEF-09, EX-ZEF-02: Galya's four actions (tip the table, grab her sword, smash the
    lamp, strike) take four turns, 20 seconds; the round tracker says so."""
    from rules.engine import ruleset_of

    st = begin(duel(("galya", "thief", (0, 0)), ("b", "guard", (4, 0))))
    for _ in range(4):
        st, _ = declare(st, galya="defend")
        st, _ = declare(st, b="defend")
    assert st.round == 5  # four turns are behind him: 20 seconds
    assert "seconds 20\N{EN DASH}25" in ruleset_of("zefrs").phase_label(st)
