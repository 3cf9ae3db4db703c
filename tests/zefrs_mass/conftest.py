"""ZeFRS is found through the registry as an installed ruleset would be; until its entry
point is in the installed metadata, the tests add it the way tests/zefrs/conftest.py does."""

from __future__ import annotations

import os

import pytest

from rules.engine import register_ruleset
from rules.systems.zefrs.ruleset import RULESET

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the window tests run headless
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True, scope="session")
def _zefrs_registered() -> None:
    register_ruleset(RULESET)
