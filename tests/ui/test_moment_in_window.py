"""Issue 35, "a word for every moment", as a newcomer meets it at the river ford: his side
surprised (FE-02), his first choice is whether a man's shield splinters (FE-31).  The line
saying what to do and why (`Ruleset.moment`) stands in the side panel right above the
buttons, whole, in the window, not in the log."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ai import make_controller, parse_spec
from game.app import App
from game.content import find_scenario, load_setup
from game.turns import HumanController, Seat, TurnManager
from game.ui.launch import scene_for
from game.ui.layout import shows_all
from rules.engine import decider, legal_commands, ruleset_of, start, submit
from rules.systems.fallen_empire.frames import SplinterFrame
from rules.wording import Words

SURPRISED = 0  # the river ford's seed on which the raiders surprise the border watch


def first_decision_of_the_watch() -> tuple[Any, list[Any]]:
    """The river ford under Fallen Empire, the raiders played by the computer until the
    border watch must first decide; the state and every event so far."""
    setup, _ = load_setup(find_scenario("river_ford"), ruleset="fallen_empire",
                          seed=SURPRISED)
    state, events = start(setup)
    ai = make_controller(parse_spec("ai"), 1)
    while decider(state) == "orcs":
        state, more = submit(state, ai.choose(state, "orcs", legal_commands(state, "orcs")))
        events += more
    return state, events


@pytest.mark.parametrize("size", [(1326, 668), (1920, 1080)])
def test_the_river_fords_first_choice_says_why_above_its_buttons(size: tuple[int, int]
                                                                   ) -> None:
    state, events = first_decision_of_the_watch()
    assert isinstance(state.top, SplinterFrame) and decider(state) == "men"
    seats = {"men": Seat("men", HumanController(), True, "You"),
             "orcs": Seat("orcs", HumanController(), False, "The raiders")}
    app = App(size)
    scene = scene_for(app, TurnManager(state, seats, events=events), title="River ford")
    app.switch(scene)
    for _ in range(4):
        app.step(1 / 30)
    panel = scene.panel
    line = ruleset_of(state).moment(state, Words.of(state))
    assert "surprised (FE-02)" in line and "splinter" in line and "(FE-31)" in line
    shown = panel.moment.html_text
    assert line.split(":")[0] in shown and "FE-31" in shown  # the words, escaped in HTML
    assert panel.moment.visible and shows_all(panel.moment)
    window = pygame.Rect((0, 0), app.size)
    box = panel.moment.get_abs_rect()
    assert window.contains(box)
    assert panel.buttons, "the splinter's buttons"
    for b, _ in panel.buttons:  # right above the buttons, under the odds' box
        assert b.get_abs_rect().top >= box.bottom
    assert box.top >= panel.odds.get_abs_rect().bottom
    assert panel.log.get_abs_rect().top >= max(b.get_abs_rect().bottom for b, _ in
                                               panel.buttons)
    scene.close()
    pygame.quit()
