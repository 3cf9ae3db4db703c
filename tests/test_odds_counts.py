"""Exact odds as whole numbers (DESIGN.md, "one resolution function, two drivers"): the ways
of every outcome add up to the denominator, and every probability, every percentage the odds
panel shows and every float the AI weighs equals what `Fraction`s give when every roll
sequence is walked die by die -- the plain, slow way the odds used to be added up.

The reference walk below branches on each face of each die (a sum of dice too), weighting
each branch by a `Fraction`; `count_outcomes` instead branches once per total of a sum and
adds whole numbers, so the two share nothing but the resolution function they run.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.data import DiceExpr
from rules.dice import Dice, Odds, count_outcomes, enumerate_outcomes
from rules.engine import AttackOdds
from rules.events import Modifier
from rules.systems.empress import odds as emp_odds
from rules.systems.empress import resolution as emp
from rules.systems.fallen_empire import combat as fe

T = TypeVar("T", bound=Hashable)


class _More(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Replay:
    """Answers from a list of faces, one die at a time, and asks for more past its end."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.used = 0

    def d(self, sides: int, purpose: str = "") -> int:
        if self.used == len(self.faces):
            raise _More(sides)
        self.used += 1
        return self.faces[self.used - 1]

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


def walk_in_fractions(resolve: Callable[[Dice], T]) -> dict[T, Fraction]:
    """Every sequence of faces, die by die, each weighted 1/sides as a `Fraction`."""
    out: dict[T, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        faces, weight = stack.pop()
        try:
            r = resolve(_Replay(faces))
        except _More as more:
            stack.extend(([*faces, f], weight / more.sides) for f in range(1, more.sides + 1))
            continue
        out[r] = out.get(r, Fraction(0)) + weight
    return out


def pct(p: Fraction) -> str:
    """The odds panel's percentage (game/ui/side_panel.pct), from a Fraction."""
    return f"{float(p) * 100:.1f}%"


# --- any roll ------------------------------------------------------------------------------

SIDES = st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20])


@st.composite
def attacks(draw: st.DrawFn) -> Callable[[Dice], tuple[bool, int]]:
    """A random attack: a die against a target number with a modifier, natural best always
    hits, then some dice of damage plus a bonus, an extra die on the best face, and a
    saving throw that halves it."""
    to_hit = draw(st.sampled_from([6, 10, 12, 20]))
    modifier = draw(st.integers(-6, 6))
    target = draw(st.integers(1, to_hit + 7))
    count, sides, bonus = draw(st.integers(0, 2)), draw(SIDES), draw(st.integers(-3, 3))
    extra = draw(st.booleans())
    save = draw(st.none() | st.integers(2, 20))

    def attack(dice: Dice) -> tuple[bool, int]:
        roll = dice.d(to_hit, "to hit")
        if roll != to_hit and roll + modifier < target:
            return False, 0
        damage = dice.sum(count, sides, "damage") + bonus
        if extra and roll == to_hit:
            damage += dice.d(sides, "critical die")
        if save is not None and dice.d(20, "save") >= save:
            damage //= 2
        return True, max(0, damage)

    return attack


@settings(max_examples=60, deadline=None)
@given(attacks())
def test_any_roll_counts_add_up_and_agree_with_fractions(attack) -> None:
    odds = count_outcomes(attack)
    plain = walk_in_fractions(attack)
    assert sum(odds.ways) == odds.denominator
    assert odds.fractions() == plain
    assert enumerate_outcomes(attack) == plain
    for outcome, p in plain.items():
        assert odds.probability(outcome) == p
        assert odds.chance(outcome) == float(p)  # the very float the AI used to weigh
        assert odds.percent(outcome) == float(p) * 100  # and the panel used to show
        assert f"{odds.percent(outcome):.1f}%" == pct(p)
    hit = odds.regroup(lambda o: o[0])
    assert hit.probability(True) == sum((p for o, p in plain.items() if o[0]), Fraction(0))


