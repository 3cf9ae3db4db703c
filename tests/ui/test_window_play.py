"""A hot-seat duel played to the end through the window, as two people at one machine would:
click the hand-over button, declare with the action buttons, click the foe to attack, press
Enter to end a phase, until the end-of-battle screen shows.  Events are posted to pygame as a
mouse and keyboard would post them (SDL dummy video driver)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.content import ScenarioEntry, find_scenario
from game.maps import load_map
from game.ui.launch import start_battle
from tests.ui.window import AtTheWindow


class Player(AtTheWindow):
    def __init__(self, seed: int = 3, players: list[str] | None = None) -> None:
        self.app = App((1280, 800))
        path = find_scenario("duel")
        sc = load_map(path)
        entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                              [s.id for s in sc.setup.sides])
        self.scene = start_battle(self.app, entry, sc.ruleset, players or [], seed=seed,
                                  on_exit=lambda: None)
        self.app.switch(self.scene)
        self.covers = 0
        self.frames(2)

    def post_ctrl(self, k: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_CTRL,
                                             unicode="", scancode=0))
        self.frames(2)

    def button(self, text: str) -> bool:
        for b, _ in self.scene.panel.buttons:
            if b.text.lower().startswith(text.lower()):
                self.click(b.get_abs_rect().center)
                return True
        return False

    def turn(self) -> None:
        s = self.scene
        if s.anim.busy:
            self.frames(20)
            return
        if s.cover is not None:
            self.covers += 1
            self.click(s._cover_button.get_abs_rect().center)
            return
        if self.button("Melee") or self.button("Take the free") or self.button("Take the dam"):
            return
        choices = s.choices()
        state = s.tm.state
        for uid in choices.actors():
            uc = choices.for_unit(uid)
            if uc.attacks:
                s.selected = uid
                target = state.unit(next(iter(uc.attacks)))
                self.click(tuple(int(v) for v in s.camera.centre_of(target.pos)))
                return
            if uc.moves:  # click the blue hex nearest the foe
                me = state.unit(uid)
                foes = [u.pos for u in state.units if u.side != me.side and u.fighting]
                best = min(uc.moves, key=lambda h: (min(h.distance(f) for f in foes), h))
                if min(best.distance(f) for f in foes) < min(me.pos.distance(f) for f in foes):
                    s.selected = uid
                    self.click(tuple(int(v) for v in s.camera.centre_of(best)))
                    return
        self.key(pygame.K_RETURN)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_hot_seat_duel_is_played_to_the_end_in_the_window(seed):
    p = Player(seed)
    for _ in range(600):
        if p.scene.tm.is_over and not p.scene.anim.busy:
            break
        p.turn()
    p.frames(10)
    assert p.scene.tm.is_over
    assert p.scene.end_panel is not None  # the end-of-battle screen is up
    assert p.covers >= 2  # the board was hidden at every change of seat
    attacks = [e for e in p.scene.tm.events if e.type == "attack_rolled"]
    assert attacks, "somebody must have struck a blow"
    # the window drew a picture of the board all along
    assert p.app.frames > 50
    pygame.quit()


def test_help_overlay_and_zoom_keys():
    p = Player()
    p.click(p.scene._cover_button.get_abs_rect().center)
    before = p.scene.camera.zoom_index
    p.key(pygame.K_MINUS)
    assert p.scene.camera.zoom_index == before - 1
    p.key(pygame.K_F1)
    assert p.scene.help is not None and "Controls" in p.scene.help.html_text
    p.key(pygame.K_ESCAPE)
    assert p.scene.help is None
    pygame.quit()
