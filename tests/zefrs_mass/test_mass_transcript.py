"""The narrated transcript of a mass battle (issue #24, item 6): a battle played to its end in
the window offers "Export the transcript", and the Markdown tells every round in a player's
words with the text's clauses, then how it ended and the armies as they stood."""

from __future__ import annotations

import re
import time

import pytest

from game.ai.hooks import register_hooks
from game.ai.zefrs_mass import HOOKS
from game.render.mass_view import GridStateView
from game.ui.mass_scene import MassScene
from rules import registry
from tests.zefrs_mass.test_mass_window import Commander


@pytest.fixture(autouse=True, scope="module")
def _plugins():
    registry.add(registry.SCENES, "grid", MassScene)
    registry.add(registry.VIEWS, "grid", GridStateView)
    register_hooks(HOOKS, "mass")


def test_a_battle_fought_to_the_end_is_exported_as_a_narrated_transcript(tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("FLANK_EXPORT_DIR", str(tmp_path))
    watch = Commander(["ai:greedy", "ai:greedy"], seed=3)
    watch.scene.anim.speed = 50.0  # the show is not what this test is about
    for seat in watch.scene.tm.seats.values():
        seat.controller.min_think_s = 0.0  # no reading pace: the computers answer at once
    for _ in range(20_000):
        watch.frames(1)
        if watch.scene.tm.is_over and not watch.scene.anim.busy:
            break
        if watch.scene.tm.waiting_on is not None:
            time.sleep(0.001)  # a computer thinking in its thread
    assert watch.scene.tm.is_over
    watch.frames(2)
    watch.press("Export the transcript")
    assert watch.scene.message.startswith("Wrote ")
    text = next(tmp_path.glob("*.md")).read_text(encoding="utf-8")
    assert text.startswith("# Pikes and horse")
    rounds = re.findall(r"^## Round (\d+)$", text, re.M)
    assert rounds and rounds == [str(n) for n in range(1, len(rounds) + 1)]
    assert "## Deployment" in text and "places Pike company on the centre (ZEF-58)" in text
    assert "(ZEF-70)" in text and "(ZEF-72" in text  # the duels and the units' checks
    assert "## The end" in text and "## The armies at the end" in text
    assert "| Pike company |" in text and "| Horsemen |" in text
    loser = next(line for line in text.splitlines() if line.startswith("| Horsemen |"))
    assert "| fled |" in loser or "| destroyed |" in loser or "| C" in loser
