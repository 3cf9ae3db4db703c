"""The turn's commands in a player's words (the ruleset's `word_command`, for buttons and
the log): names, not ids; the trigger as the player built it (ER-11)."""

from game.choices import command_words
from rules.commands import Attack, Cast, Choose, UseItem
from rules.engine import ruleset_of
from rules.wording import Words
from tests.enchanted_realms.helpers import begin, duel


def _said(st, cmd) -> str:
    text = ruleset_of(st).word_command(st, cmd, Words.of(st))
    assert text is not None
    return text


def test_a_trigger_is_worded_as_the_player_built_it() -> None:
    """ER-11: "if a foe steps onto that hex, he attacks him", the hex as the map names it; the
    caption puts the doer's name before it."""
    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (6, 0))), 15, 3)
    w = Words.of(st)
    text = _said(st, Choose(unit="a", option="ready:enter:3,0"))
    assert text == (f"Stand at the ready: if a foe steps onto {w.hex((3, 0))}, "
                    "he attacks him")
    assert _said(st, Choose(unit="a", option="ready:within:20")).endswith(
        "if a foe comes within 20 feet, he attacks him")
    assert command_words(st, Choose(unit="a", option="ready:within:20")).startswith(
        "Bowman: stand at the ready: if a foe comes within 20 feet")


def test_the_other_actions_are_worded_with_names() -> None:
    """ER-02, ER-06, ER-08: skill use, item use and the second attack."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    assert _said(st, Attack(unit="a", target="b", options=("shield_blitz",))) == (
        "Attack Orc with a Shield-Blitz")
    assert _said(st, UseItem(unit="a", item="potion", target="a")) == (
        "Drink a healing potion")
    assert _said(st, Cast(unit="a", spell="field_medicine", target="a")) == (
        "Tend his own wounds (field medicine)")
    assert _said(st, Choose(unit="a", option="defend")) == "Stand in defence"
