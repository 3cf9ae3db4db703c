"""Every (battleground, seed) whose random game ever broke one of the engine's promises,
kept by name so the conformance test plays it on every run from then on.

A soak (`python bench/soak.py`, `pytest --long`) or a CI run that finds a broken seed adds
it here with what broke, and the rule's own test (a position with scripted dice) goes in
the ruleset's test folder beside it.
"""

from __future__ import annotations

FAILED_SEEDS: list[tuple[str, int, str]] = [
    ("enchanted_realms.skirmish", 606,
     "after 86 commands two figures stood at rest on one hex (issue 34)"),
]
