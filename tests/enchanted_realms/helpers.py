"""Driving an Enchanted Realms battle in a test, the way a GM sets up a position.

    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 14, 6)
    blow = only(ev, ErAttackRolled)

Every die a test needs is scripted, in the order the rules throw them: the initiative d20s
in the order of the creatures' ids, any roll-off, then each action's d20s as they come.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rules.builder import Scenario
from rules.commands import Command
from rules.engine import scripted, start, submit
from rules.events import Event
from rules.state import Battle

E = TypeVar("E", bound=Event)


def er(seed: int = 0, radius: int = 6, **options: Any) -> Scenario:
    return Scenario("enchanted_realms", seed=seed, radius=radius).options(**options)


def duel(a: tuple[str, str, tuple[int, int]], b: tuple[str, str, tuple[int, int]],
         a_over: dict[str, Any] | None = None, b_over: dict[str, Any] | None = None,
         **options: Any) -> Scenario:
    """The players' creature `a` (facing east) against `b` (facing west)."""
    sc = er(**options).side("pcs", True).side("foes")
    sc.unit(a[0], a[1], "pcs", a[2], facing=0, **(a_over or {}))
    sc.unit(b[0], b[1], "foes", b[2], facing=3, **(b_over or {}))
    return sc


def begin(sc: Scenario, *dice: int) -> Battle:
    """The battle after its opening (round 1's initiative, `dice` in unit id order)."""
    state, events = start(sc.build(), scripted(*dice))
    thrown = [r for e in events for r in e.rolls]
    assert thrown == list(dice), f"scripted {list(dice)}, thrown {thrown}"
    return state


def act(state: Battle, cmd: Command, *dice: int) -> tuple[Battle, list[Event]]:
    """Submit one command; fails if a die is thrown that was not scripted, or a scripted
    one is left unthrown."""
    state, events = submit(state, cmd, scripted(*dice))
    thrown = [r for e in events for r in e.rolls]
    assert thrown == list(dice), f"scripted {list(dice)}, thrown {thrown}"
    return state, events


def only(events: list[Event], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"{len(found)} {kind.__name__} events"
    return found[0]


def every(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def path(*hexes: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(hexes)
