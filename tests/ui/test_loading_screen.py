"""The first frame at once (issue 35, item 7): the window was black for 10-15 s on a busy
machine before the title, with no sign of life.  `flank` now draws a loading screen (the
name, a bar, what it is doing) before the rulesets and maps are loaded, and loads them one
step a frame under it, then shows the title."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.app import App
from game.ui.title_scene import TitleScene

ROOT = Path(__file__).resolve().parents[2]


def _run_flank(monkeypatch, most: int = 400) -> tuple[list[str], list[str], App]:
    """`flank` with no command, every frame and every ruleset or map load recorded in
    order, until the title shows; the scenes' kinds frame by frame."""
    from game import cli, maps
    from rules import registry

    calls: list[str] = []
    scenes: list[str] = []
    real_flip, real_load, real_map = pygame.display.flip, registry.load, maps.load_map
    box: dict[str, App] = {}

    def flip() -> None:
        calls.append("frame")
        real_flip()

    def load(group, name):
        if group == registry.RULESETS:
            calls.append(f"ruleset {name}")
        return real_load(group, name)

    def load_map(path, *a, **kw):
        calls.append(f"map {Path(path).name}")
        return real_map(path, *a, **kw)

    def run(self, **kw):
        box["app"] = self
        for _ in range(most):  # up to the title's first frame
            shown = self.scene
            scenes.append(type(shown).__name__)
            self.step(1 / 30)
            if isinstance(shown, TitleScene):
                break

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(registry, "load", load)
    monkeypatch.setattr(maps, "load_map", load_map)
    monkeypatch.setattr(App, "run", run)
    assert cli.main([]) == 0
    return calls, scenes, box["app"]


def test_the_first_frame_is_drawn_before_the_rulesets_and_maps_are_loaded(monkeypatch):
    from game import content

    # maps read by earlier tests in this process: read them again
    getattr(content, "_read", {}).clear()
    calls, scenes, _ = _run_flank(monkeypatch)
    assert calls and calls[0] == "frame", calls[:5]
    loads = [c for c in calls if c != "frame"]
    assert any(c.startswith("ruleset ") for c in loads)
    assert any(c.startswith("map ") for c in loads)
    assert scenes[0] == "LoadingScene" and scenes[-1] == "TitleScene"


def test_the_work_is_done_a_step_between_frames(monkeypatch):
    """The bar moves: a frame is drawn between one ruleset's loading and the next's."""
    calls, _, _ = _run_flank(monkeypatch)
    rulesets = [i for i, c in enumerate(calls) if c.startswith("ruleset ")]
    firsts = {}
    for i in rulesets:
        firsts.setdefault(calls[i], i)
    order = sorted(firsts.values())
    assert len(order) >= 5
    for a, b in itertools.pairwise(order):
        assert "frame" in calls[a:b], (calls[a], calls[b])


def test_the_loading_screen_says_what_it_is_doing_and_hands_over_to_a_painted_title():
    from game.ui.loading_scene import LoadingScene

    app = App((1280, 800))
    loading = LoadingScene(app)
    app.switch(loading)
    app.step(1 / 30)
    assert loading.done == 0.0 and loading.steps is None  # the first frame: nothing done
    words, fills = set(), []
    for _ in range(200):
        if not isinstance(app.scene, LoadingScene):
            break
        words.add(loading.doing)
        fills.append(loading.done)
        app.step(1 / 30)
    assert isinstance(app.scene, TitleScene)
    assert app.scene._picture is not None  # painted under the loading screen
    assert fills == sorted(fills) and fills[-1] > 0.99
    assert "Loading the rulesets (1 of 5)…" in words
    assert any(w.startswith("Reading the maps") for w in words)


def test_the_first_frame_comes_before_the_rules_are_even_imported():
    """In a fresh process, as a player starts it: at the first frame neither the rules
    engine nor any ruleset has been imported (importing them is most of the wait)."""
    probe = (
        "import sys, pygame\n"
        "real = pygame.display.flip\n"
        "def flip():\n"
        "    real()\n"
        "    mods = sorted(m for m in sys.modules\n"
        "                  if m == 'rules.engine' or m.startswith('rules.systems'))\n"
        "    print('AT FIRST FRAME', mods, flush=True)\n"
        "    raise SystemExit(0)\n"
        "pygame.display.flip = flip\n"
        "from game import cli\n"
        "cli.main([])\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert "AT FIRST FRAME []" in out.stdout, out.stdout + out.stderr
