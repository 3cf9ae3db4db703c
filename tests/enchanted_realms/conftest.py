"""Enchanted Realms is found through the registry as an installed ruleset would be; until its
entry point is in the installed metadata, the tests add it the way a script defining a
ruleset in place does (rules.registry.add)."""

from __future__ import annotations

import pytest

from rules.engine import register_ruleset
from rules.systems.enchanted_realms.ruleset import RULESET


@pytest.fixture(autouse=True, scope="session")
def _enchanted_realms_registered() -> None:
    register_ruleset(RULESET)


@pytest.fixture(autouse=True, scope="session")
def _enchanted_realms_ai_registered() -> None:
    """The computer players' knowledge of the ruleset, as its flank.ai entry point gives."""
    from game.ai.enchanted_realms import HOOKS
    from game.ai.hooks import register_hooks

    register_hooks(HOOKS)
