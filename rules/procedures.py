"""The procedures every skirmish ruleset runs on the pending-decision stack, written once.

Why this exists: a move walked hex by hex, with the foes each step provokes found before the
step and asked one by one, and the reaction window each of them answers, are the same
machinery under Fallen Empire's free attacks, Empress's opportunity attacks and the flee and
opportunity attacks of the rulesets still to come.  Only *who* a step provokes, what taking the
chance costs and how the log words it differ.  So this module holds the shared part:

* the frames: `WalkFrame` (a ruleset's MoveFrame extends it) and `ReactionFrame`;
* the shape of their events: `MoveBegan`, `ReactionsDue`, `ReactionOffered`,
  `ReactionAnswered`, `MoveEnded`.  A ruleset subclasses each with its own `type` tag (the
  tags are its save format) and its own words; the evolvers registered here move the stack
  for every subclass (`rules.events.evolver_for` looks up the class hierarchy) unless the
  ruleset registers its own, which then calls the same function for the shared part;
* `FrameOpened`, the event that does nothing but open a frame (a decision offered, a phase
  begun, an attack announced): the frame is made from the event's fields of the same names;
* the walk itself (`walk_on`), the path preview built on the same rules (`provoked_along`),
  the reaction window's commands (`reaction_commands`, `reaction_refusal`);
* small stack and bookkeeping helpers (`find_frame`, `set_frame`, `system_of`,
  `with_system`) and the end of a battle (`battle_decided`, `out_of_rounds`).

The core never imports a ruleset: a ruleset passes its own rules in (`reactions_at`) and its
own event classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, TypeVar

from rules.commands import Command, React
from rules.engine import Context
from rules.events import BattleEnded, Event, HexT, UnitStepped, evolver, hx, unhx
from rules.hexgrid import Hex
from rules.state import Battle, Frame, Unit, changed
from rules.wording import PLAIN, Words, and_list

S = TypeVar("S")

Reactions = list[tuple[str, str]]
"""(reactor id, trigger) pairs, in the order the reactors are asked."""

ReactionsAt = Callable[[Battle, "WalkFrame", int], Reactions]
"""A ruleset's rule: whom step `i` of the walk provokes, in the order they are asked."""


# --- the stack and the battle-wide bookkeeping --------------------------------------------


def find_frame(state: Battle, kind: type[Frame]) -> int:
    """The index of the topmost frame of `kind` on the stack (LookupError if none)."""
    for i in range(len(state.stack) - 1, -1, -1):
        if isinstance(state.stack[i], kind):
            return i
    raise LookupError(f"no {kind.__name__} on the stack")


def set_frame(state: Battle, index: int, frame: Frame) -> Battle:
    """The state with the frame at `index` replaced (a frame below the top changes)."""
    return state.remade(stack=(*state.stack[:index], frame, *state.stack[index + 1:]))


def system_of(state: Battle, kind: type[S]) -> S:
    """The ruleset's battle-wide data (`Battle.system`), checked to be of its own kind."""
    assert isinstance(state.system, kind)
    return state.system


def with_system(state: Battle, **changes: Any) -> Battle:
    """The state with some fields of its battle-wide data changed."""
    return changed(state, system=changed(state.system, **changes))


# --- the frames ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WalkFrame(Frame):
    """A move walked one hex at a time.  Before each step the ruleset says whom it provokes
    (`checked` is the last step looked at); they wait in `queued` and are asked one by one
    (`asked`: everyone offered a reaction during this move, each at most once)."""

    gm_may_interrupt: ClassVar[bool] = False
    unit: str = ""
    path: tuple[Hex, ...] = ()
    mode: str = "move"
    facing: int | None = None  # the facing asked for at the end of the path
    queued: tuple[tuple[str, str], ...] = ()  # (reactor, trigger) still to be offered
    checked: int = -1
    asked: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ReactionFrame(Frame):
    """A reaction offered to one foe (a free or opportunity attack): he takes it or not."""

    gm_may_interrupt: ClassVar[bool] = False
    reactor: str = ""
    mover: str = ""  # whom the reaction would strike
    trigger: str = ""  # why it is offered, in the ruleset's words (retreat, past, leave …)


# --- the events (each ruleset subclasses them with its own type tag) -----------------------


class FrameOpened(Event):
    """An event whose whole effect is to open a frame: a ruleset's subclass names the frame
    (`FRAME`), and the frame gets the event's fields of the same names, its `side` (if any)
    as the side who decides."""

    FRAME: ClassVar[type[Frame]]

    def opened(self) -> Frame:
        given = {name: getattr(self, name) for name in _field_names(self.FRAME)
                 if name in type(self).model_fields}
        if "side" in type(self).model_fields:
            given["actor"] = getattr(self, "side")  # noqa: B009 (not every subclass has it)
        return self.FRAME(**given)


@cache
def _field_names(kind: type[Frame]) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


@evolver(FrameOpened)
def _opened(state: Battle, e: FrameOpened) -> Battle:
    return state.push(e.opened())


