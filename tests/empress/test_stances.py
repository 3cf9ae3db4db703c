"""§3.7 Combat stances and pure defence (EMP-61, EMP-62, EX-EMP-07)."""

import pytest

from rules.commands import Attack, Choose, Pass
from rules.engine import IllegalCommand
from rules.state import state_hash
from rules.systems.empress.combat import situation
from rules.systems.empress.round_events import StanceTaken
from tests.empress.helpers import act_exact, begin, duel, mods, only, turn_of


def pair(me: str = "fighting_man", **over):
    return begin(duel(("me", me, (0, 0), 0, {"initiative": 20, **over}),
                      ("foe", "orc", (1, 0), 3, {"initiative": 10})))


@pytest.mark.parametrize(("me", "stance", "attack", "hc"), [
    ("man_at_arms_spear", "attack", 1, -2), ("man_at_arms_spear", "guard", -2, 1),
    ("fighting_man", "attack2", 2, -4), ("fighting_man", "guard2", -4, 2),
])
def test_stance_trade_offs(me, stance, attack, hc):
    """EMP-61 / EX-EMP-07: +1 to AM or HC for −2 to the other; a Warrior may double it."""
    st = pair(me)
    st, ev = act_exact(st, Choose(unit="me", option=f"stance:{stance}"))
    assert only(ev, StanceTaken).stance == stance
    assert mods(situation(st, "me", "foe"))["EMP-61"] == attack
    assert mods(situation(st, "foe", "me").hc_parts)["EMP-61"] == hc


def test_only_warriors_double_the_trade_off():
    """EMP-61: a man without Warrior levels is refused the +2/−4, and nothing changes."""
    st = pair("man_at_arms_spear")
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="only Warriors may double the trade-off"):
        act_exact(st, Choose(unit="me", option="stance:attack2"))
    assert state_hash(st) == h


def test_a_stance_lasts_until_his_next_turn():
    """EMP-61 "for one round" (R-EMP-STANCE-DURATION): it holds while the others act, and
    ends when his next turn begins."""
    st = pair()
    st, _ = act_exact(st, Choose(unit="me", option="stance:guard"))
    st, _ = act_exact(st, Pass(unit="me"))
    assert turn_of(st) == "foe" and st.unit("me").stance == "guard"
    st, _ = act_exact(st, Pass(unit="foe"))
    assert st.round == 2 and turn_of(st) == "me" and st.unit("me").stance == ""


@pytest.mark.parametrize(("me", "bonus"), [("legionary", 2), ("ogre", 3)])
def test_pure_defence_adds_am_or_pm_at_least_two(me, bonus):
    """EMP-62 (a): pure defence adds the higher of AM and PM to HC, at least +2: the
    legionary (+1/+1) gets +2, the ogre (PM +3) +3.  It is his action."""
    st = pair(me)
    st, _ = act_exact(st, Choose(unit="me", option="pure_defense"))
    assert mods(situation(st, "foe", "me").hc_parts)["EMP-62 (a)"] == bonus
    assert turn_of(st) == "foe" and st.unit("me").spent == "pure_defense"
    with pytest.raises(IllegalCommand):
        act_exact(st, Attack(unit="me", target="foe"))
