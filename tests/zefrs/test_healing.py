"""Healing (ZEF-57), between battles: General Endurance + 1 a day at complete rest (never
fewer than 1), 1 a day with strenuous activity, never above the original rating."""

from rules.systems.zefrs.units import healed


def test_rest_heals_endurance_plus_one_a_day() -> None:
    assert healed(5, 20, 3, rest=True) == 9
    assert healed(5, 20, 3, rest=True, days=3) == 17


def test_never_fewer_than_one_a_day_and_never_above_the_original() -> None:
    assert healed(5, 20, -4, rest=True) == 6
    assert healed(18, 20, 6, rest=True) == 20


def test_strenuous_activity_heals_one_a_day_even_from_below_zero() -> None:
    assert healed(-3, 20, 6, rest=False, days=2) == -1
