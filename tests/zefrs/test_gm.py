"""The GM's hand under ZeFRS: editing a figure redoes what follows from it (a new weapon's
reach, ZEF-02), refuses what the tables do not have, and a ruling is overridden per battle
(R-ZEF-CHART's band reading moves five columns a point)."""

import pytest

from rules.engine import IllegalCommand, ruleset_of
from rules.gm import EditUnit, OverrideRuling, gm_submit
from tests.zefrs.helpers import begin, duel


def test_a_new_weapon_brings_its_reach() -> None:
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (2, 0))))
    st, _ = gm_submit(st, EditUnit(unit="a", changes={"weapon": "halberd"}))
    assert st.unit("a").reach_ft == 10


def test_what_the_tables_lack_is_refused() -> None:
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (2, 0))))
    with pytest.raises(IllegalCommand, match="not in the ZeFRS tables"):
        gm_submit(st, EditUnit(unit="a", changes={"weapon": "lightsaber"}))
    with pytest.raises(IllegalCommand, match="not thrown or shot"):
        gm_submit(st, EditUnit(unit="a", changes={"missile": "broadsword"}))


def test_the_band_reading_as_a_gm_override() -> None:
    """R-ZEF-CHART: under the band reading a lower position (−2) moves ten columns."""
    st = begin(duel(("a", "guard", (0, 0)), ("b", "knight", (1, 0))))
    rs = ruleset_of("zefrs")
    by_column = rs.odds(st, "a", "b", aim="chest")
    st, _ = gm_submit(st, OverrideRuling(key="shift_reading", value="band"))
    by_band = rs.odds(st, "a", "b", aim="chest")
    assert by_column.notes[0] == ("column 5, \N{MINUS SIGN}2 fighting from below "
                               "(ZEF-41) → 3")
    assert by_band.hit < by_column.hit
    assert rs.option_values(st)["shift_reading"] == "band"
