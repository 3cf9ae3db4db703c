"""A chase the GM starts in the sandbox between any figures (issue 26, item 1), where the
ruleset has a "chase" mode (asked of `Ruleset.modes()`; nothing here knows a ruleset).

The chase is played on its own screen (or by a chooser in a script) and lands in the
session's log as ONE entry: the GM's `StartChase` with the opening's events and every
second of the chase after them, the state the map came back to.  So undo takes the GM back
to before the chase in one step, redo brings the whole chase back, and the replayed log is
the truth as for any entry.

    run = sb.open_chase(["jory"], ["grip"])       # the chase open, nothing recorded yet
    ... play it: a turn manager from run.state, run.events (the window's chase scene) ...
    sb.finish_chase(run, final_state, chase_events)  # one entry: "Chase: ..."
    sb.chase(["jory"], ["grip"], choose)          # all of it at once (scripts, tests)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.sandbox.common import SandboxError
from game.sandbox.dice import DiceError, DiceLike, dice_for
from rules.commands import Command
from rules.dice import ScriptExhausted
from rules.engine import IllegalCommand, decider, legal_commands, ruleset_of, submit
from rules.events import Event
from rules.gm import StartChase, gm_submit
from rules.state import Battle

__all__ = ["ChaseRun", "Chooser", "can_chase", "chase_over", "open_chase"]

# Picks a runner's command: (the state, the legal commands) -> one of them.
Chooser = Callable[[Battle, list[Command]], Command]
MAX_CHOICES = 10_000  # a chase ends well before this (R-ER-CHASE-ROUNDS); a guard, no rule


@dataclass(frozen=True)
class ChaseRun:
    """A chase the GM has opened and not yet recorded: what opened it, from which state."""

    command: StartChase
    before: Battle  # the sandbox's state when it opened (the entry it will follow)
    events: tuple[Event, ...]  # the opening's events (the GM's call, the initiative ...)
    state: Battle  # the chase open, a runner to decide


def can_chase(state: Battle) -> bool:
    """Does this ruleset have a chase to start ("chase" among its modes)?"""
    return "chase" in ruleset_of(state).modes()


def chase_over(state: Battle) -> bool:
    """The chase has given the map back (or the battle ended in it)."""
    return state.board_kind != "track" or state.outcome is not None


def open_chase(state: Battle, quarries: Iterable[str], pursuers: Iterable[str],
               dice: DiceLike = None) -> ChaseRun:
    """The chase opened from `state` (SandboxError, changing nothing, if it cannot be)."""
    cmd = StartChase(quarries=tuple(quarries), pursuers=tuple(pursuers))
    try:
        after, events = gm_submit(state, cmd, dice_for(state, dice))
    except IllegalCommand as exc:
        raise SandboxError(exc.reason, cmd) from None
    except (ScriptExhausted, DiceError) as exc:
        raise SandboxError(str(exc), cmd) from None
    return ChaseRun(cmd, state, tuple(events), after)


def play_out(run: ChaseRun, choose: Chooser) -> tuple[Battle, list[Event]]:
    """The chase played to its end by `choose`, on the battle's own dice stream."""
    state, events = run.state, []
    for _ in range(MAX_CHOICES):
        if chase_over(state):
            return state, events
        side = decider(state)
        legal = legal_commands(state, side)
        try:
            state, more = submit(state, choose(state, legal))
        except IllegalCommand as exc:
            raise SandboxError(exc.reason, exc.command) from None
        events += more
    raise SandboxError("the chase did not end")


def check_finished(run: ChaseRun, now: Battle, state: Battle, events: Sequence[Event]
                   ) -> None:
    """Refuse to record a chase that is not over or no longer follows the position."""
    if now is not run.before:
        raise SandboxError("the position changed while the chase ran; start it again")
    if not chase_over(state):
        raise SandboxError("the chase is not over yet")
    if not events:
        raise SandboxError("nothing was run in the chase")
