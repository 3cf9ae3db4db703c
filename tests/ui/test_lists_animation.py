"""A pass on screen tells the pass the rules resolved, in the order the rules tell it
(FE-48..FE-53): the riders meet, then the dice land, then they are matched highest to
highest, then the lost dice fall; the lists show the state before the pass until it has
played, then exactly the state after.  Headless: the timeline draws nothing."""

from __future__ import annotations

import pytest

from game.render.joust_animation import PAST, ListsAnimator, PassScript
from rules.builder import Scenario
from rules.commands import Choose
from rules.engine import scripted, start, submit
from rules.state import state_hash
from rules.systems.fallen_empire.joust_mode import JoustThrown


def a_pass(*dice: int, n_a: int = 3, n_b: int = 2):
    """Sir Kay (3 dice) throws n_a dice against Sir Bors (3 dice) throwing n_b; `dice` are
    Kay's, then Bors's."""
    sc = Scenario("fallen_empire", seed=1).side("pcs", player_characters=True).side("rival")
    sc = sc.unit("kay", "knight", "pcs", (0, 0), facing=0)
    sc = sc.unit("bors", "knight", "rival", (6, 0), facing=3).options(mode="joust")
    state, _ = start(sc.build())
    state, _ = submit(state, Choose(unit="kay", option=str(n_a)))
    after, events = submit(state, Choose(unit="bors", option=str(n_b)), scripted(*dice))
    return state, after, events


def test_fe50_a_pass_plays_meeting_landing_matching_then_falling():
    """Kay throws 2-6-4, Bors 5-5: sorted high to low and matched 6 v 5 (Kay wins) and 4 v 5
    (Bors wins, and Bors threw fewer dice, FE-49); Kay's 2 has no mate (FE-50).  Each throw
    costs its loser one die."""
    before, _, events = a_pass(2, 6, 4, 5, 5)
    thrown = next(e for e in events if isinstance(e, JoustThrown))
    script = PassScript.of(thrown, before)
    assert script.dice_a == (6, 4, 2) and script.dice_b == (5, 5)
    assert script.pairs == ((6, 5, "a"), (4, 5, "b"))
    assert (script.lost_a, script.lost_b) == (1, 1) and not script.special
    starts = {name: start for name, start, _ in script.phases}
    assert starts["charge"] < starts["land"] < starts["match"] < starts["unmated"] \
        < starts["fall"] < starts["hold"] < starts["return"]
    meeting = starts["land"]
    assert script.at(meeting - 0.05).impact < 0 <= script.at(meeting + 0.05).impact
    assert script.at(meeting).landed == 0 and script.at(starts["match"]).landed == 1
    halfway = starts["match"] + (starts["unmated"] - starts["match"]) / 2
    assert script.at(halfway).matched == pytest.approx(1)  # the highest pair, then the next
    assert script.at(starts["fall"] - 0.01).fallen == 0 < script.at(starts["hold"]).fallen
    assert script.at(starts["return"] + 0.01).returning  # the round goes on: back to the ends
    assert script.at(script.duration).run == pytest.approx(0)


def test_fe52_a_triple_unhorses_and_the_last_pass_ends_past_the_middle():
    """EX-FE-02: three 5s unhorse Bors; no pair is scored, nobody rides back."""
    before, _, events = a_pass(5, 5, 5, 6, 6)
    script = PassScript.of(next(e for e in events if isinstance(e, JoustThrown)), before)
    assert script.special == "unhorsed" and script.victims == ("b",)
    assert script.pairs == () and script.over
    names = {name: length for name, _, length in script.phases}
    assert names["match"] == 0 and names["return"] == 0 and names["special"] > 0
    assert script.at(script.duration).run == PAST


def test_the_lists_show_the_state_before_a_pass_until_it_has_played():
    """What is on screen is always a state the rules produced: the pools change only when
    the pass has been seen to its end."""
    before, after, events = a_pass(2, 6, 4, 5, 5)
    anim = ListsAnimator(before)
    anim.push(list(events))
    anim.update(0.01)
    assert anim.moment() is not None or anim.busy
    while anim.moment() is None and anim.busy:  # Bors's sealed choice first
        anim.update(0.05)
    script = anim.script
    assert script is not None
    anim.update(script.duration / 2)
    assert state_hash(anim.shown) != state_hash(after)
    assert anim.shown.top.bout.pool_a == 3  # still before the pass
    for _ in range(400):
        if not anim.busy:
            break
        anim.update(0.05)
    assert state_hash(anim.shown) == state_hash(after)
    assert anim.moment() is None
