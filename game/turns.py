"""The turn manager: the only loop that drives the rules core.

It asks the controller of ``decider(state)`` for a command and submits it.  The same loop
serves the window (a human clicks, the UI ``offer``s the command, the next frame's ``step()``
submits it), hot-seat play on one machine, the AI, ``flank simulate`` and the tests.  Headless:
it never imports pygame.

    tm = TurnManager.hot_seat(setup, {"patrol": "Ann", "orcs": "Bob"})
    tm.listeners.append(window.animate)          # (events) -> None after each good step
    ...every frame:
    if tm.handover_pending:                      # hide the board: "I am Bob, show me"
        ...on click: tm.acknowledge_handover()
    elif (res := tm.step()) is not None and res.error:
        show(res.error)                          # a wrong click changes nothing

Controllers
    ``Controller.choose(state, side, legal)`` returns a command, or None when it has none yet
    (a human whose click has not come).  It must never block.

Hand-over (hot-seat)
    With two or more human seats, ``handover_pending`` is the human seat that must decide
    next whenever it differs from the last human seat that acted or was shown the board:
      * at the start of the battle (nobody has been shown the board yet);
      * when the turn passes from one human seat to another, directly or with computer
        seats acting in between (human A, AI, human A raises nothing; A, AI, B does);
      * mid-move and mid-attack too: a reaction window (a free attack offered to a player
        who is not moving, FE-11/FE-14) or a shield splinter choice (FE-31) belongs to the
        reactor's / wounded unit's side, so the hand-over goes to that seat and, once he
        has answered, back to the mover's seat.
    While a hand-over is pending ``step()`` returns None without asking anyone, so a queued
    click cannot leak through and no hidden information is shown; the window clears it with
    ``acknowledge_handover()`` once the player clicks "I am <name>, show me the board".
    With one human seat (or none) there is never a hand-over.

Secrets (what another seat should not see before its hand-over)
    Some events are private to the side that made them until a later event reveals them.
    This is data the event classes declare (``Event.secret``; ``SECRET_EVENTS`` maps each
    secret event type tag to whose secret it is and which tags reveal it).  In Fallen
    Empire, declarations (``fe_action_declared``, FE-06) are secret until the initiative roll
    (``fe_initiative_rolled``, FE-07), and a jouster's throw choice
    (``fe_joust_throw_chosen``, FE-48) until both throws are rolled (``fe_joust_thrown``).
    ``hidden_from(seat, event)`` says whether the window must hide an event of the log from
    a seat now; ``concealed_units(seat)`` names the units whose declared action (a field of
    the state) it must hide as well.  The end of the battle reveals everything.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, runtime_checkable

from rules.commands import Command
from rules.engine import BattleSetup, IllegalCommand, decider, legal_commands, start, submit
from rules.events import SECRET_EVENTS, Event, Secret
from rules.state import Battle, Outcome

MIN_HOT_SEATS = 2
MAX_HUMAN_SEATS = 6

Listener = Callable[[tuple[Event, ...]], None]


# --- controllers ---------------------------------------------------------------------------


@runtime_checkable
class Controller(Protocol):
    """Whoever plays a side: a human through the UI, an AI, a script.

    A controller with ``decides_aside = True`` (`game.threaded.ThreadedController`) may be
    handed ``legal=None`` and lists the legal commands itself, off the window's thread."""

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        """The command to submit for `side`, or None when there is none yet.  Never blocks."""
        ...


class RandomController:
    """Picks uniformly among the legal commands, from its own `random.Random(seed)` (fuzzing,
    tests, a placeholder opponent).  None only if nothing is legal."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        return self.rng.choice(list(legal)) if legal else None


class ScriptedController:
    """Plays the given commands in order, legal or not (tests); None once they run out."""

    def __init__(self, commands: Iterable[Command] = ()) -> None:
        self.queue: deque[Command] = deque(commands)

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        return self.queue.popleft() if self.queue else None

    @property
    def remaining(self) -> int:
        return len(self.queue)


class HumanController:
    """A person at the window: the UI `offer`s the command a click made; `choose` hands the
    oldest one over, or None while nothing has been offered.  Never blocks."""

    def __init__(self) -> None:
        self.queue: deque[Command] = deque()

    def offer(self, command: Command) -> None:
        self.queue.append(command)

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        return self.queue.popleft() if self.queue else None

    def clear(self) -> None:
        self.queue.clear()

    @property
    def pending(self) -> int:
        return len(self.queue)


# --- seats and results ---------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One side's place at the table: who plays it, and whether a person sits there."""

    side: str
    controller: Controller = field(compare=False)
    human: bool = False
    name: str = ""  # shown on the hand-over screen: "I am <name>"