class MoveBegan(Event):
    """A unit sets out along `path` (its first hex is where he stands)."""

    unit: str
    path: tuple[HexT, ...]
    mode: str

    def hexes(self) -> tuple[Hex, ...]:
        return tuple(unhx(p) for p in self.path)


class ReactionsDue(Event):
    """The next step of a move provokes these foes, in the order they are asked."""

    # How the log words each trigger (`rules.positioning.path_triggers`' kinds, and a full
    # retreat); a ruleset's subclass words its own, with the clause.  A trigger with no
    # phrase is left unsaid rather than shown as the rules' key.
    TRIGGER_WORDS: ClassVar[dict[str, str]] = {
        "leave": "for leaving his reach", "pass": "for moving past him",
        "enter_reach": "for stepping into his longer reach", "retreat": "for retreating"}
    unit: str
    step: int
    reactors: tuple[tuple[str, str], ...]  # (reactor, trigger)

    def narrate(self, w: Words = PLAIN) -> str:
        if not self.reactors:
            return ""
        who = and_list([w.unit(r) + (f" ({self.TRIGGER_WORDS[t]})" if t in self.TRIGGER_WORDS
                                     else "") for r, t in self.reactors])
        return f"{w.unit(self.unit)}'s move provokes {who}."


class ReactionOffered(Event):
    """One foe is asked whether he takes his reaction; `side` decides."""

    reactor: str
    mover: str
    trigger: str
    side: str


class ReactionAnswered(Event):
    """The foe took the chance or let it go."""

    reactor: str
    accept: bool

    def narrate(self, w: Words = PLAIN) -> str:
        return "" if self.accept else f"{w.unit(self.reactor)} lets the chance go."


class MoveEnded(Event):
    """The walk is over: the path is done, or the mover was stopped."""

    unit: str


@evolver(ReactionsDue)
def queue_reactions(state: Battle, e: ReactionsDue) -> Battle:
    """The foes the next step provokes wait in the move's queue, to be asked in turn."""
    frame = state.top
    assert isinstance(frame, WalkFrame)
    return state.replace_top(changed(frame, queued=e.reactors, checked=e.step))


@evolver(ReactionOffered)
def _offered(state: Battle, e: ReactionOffered) -> Battle:
    """The reactor leaves the move's queue (if a move provoked him) and is asked."""
    frame = state.top
    if isinstance(frame, WalkFrame):
        frame = changed(frame, queued=tuple(q for q in frame.queued if q[0] != e.reactor),
                        asked=(*frame.asked, e.reactor))
        state = state.replace_top(frame)
    return state.push(ReactionFrame(actor=e.side, reactor=e.reactor, mover=e.mover,
                                    trigger=e.trigger))


@evolver(ReactionAnswered)
def close_reaction(state: Battle, e: ReactionAnswered | None = None) -> Battle:
    """The reaction window closes (a ruleset's own evolver calls this, then books what
    taking the chance cost)."""
    assert isinstance(state.top, ReactionFrame)
    return state.pop()


@evolver(MoveEnded)
def end_walk(state: Battle, e: MoveEnded | None = None) -> Battle:
    """The move's frame comes off the stack (a ruleset's own evolver calls this, then books
    the rest)."""
    assert isinstance(state.top, WalkFrame)
    return state.pop()


# --- walking -------------------------------------------------------------------------------


def path_refusal(path: list[Hex], facing: int | None, mover: Unit | None = None
                 ) -> str | None:
    """What is wrong with a move's path and final facing as such, before any rule.  Given
    the `mover`, a one-hex path (a turn in place) must turn him: one that leaves him as he
    is would use his move for nothing, with a `facing` the decision does not use."""
    if len(set(path)) != len(path):
        return "a path may not visit a hex twice"
    if facing is not None and not 0 <= facing <= 5:
        return "facing must be 0 to 5"
    if mover is not None and len(path) == 1:
        if facing is None:
            return (f"{mover.id} neither moves nor turns: a move in place must name the "
                    "way he turns to face")
        if facing == mover.facing:
            return f"{mover.id} already faces that way"
    return None


def walk_on(ctx: Context, f: WalkFrame, *, reactions_at: ReactionsAt,
            offered: type[ReactionOffered], due: type[ReactionsDue],
            arrive: Callable[[], None], backing: bool = False) -> None:
    """Run one beat of a walk.  The next foe already found is asked; at the end of the path,
    `arrive` finishes the move; before a step not yet looked at, the foes it provokes are
    found (`reactions_at`) and queued; otherwise the mover takes the step, turning to face
    it unless he is `backing` away.  The mover stands on the path (a ruleset stops a walk
    whose mover fell or was pushed off it before calling this)."""
    state = ctx.state
    u = state.unit(f.unit)
    assert u.pos is not None
    i = f.path.index(u.pos)
    if f.queued:
        reactor, trigger = f.queued[0]
        ctx.emit(offered(reactor=reactor, mover=u.id, trigger=trigger,
                         side=state.unit(reactor).side))
        return
    if i == len(f.path) - 1:
        arrive()
        return
    if f.checked < i:
        found = reactions_at(state, f, i)
        if found:
            ctx.emit(due(unit=u.id, step=i, reactors=tuple(found)))
            return
    nxt = f.path[i + 1]
    facing = u.facing if backing else (u.pos.direction_to(nxt) or u.facing)
    ctx.emit(UnitStepped(unit=u.id, from_hex=hx(u.pos), to_hex=hx(nxt), facing=facing))


