""""The cutpurse's sprint" played in the window as a new player would (issue 26, item 3): the
track scene found by its board kind, a watchman's moment with the odds beside the choice,
the seconds counted down with each roll shown, the computer's thieves running, and two
people at one machine handing the seat over between runners."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.ui.chase_scene import ChaseScene
from rules.systems.enchanted_realms.chase.events import ChaseMoved, chase_frame
from tests.ui.window import AtAModeWindow

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
MAP = Path(__file__).resolve().parents[2] / "maps" / "market_chase.tmx"


pytestmark = pytest.mark.usefixtures("chase_screens")


class Runner(AtAModeWindow):
    def __init__(self, players: list[str], seed: int = 4) -> None:
        self.open(MAP, players, seed)


def test_the_sprint_opens_on_the_track() -> None:
    me = Runner(["human", "ai:greedy"])
    assert isinstance(me.scene, ChaseScene)
    assert me.scene.tm.state.board_kind == "track"
    me.settle()
    assert me.scene.ready() and me.scene.deciding() in ("fenn", "grip", "hobb")
    odds = me.scene._odds()
    assert "loses him" in odds and "ER-33" in odds
    labels = [b.text for b in me.scene.panel.buttons]
    assert "Run (R)" in labels and "Break off (B)" in labels


def test_the_watch_runs_the_sprint_to_its_end_against_the_computer() -> None:
    """Seed 8: the thieves shake the watch off in a few rounds (most seeds run all twelve
    to a draw, four times as long in the window, and end no differently for this test)."""
    me = Runner(["human", "ai:greedy"], seed=8)
    me.scene.anim.speed = 50.0  # the show is not what this test is about
    for _ in range(200):
        me.settle()
        if me.scene.tm.is_over:
            break
        swings = [b.text for b in me.scene.panel.buttons if b.text.startswith("Swing")]
        me.press(swings[0] if swings else "Run")
    me.settle()
    assert me.scene.tm.is_over
    assert any(isinstance(e, ChaseMoved) for e in me.scene.tm.events)
    assert [b.text for b in me.scene.panel.buttons] == ["Back to the menu"]
    log = me.scene.panel.log.html_text
    assert "The chase is over" in log


def test_hot_seat_hands_over_between_runners() -> None:
    me = Runner(["human", "human"])
    me.scene.anim.speed = 50.0  # the show is not what this test is about
    handed = 0
    for _ in range(60):
        me.settle()
        if me.scene.tm.is_over or handed >= 2:
            break
        if me.scene.cover is not None:
            handed += 1
            me.click(me.scene.cover.button.get_abs_rect().center)
            continue
        me.key(pygame.K_r)
    assert handed >= 2  # from one runner's player to the other's, and back


def test_space_skips_the_countdown() -> None:
    me = Runner(["human", "ai:greedy"])
    me.settle()
    me.key(pygame.K_r)
    me.key(pygame.K_SPACE)
    assert not me.scene.anim.busy
    f = chase_frame(me.scene.anim.shown)
    assert f is not None and f == chase_frame(me.scene.tm.state)


def test_a_chase_out_of_a_skirmish_opens_the_track_and_returns_to_the_map() -> None:
    """ER-21 in the window: the thief runs, the watch gives chase, the screen becomes the
    track; the chase over, the map comes back with the runners on it."""
    from game.ui.battle_scene import BattleScene
    from game.ui.launch import open_setup
    from rules.builder import Scenario
    from rules.commands import Choose, Move, React
    from rules.engine import legal_commands

    setup = (Scenario("enchanted_realms", seed=3, radius=9, title="A thief in the market")
             .side("watch", True).side("thieves")
             .unit("o1", "man_at_arms_spear", "watch", (-1, 0), facing=0)
             .unit("q", "thief", "thieves", (0, 0), facing=0).build())
    me = Runner.__new__(Runner)
    me.app = App((1280, 800))
    me.scene = open_setup(me.app, setup, ["human", "human"], title=setup.title,
                          on_exit=lambda: None)
    me.app.switch(me.scene)
    assert isinstance(me.app.scene, BattleScene)

    def answer(cmd_of) -> None:  # the seat's person takes it, and answers
        for _ in range(50):
            scene = me.app.scene
            me.frames(3)
            if scene.cover is not None:
                me.click(scene.cover.button.get_abs_rect().center)
                continue
            if not scene.anim.busy and scene.tm.waiting_on is not None:
                cmd = cmd_of(legal_commands(scene.tm.state))
                if cmd is None:
                    return
                scene.submit(cmd)
                return

    for _ in range(6):  # whoever won the initiative: the watchman waits, the thief runs
        legal = legal_commands(me.app.scene.tm.state)
        moves = [c for c in legal if isinstance(c, Move) and c.unit == "q"]
        if moves:
            break
        answer(lambda legal: next(c for c in legal if type(c).__name__ == "Pass"))
    answer(lambda legal: Move(unit="q", path=tuple((q, 0) for q in range(8))))
    answer(lambda legal: React(unit="o1", accept=False)  # he lets the flee attack go
           if any(isinstance(c, React) for c in legal) else None)
    answer(lambda legal: Choose(unit="o1", option="give_chase")
           if Choose(unit="o1", option="give_chase") in legal else None)
    for _ in range(200):
        me.frames(5)
        if isinstance(me.app.scene, ChaseScene):
            break
    assert isinstance(me.app.scene, ChaseScene)
    for _ in range(400):
        scene = me.app.scene
        if isinstance(scene, BattleScene):
            break
        me.frames(3)
        if scene.cover is not None:
            me.click(scene.cover.button.get_abs_rect().center)
        elif scene.ready():
            scene.choose("run")
        else:
            scene.anim.skip()
    assert isinstance(me.app.scene, BattleScene)
    assert me.app.scene.tm.state.board_kind == "hex"
