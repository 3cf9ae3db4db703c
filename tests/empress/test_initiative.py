"""§3.1 Initiative: the GM's countdown of segments, holds, holding for counter, the end of
the round, rolled and hybrid initiative (EMP-01..09).

Positions: figures of two sides far enough apart to be out of each other's reach unless a
test puts them side by side; each figure's Initiative level is set in the scenario.
"""

import pytest

from rules.builder import Scenario
from rules.commands import Attack, Choose, Move, Pass
from rules.engine import IllegalCommand
from rules.state import state_hash
from rules.systems.empress.events import EmpAttackRolled
from rules.systems.empress.move_events import CounterSprung
from rules.systems.empress.round_events import Held, InitiativeSet, SegmentPassed, TurnBegan
from tests.empress.helpers import act, act_exact, begin, emp, mods, of_type, only, turn_of


def three(**options) -> Scenario:
    return (emp(**options).side("pcs", True).side("foes")
            .unit("a", "fighting_man", "pcs", (0, 0), initiative=14)
            .unit("b", "orc", "foes", (6, 0), facing=3, initiative=11)
            .unit("c", "man_at_arms_spear", "pcs", (-6, 0), initiative=9))


def test_segments_count_down_from_the_highest_initiative():
    """EMP-01: Initiative 14, 11, 9 → the countdown starts at 14; the 11 acts in segment 11,
    then the 9 in segment 9."""
    st = begin(three())
    assert turn_of(st) == "a" and st.top.segment == 14
    st, ev = act_exact(st, Pass(unit="a"))
    began = only(ev, TurnBegan)
    assert (began.unit, began.segment) == ("b", 11)
    st, ev = act_exact(st, Pass(unit="b"))
    assert (only(ev, TurnBegan).unit, only(ev, TurnBegan).segment) == ("c", 9)


def test_a_held_action_may_be_announced_in_any_later_segment():
    """EMP-02: the 14 holds; at the start of each later segment he may act: he holds through
    13 and acts in 12, before the 11 has come up."""
    st = begin(three())
    st, ev = act_exact(st, Choose(unit="a", option="hold"))
    assert only(ev, Held).unit == "a" and st.unit("a").holding
    assert (only(ev, TurnBegan).unit, only(ev, TurnBegan).segment) == ("a", 13)
    assert only(ev, TurnBegan).from_hold
    st, ev = act_exact(st, Choose(unit="a", option="hold"))
    assert only(ev, TurnBegan).segment == 12
    st, ev = act_exact(st, Move(unit="a", path=((0, 0), (1, 0))))
    st, ev = act_exact(st, Pass(unit="a"))
    assert not st.unit("a").holding
    assert (only(ev, TurnBegan).unit, only(ev, TurnBegan).segment) == ("b", 11)


def holder_and_foe():
    return begin(emp().side("pcs", True).side("foes")
                 .unit("a", "fighting_man", "pcs", (0, 0), initiative=14)
                 .unit("b", "orc", "foes", (1, 0), facing=3, initiative=11))


def test_a_holder_is_minus_two_to_be_hit_until_he_acts():
    """EMP-03: the 14 holds into segment 11 and still holds; the orc (11) strikes him at −2.
    Once he has acted, a blow at him has no such penalty."""
    st = holder_and_foe()
    for _ in range(4):  # segments 14, 13, 12, 11: the holder is asked first each time
        st, _ = act_exact(st, Choose(unit="a", option="hold"))
    assert turn_of(st) == "b"
    st, ev = act(st, Attack(unit="b", target="a"), 10)
    assert mods(only(ev, EmpAttackRolled))["EMP-03"] == -2


