"""The chase's events shown one after another (ER-29..ER-33): the track is drawn from a
state that catches up with the battle an event at a time, so each movement roll lands
beside its runner second by second, blows are shown as they fall, and the end of the chase
stands on the screen for a moment.

Why: the rules run a whole round of seconds between two choices; a player must see the
countdown happen.  Folding events needs no rules (`rules.engine.evolve`), so the animator
never decides anything.
"""

from __future__ import annotations

from rules.engine import evolve
from rules.events import Event
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import (
    ChaseEnded,
    ChaseMoved,
    ChaseRunnerOut,
    ChaseSecondEnded,
    ChaseSwingLost,
    ChaseSwung,
)
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from rules.wording import Words, plural

__all__ = ["ChaseAnimator", "note_of"]

PAUSE = {ChaseMoved: 0.22, ChaseSecondEnded: 0.3, ErAttackRolled: 0.9, ChaseSwung: 0.5,
         ChaseRunnerOut: 1.2, ChaseSwingLost: 0.5, ChaseEnded: 1.6}


RUNNING = ("ER-22", "ER-23", "ER-24", "ER-25")  # the running penalty's parts


def note_of(e: Event) -> tuple[str, str] | None:
    """(runner, a few words) for the last thing an event shows him doing, or None: short,
    to sit under his figure; the log and the caption say it whole."""
    if isinstance(e, ChaseMoved):
        if not e.face:
            return e.unit, "no ground"
        roll = f"{e.face}{e.agility:+d}"
        if e.held_back:
            return e.unit, f"{roll}: at his heels"
        return e.unit, f"{roll}: +{plural(e.hexes, 'hex')}" if e.hexes else f"{roll}: fails"
    if isinstance(e, ErAttackRolled):
        running = sum(m.value for m in e.modifiers if m.rule.startswith(RUNNING))
        return e.attacker, (f"hits: {e.damage}" if any(e.hits) else "misses") + \
            f" ({running:+d})"
    if isinstance(e, ChaseSwingLost):
        return e.unit, "out of reach"
    return None


class ChaseAnimator:
    def __init__(self, state: Battle, speed: float = 1.0) -> None:
        self.shown = state
        self.queue: list[Event] = []
        self.timer = 0.0
        self.speed = speed
        self.notes: dict[str, str] = {}
        self.banner = ""
        self.banner_left = 0.0
        self.caption = ""

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.timer > 0

    def push(self, events: list[Event]) -> None:
        self.queue += events

    def reset(self, state: Battle) -> None:
        self.shown, self.queue, self.timer = state, [], 0.0
        self.banner, self.banner_left, self.notes = "", 0.0, {}

    def skip(self) -> None:
        for e in self.queue:
            self._show(e)
        self.queue, self.timer, self.banner_left = [], 0.0, 0.0

    def update(self, dt: float) -> None:
        dt *= self.speed
        self.banner_left = max(0.0, self.banner_left - dt)
        self.timer = max(0.0, self.timer - dt)
        while self.timer <= 0 and self.queue:
            e = self.queue.pop(0)
            self._show(e)
            self.timer = PAUSE.get(type(e), 0.05)

    def _show(self, e: Event) -> None:
        w = Words.of(self.shown)
        self.shown = evolve(self.shown, e)
        note = note_of(e)
        if note is not None:
            self.notes[note[0]] = note[1]
        if isinstance(e, ChaseRunnerOut):
            self.banner = f"{w.unit(e.unit)}: {e.why}!"
            self.banner_left = 1.2
        elif isinstance(e, ChaseEnded):
            self.banner = {"escaped": "They got away!", "caught": "Caught!",
                           "spent": "Both sides are spent"}.get(e.result, "The chase is over")
            self.banner_left = 1.6
        say = w.say(e)
        if say and not isinstance(e, ChaseSecondEnded):
            self.caption = say
