"""The keys the joust and the mass battle answer alike (game.ui.scene_keys): F steps the
animation speed and remembers it, Esc closes the help before it asks to leave, Ctrl+Z undoes,
and a key of the screen's own is left to it."""

from types import SimpleNamespace

import pygame

from game.ui.scene_keys import NOT_MINE, screen_key


class _Screen:
    def __init__(self) -> None:
        self.help = None
        self.anim = SimpleNamespace(speed=1.0)
        self.app = SimpleNamespace(settings={})
        self.did: list[str] = []

    def _toggle_help(self) -> None:
        self.help = None if self.help else "help"
        self.did.append("help")

    def ask_to_leave(self) -> str:
        return "the leave dialog"

    def _undo(self, redo: bool = False) -> None:
        self.did.append("redo" if redo else "undo")


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)


def test_f_steps_the_speed_round_and_remembers_it() -> None:
    s = _Screen()
    speeds = []
    for _ in range(3):
        assert screen_key(s, _key(pygame.K_f)) is None
        speeds.append(s.anim.speed)
    assert speeds == [2.0, 4.0, 1.0] and s.app.settings["anim_speed"] == 1.0


def test_escape_closes_the_help_first_then_asks_to_leave() -> None:
    s = _Screen()
    screen_key(s, _key(pygame.K_F1))
    assert screen_key(s, _key(pygame.K_ESCAPE)) is None and s.help is None
    assert screen_key(s, _key(pygame.K_ESCAPE)) == "the leave dialog"


def test_ctrl_z_and_ctrl_y_undo_and_redo_and_other_keys_are_the_screens() -> None:
    s = _Screen()
    screen_key(s, _key(pygame.K_z, pygame.KMOD_CTRL))
    screen_key(s, _key(pygame.K_y, pygame.KMOD_CTRL))
    assert s.did == ["undo", "redo"]
    assert screen_key(s, _key(pygame.K_z)) is NOT_MINE
    assert screen_key(s, _key(pygame.K_SPACE)) is NOT_MINE
