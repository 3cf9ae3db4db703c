"""The Fallen Empire joust ("The Joust's Game Rules"), checklist items FE-45..FE-53, EX-FE-02.

Design rule: there is ONE resolution function, :func:`resolve_throw`.  Play
(:func:`apply_throw`) and exact odds (:func:`throw_distribution`, which pushes every
one of the 6**(n_a+n_b) outcomes through it) are two drivers of that function, so
the odds can never disagree with the table.  Pure stdlib, no floats: probabilities
are :class:`fractions.Fraction`.  Sides are called ``'a'`` and ``'b'``.

Lists (FE-45), many entrants riding bout after bout, are :mod:`lists`.  ``BoutResult`` is
named here too, for the callers that have always imported it from this module.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Protocol

from rules.systems.fallen_empire.lists import BoutResult  # noqa: F401 (its old home)

Policy = Callable[[int, int], int]  # (pool_self, pool_other) -> dice to throw
# A mixed policy: (pool_self, pool_other) -> {dice to throw: probability}
MixedPolicy = Callable[[int, int], int | dict[int, Fraction]]
Odds = dict[str, Fraction]  # 'a' / 'b' / 'draw' -> probability
MAX_THROW = 3  # FE-48: "one to three dice"


@dataclass(frozen=True)
class JoustRules:
    """GM options.  ``max_throws=None`` is R-FE-JOUST-RIDES reading (a): throw until a
    pool is empty; a GM wanting "three rides" sets 3.  ``helm_tipping`` (FE-52) only
    renames unhorsing.  ``injury_die`` is the real-damage die (R-FE-JOUST-INJURY: d6)."""

    max_throws: int | None = None
    helm_tipping: bool = False
    injury_die: int = 6

    def __post_init__(self) -> None:
        if self.max_throws is not None and self.max_throws < 1:
            raise ValueError(f"max_throws must be None or at least 1, not {self.max_throws}")
        if self.injury_die < 1:
            raise ValueError(f"injury_die must be at least 1, not {self.injury_die}")


_HD = re.compile(r"^(?:(\d+)\s*([+-])\s*(\d+)|(\d+)|(?:(\d+)\s+)?(\d+)\s*/\s*(\d+))$")


def pool_from_hit_dice(hd: str) -> int:
    """Dice pool for an OD&D hit-dice string: "1d6 for each hit die or fraction" (FE-47).

    R-FE-JOUST-POOL reading (a): any fraction is a whole die.  "3+1" (3 HD plus 1 hp)
    -> 4; "2-1" (2 HD less 1 hp = one full die and a fraction) -> 2; "1/2" -> 1;
    "3 1/2" -> 4; "4" -> 4.  Anything else raises ValueError naming the string.
    """
    text = hd.strip().replace("½", "1/2") if isinstance(hd, str) else None
    m = _HD.match(text) if text else None
    if m is None:
        raise ValueError(f"malformed hit dice {hd!r}: expected e.g. '4', '3+1', '2-1', '1/2'")
    whole, sign, hp, plain, mixed, num, den = m.groups()
    if plain is not None:
        dice = int(plain)
    elif whole is not None:
        if int(whole) < 1 or int(hp) < 1:
            raise ValueError(f"malformed hit dice {hd!r}: need at least 1 HD and 1 hp")
        dice = int(whole) + 1 if sign == "+" else int(whole)  # "N-M" = N-1 dice + a fraction
    else:
        if int(den) < 1 or int(num) < 1 or (mixed is not None and int(num) >= int(den)):
            raise ValueError(f"malformed hit dice {hd!r}: bad fraction")
        dice = int(mixed or 0) - (-int(num) // int(den))  # ceiling: a fraction is a die
    if dice < 1:
        raise ValueError(f"malformed hit dice {hd!r}: a jouster has at least some hit dice")
    return dice


@dataclass(frozen=True)
class ThrowResult:
    """One simultaneous throw.  ``unhorsed_a``/``injured_a`` mean A *suffered* it.
    ``pairs`` holds (a_die, b_die, winner 'a'|'b'|None); ``notes`` (explanation, citation)."""

    dice_a: tuple[int, ...]
    dice_b: tuple[int, ...]
    lost_a: int
    lost_b: int
    unhorsed_a: bool
    unhorsed_b: bool
    injured_a: bool
    injured_b: bool
    pairs: tuple[tuple[int, int, str | None], ...]
    notes: tuple[tuple[str, str], ...]

    @property
    def special(self) -> str:
        """Outcome key used by :func:`throw_distribution` ('' for an ordinary throw)."""
        if self.injured_a or self.injured_b:
            return "both_injured" if self.injured_a and self.injured_b else (
                "a_injured" if self.injured_a else "b_injured")
        if self.unhorsed_a or self.unhorsed_b:
            return "a_unhorsed" if self.unhorsed_a else "b_unhorsed"
        return ""


def _check_dice(dice: Sequence[int], who: str) -> tuple[int, ...]:
    if not 1 <= len(dice) <= MAX_THROW:
        raise ValueError(f"{who} must throw 1 to 3 dice (FE-48), got {len(dice)}: {tuple(dice)}")
    for d in dice:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"{who} threw {d!r}: a d6 shows 1 to 6")
    return tuple(sorted(dice, reverse=True))


def _unhorse_word(rules: JoustRules) -> str:
    return "helm tipped off" if rules.helm_tipping else "unhorsed"


def resolve_throw(dice_a: Sequence[int], dice_b: Sequence[int], rules: JoustRules) -> ThrowResult:
    """Resolve one throw.  Precedence (R-FE-JOUST-INJURY, FE-52): injury, then a single
    unhorsing, then pair scoring.  Injury and unhorsing end the round, so no die is lost."""
    a, b = _check_dice(dice_a, "A"), _check_dice(dice_b, "B")
    notes: list[tuple[str, str]] = []

    def say(text: str, cite: str) -> None:
        notes.append((text, cite))

    say(f"A throws {a}, B throws {b}: sorted high to low and paired", "FE-50")
    ones_a, ones_b = all(d == 1 for d in a), all(d == 1 for d in b)
    if ones_a or ones_b:  # FE-53: all 1s on one, two or three dice injures the opponent
        for thrower, victim, n, hit in (("A", "B", len(a), ones_a), ("B", "A", len(b), ones_b)):
            if hit:
                say(f"{thrower} throws all 1s: {victim} is injured, takes {n}d{rules.injury_die}"
                    f" real damage and is out of the tournament; {thrower} is ejected",
                    "FE-53, R-FE-JOUST-INJURY")
        if (len(a) == 3 and ones_a) or (len(b) == 3 and ones_b):
            say("triple 1s never unhorse: injury instead", "EX-FE-02")
        return ThrowResult(a, b, 0, 0, False, False, ones_b, ones_a, (), tuple(notes))
    triple_a = len(a) == 3 and len(set(a)) == 1  # 1s already handled above
    triple_b = len(b) == 3 and len(set(b)) == 1
    if triple_a != triple_b:
        winner, loser = ("A", "B") if triple_a else ("B", "A")
        say(f"{winner} throws a triple: {loser} is {_unhorse_word(rules)}, "
            f"{winner} wins the round", "FE-52, EX-FE-02")
        return ThrowResult(a, b, 0, 0, triple_b, triple_a, False, False, (), tuple(notes))
    if triple_a:
        say("both throw triples: they unhorse each other, so the throw is scored normally",
            "FE-52")
    pairs: list[tuple[int, int, str | None]] = []
    # zip drops unmated dice: "Dice without a mate are not counted"
    for da, db in zip(a, b, strict=False):
        if da != db:
            w = "a" if da > db else "b"
            say(f"{max(da, db)} beats {min(da, db)}: {w.upper()} wins the pair, "
                f"{'B' if w == 'a' else 'A'} loses a die", "FE-50")
        elif len(a) == len(b):
            w = None
            say(f"tie {da} v {db}, equal dice thrown: nobody loses a die", "R-FE-JOUST-TIES")
        else:
            w = "a" if len(a) < len(b) else "b"
            say(f"tie {da} v {db}: {w.upper()} threw fewer dice, so the tie is his win and "
                f"{'B' if w == 'a' else 'A'} loses a die", "FE-49, R-FE-JOUST-TIES")
        pairs.append((da, db, w))
    for who, extra in (("A", a[len(b):]), ("B", b[len(a):])):
        if extra:
            say(f"{who}'s unmatched {extra} do not count", "FE-50")
    lost_a = sum(w == "b" for _, _, w in pairs)
    lost_b = sum(w == "a" for _, _, w in pairs)
    return ThrowResult(a, b, lost_a, lost_b, False, False, False, False, tuple(pairs),
                       tuple(notes))


def legal_throw_sizes(pool: int) -> tuple[int, ...]:
    """FE-48: one to three dice, never more than remain; an empty pool has no throw."""
    if pool < 0:
        raise ValueError(f"a dice pool cannot be negative ({pool})")
    return tuple(range(1, min(MAX_THROW, pool) + 1))


@dataclass(frozen=True)
class JoustState:
    """A round in progress or finished.  ``winner`` is 'a', 'b', 'draw' or None;
    ``ended_by`` is 'pool', 'unhorsed', 'helm', 'injury', 'max_throws' or None;
    ``injury_damage_dice`` holds (who, number of ``rules.injury_die`` dice)."""

    pool_a: int
    pool_b: int
    throws: int = 0
    winner: str | None = None
    ended_by: str | None = None
    injured: tuple[str, ...] = ()
    ejected: tuple[str, ...] = ()
    injury_damage_dice: tuple[tuple[str, int], ...] = ()

    @classmethod
    def start(cls, pool_a: int, pool_b: int) -> JoustState:
        """A new round; one already out of dice "has lost for the whole round" (FE-48)."""
        if pool_a < 0 or pool_b < 0:
            raise ValueError(f"dice pools cannot be negative ({pool_a}, {pool_b})")
        return _settle_pools(cls(pool_a, pool_b), None)


def _by_pools(pool_a: int, pool_b: int) -> str:
    """FE-51: the larger remaining pool wins; R-FE-JOUST-BOTH-EMPTY: equal (even 0-0) draws.
    (A single throw cannot empty both pools: losses <= pairs <= the smaller throw.)"""
    return "a" if pool_a > pool_b else "b" if pool_b > pool_a else "draw"


def _settle_pools(state: JoustState, rules: JoustRules | None) -> JoustState:
    if state.pool_a == 0 or state.pool_b == 0:
        return replace(state, winner=_by_pools(state.pool_a, state.pool_b), ended_by="pool")
    if rules is not None and rules.max_throws is not None and state.throws >= rules.max_throws:
        return replace(state, winner=_by_pools(state.pool_a, state.pool_b),
                       ended_by="max_throws")  # R-FE-JOUST-RIDES option (b)
    return state


def apply_throw(state: JoustState, dice_a: Sequence[int], dice_b: Sequence[int],
                rules: JoustRules) -> tuple[JoustState, ThrowResult]:
    """Play one throw on ``state``; rejects a finished round or a throw the pool can't pay."""
    if state.winner is not None:
        raise ValueError(f"the round is over ({state.winner} by {state.ended_by})")
    for who, pool, dice in (("A", state.pool_a, dice_a), ("B", state.pool_b, dice_b)):
        if len(dice) not in legal_throw_sizes(pool):
            raise ValueError(f"{who} has {pool} dice in his pool and may throw "
                             f"{legal_throw_sizes(pool)}, not {len(dice)} (FE-48)")
    r = resolve_throw(dice_a, dice_b, rules)
    new = replace(state, pool_a=state.pool_a - r.lost_a, pool_b=state.pool_b - r.lost_b,
                  throws=state.throws + 1)
    if r.injured_a and r.injured_b:  # R-FE-JOUST-INJURY: both injured, both out, a draw
        return replace(new, winner="draw", ended_by="injury", injured=("a", "b"),
                       ejected=("a", "b"),
                       injury_damage_dice=(("a", len(r.dice_b)), ("b", len(r.dice_a)))), r
    if r.injured_a or r.injured_b:  # the injured knight "wins by disqualification"
        hurt, guilty, n = ("a", "b", len(r.dice_b)) if r.injured_a else ("b", "a", len(r.dice_a))
        return replace(new, winner=hurt, ended_by="injury", injured=(hurt,),
                       ejected=(guilty,), injury_damage_dice=((hurt, n),)), r
    if r.unhorsed_a or r.unhorsed_b:
        return replace(new, winner="b" if r.unhorsed_a else "a",
                       ended_by="helm" if rules.helm_tipping else "unhorsed"), r
    return _settle_pools(new, rules), r


