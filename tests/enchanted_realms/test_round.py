"""The round (R-ER-INITIATIVE, the text's "Combat Basics" being missing): d20 + Agility,
highest first, ties to the higher Agility and then to a roll-off; each creature's turn in
that order, a new roll every round."""

from rules.commands import Pass
from rules.engine import decider
from rules.systems.enchanted_realms.events import InitiativeRolled, RoundBegan, TurnBegan
from rules.systems.enchanted_realms.frames import TurnFrame, system
from tests.enchanted_realms.helpers import act, begin, er, only


def _three():
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "fighting_man", "pcs", (0, 0))  # Agility 0
    sc.unit("b", "thief", "pcs", (0, 2))  # Agility 3
    sc.unit("c", "orc", "foes", (4, 0), facing=3)  # Agility 0
    return sc


def test_highest_d20_plus_agility_goes_first() -> None:
    """R-ER-INITIATIVE: a 12, b 5 + 3 = 8, c 15: c, a, b."""
    st = begin(_three(), 12, 5, 15)
    assert system(st).order == ("c", "a", "b")
    assert isinstance(st.top, TurnFrame) and st.top.unit == "c" and decider(st) == "foes"


def test_a_tie_goes_to_the_higher_agility() -> None:
    """R-ER-INITIATIVE: a 10 and b 7 + 3 = 10: the thief's Agility wins."""
    st = begin(_three(), 10, 7, 2)
    assert system(st).order == ("b", "a", "c")


def test_a_tie_in_agility_too_is_rolled_off() -> None:
    """R-ER-INITIATIVE: a and c both 10, Agility 0 each: they roll off (4, then 9: c)."""
    st = begin(_three(), 10, 1, 10, 4, 9)
    assert system(st).order == ("c", "a", "b")


def test_each_round_rolls_again() -> None:
    """R-ER-INITIATIVE: when everyone has had his turn, round 2 rolls anew."""
    st = begin(_three(), 12, 5, 15)
    for uid in ("c", "a"):
        st, _ = act(st, Pass(unit=uid))
    st, ev = act(st, Pass(unit="b"), 1, 20, 2)
    assert only(ev, RoundBegan).round == 2
    assert only(ev, InitiativeRolled).order == ("b", "c", "a")
    assert only(ev, TurnBegan).unit == "b"
