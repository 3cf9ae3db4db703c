"""The GM starts a chase in the sandbox between any figures (issue 26, item 1,
R-ER-CHASE-GM): he names who flees and who gives chase, the chase runs on its track, and
the position comes back with the runners placed by the gap (R-ER-CHASE-RETURN) as ONE entry
of the session, so one undo takes him back to before the chase."""

from __future__ import annotations

import pytest

from game.sandbox import Sandbox, SandboxError
from rules.builder import Scenario
from rules.commands import Command
from rules.engine import start
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.frame import ChaseFrame
from rules.systems.enchanted_realms.chase.landing import ChaseReturned


def street(ruleset: str = "enchanted_realms") -> Sandbox:
    """A hound and a watchman of the watch, a thief and his fence of the thieves, apart."""
    return Sandbox(Scenario(ruleset, seed=3, radius=9).side("watch", True).side("thieves")
                   .unit("grip", "wolf", "watch", (-3, 0), facing=0, name="Grip")
                   .unit("fenn", "man_at_arms_spear", "watch", (-3, 2), facing=0)
                   .unit("jory", "thief", "thieves", (0, 0), facing=0, name="Nimble Jory")
                   .unit("fence", "bandit", "thieves", (4, -2), facing=0).build())


def run(state: Battle, legal: list[Command]) -> Command:
    return next(c for c in legal if getattr(c, "option", "") == "run")


def test_the_gm_chases_a_thief_with_a_hound_and_the_map_comes_back() -> None:
    sb = street()
    before = sb.state
    entry = sb.chase(["jory"], ["grip"], run)
    assert entry.label == "Chase: Nimble Jory runs from Grip"
    kinds = [e.type for e in entry.events]
    assert kinds[0] == "er_chase_called" and "er_chase_began" in kinds
    assert "GM starts a chase" in sb.entry(sb.position).narration()[0]
    back = next(e for e in entry.events if isinstance(e, ChaseReturned))
    st = sb.state
    assert st.board_kind == "hex" and chase_frame(st) is None
    grip = dict(back.placements)["grip"]
    assert (st.unit("grip").pos.q, st.unit("grip").pos.r) == grip  # type: ignore[union-attr]
    assert st.unit("fenn").pos == before.unit("fenn").pos  # not in the chase: unmoved
    assert st.top == before.top  # the GM's chase spent nobody's turn (R-ER-CHASE-GM)
    assert sb.replayed()[-1] == st  # the log is the truth


def test_one_undo_takes_the_gm_back_to_before_the_chase_and_redo_brings_it_back() -> None:
    sb = street()
    before = sb.state
    sb.chase(["jory"], ["grip", "fenn"], run)
    after = sb.state
    sb.undo()
    assert sb.state is before and sb.position == 0
    sb.redo()
    assert sb.state is after


def test_the_chase_opens_on_the_track_with_the_lane_from_where_they_stand() -> None:
    """R-ER-CHASE-LANE: the hound three hexes from the thief starts three behind."""
    sb = street()
    run_ = sb.open_chase(["jory"], ["grip"])
    f = chase_frame(run_.state)
    assert isinstance(f, ChaseFrame) and f.called and f.returns
    assert run_.state.board_kind == "track"
    assert f.runner("jory").at - f.runner("grip").at == 3
    assert sb.position == 0  # nothing recorded until the chase is over
    with pytest.raises(SandboxError, match="not over"):
        sb.finish_chase(run_, run_.state, [run_.events[-1]])


@pytest.mark.parametrize(("quarries", "pursuers", "why"), [
    (["jory"], [], "tick at least one"),
    (["jory"], ["jory"], "cannot chase himself"),
    (["jory"], ["fence"], "another side"),
    (["jory", "grip"], ["fenn"], "one side"),
])
def test_a_chase_that_cannot_run_is_refused_in_words(quarries: list[str],
                                                      pursuers: list[str], why: str) -> None:
    sb = street()
    with pytest.raises(SandboxError, match=why):
        sb.open_chase(quarries, pursuers)
    assert sb.position == 0


def test_a_ruleset_without_a_chase_mode_offers_none() -> None:
    sb = street()
    assert sb.can_chase
    other = Sandbox(Scenario("fallen_empire", seed=0, radius=6).side("a").side("b")
                    .unit("x", "orc", "a", (0, 0)).unit("y", "orc", "b", (2, 0))
                    .build())
    assert not other.can_chase
    with pytest.raises(SandboxError, match="no chase mode"):
        other.open_chase(["x"], ["y"])


def test_the_opening_is_the_same_battle_as_started() -> None:
    sb = street()
    assert sb.state == start(sb.setup)[0]