@cache
def throw_distribution(n_a: int, n_b: int,
                       rules: JoustRules) -> dict[tuple[int, int, str], Fraction]:
    """Exact law of (dice A loses, dice B loses, special) for a throw of n_a v n_b dice,
    by pushing all 6**(n_a+n_b) equally likely outcomes through :func:`resolve_throw`.
    Cached (only 9 size pairs per rules); callers must not mutate the returned dict."""
    counts: Counter[tuple[int, int, str]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=n_a + n_b):
        r = resolve_throw(faces[:n_a], faces[n_a:], rules)
        counts[(r.lost_a, r.lost_b, r.special)] += 1
    total = 6 ** (n_a + n_b)
    return {key: Fraction(c, total) for key, c in sorted(counts.items())}


_ENDS = {"a_injured": "a", "b_injured": "b", "both_injured": "draw",  # R-FE-JOUST-INJURY
         "a_unhorsed": "b", "b_unhorsed": "a"}  # FE-52


def _step(pa: int, pb: int, t: int, na: int, nb: int, rules: JoustRules,
          value: Callable[[int, int, int], Odds]) -> tuple[Odds, Fraction]:
    """One throw's contribution to P(outcome), excluding the chance of landing back in
    the same state (returned separately): equal-size ties can leave both pools intact."""
    out = {"a": Fraction(0), "b": Fraction(0), "draw": Fraction(0)}
    stay = Fraction(0)
    for (la, lb, special), p in throw_distribution(na, nb, rules).items():
        if special:
            out[_ENDS[special]] += p
            continue
        t_next = t + 1 if rules.max_throws is not None else 0  # unlimited: count is moot
        nxt = _settle_pools(JoustState(pa - la, pb - lb, t_next), rules)
        if nxt.winner is not None:
            out[nxt.winner] += p
        elif rules.max_throws is None and (la, lb) == (0, 0):
            stay += p  # throws are not counted without a limit, so this is the same state
        else:
            for k, v in value(nxt.pool_a, nxt.pool_b, nxt.throws).items():
                out[k] += p * v
    return out, stay