def provoked_along(state: Battle, f: WalkFrame, reactions_at: ReactionsAt
                   ) -> list[tuple[int, str, str]]:
    """Whom a walk along `f.path` would provoke at which step, as (step, reactor, trigger),
    if nobody is hurt on the way: the path preview, from the same rule the walk uses."""
    out: list[tuple[int, str, str]] = []
    walker = state
    for i in range(len(f.path) - 1):
        for reactor, trigger in reactions_at(walker, f, i):
            out.append((i, reactor, trigger))
            f = changed(f, asked=(*f.asked, reactor))
        walker = walker.update_unit(f.unit, pos=f.path[i + 1])
    return out


# --- the reaction window -------------------------------------------------------------------


def reaction_commands(f: ReactionFrame) -> list[Command]:
    """What the reactor may do: take the chance or let it go."""
    return [React(unit=f.reactor, accept=True), React(unit=f.reactor, accept=False)]


def reaction_refusal(f: ReactionFrame, cmd: Command, what: str) -> str | None:
    """Why `cmd` is not the reactor's answer (`what`: the reaction in the ruleset's words)."""
    if not isinstance(cmd, React) or cmd.unit != f.reactor:
        return f"{f.reactor} must first take or decline the {what} at {f.mover}"
    return None


# --- the end of a battle -------------------------------------------------------------------


def battle_decided(ctx: Context, reason: str) -> bool:
    """The battle ends when at most one side still has anyone able to fight: the one left
    wins (`reason` says why every foe is out), or nobody does."""
    state = ctx.state
    standing = [s.id for s in state.sides
                if any(u.side == s.id and u.fighting for u in state.units)]
    if len(standing) > 1:
        return False
    if standing:
        ctx.emit(BattleEnded(winner=standing[0], reason=reason))
    else:
        ctx.emit(BattleEnded(winner=None, reason="nobody is left standing"))
    return True


def out_of_rounds(ctx: Context, limit: int) -> bool:
    """After `limit` rounds (the GM's max_rounds) the battle is a draw."""
    if ctx.state.round >= limit:
        ctx.emit(BattleEnded(winner=None, reason=f"{limit} rounds fought: a draw"))
        return True
    return False


def frame_line(state: Battle, w: Words,
               lines: tuple[tuple[type, Callable[[Battle, Words, Any], str]], ...]) -> str:
    """The line a ruleset's moments say for the frame on top (the first of `lines` whose
    frame class it is), or "" when nobody must decide in it or none is its class: the
    dispatch every ruleset's `moments.moment` began with."""
    top = state.top
    if top is None or top.actor is None:
        return ""
    for kind, line in lines:
        if isinstance(top, kind):
            return line(state, w, top)
    return ""


def top_frame_commands(state: Battle,
                       procedures: tuple[tuple[type, Callable[[Battle, Any], list[Any]]], ...]
                       ) -> list[Any]:
    """The legal commands of the frame on top, from the first of `procedures` whose frame
    class it is (a reaction frame's are `frame_reactions`); [] for none: the dispatch that
    began every ruleset's `legal_commands`."""
    top = state.top
    for kind, procedure in procedures:
        if isinstance(top, kind):
            return procedure(state, top)
    return []


def frame_reactions(state: Battle, f: ReactionFrame) -> list[Command]:
    """`reaction_commands` in the shape `top_frame_commands` calls."""
    return reaction_commands(f)


def off_a_friends_hex(ctx: Context, path: tuple[Hex, ...], u: Any) -> None:
    """R-POS-BLOCK: a figure felled while passing through a friend's hex on `path` falls
    back onto the last hex of his path behind him that is free (no two figures end on one
    hex).  Shared by the walks of Empress and Enchanted Realms."""
    if u.pos is None or u.pos not in path:
        return
    if not any(o.id != u.id and o.pos == u.pos and o.status not in ("dead", "gone")
               for o in ctx.state.units):
        return
    i = path.index(u.pos)
    for back in reversed(path[:i]):
        if ctx.state.unit_at(back) is None:
            ctx.emit(UnitStepped(unit=u.id, from_hex=hx(u.pos), to_hex=hx(back),
                                 facing=u.facing))
            return


__all__ = [
    "FrameOpened", "MoveBegan", "MoveEnded", "ReactionAnswered", "ReactionFrame",
    "ReactionOffered", "ReactionsDue", "WalkFrame", "battle_decided", "close_reaction",
    "end_walk", "find_frame", "frame_line", "frame_reactions", "off_a_friends_hex",
    "out_of_rounds", "path_refusal", "provoked_along", "queue_reactions", "reaction_commands",
    "reaction_refusal", "set_frame", "system_of", "top_frame_commands", "walk_on",
    "with_system",
]