def test_a_held_attack_is_plus_one_against_who_has_not_acted():
    """EMP-04: the 14 holds and strikes in 12: the orc (11) has not acted → +1.  In another
    round where the orc acted first, the held attack gets nothing."""
    st = holder_and_foe()
    st, _ = act_exact(st, Choose(unit="a", option="hold"))
    st, _ = act_exact(st, Choose(unit="a", option="hold"))
    st, ev = act(st, Attack(unit="a", target="b"), 5)
    assert mods(only(ev, EmpAttackRolled))["EMP-04"] == 1
    # Orc acts first, then the holder strikes: no bonus.
    st = holder_and_foe()
    for _ in range(4):
        st, _ = act_exact(st, Choose(unit="a", option="hold"))
    st, _ = act_exact(st, Pass(unit="b"))  # the orc has acted (doing nothing)
    st, _ = act_exact(st, Choose(unit="a", option="hold"))  # segment 10
    st, ev = act(st, Attack(unit="a", target="b"), 5)
    assert "EMP-04" not in mods(only(ev, EmpAttackRolled))


def test_hold_for_counter_strikes_first_at_plus_one():
    """EMP-05: the Warrior (14) holds for counter against the orc; when the orc attacks him
    in segment 11, the Warrior's blow comes first, +1 — then the orc's."""
    st = holder_and_foe()
    st, ev = act_exact(st, Choose(unit="a", option="counter:b"))
    assert only(ev, Held).counter == "b"
    assert turn_of(st) == "b"  # a holder for counter is not asked again each segment
    st, ev = act(st, Attack(unit="b", target="a"), 3, 3)
    assert only(ev, CounterSprung).unit == "a"
    blows = of_type(ev, EmpAttackRolled)
    assert [(x.attacker, x.kind) for x in blows] == [("a", "counter"), ("b", "melee")]
    assert mods(blows[0])["EMP-05"] == 1
    # His counter was his action: he is no longer holding when the orc's blow comes (EMP-03).
    assert "EMP-03" not in mods(blows[1])
    # The hold is used up; the round is over and in round 2 he acts as usual.
    assert st.round == 2 and not st.unit("a").counter and turn_of(st) == "a"


def test_only_warriors_may_hold_for_counter():
    """EMP-05: a man-at-arms (no Warrior levels) is refused, and nothing changes."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("a", "man_at_arms_spear", "pcs", (0, 0), initiative=14)
               .unit("b", "orc", "foes", (1, 0), facing=3, initiative=11))
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="only a character with Warrior levels may hold "
                                             "for counter"):
        act(st, Choose(unit="a", option="counter:b"))
    assert state_hash(st) == h


def test_hold_for_counter_at_a_place_for_a_missile():
    """EMP-05: an archer Warrior holds for counter on a thicket (cover) four hexes away; the
    orc steps out onto it and is shot first, +1."""
    sc = (emp().side("pcs", True).side("foes")
          .unit("a", "elf", "pcs", (0, 0), initiative=14)
          .unit("b", "orc", "foes", (6, 0), facing=3, initiative=11)
          .terrain((4, 0), "thicket", cover=True))
    st = begin(sc)
    st, ev = act_exact(st, Choose(unit="a", option="counter_hex:4,0"))
    assert only(ev, Held).counter == "hex:4,0"
    st, ev = act(st, Move(unit="b", path=((6, 0), (5, 0), (4, 0), (3, 0))), 5)
    assert only(ev, CounterSprung).against == "b"
    shot = only(ev, EmpAttackRolled)
    assert (shot.kind, shot.weapon) == ("counter", "longbow")
    assert mods(shot)["EMP-05"] == 1
    assert st.unit("b").pos == (3, 0)  # a miss does not stop him


def test_two_empty_segments_end_the_round_and_held_actions_are_lost():
    """EMP-06 (b), the default: Initiative 12 and 8; the 12 holds on and on; the 8 acts in
    segment 8; segments 7 and 6 pass with nobody acting: the round is over and the held
    action is lost."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("a", "fighting_man", "pcs", (0, 0), initiative=12)
               .unit("b", "orc", "foes", (6, 0), facing=3, initiative=8))
    for seg in (12, 11, 10, 9, 8):
        assert (turn_of(st), st.top.segment) == ("a", seg)
        st, _ = act_exact(st, Choose(unit="a", option="hold"))
    assert turn_of(st) == "b"
    st, _ = act_exact(st, Move(unit="b", path=((6, 0), (5, 0))))
    st, _ = act_exact(st, Pass(unit="b"))
    for seg in (7, 6):
        assert (turn_of(st), st.top.segment) == ("a", seg)
        st, ev = act_exact(st, Choose(unit="a", option="hold"))
    over = [e for e in of_type(ev, SegmentPassed) if e.round_over]
    assert over and over[0].segment == 6 and over[0].lost == ("a",)
    assert st.round == 2 and not st.unit("a").holding