def uniform_policy(pool_self: int, pool_other: int) -> dict[int, Fraction]:
    """A mixed policy: every legal throw size equally likely (FE-48).  The "no idea what
    he'll do" model of an opponent, used for the odds a player is shown."""
    sizes = legal_throw_sizes(pool_self)
    return {n: Fraction(1, len(sizes)) for n in sizes}


def _as_mix(choice: int | dict[int, Fraction], pool: int) -> dict[int, Fraction]:
    """A policy's answer as {size: probability}, checked against the pool (FE-48)."""
    mix = dict(choice) if isinstance(choice, dict) else {choice: Fraction(1)}
    legal = legal_throw_sizes(pool)
    if any(n not in legal for n in mix) or any(p < 0 for p in mix.values()) \
            or sum(mix.values()) != 1:
        raise ValueError(f"policy chose {choice} with a pool of {pool}: legal sizes are "
                         f"{legal} with probabilities summing to 1 (FE-48)")
    return {n: Fraction(p) for n, p in mix.items() if p}


def round_win_probability(state: JoustState, rules: JoustRules, policy_a: MixedPolicy,
                          policy_b: MixedPolicy) -> Odds:
    """Exact P('a'), P('b'), P('draw') for the rest of the round when each side throws
    what its policy says.  A policy answers a size, or a mixed {size: probability}
    (e.g. :func:`uniform_policy`).  Memoised recursion over pools (and throws, if limited)."""
    state = state if state.winner is not None else _settle_pools(state, rules)
    if state.winner is not None:
        return {k: Fraction(int(k == state.winner)) for k in ("a", "b", "draw")}

    @cache
    def value(pa: int, pb: int, t: int) -> Odds:
        na, nb = policy_a(pa, pb), policy_b(pb, pa)
        if isinstance(na, int) and isinstance(nb, int) and (
                na not in legal_throw_sizes(pa) or nb not in legal_throw_sizes(pb)):
            raise ValueError(f"policy chose {na} v {nb} dice with pools {pa} v {pb} (FE-48)")
        out = {"a": Fraction(0), "b": Fraction(0), "draw": Fraction(0)}
        stay = Fraction(0)
        for ka, wa in _as_mix(na, pa).items():
            for kb, wb in _as_mix(nb, pb).items():
                o, s = _step(pa, pb, t, ka, kb, rules, value)
                for k, v in o.items():
                    out[k] += wa * wb * v
                stay += wa * wb * s
        return {k: v / (1 - stay) for k, v in out.items()}  # solve P = out + stay * P

    t = state.throws if rules.max_throws is not None else 0
    return value(state.pool_a, state.pool_b, t)


