"""Setting up a ZeFRS mass battle in a test, the way a GM lays out a position on the grid.

    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    st, ev = round_of(st, DUEL_MISSES + [100, 60, ...], pikes=attack(0), cav=attack(2))

Units stand where they are put (`mass_deploy = "as_placed"`) unless a test deploys them.
Each side has a commander at the back corner who stays put unless a test moves him.  Dice
are scripted in the order the rules throw them: the duel's initiative d10s (leaders by id)
and blows, then each segment's d100s (attacking units by id), then morale (units by id).
"""

from __future__ import annotations

from typing import Any, TypeVar

from rules.commands import Command, Declare
from rules.engine import BattleSetup, scripted, start, submit
from rules.events import Event
from rules.setup import SideSpec, UnitSpec
from rules.state import Battle
from rules.systems.zefrs.mass.duel import awaiting, foe_of
from rules.systems.zefrs.mass.events import mass_frame
from rules.systems.zefrs.mass.orders import MassLead, MassOrder, square_key
from rules.systems.zefrs.mass.setup import grid_board

E = TypeVar("E", bound=Event)

WHITE = 100  # a d100 that is white (a failure) on every column of the chart


def unit(uid: str, side: str, troop: str, square: tuple[int, int], facing: int,
         fighters: int, **over: Any) -> UnitSpec:
    return UnitSpec(id=uid, side=side, template=troop, pos=square, facing=facing,
                    overrides={"fighters": fighters, **over})


def commander(uid: str, side: str, square: tuple[int, int], template: str = "captain",
              **over: Any) -> UnitSpec:
    return UnitSpec(id=uid, side=side, template=template, pos=square,
                    overrides={"role": "commander", **over})


def army(*units: UnitSpec, placed: bool = True, seed: int = 0, **options: Any) -> BattleSetup:
    """Side "a" (the players', at the south) against side "b"; commanders "ca" and "cb" in
    the corners unless the test gives its own."""
    given = {u.side for u in units if u.overrides.get("role") == "commander"}
    extra = [commander(c, s, sq) for c, s, sq in (("ca", "a", (0, 6)), ("cb", "b", (4, 0)))
             if s not in given]
    opts = {"mode": "mass", **({"mass_deploy": "as_placed"} if placed else {}),
            **{f"mass_{k}": v for k, v in options.items()}}
    return BattleSetup(ruleset="zefrs", seed=seed, title="test", board=grid_board(),
                       sides=(SideSpec(id="a", name="The Aquilonians", player_characters=True),
                              SideSpec(id="b", name="The Nemedians")),
                       units=(*units, *extra), options=opts)


def begin(setup: BattleSetup, *dice: int) -> Battle:
    state, _ = start(setup, scripted(*dice))
    return state


def attack(facing: int, to: tuple[int, int] | None = None) -> dict[str, Any]:
    return {"order": "attack", "facing": facing, "to": "" if to is None else f"{to[0]},{to[1]}"}


def defend(facing: int, to: tuple[int, int] | None = None) -> dict[str, Any]:
    return {"order": "defend", "facing": facing, "to": "" if to is None else f"{to[0]},{to[1]}"}


def shoot(target: str, facing: int) -> dict[str, Any]:
    return {"order": "shoot", "facing": facing, "target": target}


def withdraw(facing: int) -> dict[str, Any]:
    return {"order": "withdraw", "facing": facing}


def ride(square: tuple[int, int], lead: bool = False) -> dict[str, Any]:
    return {"ride": square, "lead": lead}


def command_for(state: Battle, uid: str, what: dict[str, Any]) -> Command:
    if "ride" in what:
        return MassLead(unit=uid, to=f"{what['ride'][0]},{what['ride'][1]}", lead=what["lead"])
    return MassOrder(unit=uid, **what)


def round_of(state: Battle, dice: list[int], duel: dict[str, str] | None = None,
             **orders: dict[str, Any]) -> tuple[Battle, list[Event]]:
    """Order every unit named (side a's first), the commanders stay unless named; then each
    duelling leader declares (ZEF-15, ZEF-70) as `duel` says (leader id → the skirmish's
    action, "{foe}" standing for his foe's id), else a plain blow at his foe's chest; the
    dice serve the round that follows.  Fails if a die is left unthrown or one too many
    is asked for."""
    f = mass_frame(state)
    assert f is not None and f.step == "orders", f"no orders are wanted now ({f})"
    cmds: list[Command] = []
    for side in (f.side_a, f.side_b):
        for uid, what in orders.items():
            if state.unit(uid).side == side:
                cmds.append(command_for(state, uid, what))
        cid = f.commander(side)
        if cid and cid not in orders and state.unit(cid).fighting:
            here = state.unit(cid).pos
            assert here is not None
            cmds.append(MassLead(unit=cid, to=square_key(here)))
    events: list[Event] = []
    roll = scripted(*dice)
    for cmd in cmds:
        state, ev = submit(state, cmd, roll)
        events += ev
    while (f := mass_frame(state)) is not None and f.step == "duels" and f.actor:
        leader = awaiting(state, f, f.actor)[0]
        foe = foe_of(state, f, leader)
        action = (duel or {}).get(leader, "fight:{foe}:chest").replace("{foe}", foe)
        state, ev = submit(state, Declare(unit=leader, action=action), roll)
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


def fighters(state: Battle, uid: str) -> int:
    return state.unit(uid).hp
