"""Dice: one interface, three drivers.

Rules code asks a `Dice` for numbers and never knows which driver answers:

* `StreamDice` rolls from a counter-based stream (seed + roll number through SplitMix64), so
  the same seed and the same commands give the same rolls, with no hidden global RNG.
* `ScriptedDice` answers from a list, for tests that set up "the orc rolls a 14".
* `count_outcomes` runs a pure resolution function under every possible roll sequence and
  returns the exact odds of each result, as whole numbers over one denominator (`Odds`).
  This is the "one resolution function, two drivers" rule of DESIGN.md: the odds a player
  sees are computed by the very code that rolls.

Every roll a driver makes is remembered in `made` (the raw faces), so the engine can put the
dice inside the event that used them and replay never needs the stream again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import gcd, lcm
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


@cache
def _faces(sides: int) -> tuple[tuple[int, int], ...]:
    """One die's branches: each face, one way."""
    return tuple((f, 1) for f in range(1, sides + 1))


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
        return self._next(_faces(sides), sides)

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        if count == 0:
            return 0
        return self._next(sum_distribution(count, sides), sides**count)


@dataclass(frozen=True, slots=True)
class Odds(Generic[T]):
    """An exact distribution in whole numbers: `outcomes[i]` comes up in `ways[i]` of
    `denominator` equally likely cases, and the ways add up to the denominator.

    Whole numbers because the odds are asked for in the AI's inner loop, where adding and
    multiplying `Fraction`s (a gcd each time) cost more than running the rules; a `Fraction`
    is made only when someone asks for one (`probability`, `fractions`), and a chance as a
    float (`chance`, `percent`) is the very float `float(fraction)` gives, so nothing a player
    or the AI reads changes.  Kept in lowest terms, so equal odds are equal values; outcomes
    keep the order the enumeration first met them in.
    """

    outcomes: tuple[T, ...]
    ways: tuple[int, ...]
    denominator: int

    def __post_init__(self) -> None:
        if len(self.outcomes) != len(self.ways):
            raise ValueError(f"{len(self.outcomes)} outcomes but {len(self.ways)} counts")
        if len(set(self.outcomes)) != len(self.outcomes):
            raise ValueError("an outcome is listed twice")
        if self.denominator < 1 or any(w < 0 for w in self.ways):
            raise ValueError(f"counts {self.ways} over {self.denominator} are not odds")
        if sum(self.ways) != self.denominator:
            raise ValueError(f"counts {self.ways} do not add up to {self.denominator}")

    @classmethod
    def counted(cls, ways: Mapping[T, int]) -> Odds[T]:
        """Odds from how many ways each outcome comes up (put in lowest terms)."""
        outcomes = tuple(ways)
        counts = tuple(ways.values())
        total = sum(counts)
        g = gcd(total, *counts)
        if g > 1:
            counts = tuple(c // g for c in counts)
        return cls(outcomes, counts, total // g)

    @classmethod
    def of(cls, probabilities: Mapping[T, Fraction]) -> Odds[T]:
        """Odds from exact probabilities (which must add up to one), over their least common
        denominator."""
        den = lcm(*(Fraction(p).denominator for p in probabilities.values()))
        ways = {o: Fraction(p).numerator * (den // Fraction(p).denominator)
                for o, p in probabilities.items()}
        if sum(ways.values()) != den:
            raise ValueError(f"probabilities add up to {sum(probabilities.values())}, not 1")
        return cls.counted(ways)

    def items(self) -> Iterator[tuple[T, int]]:
        """(outcome, ways) pairs."""
        return zip(self.outcomes, self.ways, strict=True)

    def ways_of(self, outcome: T) -> int:
        """In how many of the `denominator` cases `outcome` comes up (0 if it cannot)."""
        for o, w in zip(self.outcomes, self.ways, strict=True):
            if o == outcome:
                return w
        return 0

    def ways_where(self, test: Callable[[T], bool]) -> int:
        """In how many cases the outcome passes `test`."""
        return sum(w for o, w in zip(self.outcomes, self.ways, strict=True) if test(o))

    def probability(self, outcome: T) -> Fraction:
        return Fraction(self.ways_of(outcome), self.denominator)

    def chance(self, outcome: T) -> float:
        """The probability as the nearest float (the same float as `float(probability)`)."""
        return self.ways_of(outcome) / self.denominator

    def percent(self, outcome: T) -> float:
        """The probability in percent, as the odds panels have always shown it."""
        return self.chance(outcome) * 100

    def fractions(self) -> dict[T, Fraction]:
        """Every outcome's exact probability."""
        return {o: Fraction(w, self.denominator) for o, w in self.items()}

    def regroup(self, key: Callable[[T], K]) -> Odds[K]:
        """The odds of `key(outcome)`: outcomes with the same key pooled."""
        ways: dict[K, int] = {}
        for o, w in self.items():
            k = key(o)
            ways[k] = ways.get(k, 0) + w
        return Odds.counted(ways)


def count_outcomes(resolve: Callable[[Dice], T]) -> Odds[T]:
    """Exact distribution of `resolve(dice)` over every sequence of rolls it can ask for.

    `resolve` must be pure: the same rolls give the same result.  It is re-run once per leaf
    of the roll tree; sums of several dice are one branch per total (weighted by how many ways
    it can come up), so 2d8 costs 15 runs, not 64.  A leaf's weight is whole numbers, ways
    out of the product of the dice it threw; leaves that threw different dice are brought to
    their least common denominator at the end.
    """
    found: dict[T, dict[int, int]] = {}  # outcome -> {leaf denominator: ways}
    stack: list[tuple[tuple[int, ...], int, int]] = [((), 1, 1)]
    while stack:
        prefix, ways, den = stack.pop()
        try:
            outcome = resolve(_PrefixDice(prefix))
        except _NeedRoll as need:
            deeper = den * need.denominator
            for value, n in need.options:
                stack.append(((*prefix, value), ways * n, deeper))
            continue
        per = found.get(outcome)
        if per is None:
            found[outcome] = {den: ways}
        else:
            per[den] = per.get(den, 0) + ways
    common = lcm(*{d for per in found.values() for d in per})
    return Odds.counted({o: sum(w * (common // d) for d, w in per.items())
                         for o, per in found.items()})


def enumerate_outcomes(resolve: Callable[[Dice], T]) -> dict[T, Fraction]:
    """`count_outcomes` as exact probabilities, for a caller that wants `Fraction`s."""
    return count_outcomes(resolve).fractions()
