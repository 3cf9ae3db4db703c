"""Every (battleground, seed) that ever broke a promise in the conformance tests or the soak,
played again by name: a random game found the bug once, so it stays a test for good.

Add a row when a seed fails: the battleground's id (`Battleground.id`, "ruleset.mode"), the
seed, and why it failed (the rule it broke and where it was fixed), so that a failure here
reads as a regression of a known bug, not a new mystery.
"""

from __future__ import annotations

import pytest

from rules.engine import ruleset_of
from tests.conformance.harness import Battleground, game_checks, play_checked

FAILED_SEEDS: list[tuple[str, int, str]] = [
    ("enchanted_realms.skirmish", 606,
     "after a long chase two pursuers were placed back on one hex (R-ER-CHASE-RETURN): the "
     "one whose gap put him beyond a dozen hexes off the map stayed on his old hex, which "
     "the other had just been given"),
    ("enchanted_realms.skirmish", 50,
     "a figure sprung by an at-the-ready run (ER-12) ran onto the end of the mover's path "
     "and the mover walked onto his hex (R-ER-READY-BLOCK)"),
    ("enchanted_realms.skirmish", 140, "as seed 50: a ready run onto a mover's path"),
    ("enchanted_realms.skirmish", 187, "as seed 50: a ready run onto a mover's path"),
]


@pytest.mark.parametrize(("ground", "seed", "why"), FAILED_SEEDS,
                         ids=[f"{g}-{s}" for g, s, _ in FAILED_SEEDS])
def test_a_seed_that_once_failed_keeps_every_promise(ground: str, seed: int, why: str) -> None:
    ruleset, mode = ground.split(".", 1)
    ruleset_of(ruleset)  # the ruleset is still there under that id
    play = play_checked(Battleground(ruleset, mode), seed, max_commands=250,
                        probes_per_step=1)
    assert play.commands, why
    game_checks(play)
