"""Driving a Fallen Empire battle in a test, the way a GM sets up a position.

    st = begin(fe().side("men", True).side("orcs")
               .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0)
               .unit("orc", "orc", "orcs", (6, 0), facing=3))
    st, ev = declare(st, {"spear": "set_spear", "orc": "charge"}, initiative=(5, 2))
    st = to_phase(st, "movement", "orcs")
    st, ev = act(st, Move(...), 12, 3)          # scripted dice: d20 12, damage 3
    assert only(ev, AttackRolled).kind == "set-spear"

Surprise and morale are off by default (`fe()`), so each test scripts exactly the dice of the
rule it is about; tests of those rules switch them back on.
"""

from __future__ import annotations

from typing import Any

from rules.builder import Scenario
from rules.commands import Command, Declare, EndPhase, Pass
from rules.engine import decider, scripted, start, submit
from rules.events import Event
from rules.state import Battle
from rules.systems.fallen_empire.frames import ChoiceFrame, DeclareFrame, PhaseFrame


def fe(seed: int = 0, **options: Any) -> Scenario:
    opts = {"surprise_enabled": False, "morale_enabled": False}
    opts.update(options)
    return Scenario("fallen_empire", seed=seed).options(**opts)


def begin(sc: Scenario, *dice: int) -> Battle:
    state, _ = start(sc.build(), scripted(*dice) if dice else None)
    return state


def act(state: Battle, cmd: Command, *dice: int) -> tuple[Battle, list[Event]]:
    """Submit one command with exactly these dice (a test fails if more are asked for)."""
    return submit(state, cmd, scripted(*dice))


def declare(state: Battle, actions: dict[str, str], initiative: tuple[int, ...] = (),
            ) -> tuple[Battle, list[Event]]:
    """Declare every unit's action (FE-06) in the order the rules ask, then roll initiative
    with the scripted `initiative` dice (one d6 per acting side, in side order)."""
    events: list[Event] = []
    while isinstance(state.top, DeclareFrame):
        side = decider(state)
        pending = [u.id for u in state.side_units(side or "") if u.id in actions
                   and not getattr(u, "declared", "")]
        undeclared = [u.id for u in state.side_units(side or "")
                      if not getattr(u, "declared", "")]
        missing = [u for u in undeclared if u not in actions]
        if missing and not pending:
            raise AssertionError(f"no action given for {missing}")
        uid = pending[0]
        last_of_all = _is_last(state, uid)
        dice = initiative if last_of_all else ()
        state, ev = act(state, Declare(unit=uid, action=actions[uid]), *dice)
        events += ev
    return state, events


def _is_last(state: Battle, uid: str) -> bool:
    """Will declaring `uid` close the last side's declarations (so initiative is rolled)?"""
    from rules.systems.fallen_empire.options import declarable

    undeclared = [u for u in state.units
                  if not getattr(u, "declared", "") and declarable(state, u)]
    return len(undeclared) == 1 and undeclared[0].id == uid


def phase(state: Battle) -> tuple[str, str] | None:
    """(phase, side to choose) when a side is choosing in a phase, else None."""
    if not isinstance(state.top, ChoiceFrame):
        return None
    return state.top.phase, state.top.actor or ""


def to_phase(state: Battle, wanted: str, side: str, *dice: int) -> Battle:
    """End phases (EndPhase) until `side` is choosing in phase `wanted`."""
    for _ in range(50):
        now = phase(state)
        if now == (wanted, side):
            return state
        if now is None:
            raise AssertionError(f"no side is choosing (top: {type(state.top).__name__}); "
                                 f"wanted {wanted}/{side}")
        state, _ = act(state, EndPhase(side=now[1]), *dice)
    raise AssertionError(f"never reached {wanted}/{side}")


def end_phase(state: Battle, *dice: int) -> tuple[Battle, list[Event]]:
    now = phase(state)
    assert now is not None
    return act(state, EndPhase(side=now[1]), *dice)


def pass_unit(state: Battle, uid: str, *dice: int) -> tuple[Battle, list[Event]]:
    return act(state, Pass(unit=uid), *dice)


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def only(events: list[Event], kind: type) -> Any:
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {len(found)}: {found}"
    return found[0]


def mods(event: Any) -> dict[str, int]:
    """A modifier list as {rule: value}, for asserting which rules applied."""
    out: dict[str, int] = {}
    for m in event.modifiers:
        out[m.rule] = out.get(m.rule, 0) + m.value
    return out


def phase_frame(state: Battle) -> PhaseFrame:
    for f in reversed(state.stack):
        if isinstance(f, PhaseFrame):
            return f
    raise AssertionError("no phase running")


def rolled(events: list[Event]) -> list[int]:
    """Every die face thrown while these events happened, in order."""
    return [r for e in events for r in e.rolls]


def act_exact(state: Battle, cmd: Command, *dice: int) -> tuple[Battle, list[Event]]:
    """`act`, and also fail if some scripted dice were never thrown."""
    state, events = act(state, cmd, *dice)
    assert rolled(events) == list(dice), f"scripted {list(dice)}, thrown {rolled(events)}"
    return state, events