def best_response_throw(pool_self: int, pool_other: int, rules: JoustRules,
                        throws: int = 0) -> int:
    """AI heuristic: the throw size maximising this side's exact chance of winning the
    round, playing on optimally, against an opponent choosing uniformly among his legal
    sizes.  Ties go to fewer dice, so the answer is deterministic."""
    if not legal_throw_sizes(pool_self) or not legal_throw_sizes(pool_other):
        raise ValueError("the round is already over: a pool is empty (FE-48)")
    return _best(pool_self, pool_other, throws if rules.max_throws is not None else 0, rules)[1]


@cache
def _best(ps: int, po: int, t: int, rules: JoustRules) -> tuple[Fraction, int]:
    """(best win chance, dice to throw now) for self ('a') at pools ps v po after t throws."""
    def win(pa: int, pb: int, tt: int) -> Odds:
        return {"a": _best(pa, pb, tt, rules)[0]}

    best: tuple[Fraction, int] | None = None
    for k in legal_throw_sizes(ps):
        won, stay = Fraction(0), Fraction(0)
        sizes = legal_throw_sizes(po)
        for j in sizes:
            out, s = _step(ps, po, t, k, j, rules, win)
            won += out["a"] / len(sizes)
            stay += s / len(sizes)
        # Optimal play returns to this state with the same choice: V = won + stay * V.
        v = won / (1 - stay)
        if best is None or v > best[0]:
            best = (v, k)
    assert best is not None
    return best


# --- playing a whole round with real dice (for Lists, simulation and AI) --------------------


class _D6(Protocol):
    def d(self, sides: int, purpose: str = "") -> int: ...


MAX_THROWS_SAFETY = 10_000  # a round ends with probability 1; this only stops a broken policy


def play_round(pool_a: int, pool_b: int, rules: JoustRules, dice: _D6, policy_a: Policy,
               policy_b: Policy) -> tuple[JoustState, tuple[ThrowResult, ...]]:
    """Play a round from these pools to its end: each throw, A's dice are rolled first, then
    B's (the order the joust mode rolls them in).  Returns the final state and the throws."""
    state = JoustState.start(pool_a, pool_b)
    throws: list[ThrowResult] = []
    for _ in range(MAX_THROWS_SAFETY):
        if state.winner is not None:
            return state, tuple(throws)
        na, nb = policy_a(state.pool_a, state.pool_b), policy_b(state.pool_b, state.pool_a)
        da = [dice.d(6, "joust die A") for _ in range(na)]
        db = [dice.d(6, "joust die B") for _ in range(nb)]
        state, r = apply_throw(state, da, db, rules)
        throws.append(r)
    raise RuntimeError(f"no result after {MAX_THROWS_SAFETY} throws")
