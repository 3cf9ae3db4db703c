"""A figure sprung by an at-the-ready trigger runs into the rest of a mover's path
(ER-12, R-ER-READY-ACTIONS, R-ER-READY-BLOCK): the mover stops short, on the last hex before
him he may stop on, and never ends on the runner's hex.

Found by the conformance games enchanted_realms.skirmish seeds 50, 140 and 187 (two figures
at rest on one hex): the path had been free when the mover set out.
"""

from __future__ import annotations

from rules.builder import Scenario
from rules.commands import Choose, Move, Pass
from rules.hexgrid import Hex
from rules.invariants import violations
from rules.systems.enchanted_realms.combat_events import MoveCut, MoveEnded
from rules.systems.enchanted_realms.events import ReadyFired
from rules.systems.enchanted_realms.frames import turn_index
from rules.systems.enchanted_realms.units import er
from rules.wording import Words
from tests.enchanted_realms.helpers import act, begin, only, path

# The orc comes south past the sellsword's corner, then turns east toward him.
ORC_WALK = path((0, -2), (0, -1), (0, 0), (0, 1), (1, 1), (2, 1), (3, 1))


def corner() -> Scenario:
    """A small square: the sellsword (30 ft) at (3,0) near its edge, an orc 25 ft off."""
    return (Scenario("enchanted_realms", seed=0, radius=4).side("pcs", True).side("foes")
            .unit("a", "fighting_man", "pcs", (3, 0), facing=0, name="Bran")
            .unit("b", "orc", "foes", (0, -2), facing=3, name="Grishak"))


def test_the_orc_stops_short_of_the_sellsword_who_ran_into_his_way() -> None:
    """ER-12: "if a foe comes within 20 feet, I run away": the orc's third step sets it
    off and the sellsword runs his 30 feet to the hex farthest from the orc, which is the
    end of the orc's path.  The orc walks on to the hex before it and stops there."""
    st = begin(corner(), 15, 3)
    st, _ = act(st, Choose(unit="a", option="ready:within:20:run"))
    st, _ = act(st, Pass(unit="a"))
    st, ev = act(st, Move(unit="b", path=ORC_WALK))
    assert only(ev, ReadyFired).unit == "a"
    assert er(st, "a").pos == Hex(3, 1)  # he ran onto the orc's last hex
    assert violations(st) == []  # not both on it
    cut = only(ev, MoveCut)
    assert (cut.unit, cut.by, cut.path[-1]) == ("b", "a", (2, 1))
    assert "Bran now stands in Grishak's way" in cut.narrate(Words.of(st))
    assert er(st, "b").pos == Hex(2, 1)
    assert only(ev, MoveEnded).feet == 25  # five hexes walked, not six (ER-14)
    assert turn_index(st)[1].moved_ft == 25
