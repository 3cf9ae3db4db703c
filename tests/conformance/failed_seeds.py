"""Every (battleground, seed) whose random game ever broke one of the engine's promises,
kept by name so the conformance test plays it on every run from then on.

A soak (`python bench/soak.py`, `pytest --long`) or a CI run that finds a broken seed adds
it here with the battleground's id ("ruleset.mode"), the seed, how many commands the game
may run to reach it (the CI sweep's 250, or the soak's 600), and what broke (the rule and
where it was fixed, so a failure here reads as a regression of a known bug), and the rule's
own test (a position with scripted dice) goes in the ruleset's test folder beside it.
"""

from __future__ import annotations

FAILED_SEEDS: list[tuple[str, int, int, str]] = [
    ("enchanted_realms.skirmish", 606, 250,
     "after a long chase two pursuers were placed back on one hex (R-ER-CHASE-RETURN): the "
     "one whose gap put him beyond a dozen hexes off the map stayed on his old hex, which "
     "the other had just been given"),
    ("enchanted_realms.skirmish", 50, 250,
     "a figure sprung by an at-the-ready run (ER-12) ran onto the end of the mover's path "
     "and the mover walked onto his hex (R-ER-READY-BLOCK)"),
    ("enchanted_realms.skirmish", 140, 250, "as seed 50: a ready run onto a mover's path"),
    ("enchanted_realms.skirmish", 187, 250, "as seed 50: a ready run onto a mover's path"),
    ("enchanted_realms.skirmish", 510005581, 600,
     "the soak's: after 555 commands an ogre and a bowman on one hex, as seed 50 (gone with "
     "R-ER-READY-BLOCK)"),
]
