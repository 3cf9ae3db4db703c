"""R-POS-PATH: among equally cheap paths a figure walks the straightest, then the one along
roads; what a path costs is the rules' alone and never changes (issue 20, item 4: the
preview of the walk to the River ford bridge zigzagged through the grass beside the road).

The property tests compare `rules.paths.cheapest_paths` with `hexgrid.movement_range` on
random little boards and with every cheapest path found by brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.content import find_scenario
from game.maps import load_map
from rules.engine import start
from rules.hexgrid import Hex, disk, hex_to_offset, movement_range, offset_to_hex, path_cost
from rules.paths import cheapest_paths, path_deviation
from rules.positioning import reachable

CENTRE = Hex(0, 0)
BOARD = disk(CENTRE, 3)


@st.composite
def boards(draw):
    """A little board: each hex costs 1, 2 or 3 to enter, or cannot be entered; some are
    road; some stop a move (entered but never left); a start and a budget."""
    costs = {h: draw(st.sampled_from([1, 1, 1, 2, 3, None])) for h in BOARD}
    roads = {h for h in BOARD if draw(st.booleans())}
    stops = {h for h in BOARD if draw(st.integers(0, 9)) == 0}
    begin = draw(st.sampled_from(BOARD))
    costs[begin] = 1
    budget = draw(st.integers(0, 9))
    return costs, roads, stops, begin, budget


def search(board):
    costs, roads, stops, begin, budget = board
    cost = lambda a, b: costs.get(b)  # noqa: E731
    return cost, stops.__contains__, roads.__contains__, begin, budget


def every_cheapest_path(begin, goal, dist, cost, stops):
    """Brute force: every path whose every step keeps to the cheapest cost of the hex it
    enters (all step costs are at least 1, so every prefix of a cheapest path is one)."""
    out = []

    def walk(path):
        here = path[-1]
        if here == goal:
            out.append(list(path))
            return
        if here != begin and stops(here):
            return
        for n in here.neighbors():
            c = cost(here, n)
            if c is not None and n in dist and dist[here] + c == dist[n] and n not in path:
                walk([*path, n])

    walk([begin])
    return out


@settings(max_examples=150, deadline=None)
@given(boards())
def test_the_cost_of_every_hex_never_changes(board):
    cost, stops, road, begin, budget = search(board)
    costs, paths = cheapest_paths(begin, budget, cost, stops, road)
    assert costs == movement_range(begin, budget, cost, stops)
    assert list(costs) == list(paths) == sorted(costs)
    for h, path in paths.items():
        assert path[0] == begin and path[-1] == h
        assert path_cost(path, cost) == costs[h]
        assert not any(stops(x) for x in path[1:-1])  # a stop is never walked through


@settings(max_examples=150, deadline=None)
@given(boards())
def test_the_path_is_a_straightest_among_equals_then_the_most_on_the_road(board):
    cost, stops, road, begin, budget = search(board)
    costs, paths = cheapest_paths(begin, budget, cost, stops, road)
    for goal, chosen in paths.items():
        equals = every_cheapest_path(begin, goal, costs, cost, stops)
        assert chosen in equals
        straightest = min(path_deviation(p) for p in equals)
        assert path_deviation(chosen) == straightest
        off_road = [sum(not road(h) for h in p[1:]) for p in equals
                    if path_deviation(p) == straightest]
        assert sum(not road(h) for h in chosen[1:]) == min(off_road)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_the_same_board_always_gives_the_same_paths(board):
    cost, stops, road, begin, budget = search(board)
    assert cheapest_paths(begin, budget, cost, stops, road) == cheapest_paths(
        begin, budget, cost, stops, road)


def test_on_open_ground_the_path_is_the_straight_line():
    """Six hexes east over grass: one straight row, not a zigzag of equal cost."""
    _, paths = cheapest_paths(CENTRE, 10, lambda a, b: 1)
    assert paths[Hex(6, 0)] == [Hex(q, 0) for q in range(7)]
    assert paths[Hex(0, -5)] == [Hex(0, -r) for r in range(6)]


# --- the River ford, as the newcomer saw it -------------------------------------------------


def river_ford():
    sc = load_map(find_scenario("river_ford"))
    state, _ = start(sc.setup)
    return state


def test_the_walk_to_the_river_ford_bridge_keeps_to_the_road():
    """m1 stands on the road west of the bridge; the road runs straight to it.  The path the
    preview shows (and the figure walks) is the road, hex by hex, at the same cost."""
    state = river_ford()
    board = state.board
    man = state.unit("m1")
    bridge = offset_to_hex(12, 5, board.stagger_axis, board.stagger_index)
    assert board.terrain(bridge).kind == "bridge"
    path = reachable(state, man, 60)[bridge]
    kinds = [board.terrain(h).kind for h in path]
    assert kinds[:-1] == ["road"] * (len(path) - 1) and kinds[-1] == "bridge"
    assert {hex_to_offset(h, board.stagger_axis, board.stagger_index)[1] for h in path} == {5}
    assert len(path) - 1 == man.pos.distance(bridge)  # as cheap as any way there


def test_the_battle_preview_and_the_sandbox_agree_on_the_path():
    """The battle screen shows the path of the legal move (Fallen Empire's destinations,
    within this turn's allowance, FE-08); the sandbox shows `reachable` with a far larger
    budget: to every hex the figure can reach this turn, the same walk."""
    from rules.systems.fallen_empire.movement import allowance, destinations

    state = river_ford().update_unit("m1", declared="move")
    man = state.unit("m1")
    assert allowance(state, man) > 0
    turn = destinations(state, man)
    bridge_ward = reachable(state, man, 60)
    assert turn and all(bridge_ward[h] == path for h, path in turn.items())
