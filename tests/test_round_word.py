"""One word for one thing (issue 35, the small wrongs): ZeFRS counts its fight in "combat
turns" (ZEF-17), and its header says "Turn 2"; its log says "Turn 2 begins." too, never
"Round 2".  A ruleset whose text says "round" keeps it."""

from __future__ import annotations

from rules.builder import Scenario
from rules.engine import register_ruleset, ruleset_of, start
from rules.events import RoundStarted
from rules.systems.zefrs.ruleset import RULESET
from rules.wording import PLAIN, Words


def _opening(ruleset: str):
    setup = (Scenario(ruleset, seed=3, radius=4, title="Courtyard").side("heroes", True)
             .side("guard").unit("a", "guard", "heroes", (0, 0), facing=0)
             .unit("b", "guard", "guard", (2, 0), facing=3).build())
    return start(setup)


def test_zefrs_says_turn_in_its_log_as_in_its_header():
    register_ruleset(RULESET)
    state, events = _opening("zefrs")
    began = next(e for e in events if isinstance(e, RoundStarted))
    assert Words.of(state).say(began) == "Turn 1 begins."
    assert ruleset_of("zefrs").phase_label(state).startswith("Turn 1,")


def test_a_ruleset_that_says_round_keeps_it():
    assert RoundStarted(round=2).narrate(PLAIN) == "Round 2 begins."
    assert Words(round="round").say(RoundStarted(round=2)) == "Round 2 begins."
