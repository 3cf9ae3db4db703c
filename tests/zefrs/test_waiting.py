"""Waiting (ZEF-20; R-ZEF-WAIT): a figure holds his action until a named foe acts,
then checks Animal Reflexes or General Prowess with nothing subtracted: any colour and he
strikes first; white and the foe goes first, the waiter right after."""

from rules.systems.zefrs.events import ActionDone, InitiativeRolled, WaitChecked, ZefAttackRolled
from tests.zefrs.helpers import begin, declare, duel, every, only

GALYA = {"general_prowess": 2, "animal_reflexes": 2, "name": "Galya Eyepiercer"}


def _market() -> object:
    return begin(duel(("galya", "thief", (0, 0)), ("rogue", "bandit", (1, 0)), a_over=GALYA))


def test_galya_beats_the_rogue_to_the_punch() -> None:
    """EX-ZEF-06: General Prowess 2, roll 52 → green → she acts before the rogue."""
    st = _market()
    st, _ = declare(st, galya="wait:rogue:chest")
    st, ev = declare(st, 4, 52, 30, 99, rogue="fight:galya:chest")
    assert only(ev, InitiativeRolled).order == ("rogue",)  # a waiter does not roll (ZEF-17)
    check = only(ev, WaitChecked)
    assert (check.unit, check.foe, check.roll, check.column, check.colour) == \
        ("galya", "rogue", 52, 2, "green")
    assert [e.attacker for e in every(ev, ZefAttackRolled)] == ["galya", "rogue"]


def test_a_white_wait_check_lets_the_foe_go_first_then_the_waiter() -> None:
    """ZEF-20: white, "the opponent acts first"; she still strikes after him."""
    st = _market()
    st, _ = declare(st, galya="wait:rogue:chest")
    st, ev = declare(st, 4, 90, 99, 30, rogue="fight:galya:chest")
    assert only(ev, WaitChecked).colour == "white"
    assert [e.attacker for e in every(ev, ZefAttackRolled)] == ["rogue", "galya"]


def test_a_wait_whose_condition_never_comes_is_spent() -> None:
    """R-ZEF-WAIT: if the foe does nothing that turn (he defends), the waiter does nothing."""
    st = _market()
    st, _ = declare(st, galya="wait:rogue:chest")
    st, ev = declare(st, rogue="defend")
    assert not every(ev, WaitChecked) and not every(ev, ZefAttackRolled)
    assert not every(ev, ActionDone)
