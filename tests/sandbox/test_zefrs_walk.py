"""The GM's step-through under ZeFRS (issue 23, item 7): the column walk a GM reads out
("column 5, −2 fighting from below (ZEF-41) → 3"), the d100 roll the blow needs and the five
colours' chances, and a roll with the GM's own die told in colours (ZEF-07, ZEF-08)."""

from __future__ import annotations

from game.sandbox import Sandbox
from rules.builder import Scenario
from rules.engine import register_ruleset
from rules.systems.zefrs.ruleset import RULESET


def _sandbox() -> Sandbox:
    register_ruleset(RULESET)  # as installed; the shared test venv may predate its entry point
    sb = Sandbox(Scenario("zefrs", radius=5).options(surprise=False)
                 .side("pcs", True).side("foes").build())
    sb.place("guard", "pcs", (0, 0), facing=0, unit_id="a")
    sb.place("knight", "foes", (1, 0), facing=3, unit_id="k")  # a rider: ZEF-41
    return sb


def test_the_step_through_reads_out_the_column_walk() -> None:
    sb = _sandbox()
    view = sb.exchange_steps("a", "k")
    lines = view.lines()
    assert "column 5, \N{MINUS SIGN}2 fighting from below (ZEF-41) → 3" in lines
    assert any(line.startswith("needed ") and "on d100 to hit (column 3)" in line
               for line in lines)
    assert not any("natural" in line for line in lines)  # no d20 here
    assert any(line.startswith("white ") and "red " in line for line in lines)
    assert [s.rule for s in view.steps] == ["ZEF-05", "ZEF-06", "ZEF-41"]
    assert view.steps[-1].running == 3  # the column the d100 is read on


def test_a_gm_roll_is_told_in_colours() -> None:
    sb = _sandbox()
    rolled = sb.roll_exchange("a", "k", dice=[99])
    assert rolled.rolled and rolled.dice[0] == 99
    assert any("rolled 99" in line and "white" in line for line in rolled.narration)