@dataclass(frozen=True)
class StepResult:
    """What one `step()` did.  `error` set: the command was refused and nothing changed."""

    seat: Seat
    command: Command | None
    events: tuple[Event, ...] = ()
    error: str | None = None
    handover: Seat | None = None  # the hand-over pending after this step, if any

    @property
    def ok(self) -> bool:
        return self.error is None


# --- the turn manager ----------------------------------------------------------------------


class TurnManager:
    """Drives one battle: asks the seat of `decider(state)` for a command and submits it.

    Build it from a `BattleSetup` (the battle is started here) or from a `Battle` already
    under way, with `events` the log that led to it (a loaded save) and optionally its
    `history`.  `seats` maps every side of the battle to its `Seat`.
    """

    def __init__(self, source: BattleSetup | Battle, seats: Mapping[str, Seat], *,
                 events: Iterable[Event] = (),
                 history: Iterable[tuple[Command, Sequence[Event]]] = (),
                 listeners: Iterable[Listener] = (), one_player: bool = False) -> None:
        if isinstance(source, BattleSetup):
            if events or history:
                raise ValueError("a battle started from a set-up has no earlier events; pass "
                                 "the state under way to resume one")
            self.setup: BattleSetup | None = source
            state, opening = start(source)
            initial: tuple[Event, ...] = tuple(opening)
        elif isinstance(source, Battle):
            self.setup = None
            state, initial = source, tuple(events)
        else:
            raise ValueError(f"a turn manager starts from a BattleSetup or a Battle, not "
                             f"{type(source).__name__}")
        self.state: Battle = state
        self.seats: dict[str, Seat] = _validate_seats(state, seats)
        self.initial_events: tuple[Event, ...] = initial
        self.history: list[tuple[Command, tuple[Event, ...]]] = [
            (cmd, tuple(evs)) for cmd, evs in history]
        self.listeners: list[Listener] = list(listeners)
        self._log: list[Event] = []
        self._ids: set[int] = set()
        self._open: dict[int, tuple[Event, str, Secret]] = {}  # id(event) → unrevealed secret
        self._record(self.initial_events)
        for _, evs in self.history:
            self._record(evs)
        self._legal: list[Command] | None = None
        self._humans = min(1, len(self.seats)) if one_player else sum(
            1 for s in self.seats.values() if s.human)
        self._shown: str | None = None  # the human seat that last acted or saw the board
        self.handover_pending: Seat | None = None
        self._update_handover()

    # --- building -----------------------------------------------------------------------

    @classmethod
    def hot_seat(cls, setup: BattleSetup, names: Mapping[str, str] | Sequence[str], *,
                 computers: Mapping[str, Controller] | None = None) -> TurnManager:
        """Two to six people on one machine, each with a `HumanController`.

        `names`: side id → display name, or the display names in the set-up's side order.
        Sides named in `computers` are played by those controllers instead."""
        computers = dict(computers or {})
        side_ids = [s.id for s in setup.sides]
        if isinstance(names, Mapping):
            named = dict(names)
        else:
            names = list(names)
            free = [s for s in side_ids if s not in computers]
            if len(names) != len(free):
                raise ValueError(f"hot-seat: {len(names)} names given for {len(free)} human "
                                 f"sides ({', '.join(free)})")
            named = dict(zip(free, names, strict=True))
        both = sorted(set(named) & set(computers))
        if both:
            raise ValueError(f"hot-seat: side {both[0]!r} is given both a player's name and "
                             "a computer controller")
        if not MIN_HOT_SEATS <= len(named) <= MAX_HUMAN_SEATS:
            raise ValueError(f"hot-seat needs {MIN_HOT_SEATS} to {MAX_HUMAN_SEATS} human "
                             f"players, got {len(named)}")
        seen: dict[str, str] = {}
        for side, name in named.items():
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"hot-seat: the player of side {side!r} needs a name")
            if name.strip().casefold() in seen:
                raise ValueError(f"hot-seat: sides {seen[name.strip().casefold()]!r} and "
                                 f"{side!r} are both played by {name.strip()!r}; the hand-over "
                                 "screen needs different names")
            seen[name.strip().casefold()] = side
        seats = {side: Seat(side, HumanController(), True, name.strip())
                 for side, name in named.items()}
        seats.update({side: Seat(side, ctl, False) for side, ctl in computers.items()})
        return cls(setup, seats)

    # --- reading ------------------------------------------------------------------------

    @property
    def waiting_on(self) -> Seat | None:
        """The seat whose turn it is (None once the battle is over)."""
        side = decider(self.state)
        return None if side is None else self.seats[side]

    @property
    def legal(self) -> list[Command]:
        """What the deciding side may do now (cached until the state changes)."""
        if self._legal is None:
            side = decider(self.state)
            self._legal = [] if side is None else legal_commands(self.state, side)
        return list(self._legal)

    @property
    def is_over(self) -> bool:
        return self.state.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def events(self) -> list[Event]:
        """The whole log: the opening events, then every step's, in order."""
        return list(self._log)

    # --- playing ------------------------------------------------------------------------

    def offer(self, command: Command) -> None:
        """Give the waiting human seat's controller a command (what a click does)."""
        seat = self.waiting_on
        if seat is None:
            raise ValueError("the battle is over: nobody is to decide")
        if not isinstance(seat.controller, HumanController):
            raise ValueError(f"it is {seat.name}'s turn, and {seat.name} is not a person at "
                             "this window")
        seat.controller.offer(command)

    def acknowledge_handover(self) -> Seat | None:
        """The player of the pending seat is at the window: show him the board."""
        seat = self.handover_pending
        if seat is not None:
            self._shown = seat.side
            self.handover_pending = None
        return seat

    def step(self) -> StepResult | None:
        """Ask the deciding seat for a command and submit it.

        None: nothing happened (the battle is over, a hand-over is pending, or the controller
        has no command yet).  A refused command gives a result with `error` and changes
        nothing; otherwise the result holds the events, which the listeners have received."""
        seat = self.waiting_on
        if seat is None or self.handover_pending is not None:
            return None
        if getattr(seat.controller, "decides_aside", False) and self._legal is None:
            # it lists the legal commands itself, off the window's thread (at 100 figures a
            # side the list costs the better part of a frame)
            command = seat.controller.choose(self.state, seat.side, None)
        else:
            legal = self.legal
            if not legal:
                raise RuntimeError(f"{seat.side} must decide but has no legal command (top "
                                   f"frame {type(self.state.top).__name__})")
            command = seat.controller.choose(self.state, seat.side, legal)
        if command is None:
            return None
        if not isinstance(command, Command):
            return StepResult(seat, None, error=f"not a command: {command!r}",
                              handover=self.handover_pending)
        try:
            state, events = submit(self.state, command)
        except IllegalCommand as exc:
            return StepResult(seat, command, error=exc.reason, handover=self.handover_pending)
        evs = tuple(events)
        self.state = state
        self._legal = None
        self.history.append((command, evs))
        self._record(evs)
        if seat.human:
            self._shown = seat.side
        self._update_handover()
        for listener in list(self.listeners):
            listener(evs)
        return StepResult(seat, command, evs, handover=self.handover_pending)

    def run(self, max_steps: int = 100_000) -> list[StepResult]:
        """Play headless until the battle ends, someone has no command yet, a hand-over is
        pending, a command is refused (its result is the last one) or `max_steps` steps."""
        out: list[StepResult] = []
        for _ in range(max_steps):
            res = self.step()
            if res is None:
                break
            out.append(res)
            if not res.ok:
                break
        return out

    # --- secrets ------------------------------------------------------------------------

    def hidden_from(self, seat: Seat | str, event: Event) -> bool:
        """Must the window hide `event` (of this battle's log) from `seat` now?

        True while the event is another side's secret that nothing has revealed yet (see
        `SECRET_EVENTS`).  An event the log does not hold is judged as a fresh one."""
        side = seat.side if isinstance(seat, Seat) else seat
        rule = SECRET_EVENTS.get(event.type)
        if rule is None:
            return False
        if id(event) in self._ids:  # this very event of the log (the log keeps it alive)
            found = self._open.get(id(event))
            return found is not None and found[1] != side
        for ev, owner, _ in self._open.values():  # an equal copy, e.g. read back from a save
            if ev == event:
                return owner != side
        if any(ev == event for ev in self._log):
            return False  # revealed
        owner = self._owner(event, rule)
        return owner is not None and owner != side

    def visible_events(self, seat: Seat | str) -> list[Event]:
        """The log as `seat` may see it now."""
        side = seat.side if isinstance(seat, Seat) else seat
        return [e for e in self._log
                if not (id(e) in self._open and self._open[id(e)][1] != side)]

    def concealed_units(self, seat: Seat | str) -> frozenset[str]:
        """Units whose secret (their declared action, FE-06) `seat` may not see yet: the
        window hides their `declared` field and anything drawn from it."""
        side = seat.side if isinstance(seat, Seat) else seat
        return frozenset(str(getattr(ev, rule.owner)) for ev, owner, rule in
                         self._open.values() if rule.by == "unit" and owner != side)

    # --- inside -------------------------------------------------------------------------

    def _owner(self, event: Event, rule: Secret) -> str | None:
        value = getattr(event, rule.owner, None)
        if value is None:
            return None
        if rule.by == "side":
            return str(value)
        return self.state.unit(value).side if self.state.has_unit(value) else None

    def _record(self, events: Iterable[Event]) -> None:
        for e in events:
            self._log.append(e)
            self._ids.add(id(e))
            if self._open:
                for key in [k for k, (_, _, r) in self._open.items() if e.type in r.until]:
                    del self._open[key]
            rule = SECRET_EVENTS.get(e.type)
            if rule is not None:
                owner = self._owner(e, rule)
                if owner is not None:
                    self._open[id(e)] = (e, owner, rule)

    def _update_handover(self) -> None:
        seat = self.waiting_on
        if seat is None or not seat.human or self._humans < MIN_HOT_SEATS:
            self.handover_pending = None
        elif seat.side != self._shown:
            self.handover_pending = seat
        else:
            self.handover_pending = None


