"""Dice: one interface, three drivers.

Rules code asks a `Dice` for numbers and never knows which driver answers:

* `StreamDice` rolls from a counter-based stream (seed + roll number through SplitMix64), so
  the same seed and the same commands give the same rolls, with no hidden global RNG.
* `ScriptedDice` answers from a list, for tests that set up "the orc rolls a 14".
* `enumerate_outcomes` runs a pure resolution function under every possible roll sequence and
  returns the exact probability of each result.  This is the "one resolution function, two
  drivers" rule of DESIGN.md: the odds a player sees are computed by the very code that rolls.

Every roll a driver makes is remembered in `made` (the raw faces), so the engine can put the
dice inside the event that used them and replay never needs the stream again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Generic, Protocol, TypeVar

_MASK = (1 << 64) - 1

T = TypeVar("T", bound=Hashable)
K = TypeVar("K", bound=Hashable)


class Dice(Protocol):
    """What rules code may ask of the dice."""

    def d(self, sides: int, purpose: str = "") -> int:
        """One die of `sides` faces, 1..sides."""
        ...

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        """The total of `count` dice of `sides` faces (0 when count is 0)."""
        ...


def splitmix64(x: int) -> int:
    """SplitMix64 finaliser: a well-mixed 64-bit value from any 64-bit input."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def face(seed: int, counter: int, sides: int) -> int:
    """The face of roll number `counter` of stream `seed` on a die of `sides` faces.

    Lemire's multiply-shift maps 64 random bits onto 1..sides; its bias is below 2**-58 for
    any die used in play, far under what any test could see.
    """
    bits = splitmix64((splitmix64(seed & _MASK) ^ (counter * 0xD1B54A32D192ED03)) & _MASK)
    return ((bits * sides) >> 64) + 1


@dataclass
class StreamDice:
    """Rolls from the counter-based stream, starting at roll number `counter`."""

    seed: int
    counter: int
    made: list[int] = field(default_factory=list)

    def d(self, sides: int, purpose: str = "") -> int:
        value = face(self.seed, self.counter + len(self.made), sides)
        self.made.append(value)
        return value

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


class ScriptExhausted(Exception):
    """A scripted test asked for more dice than it scripted."""


@dataclass
class ScriptedDice:
    """Answers rolls from a fixed list, for tests that set up exact dice.

    Sums take one scripted value per die, so a test scripts "2d8 → 3, 5" as [3, 5].
    """

    script: list[int]
    made: list[int] = field(default_factory=list)

    def d(self, sides: int, purpose: str = "") -> int:
        if len(self.made) >= len(self.script):
            raise ScriptExhausted(
                f"scripted dice ran out: roll {len(self.made) + 1} (d{sides}, {purpose or 'roll'})"
                f" was not scripted; script was {self.script}"
            )
        value = self.script[len(self.made)]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted {value} cannot come up on a d{sides} ({purpose})")
        self.made.append(value)
        return value

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


@cache
def sum_distribution(count: int, sides: int) -> tuple[tuple[int, int], ...]:
    """Ways to roll each total on `count` dice of `sides` faces: ((total, ways), ...)."""
    ways = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for f in range(1, sides + 1):
                nxt[total + f] = nxt.get(total + f, 0) + n
        ways = nxt
    return tuple(sorted(ways.items()))


class _NeedRoll(Exception):
    def __init__(self, options: tuple[tuple[int, int], ...], denominator: int) -> None:
        self.options = options
        self.denominator = denominator


@dataclass
class _PrefixDice:
    """Replays a fixed prefix of outcomes, then stops to ask for the next branch."""

    prefix: tuple[int, ...]
    used: int = 0

    def _next(self, options: tuple[tuple[int, int], ...], denominator: int) -> int:
        if self.used < len(self.prefix):
            value = self.prefix[self.used]
            self.used += 1
            return value
        raise _NeedRoll(options, denominator)

    def d(self, sides: int, purpose: str = "") -> int:
        return self._next(tuple((f, 1) for f in range(1, sides + 1)), sides)

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        if count == 0:
            return 0
        return self._next(sum_distribution(count, sides), sides**count)


def enumerate_outcomes(resolve: Callable[[Dice], T]) -> dict[T, Fraction]:
    """Exact distribution of `resolve(dice)` over every sequence of rolls it can ask for.

    `resolve` must be pure: the same rolls give the same result.  It is re-run once per leaf
    of the roll tree, with each branch weighted by its probability; sums of several dice are
    one branch per total (weighted by how many ways it can come up), so 2d8 costs 15 runs,
    not 64.
    """
    results: dict[T, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        prefix, weight = stack.pop()
        try:
            outcome = resolve(_PrefixDice(prefix))
        except _NeedRoll as need:
            for value, ways in need.options:
                stack.append(((*prefix, value), weight * Fraction(ways, need.denominator)))
            continue
        results[outcome] = results.get(outcome, Fraction(0)) + weight
    return results


class OutcomeCache(Generic[K, T]):
    """Exact distributions already enumerated, one per situation: the odds a window shows
    and the AI weighs are asked for the same situation again and again, and enumerating is
    the costly part.  Bounded, so a long search cannot grow it without end; a situation must
    be hashable and hold everything its outcome depends on."""

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self._found: dict[K, dict[T, Fraction]] = {}

    def get(self, key: K, resolve: Callable[[Dice], T]) -> dict[T, Fraction]:
        """The distribution of `resolve` for `key`, enumerated the first time it is asked."""
        found = self._found.get(key)
        if found is None:
            found = enumerate_outcomes(resolve)
            if len(self._found) > self.limit:
                self._found.clear()
            self._found[key] = found
        return found
