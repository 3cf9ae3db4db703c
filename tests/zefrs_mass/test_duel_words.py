"""A leader turning to his foe in segment 1 (ZEF-70, R-ZEF-MASS-DUEL) as a player reads it
on the square grid: in the grid's own directions, not the hex map's compass (a foe due
north is "north", never "north-west")."""

from __future__ import annotations

from rules.events import UnitFaced
from rules.wording import Words
from tests.zefrs_mass.helpers import WHITE, army, attack, begin, every, round_of, unit

HEX_ONLY = ("north-west", "south-east")  # a pointy-top hex map's words the grid has not


def _knight_and_raider(**options):
    return begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="knight",
                           leader_name="Sir Gerard"),
                      unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider",
                           leader_name="Bardiya"), **options))


def _lines(state, events) -> list[str]:
    w = Words.of(state)
    return [t for t in (w.say(e) for e in events) if t]


def test_a_leader_turning_to_his_foe_reads_in_the_grids_directions():
    """The pikes' leader turns to the raider on the square north of him, the raider to the
    knight south of him (ZEF-70: each faces his foe, as a skirmish figure strikes facing
    him): "north" and "south" on the grid, as the units' orders say."""
    st = _knight_and_raider()
    st, ev = round_of(st, [5, 5, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    turned = [Words.of(st).say(e) for e in every(ev, UnitFaced)]
    assert "Sir Gerard turns to face north." in turned
    assert "Bardiya turns to face south." in turned
    for line in _lines(st, ev):
        assert not any(word in line for word in HEX_ONLY), line


def test_the_grids_directions_are_the_modes_and_the_hex_map_keeps_its_compass():
    """The words come from the mass battle's frame: the same hexside is "north-west" on a
    pointy-top hex map (no mode open) and "north" on the grid."""
    st = _knight_and_raider()
    assert Words.of(st).direction(2) == "north"
    assert Words().direction(2) == "north-west"
