"""At the ready (ER-11, ER-12, EX-ER-03): the trigger is an uncertain "if" built from a menu,
kept in the state, firing in the middle of another creature's move or right after a friend
drops, lasting until the owner's next turn."""

import pytest

from rules.commands import Attack, Choose, Move, Pass
from rules.engine import legal_commands, ruleset_of
from rules.events import UnitDamaged, UnitStepped
from rules.hexgrid import Hex
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from rules.systems.enchanted_realms.events import (
    ReadyFired,
    ReadyLost,
    ReadySet,
)
from rules.systems.enchanted_realms.frames import system
from rules.systems.enchanted_realms.units import er as er_unit
from rules.wording import Words
from tests.enchanted_realms.helpers import act, begin, duel, er, every, only, path


def _bowman(orc_over: dict | None = None):
    """A bowman at (0,0) against an orc at (6,0); the bowman acts first."""
    return begin(duel(("a", "archer", (0, 0)), ("b", "orc", (6, 0)), b_over=orc_over),
                 15, 3)


@pytest.mark.parametrize("option", [
    "ready:enter:3,0",   # "if someone steps out of this corridor, then I will attack"
    "ready:within:20",   # "if the creature approaches within 20 feet of me"
])
def test_uncertain_if_triggers_are_valid(option: str) -> None:
    """EX-ER-03, ER-11: the text's valid triggers."""
    st = _bowman()
    assert ruleset_of(st).check(st, Choose(unit="a", option=option)) is None


def test_if_the_monster_drops_bob_is_valid() -> None:
    """EX-ER-03: "if the monster drops Bob, then I'll fire my bow"."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (0, 0)).unit("bob", "fighting_man", "pcs", (4, 0))
    sc.unit("b", "orc", "foes", (6, 0), facing=3)
    st = begin(sc, 15, 3, 10)
    assert ruleset_of(st).check(st, Choose(unit="a", option="ready:drops:bob")) is None


@pytest.mark.parametrize("option", ["ready:after:attack", "ready:when:b"])
def test_when_and_after_triggers_are_refused(option: str) -> None:
    """EX-ER-03, ER-11: "after the monster attacks again, I will fire my bow" is holding an
    action, not a trigger."""
    st = _bowman()
    why = ruleset_of(st).check(st, Choose(unit="a", option=option))
    assert why is not None and "ER-11" in why


def test_near_certain_triggers_are_refused() -> None:
    """ER-11: a foe already on the hex, or already within the distance, is no "if"."""
    st = _bowman()
    rs = ruleset_of(st)
    assert "ER-11" in (rs.check(st, Choose(unit="a", option="ready:enter:6,0")) or "")
    assert "ER-11" in (rs.check(st, Choose(unit="a", option="ready:within:30")) or "")


def test_the_menu_offers_only_valid_triggers() -> None:
    """R-ER-READY-MENU: every trigger offered passes the same check."""
    st = _bowman()
    options = [c.option for c in legal_commands(st) if isinstance(c, Choose)
               and c.option.startswith("ready:")]
    assert "ready:within:20" in options and "ready:within:30" not in options
    assert all(ruleset_of(st).check(st, Choose(unit="a", option=o)) is None for o in options)


def _covering_the_door(orc_over: dict | None = None):
    st = _bowman(orc_over)
    st, ev = act(st, Choose(unit="a", option="ready:enter:3,0"))
    assert only(ev, ReadySet).kind == "enter"
    st, _ = act(st, Pass(unit="a"))
    return st


def test_the_trigger_fires_in_the_middle_of_the_move() -> None:
    """ER-12: the orc steps onto the watched hex; the bowman shoots him there, then the orc
    walks on."""
    st = _covering_the_door()
    walk = path((6, 0), (5, 0), (4, 0), (3, 0), (2, 0))
    st, ev = act(st, Move(unit="b", path=walk), 4, 5)
    kinds = [(type(e).__name__, getattr(e, "to_hex", None)) for e in ev
             if isinstance(e, (UnitStepped, ReadyFired, ErAttackRolled))]
    assert kinds == [("UnitStepped", (5, 0)), ("UnitStepped", (4, 0)),
                     ("UnitStepped", (3, 0)), ("ReadyFired", None), ("ErAttackRolled", None),
                     ("UnitStepped", (2, 0))]
    assert only(ev, ErAttackRolled).kind == "ready"
    assert system(st).triggers == ()


def test_the_log_says_who_fired_at_whom_and_where_the_mover_stopped() -> None:
    """ER-12, R-ER-READY-TIMING: the log line of a trigger firing mid-move names the bowman,
    the orc, and the hex the orc stands on while the shot resolves."""
    st = _covering_the_door()
    st, ev = act(st, Move(unit="b", path=path((6, 0), (5, 0), (4, 0), (3, 0), (2, 0))), 4, 5)
    fired = only(ev, ReadyFired)
    assert fired.at == (3, 0)
    line = fired.narrate(Words.of(st))
    assert line.startswith(f"{Words.of(st).unit('a')}'s trigger springs: ")
    assert f"attacks {Words.of(st).unit('b')}, who stops at {Words.of(st).hex((3, 0))}" in line


def test_a_mover_dropped_by_the_trigger_stops_where_it_fired() -> None:
    """ER-12: the shot drops him on the hex he stepped onto."""
    st = _covering_the_door({"hp": 1})
    st, _ = act(st, Move(unit="b", path=path((6, 0), (5, 0), (4, 0), (3, 0), (2, 0))), 15, 15)
    assert er_unit(st, "b").pos == Hex(3, 0) and not er_unit(st, "b").fighting


def test_a_fired_trigger_does_not_spend_the_reaction() -> None:
    """R-ER-READY-REACTION: the readied attack was paid for with his action."""
    st = _covering_the_door()
    st, _ = act(st, Move(unit="b", path=path((6, 0), (5, 0), (4, 0), (3, 0))), 4, 5)
    assert er_unit(st, "a").can_react(st.round)


def test_a_leave_trigger_fires_once_he_has_stepped_off() -> None:
    """ER-12, R-ER-READY-TIMING: "if someone steps out of this corridor": at the hex after."""
    st = _bowman()
    st, _ = act(st, Choose(unit="a", option="ready:leave:5,0"))
    st, _ = act(st, Pass(unit="a"))
    st, ev = act(st, Move(unit="b", path=path((6, 0), (5, 0), (4, 0))), 4, 5)
    fired = ev.index(only(ev, ReadyFired))
    assert [e.to_hex for e in every(ev[:fired], UnitStepped)] == [(5, 0), (4, 0)]


def test_a_friend_dropped_springs_the_trigger_at_once() -> None:
    """ER-12, EX-ER-03: the orc drops Bob; the bowman's arrow follows before anything
    else."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (0, 0)).unit("bob", "fighting_man", "pcs", (4, 0), hp=1)
    sc.unit("b", "orc", "foes", (5, 0), facing=3)
    st = begin(sc, 15, 3, 10)
    st, _ = act(st, Choose(unit="a", option="ready:drops:bob"))
    st, _ = act(st, Pass(unit="a"))
    st, _ = act(st, Pass(unit="bob"))
    st, ev = act(st, Attack(unit="b", target="bob"), 20, 12, 12)
    blows = every(ev, ErAttackRolled)
    assert [(b.attacker, b.target, b.kind) for b in blows] == [
        ("b", "bob", "melee"), ("a", "b", "ready")]
    assert ev.index(only(ev, ReadyFired)) > ev.index(every(ev, UnitDamaged)[0])


