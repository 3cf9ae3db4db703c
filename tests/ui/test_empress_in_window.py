"""Issue 4: a bundled scenario that defaults to Empress plays to a finish in the window, and
its exchanges are explained in the log modifier by modifier."""

from __future__ import annotations

import pygame

from game.app import App
from game.content import ScenarioEntry, find_scenario
from game.maps import load_map
from game.ui.launch import start_battle
from rules.events import AttackRolled
from tests.ui.window import AtTheWindow


class Player(AtTheWindow):
    """Plays by what the window shows: the hand-over button, the buttons offered, a foe
    ringed for attack, a blue hex toward the enemy, Space to pass, Enter to end a phase."""

    frame_s = 1 / 15  # the computer thinks in a thread: fewer, longer frames
    frames_per_event = 1

    PREFER = ("Take the free", "Press the attack", "Follow up", "Take the damage", "Keep hold",
              "Melee")

    def __init__(self, map_name: str, seed: int) -> None:
        self.app = App((1280, 800))
        path = find_scenario(map_name)
        sc = load_map(path)
        self.ruleset = sc.ruleset
        entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                              [s.id for s in sc.setup.sides])
        self.scene = start_battle(self.app, entry, sc.ruleset, [], seed=seed)
        self.app.switch(self.scene)
        self.frames(2)

    def click(self, pos: tuple[int, int]) -> None:
        super().click(pos)
        self.frames(1)

    def turn(self) -> None:
        s = self.scene
        if s.anim.busy:
            s.anim.skip()
            self.frames(1)
            return
        if s.cover is not None:
            self.click(s._cover_button.get_abs_rect().center)
            return
        buttons = {b.text: b for b, _ in s.panel.buttons}
        for want in self.PREFER:
            for text, b in buttons.items():
                if text.startswith(want):
                    self.click(b.get_abs_rect().center)
                    return
        state = s.tm.state
        ch = s.choices()
        for uid in ch.actors():
            uc = ch.for_unit(uid)
            targets = [t for t in uc.attacks] + [t for t in uc.charges]
            if targets:
                s.selected = uid
                self.click(tuple(int(v) for v in s.camera.centre_of(state.unit(targets[0]).pos)))
                return
            me = state.unit(uid)
            foes = [u.pos for u in state.units if u.side != me.side and u.fighting]
            if uc.moves and foes and me.pos is not None:
                best = min(uc.moves, key=lambda h: (min(h.distance(f) for f in foes), h))
                if min(best.distance(f) for f in foes) < min(me.pos.distance(f) for f in foes):
                    s.selected = uid
                    self.click(tuple(int(v) for v in s.camera.centre_of(best)))
                    return
        passes = [t for t in buttons if t.startswith("Pass")]
        if passes:
            self.click(buttons[passes[0]].get_abs_rect().center)
        elif ch.end_phase is not None:
            self.key(pygame.K_RETURN)
        elif buttons:
            self.click(next(iter(buttons.values())).get_abs_rect().center)


def test_shield_wall_at_the_ford_plays_to_the_end_under_empress():
    p = Player("shield_wall", seed=2)
    assert p.ruleset == "empress"
    for _ in range(4000):
        if p.scene.tm.is_over:
            break
        p.turn()
    p.scene.anim.skip()
    p.frames(3)
    assert p.scene.tm.is_over, p.scene.ruleset.phase_label(p.scene.tm.state)
    assert p.scene.end_panel is not None
    attacks = [e for e in p.scene.tm.events if isinstance(e, AttackRolled)]
    assert attacks
    # every Empress blow in the log names its modifiers' clauses
    assert any(m.rule.startswith("EMP-") for a in attacks for m in a.modifiers)
    assert any("EMP-" in (a.narrate()) for a in attacks)
    pygame.quit()
