"""The chase's arithmetic as the text gives it ("Swing on the Run"): the chart (ER-30), the
movement roll (ER-31), the second a runner swings in (ER-29, EX-ER-04), the running
penalty and the skills around it (ER-22..ER-25), abandonment (ER-27), heavy weapons (ER-28)
and the gap that ends the chase (ER-33, EX-ER-05)."""

from __future__ import annotations

import pytest

from rules.builder import Scenario
from rules.engine import initial_state
from rules.systems.enchanted_realms.chase.pace import (
    chart_row,
    chase_speed,
    end_gap_hexes,
    heavy,
    hexes_in,
    moved,
    running_penalty,
    swing_second,
)
from rules.systems.enchanted_realms.chase.tables import load_chase
from rules.systems.enchanted_realms.units import ErUnit

# ER-30, as the text's chart reads: seconds 10 down to 1.
TEXT_CHART = {
    100: "2 2 2 2 2 2 2 2 2 2", 90: "2 2 1 2 2 2 2 1 2 2", 80: "2 2 1 2 1 2 2 1 1 2",
    70: "2 1 1 2 1 2 1 1 1 2", 60: "2 1 1 1 1 2 1 1 1 1", 55: "1 1 1 1 1 2 1 1 1 1",
    50: "1 1 1 1 1 1 1 1 1 1", 45: "1 1 1 1 1 1 1 1 1 0", 40: "1 1 1 1 1 0 1 1 1 0",
    35: "1 0 1 1 1 0 1 1 1 0", 30: "1 0 1 0 1 0 1 1 1 0", 25: "1 0 1 0 1 0 1 0 1 0"}


def unit(template: str = "fighting_man", **over: object) -> ErUnit:
    setup = (Scenario("enchanted_realms", radius=3).side("a", True).side("b")
             .unit("x", template, "a", (0, 0), **over).unit("y", "orc", "b", (2, 0)).build())
    u = initial_state(setup).unit("x")
    assert isinstance(u, ErUnit)
    return u


def test_the_chart_is_every_row_of_the_text() -> None:
    """ER-30: twelve rows, 100 ft down to 25 ft, each second as printed."""
    rows = {speed: " ".join(map(str, row)) for speed, row in load_chase().rows()}
    assert rows == TEXT_CHART
    assert [sum(r) for _, r in load_chase().rows()] == [20, 18, 16, 14, 12, 11, 10, 9, 8, 7, 6, 5]


def test_a_50_ft_runner_moves_one_hex_each_second() -> None:
    """EX-ER-04: a 50-ft movement rate moves one hex each second, ten a round."""
    assert [hexes_in(50, s) for s in range(10, 0, -1)] == [1] * 10
    assert hexes_in(45, 1) == 0 and hexes_in(60, 5) == 2


@pytest.mark.parametrize(("speed", "row"), [(65, 60), (105, 100), (20, 25), (54, 50)])
def test_speeds_off_the_chart_run_on_a_ruled_row(speed: int, row: int) -> None:
    """ER-30 leaves 20, 65, 105 unruled; R-ER-CHASE-OFF-CHART: the row below, the fastest
    above it, the slowest below it."""
    assert chart_row(speed)[0] == row


def test_a_runner_who_cannot_move_gains_nothing() -> None:
    assert chart_row(0)[1] == (0,) * 10


@pytest.mark.parametrize(("face", "agility", "chart", "gained"), [
    (4, 1, 1, 1),     # 4 + 1 = 5 meets DC 5
    (3, 1, 1, 0),     # 4 is short
    (1, 10, 2, 0),    # a natural 1 always fails
    (20, -5, 1, 2),   # a natural 20 gains one hex more
    (20, 0, 2, 3),
    (20, 0, 0, 0),    # no movement in the chart: no roll to make
])
def test_the_movement_roll(face: int, agility: int, chart: int, gained: int) -> None:
    """ER-31: d20 + Agility bonus against DC 5 for each second the chart gives movement."""
    assert moved(face, agility, chart) == gained


@pytest.mark.parametrize(("initiative", "second"), [(17, 10), (11, 10), (10, 10), (6, 6),
                                                    (1, 1), (0, 1), (-3, 1)])
def test_the_second_a_runner_swings_in(initiative: int, second: int) -> None:
    """ER-29, EX-ER-04: above 10 acts in second 10; R-ER-CHASE-LOW: below 1 in second 1."""
    assert swing_second(initiative) == second


def test_abandonment_runs_five_feet_faster() -> None:
    """ER-27: speed 50 with abandonment runs on the 55 row."""
    plain, quick = unit(walk_ft=50), unit(walk_ft=50, skills=["abandonment"])
    assert chase_speed(plain) == 50 and chase_speed(quick) == 55
    assert chart_row(chase_speed(quick))[0] == 55


def total(attacker: ErUnit, target: ErUnit) -> int:
    return sum(m.value for m in running_penalty(attacker, target))


def test_a_blow_on_the_run_is_minus_three() -> None:
    """ER-22: every d20 of a melee attack made running flat out takes -3."""
    mods = running_penalty(unit(), unit("orc"))
    assert [(m.value, m.rule) for m in mods] == [(-3, "ER-22")]


def test_running_fighter_skills_lessen_it() -> None:
    """ER-23, R-ER-CHASE-SKILLS (a): one of the first list -2; with one of the second too
    -1; the second list alone does nothing."""
    orc = unit("orc")
    assert total(unit(skills=["weapon_forte"]), orc) == -2
    assert total(unit(skills=["charging", "footwork"]), orc) == -1
    assert total(unit(skills=["footwork"]), orc) == -3


def test_the_second_list_alone_under_the_other_reading() -> None:
    """ER-23 (b): each list gives -1 on its own, the GM's other choice in chase.toml."""
    t = load_chase()
    t2 = t.model_copy(update={"rules": t.rules.model_copy(update={"second_list_alone": True})})
    assert sum(m.value for m in running_penalty(unit(skills=["footwork"]), unit("orc"),
                                                t2)) == -2


def test_evasive_targets_add_a_point_back_up_to_minus_four() -> None:
    """ER-24, R-ER-CHASE-EVASIVE (a): a target with dodge makes it -4, never beyond."""
    assert total(unit(), unit("thief", skills=["dodge"])) == -4
    assert total(unit(skills=["weapon_forte"]), unit("thief", skills=["dodge"])) == -3


def test_a_rider_or_flier_is_harder_to_hit() -> None:
    """ER-25, R-ER-CHASE-MOUNTED (a): a mounted target gives attackers -2 more."""
    rider = unit("knight")
    assert rider.mounted
    assert total(unit(), rider) == -5


def test_heavy_weapons() -> None:
    """ER-28: a halberd is heavy (its swing costs the second's movement); a sword is not."""
    assert heavy(unit("halberdier")) and not heavy(unit("swordsman"))


def test_the_gap_that_ends_the_chase() -> None:
    """EX-ER-05, ER-33, R-ER-CHASE-END (a): for a 50-movement speed the gap is 25 (feet):
    five hexes.  Under reading (b) it is 25 hexes."""
    assert end_gap_hexes(50) == 5
    t = load_chase()
    hexes = t.model_copy(update={"rules": replace_rules(t, end_gap="half_speed_hexes")})
    assert end_gap_hexes(50, t=hexes) == 25


def replace_rules(t: object, **changes: object) -> object:
    return t.rules.model_copy(update=changes)  # type: ignore[attr-defined]
