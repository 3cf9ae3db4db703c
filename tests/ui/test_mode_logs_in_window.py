"""Issue 35, item 1, on the screens that share the mode panel (the mass battle, the chase)
and on the joust's: the same log as the battle's -- room for eight whole lines at 1366x768
and 1920x1080, oldest first, at its foot (or at the first line of the other side's last
move, when that is taller than the box) once the show is over and the person may choose."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.ai.er_chase import HOOKS as CHASE_HOOKS
from game.ai.hooks import register_hooks
from game.ai.zefrs_mass import HOOKS as MASS_HOOKS
from game.render.chase_view import TrackStateView
from game.render.mass_view import GridStateView
from game.ui.chase_scene import ChaseScene
from game.ui.markup import escape
from game.ui.mass_scene import MassScene
from rules import registry
from rules.wording import Words
from tests.ui.log_view import (
    LEAST_LINES,
    at_its_foot,
    plain,
    rows_in_view,
    says,
    whole_rows_room,
)
from tests.ui.test_joust_scene import Jouster
from tests.ui.window import AtAModeWindow

MAPS = Path(__file__).resolve().parents[2] / "maps"
SIZES = [(1366, 768), (1920, 1080)]
# Each mode's map and the buttons its person presses, the first of them there is each time.
MODES = {"mass": (MAPS / "mass" / "pikes_and_horse.tmx", ("Centre", "Give the order", "Declare")),
         "chase": (MAPS / "market_chase.tmx", ("Run",))}


@pytest.fixture(autouse=True, scope="module")
def _plugins():
    """As the entry points in pyproject.toml declare them once installed."""
    registry.add(registry.SCENES, "grid", MassScene)
    registry.add(registry.VIEWS, "grid", GridStateView)
    register_hooks(MASS_HOOKS, "mass")
    registry.add(registry.SCENES, "track", ChaseScene)
    registry.add(registry.VIEWS, "track", TrackStateView)
    register_hooks(CHASE_HOOKS, "chase")


class Player(AtAModeWindow):
    def __init__(self, mode: str, size: tuple[int, int]) -> None:
        self.open(MODES[mode][0], ["human", "ai:greedy"], 5, size)
        self.scene.anim.speed = 50.0


def _told(scene) -> list[str]:
    """The log's lines as the scene words them, oldest first."""
    w = Words.of(scene.tm.state)
    viewer = scene.viewer
    return [escape(x) for e in scene.tm.events
            if not (viewer is not None and scene.tm.hidden_from(viewer, e))
            for x in (w.say(e),) if x]


def _reads_as_a_log(box, told: list[str]) -> None:
    shown = box.html_text.split("<br>")
    assert shown == told[-len(shown):], "the log is not oldest first"
    if at_its_foot(box):
        assert says(box, shown[-1])
    else:  # the other side's last move is taller than the box: read from its first line
        assert box.kept is not None
        first = " ".join(rows_in_view(box)[0].split())
        assert plain(shown[box.kept]).startswith(first)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", list(MODES))
def test_a_mode_s_log_keeps_eight_lines_and_reads_oldest_first(mode: str,
                                                               size: tuple[int, int]) -> None:
    me = Player(mode, size)
    box = me.scene.panel.log
    assert whole_rows_room(box) >= LEAST_LINES, f"room for {whole_rows_room(box)} lines"
    for _ in range(4):
        me.settle()
        if me.scene.tm.is_over or not me.scene.ready():
            break
        labels = [b.text.strip("[]") for b in me.scene.panel.buttons]
        me.press(next(w for w in MODES[mode][1] if any(x.startswith(w) for x in labels)))
    me.settle()
    me.frames(2)
    assert len(me.scene.tm.events) > 0 and box.html_text
    _reads_as_a_log(box, _told(me.scene))
    assert whole_rows_room(box) >= LEAST_LINES
    pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_joust_s_log_keeps_eight_lines_and_reads_oldest_first(tmp_path,
                                                                  size: tuple[int, int]) -> None:
    j = Jouster(tmp_path, ["human", "ai"], seed=4, size=size)
    scene = j.scene
    deadline = time.monotonic() + 60
    passes = 0
    while passes < 2 and not scene.tm.is_over and time.monotonic() < deadline:
        if scene.legal_throws():
            j.throw(1)
            passes += 1
            j.settle()
        j.frames(3)
        time.sleep(0.005)
    j.settle()
    j.frames(3)
    box = scene.panel.log
    assert whole_rows_room(box) >= LEAST_LINES, f"room for {whole_rows_room(box)} lines"
    shown = box.html_text.split("<br>")
    assert shown[0].startswith("<b><font color='#ffd27a'>The joust:")  # the heading first
    assert "Pass 1:" in shown[-1] or any("Pass 1:" in x for x in shown[1:])
    assert at_its_foot(box) or says(box, shown[0])
    j.close()
