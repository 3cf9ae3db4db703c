"""The round tracker's initiative line (ZEF-17; Enchanted Realms' order, R-ER-INITIATIVE)
stays one readable line in a big battle: who acts next, who after him, the rest counted."""

from rules.wording import order_line


def test_a_duel_names_both() -> None:
    assert order_line(["Conan", "City guard 1"], 0) == "Conan next, then City guard 1"


def test_a_big_battle_counts_the_rest_and_those_done() -> None:
    names = [f"Pikeman {n}" for n in range(1, 21)]
    assert order_line(names, 4) == (
        "Pikeman 1 next, then Pikeman 2, Pikeman 3 and 17 more (4 acted)")


def test_when_all_have_acted_it_says_so() -> None:
    assert order_line([], 6) == "every figure has acted"


def test_enchanted_realms_tracker_names_who_comes_after_the_turn_now() -> None:
    """R-ER-INITIATIVE: the tracker's second line starts after the figure whose turn it is."""
    from rules.engine import ruleset_of, start
    from rules.scenarios import demo_setup

    state, _ = start(demo_setup("enchanted_realms", seed=1))
    head, _, order = ruleset_of(state).phase_label(state).partition("\n")
    assert "'s turn" in head and " next" in order
    assert order.split(" next")[0] not in head
