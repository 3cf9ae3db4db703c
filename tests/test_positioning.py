"""Shared positioning facts in positions a GM would set up (rulings R-POS-*)."""

from __future__ import annotations

from rules.engine import start
from rules.hexgrid import Hex
from rules.positioning import (
    FLANK,
    FRONT,
    REAR,
    arc,
    engaged,
    engaged_with,
    in_line,
    path_is_walkable,
    path_triggers,
    reach_hexes,
    reachable,
    surrounders,
    threat_map,
    threatened_hexes,
    threats_to,
)
from tests.fallen_empire.helpers import fe


def battle(*units, terrain=()):
    sc = fe().side("men", True).side("orcs")
    for uid, tpl, side, at, facing in units:
        sc.unit(uid, tpl, side, at, facing=facing)
    for at, kind, spec in terrain:
        sc.terrain(at, kind, **spec)
    state, _ = start(sc.build())
    return state


def test_reach_in_feet_becomes_hexes():
    """R-POS-REACH: 5 ft is adjacent, 10 ft two hexes, never less than adjacent."""
    assert reach_hexes(5, 5) == 1
    assert reach_hexes(10, 5) == 2
    assert reach_hexes(15, 5) == 3
    assert reach_hexes(0, 5) == 1
    assert reach_hexes(10, 10) == 1


def test_a_pikeman_threatens_two_rings_and_a_swordsman_one():
    """R-POS-THREAT: every hex within melee reach, all around, whatever the facing."""
    s = battle(("pike", "pikeman", "men", (0, 0), 0), ("sword", "fighting_man", "men", (5, 0), 0),
               ("orc", "orc", "orcs", (-5, 0), 3))
    assert len(threatened_hexes(s, s.unit("pike"))) == 18
    assert len(threatened_hexes(s, s.unit("sword"))) == 6
    tm = threat_map(s, "men")
    assert tm[Hex(2, 0)] == ("pike",)
    assert Hex(-2, 0) in tm  # behind him too: threat is all round


def test_engagement_is_mutual_and_reaches_as_far_as_the_longer_weapon():
    """R-POS-ENGAGED: a pike two hexes from an orc engages it, though the orc cannot reach."""
    s = battle(("pike", "pikeman", "men", (0, 0), 0), ("orc", "orc", "orcs", (2, 0), 3))
    assert engaged(s, s.unit("pike"), s.unit("orc"))
    assert [u.id for u in engaged_with(s, s.unit("orc"))] == ["pike"]
    assert [u.id for u in threats_to(s, Hex(1, 0), "orcs")] == ["pike"]


def test_arcs_of_a_unit_facing_east():
    """R-POS-ARC: three front hexes, two flank, one rear when adjacent."""
    s = battle(("f", "fighting_man", "men", (0, 0), 0), ("orc", "orc", "orcs", (5, 5), 3))
    f = s.unit("f")
    assert [arc(f, Hex(0, 0).neighbor(d)) for d in range(6)] == [
        FRONT, FRONT, FLANK, REAR, FLANK, FRONT]
    assert arc(f, Hex(4, 0)) == FRONT and arc(f, Hex(-4, 0)) == REAR


def test_moving_past_an_orc_provokes_it_once_and_leaving_provokes_too():
    """Path triggers: 'pass' = leaving a threatened hex entered on this move (FE-11 (a));
    'leave' = stepping out of a hex the foe threatens."""
    s = battle(("f", "fighting_man", "men", (0, 0), 0), ("orc", "orc", "orcs", (2, -1), 3))
    path = [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)]
    trig = path_triggers(s, s.unit("f"), path, ("leave", "pass"))
    assert [(t.step, t.reactor, t.kind) for t in trig] == [(1, "orc", "pass")]
    # Standing next to the orc and stepping away: 'leave' at step 0.
    s2 = battle(("f", "fighting_man", "men", (0, 0), 0), ("orc", "orc", "orcs", (1, 0), 3))
    trig = path_triggers(s2, s2.unit("f"), [Hex(0, 0), Hex(-1, 0)], ("leave", "pass"))
    assert [(t.step, t.kind) for t in trig] == [(0, "leave")]
    # A path that stays clear of the orc provokes nothing.
    assert path_triggers(s, s.unit("f"), [Hex(0, 0), Hex(0, 1), Hex(1, 1)], ("pass",)) == []


def test_entering_a_longer_reach_is_its_own_trigger():
    """'enter_reach': a swordsman stepping into a pikeman's second ring (Empress reach)."""
    s = battle(("pike", "pikeman", "men", (0, 0), 0), ("orc", "orc", "orcs", (4, 0), 3))
    trig = path_triggers(s, s.unit("orc"), [Hex(4, 0), Hex(3, 0), Hex(2, 0)], ("enter_reach",))
    assert [(t.step, t.reactor, t.kind) for t in trig] == [(1, "pike", "enter_reach")]


def test_surrounders_count_only_adjacent_fighting_foes():
    s = battle(("f", "fighting_man", "men", (0, 0), 0), ("o1", "orc", "orcs", (1, 0), 3),
               ("o2", "orc", "orcs", (-1, 0), 0), ("o3", "orc", "orcs", (0, 1), 2),
               ("o4", "orc", "orcs", (3, 0), 3))
    assert sorted(u.id for u in surrounders(s, s.unit("f"))) == ["o1", "o2", "o3"]


def test_rank_mates_stand_side_by_side_facing_the_same_way():
    s = battle(("a", "fighting_man", "men", (0, 0), 0), ("b", "fighting_man", "men", (0, 1), 0),
               ("c", "fighting_man", "men", (1, 0), 0), ("d", "fighting_man", "men", (-1, 1), 3),
               ("orc", "orc", "orcs", (6, 0), 3))
    a, b, c, d = (s.unit(x) for x in "abcd")
    assert in_line(a, b)  # b is at a's SE (front-flank hexside): same rank
    assert not in_line(a, c)  # c stands right in front of a
    assert not in_line(a, d)  # d faces the other way


def test_foes_and_walls_block_movement_and_friends_do_not():
    """R-POS-BLOCK."""
    s = battle(("f", "fighting_man", "men", (0, 0), 0), ("ally", "fighting_man", "men", (1, 0), 0),
               ("orc", "orc", "orcs", (0, 1), 3),
               terrain=[((-1, 0), "wall", {"impassable": True})])
    f = s.unit("f")
    assert path_is_walkable(s, f, [Hex(0, 0), Hex(1, 0), Hex(2, 0)], 6) is None
    assert "occupied" in path_is_walkable(s, f, [Hex(0, 0), Hex(1, 0)], 6)
    assert "cannot be entered" in path_is_walkable(s, f, [Hex(0, 0), Hex(0, 1)], 6)
    assert "cannot be entered" in path_is_walkable(s, f, [Hex(0, 0), Hex(-1, 0)], 6)
    assert "costs" in path_is_walkable(s, f, [Hex(0, 0), Hex(1, 0), Hex(2, 0)], 1)
    dests = reachable(s, f, 2)
    assert Hex(2, 0) in dests and Hex(1, 0) not in dests and Hex(-1, 0) not in dests
