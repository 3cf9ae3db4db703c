"""What lies on the board besides the figures (R-ER-DEED, R-ER-PICK-UP), as the ruleset
names it for the board to draw (`Ruleset.hex_markers`): the crypt's idol, which wins, and a
potion on the ground; a deed worked stays, greyed; an item picked up is gone."""

from rules.commands import Choose
from rules.engine import ruleset_of
from rules.hexgrid import Hex
from rules.ruleset import HexMarker
from tests.enchanted_realms.helpers import act, begin, duel


def _by_the_lever():
    sc = duel(("a", "fighting_man", (0, 0)), ("b", "orc", (6, 0)),
              deeds=("lever@1,0", "idol@6,-1"), items=("potion@-1,0",),
              winning_deed="idol")
    return begin(sc, 15, 3)


def test_deeds_and_items_are_named_on_their_hexes() -> None:
    st = _by_the_lever()
    marks = ruleset_of(st).hex_markers(st)
    assert [(m.name, m.kind, m.hex) for m in marks] == [
        ("Lever", "deed", Hex(1, 0)), ("Idol", "deed", Hex(6, -1)),
        ("Healing potion", "item", Hex(-1, 0))]
    idol = marks[1]
    assert "wins the battle" in idol.note and "R-ER-DEED" in idol.note
    assert "wins" not in marks[0].note
    assert "ER-17" in marks[2].note and "10 feet" in marks[2].note


def test_a_lever_pulled_stays_greyed_and_a_potion_picked_up_is_gone() -> None:
    st = _by_the_lever()
    st, _ = act(st, Choose(unit="a", option="pick_up:potion"))
    marks = ruleset_of(st).hex_markers(st)
    assert [m.name for m in marks] == ["Lever", "Idol"]
    st = _by_the_lever()
    st, _ = act(st, Choose(unit="a", option="deed:lever"))
    assert ruleset_of(st).hex_markers(st)[0] == HexMarker(
        "Lever", "deed_done", Hex(1, 0), "worked already (R-ER-DEED)")
