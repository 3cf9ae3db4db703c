""""The cutpurse's sprint" played as the watch with the hound (issue 34): at Grip's moment
the chase panel offers to turn him after the fast thief (R-ER-CHASE-QUARRY); pressed, the
card, the odds and the track all speak of the pair now running, Grip and Nimble Jory, and
Grip runs on past Big Wat instead of trailing at his heels (R-ER-CHASE-HEELS)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.render.chase_view import picture_of
from game.ui.markup import pct
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.odds import round_odds
from tests.ui.window import AtAModeWindow

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
MAP = Path(__file__).resolve().parents[2] / "maps" / "market_chase.tmx"


pytestmark = pytest.mark.usefixtures("chase_screens")


class Watch(AtAModeWindow):
    def __init__(self, seed: int = 4) -> None:
        self.open(MAP, ["human", "ai:greedy"], seed)
        self.scene.anim.speed = 50.0  # the show is not what this test is about

    def to_the_hounds_moment(self) -> None:
        """Run the watchmen on until Grip's moment comes with Jory ahead of him."""
        for _ in range(100):
            self.settle()
            assert not self.scene.tm.is_over, "the sprint ended before Grip's moment"
            if self.scene.deciding() == "grip" and "chase:jory" in self.scene.options():
                return
            self.press("Run")
        raise AssertionError("Grip's moment never came")


def test_the_watch_turns_the_hound_after_the_fast_thief_in_the_panel() -> None:
    me = Watch()
    me.to_the_hounds_moment()
    f = chase_frame(me.scene.tm.state)
    assert f is not None and f.runner("grip").chases == "wat"
    assert "chasing Big Wat" in me.scene._card()
    labels = [b.text for b in me.scene.panel.buttons]
    assert "Chase Nimble Jory (C)" in labels
    odds = me.scene._odds()
    turn = round_odds(me.scene.tm.state, "grip", "jory")
    assert (f"If he turns after <b>Nimble Jory</b> (R-ER-CHASE-QUARRY): in reach "
            f"{pct(turn.reach)}, loses him {pct(turn.escape)}") in odds
    assert "has Big Wat in reach" in odds  # the pair running now: Grip after Wat

    me.press("Chase Nimble Jory")
    me.settle()
    state = me.scene.tm.state
    f = chase_frame(state)
    assert f is not None and f.deciding == "grip" and f.runner("grip").chases == "jory"
    assert "chasing Nimble Jory" in me.scene._card()
    labels = [b.text for b in me.scene.panel.buttons]
    assert "Run (R)" in labels and not any(t.startswith("Chase") for t in labels)
    odds = me.scene._odds()
    now = round_odds(state, "grip", "jory")
    assert now == turn  # what the panel promised before he turned
    assert f"has Nimble Jory in reach {pct(now.reach)}, loses him {pct(now.escape)}" in odds
    assert "has Big Wat in reach" not in odds and "turns after" not in odds
    pic = picture_of(state)
    assert ("grip", "jory", f.gap("grip")) in pic.gaps

    me.press("Run")
    for _ in range(40):  # on to the end of the round at most
        me.settle()
        f = chase_frame(me.scene.tm.state)
        if me.scene.tm.is_over or f is None or f.chase_round > 1:
            break
        if me.scene.deciding() == "grip":
            break
        me.press("Run")
    f = chase_frame(me.scene.tm.state)
    assert f is not None and f.chase_round == 2  # seed 4: the round is over, Grip to decide
    grip, wat = f.runner("grip"), f.runner("wat")
    assert grip.running and wat.running and grip.chases == "jory"
    assert grip.at >= wat.at  # level with Wat or past him: never held at his heels now
    assert f.gap("grip") >= 1

def test_the_c_key_turns_him_too() -> None:
    me = Watch()
    me.to_the_hounds_moment()
    import pygame

    me.key(pygame.K_c)
    me.settle()
    f = chase_frame(me.scene.tm.state)
    assert f is not None and f.runner("grip").chases == "jory"
