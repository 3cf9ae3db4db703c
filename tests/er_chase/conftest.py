"""Enchanted Realms is found through the registry as an installed ruleset would be; the
tests add it the way tests/enchanted_realms/conftest.py does; the window tests add the
chase's screen, its view and the computer's chase knowledge (`chase_screens`)."""

from __future__ import annotations

import pytest

from rules.engine import register_ruleset
from rules.systems.enchanted_realms.ruleset import RULESET


@pytest.fixture(autouse=True, scope="session")
def _enchanted_realms_registered() -> None:
    register_ruleset(RULESET)


@pytest.fixture(scope="module")
def chase_screens() -> None:
    """The track's scene, view and computer knowledge, as the entry points in pyproject.toml
    declare them once installed (a window test asks for it with `usefixtures`)."""
    from game.ai.er_chase import HOOKS
    from game.ai.hooks import register_hooks
    from game.render.chase_view import TrackStateView
    from game.ui.chase_scene import ChaseScene
    from rules import registry

    registry.add(registry.SCENES, "track", ChaseScene)
    registry.add(registry.VIEWS, "track", TrackStateView)
    register_hooks(HOOKS, "chase")
