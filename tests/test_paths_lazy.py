"""Paths chosen when read, from a search over ints, are the paths chosen before (issue 36).

`paths.cheapest_paths` now gives the costs at once and a `Paths` mapping that chooses a
hex's path (R-POS-PATH: the straightest of the cheapest, then the one along roads, then Hex
order) when it is first read, and a step costing what its hex costs is searched over ints
(`_search_table`).  Whatever order the paths are read in, by one thread or two, they are the
ones the plain version kept in `tests/test_movement_range_fast.py` chooses, ties broken the
same; and nothing is chosen before a path is read, which is what makes `reachable` over a
whole 128x128 board cost about one Dijkstra (`bench/paths.py`).
"""

from __future__ import annotations

import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.hexgrid import Hex, disk
from rules.paths import Paths, cheapest_paths
from tests.test_movement_range_fast import _never, boards, budgets, costs_of, slow_cheapest_paths


@settings(max_examples=120, deadline=None, derandomize=True)
@given(boards(), budgets, st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_paths_read_in_any_order_are_the_plain_versions(board, budget, with_stops, table, rng):
    """R-POS-PATH: the same costs, the same hexes in Hex order and the same path to every
    hex, however the paths are read, with costs as a table (the int search) or a function."""
    ground, start, stops, barred = board
    cost, entry = costs_of(ground, barred)
    stop = stops.__contains__ if with_stops else _never
    road = {h for h, k in ground.items() if k == "road"}.__contains__
    slow_costs, slow_paths = slow_cheapest_paths(start, budget, cost, stop, road)
    if table:
        costs, paths = cheapest_paths(start, budget, None, stop, road, entering=(entry, barred))
    else:
        costs, paths = cheapest_paths(start, budget, cost, stop, road)
    assert isinstance(paths, Paths)
    assert costs == slow_costs and list(costs) == list(slow_costs)
    assert list(paths) == list(slow_paths) and len(paths) == len(slow_paths)
    wanted = list(slow_paths)
    rng.shuffle(wanted)
    for h in wanted:
        assert h in paths
        assert paths[h] == slow_paths[h], h
    assert Hex(99, 99) not in paths


@settings(max_examples=60, deadline=None, derandomize=True)
@given(boards(), budgets)
def test_leaving_hexes_out_keeps_the_others_paths(board, budget):
    """`Paths.without` (what `reachable` does with the hexes others stand on) shares the
    choices and gives fresh lists when asked to."""
    ground, start, _, barred = board
    _, entry = costs_of(ground, barred)
    _, paths = cheapest_paths(start, budget, None, entering=(entry, barred))
    out = set(list(paths)[1::3])
    some = paths.without(out, fresh=True)
    assert list(some) == [h for h in paths if h not in out]
    for h in some:
        got = some[h]
        assert got == paths[h]
        got.append(Hex(99, 99))  # a fresh list: the kept path is untouched
        assert some[h] == paths[h]


def test_nothing_is_chosen_before_a_path_is_read():
    """The costs and the destinations come without choosing: `along` (asked for each hex
    the choosing scores) is not asked until a path is read."""
    hexes = disk(Hex(0, 0), 10)
    entry = dict.fromkeys(hexes, 1)
    asked: list[Hex] = []

    def road(h: Hex) -> bool:
        asked.append(h)
        return False

    costs, paths = cheapest_paths(Hex(0, 0), 10**9, None, along=road,
                                  entering=(entry, frozenset()))
    assert len(costs) == len(hexes) and set(paths) == set(hexes)
    assert asked == []
    assert paths[Hex(10, -5)][-1] == Hex(10, -5)
    assert asked


def test_two_threads_reading_one_kept_walk_get_the_plain_paths():
    """A walk kept on a board may be read by the window's thread and the computer's at
    once: the choosing is locked, so both get the plain version's paths."""
    hexes = disk(Hex(0, 0), 9)
    entry = {h: 2 if (h.q * 7 + h.r * 3) % 5 == 0 else 1 for h in hexes}

    def cost(a: Hex, b: Hex) -> int | None:
        return entry.get(b)

    _, slow = slow_cheapest_paths(Hex(-9, 4), 10**9, cost)
    _, paths = cheapest_paths(Hex(-9, 4), 10**9, None, entering=(entry, frozenset()))
    wrong: list[Hex] = []

    def read(order: list[Hex]) -> None:
        wrong.extend(h for h in order if paths[h] != slow[h])

    keys = list(slow)
    threads = [threading.Thread(target=read, args=(keys,)),
               threading.Thread(target=read, args=(keys[::-1],))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_a_copy_or_pickle_of_the_paths_reads_the_same():
    """Paths may travel with what holds them (a deep copy, a pickle to another process)."""
    import copy
    import pickle

    hexes = disk(Hex(0, 0), 5)
    entry = dict.fromkeys(hexes, 1)
    _, paths = cheapest_paths(Hex(0, 0), 4, None, entering=(entry, frozenset()))
    first = paths[Hex(3, -1)]
    for other in (copy.deepcopy(paths), pickle.loads(pickle.dumps(paths))):
        assert dict(other.items()) == dict(paths.items())
        assert other[Hex(3, -1)] == first
