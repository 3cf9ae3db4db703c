"""The d% check with boons and banes, and the two ways its dice are thrown: for real, or every
way at once for the exact odds.

Why this module exists: the contest (contest.py) is one function of its rolls.  Played, a
`LiveRoller` throws the dice (`ctx.dice`); for the odds, a `_Replay` roller hands it each
*kind* of roll (a critical threat, a plain success, a plain failure, a critical failure)
weighted by the number of dice faces that give it, so the same function enumerated gives
the exact distribution with a few dozen runs instead of 100^4 (R-TT-BOON says why the kind
of a roll is all the contest reads).

The rules of a check (NOTES, TT-12, ruled in R-TT-CHECK, R-TT-BOON, R-TT-CRIT, R-TT-FUMBLE):
a d% roll (1..100) below the skill succeeds; each net boon throws one more d% and keeps the
lowest, each net bane one more and keeps the highest; a success rolled at or under the
threat range threatens a critical; a failure in the top `fumble` faces is a critical
failure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import lcm
from typing import Protocol, TypeVar

from rules.data import DiceExpr
from rules.dice import Dice, Odds, sum_distribution

__all__ = ["CRIT", "FAIL", "FUMBLE", "SUCCESS", "Check", "LiveRoller", "Roller", "count",
           "kind_of", "kinds"]

CRIT, SUCCESS, FAIL, FUMBLE = "threat", "success", "failure", "fumble"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Check:
    """One check: the kept roll, its kind, the skill it was against and the net boons
    (positive) or banes (negative) it had; `faces` all the d% thrown."""

    roll: int
    kind: str
    skill: int
    net: int
    faces: tuple[int, ...] = ()

    @property
    def success(self) -> bool:
        return self.kind in (CRIT, SUCCESS)


def kinds(skill: int, threat: int, fumble: int) -> tuple[tuple[str, int, int], ...]:
    """The faces of a d% that give each kind of roll, as (kind, lowest, highest), lowest
    faces first; kinds no face gives are left out."""
    top_threat = min(threat, skill - 1)
    fumble_from = max(skill, 101 - fumble)
    spans = ((CRIT, 1, top_threat), (SUCCESS, top_threat + 1, skill - 1),
             (FAIL, skill, fumble_from - 1), (FUMBLE, fumble_from, 100))
    return tuple(s for s in spans if s[1] <= s[2])


def kind_of(roll: int, skill: int, threat: int, fumble: int) -> str:
    for kind, lo, hi in kinds(skill, threat, fumble):
        if lo <= roll <= hi:
            return kind
    raise ValueError(f"{roll} is not a d% roll")


class Roller(Protocol):
    """What the contest throws: checks and damage dice."""

    def check(self, skill: int, net: int, threat: int, fumble: int, purpose: str) -> Check: ...

    def damage(self, dice: DiceExpr, purpose: str) -> int: ...


class LiveRoller:
    """Real dice (the battle's stream, or a test's script)."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def check(self, skill: int, net: int, threat: int, fumble: int, purpose: str) -> Check:
        faces = tuple(self.dice.d(100, purpose) for _ in range(1 + abs(net)))
        kept = min(faces) if net > 0 else max(faces)
        return Check(kept, kind_of(kept, skill, threat, fumble), skill, net, faces)

    def damage(self, dice: DiceExpr, purpose: str) -> int:
        return (self.dice.sum(dice.count, dice.sides, purpose) if dice.count else 0) + dice.bonus


class _Need(Exception):
    def __init__(self, options: tuple[tuple[object, int], ...], den: int) -> None:
        self.options = options
        self.den = den


class _Replay:
    """Replays the choices of one branch, then asks for the next (see `count`)."""

    def __init__(self, prefix: tuple[object, ...]) -> None:
        self.prefix = prefix
        self.used = 0

    def _next(self, options: tuple[tuple[object, int], ...], den: int) -> object:
        if self.used < len(self.prefix):
            self.used += 1
            return self.prefix[self.used - 1]
        raise _Need(options, den)

    def check(self, skill: int, net: int, threat: int, fumble: int, purpose: str) -> Check:
        got = self._next(*_check_branches(skill, net, threat, fumble))
        assert isinstance(got, Check)
        return got

    def damage(self, dice: DiceExpr, purpose: str) -> int:
        if dice.count == 0:
            return dice.bonus
        got = self._next(*_dice_branches(dice))
        assert isinstance(got, int)
        return got


@lru_cache(maxsize=4096)
def _check_branches(skill: int, net: int, threat: int, fumble: int
                    ) -> tuple[tuple[tuple[object, int], ...], int]:
    """A check's kinds, each with the number of ways its kept roll comes up, over 100^n
    (n dice: one, and one more per boon or bane).  Kept once per check: the odds ask for
    the same few checks over and over."""
    n = 1 + abs(net)
    opts = []
    for kind, lo, hi in kinds(skill, threat, fumble):
        # the kept roll is the lowest of n (boons) or the highest (banes, or one die)
        ways = ((101 - lo) ** n - (100 - hi) ** n) if net > 0 else (hi ** n - (lo - 1) ** n)
        opts.append((Check(lo, kind, skill, net), ways))
    return tuple(opts), 100 ** n


@lru_cache(maxsize=256)
def _dice_branches(dice: DiceExpr) -> tuple[tuple[tuple[object, int], ...], int]:
    return (tuple((total + dice.bonus, ways) for total, ways in
                  sum_distribution(dice.count, dice.sides)), dice.sides ** dice.count)


def count(resolve: Callable[[Roller], T]) -> Odds[T]:
    """The exact distribution of `resolve(roller)` over every way its checks and dice can
    come up (`resolve` must be pure).  The same walk as `rules.dice.count_outcomes`, with a
    check's kinds as its branches."""
    found: dict[T, dict[int, int]] = {}
    stack: list[tuple[tuple[object, ...], int, int]] = [((), 1, 1)]
    while stack:
        prefix, ways, den = stack.pop()
        try:
            outcome = resolve(_Replay(prefix))
        except _Need as need:
            for value, n in need.options:
                if n:
                    stack.append(((*prefix, value), ways * n, den * need.den))
            continue
        per = found.setdefault(outcome, {})
        per[den] = per.get(den, 0) + ways
    common = lcm(*{d for per in found.values() for d in per})
    return Odds.counted({o: sum(w * (common // d) for d, w in per.items())
                         for o, per in found.items()})
