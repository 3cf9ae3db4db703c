"""Enchanted Realms is found through the registry as an installed ruleset would be; the
tests add it the way tests/enchanted_realms/conftest.py does."""

from __future__ import annotations

import pytest

from rules.engine import register_ruleset
from rules.systems.enchanted_realms.ruleset import RULESET


@pytest.fixture(autouse=True, scope="session")
def _enchanted_realms_registered() -> None:
    register_ruleset(RULESET)