def test_odds_are_kept_in_lowest_terms_in_the_order_first_met() -> None:
    def coin_then_d4(dice: Dice) -> str:
        return "heads" if dice.d(2) == 1 else f"tails {dice.d(4) > 2}"

    odds = count_outcomes(coin_then_d4)
    assert odds.denominator == 4  # 1/2, 1/4, 1/4 over 8 would be the same odds, written longer
    assert dict(odds.items()) == {"tails True": 1, "tails False": 1, "heads": 2}
    assert odds.ways_of("edge") == 0 and odds.probability("heads") == Fraction(1, 2)
    assert Odds.of({"heads": Fraction(1, 2), "tails": Fraction(1, 2)}) == Odds(
        ("heads", "tails"), (1, 1), 2)


def test_counts_that_are_not_odds_are_refused() -> None:
    with pytest.raises(ValueError, match="add up"):
        Odds(("a", "b"), (1, 1), 3)
    with pytest.raises(ValueError, match="twice"):
        Odds(("a", "a"), (1, 1), 2)
    with pytest.raises(ValueError, match="add up"):
        Odds.of({"a": Fraction(1, 2), "b": Fraction(1, 3)})


def test_a_ruleset_that_works_in_fractions_still_builds_its_odds_from_them() -> None:
    # A GM's own ruleset (tests/test_house_ruleset.py) gives fractions; they come back equal.
    odds = AttackOdds(hit=Fraction(1, 3), damage={0: Fraction(2, 3), 2: Fraction(1, 3)},
                      kill=Fraction(1, 6), modifiers=(), needed=4)
    assert (odds.hit, odds.damage, odds.kill) == (Fraction(1, 3), {0: Fraction(2, 3),
                                                                    2: Fraction(1, 3)},
                                                  Fraction(1, 6))
    assert odds.expected_damage == Fraction(2, 3)
    assert odds.chances() == (1 / 3, ((2, 1 / 3),), 1 / 6)
    with pytest.raises(ValueError, match="not 1"):
        AttackOdds(hit=Fraction(1, 2), damage={0: Fraction(1, 3)}, kill=Fraction(0),
                   modifiers=(), needed=4)


# --- the rulesets' attacks -----------------------------------------------------------------

WORDS = st.text("abcxyz ", min_size=1, max_size=6)
MODIFIERS = st.lists(st.builds(Modifier, value=st.integers(-4, 4), reason=WORDS, rule=WORDS),
                     max_size=3).map(tuple)
DAMAGE = st.builds(DiceExpr, count=st.integers(0, 2), sides=st.sampled_from([2, 4, 6, 8]),
                   bonus=st.integers(-2, 3)).filter(lambda e: e.count or e.bonus)


def assert_attack_odds(odds: AttackOdds, results: dict, hits: Callable, dealt: Callable,
                       kills: Callable) -> None:
    """`odds` against the die-by-die walk of the same resolution function."""
    want_hit = sum((p for r, p in results.items() if hits(r)), Fraction(0))
    want_damage: dict[int, Fraction] = {}
    for r, p in results.items():
        want_damage[dealt(r)] = want_damage.get(dealt(r), Fraction(0)) + p
    want_kill = sum((p for r, p in results.items() if kills(r)), Fraction(0))
    assert sum(odds.dealt.ways) == odds.denominator
    assert 0 <= odds.kill_ways <= odds.hit_ways <= odds.denominator
    assert odds.hit == want_hit and odds.kill == want_kill
    assert odds.damage == dict(sorted(want_damage.items()))
    assert sum(odds.damage.values()) == 1
    assert (pct(odds.hit), pct(odds.kill)) == (pct(want_hit), pct(want_kill))
    assert odds.chances() == (float(want_hit),
                              tuple((d, float(p)) for d, p in sorted(want_damage.items())
                                    if d > 0),
                              float(want_kill))


