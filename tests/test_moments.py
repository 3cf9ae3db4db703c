"""Issue 35, "a word for every moment": every decision the engine puts to a player, under
every ruleset and in every mode, has a line saying what to do now and why
(`Ruleset.moment`), in a player's words, citing the clause: random games on the
conformance battlegrounds (tests/conformance/harness.py) walk each ruleset's and mode's
decision kinds, and any one without a line, or with a line holding an id, a field name or no
clause, fails.  Then the two moments a newcomer met wordless at the river ford: his side
surprised and a man's shield to splinter (FE-02, FE-31), and the move from declaring to the
movement phase (FE-06, FE-08, FE-09)."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from rules.builder import Scenario
from rules.commands import Declare
from rules.engine import decider, legal_commands, ruleset_of, start, submit
from rules.playout import random_steps
from rules.state import Battle
from rules.systems.fallen_empire.frames import ChoiceFrame, SplinterFrame
from rules.wording import Words
from tests.conformance.harness import Battleground, battlegrounds
from tests.ui.test_moment_in_window import first_decision_of_the_watch
from tests.wording import slips

GROUNDS = battlegrounds()
SEEDS, COMMANDS = range(2), 200
# A clause or a ruling cited: "(FE-31)", "(ER-22)", "(R-TT-TURN)", "(FE-09: ...".
CITED = re.compile(r"\((?:[^)]*\b)?(?:[A-Z]{2,4}-\d+|R-[A-Z]+-[A-Z-]+)\b")
# What each battleground's random games must meet, at the least: the kinds of decision of
# its ruleset and mode (the frame on top, and its phase, step, trigger or kind).
MET = {
    "fallen_empire.skirmish": {"DeclareFrame", "ChoiceFrame:movement", "ChoiceFrame:melee",
                               "ChoiceFrame:missile", "SplinterFrame", "ReactionFrame:leave",
                               "ReactionFrame:pass"},
    "fallen_empire.joust": {"JoustFrame:choose"},
    "empress.skirmish": {"TurnFrame", "DecisionFrame:follow", "DecisionFrame:retain",
                         "FallBackFrame:move", "ReactionFrame:past", "ReactionFrame:reach"},
    "zefrs.skirmish": {"DeclareFrame"},
    "zefrs.mass": {"MassFrame:deploy", "MassFrame:orders", "MassFrame:duels"},
    "enchanted_realms.skirmish": {"TurnFrame", "ReactionFrame:flee",
                                  "ReactionFrame:opportunity", "ChaseOfferFrame"},
    "enchanted_realms.chase": {"ChaseFrame:choose"},
    "tarnished_tale.skirmish": {"ActivationFrame", "DefenceFrame:melee",
                                "DefenceFrame:missile"},
}
_SUB = ("phase", "step", "stage", "trigger", "kind")


def decision_kind(state: Battle) -> str:
    """The frame on top and what sort of it ("ChoiceFrame:movement", "TurnFrame")."""
    top = state.top
    sub = next((getattr(top, f.name) for f in fields(top) if f.name in _SUB), "")
    return f"{type(top).__name__}:{sub}" if sub else type(top).__name__


def wrong_with(line: str, state: Battle) -> list[str]:
    """What keeps `line` from being the moment's word: missing, no clause, a slip."""
    if not line.strip():
        return ["no line"]
    out = [] if CITED.search(line) else ["no clause cited"]
    if line.startswith("To decide"):
        out.append("only the generic 'To decide'")
    return out + slips(line, state)


@pytest.mark.parametrize("ground", GROUNDS, ids=[g.id for g in GROUNDS])
def test_every_decision_says_what_to_do_and_why(ground: Battleground) -> None:
    met: set[str] = set()
    wrong: list[str] = []
    for seed in SEEDS:
        state, _ = start(ground.setup(seed))
        rs = ruleset_of(state)
        states = [state] + [s.after for s in random_steps(state, seed, COMMANDS)]
        for st in states:
            if decider(st) is None:
                continue
            kind = decision_kind(st)
            met.add(kind)
            line = rs.moment(st, Words.of(st))
            wrong += [f"{kind} (seed {seed}): {line!r}: {w}" for w in wrong_with(line, st)]
    assert not wrong, "\n".join(sorted(set(wrong))[:20])
    assert MET.get(ground.id, set()) <= met, f"never met {MET[ground.id] - met}"


def test_the_river_ford_says_the_watch_is_surprised_and_why_the_shield_may_splinter() -> None:
    """FE-02: the raiders surprised the border watch, who may not act this round; FE-31: a
    man struck may let his shield take the blow.  The choice says both, and what each
    answer does, before a button is pressed."""
    state, _ = first_decision_of_the_watch()
    top = state.top
    assert isinstance(top, SplinterFrame)
    w = Words.of(state)
    line = ruleset_of(state).moment(state, w)
    assert line.startswith("The border watch is surprised (FE-02): the raiders act alone "
                           "this round."), line
    struck = w.unit(top.unit)
    assert (f"{struck} is struck by {w.unit(top.attacker)}'s blow for {top.amount} damage "
            f"({state.unit(top.unit).hp} HP left, enough to fell him): splinter his shield to "
            "take none") in line
    assert "shattered and gone (FE-31)" in line and "or keep it and take the blow" in line
    assert not slips(line, state)


def _declared(action: str) -> Battle:
    """A spearman and an orc, apart, nobody surprised: both declare `action` (FE-06) and the
    round goes on to its first phase."""
    setup = (Scenario("fallen_empire", seed=3, radius=6, title="the ford")
             .side("men", player_characters=True).side("orcs")
             .unit("m1", "man_at_arms_spear", "men", (-3, 0), facing=0)
             .unit("o1", "orc", "orcs", (3, 0), facing=3)
             .options(surprise_enabled=False).build())
    state, _ = start(setup)
    while decider(state) is not None and not isinstance(state.top, ChoiceFrame):
        side = decider(state)
        cmd = next(c for c in legal_commands(state, side)
                   if isinstance(c, Declare) and c.action == action)
        state, _ = submit(state, cmd)
    return state


def test_after_declaring_melee_the_movement_phase_says_why_it_comes_first() -> None:
    """FE-09: the declared actions are carried out phase by phase, movement first; FE-08: a
    figure who declared melee may move a third of his move and still strike.  Declaring
    Melee and then being asked to move says so."""
    state = _declared("melee")
    top = state.top
    assert isinstance(top, ChoiceFrame) and top.phase == "movement"
    w = Words.of(state)
    line = ruleset_of(state).moment(state, w)
    mover = w.unit("m1" if top.actor == "men" else "o1")
    assert line.startswith("Movement phase (FE-09: moves come before shots and blows)."), line
    assert (f"{mover} declared melee: move up to a third of the move to get in place, then "
            "strike in the melee phase (FE-08)") in line
    assert not slips(line, state)


def test_a_full_move_declared_says_it_is_the_whole_round() -> None:
    """FE-08: a figure who declared a full move goes his whole move and does nothing else."""
    state = _declared("move")
    line = ruleset_of(state).moment(state, Words.of(state))
    assert "declared a full move: go up to the whole move, nothing else this round (FE-08)" \
        in line, line