def test_a_trigger_that_never_came_is_lost_at_his_next_turn() -> None:
    """ER-12: it lasts until the start of his next turn, then the action is lost."""
    st = _covering_the_door()
    st, ev = act(st, Pass(unit="b"), 15, 3)  # round 2's initiative
    assert only(ev, ReadyLost).unit == "a"
    assert system(st).triggers == ()


def test_a_within_trigger_fires_as_he_comes_inside_the_distance() -> None:
    """ER-11 ("if the creature approaches within 20 feet of me"), R-ER-READY-TIMING: the
    step from 25 feet to 20 sets it off."""
    st = _bowman()
    st, _ = act(st, Choose(unit="a", option="ready:within:20"))
    st, _ = act(st, Pass(unit="a"))
    st, ev = act(st, Move(unit="b", path=path((6, 0), (5, 0), (4, 0), (3, 0))), 4, 5)
    fired = ev.index(only(ev, ReadyFired))
    assert [e.to_hex for e in every(ev[:fired], UnitStepped)] == [(5, 0), (4, 0)]


def test_an_area_trigger_fires_as_he_steps_into_the_ground_around_the_hex() -> None:
    """ER-11 (an enemy enters an area), R-ER-READY-TIMING: the ground around (3,0) begins
    at (4,0)."""
    st = _bowman()
    st, _ = act(st, Choose(unit="a", option="ready:area:3,0"))
    st, _ = act(st, Pass(unit="a"))
    st, ev = act(st, Move(unit="b", path=path((6, 0), (5, 0), (4, 0), (3, 0))), 4, 5)
    fired = ev.index(only(ev, ReadyFired))
    assert [e.to_hex for e in every(ev[:fired], UnitStepped)] == [(5, 0), (4, 0)]


def test_an_area_a_foe_already_stands_in_is_no_if() -> None:
    """ER-11: the orc at (6,0) already stands in the ground around (5,0)."""
    st = _bowman()
    why = ruleset_of(st).check(st, Choose(unit="a", option="ready:area:5,0"))
    assert why is not None and "ER-11" in why


def test_a_doorway_he_watches_is_offered_first() -> None:
    """R-ER-READY-MENU, issue 25 ("a bowman covering a doorway"): the one gap in a wall is
    a narrow place, offered before the hexes nearest the foes, so the bowman can cover it
    whichever side of the wall the foes stand."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (-3, 0), facing=0)
    sc.unit("b", "orc", "foes", (4, 0), facing=3)
    for r in range(-6, 7):
        if r != 0:
            sc.terrain((1, r), "wall", impassable=True)
    st = begin(sc, 15, 3)
    enter = [c.option for c in legal_commands(st) if isinstance(c, Choose)
             and c.option.startswith("ready:enter:") and c.option.count(":") == 2]
    assert enter[0] == "ready:enter:1,0"
    assert "ready:enter:0,0" not in enter[:1]  # the open ground before it is no doorway
