"""Issue 35, item 5: nothing cut off.  Every screen opened at 1366x768 and 1920x1080: the
title, the menu, a skirmish under each of the five rulesets (the odds of a blow showing once
a foe is in reach within a few phases) and the help over it, the ZeFRS mass battle, the
Enchanted Realms chase, the joust, a List and a bout of it, the sandbox with a timeline, the
mass sandbox, Saved battles and the lessons; each driven a few steps so the panels with long
names show.  On each, every button and label is measured in its own font against its room,
every text box that cannot scroll against its height, and every line the game drew itself
is either whole or shows its whole text on hover (tests/ui/clipped.py); on the mass battle
and the chase every unit's and figure's name is drawn so.  A failure names the screen, the
element and its text."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.render import lettering
from tests.ui.clipped import cut_on_screen

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
SIZES = [(1366, 768), (1920, 1080)]
RULESETS = ["fallen_empire", "empress", "zefrs", "enchanted_realms", "tarnished_tale"]


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 30)


def press(app: App, element: Any) -> None:
    pos = element.get_abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, 2)


class Screens:
    """Opens each screen in one window of `size`, and gathers what is cut on each."""

    def __init__(self, size: tuple[int, int], folder: Path) -> None:
        self.size = size
        self.folder = folder
        self.app = App(size)
        self.cut: list[str] = []

    def look(self, screen: str) -> None:
        """Note what is cut on the screen now, under the name `screen`: and on a mode's
        screen, any figure's or unit's name not drawn through `lettering` (so not to be
        read whole on hover)."""
        for what in cut_on_screen(self.app.ui) + unnamed(self.app.scene):
            line = f"{self.size[0]}x{self.size[1]} {screen}: {what}"
            if line not in self.cut:
                self.cut.append(line)

    def show(self, scene: Any, n: int = 3) -> Any:
        self.app.switch(scene)
        frames(self.app, n)
        return scene

    def leave(self) -> None:
        """Take the screen's widgets down before the next one opens."""
        for name in ("close", "kill"):
            fn = getattr(self.app.scene, name, None)
            if callable(fn):
                fn()
                break
        self.app.ui.clear_and_reset()
        frames(self.app)


def unnamed(scene: Any) -> list[str]:
    """The names of a mode's figures (the chase's runners, the mass battle's units and
    their leaders) the screen drew in no line whose whole text is the name."""
    picture = getattr(scene, "picture", None)
    if not (callable(picture) and hasattr(scene, "tm")) or getattr(scene, "cover", None):
        return []
    pic = picture()
    names = [x.name for x in getattr(pic, "runners", ())]
    names += [x.name for x in getattr(pic, "blocks", ())]
    names += [x.commander or x.leader for x in getattr(pic, "blocks", ())
              if x.commander or x.leader]
    names += [name for name, _, _ in getattr(pic, "commanders", ())]
    whole = [x.text for x in lettering.drawn()]
    return [f"name {n!r} not drawn whole nor whole on hover" for n in names
            if not any(n in t for t in whole)]


def _ready(scene: Any) -> bool:
    """Whether a person may choose now (a mode's scene says `ready`, a battle's
    `_ready_for_input`)."""
    ready = getattr(scene, "ready", None) or scene._ready_for_input
    return bool(ready())


def _settle(app: App, scene: Any, limit: int = 400) -> None:
    for _ in range(limit):
        frames(app)
        anim = getattr(scene, "anim", None)
        if not (anim is not None and anim.busy) and (
                scene.tm.is_over or getattr(scene, "cover", None) is not None
                or _ready(scene)):
            return


def _odds_in_view(scene: Any) -> bool:
    """Select a figure of the side to act with a foe in reach and hover that foe, as a
    player looking at the odds of a blow would; whether there was one."""
    ch = scene.choices()
    state = scene.tm.state
    for uid in ch.actors():
        targets = ch.for_unit(uid).targets()
        if targets:
            scene.selected = uid
            scene.hover = state.unit(sorted(targets)[0]).pos
            return True
    return False


def _skirmish(s: Screens, ruleset: str) -> Iterator[str]:
    from game.ui.launch import open_setup
    from rules.scenarios import demo_setup

    scene = s.show(open_setup(s.app, demo_setup(ruleset, seed=3), ["human", "ai:greedy"],
                              title="Skirmish", on_exit=lambda: None))
    yield f"{ruleset} battle"
    for _ in range(6):  # end phases until a blow is in reach, the computer answering
        _settle(s.app, scene)
        if scene.tm.is_over or _odds_in_view(scene):
            break
        key(s.app, pygame.K_RETURN)
    frames(s.app, 3)
    yield f"{ruleset} battle, the odds of a blow"
    key(s.app, pygame.K_F1)
    yield f"{ruleset} battle, help"
    key(s.app, pygame.K_F1)


