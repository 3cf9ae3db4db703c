"""Driving an Empress battle in a test, the way a GM sets up a position.

    st = begin(emp().side("legion", True).side("raiders")
               .unit("leg", "legionary", "legion", (0, 0), facing=0)
               .unit("orc", "orc", "raiders", (1, 0), facing=3, initiative=20))
    assert turn_of(st) == "orc"                  # segment 20 comes first (EMP-01)
    st, ev = act(st, Attack(unit="orc", target="leg"), 14, 5)   # d20 14, damage 5
    atk = only(ev, EmpAttackRolled)

Initiative levels are set per unit with the `initiative` override, so each test says who
acts when.  Surprise is off unless a test turns it on; every die a test needs is scripted.
"""

from __future__ import annotations

from typing import Any

from rules.builder import Scenario
from rules.commands import Command, Pass
from rules.engine import scripted, start, submit
from rules.events import Event
from rules.state import Battle
from rules.systems.empress.frames import TurnFrame


def emp(seed: int = 0, radius: int = 8, **options: Any) -> Scenario:
    sc = Scenario("empress", seed=seed, radius=radius)
    return sc.options(**options) if options else sc


def duel(a: tuple[str, str, tuple[int, int], int, dict[str, Any]],
         b: tuple[str, str, tuple[int, int], int, dict[str, Any]], **options: Any) -> Scenario:
    """Two sides, one figure each: (id, template, hex, facing, overrides)."""
    sc = emp(**options).side("pcs", True).side("foes")
    sc.unit(a[0], a[1], "pcs", a[2], facing=a[3], **a[4])
    sc.unit(b[0], b[1], "foes", b[2], facing=b[3], **b[4])
    return sc


def begin(sc: Scenario, *dice: int) -> Battle:
    state, _ = start(sc.build(), scripted(*dice) if dice else None)
    return state


def act(state: Battle, cmd: Command, *dice: int) -> tuple[Battle, list[Event]]:
    """Submit one command with exactly these dice (fails if more are asked for)."""
    return submit(state, cmd, scripted(*dice))


def rolled(events: list[Event]) -> list[int]:
    return [r for e in events for r in e.rolls]


def act_exact(state: Battle, cmd: Command, *dice: int) -> tuple[Battle, list[Event]]:
    """`act`, and also fail if some scripted dice were never thrown."""
    state, events = act(state, cmd, *dice)
    assert rolled(events) == list(dice), f"scripted {list(dice)}, thrown {rolled(events)}"
    return state, events


def turn_of(state: Battle) -> str | None:
    top = state.top
    return top.unit if isinstance(top, TurnFrame) else None


def pass_until(state: Battle, unit_id: str, *dice: int) -> Battle:
    """Pass every turn until it is `unit_id`'s."""
    for _ in range(100):
        who = turn_of(state)
        if who == unit_id:
            return state
        if who is None:
            raise AssertionError(f"no turn is open (top {type(state.top).__name__})")
        state, _ = act(state, Pass(unit=who), *dice)
    raise AssertionError(f"{unit_id}'s turn never came")


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def only(events: list[Event], kind: type) -> Any:
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {len(found)}: {found}"
    return found[0]


def mods(mod_list: Any) -> dict[str, int]:
    """A modifier list as {rule: value}, for asserting which rules applied."""
    out: dict[str, int] = {}
    for m in getattr(mod_list, "modifiers", mod_list):
        out[m.rule] = out.get(m.rule, 0) + m.value
    return out


def narration(events: list[Event]) -> str:
    return "\n".join(t for t in (e.narrate() for e in events) if t)
