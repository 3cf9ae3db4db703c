"""R-ZEF-RUSH-END: a rush ends where the rusher can stand (ZEF-28, ZEF-29).  He runs through
a friend in his line; a white rush leaves him where he is, and if that is his friend's hex
he steps back along his line to the last hex nobody holds.  Two figures never share a hex."""

from rules.invariants import violations
from rules.systems.zefrs.special import KnockedDown, ManoeuvreRolled
from tests.zefrs.helpers import begin, declare, only, zef


def _line(roll: int):
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a", "cimmerian", "pcs", (0, 0), facing=0)
    sc.unit("f", "swordsman", "pcs", (1, 0), facing=0)
    sc.unit("b", "guard", "foes", (2, 0), facing=3)
    st = begin(sc)
    return declare(st, 5, roll, a="rush:b", f="defend", b="defend")  # his d10, the rush


def test_a_white_rush_in_a_friends_hex_steps_back() -> None:
    st, ev = _line(99)
    assert only(ev, ManoeuvreRolled).colour == "white"
    assert only(ev, KnockedDown).unit == "a"
    assert st.unit("a").pos == (0, 0) and st.unit("f").pos == (1, 0)
    assert not violations(st)


def test_a_rush_that_gets_past_runs_through_to_the_hex_beyond() -> None:
    st, ev = _line(40)
    assert only(ev, ManoeuvreRolled).colour != "white"
    assert st.unit("a").pos == (3, 0)
    assert not violations(st)
