"""The GM sets each duelling leader's declaration in the grid sandbox before the round is
fought (ZEF-15, ZEF-70, R-ZEF-MASS-DUEL): the leaders who will meet with the orders given,
a blow at an aiming point he can reach (ZEF-24, ZEF-25), a knock-out (ZEF-35) or a defence
(ZEF-36), each a step of the timeline that undo takes back; headless, and in the window's
Duels dialog (the battle panel's own duel choice) under the dummy drivers."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.sandbox import SandboxError
from game.sandbox.mass import MassSandbox
from game.ui.mass_sandbox_scene import MassSandboxScene
from rules.engine import scripted
from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.mass.events import MassDuelsOpened
from tests.ui.window import AtTheWindow
from tests.zefrs_mass.helpers import WHITE, army, unit

# the duel's dice when Sir Gerard strikes and Bardiya defends: Sir Gerard's d10 (he alone
# rolls, R-ZEF-INITIATIVE-WHO), his blow (white, a miss: no defence to check); then each
# segment's two checks, white
KNIGHT_STRIKES_RAIDER_DEFENDS = [5, WHITE] + [WHITE] * 6


def knight_and_raider() -> MassSandbox:
    return MassSandbox(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="knight",
             leader_name="Sir Gerard"),
        unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider",
             leader_name="Bardiya")))


def test_the_gm_declares_a_leaders_blow_and_the_round_is_fought_with_it():
    """No orders, no duel; the pikes and the riders attacking each other, their leaders
    meet (ZEF-70).  Sir Gerard is set to knock Bardiya out with a blow at his head
    (ZEF-24, ZEF-35) and Bardiya to defend (ZEF-36); the duel is fought so."""
    sb = knight_and_raider()
    assert sb.duels() == []
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    assert sb.duels() == [("pikes-leader", "cav-leader", "pikes"),
                          ("cav-leader", "pikes-leader", "cav")]
    assert sb.declaration_of("pikes-leader") == "fight:cav-leader:chest"  # left alone
    step = sb.declare("pikes-leader", "fight:cav-leader:head:ko")
    assert step.label == "Sir Gerard's duel: strike at Bardiya's head to knock him out"
    sb.declare("cav-leader", "defend")
    sb.fight_round(scripted(*KNIGHT_STRIKES_RAIDER_DEFENDS))
    duel = sb.next_stage()
    opened = next(e for e in duel.events if isinstance(e, MassDuelsOpened))
    assert dict(opened.declared) == {"pikes-leader": "strike at Bardiya's head to knock him out",
                                     "cav-leader": "defend"}
    blow = next(e for e in duel.events if isinstance(e, ZefAttackRolled))
    assert (blow.attacker, blow.aim) == ("pikes-leader", "head")


def test_a_declaration_is_undone_and_a_wrong_one_refused_in_words():
    sb = knight_and_raider()
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    sb.declare("cav-leader", "defend")
    assert sb.declaration_of("cav-leader") == "defend"
    sb.undo()
    assert sb.declaration_of("cav-leader") == "fight:pikes-leader:chest"
    sb.redo()
    assert sb.declaration_of("cav-leader") == "defend"
    with pytest.raises(SandboxError, match="Sir Gerard cannot declare that against Bardiya"):
        sb.declare("pikes-leader", "fight:cav-leader:nose")
    with pytest.raises(SandboxError, match="Aquilonian captain 1 duels nobody this round"):
        sb.declare("ca", "defend")
    assert sb.position == 1


class GM(AtTheWindow):
    def __init__(self, sb: MassSandbox) -> None:
        self.app = App((1280, 800))
        self.scene = MassSandboxScene(self.app, sb, on_exit=lambda: None)
        self.app.switch(self.scene)
        self.frames(2)

    def press(self, button) -> None:
        self.click(button.get_abs_rect().center)

    def choose(self, label: str) -> None:
        """One of the Duels dialog's choices, by its words."""
        button = next(b for b in self.scene.duel_choice if b.text == label)
        self.press(button)


def test_the_gm_sets_the_duels_in_the_window_and_undoes_one(monkeypatch):
    sb = knight_and_raider()
    gm = GM(sb)
    gm.press(gm.scene.duels_b)
    assert gm.scene.duels_window is None and "No leaders meet" in gm.scene.message
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    gm.press(gm.scene.duels_b)
    assert gm.scene.duels_window is not None
    assert gm.scene.duel_rows() == [
        "Sir Gerard (Pikemen) against Bardiya: strike at Bardiya's chest",
        "Bardiya (Light horse) against Sir Gerard: strike at Sir Gerard's chest"]
    assert "The duel" in gm.scene.duels_text.html_text  # the battle panel's card and odds
    assert "hits" in gm.scene.duels_text.html_text
    gm.choose("Head")
    gm.choose("Knock-out")
    chosen = {b.text for b in gm.scene.duel_choice if b.is_selected}  # drawn selected
    assert chosen >= {"Head", "Knock-out"}
    gm.choose("Declare (Enter)")
    assert sb.moment.label == "Sir Gerard's duel: strike at Bardiya's head to knock him out"
    assert gm.scene.duel_leader == "cav-leader"  # on to the next leader
    gm.choose("Defend")
    gm.key(pygame.K_RETURN)  # Enter declares while the dialog is open
    assert sb.declaration_of("cav-leader") == "defend"
    gm.key(pygame.K_z, pygame.KMOD_CTRL)
    assert sb.declaration_of("cav-leader") == "fight:pikes-leader:chest"
    assert gm.scene.duel_rows()[1].endswith("strike at Sir Gerard's chest")
    gm.key(pygame.K_y, pygame.KMOD_CTRL)
    assert gm.scene.duel_rows()[1].endswith(": defend")
    monkeypatch.setattr(sb, "fight_round",
                        lambda dice=None, f=sb.fight_round:
                        f(scripted(*KNIGHT_STRIKES_RAIDER_DEFENDS)))
    gm.press(gm.scene.fight_b)
    assert gm.scene.duels_window is None  # the round is fought: no duels to set
    gm.key(pygame.K_SPACE)
    assert sb.moment.label == "Round 1: segment 1: the leaders' duels"
    opened = next(e for e in sb.moment.events if isinstance(e, MassDuelsOpened))
    assert dict(opened.declared)["cav-leader"] == "defend"
    assert "Bardiya: defend" in gm.scene.log.html_text
