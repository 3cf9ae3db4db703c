"""The odds panel says the d% roll each side needs, not a d20 roll (issue 27 follow-up):
TT-01 (a roll below the skill succeeds), R-TT-BOON (a boon keeps the lowest of two)."""

from rules.engine import ruleset_of
from rules.systems.tarnished_tale.odds import roll_words
from tests.tarnished_tale.helpers import begin, duel


def test_the_panel_line_names_both_d_percent_rolls_against_the_shown_defence():
    """The Sellsword (Fight 55) at an Orc who dodges (Dodge 20): 54 or less, then 19."""
    st = begin(duel("fighting_man", "orc"))
    odds = ruleset_of(st).odds(st, "a", "d", kind="melee", defence="dodge")
    assert odds.needed_words == "54 or less on d%; his Dodge needs 19 or less on d%"
    assert "d20" not in odds.needed_words


def test_a_bane_from_fighting_defensively_is_said_with_its_dice():
    """TT-04: fighting defensively banes the attack: the higher of two d% is kept."""
    st = begin(duel("fighting_man", "orc"))
    odds = ruleset_of(st).odds(st, "a", "d", kind="melee", options=("defensive",),
                               defence="dodge")
    assert odds.needed_words.startswith("54 or less on d%, the highest of 2 (1 bane)")


def test_boons_are_said_as_the_lowest_of_several_dice():
    assert roll_words(40, 2) == "39 or less on d%, the lowest of 3 (2 boons)"
    assert roll_words(1, 0) == "a d% roll he cannot make"
