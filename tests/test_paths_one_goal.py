"""`paths.Search` chooses, for the one hex asked, the path `cheapest_paths` chooses for it
(R-POS-PATH; issue 36: a listing that walks a figure to one hex pays for that hex's path
alone).  On random boards of grass, rough ground, rock, roads and free slides, with hexes
barred and hexes a move must stop in, every hex's path, and None off the walk."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hexgrid import Hex, disk
from rules.paths import Search, cheapest_paths
from tests.test_movement_range_fast import _never, boards, budgets, costs_of


@settings(max_examples=80, deadline=None)
@given(boards(), budgets, st.booleans(), st.booleans())
def test_the_path_to_one_hex_is_the_one_chosen_among_all(board, budget, with_stops, table):
    ground, start, stops, barred = board
    cost, entry = costs_of(ground, barred)
    stop = stops.__contains__ if with_stops else _never
    road = {h for h, k in ground.items() if k == "road"}.__contains__
    if table:
        every = cheapest_paths(start, budget, None, stop, road, entering=(entry, barred))
        one = Search(start, budget, None, stop, road, entering=(entry, barred))
    else:
        every = cheapest_paths(start, budget, cost, stop, road)
        one = Search(start, budget, cost, stop, road)
    assert one.dist == every[0]
    for h in ground:  # in board order, not the search's: each hex asked on its own
        assert one.path(h) == every[1].get(h)
    assert one.path(Hex(99, 99)) is None


def test_on_open_ground_every_hex_agrees():
    """All grass: the most ties, every hex's path chosen among many."""
    entry = dict.fromkeys(disk(Hex(0, 0), 9), 1)
    corner = Hex(-9, 4)
    every = cheapest_paths(corner, 10**9, None, entering=(entry, ()))
    one = Search(corner, 10**9, None, entering=(entry, ()))
    assert all(one.path(h) == p for h, p in every[1].items())
