"""Tarnished Tale is found through the registry as an installed ruleset would be; until its
entry point is in the installed metadata, the tests add it the way a script defining a
ruleset in place does (rules.registry.add), and its computer knowledge likewise."""

from __future__ import annotations

import pytest

from game.ai.hooks import register_hooks
from game.ai.tarnished_tale import HOOKS
from rules.engine import register_ruleset
from rules.systems.tarnished_tale.ruleset import RULESET


@pytest.fixture(autouse=True, scope="session")
def _tarnished_tale_registered() -> None:
    register_ruleset(RULESET)
    register_hooks(HOOKS)
