"""The odds a rider is shown before he chooses his throw (FE-48): exact, for each choice.

A throw is chosen in secret, so odds need a model of the other rider's choice.  The model
here is the computer's own: the other rider throws what :func:`joust.best_response_throw`
answers for the pools and the ride (the throw the tactician makes, through
``joust_odds.advise_throw``), a fixed policy that anybody can know.  Against it, for each
throw of 1, 2 or 3 dice the rider may make now:

* **this pass** (:class:`PassOdds`): the chance that the pass goes his way (the other loses
  more dice than he does, FE-50; or he unhorses the other, FE-52; or the other throws all 1s
  and is ejected, FE-53), goes evenly, or goes against him; and apart from that, the chances
  of the pass's special outcomes (a triple, FE-52; all 1s, FE-53);
* **the round** (:class:`ChoiceOdds`): the chance of winning, drawing or losing the whole
  round if he throws that now and afterwards rides on as well as he can against the same
  policy (the best answer to it: most wins, then most draws, then fewer dice).

Everything is a :class:`fractions.Fraction`, from :func:`joust.throw_distribution`, the exact
law of a throw that pushes every face of every die through the one resolution function
(:func:`joust.resolve_throw`).  The rider is called ``a`` in the sums below, as the table is
symmetric: which side rolls first does not change the odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules.state import Battle
from rules.systems.fallen_empire.joust import (
    JoustRules,
    JoustState,
    best_response_throw,
    legal_throw_sizes,
    round_win_probability,
    throw_distribution,
    uniform_policy,
)
from rules.systems.fallen_empire.joust_mode import entrant_pool, joust_frame, joust_rules
from rules.systems.fallen_empire.units import is_fe

ZERO = Fraction(0)
# The special outcomes of a throw (joust.ThrowResult.special) for the rider as 'a'.
_ROUND_TO = {"a_injured": "win", "b_injured": "lose", "both_injured": "draw",  # FE-53
             "b_unhorsed": "win", "a_unhorsed": "lose"}  # FE-52


@dataclass(frozen=True)
class PassOdds:
    """One pass, from the rider's side.  ``win + even + lose == 1``; the other four are parts
    of those (``unhorse`` and ``injured`` of ``win``, ``unhorsed`` and ``injure`` of
    ``lose``; both riders throwing all 1s is ``even``)."""

    win: Fraction
    even: Fraction
    lose: Fraction
    unhorse: Fraction  # he throws a triple and unhorses the other (or tips his helm, FE-52)
    unhorsed: Fraction  # the other throws a triple (FE-52)
    injure: Fraction  # he throws all 1s: injures the other and is ejected (FE-53)
    injured: Fraction  # the other throws all 1s (FE-53)


@dataclass(frozen=True)
class ChoiceOdds:
    """The odds of one throw the rider may choose now.  ``answer`` is the other rider's throw
    under the model (the computer's choice), kept for checking, never shown."""

    dice: int
    answer: int
    this_pass: PassOdds
    round_win: Fraction
    round_draw: Fraction
    round_lose: Fraction


Triple = tuple[Fraction, Fraction, Fraction]  # (win, draw, lose) of the round


def answer(pool_self: int, pool_other: int, rules: JoustRules, throws: int = 0) -> int:
    """The other rider's throw under the model: the computer's, for the other rider's pool."""
    return best_response_throw(pool_other, pool_self, rules, throws)


def pass_odds(dice: int, other: int, rules: JoustRules) -> PassOdds:
    """The law of one pass when the rider throws ``dice`` and the other ``other`` dice."""
    win = even = lose = unhorse = unhorsed = injure = injured = ZERO
    for (lost_a, lost_b, special), p in throw_distribution(dice, other, rules).items():
        if special:
            verdict = _ROUND_TO[special]
            unhorse += p if special == "b_unhorsed" else 0
            unhorsed += p if special == "a_unhorsed" else 0
            injured += p if special in ("a_injured", "both_injured") else 0
            injure += p if special in ("b_injured", "both_injured") else 0
        else:  # FE-50: each lost pair costs a die; the pass goes to who loses fewer
            verdict = "win" if lost_b > lost_a else "lose" if lost_a > lost_b else "draw"
        if verdict == "win":
            win += p
        elif verdict == "lose":
            lose += p
        else:
            even += p
    return PassOdds(win, even, lose, unhorse, unhorsed, injure, injured)


def _ended(pool_a: int, pool_b: int, throws: int, rules: JoustRules) -> str | None:
    """Who has won once a pass has left these pools: a rider out of dice has lost (FE-48,
    FE-51), and under R-FE-JOUST-RIDES (b) so has the smaller pool after the last ride;
    equal pools draw (R-FE-JOUST-BOTH-EMPTY).  None while the round goes on."""
    if pool_a and pool_b and (rules.max_throws is None or throws < rules.max_throws):
        return None
    return "win" if pool_a > pool_b else "lose" if pool_b > pool_a else "draw"


def _outcome(verdict: str) -> Triple:
    return (Fraction(verdict == "win"), Fraction(verdict == "draw"), Fraction(verdict == "lose"))


def _add(acc: Triple, p: Fraction, v: Triple) -> Triple:
    return (acc[0] + p * v[0], acc[1] + p * v[1], acc[2] + p * v[2])


@cache
def _after(dice: int, pool_a: int, pool_b: int, throws: int, rules: JoustRules
           ) -> tuple[Triple, Fraction]:
    """Throwing ``dice`` now and riding on at best: the round's (win, draw, lose) from every
    pass that does not come straight back here, and the chance that it does (a pass with
    equal throws whose pairs all tie costs nobody a die, R-FE-JOUST-TIES; with unlimited
    rides that is the same position again)."""
    other = answer(pool_a, pool_b, rules, throws)
    acc: Triple = (ZERO, ZERO, ZERO)
    stay = ZERO
    t = throws + 1 if rules.max_throws is not None else 0
    for (lost_a, lost_b, special), p in throw_distribution(dice, other, rules).items():
        if special:
            acc = _add(acc, p, _outcome(_ROUND_TO[special]))
            continue
        pa, pb = pool_a - lost_a, pool_b - lost_b
        verdict = _ended(pa, pb, t, rules)
        if verdict is not None:
            acc = _add(acc, p, _outcome(verdict))
        elif (pa, pb, t) == (pool_a, pool_b, throws):
            stay += p
        else:
            acc = _add(acc, p, _best(pa, pb, t, rules)[1])
    return acc, stay


@cache
def _best(pool_a: int, pool_b: int, throws: int, rules: JoustRules) -> tuple[int, Triple]:
    """(the best throw, the round's odds with it) at this position, playing on at best.
    Keeping to one throw here while the pass keeps coming back gives out / (1 - stay)."""
    best: tuple[int, Triple] | None = None
    for dice in legal_throw_sizes(pool_a):
        out, stay = _after(dice, pool_a, pool_b, throws, rules)
        value = (out[0] / (1 - stay), out[1] / (1 - stay), out[2] / (1 - stay))
        if best is None or value[:2] > best[1][:2]:
            best = (dice, value)
    assert best is not None, "a rider with dice always has a throw (FE-48)"
    return best


def choice_odds(pool_self: int, pool_other: int, rules: JoustRules, throws: int = 0
                ) -> tuple[ChoiceOdds, ...]:
    """The odds of each throw the rider may choose now (FE-48), fewest dice first, with
    ``pool_self`` dice against the other's ``pool_other`` after ``throws`` passes.  Raises
    ValueError if either pool is empty: the round is over."""
    if not legal_throw_sizes(pool_self) or not legal_throw_sizes(pool_other):
        raise ValueError("the round is over: a pool is empty (FE-48)")
    t = throws if rules.max_throws is not None else 0
    if _ended(pool_self, pool_other, t, rules) is not None:
        raise ValueError(f"the round is over: {t} rides of {rules.max_throws} ridden (FE-46)")
    _, here = _best(pool_self, pool_other, t, rules)
    out: list[ChoiceOdds] = []
    for dice in legal_throw_sizes(pool_self):
        acc, stay = _after(dice, pool_self, pool_other, t, rules)
        win, draw, lose = _add(acc, stay, here)  # back here, he rides on at best
        out.append(ChoiceOdds(dice, answer(pool_self, pool_other, rules, t),
                              pass_odds(dice, answer(pool_self, pool_other, rules, t), rules),
                              win, draw, lose))
    return tuple(out)


def best_choice(pool_self: int, pool_other: int, rules: JoustRules, throws: int = 0) -> int:
    """The throw with the best odds of the round under the model (ties: fewer dice)."""
    t = throws if rules.max_throws is not None else 0
    return _best(pool_self, pool_other, t, rules)[0]


def throw_choice_odds(state: Battle, side: str) -> tuple[ChoiceOdds, ...]:
    """:func:`choice_odds` for ``side``'s rider in a joust under way.  The other rider's
    choice, even one already made in secret, is never read: only the pools and the ride."""
    frame = joust_frame(state)
    if frame is None:
        raise ValueError("this battle is not a joust")
    if side not in (frame.side_a, frame.side_b):
        raise ValueError(f"side {side!r} has no rider in this joust")
    bout = frame.bout
    mine, theirs = (bout.pool_a, bout.pool_b) if side == frame.side_a else (
        bout.pool_b, bout.pool_a)
    return choice_odds(mine, theirs, joust_rules(state), bout.throws)





# --- the whole round, and the computer's throw ---------------------------------------------


def joust_odds(state: Battle) -> dict[str, Fraction]:
    """Exact chances of the rest of the round, {side A: p, side B: p, "draw": p}, both riders
    choosing uniformly among their legal throws (their choices are secret, so nobody's
    pending choice is used).  A finished round gives its result with certainty."""
    frame = joust_frame(state)
    if frame is None:
        raise ValueError("this battle is not a joust")
    if frame.step == "begin":
        a, b = is_fe(state.unit(frame.unit_a)), is_fe(state.unit(frame.unit_b))
        bout = JoustState.start(entrant_pool(a)[0], entrant_pool(b)[0])
    else:
        bout = frame.bout
    p = round_win_probability(bout, joust_rules(state), uniform_policy, uniform_policy)
    return {frame.side_a: p["a"], frame.side_b: p["b"], "draw": p["draw"]}


def advise_throw(state: Battle, side: str) -> int:
    """The AI's throw: the size that maximises this side's exact chance to win the round
    against an opponent choosing uniformly (joust.best_response_throw)."""
    frame = joust_frame(state)
    if frame is None or frame.step != "choose":
        raise ValueError("no throw is to be chosen now")
    mine, theirs = (frame.bout.pool_a, frame.bout.pool_b) if side == frame.side_a else (
        frame.bout.pool_b, frame.bout.pool_a)
    return best_response_throw(mine, theirs, joust_rules(state), frame.bout.throws)


__all__ = [
    "ChoiceOdds",
    "PassOdds",
    "advise_throw",
    "answer",
    "best_choice",
    "choice_odds",
    "joust_odds",
    "pass_odds",
    "throw_choice_odds",
]
