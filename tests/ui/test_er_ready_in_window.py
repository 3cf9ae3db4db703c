"""Issue 25, item 4: a player builds an at-the-ready trigger in the window the way he says it:
"Stand at the ready…", then the kind of "if" (a foe steps onto a hex, comes within so many
feet …), then what he does then (attack, run …), then the one hex or distance, each in the
ruleset's words (ER-11, R-ER-READY-MENU, R-ER-READY-ACTIONS); Esc goes up a step; the menu's
own steps never reach the rules."""

from __future__ import annotations

import re

import pygame
import pygame_gui

from game.app import App
from game.ready_menu import ACTIONS, HEADINGS
from game.ui.launch import open_setup
from game.ui.ready_builder import MENU
from rules.builder import Scenario
from rules.commands import Choose
from rules.hexgrid import Hex
from rules.systems.enchanted_realms.events import ReadySet
from rules.systems.enchanted_realms.frames import system
from tests.ui.window import AtTheWindow


class Window(AtTheWindow):
    frame_s = 1 / 15
    frames_per_event = 1

    def __init__(self) -> None:
        self.app = App((1440, 900))
        setup = (Scenario("enchanted_realms", seed=3, radius=6, title="The door")
                 .side("pcs", True).side("foes")
                 .unit("a", "archer", "pcs", (0, 0), facing=0)
                 .unit("b", "orc", "foes", (6, 0), facing=3).build())
        self.scene = open_setup(self.app, setup, ["human", "ai"], title="The door")
        self.app.switch(self.scene)
        self.frames(3)

    def press(self, label_start: str) -> None:
        button = next(b for b, _ in self.scene.panel.buttons if b.text.startswith(label_start))
        self.click(button.get_abs_rect().center)
        self.frames(2)

    def labels(self) -> list[str]:
        return [b.text for b, _ in self.scene.panel.buttons]


def _bowmans_turn(w: Window) -> None:
    """The bowman has the initiative (seed 3); wait for the window to take clicks."""
    for _ in range(200):
        if w.scene._ready_for_input() and "a" in w.scene.choices().actors():
            return
        w.frames(1)
    raise AssertionError("the bowman's turn never came")


def test_a_trigger_is_built_kind_first_then_the_hex() -> None:
    w = Window()
    _bowmans_turn(w)
    w.scene.selected = "a"
    w.frames(2)
    labels = w.labels()
    assert sum(1 for x in labels if x.startswith("Stand at the ready")) == 1  # not a flat list
    w.press("Stand at the ready…")
    kinds = w.labels()
    assert kinds[0] == "Back (Esc)"
    assert any(x.startswith(HEADINGS["enter"]) for x in kinds)
    assert any(x.startswith(HEADINGS["within"]) for x in kinds)
    w.press(HEADINGS["within"])
    acts = w.labels()
    assert any(x.startswith(ACTIONS["attack"]) for x in acts)
    assert any(x.startswith(ACTIONS["run"]) for x in acts)
    w.press(ACTIONS["attack"])
    assert all(x.startswith("If a foe comes within ") and x.endswith(", he attacks him")
               for x in w.labels()[1:])
    w.key(pygame.K_ESCAPE)  # up one step: the actions again, the battle not left
    assert w.labels() == acts and not w.scene.waiting_for_answer
    w.key(pygame.K_ESCAPE)  # and the kinds
    assert w.labels() == kinds
    w.press(HEADINGS["enter"])
    w.press(ACTIONS["attack"])
    hexes = w.labels()[1:]
    assert hexes and all(re.fullmatch(r"If a foe steps onto [A-Z]+\d+, he attacks him", x)
                         for x in hexes), hexes  # the hex by its label (R-FLANK-HEX-LABELS)
    first, cmd = w.scene.panel.buttons[1]
    w.post(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=first)  # the hex is ringed on the board
    ringed = w.scene.overlays(w.scene.tm.state).targets
    assert ringed == {Hex(*(int(v) for v in cmd.option.rpartition(":")[2].split(",")))}
    w.press(hexes[0])
    set_ = [e for e in w.scene.tm.events if isinstance(e, ReadySet)]
    assert set_ and set_[0].kind == "enter" and system(w.scene.tm.state).triggers
    assert w.scene.readying is None
    assert not [c for c, _ in w.scene.tm.history  # the menu's steps never reach the rules
                if isinstance(c, Choose) and c.option.startswith(MENU)]
    pygame.quit()


def test_i_will_run_away_is_built_in_the_window() -> None:
    """ER-11's example, "if the creature approaches within 20 feet of me, I'll run away":
    the kind, then "…he runs from the foe", then the distance, said whole on the button."""
    w = Window()
    _bowmans_turn(w)
    w.scene.selected = "a"
    w.frames(2)
    w.press("Stand at the ready…")
    w.press(HEADINGS["within"])
    w.press(ACTIONS["run"])
    runs = w.labels()[1:]
    assert "If a foe comes within 20 feet, he runs from him" in runs
    w.press("If a foe comes within 20 feet, he runs from him")
    set_ = [e for e in w.scene.tm.events if isinstance(e, ReadySet)]
    assert set_ and (set_[0].kind, set_[0].feet, set_[0].action) == ("within", 20, "run")
    pygame.quit()


def test_a_readied_shot_mid_move_is_seen_on_the_board() -> None:
    """Seen playing The bowman at the door: the board showed nothing of an Enchanted Realms
    blow but the damage, and nothing of a miss.  The orc stops on the watched hex, the
    bowman's shot plays as a blow with "AT THE READY" and its hit or miss over the orc,
    then the orc walks on (ER-12)."""
    from game.render.animation import Animator
    from game.render.camera import Camera
    from rules.commands import Move, Pass
    from rules.engine import scripted, submit
    from rules.events import UnitStepped
    from rules.systems.enchanted_realms.combat_events import ErAttackRolled
    from tests.enchanted_realms.helpers import begin, duel

    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (6, 0))), 15, 3)
    st, _ = submit(st, Choose(unit="a", option="ready:enter:3,0"))
    st, _ = submit(st, Pass(unit="a"))
    anim = Animator(st, Camera(hex_size=(40.0, 40.0), screen=(600, 400)))
    st, events = submit(st, Move(unit="b", path=((6, 0), (5, 0), (4, 0), (3, 0), (2, 0))),
                        scripted(15, 4))
    anim.push(events)
    seen: list[tuple[str, tuple[str, ...]]] = []
    for _ in range(200):
        if not anim.busy:
            break
        anim.update(1 / 30)
        cur = anim.current
        if isinstance(cur, ErAttackRolled):
            seen.append(("shot", tuple(f.text for f in anim.floaters)))
            assert anim.motion("a") is not None  # the bowman is seen to loose
            assert anim.shown.unit("b").pos == Hex(3, 0)  # the orc stopped on the hex
        elif isinstance(cur, UnitStepped):
            seen.append((f"step {cur.to_hex}", ()))
    shots = [texts for what, texts in seen if what == "shot"]
    assert shots and {"AT THE READY", "HIT 3"} <= set(shots[0])
    order = [what for what, _ in seen if not what.startswith("step") or what == "step (2, 0)"]
    assert order[0] == "shot" and order[-1] == "step (2, 0)"  # then he walks on
