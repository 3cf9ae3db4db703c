"""The round tracker's initiative line (ZEF-17) stays one readable line in a big battle: who
acts next, who after him, the rest counted."""

from rules.systems.zefrs.ruleset import _still_to_act


def test_a_duel_names_both() -> None:
    assert _still_to_act(["Conan", "City guard 1"], 0) == "Conan next, then City guard 1"


def test_a_big_battle_counts_the_rest_and_those_done() -> None:
    names = [f"Pikeman {n}" for n in range(1, 21)]
    assert _still_to_act(names, 4) == (
        "Pikeman 1 next, then Pikeman 2, Pikeman 3 and 17 more (4 acted)")


def test_when_all_have_acted_it_says_so() -> None:
    assert _still_to_act([], 6) == "every figure has acted"
