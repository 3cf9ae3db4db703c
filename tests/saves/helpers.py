"""Battles to save: random (or AI) players through the turn manager, with a SaveWriter."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.saves import SaveWriter, new_header
from game.turns import RandomController, Seat, TurnManager
from rules.builder import Scenario
from rules.engine import BattleSetup
from rules.scenarios import demo_setup


def duel(seed: int = 4, **options: Any) -> BattleSetup:
    """A Fighting-Man against an orc across a small field (no surprise: the opening rolls
    nothing, and the first declarations roll nothing either)."""
    return (Scenario("fallen_empire", seed=seed, radius=6, title="Duel")
            .side("men", player_characters=True).side("orcs")
            .unit("hero", "fighting_man", "men", (-3, 0), facing=0)
            .unit("orc", "orc", "orcs", (3, 0), facing=3)
            .options(surprise_enabled=False, **options)
            .build())


def random_seats(setup: BattleSetup, seed: int = 0) -> dict[str, Seat]:
    return {s.id: Seat(s.id, RandomController(seed * 31 + i), False, s.id)
            for i, s in enumerate(setup.sides)}


def saved_battle(path: Path, setup: BattleSetup | None = None, *, steps: int = 10_000,
                 seed: int = 0, seats: Mapping[str, Seat] | None = None,
                 controllers: Mapping[str, str] | None = None, undo: str = "dice",
                 fsync: bool = False) -> tuple[TurnManager, SaveWriter]:
    """Play up to `steps` steps with a SaveWriter attached; the writer is left open."""
    setup = setup or demo_setup("fallen_empire", seed=seed)
    seats = dict(seats or random_seats(setup, seed))
    controllers = dict(controllers or {s: f"random:{seed}" for s in seats})
    tm = TurnManager(setup, seats)
    writer = SaveWriter(path, new_header(setup, scenario_path="maps/test.tmx",
                                         controllers=controllers, undo=undo), fsync=fsync)
    writer.attach(tm)
    tm.run(max_steps=steps)
    return tm, writer
