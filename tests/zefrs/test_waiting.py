"""Waiting (ZEF-20, ZEF-21; R-ZEF-WAIT, R-ZEF-WAIT-CASCADE): a figure holds his action
until a named foe acts, then checks Animal Reflexes or General Prowess with nothing
subtracted: any colour and he strikes first; white and the foe goes first, the waiter right
after, or, the foe gone, against the next foe with another check."""

from rules.systems.zefrs.events import ActionDone, InitiativeRolled, WaitChecked, ZefAttackRolled
from rules.systems.zefrs.waits import WaitRetargeted
from tests.zefrs.helpers import begin, declare, duel, every, only, zef

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


def _two_rogues() -> object:
    """Galya (General Prowess 2: column 2, red 01-08, orange 09-29, yellow 30-46, green
    47-60) waits for the first rogue; a second rogue stands beside her too."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("galya", "thief", "pcs", (0, 0), facing=0, **GALYA)
    sc.unit("r1", "bandit", "foes", (1, 0), facing=3)
    sc.unit("r2", "bandit", "foes", (0, 1), facing=3)
    return begin(sc)


def test_beaten_and_her_foe_gone_she_checks_again_against_the_next() -> None:
    """ZEF-21: white against the first rogue, who steps away; she turns on the second, who
    is still to act: 35 is yellow, she strikes him before he strikes her."""
    st = _two_rogues()
    st, _ = declare(st, galya="wait:r1:chest")
    st, ev = declare(st, 9, 1, 90, 35, 99, 99, r1="move:3,0", r2="fight:galya:chest")
    checks = every(ev, WaitChecked)
    assert [(c.foe, c.colour) for c in checks] == [("r1", "white"), ("r2", "yellow")]
    assert [(e.attacker, e.target) for e in every(ev, ZefAttackRolled)] == [
        ("galya", "r2"), ("r2", "galya")]


def test_an_unbroken_run_of_bad_breaks_leaves_her_last() -> None:
    """ZEF-21: white again against the second rogue: he strikes first, then she does."""
    st = _two_rogues()
    st, _ = declare(st, galya="wait:r1:chest")
    st, ev = declare(st, 9, 1, 90, 90, 99, 99, r1="move:3,0", r2="fight:galya:chest")
    assert only(ev, WaitRetargeted).foe == "r2"
    assert [(e.attacker, e.target) for e in every(ev, ZefAttackRolled)] == [
        ("r2", "galya"), ("galya", "r2")]
