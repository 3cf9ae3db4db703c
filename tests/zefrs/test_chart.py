"""The ZeFRS resolution chart (ZEF-07, ZEF-08; R-ZEF-CHART, R-ZEF-CHART-EDGES): the text's own
cells (EX-ZEF-06, EX-ZEF-07), the published hint, the column walk, the edges, and a chart a
GM can read as the book lays it out."""

from pathlib import Path

import pytest

from rules.data import DataError
from rules.systems.zefrs.chart import Chart, Colour, Shift, d100_face
from rules.systems.zefrs.tables import DEFAULT_DATA_PATH, Config, ZefTables, load_tables
from tests.data_variants import data_variant

COLOURS = (Colour.RED, Colour.ORANGE, Colour.YELLOW, Colour.GREEN, Colour.WHITE)


@pytest.fixture(scope="module")
def t() -> ZefTables:
    return load_tables()


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    return data_variant(DEFAULT_DATA_PATH, tmp_path, old, new)


def test_shipped_file_loads_once_and_matches_the_code(t: ZefTables) -> None:
    assert load_tables() is load_tables()
    assert load_tables(DEFAULT_DATA_PATH) == t
    assert t.config == Config()


def test_galya_wait_check_column_2_roll_52_is_green(t: ZefTables) -> None:
    """EX-ZEF-06: General Prowess 2, roll 52 → green, she acts first."""
    assert t.chart.colour(2, 52) is Colour.GREEN


def test_esmis_foot_sweep_column_3_roll_27_is_orange(t: ZefTables) -> None:
    """EX-ZEF-07: Wrestling 5 − Movement 2 = column 3; roll 27 → orange."""
    walk = t.chart.walk(5 - 2)
    assert walk.column == 3
    assert t.chart.colour(walk.column, 27) is Colour.ORANGE


def test_the_published_hint_a_minus_6_shift_on_one_column(t: ZefTables) -> None:
    """NOTES: read per column, −6 took a marginal success from about 72 % to 54 % and a red
    from about 10 % to 7 % (R-ZEF-CHART).  Some column of ours does just that."""
    blind = (Shift(-6, "attacking blind", "R-ZEF-CHART"),)
    fits = []
    for col in t.chart.columns:
        after = t.chart.column(t.chart.walk(col.column, blind).column)
        if (abs(col.at_least(Colour.GREEN) - 72) <= 2 and abs(col.red - 10) <= 1
                and abs(after.at_least(Colour.GREEN) - 54) <= 2 and abs(after.red - 7) <= 1):
            fits.append(col.column)
    assert fits, "no column fits the hint"
    six = t.chart.column(6)
    zero = t.chart.column(0)
    assert (six.at_least(Colour.GREEN), six.red) == (72, 10)
    assert (zero.at_least(Colour.GREEN), zero.red) == (54, 7)


def test_a_shift_moves_one_column_a_point_and_combines(t: ZefTables) -> None:
    """ZEF-08: favourable right, unfavourable left, any number of them add up."""
    walk = t.chart.walk(7, (Shift(-2, "lower position", "ZEF-41"),
                            Shift(1, "a favourable shift", "ZEF-08")))
    assert (walk.reached, walk.column) == (6, 6)
    assert walk.describe() == ("column 7, \N{MINUS SIGN}2 lower position (ZEF-41)"
                               " → 5, +1 a favourable shift (ZEF-08) → 6")


def test_the_band_reading_moves_five_columns_a_point(t: ZefTables) -> None:
    """R-ZEF-CHART: the reading we did not take, a GM's to choose, moves a band of five."""
    cfg = Config(shift_reading="band")
    walk = t.chart.walk(7, (Shift(-1, "lower position", "ZEF-41"),), cfg.columns_per_point)
    assert walk.column == 2


