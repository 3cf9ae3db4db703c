"""Driving a ZeFRS battle in a test, the way a GM sets up a position.

    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="fight:b:chest")            # the players' side first
    st, ev = declare(st, 7, 3, 25, 60, b="fight:a:chest")   # d10s, then the blows' d100s
    blow = only(ev, ZefAttackRolled)

Every die a test needs is scripted, in the order the rules throw them: the initiative d10s
in the order of the figures' ids, any roll-off, then each action's d100s as it comes.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rules.builder import Scenario
from rules.commands import Declare
from rules.engine import scripted, start, submit
from rules.events import Event
from rules.state import Battle

E = TypeVar("E", bound=Event)


def zef(seed: int = 0, radius: int = 6, **options: Any) -> Scenario:
    """A ZeFRS position; nobody is taken off guard unless a test says so (ZEF-11 checks
    surprise at the start of every combat: `surprise=True` turns it back on)."""
    return Scenario("zefrs", seed=seed, radius=radius).options(**{"surprise": False,
                                                                   **options})


def duel(a: tuple[str, str, tuple[int, int]], b: tuple[str, str, tuple[int, int]],
         a_over: dict[str, Any] | None = None, b_over: dict[str, Any] | None = None,
         **options: Any) -> Scenario:
    """The players' figure `a` (facing east) against `b` (facing west)."""
    sc = zef(**options).side("pcs", True).side("foes")
    sc.unit(a[0], a[1], "pcs", a[2], facing=0, **(a_over or {}))
    sc.unit(b[0], b[1], "foes", b[2], facing=3, **(b_over or {}))
    return sc


def begin(sc: Scenario, *dice: int) -> Battle:
    state, _ = start(sc.build(), scripted(*dice))
    return state


def declare(state: Battle, *dice: int, **actions: str) -> tuple[Battle, list[Event]]:
    """Each figure named states its action; the dice serve whatever follows the last one.
    Fails if a die is thrown that was not scripted, or a scripted one is left unthrown."""
    events: list[Event] = []
    items = list(actions.items())
    for i, (uid, action) in enumerate(items):
        last = i == len(items) - 1
        state, ev = submit(state, Declare(unit=uid, action=action),
                           scripted(*dice) if last else scripted())
        events += ev
    thrown = [r for e in events for r in e.rolls]
    assert thrown == list(dice), f"scripted {list(dice)}, thrown {thrown}"
    return state, events


def only(events: list[Event], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"{len(found)} {kind.__name__} events"
    return found[0]


def every(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]
