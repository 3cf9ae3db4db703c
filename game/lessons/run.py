"""One lesson being played: its battle, its opponent, and how far the pupil has got.

`LessonRun` builds the battle from the lesson's map under the chosen ruleset (with the
lesson's seed and options for it, so the dice go as the steps say), gives the foe its
scripted opponent, and follows the steps: `feed` is called with the events of every step of
the turn manager and moves on when the current step's goal is met.  Headless; the window's
lesson screen (game/ui/lesson_scene.py) and the tests drive the same object.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.lessons.book import Cell, Lesson, Step
from game.lessons.goals import reached
from game.lessons.opponents import LessonOpponent
from rules.engine import BattleSetup, ruleset_of
from rules.events import Event
from rules.hexgrid import Hex, offset_to_hex
from rules.state import Battle


class LessonRun:
    def __init__(self, lesson: Lesson, ruleset: str | None = None) -> None:
        self.lesson = lesson
        self.ruleset = ruleset or lesson.rulesets[0]
        if self.ruleset not in lesson.rulesets:
            raise ValueError(f"the lesson '{lesson.title}' is not written for {self.ruleset}")
        self.index = 0  # the step the pupil is on; len(steps) once the lesson is done
        self.scenario: Any = None
        self.before: Battle | None = None  # the battle as the last events found it

    # --- the battle ------------------------------------------------------------------------

    def setup(self) -> BattleSetup:
        from game.maps import load_map

        sc = load_map(self.lesson.path_under(self.ruleset), ruleset=self.ruleset,
                      seed=self.lesson.seed.get(self.ruleset, 0))
        self.scenario = sc
        options = {**sc.setup.options, **self.lesson.options.get(self.ruleset, {})}
        return sc.setup.model_copy(update={"options": options})

    @property
    def pupil(self) -> str:
        return self.scenario.pc_side if self.scenario is not None else "pupil"

    def opponent(self) -> LessonOpponent:
        return LessonOpponent(self.lesson.opponent, self.pupil)

    def turn_manager(self, pupil_controller: Any) -> Any:
        """A turn manager with the pupil's seat (a person, or a script in tests) and the
        foe's scripted opponent; its events are fed to this run as they come."""
        from game.turns import Seat, TurnManager

        setup = self.setup()
        seats = {s.id: (Seat(s.id, pupil_controller, True, s.name or "You")
                        if s.id == self.pupil else
                        Seat(s.id, self.opponent(), False, s.name or s.id))
                 for s in setup.sides}
        tm = TurnManager(setup, seats)
        self.before = tm.state
        tm.listeners.append(lambda events: self.feed(tm.state, events))
        return tm

    def cell_hex(self, cell: Cell) -> Hex:
        sc = self.scenario
        return offset_to_hex(cell[0], cell[1], sc.stagger_axis, sc.stagger_index)

    # --- the steps -------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def feed(self, state: Battle, events: Iterable[Event]) -> bool:
        """Check the current step's goal against the state and the events just applied;
        move on if it is met (a goal read from the state may let the next one through too).
        True if any step was completed."""
        events = tuple(events)
        moved = False
        before, self.before = self.before, state
        while self.step is not None and reached(self.step.goal_under(self.ruleset), state,
                                                events, self.pupil, before):
            self.index += 1
            moved = True
            events = ()  # one batch of events completes one step at most
        return moved

    def odds_lines(self, state: Battle) -> list[tuple[str, Any]]:
        """The exact odds the current step shows: (label, AttackOdds) for each one the
        ruleset can give now (a figure already down has none)."""
        step = self.step or (self.lesson.steps[-1] if self.lesson.steps else None)
        if step is None:
            return []
        rs = ruleset_of(self.ruleset)
        out = []
        for o in step.odds:
            try:
                a, t = state.unit(o.attacker), state.unit(o.target)
            except (KeyError, LookupError):
                continue
            if not (a.fighting and t.fighting) or a.pos is None:
                continue
            opts: dict[str, Any] = {"kind": o.kind}
            if o.from_cell is not None:
                opts["from_hex"] = self.cell_hex(o.from_cell)
            if o.defence:
                opts["defence"] = o.defence
            if o.aim:
                opts["aim"] = o.aim
            try:
                out.append((o.label, rs.odds(state, o.attacker, o.target, **opts)))
            except (ValueError, KeyError, LookupError, AssertionError):
                continue
        return out
