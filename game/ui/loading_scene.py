"""The first frame: the game's name, a progress bar and what is being done ("Loading the
rulesets (2 of 5)…"), drawn before anything slow, then the slow work one step a frame.

Why: on a busy machine the window stayed black for 10-15 s before the title (issue 35,
item 7).  Profiled from `python -m game` to the title's first frame, nearly all of that is
importing the five rulesets (the rules engine and each system's tables and models, two
thirds of it), reading the bundled maps (a quarter) and painting the title's figures; the
window and its fonts are a few hundredths.  So the window is opened and this screen drawn
first, and each of those is a step run between two frames, the bar moving after each.

Nothing here imports the rules: the first frame needs only pygame and a font.  When the
steps are done the title is shown, its picture already painted.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

import pygame

from game.ui.title_art import GOLD, NAME, PARCHMENT, title_font

BACKGROUND = (24, 28, 34)
TRACK = (52, 58, 70)

Step = tuple[str, float, Callable[[], None]]  # what a player reads, its share, the work


def _load_ruleset(name: str) -> Callable[[], None]:
    def run() -> None:
        from rules import registry

        # a broken house ruleset is left out by the menu (`rules.engine.rulesets`)
        with suppress(registry.PluginError):
            registry.load(registry.RULESETS, name)
    return run


def _engine() -> None:
    import rules.engine  # noqa: F401 - the engine, its events and their models


def _read_map(path: Any) -> Callable[[], None]:
    def run() -> None:
        from game.content import scenario_entry

        scenario_entry(path)  # read once and kept for the menu
    return run


def startup_steps(app: Any, title: Any) -> list[Step]:
    """The slow work before the title, as steps with their shares of the bar (measured:
    the rules about two thirds, the maps a quarter, the title's figures the rest)."""
    from game.content import scenario_files
    from rules import registry

    rulesets = registry.names(registry.RULESETS)
    maps = scenario_files()
    steps: list[Step] = [("Loading the rules…", 0.15, _engine)]
    steps += [(f"Loading the rulesets ({i} of {len(rulesets)})…", 0.5 / len(rulesets),
               _load_ruleset(name)) for i, name in enumerate(rulesets, start=1)]
    steps += [(f"Reading the maps ({i} of {len(maps)})…", 0.25 / len(maps), _read_map(p))
              for i, p in enumerate(maps, start=1)]
    steps.append(("Painting the figures…", 0.1, lambda: title.picture(app.size)))
    return steps


def _title(app: Any) -> Any:
    from game.ui.title_scene import TitleScene

    return TitleScene(app)


class LoadingScene:
    def __init__(self, app: Any, then: Callable[[Any], Any] = _title,
                 steps: Callable[[Any, Any], list[Step]] = startup_steps) -> None:
        """`then(app)` makes the scene shown once loaded (the title); `steps(app, it)` the
        work to do first, asked for only after the first frame is drawn."""
        self.app = app
        self.then = then
        self.make_steps = steps
        self.next: Any = None
        self.steps: list[Step] | None = None
        self.done = 0.0  # the share of the bar filled
        self.doing = "Opening the window…"
        self.drawn = False  # no work before the first frame is on the screen
        self._fonts: dict[int, pygame.font.Font] = {}

    def handle(self, e: pygame.event.Event) -> Any:
        return None  # keys wait for the title

    def update(self, dt: float) -> Any:
        if not self.drawn:
            return None
        if self.steps is None:
            self.next = self.then(self.app)
            self.steps = self.make_steps(self.app, self.next)
            self._say_next()
            return None
        if not self.steps:
            return self.next
        _, share, work = self.steps.pop(0)
        work()
        self.done = min(1.0, self.done + share)
        self._say_next()
        return None

    def _say_next(self) -> None:
        """The bar's words for what the next frame is followed by."""
        self.doing = self.steps[0][0] if self.steps else "Ready"

    def _font(self, size: int, bold: bool = True) -> pygame.font.Font:
        key = size if bold else -size
        if key not in self._fonts:
            self._fonts[key] = title_font(size, bold)
        return self._fonts[key]

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        surf.fill(BACKGROUND)
        name = self._font(max(48, h // 7)).render(NAME, True, PARCHMENT)
        surf.blit(name, name.get_rect(midbottom=(w // 2, h // 2 - 30)))
        bar = pygame.Rect(0, 0, min(520, w - 80), 14)
        bar.midtop = (w // 2, h // 2)
        pygame.draw.rect(surf, TRACK, bar, border_radius=7)
        if self.done > 0:
            filled = bar.copy()
            filled.width = max(14, round(bar.width * self.done))
            pygame.draw.rect(surf, GOLD, filled, border_radius=7)
        pygame.draw.rect(surf, PARCHMENT, bar, 1, border_radius=7)
        words = self._font(max(15, h // 48), bold=False).render(self.doing, True, PARCHMENT)
        surf.blit(words, words.get_rect(midtop=(w // 2, bar.bottom + 14)))
        self.drawn = True