@st.composite
def fe_situations(draw: st.DrawFn) -> fe.Situation:
    pool = draw(st.sampled_from([(), ("orc", "goblin"), ("orc", "goblin", "troll")]))
    poison = draw(st.none() | st.builds(DiceExpr, count=st.just(1), sides=st.sampled_from([4]),
                                        bonus=st.just(0)))
    return fe.Situation(
        kind=draw(st.sampled_from(["melee", "missile", "charge"])), attacker="knight",
        target="orc", weapon="sword", needed=draw(st.integers(2, 24)),
        modifiers=draw(MODIFIERS), damage=draw(DAMAGE), damage_modifiers=draw(MODIFIERS),
        auto_hit=draw(st.booleans()), natural_20_hits=draw(st.booleans()),
        natural_1_misses=draw(st.booleans()), melee_pool=pool,
        cover=draw(st.sampled_from(["", "terrain", "goblin"])),
        damage_multiplier=draw(st.sampled_from([1, 2])), poison=poison,
        poison_save=draw(st.integers(2, 20)))


@settings(max_examples=40, deadline=None)
@given(fe_situations(), st.integers(1, 12))
def test_fe01_fallen_empire_odds_agree_with_fractions(s: fe.Situation, hp: int) -> None:
    results = walk_in_fractions(lambda dice: fe.resolve(s, dice))
    def key(r: fe.Result) -> tuple[bool, str, int]:
        return r.hit, r.struck, r.damage

    assert fe.outcome_odds(s).regroup(key).fractions() == _pooled(results, key)

    def dealt(r: fe.Result) -> int:
        return r.damage if r.struck == s.target else 0

    assert_attack_odds(fe.odds_against(s, hp), results, lambda r: r.hit, dealt,
                       lambda r: dealt(r) >= hp and dealt(r) > 0)


@st.composite
def empress_situations(draw: st.DrawFn) -> emp.Situation:
    hc = draw(st.integers(6, 22))
    ac = draw(st.sampled_from([0, hc + 2, hc + 5]))
    return emp.Situation(
        kind=draw(st.sampled_from(["melee", "missile", "counter"])),
        attacker=draw(WORDS), target=draw(WORDS), weapon=draw(WORDS), weapon_key="sword",
        missile=draw(st.booleans()), modifiers=draw(MODIFIERS), hc=hc,
        hc_parts=(Modifier(value=hc - 2, reason="base", rule="EMP-48"),
                  Modifier(value=2, reason="shield", rule="EMP-49")),
        ac=ac, coverage_parts=draw(MODIFIERS), complete=draw(st.booleans()),
        enclosing=draw(st.booleans()), auto_hit=draw(st.booleans()),
        auto_critical=draw(st.booleans()), lands=draw(st.booleans()), damage=draw(DAMAGE),
        damage2=draw(st.none() | DAMAGE), critical_damage=draw(st.sampled_from(["max", "die"])),
        multiplier=draw(st.sampled_from([1, 2])), no_damage=draw(st.booleans()),
        protection=draw(st.integers(0, 4)),
        intercepted_by=draw(st.sampled_from(["", "shield", "armour"])),
        venom=draw(st.none() | DAMAGE), target_hp=draw(st.integers(0, 12)),
        reflexes=draw(st.integers(-2, 3)), notes=draw(st.lists(WORDS, max_size=2).map(tuple)))


@settings(max_examples=40, deadline=None)
@given(empress_situations(), st.integers(1, 14), st.integers(-3, 0))
def test_emp48_empress_odds_agree_with_fractions(s: emp.Situation, hp: int,
                                                 out_at: int) -> None:
    # The odds leave venom out (EMP-87..89), as the panel says.
    results = walk_in_fractions(lambda dice: emp.resolve(s, dice, contact=False))
    # Who strikes whom, and the words beside the numbers, are left out of what is memoised:
    # the same odds come back as from the situation in full.
    def key(r: emp.Result) -> tuple[bool, bool, str, int]:
        return r.hit, r.critical, r.band, r.damage

    assert emp_odds.outcome_odds(s).regroup(key).fractions() == _pooled(results, key)
    assert_attack_odds(emp_odds.odds_against(s, hp, out_at), results, lambda r: r.hit,
                       lambda r: r.damage,
                       lambda r: r.hit and not s.no_damage and hp - r.damage <= out_at)


def _pooled(results: dict, key: Callable) -> dict:
    out: dict = {}
    for r, p in results.items():
        out[key(r)] = out.get(key(r), Fraction(0)) + p
    return out
