"""The joust's events as animations: each pass ridden, shown in the order the rules tell it.

A pass (one `JoustThrown` event, FE-48..FE-53) plays as a timeline:

    charge    the riders spur down the lists, either side of the tilt barrier
    impact    the lances meet and shatter; the riders ride on past each other
    land      the thrown dice tumble onto the tray
    match     sorted high to low and matched highest to highest, pair by pair (FE-50)
    fall      each lost pair's die falls from its loser's pool (FE-50)
    special   a triple unhorses or tips a helm (FE-52); all 1s injure (FE-53)
    hold      a breath to read it
    return    the riders turn and trot back to their ends (not after the last pass)

As in the battle's `game.render.animation`, the window draws a *shown* state that trails
the real one and folds each event in with the engine's own `evolve` once its animation has
played, so what is on screen is always a state the rules produced.  The pairs come from the
rules' own resolution of the thrown dice (`joust.resolve_throw`), never worked out here.
This module draws nothing: `ListsAnimator.moment()` says where everything is, and
`game.render.lists_view` paints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render.animation import EventPlayer
from rules.events import BattleEnded, Event, UnitDamaged, UnitStatusChanged
from rules.state import Battle
from rules.systems.fallen_empire.joust import resolve_throw
from rules.systems.fallen_empire.joust_mode import (
    JoustBegan,
    JoustStakesSettled,
    JoustThrowChosen,
    JoustThrown,
    joust_frame,
    joust_rules,
)

# Seconds at speed x1.
CHARGE, RIDE_ON, LAND, MATCH_EACH, UNMATED, FALL, SPECIAL, HOLD, RETURN = (
    1.1, 0.7, 0.6, 0.4, 0.3, 0.6, 1.3, 0.4, 0.8)
PAST = 1.25  # how far past the meeting point the riders ride on (1 = where the lances meet)
DURATIONS: dict[type, float] = {JoustBegan: 1.8, JoustThrowChosen: 0.35, UnitDamaged: 0.9,
                                UnitStatusChanged: 0.5, JoustStakesSettled: 0.8,
                                BattleEnded: 0.6}


@dataclass(frozen=True)
class PassScript:
    """One pass as the rules resolved it: the thrown dice high to low, the pairs with their
    winners ('a', 'b' or None for a tie nobody loses), the dice each side lost, and what
    else happened: ``special`` is "", "unhorsed", "helm" or "injury", with its ``victims``
    ('a'/'b'); ``over`` when the round ended with it."""

    throw: int
    dice_a: tuple[int, ...]
    dice_b: tuple[int, ...]
    pairs: tuple[tuple[int, int, str | None], ...]
    lost_a: int
    lost_b: int
    special: str = ""
    victims: tuple[str, ...] = ()
    over: bool = False

    @classmethod
    def of(cls, e: JoustThrown, state: Battle) -> PassScript:
        """The script of pass `e`, in the joust of `state` (the state before it)."""
        frame = joust_frame(state)
        assert frame is not None, "a pass is ridden only in a joust"
        r = resolve_throw(e.dice_a, e.dice_b, joust_rules(state))
        letter = {frame.unit_a: "a", frame.unit_b: "b"}
        special, victims = "", ()
        if e.ended_by == "injury":
            special, victims = "injury", tuple(letter[u] for u in e.injured)
        elif e.ended_by in ("unhorsed", "helm"):
            special = e.ended_by
            victims = ("b",) if r.unhorsed_b else ("a",)
        return cls(e.throw, r.dice_a, r.dice_b, r.pairs, e.lost_a, e.lost_b, special,
                   victims, bool(e.winner))

    @property
    def phases(self) -> tuple[tuple[str, float, float], ...]:
        """(name, start, length) of each part of the pass, in seconds at speed x1."""
        out: list[tuple[str, float, float]] = []
        t = 0.0
        lengths = [("charge", CHARGE), ("land", LAND),
                   ("match", MATCH_EACH * len(self.pairs)),
                   ("unmated", UNMATED if self.pairs and len(self.dice_a) != len(self.dice_b)
                    else 0.0),
                   ("fall", FALL if self.lost_a or self.lost_b else 0.0),
                   ("special", SPECIAL if self.special else 0.0), ("hold", HOLD),
                   ("return", 0.0 if self.over else RETURN)]
        for name, length in lengths:
            out.append((name, t, length))
            t += length
        return tuple(out)

    @property
    def duration(self) -> float:
        _, start, length = self.phases[-1]
        return start + length

    def progress(self, name: str, t: float) -> float:
        """How far phase `name` has got at time `t`: 0 before it, 1 after it."""
        for n, start, length in self.phases:
            if n == name:
                if length <= 0:
                    return 1.0 if t >= start else 0.0
                return min(1.0, max(0.0, (t - start) / length))
        raise KeyError(name)

    def at(self, t: float) -> PassMoment:
        charge = self.progress("charge", t)
        ridden = max(0.0, t - CHARGE)
        on = min(1.0, ridden / RIDE_ON)
        back = 0.0 if self.over else self.progress("return", t)
        if charge < 1.0:
            run = charge ** 1.7  # spurring on: slow off the mark, fastest at the meeting
        elif back > 0.0:
            run = PAST * (1.0 - back)
        else:
            run = 1.0 + (PAST - 1.0) * (1.0 - (1.0 - on) ** 2)  # reining in
        moving = charge < 1.0 or on < 1.0 or 0.0 < back < 1.0
        return PassMoment(
            self, run=run, returning=back > 0.0, gallop=(t * 2.4) % 1.0 if moving else 0.0,
            impact=on if charge >= 1.0 else -1.0,
            landed=self.progress("land", t),
            matched=self.progress("match", t) * len(self.pairs),
            unmated=self.progress("unmated", t), fallen=self.progress("fall", t),
            special=self.progress("special", t) if self.special else 0.0,
            clearing=back)


@dataclass(frozen=True)
class PassMoment:
    """Where a pass has got.  ``run``: 0 at the riders' ends, 1 where the lances meet, up to
    PAST once they have ridden on (then back to 0 while ``returning``); ``impact`` -1 before
    the lances meet, then 0..1 as the splinters fly; the rest 0..1 (``matched`` counts the
    pairs matched so far, fractionally)."""

    script: PassScript
    run: float
    returning: bool
    gallop: float
    impact: float
    landed: float
    matched: float
    unmated: float
    fallen: float
    special: float
    clearing: float


@dataclass
class Floater:
    """A word or number that rises and fades over a rider ('a' or 'b')."""

    text: str
    rider: str
    colour: tuple[int, int, int]
    age: float = 0.0
    life: float = 1.4


class ListsAnimator(EventPlayer):
    """Plays the joust's events one after another; `shown` is the state drawn meanwhile, and
    `script` the pass being ridden, if one is."""

    def __init__(self, state: Battle, speed: float = 1.0) -> None:
        super().__init__(state, speed)
        self.script: PassScript | None = None

    @property
    def floater_rate(self) -> float:  # type: ignore[override]
        return max(self.speed, 1.0)

    def _length(self, e: Event) -> float:
        if self.speed <= 0:
            return 0.0
        base = self.script.duration if self.script is not None else DURATIONS.get(type(e), 0.0)
        return base / self.speed

    def _done(self) -> None:
        self.script = None

    def _letter(self, unit: str) -> str | None:
        frame = joust_frame(self.shown)
        if frame is None:
            return None
        return "a" if unit == frame.unit_a else "b" if unit == frame.unit_b else None

    def _start(self, e: Event) -> None:
        self.script = PassScript.of(e, self.shown) if isinstance(e, JoustThrown) else None
        if isinstance(e, UnitDamaged):
            who = self._letter(e.unit)
            if who is not None:
                self.floaters.append(Floater(f"-{e.amount} HP", who, (255, 96, 72)))

    def moment(self) -> PassMoment | None:
        """The pass being ridden now, if one is."""
        if self.script is None:
            return None
        return self.script.at(self.t * self.speed if self.speed > 0 else self.script.duration)

    def progress(self) -> float:
        """How far the current event's animation has got (0..1), 1 when idle."""
        if self.current is None:
            return 1.0
        length = self._length(self.current)
        return 1.0 if length <= 0 else min(1.0, self.t / length)


__all__ = ["DURATIONS", "PAST", "Floater", "ListsAnimator", "PassMoment", "PassScript"]
