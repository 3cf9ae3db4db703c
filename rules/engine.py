"""The loop at the heart of Flank: submit(command) -> events -> evolve.

    submit(state, command) -> (state', [events])   how a command moves a battle on
    apply(state, command)                           submit, unchecked: a legal command a
                                                    search took from legal_commands
    decide(ctx, command)                            the ruleset's rules; dice are rolled here
    evolve(state, event) -> state'                  no rules, no dice: replay rebuilds any state

A ruleset decides by *emitting* events through a `Context`, which folds each one into the
state at once, so the rules always read the state as it now is (the orc that just died does
not strike back).  After the command, the engine keeps running the procedures on top of the
pending-decision stack by itself until someone has to choose again, as a Blood Bowl engine
does: round → side turn → a move in progress → a reaction window.

The set-up a battle starts from is `rules.setup`; what a ruleset supplies is `rules.ruleset`
(both re-exported here, where most code imports them).  The small protocol every ruleset
follows is OpenSpiel's: who decides (`decider`), what they
may do (`legal_commands`), apply (`submit`), is it over (`is_terminal`), and the chance
outcomes with their probabilities (`Ruleset.odds`).
"""

from __future__ import annotations

import sys

import rules.evolvers  # noqa: F401  (registers how the shared events change a battle)
from rules import registry
from rules.commands import Command, field_refusal
from rules.dice import Dice, ScriptedDice, StreamDice
from rules.events import Event, UnitFaced, evolver_for
from rules.hexgrid import sextant_direction
from rules.ruleset import AttackOdds, Ruleset
from rules.setup import (
    BattleSetup,
    BoardSpec,
    SideSpec,
    TerrainSpec,
    UnitSpec,
)
from rules.state import Battle, Side

MAX_AUTOMATIC_STEPS = 100_000


class IllegalCommand(Exception):
    """A command the rules do not allow now; the state is unchanged.  `str()` says why."""

    def __init__(self, command: Command, reason: str) -> None:
        super().__init__(f"{command.describe()}: {reason}")
        self.command = command
        self.reason = reason


# --- deciding and evolving -----------------------------------------------------------------


