"""The mass battle's events shown one after another (ZEF-66..79): the grid is drawn from a
state that catches up with the battle an event at a time, so casualties fall as numbers and
the blocks thin segment by segment, and a morale break stands on the screen for a moment.

Why: the rules decide a whole round at once; a player must see it happen in the order the
text fights it.  Folding events needs no rules (`rules.engine.evolve`), so the animator
never decides anything.
"""

from __future__ import annotations

from game.render.mass_view import Float
from rules.engine import evolve
from rules.events import Event
from rules.state import Battle
from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.mass.events import (
    MassDuelsOpened,
    MassMoraleChecked,
    MassUnitBroke,
    MassUnitChecked,
    MassUnitMoved,
    MassWithdrew,
)

__all__ = ["MassAnimator"]

PAUSE = {MassUnitChecked: 0.55, MassUnitBroke: 1.8, MassMoraleChecked: 0.6,
         ZefAttackRolled: 0.6, MassDuelsOpened: 0.5, MassUnitMoved: 0.35, MassWithdrew: 0.5}
FLOAT_S = 1.1


class MassAnimator:
    def __init__(self, state: Battle, speed: float = 1.0) -> None:
        self.shown = state
        self.queue: list[Event] = []
        self.timer = 0.0
        self.speed = speed
        self.floats: list[tuple[float, object, str, tuple[int, int, int]]] = []
        self.banner = ""
        self.banner_left = 0.0
        self.last: Event | None = None

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.timer > 0

    def push(self, events: list[Event]) -> None:
        self.queue += events

    def reset(self, state: Battle) -> None:
        self.shown, self.queue, self.timer, self.floats = state, [], 0.0, []
        self.banner, self.banner_left = "", 0.0

    def skip(self) -> None:
        for e in self.queue:
            self.shown = evolve(self.shown, e)
        self.queue, self.timer, self.floats = [], 0.0, []
        self.banner_left = 0.0

    def update(self, dt: float) -> None:
        dt *= self.speed
        self.floats = [(age + dt / FLOAT_S, sq, t, c) for age, sq, t, c in self.floats
                       if age + dt / FLOAT_S < 1]
        self.banner_left = max(0.0, self.banner_left - dt)
        self.timer = max(0.0, self.timer - dt)
        while self.timer <= 0 and self.queue:
            e = self.queue.pop(0)
            before = self.shown
            self.shown = evolve(self.shown, e)
            self.last = e
            self.timer = PAUSE.get(type(e), 0.04)
            self._mark(before, e)

    def _mark(self, before: Battle, e: Event) -> None:
        if isinstance(e, MassUnitChecked) and before.has_unit(e.target):
            sq = before.unit(e.target).pos
            if sq is not None:
                colour = (255, 90, 80) if e.lost else (200, 200, 200)
                self.floats.append((0.0, sq, f"−{e.lost}" if e.lost else "0", colour))
        elif isinstance(e, MassUnitBroke):
            name = before.unit(e.unit).name.upper()
            self.banner = (f"{name} BREAK AND FLEE!" if e.how == "fled"
                           else f"{name} ARE CUT DOWN!")
            self.banner_left = 1.8

    def moment_floats(self) -> tuple[Float, ...]:
        return tuple(Float(sq, t, c, age) for age, sq, t, c in self.floats)  # type: ignore[arg-type]
