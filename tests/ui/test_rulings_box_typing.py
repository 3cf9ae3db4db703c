"""What a GM types into the Rulings box is read as a value, and nothing typed there crashes
the sandbox (issue 21: hostile input is normal input)."""

from game.ui.sandbox_dialogs import parse_typed


def test_numbers_and_true_false_become_themselves() -> None:
    assert parse_typed(" 12 ") == 12
    assert parse_typed("True") is True
    assert parse_typed("[5, 6]") == [5, 6]
    assert parse_typed("1d6+1") == "1d6+1"


def test_thousands_of_nested_brackets_stay_text_rather_than_crash() -> None:
    typed = "[" * 100_000 + "]" * 100_000
    assert parse_typed(typed) == typed
