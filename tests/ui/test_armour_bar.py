"""Armour hit points on the figure (issue 27, TT-21 … TT-24): a Tarnished Tale figure whose
armour has hit points of its own carries a thin steel bar under his health bar, full while
the armour is whole, shorter as sponged blows wear it, empty once it breaks; a figure of a
ruleset without armour hit points has no such bar."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.figure_sprites import ARMOUR_BAR, ARMOUR_GONE, FigureSprites
from rules.builder import Scenario
from rules.engine import register_ruleset, ruleset_of, start
from rules.systems.tarnished_tale.ruleset import RULESET
from rules.systems.tarnished_tale.tables import load_tables


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    register_ruleset(RULESET)  # the shared test venv may predate its entry point
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def _battle(ruleset: str, template: str):
    setup = (Scenario(ruleset, radius=3).side("a").side("b")
             .unit("p", template, "a", (0, 0), facing=0)
             .unit("q", template, "b", (2, 0), facing=3).build())
    return start(setup)[0]


def _look(state, unit_id="p"):
    view = BoardView(state, Camera(hex_size=(30.0, 30.0), screen=(400, 400)))
    return view.look_of(state, state.unit(unit_id))


def _count(look, colour) -> int:
    pic = FigureSprites().get(look, 30.0, 0.0)[0]
    w, h = pic.get_size()
    return sum(1 for x in range(w) for y in range(h) if tuple(pic.get_at((x, y)))[:3] == colour)


def test_a_sellsword_in_chainmail_shows_his_armour_hit_points_full() -> None:
    state = _battle("tarnished_tale", "fighting_man")
    whole = load_tables().armour["chainmail"].hp
    assert ruleset_of(state).unit_armour(state, "p") == (whole, whole)
    look = _look(state)
    assert (look.armour_hp, look.max_armour_hp) == (whole, whole)
    assert _count(look, ARMOUR_BAR) > 0


def test_worn_armour_shows_a_shorter_bar_and_broken_armour_an_empty_one() -> None:
    state = _battle("tarnished_tale", "fighting_man")
    full = _look(state)
    worn = dataclasses.replace(full, armour_hp=full.max_armour_hp // 2)
    broken = dataclasses.replace(full, armour_hp=0)
    assert 0 < _count(worn, ARMOUR_BAR) < _count(full, ARMOUR_BAR)
    assert _count(broken, ARMOUR_BAR) == 0 and _count(broken, ARMOUR_GONE) > 0


def test_the_bar_reads_the_armour_after_a_sponged_blow() -> None:
    state = _battle("tarnished_tale", "fighting_man")
    whole = load_tables().armour["chainmail"].hp
    state = state.update_unit("p", armour_hp=whole - 3)  # as a sponged blow leaves it
    assert (_look(state).armour_hp, _look(state).max_armour_hp) == (whole - 3, whole)


def test_no_armour_bar_without_armour_hit_points() -> None:
    state = _battle("fallen_empire", "man_at_arms_spear")
    look = _look(state)
    assert look.max_armour_hp == 0
    assert _count(look, ARMOUR_BAR) == 0 and _count(look, ARMOUR_GONE) == 0
    bare = _battle("tarnished_tale", "wolf")  # no armour at all
    assert ruleset_of(bare).unit_armour(bare, "p") is None
    assert _look(bare).max_armour_hp == 0

