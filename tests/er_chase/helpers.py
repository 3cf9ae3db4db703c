"""Driving a chase in a test: a lane of runners set up from a small map, and dice that are
scripted first and then all come up `then` (10 by default: every movement roll gains its
hexes, so only the dice a test cares about need writing down).

    st = open_chase(chase(("p", "halberdier", (-2, 0)), ("q", "thief", (0, 0))), 15, 3)
    st, ev = act(st, Choose(unit="p", option="swing:q"), 19, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules.builder import Scenario
from rules.commands import Command
from rules.engine import start, submit
from rules.events import Event
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.frame import ChaseFrame

E = TypeVar("E", bound=Event)
Runner = tuple[str, str, tuple[int, int]] | tuple[str, str, tuple[int, int], dict[str, Any]]


@dataclass
class Dice:
    script: list[int]
    then: int = 10
    made: list[int] = field(default_factory=list)

    def d(self, sides: int, purpose: str = "") -> int:
        value = self.script.pop(0) if self.script else self.then
        assert 1 <= value <= sides, f"{value} cannot come up on a d{sides} ({purpose})"
        self.made.append(value)
        return value

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


def chase(*runners: Runner, quarry: tuple[Runner, ...] = (), **options: Any) -> Scenario:
    """Pursuers (the watch) and the fleeing figures (the thieves) on a small street."""
    sc = (Scenario("enchanted_realms", seed=0, radius=8).side("watch", True).side("thieves")
          .options(mode="chase", **options))
    for side, group in (("watch", runners), ("thieves", quarry)):
        for r in group:
            over = r[3] if len(r) > 3 else {}  # type: ignore[misc]
            sc.unit(r[0], r[1], side, r[2], facing=0, **over)
    return sc


def open_chase(sc: Scenario, *dice: int, then: int = 10) -> tuple[Battle, list[Event]]:
    return start(sc.build(), Dice(list(dice), then))


def act(state: Battle, cmd: Command, *dice: int, then: int = 10
        ) -> tuple[Battle, list[Event]]:
    return submit(state, cmd, Dice(list(dice), then))


def frame(state: Battle) -> ChaseFrame:
    f = chase_frame(state)
    assert f is not None
    return f


def of(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def round_to_its_end(state: Battle, first: str, seed: int, limit: int = 12) -> list[Event]:
    """Play on from `first`'s moment to the end of the round, everyone running, with the
    dice of `seed`: the events up to the end of second 1 (the engine plays on to the next
    decision), or to the chase's end.  The statistical tests roll rounds with it."""
    from rules.commands import Choose
    from rules.dice import StreamDice
    from rules.systems.enchanted_realms.chase.events import ChaseSecondEnded

    rnd = frame(state).chase_round
    events: list[Event] = []
    cmd = Choose(unit=first, option="run")
    for k in range(limit):
        state, ev = submit(state, cmd, StreamDice(seed, 1000 * k))
        events += ev
        f = frame(state)
        if state.outcome is not None or f.chase_round != rnd or f.step != "choose":
            last = [i for i, e in enumerate(events)
                    if isinstance(e, ChaseSecondEnded) and e.second == 1]
            return events[:last[0] + 1] if last else events
        cmd = Choose(unit=f.deciding, option="run")
    raise AssertionError("the round never ended")
