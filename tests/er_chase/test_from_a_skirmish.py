"""A chase out of a skirmish (ER-21): a figure who breaks and runs at full speed is offered
to the side he flees from as "give chase" (a GM option, on by default); the chase runs on
the track over the skirmish and returns to the map with the runners placed by the gap
(R-ER-CHASE-OFFER, R-ER-CHASE-RETURN)."""

from __future__ import annotations

from rules.builder import Scenario
from rules.commands import Choose, Move, React
from rules.engine import decider, legal_commands, submit
from rules.state import GONE, Battle
from rules.systems.enchanted_realms.chase.events import (
    ChaseBegan,
    ChaseEnded,
    ChaseSecondEnded,
    chase_frame,
)
from rules.systems.enchanted_realms.chase.landing import ChaseReturned
from rules.systems.enchanted_realms.chase.offer import ChaseOffered
from tests.er_chase.helpers import Dice, act, of, open_chase

RUN = tuple((q, 0) for q in range(0, 8))  # seven hexes east: the thief's 35 ft


def skirmish(**options: object) -> Scenario:
    return (Scenario("enchanted_realms", seed=0, radius=9).options(**options)
            .side("watch", True).side("thieves")
            .unit("o1", "man_at_arms_spear", "watch", (-1, 0), facing=0)
            .unit("q", "thief", "thieves", (0, 0), facing=0))


def flee(sc: Scenario) -> tuple[Battle, list]:
    """The thief wins the initiative (20 against 1) and runs seven hexes east; the watchman
    lets his flee attack go if he is offered one."""
    st, _ = open_chase(sc, 1, 20)
    st, ev = act(st, Move(unit="q", path=RUN))
    while decider(st) == "watch" and all(isinstance(c, React) for c in legal_commands(st)):
        st, more = act(st, React(unit="o1", accept=False))
        ev += more
    return st, ev


def test_a_figure_who_flees_is_offered_to_the_other_side() -> None:
    st, ev = flee(skirmish())
    offer = of(ev, ChaseOffered)[0]
    assert (offer.quarry, offer.pursuers, offer.side) == ("q", ("o1",), "watch")
    assert "may give chase (ER-21)" in offer.narrate()
    assert [c.option for c in legal_commands(st)] == ["give_chase", "let_go"]


def test_the_gm_can_turn_the_offer_off() -> None:
    """ER-21 [GM]: give_chase = false, and a flight is only a move."""
    _, ev = flee(skirmish(give_chase=False))
    assert not of(ev, ChaseOffered)


def test_letting_him_go_plays_on() -> None:
    st, _ = flee(skirmish())
    st, _ = act(st, Choose(unit="o1", option="let_go"))
    assert st.board_kind == "hex" and chase_frame(st) is None


def test_giving_chase_opens_the_track_over_the_skirmish_and_returns_to_the_map() -> None:
    st, _ = flee(skirmish())
    st, ev = act(st, Choose(unit="o1", option="give_chase"))
    assert of(ev, ChaseBegan)
    seen_track = st.board_kind == "track"
    for _ in range(300):
        if chase_frame(st) is None or st.outcome is not None:
            break
        assert st.board_kind == "track"
        cmd = next(c for c in legal_commands(st) if getattr(c, "option", "") == "run")
        st, more = submit(st, cmd, Dice([]))
        ev += more
    assert seen_track
    assert chase_frame(st) is None and st.board_kind == "hex"
    back = of(ev, ChaseReturned)[0]
    q = st.unit("q")
    if q.status == GONE:  # he got away: gone from the field
        assert q.condition == "escaped"
    else:
        placed = dict(back.placements)["o1"]
        assert q.pos is not None
        assert q.pos.distance(st.unit("o1").pos) >= 1
        assert placed == (st.unit("o1").pos.q, st.unit("o1").pos.r)


def test_the_runners_come_back_as_far_apart_as_the_lane_left_them() -> None:
    """R-ER-CHASE-RETURN: a 50-ft watchman never loses the thief; running and never
    swinging, they tire after the ruled rounds (R-ER-CHASE-ROUNDS) and come back to the
    map as far apart as the lane's last gap."""
    sc = (Scenario("enchanted_realms", seed=0, radius=9).side("watch", True).side("thieves")
          .unit("o1", "man_at_arms_spear", "watch", (-1, 0), facing=0, walk_ft=50)
          .unit("q", "thief", "thieves", (0, 0), facing=0))
    st, _ = flee(sc)
    st, ev = act(st, Choose(unit="o1", option="give_chase"))
    for _ in range(400):
        if chase_frame(st) is None:
            break
        cmd = next(c for c in legal_commands(st) if getattr(c, "option", "") == "run")
        st, more = submit(st, cmd, Dice([]))
        ev += more
    assert chase_frame(st) is None
    gap = dict(of(ev, ChaseSecondEnded)[-1].gaps)["o1"]
    assert gap <= 2  # he keeps at the thief's heels
    assert st.unit("q").pos.distance(st.unit("o1").pos) == gap
    assert of(ev, ChaseEnded)[0].result == "spent"
    assert st.unit("q").fighting and of(ev, ChaseReturned)
