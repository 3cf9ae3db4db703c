"""The leader's duel declared in the window (ZEF-15, ZEF-24, ZEF-25, ZEF-35, ZEF-36, ZEF-70):
the grid's side panel offers the aiming points a leader can reach, a knock-out and a
defence when his duel is pending; between two people at one machine the first side's
declaration is sealed from the second (the hand-over cover, the log) until both have
declared, as orders are (ZEF-66)."""

from __future__ import annotations

import pytest

from game.ai.hooks import register_hooks
from game.ai.zefrs_mass import HOOKS
from game.render.mass_view import GridStateView
from game.turns import HumanController, Seat, TurnManager
from game.ui.mass_scene import MassScene
from rules import registry
from rules.engine import scripted, submit
from rules.systems.zefrs.mass.events import (
    MassDuelDeclared,
    MassDuelsOpened,
    mass_frame,
)
from rules.systems.zefrs.mass.orders import MassLead, MassOrder
from tests.ui.window import AtAModeWindow
from tests.zefrs_mass.helpers import army, begin, unit


@pytest.fixture(autouse=True, scope="module")
def _plugins():
    registry.add(registry.SCENES, "grid", MassScene)
    registry.add(registry.VIEWS, "grid", GridStateView)
    register_hooks(HOOKS, "mass")


def _duel_pending():
    """The pikes (a veteran on foot leads them) and the riders (a mounted raider) attack
    each other: the duel is joined and side A's leader is to declare."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="veteran"),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider")))
    events = []
    for cmd in (MassOrder(unit="pikes", order="attack", facing=0),
                MassLead(unit="ca", to="0,6"),
                MassOrder(unit="cav", order="attack", facing=2),
                MassLead(unit="cb", to="4,0")):
        st, ev = submit(st, cmd, scripted())
        events += ev
    f = mass_frame(st)
    assert (f.step, f.actor) == ("duels", "a")
    return st, events


class HotSeat(AtAModeWindow):
    def __init__(self) -> None:
        from game.app import App

        state, events = _duel_pending()
        self.app = App((1280, 800))
        seats = {s: Seat(s, HumanController(), human=True, name=n)
                 for s, n in (("a", "Aquilonians"), ("b", "Nemedians"))}
        self.tm = TurnManager(state, seats, events=events)
        self.scene = MassScene(self.app, self.tm, title="duel")
        self.app.switch(self.scene)
        self.frames(2)

    def labels(self) -> list[str]:
        return [b.text for b in self.scene.panel.buttons]

    def lift_cover(self) -> None:
        if self.scene.cover is not None:
            self.click(self.scene.cover.button.get_abs_rect().center)
        self.settle()


def test_the_panel_offers_the_duel_choice_and_hides_it_between_seats():
    me = HotSeat()
    me.lift_cover()
    assert me.scene.sel == "pikes-leader"
    labels = me.labels()
    # ZEF-25: a footman reaches a rider's chest, gut and legs, not his head or arms
    assert {"Chest", "Gut", "Right leg", "Left leg", "Knock-out", "Defend"} <= set(labels)
    assert "Head" not in labels and "Right arm" not in labels
    assert "Declare (Enter)" in labels
    assert "The duel" in me.scene._card() and "Hyrkanian raider" in me.scene._card()
    me.press("Gut")
    me.press("Knock-out")
    assert "gut" in me.scene._odds() and "knock him out" in me.scene._odds()
    me.press("Declare")
    me.settle()
    declared = next(e for e in me.tm.events if isinstance(e, MassDuelDeclared))
    assert declared.action == "fight:cav-leader:gut:ko"
    # the riders' commander takes the seat: the pikes' declaration is sealed from him
    assert me.scene.cover is not None
    assert me.tm.hidden_from("b", declared)
    me.lift_cover()
    assert me.scene.sel == "cav-leader"
    log = me.scene.panel.log.html_text
    assert "gut" not in log and "knock" not in log
    assert "defends" not in me.scene._odds()  # his odds do not say what the veteran chose
    me.press("Defend")
    assert "Defend" in me.scene._odds()
    me.press("Declare")
    me.settle()
    opened = next(e for e in me.tm.events if isinstance(e, MassDuelsOpened))
    assert dict(opened.declared)["cav-leader"] == "defend"
    assert not me.tm.hidden_from("b", declared)  # both have declared: it is open