class Context:
    """A battle being decided: rules read `state`, roll on `dice` and `emit` what happened."""

    def __init__(self, state: Battle, dice: Dice | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.dice: Dice = dice if dice is not None else StreamDice(state.seed, state.dice_counter)
        self._rolls_claimed = 0

    def emit(self, event: Event) -> None:
        made: list[int] = getattr(self.dice, "made", [])
        fresh = tuple(made[self._rolls_claimed:])
        if fresh:
            event = event.model_copy(update={"rolls": event.rolls + fresh})
            self._rolls_claimed = len(made)
        self.state = evolve(self.state, event)
        self.events.append(event)

    def unclaimed_rolls(self) -> int:
        return len(getattr(self.dice, "made", [])) - self._rolls_claimed


def evolve(state: Battle, event: Event) -> Battle:
    """Fold one event into the state.  Pure; the only place state changes."""
    fn = evolver_for(state.ruleset, type(event))
    if fn is None:
        raise TypeError(f"no evolver registered for event {event.type!r}")
    new = fn(state, event)
    if new is not state and _refcount(new) <= _ONLY_HERE:
        # A state the evolver has just made and nobody else holds yet: counting the event
        # in it cannot be seen by anyone, and saves making a second state per event (the
        # replay's largest cost after the evolvers' own, issue 36).
        object.__setattr__(new, "dice_counter", new.dice_counter + len(event.rolls))
        object.__setattr__(new, "events_applied", new.events_applied + 1)
        return new
    return new.remade(dice_counter=new.dice_counter + len(event.rolls),
                      events_applied=new.events_applied + 1)


def _only_here() -> int:
    """What `sys.getrefcount` says of an object held by one local name alone (its argument
    adds one); 0 where the interpreter has no reference counts (nothing is ever patched)."""
    if not hasattr(sys, "getrefcount"):
        return 0
    probe = object()
    return sys.getrefcount(probe)


_refcount = getattr(sys, "getrefcount", lambda obj: 1 << 30)
_ONLY_HERE = _only_here()


def evolve_all(state: Battle, events: list[Event] | tuple[Event, ...]) -> Battle:
    for e in events:
        state = evolve(state, e)
    return state


def register_ruleset(rs: Ruleset) -> Ruleset:
    """Make a ruleset known at run time, beside those installed as entry points (tests, a
    script defining a ruleset in place)."""
    registry.add(registry.RULESETS, rs.id, rs)
    return rs


def ruleset_of(state_or_id: Battle | str) -> Ruleset:
    """The ruleset of a battle, or by id, found through the registry (`rules.registry`):
    the engine never imports a ruleset itself.  KeyError, naming the known ones, if none."""
    rid = state_or_id if isinstance(state_or_id, str) else state_or_id.ruleset
    try:
        rs = registry.load(registry.RULESETS, rid)
    except registry.PluginError as exc:
        raise KeyError(str(exc)) from None
    if not isinstance(rs, Ruleset):
        raise KeyError(f"the ruleset entry {rid!r} is a {type(rs).__name__}, not a Ruleset")
    return rs


def rulesets() -> list[Ruleset]:
    """Every ruleset that loads, in the order the menu lists them (`Ruleset.order`, then
    name): the bundled ones and any installed beside Flank."""
    found = [rs for rs in registry.load_all(registry.RULESETS).values()
             if isinstance(rs, Ruleset)]
    return sorted(found, key=lambda rs: (rs.order, rs.name))


def catalogue() -> list[tuple[str, str, str]]:
    """(id, name, source text) of every ruleset, in menu order: what `flank rulesets` prints."""
    return [(rs.id, rs.name, rs.source) for rs in rulesets()]


def advance(ruleset: Ruleset, ctx: Context) -> None:
    """Run automatic frames until a side must decide or the battle is over."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        top = ctx.state.top
        if ctx.state.outcome is not None or top is None or top.actor is not None:
            return
        before = len(ctx.events)
        if top.owns_commands:
            top.run(ctx)
        else:
            ruleset.run_frame(ctx, top)
        if len(ctx.events) == before:
            raise RuntimeError(f"{ruleset.id}: frame {type(top).__name__} emitted nothing")
    raise RuntimeError(f"{ruleset.id}: no decision after {MAX_AUTOMATIC_STEPS} automatic steps")


def start(setup: BattleSetup, dice: Dice | None = None) -> tuple[Battle, list[Event]]:
    """The opening state of a battle and the events of its automatic opening (round 1, …)."""
    ruleset = ruleset_of(setup.ruleset)
    state = ruleset.initial_state(setup)
    ctx = Context(state, dice)
    advance(ruleset, ctx)
    return ctx.state, ctx.events


def initial_state(setup: BattleSetup) -> Battle:
    """The state before any event: what replay folds the log onto."""
    return ruleset_of(setup.ruleset).initial_state(setup)


def decider(state: Battle) -> str | None:
    """The side that must choose now, or None when the battle is over."""
    if state.outcome is not None or state.top is None:
        return None
    return state.top.actor


def is_terminal(state: Battle) -> bool:
    return state.outcome is not None


def legal_commands(state: Battle, side: str | None = None) -> list[Command]:
    who = decider(state)
    if who is None or (side is not None and side != who):
        return []
    if state.top is not None and state.top.owns_commands:
        return state.top.legal(state, who)
    return ruleset_of(state).legal_commands(state, who)


def check(state: Battle, command: Command) -> str | None:
    """Why `command` may not be given now (a sentence for a player), or None.

    Every field is checked (issue 21): first what is wrong in any battle (`field_refusal`:
    a malformed field, a unit, target or side that is not there, a facing that is not one of
    six, a path off the board), then what the frame on top (or the ruleset) says of this
    moment, which refuses any field its decision does not use unless it is at its
    default."""
    if state.outcome is not None:
        return "the battle is over"
    if state.top is None or state.top.actor is None:
        return "nobody is to decide now"
    why = field_refusal(state, command)
    if why is not None:
        return why
    if state.top.owns_commands:
        return state.top.check(state, command)
    return ruleset_of(state).check(state, command)


def submit(state: Battle, command: Command, dice: Dice | None = None
           ) -> tuple[Battle, list[Event]]:
    """Apply one command: its events and the automatic play after it.

    Raises `IllegalCommand` (and changes nothing) if the rules do not allow it now.
    """
    reason = check(state, command)
    if reason is not None:
        raise IllegalCommand(command, reason)
    return apply(state, command, dice)


def apply(state: Battle, command: Command, dice: Dice | None = None
          ) -> tuple[Battle, list[Event]]:
    """`submit` for a command already known to be legal here, without checking it again:
    what a search pays per position (issue 36).

    Trusted means taken from `legal_commands(state)` of this very state, or already passed
    by `check(state, ...)`: the state and events are then exactly `submit`'s (tests/
    test_apply.py plays every ruleset both ways).  An untrusted command is not refused
    here; the rules may then do what they never allow, so a player's command, a save's line
    or a network's goes through `submit`.

    A battle needs no clone to search from: states are frozen and every command makes a
    new one, sharing what it did not change, so `apply(state, a)` and `apply(state, b)`
    both start from the same `state`, unchanged by either.
    """
    ruleset = ruleset_of(state)
    ctx = Context(state, dice)
    top = state.top
    if top is not None and top.owns_commands:
        top.decide(ctx, command)
    else:
        ruleset.decide(ctx, command)
    advance(ruleset, ctx)
    if ctx.unclaimed_rolls():
        raise RuntimeError(f"{ruleset.id}: dice rolled but not recorded in any event")
    return ctx.state, ctx.events


def scripted(*faces: int) -> ScriptedDice:
    """Dice for tests: `submit(state, cmd, scripted(14, 6))`."""
    return ScriptedDice(list(faces))


def face_target(ctx: Context, unit_id: str, target_id: str) -> None:
    """A fighter turns toward the foe he strikes, as he strikes: the ruling of every bundled
    ruleset (R-FE-FACE-ATTACK, R-EMP-FACE).  No turn when either is off the board or they
    share a hex."""
    u, t = ctx.state.unit(unit_id), ctx.state.unit(target_id)
    if u.pos is None or t.pos is None or u.pos == t.pos:
        return
    want = sextant_direction(u.pos, t.pos)
    if want != u.facing:
        ctx.emit(UnitFaced(unit=unit_id, facing=want))


def command_owner_refusal(state: Battle, cmd: Command) -> str | None:
    """Why a command for a unit may not be given now by the side whose decision it is (no
    such unit, or not that side's), or None: the first check of every ruleset's `check`."""
    top = state.top
    side = top.actor if top else None
    unit_id = getattr(cmd, "unit", None)
    if unit_id is None:
        return None
    if not state.has_unit(unit_id):
        return f"there is no unit {unit_id!r}"
    if state.unit(unit_id).side != side:
        return f"{unit_id} is not {side}'s to command now"
    return None


def side_ids(state: Battle) -> tuple[str, ...]:
    return tuple(s.id for s in state.sides)


__all__ = [
    "AttackOdds",
    "BattleSetup",
    "BoardSpec",
    "Context",
    "IllegalCommand",
    "Ruleset",
    "Side",
    "SideSpec",
    "TerrainSpec",
    "UnitSpec",
    "apply",
    "catalogue",
    "check",
    "command_owner_refusal",
    "decider",
    "evolve",
    "evolve_all",
    "face_target",
    "initial_state",
    "is_terminal",
    "legal_commands",
    "register_ruleset",
    "ruleset_of",
    "rulesets",
    "scripted",
    "start",
    "submit",
]
