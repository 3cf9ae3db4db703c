"""Driving a Tarnished Tale contest in a test, the way a GM sets up a position.

    st = begin(duel("fighting_man", "orc"))              # "a" at (0, 0), "d" at (1, 0)
    st, ev = attack(st, "a", "d", 30, 50, 6, defence="dodge")
    fought = only(ev, ContestRolled)

Every die a test needs is scripted, in the order the contest throws them (contest.py,
R-TT-CONTEST): the attacker's d% (one more per boon or bane), its confirmation if it
threatens, the defender's d%, its confirmation, any weapon rolls, then the damage dice, the
attacker's before the counter's.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rules.builder import Scenario
from rules.commands import Attack, Choose, Pass
from rules.engine import scripted, start, submit
from rules.events import Event
from rules.state import Battle

E = TypeVar("E", bound=Event)


def duel(a: str, d: str, gap: int = 1, a_over: dict[str, Any] | None = None,
         d_over: dict[str, Any] | None = None, **options: Any) -> Scenario:
    """Side "a"'s figure `a` at (0, 0) facing east, side "d"'s `d` `gap` hexes east of him
    facing west; side "a" leads the first round (R-TT-TURN)."""
    return (Scenario("tarnished_tale", radius=6).side("a").side("d").options(**options)
            .unit("a", a, "a", (0, 0), facing=0, **(a_over or {}))
            .unit("d", d, "d", (gap, 0), facing=3, **(d_over or {})))


def begin(sc: Scenario) -> Battle:
    state, _ = start(sc.build(), scripted())
    return state


def attack(state: Battle, attacker: str, target: str, *dice: int, defence: str,
           weapon: str = "", options: tuple[str, ...] = ()) -> tuple[Battle, list[Event]]:
    """`attacker` attacks, `target`'s side declares `defence`; fails if a die is thrown
    that was not scripted or a scripted one is left."""
    state, ev = submit(state, Attack(unit=attacker, target=target, weapon=weapon,
                                     options=options), scripted())
    state, ev2 = submit(state, Choose(unit=target, option=defence), scripted(*dice))
    events = ev + ev2
    thrown = [r for e in events for r in e.rolls]
    assert thrown == list(dice), f"scripted {list(dice)}, thrown {thrown}"
    return state, events


def pass_turn(state: Battle, unit: str) -> Battle:
    state, _ = submit(state, Pass(unit=unit), scripted())
    return state


def only(events: list[Event], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def every(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]
