"""What a loaded save holds (`LoadedSave`: its header, its active line of play, the states it
passes through), and the seats that carry the battle on from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from game.saves.format import SaveHeader
from rules.commands import Command
from rules.engine import BattleSetup
from rules.events import Event
from rules.state import Battle


@dataclass(frozen=True)
class Step:
    """One step record: a command and the events it led to, at `number` on its line."""

    number: int
    command: Command
    events: tuple[Event, ...]
    hash: str | None
    line: int


@dataclass(frozen=True)
class _Record:
    line: int
    kind: Literal["opening", "step", "undo", "redo"]
    step: Step | None = None
    count: int = 0
    events: tuple[Event, ...] = ()


@dataclass
class LoadedSave:
    """A save, checked and rebuilt.  `state` is `initial_state(setup)` with every event of the
    active line folded in; `turn_manager(seats)` resumes the battle."""

    path: Path
    header: SaveHeader
    version_read: int  # the format version the file was written in (before upcasting)
    opening: tuple[Event, ...]  # the events of the battle's automatic opening
    history: list[tuple[Command, tuple[Event, ...]]]  # the active line: (command, events)
    redo: list[tuple[Command, tuple[Event, ...]]]  # undone steps that may be redone, in order
    steps: list[Step]  # every step record of the file, undone ones too, in file order
    initial: Battle  # before any event
    opening_state: Battle  # after the opening (position 0 of the line of play)
    state: Battle  # now
    notices: list[str] = field(default_factory=list)
    valid_bytes: int = 0  # the file's length up to the end of its last good line
    opening_recorded: bool = True  # False: the file holds only its header
    records: list[_Record] = field(default_factory=list, repr=False)
    line_states: list[Battle] = field(default_factory=list, repr=False)
    """The state at each position of the active line as the loader rebuilt it (0: after the
    opening, k: after step k), so a replay can show any step without folding up to it;
    empty if not known."""

    @property
    def setup(self) -> BattleSetup:
        return self.header.setup

    @property
    def events(self) -> list[Event]:
        """The whole active log: the opening, then every step's events, in order."""
        out = list(self.opening)
        for _, evs in self.history:
            out.extend(evs)
        return out

    @property
    def position(self) -> int:
        return len(self.history)

    def turn_manager(self, seats: Mapping[str, Any] | None = None,
                     ai: Callable[[str, str], Any] | None = None) -> Any:
        """A `TurnManager` that carries on from here.  Without `seats`, they are made from the
        header's controllers (`seats_from_header`)."""
        from game.turns import TurnManager

        seats = dict(seats) if seats is not None else seats_from_header(self.header, ai)
        return TurnManager(self.state, seats, events=self.opening, history=self.history)


def seats_from_header(header: SaveHeader, ai: Callable[[str, str], Any] | None = None
                      ) -> dict[str, Any]:
    """Seats for the sides of a save: ``human:NAME`` → a `HumanController` named NAME;
    ``random:SEED`` → `RandomController(SEED)`; ``ai:NAME`` → ``ai(side, NAME)`` if given,
    else `game.ai.make_controller(NAME)` (a `RandomController` if there is no such player);
    anything else is a human seat."""
    from game.turns import HumanController, RandomController, Seat

    if ai is None:
        ai = _default_ai(header.seed)

    seats: dict[str, Any] = {}
    names = {s.id: s.name or s.id for s in header.setup.sides}
    for side, who in header.sides.items():
        kind, _, name = who.partition(":")
        if kind == "random":
            seed = int(name) if name.isdigit() and len(name) < 19 else 0
            seats[side] = Seat(side, RandomController(seed), False, name or side)
        elif kind == "ai":
            ctl = ai(side, name)
            seats[side] = Seat(side, ctl, False, name or "computer")
        else:
            seats[side] = Seat(side, HumanController(), True, name or names.get(side, side))
    return seats


def _default_ai(seed: int) -> Callable[[str, str], Any]:
    def make(side: str, name: str) -> Any:
        from game.turns import RandomController

        try:
            from game.ai import make_controller
        except ImportError:
            return RandomController(seed)
        try:
            return make_controller(name or "ai", seed=seed)
        except ValueError:
            return RandomController(seed)
    return make
