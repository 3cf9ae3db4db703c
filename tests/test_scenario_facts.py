"""What the menu says of a scenario before it is chosen (issue 35, item 7): each side with
its figures counted, the battlefield's size in its own cells, and the balance only where a
bench run measured it (`balance.<side>` map properties), never guessed."""

from __future__ import annotations

from dataclasses import replace

from game.content import find_scenario
from game.maps import load_map
from game.scenario_facts import facts_of, listing
from rules.wording import plural


def _facts(name: str, ruleset: str | None = None):
    return facts_of(load_map(find_scenario(name)), ruleset)


def test_a_skirmish_counts_each_side_by_kind():
    f = _facts("river_ford")
    watch, raiders = f.forces
    assert (watch.name, watch.figures) == ("The border watch", 6)
    assert watch.line() == "6 figures: Knight, Fighting-Man, 2 Spearmen and 2 Crossbowmen"
    assert raiders.line() == "6 figures: 3 Orcs, Hobgoblin and 2 Goblins"
    assert f.size == "24 × 18 hexes, 5 ft a hex"
    assert f.balance is None  # nobody measured it: nothing said


def test_named_figures_are_named_with_their_kind():
    f = _facts("duel")
    assert [s.line() for s in f.forces] == ["1 figure: Aldric the Bold (Fighting-Man)",
                                            "1 figure: Gorbag (Orc)"]


def test_a_mass_battle_counts_its_fighters_on_a_grid_of_squares():
    """A company is one object on the map and a hundred and twenty fighters in the field
    (ZEF-58); the grid is of 100-ft squares (ZEF-61)."""
    f = _facts("border_battle")
    aquilonians = f.forces[0]
    assert aquilonians.figures == 120 + 80 + 60 + 60 + 60 + 6
    assert aquilonians.kinds[0] == "120 Gunderland pikes"
    assert aquilonians.kinds[-1] == "6 leaders"
    assert f.size == "5 × 7 squares, 100 ft a square"


def test_the_balance_is_the_bench_s_measured_figure_under_the_map_s_own_ruleset():
    """bench/chase_sprint.py, 200 games, seed 34, the tactician on both sides: the watch
    1, the thieves 45, 154 drawn (bench/README.md); the map keeps the figure."""
    f = _facts("market_chase")
    assert f.balance is not None
    assert dict(f.balance.wins) == {"The watch": 1, "The thieves": 45}
    assert f.balance.draws == 154 and f.balance.games == 200
    assert f.balance.line() == ("in 200 games between computer players the watch won 1 and "
                                "the thieves 45; 154 ended with neither side beaten")
    assert _facts("market_chase", "fallen_empire") is None or (
        _facts("market_chase", "fallen_empire").balance is None)


def test_a_balance_said_wrongly_is_left_out():
    sc = load_map(find_scenario("market_chase"))
    for props in ({"balance.watch": 3}, {"balance.watch": "many", "balance.thieves": 2},
                  {"balance.watch": -1, "balance.thieves": 2}):
        assert facts_of(replace(sc, properties=props)).balance is None, props


def test_lists_with_commas_in_names_read_with_semicolons():
    assert listing(["a", "b", "c"]) == "a, b and c"
    assert listing(["Fenn", "Grip, the hound", "Hobb"]) == "Fenn; Grip, the hound; and Hobb"


def test_plurals_of_men_and_elves():
    assert plural(2, "Crossbowman") == "2 Crossbowmen"
    assert plural(2, "Fighting-Man") == "2 Fighting-Men"
    assert plural(2, "Elf") == "2 Elves"
    assert plural(2, "human") == "2 humans"
