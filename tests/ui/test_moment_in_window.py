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


def test_the_list_says_what_the_next_bout_asks_of_the_host(tmp_path, monkeypatch) -> None:
    """Between bouts of a List (FE-45) the host is asked to ride the next bout or decide one
    between two computer riders: the line above the button says which, and what a bout is
    (FE-48, R-FE-JOUST-REFILL); it goes once the List is over."""
    from game.lists import ListSession, default_roster
    from game.ui.lists_scene import ListsScene

    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    app = App((1326, 668))
    ridden = ListSession.new(default_roster(4, ("human",)), method="single_elimination",
                             seed=4)
    scene = ListsScene(app, ridden)
    app.switch(scene)
    app.step(1 / 30)
    plan = ridden.next_bout()
    assert scene.moment is not None and scene.ride is not None
    text = scene.moment.html_text
    person = plan.a if plan.a.person else plan.b
    assert f"{person.name} rides against" in text and "(FE-48)" in text
    assert "the loser is out (FE-45)" in text
    assert scene.moment.get_abs_rect().bottom <= scene.ride.get_abs_rect().top
    assert shows_all(scene.moment)
    computers = ListSession.new(default_roster(4, ("ai:random",) * 4), method="swiss", seed=1)
    scene = ListsScene(app, computers)
    app.switch(scene)
    app.step(1 / 30)
    assert scene.moment is not None and "both ridden by the computer: decide their bout" in \
        scene.moment.html_text and "a win scores a point and a draw half (FE-45)" in \
        scene.moment.html_text
    computers.play_computer_bouts()
    scene = ListsScene(app, computers)
    app.switch(scene)
    app.step(1 / 30)
    assert scene.moment is None  # the List is over: the champion is said above
    pygame.quit()


@pytest.mark.parametrize(("ruleset", "mode"), [("fallen_empire", "joust"), ("zefrs", "mass"),
                                               ("enchanted_realms", "chase")])
def test_each_modes_first_choice_says_why_whole_above_its_buttons(ruleset: str,
                                                                  mode: str) -> None:
    """The joust's throw, the mass battle's deployment and the chase's second: the line in
    its box, whole, on a laptop's window, above the buttons."""
    rs = ruleset_of(ruleset)
    state, events = start(rs.sample_setup(mode, 1))
    me = decider(state)
    seats = {s.id: Seat(s.id, HumanController(), s.id == me, s.name) for s in state.sides}
    app = App((1326, 668))
    scene = scene_for(app, TurnManager(state, seats, events=events), title=mode)
    app.switch(scene)
    for _ in range(90):  # past the joust's opening banner and any show
        app.step(1 / 30)
        if scene.ready():
            break
    app.step(1 / 30)
    box = scene.panel.moment
    line = rs.moment(state, Words.of(state))
    assert line and box.visible and line.split(" ")[0] in box.html_text
    assert shows_all(box), f"{line!r} is cut in its box"
    buttons = [b for b in getattr(scene.panel, "buttons", {})] or list(
        getattr(scene.panel, "throw_buttons", {}).values())
    assert buttons and all(b.get_abs_rect().top >= box.get_abs_rect().bottom for b in buttons)
    scene.close()
    pygame.quit()
