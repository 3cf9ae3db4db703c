"""Multiple actions (ZEF-22, ZEF-23; R-ZEF-EXTRA): a PC or Foe may declare an extra action
(close with a foe and strike, or strike twice); the first goes as usual, the extra one only
on a red check of Animal Reflexes or General Prowess, and failing it costs −3 on every check
for the rest of the turn and all the next.  Enemies cannot."""

from rules.commands import Declare
from rules.engine import legal_commands
from rules.events import UnitStepped
from rules.systems.zefrs.events import ExtraActionChecked, ZefAttackRolled
from tests.zefrs.helpers import begin, declare, duel, every, only

# The Cimmerian's Animal Reflexes 8: column 8, where red is 01-11.


def test_closing_and_striking_on_a_red_check() -> None:
    """ZEF-22: he walks up to the guard (the first action), checks 05 (red) and strikes."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (3, 0))))
    st, _ = declare(st, a="close:b:chest")
    st, ev = declare(st, 5, 5, 99, b="defend")
    assert every(ev, UnitStepped) and st.unit("a").pos.distance(st.unit("b").pos) == 1
    check = only(ev, ExtraActionChecked)
    assert (check.column, check.roll, check.colour, check.penalty_until) == (8, 5, "red", 0)
    assert only(ev, ZefAttackRolled).attacker == "a"


def test_a_failed_extra_action_costs_three_columns_through_the_next_turn() -> None:
    """ZEF-22: orange is not red: no blow, and −3 on his checks this turn and the next."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (3, 0))))
    st, _ = declare(st, a="close:b:chest")
    st, ev = declare(st, 5, 50, b="defend")
    assert only(ev, ExtraActionChecked).penalty_until == 2 and not every(ev, ZefAttackRolled)
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 99, b="defend")  # turn 2: still at −3
    blow = only(ev, ZefAttackRolled)
    assert [(m.value, m.rule) for m in blow.shifts] == [(-3, "ZEF-22")] and blow.column == 6
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 5, 99, b="defend")  # turn 3: over
    assert only(ev, ZefAttackRolled).shifts == ()


def test_striking_twice() -> None:
    """ZEF-22: the first blow as usual, the second after a red check."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="fight:b:chest:twice")
    st, ev = declare(st, 5, 99, 5, 99, b="defend")
    assert len(every(ev, ZefAttackRolled)) == 2


def test_enemies_cannot_take_extra_actions() -> None:
    """ZEF-23: the guard, an Enemy, is offered neither a close nor a second blow; the
    Cimmerian, a Foe (a PC on the players' side), is."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    mine = {c.action for c in legal_commands(st, "pcs") if isinstance(c, Declare)}
    assert "fight:b:chest:twice" in mine
    st, _ = declare(st, a="defend")
    theirs = {c.action for c in legal_commands(st, "foes") if isinstance(c, Declare)}
    assert "fight:a:chest" in theirs
    assert not any(a.endswith(":twice") or a.startswith("close:") for a in theirs)