def _mode(s: Screens, path: Path, words: tuple[str, ...], steps: int) -> Iterator[str]:
    from game.content import ScenarioEntry
    from game.maps import load_map
    from game.ui.launch import start_battle

    sc = load_map(path)
    entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                          [x.id for x in sc.setup.sides])
    scene = s.show(start_battle(s.app, entry, sc.ruleset, ["human", "ai:greedy"], seed=5,
                                on_exit=lambda: None))
    scene.anim.speed = 50.0
    yield sc.title
    for _ in range(steps):
        _settle(s.app, scene)
        if scene.tm.is_over or not scene.ready():
            break
        labels = [b.text.strip("[]") for b in scene.panel.buttons]
        word = next((w for w in words if any(x.startswith(w) for x in labels)), None)
        if word is None:
            break
        press(s.app, next(b for b in scene.panel.buttons if b.text.strip("[]").startswith(word)))
        yield f"{sc.title}, pressed {word}"
    _settle(s.app, scene)
    yield f"{sc.title}, a round on"


def _joust(s: Screens) -> Iterator[str]:
    from tests.ui.test_joust_scene import Jouster

    j = Jouster.__new__(Jouster)
    Jouster.__init__(j, s.folder / "joust", ["human", "ai"], seed=4, size=s.size)
    s.app = j.app
    yield "joust"
    j.throw(1)
    for _ in range(200):
        frames(s.app)
        if not j.scene.anim.busy and j.scene.legal_throws():
            break
    yield "joust, a pass on"


def _a_list(s: Screens) -> Iterator[str]:
    from game.lists import ListSession, default_roster
    from game.ui.lists_scene import ListsScene

    session = ListSession.new(default_roster(8, ("human",)), method="swiss", seed=4)
    lists = s.show(ListsScene(s.app, session, on_exit=lambda: None))
    yield "a List"
    press(s.app, lists.ride)
    frames(s.app, 3)
    yield "a List's bout"


def _sandbox(s: Screens) -> Iterator[str]:
    from game.sandbox import Sandbox
    from game.ui.sandbox_scene import SandboxScene

    sb = Sandbox.from_map(MAPS / "the_bowman_at_the_door.tmx")
    scene = s.show(SandboxScene(s.app, sb))
    yield "sandbox"
    units = [u.id for u in sb.state.units]
    sb.rotate(units[0])  # a few steps, for the timeline's entries
    sb.roll_exchange(units[0], units[-1], [12, 4])
    for _ in range(2):
        sb.apply(sb.legal()[0])
    frames(s.app, 3)
    yield "sandbox, a few steps on"
    del scene


def _mass_sandbox(s: Screens) -> Iterator[str]:
    from game.ui.mass_sandbox_scene import open_mass_sandbox

    s.show(open_mass_sandbox(s.app, MAPS / "mass" / "border_battle.tmx"))
    yield "mass sandbox"


def _saved(s: Screens) -> Iterator[str]:
    from game.ui.saved_battles_scene import SavedBattlesScene
    from tests.saves.helpers import duel, saved_battle

    _, w = saved_battle(s.folder / "saves" / "duel.flank", duel(seed=2), steps=30, seed=2)
    w.close()
    s.show(SavedBattlesScene(s.app, on_exit=lambda: None))
    yield "Saved battles"


def _simple(make: Callable[[App], Any], name: str) -> Callable[[Screens], Iterator[str]]:
    def opened(s: Screens) -> Iterator[str]:
        s.show(make(s.app))
        yield name
    return opened


def _title(app: App) -> Any:
    from game.ui.title_scene import TitleScene
    return TitleScene(app)


def _menu(app: App) -> Any:
    from game.ui.menu_scene import MenuScene
    return MenuScene(app)


def _lessons(app: App) -> Any:
    from game.ui.lesson_list import LessonListScene
    return LessonListScene(app, on_exit=lambda: None)


def every_screen() -> list[Callable[[Screens], Iterator[str]]]:
    return [
        _simple(_title, "title"), _simple(_menu, "menu"),
        *[functools.partial(_skirmish, ruleset=r) for r in RULESETS],
        lambda s: _mode(s, MAPS / "mass" / "border_battle.tmx",
                        ("Centre", "Left", "Right", "Give the order", "Declare"), 7),
        lambda s: _mode(s, MAPS / "market_chase.tmx", ("Run",), 2),
        _joust, _a_list, _sandbox, _mass_sandbox, _saved, _simple(_lessons, "lessons"),
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_is_cut_on_any_screen(size, tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("HOME", str(tmp_path))
    s = Screens(size, tmp_path)
    try:
        for opener in every_screen():
            for screen in opener(s):
                s.look(screen)
            s.leave()
    finally:
        pygame.quit()
    assert not s.cut, "text cut off:\n" + "\n".join(s.cut)
