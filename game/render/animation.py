"""Animations driven by events.

The window draws a *shown* state that trails the real one: each new event is played (a token
slides a hex, a blow flashes, a number floats up) and then folded into the shown state with
the engine's own `evolve`.  So what is on screen is always a state the rules produced, and an
animation can never disagree with the rules.  `speed` scales every duration (a setting);
`skip()` shows everything at once.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

import pygame

from game.render.camera import Camera
from game.render.figure_motion import Motion, fall, lunge, recoil, shake
from game.render.tokens import font
from rules.engine import evolve
from rules.events import (
    AttackRolled,
    Event,
    UnitDamaged,
    UnitFaced,
    UnitStatusChanged,
    UnitStepped,
    unhx,
)
from rules.state import DEAD, DOWN, Battle

DURATIONS = {UnitStepped: 0.11, AttackRolled: 0.5, UnitDamaged: 0.25, UnitFaced: 0.05,
             UnitStatusChanged: 0.45}
# AttackRolled kinds that are free attacks (opportunity, on a retreat, a flee attack)
FREE_ATTACKS = frozenset({"opportunity", "retreat", "free", "free attack", "flee"})
FLASH = (255, 226, 90)
# What floats up over the target of a blow of these kinds, in the flash colour
CALLED = {"ready": "AT THE READY"}


def blow(e: Event | None) -> Any:
    """`e` if the board plays it as a blow: an AttackRolled, or a ruleset's own attack event
    that says it plays as one (`animates_as_blow`, with attacker, target, struck, kind, hit
    and damage); else None."""
    if isinstance(e, AttackRolled) or getattr(e, "animates_as_blow", False):
        return e
    return None


@dataclass
class Floater:
    text: str
    world: tuple[float, float]
    colour: tuple[int, int, int]
    age: float = 0.0
    life: float = 1.1


class EventPlayer:
    """Plays a battle's new events one after another, each for its own length of time, and
    folds each into `shown` when it has played: the loop every board's animation shares.

    A board's animator says how long an event plays (`_length`), what starts when it does
    (`_start`: a floating number, a pass of the joust) and what ends with it (`_done`)."""

    floater_rate = 1.0  # how much faster than the clock floating words age (x speed if >1)

    def __init__(self, state: Battle, speed: float = 1.0) -> None:
        self.shown = state
        self.speed = speed
        self.queue: deque[Event] = deque()
        self.current: Event | None = None
        self.t = 0.0
        self.floaters: list[Any] = []

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def push(self, events: list[Event]) -> None:
        self.queue.extend(events)

    def reset(self, state: Battle) -> None:
        """Show `state` at once, dropping whatever was still to play (after an undo)."""
        self.queue.clear()
        self.current = None
        self.floaters.clear()
        self._done()
        self.shown = state

    def skip(self) -> None:
        """Show everything at once."""
        if self.current is not None:
            self.shown = evolve(self.shown, self.current)
            self.current = None
            self._done()
        while self.queue:
            self.shown = evolve(self.shown, self.queue.popleft())

    def update(self, dt: float) -> None:
        for f in self.floaters:
            f.age += dt * self.floater_rate
        self.floaters = [f for f in self.floaters if f.age < f.life]
        budget = dt
        while budget >= 0:
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
                self.t = 0.0
                self._start(self.current)
            length = self._length(self.current)
            if self.t + budget < length:
                self.t += budget
                return
            budget -= max(0.0, length - self.t)
            self.shown = evolve(self.shown, self.current)
            self.current = None
            self._done()
            if length > 0 and budget <= 0:
                return

    def _length(self, e: Event) -> float:
        return 0.0

    def _start(self, e: Event) -> None:
        """What begins as `e` starts to play."""

    def _done(self) -> None:
        """What ends with the event that has just played (or been skipped)."""


class Animator(EventPlayer):
    """The hex board's animation: figures walk hex by hex, lunge at what they strike (the
    struck one jolts back and shakes), fall when they go down or die, numbers float up,
    and a free attack flashes on the hex whose step provoked it."""

    def __init__(self, state: Battle, camera: Camera, speed: float = 1.0) -> None:
        super().__init__(state, speed)
        self.camera = camera

    def _length(self, e: Event) -> float:
        if self.speed <= 0:
            return 0.0
        if isinstance(e, UnitStatusChanged) and e.status not in (DEAD, DOWN):
            return 0.0
        if blow(e) is not None:
            return DURATIONS[AttackRolled] / self.speed
        return DURATIONS.get(type(e), 0.0) / self.speed

    def _progress(self) -> float:
        dur = self._length(self.current) if self.current is not None else 0.0
        return 1.0 if dur <= 0 else min(1.0, self.t / dur)

    def motion(self, unit_id: str) -> Motion | None:
        """How the figure of `unit_id` is moved, turned or laid down right now, or None."""
        e, k = self.current, self._progress()
        if isinstance(e, UnitStepped) and e.unit == unit_id:
            return Motion(facing=e.facing)  # he looks where he walks
        if (hit := blow(e)) is not None:
            struck = hit.struck if hit.struck not in ("", "cover") else hit.target
            a, b = self._world(hit.attacker), self._world(struck)
            if a is None or b is None:
                return None
            if unit_id == hit.attacker:
                return lunge(a, b, k)
            if unit_id == struck:
                return recoil(a, b, k, hit.hit)
        elif isinstance(e, UnitDamaged) and e.unit == unit_id:
            return shake(k, 4 * self.camera.zoom)
        elif isinstance(e, UnitStatusChanged) and e.unit == unit_id and self._length(e) > 0:
            return fall(k)
        return None

    def _world(self, unit_id: str) -> tuple[float, float] | None:
        u = self.shown.unit(unit_id)
        return None if u.pos is None else self.camera.layout().hex_to_pixel(u.pos)

    def _start(self, e: Event) -> None:
        if (hit := blow(e)) is not None:
            where = self._world(hit.struck or hit.target)
            if where is not None:
                text = "MISS" if not hit.hit else ("COVER" if hit.struck == "cover" else
                                                   f"HIT {hit.damage}")
                colour = (230, 230, 230) if not hit.hit else (255, 90, 60)
                self.floaters.append(Floater(text, where, colour))
                called = "FREE ATTACK" if hit.kind in FREE_ATTACKS else CALLED.get(hit.kind)
                if called:
                    self.floaters.append(Floater(called, (where[0], where[1] - 22), FLASH))
        elif isinstance(e, UnitDamaged):
            where = self._world(e.unit)
            if where is not None:
                self.floaters.append(Floater(f"-{e.amount}", (where[0], where[1] + 14),
                                             (255, 220, 60)))

    def position(self, unit_id: str) -> tuple[float, float] | None:
        """World position of a token mid-step, or None to draw it on its hex."""
        e = self.current
        if isinstance(e, UnitStepped) and e.unit == unit_id:
            lay = self.camera.layout()
            a, b = lay.hex_to_pixel(unhx(e.from_hex)), lay.hex_to_pixel(unhx(e.to_hex))
            dur = self._length(e)
            k = 1.0 if dur <= 0 else min(1.0, self.t / dur)
            return a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k
        return None

    def draw_effects(self, surf: pygame.Surface) -> None:
        e = blow(self.current)
        if e is not None and (e.kind in FREE_ATTACKS or e.kind in CALLED):
            # a free attack (or a readied one): a flash on the hex of the step that set it off
            where = self._world(e.target)
            if where is not None:
                k = self._progress()
                r = min(self.camera.layout().size) * (0.7 + 0.5 * k)
                ring = pygame.Surface((int(2 * r + 8), int(2 * r + 8)), pygame.SRCALPHA)
                c = ring.get_width() // 2
                pygame.draw.circle(ring, (*FLASH, int(220 * (1 - k))), (c, c), r,
                                   max(2, int(r / 5)))
                x, y = self.camera.to_screen(*where)
                surf.blit(ring, (x - c, y - c))
        if e is not None and e.kind in ("missile", "spell"):
            # what flies: a bolt from the shooter to where it lands
            a, b = self._world(e.attacker), self._world(e.struck or e.target)
            if a and b:
                k = min(1.0, self._progress() / 0.6)
                x = a[0] + (b[0] - a[0]) * k
                y = a[1] + (b[1] - a[1]) * k
                tail = (x - (b[0] - a[0]) * 0.12, y - (b[1] - a[1]) * 0.12)
                colour = (250, 240, 200) if e.kind == "missile" else (150, 200, 255)
                pygame.draw.line(surf, colour, self.camera.to_screen(*tail),
                                 self.camera.to_screen(x, y), max(2, int(3 * self.camera.zoom)))
        size = max(14, int(22 * self.camera.zoom))
        for f in self.floaters:
            x, y = self.camera.to_screen(f.world[0], f.world[1] - 30 * f.age * self.camera.zoom)
            img = font(size).render(f.text, True, f.colour)
            img.set_alpha(int(255 * max(0.0, 1 - f.age / f.life)))
            outline = font(size).render(f.text, True, (0, 0, 0))
            outline.set_alpha(img.get_alpha())
            r = img.get_rect(center=(x, y - 20 * self.camera.zoom))
            surf.blit(outline, r.move(1, 1))
            surf.blit(img, r)