def test_beyond_the_edges_the_edge_column_is_read(t: ZefTables) -> None:
    """R-ZEF-CHART-EDGES: past either edge, the edge column."""
    lo, hi = t.chart.lowest, t.chart.highest
    far_left = t.chart.walk(lo - 7)
    assert far_left.column == lo and far_left.reached == lo - 7
    assert "edge column" in far_left.describe()
    assert t.chart.column(hi + 12) == t.chart.column(hi)
    assert t.chart.colour(lo - 30, 1) is Colour.RED  # a 01 is never lost entirely
    assert t.chart.colour(hi + 30, 100) is Colour.WHITE  # nor a 00 a success


def test_colour_values_are_degrees_of_success() -> None:
    """ZEF-44: white 0, green 1, yellow 2, orange 3, red 4 (damage points)."""
    assert [int(c) for c in COLOURS] == [4, 3, 2, 1, 0]
    assert not Colour.WHITE.success and Colour.GREEN.success


def _book(chart: Chart) -> list[str]:
    """The chart as the book lays it out: columns across, colours down, the roll range of
    each colour in each cell, a heavy line every five columns."""
    def cell(lo: int, hi: int) -> str:
        return "  —  " if hi < lo else f"{d100_face(lo)}-{d100_face(hi)}"

    head = ["       "]
    rows = {c: [f"{c.word:>7}"] for c in COLOURS}
    for col in chart.columns:
        bar = " ‖" if col.column % 5 == 0 else " "
        head.append(f"{bar}{col.column:^5}")
        r, o, y, g = col.bounds()
        spans = {Colour.RED: (1, r), Colour.ORANGE: (r + 1, o), Colour.YELLOW: (o + 1, y),
                 Colour.GREEN: (y + 1, g), Colour.WHITE: (g + 1, 100)}
        for c in COLOURS:
            rows[c].append(f"{bar}{cell(*spans[c])}")
    return ["".join(head), *("".join(rows[c]) for c in COLOURS)]


def test_the_chart_printed_as_the_book_and_every_column_monotone(t: ZefTables) -> None:
    """ZEF-07: low rolls better on every column; a column to the right is never worse at any
    colour.  The printout is for a GM to hold against his own copy."""
    lines = _book(t.chart)
    print("\n".join(lines))
    assert len(lines) == 6 and lines[1].split()[:2] == ["red", "‖01-04"]
    assert lines[5].split()[0] == "white" and lines[5].rstrip().endswith("-00")
    for col in t.chart.columns:
        assert sum(col.ways().values()) == 100
        assert [col.colour(r) for r in range(1, 101)] == sorted(
            (col.colour(r) for r in range(1, 101)), reverse=True)
    for left, right in zip(t.chart.columns, t.chart.columns[1:], strict=False):
        for c in COLOURS[:-1]:
            assert right.at_least(c) >= left.at_least(c), (left.column, c)
    # one column for every rating number a fighter meets in the text's examples and more
    assert t.chart.lowest <= -10 and t.chart.highest >= 25


def test_a_column_whose_colours_do_not_rise_is_one_clear_line(tmp_path: Path) -> None:
    path = _variant(tmp_path, "column =   2, red =  8, orange = 29",
                    "column =   2, red = 38, orange = 29")
    with pytest.raises(DataError) as err:
        load_tables(path)
    assert "chart.columns[12]" in str(err.value) and "red ≤ orange" in str(err.value)


def test_a_gap_in_the_chart_is_one_clear_line(tmp_path: Path) -> None:
    path = _variant(tmp_path, "{ column =   2,", "{ column =   9,")
    with pytest.raises(DataError) as err:
        load_tables(path)
    assert "after column 1 comes 2" in str(err.value)


def test_a_column_worse_than_its_left_neighbour_is_refused(tmp_path: Path) -> None:
    path = _variant(tmp_path, "column =   2, red =  8, orange = 29, yellow = 46, green = 60",
                    "column =   2, red =  8, orange = 29, yellow = 46, green = 50")
    with pytest.raises(DataError) as err:
        load_tables(path)
    assert "never worse" in str(err.value)
