"""The keys every screen of a battle answers alike (the hex battle's own key map is richer):
F1 the help, Esc closes the help or asks to leave, Ctrl+Z / Ctrl+Y undo and redo, F steps
the animation speed.  One place, so the joust and the mass battle cannot drift apart."""

from __future__ import annotations

from typing import Any

import pygame

NOT_MINE = object()  # the key is the screen's own to answer
SPEEDS = {1.0: 2.0, 2.0: 4.0}  # F: 1x -> 2x -> 4x -> 1x


def screen_key(scene: Any, e: pygame.event.Event) -> Any:
    """Answer a shared key on `scene` (which has `help`, `_toggle_help`, `ask_to_leave`,
    `_undo`, `anim` and `app`): the next scene or None; NOT_MINE for any other key."""
    if e.key == pygame.K_F1:
        scene._toggle_help()
    elif e.key == pygame.K_ESCAPE:
        if scene.help is not None:
            scene._toggle_help()
            return None
        return scene.ask_to_leave()
    elif e.key in (pygame.K_z, pygame.K_y) and e.mod & pygame.KMOD_CTRL:
        scene._undo(redo=e.key == pygame.K_y)
    elif e.key == pygame.K_f:
        scene.anim.speed = SPEEDS.get(scene.anim.speed, 1.0)
        scene.app.settings["anim_speed"] = scene.anim.speed
    else:
        return NOT_MINE
    return None
