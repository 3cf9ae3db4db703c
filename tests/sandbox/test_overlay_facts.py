"""What each sandbox overlay shows (game/overlay_facts.py), in hand-built Fallen Empire
positions: threatened hexes and reach rings (R-POS-REACH, R-POS-THREAT), facing arcs
(R-POS-ARC), who can strike a hex (melee reach and missile range, R-FE-SCALE, R-FE-LOS),
the free attacks a path provokes (FE-11) and the foes around a figure by arc (FE-20)."""

from __future__ import annotations

from game.overlay_facts import (
    facing_arcs,
    flanked_by,
    path_reactions,
    reach_rings,
    threatened_by_side,
    who_can_hit,
)
from rules.hexgrid import Hex, ring
from tests.fallen_empire.helpers import begin, fe


def test_a_pikeman_threatens_two_rings_and_a_swordsman_one():
    """A pike's 10 ft on a 5-ft board reaches two hexes (R-POS-REACH); a sword one."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("p", "pikeman", "men", (0, 0))
               .unit("o", "orc", "orcs", (6, 0), facing=3))
    rings = reach_rings(st, "p")
    assert sorted(rings) == [1, 2]
    assert rings[1] == frozenset(ring(Hex(0, 0), 1))
    assert rings[2] == frozenset(ring(Hex(0, 0), 2))
    assert sorted(reach_rings(st, "o")) == [1]
    threat = threatened_by_side(st)
    assert set(threat) == {"men", "orcs"}
    assert len(threat["men"]) == 18  # 6 + 12 hexes, all around (R-POS-THREAT)
    assert threat["men"][Hex(2, 0)] == ("p",)
    assert threat["orcs"][Hex(5, 0)] == ("o",)
    assert Hex(4, 0) not in threat["orcs"]


def test_a_fallen_figure_threatens_nothing():
    st = begin(fe().side("men", True).side("orcs")
               .unit("p", "pikeman", "men", (0, 0), status="down")
               .unit("o", "orc", "orcs", (6, 0), facing=3))
    assert reach_rings(st, "p") == {}
    assert threatened_by_side(st)["men"] == {}


def test_facing_arcs_three_front_two_flank_one_rear():
    """R-POS-ARC: adjacent, facing-1..facing+1 front, facing±2 flank, facing+3 rear."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("f", "fighting_man", "men", (0, 0), facing=0)
               .unit("o", "orc", "orcs", (6, 0), facing=3))
    arcs = facing_arcs(st, "f", 1)
    assert len(arcs) == 6
    assert sorted(arcs.values()).count("front") == 3
    assert sorted(arcs.values()).count("flank") == 2
    assert [h for h, a in arcs.items() if a == "rear"] == [Hex(0, 0).neighbor(3)]
    assert arcs[Hex(0, 0).neighbor(0)] == "front"
    wide = facing_arcs(st, "f", 3)
    assert len(wide) == 36 and Hex(0, 0) not in wide
    assert wide[Hex(-3, 0)] == "rear" and wide[Hex(3, 0)] == "front"


def test_who_can_hit_a_hex_by_melee_reach_and_crossbow_range():
    """A foe on (2, 0) is within the pike's two hexes; a crossbow's 18" (90 ft, R-FE-SCALE)
    reaches it from seven hexes away; a sword two hexes away does not."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("p", "pikeman", "men", (0, 0))
               .unit("x", "crossbowman", "men", (-5, 0))
               .unit("s", "fighting_man", "men", (4, 0))
               .unit("o", "orc", "orcs", (9, -5), facing=3))
    hitters = who_can_hit(st, (2, 0), "orcs")
    assert [(h.unit, h.kind, h.weapon) for h in hitters] == [
        ("p", "melee", "Pike"), ("x", "missile", "Light crossbow")]
    pike, bow = hitters
    assert (pike.reach_hexes, pike.reach_ft, pike.distance) == (2, 10, 2)
    assert (bow.reach_hexes, bow.reach_ft, bow.distance) == (18, 90, 7)
    assert "reach 10 ft" in pike.describe() and "range 90 ft" in bow.describe()
    # The orc's own hex: its side is read from whoever stands there; no man reaches it in melee.
    assert [(h.unit, h.kind) for h in who_can_hit(st, (9, -5))] == [("x", "missile")]
    # A figure of the men's side is never threatened by its own side.
    assert who_can_hit(st, (2, 0), "men") == []
    # An empty hex with no side given: everybody who reaches it.
    assert {h.unit for h in who_can_hit(st, (5, 0))} == {"s", "x"}


def test_a_wall_blocks_the_crossbow_but_not_the_list_of_melee_reach():
    """R-FE-LOS: no shot through an impassable hex."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("x", "crossbowman", "men", (-5, 0))
               .unit("o", "orc", "orcs", (3, 0), facing=3)
               .terrain((-2, 0), "wall", impassable=True, cover=True))
    assert who_can_hit(st, (3, 0)) == []
    assert [h.unit for h in who_can_hit(st, (-4, 3))] == ["x"]


def test_path_reactions_name_each_hex_and_reactor():
    """FE-11: an orc stepping out of the fighting man's reach, then out of the pikeman's,
    provokes each once, at the hex it leaves."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("f", "fighting_man", "men", (0, 0), facing=0)
               .unit("p", "pikeman", "men", (0, 2), facing=0)
               .unit("o", "orc", "orcs", (1, 0), facing=3))
    found = path_reactions(st, "o", [(1, 0), (2, 0), (3, 0)])
    assert found == [(Hex(1, 0), "f", "leave"), (Hex(2, 0), "p", "leave")]
    assert path_reactions(st, "o", [(1, 0)]) == []


def test_flanked_by_lists_the_foes_able_to_strike_and_their_arc():
    """FE-20 is about the rear: the window shows who stands where around the orc."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("o", "orc", "orcs", (0, 0), facing=0)
               .unit("a", "fighting_man", "men", (1, 0))  # direction 0: front
               .unit("b", "fighting_man", "men", (-1, 1))  # direction 4: flank
               .unit("c", "fighting_man", "men", (-1, 0))  # direction 3: rear
               .unit("d", "pikeman", "men", (2, -2))  # two hexes ahead, with a pike
               .unit("e", "fighting_man", "men", (3, 0)))  # out of reach
    assert flanked_by(st, "o") == [("c", "rear"), ("b", "flank"), ("a", "front"),
                                   ("d", "front")]