def _validate_seats(state: Battle, seats: Mapping[str, Seat]) -> dict[str, Seat]:
    sides = {s.id: s for s in state.sides}
    missing = [s for s in sides if s not in seats]
    if missing:
        raise ValueError(f"side {missing[0]!r} has no seat: every side in the battle needs "
                         f"one ({', '.join(sides)})")
    out: dict[str, Seat] = {}
    for key, seat in seats.items():
        if key not in sides:
            raise ValueError(f"a seat is given for {key!r}, which is not a side in this battle "
                             f"({', '.join(sides)})")
        if not isinstance(seat, Seat):
            raise ValueError(f"the seat for {key!r} is a {type(seat).__name__}, not a Seat")
        if seat.side != key:
            raise ValueError(f"the seat given for {key!r} is side {seat.side!r}'s")
        if not callable(getattr(seat.controller, "choose", None)):
            raise ValueError(f"the controller of {key!r} has no choose(state, side, legal)")
        out[key] = seat if seat.name else replace(seat, name=sides[key].name or key)
    humans = sum(1 for s in out.values() if s.human)
    if humans > MAX_HUMAN_SEATS:
        raise ValueError(f"at most {MAX_HUMAN_SEATS} people can share one machine, but "
                         f"{humans} seats are human")
    return {s: out[s] for s in sides}  # in the battle's side order


__all__ = [
    "SECRET_EVENTS", "Controller", "HumanController", "Listener", "RandomController",
    "ScriptedController", "Seat", "Secret", "StepResult", "TurnManager",
]