def test_reading_a_two_empty_segments_end_the_round_even_before_lower_levels():
    """EMP-06 (a), `round_end = "any_two_empty"`: Initiative 12 and 8: the 12 acts, segments
    11 and 10 are empty, the round ends before the 8 acts."""
    st = begin(emp(round_end="any_two_empty").side("pcs", True).side("foes")
               .unit("a", "fighting_man", "pcs", (0, 0), initiative=12)
               .unit("b", "orc", "foes", (6, 0), facing=3, initiative=8))
    st, _ = act_exact(st, Move(unit="a", path=((0, 0), (1, 0))))
    st, ev = act_exact(st, Pass(unit="a"))
    over = only([e for e in of_type(ev, SegmentPassed) if e.round_over], SegmentPassed)
    assert "EMP-06 (a)" in over.reason and "b never came up" in over.reason
    assert st.round == 2 and turn_of(st) == "a"


def test_a_hold_for_counter_lasts_into_the_next_round():
    """EMP-07: the Warrior (10) holds for counter against the orc (14) in round 1; nothing
    happens; in round 2 the orc, acting first, attacks him: the counter springs."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("a", "fighting_man", "pcs", (0, 0), initiative=10)
               .unit("b", "orc", "foes", (1, 0), facing=3, initiative=14))
    st, _ = act_exact(st, Pass(unit="b"))
    st, _ = act_exact(st, Choose(unit="a", option="counter:b"))
    assert st.round == 2 and st.unit("a").counter == "b" and st.unit("a").holding
    st, ev = act(st, Attack(unit="b", target="a"), 2, 2)
    assert [x.attacker for x in of_type(ev, EmpAttackRolled)] == ["a", "b"]


def test_the_next_action_may_continue_the_hold_for_counter():
    """EMP-07: "that action could be used to continue the hold for counter without
    interruption": in round 2, at his own segment, he renews it."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("a", "fighting_man", "pcs", (0, 0), initiative=10)
               .unit("b", "orc", "foes", (1, 0), facing=3, initiative=14))
    st, _ = act_exact(st, Pass(unit="b"))
    st, _ = act_exact(st, Choose(unit="a", option="counter:b"))
    st, _ = act_exact(st, Pass(unit="b"))  # round 2, segment 14
    assert turn_of(st) == "a" and st.unit("a").holding
    st, ev = act_exact(st, Choose(unit="a", option="counter:b"))
    assert only(ev, Held).counter == "b" and st.unit("a").counter == "b"


def test_rolled_initiative():
    """EMP-08: with the option on, each rolls 1d6 + Initiative level at the start of each
    round (in id order): a 14 + 2 = 16, b 11 + 6 = 17, c 9 + 1 = 10."""
    st = begin(three(initiative_mode="rolled"), 2, 6, 1)
    e = st.unit("a").segment, st.unit("b").segment, st.unit("c").segment
    assert e == (16, 17, 10)
    assert turn_of(st) == "b"


def test_hybrid_initiative():
    """EMP-09 (a): only the player characters' side rolls; everyone else acts in segment 10
    whatever his Initiative level."""
    sc = three(initiative_mode="hybrid")
    from rules.engine import scripted as s
    from rules.engine import start

    _st, ev = start(sc.build(), s(3, 4))
    init = only(ev, InitiativeSet)
    assert sorted(init.entries) == [("a", 17, 3), ("b", 10, 0), ("c", 13, 4)]
