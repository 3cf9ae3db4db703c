"""Lists - jousts with many entrants (FE-45), R-FE-JOUST-LISTS and R-FE-JOUST-REFILL.

"Jousts with many entrants are called Lists, and may proceed either by Swiss rounds or
single-elimination at the decision of the host.  Lawful hosts usually offer the first
method while Chaotic hosts will usually offer the latter."  Entrants are given best seed
first; a bout's result function says who won (None: a draw) and who leaves the tournament
(FE-53: the injured and the ejected).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rules.dice import StreamDice
from rules.engine import UnitSpec
from rules.systems.fallen_empire.joust import JoustRules
from rules.systems.fallen_empire.joust_mode import list_bout
from rules.systems.fallen_empire.lists import (
    BoutResult,
    host_list_method,
    run_list,
    single_elimination,
    swiss_rounds,
)
from rules.systems.fallen_empire.units import build_unit


def better_seed_wins(order):
    rank = {n: i for i, n in enumerate(order)}
    return lambda a, b: a if rank[a] < rank[b] else b


# --- FE-45 / R-FE-JOUST-LISTS: the host's method ---------------------------------------------

@pytest.mark.parametrize(("alignment", "method"), [
    ("Lawful", "swiss"), ("chaotic", "single_elimination"), ("neutral", "swiss")])
def test_fe45_host_alignment_gives_the_default_method(alignment, method):
    """FE-45: Lawful hosts usually Swiss, Chaotic usually single elimination;
    R-FE-JOUST-LISTS: a Neutral host defaults to Swiss."""
    assert host_list_method(alignment) == method


def test_fe45_the_gm_overrides_the_hosts_usual_method():
    """FE-45 [GM]: "at the decision of the host" - the alignment is only the default."""
    assert host_list_method("lawful", "single_elimination") == "single_elimination"
    with pytest.raises(ValueError, match="unknown List method"):
        host_list_method("lawful", "melee")
    with pytest.raises(ValueError, match="unknown alignment"):
        host_list_method("very lawful")


def test_fe45_run_list_follows_the_host():
    names = ["A", "B", "C", "D"]
    assert run_list(names, better_seed_wins(names), alignment="chaotic").method == \
        "single_elimination"
    assert run_list(names, better_seed_wins(names), alignment="lawful").method == "swiss"


def test_a_list_needs_two_distinct_entrants():
    with pytest.raises(ValueError, match="at least two"):
        single_elimination(["A"], lambda a, b: a)
    with pytest.raises(ValueError, match="named twice: A"):
        swiss_rounds(["A", "B", "A"], 1, lambda a, b: a)


# --- single elimination ----------------------------------------------------------------------

def test_single_elimination_pairs_first_v_last_and_the_best_seed_wins():
    """Eight knights seeded 1..8: round 1 is 1v8, 2v7, 3v6, 4v5; when the better seed
    always wins, seed 1 is champion after three rounds."""
    names = [f"K{i}" for i in range(1, 9)]
    r = single_elimination(names, better_seed_wins(names))
    assert [(b.a, b.b) for b in r.rounds[0]] == [("K1", "K8"), ("K2", "K7"), ("K3", "K6"),
                                                  ("K4", "K5")]
    assert [(b.a, b.b) for b in r.rounds[1]] == [("K1", "K4"), ("K2", "K3")]
    assert r.champion == "K1" and len(r.rounds) == 3
    assert r.standings[0] == ("K1", Fraction(4)) and r.standings[1][0] == "K2"


def test_single_elimination_odd_field_gives_the_best_seed_a_bye():
    names = ["A", "B", "C", "D", "E"]
    r = single_elimination(names, better_seed_wins(names))
    bye = r.rounds[0][0]
    assert (bye.a, bye.b, bye.winner) == ("A", None, "A")
    assert [(b.a, b.b) for b in r.rounds[0][1:]] == [("B", "E"), ("C", "D")]
    assert r.champion == "A"


def test_single_elimination_draw_is_ridden_again():
    """A drawn bout (equal pools, FE-51) is ridden again; here the second ride is won."""
    answers = iter([None, "B"])
    r = single_elimination(["A", "B"], lambda a, b: next(answers))
    bout = r.rounds[0][0]
    assert (bout.winner, bout.rides) == ("B", 2) and r.champion == "B"


def test_single_elimination_still_level_after_three_rides_better_seed_goes_through():
    """R-FE-JOUST-LISTS: after three drawn rides the better seed goes through."""
    r = single_elimination(["A", "B"], lambda a, b: None)
    bout = r.rounds[0][0]
    assert (bout.winner, bout.rides) == ("A", 3) and "better seed" in bout.note


def test_fe53_injured_and_ejected_both_leave_the_list():
    """FE-53: the injured knight "is out of the tournament to recover" and the dishonoured
    one "is ejected ... immediately": in round 1, B injures A - neither goes on, so C
    (who beat D) is champion without riding again."""
    def bout(a, b):
        if {a, b} == {"A", "B"}:
            return BoutResult("A", out=("A", "B"))  # A wins by B's dishonour, but is hurt
        return a

    r = single_elimination(["A", "C", "D", "B"], bout)
    assert r.champion == "C" and set(r.out) == {"A", "B"}
    assert len(r.rounds) == 1


# --- Swiss rounds ----------------------------------------------------------------------------

def test_swiss_pairs_by_score_then_seed():
    """Round 1 by seed (A-B, C-D); round 2 the winners meet and the losers meet."""
    names = ["A", "B", "C", "D"]
    r = swiss_rounds(names, 2, better_seed_wins(names))
    assert [(b.a, b.b) for b in r.rounds[0]] == [("A", "B"), ("C", "D")]
    assert [(b.a, b.b) for b in r.rounds[1]] == [("A", "C"), ("B", "D")]
    # B and C both have 1 point and Buchholz 2: the better seed ranks first
    assert r.standings == (("A", 2), ("B", 1), ("C", 1), ("D", 0))
    assert r.champion == "A"


def test_swiss_default_rounds_and_draws_score_a_half():
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    r = swiss_rounds(names, None, lambda a, b: None)
    assert len(r.rounds) == 3  # ceil(log2(8))
    assert all(score == Fraction(3, 2) for _, score in r.standings)


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    """Five entrants, three rounds: each round's bye goes to the lowest-ranked entrant who
    has not yet had one, so three different entrants get byes (a bye scores 1)."""
    names = ["A", "B", "C", "D", "E"]
    r = swiss_rounds(names, 3, better_seed_wins(names))
    byes = [next(b.a for b in rnd if b.b is None) for rnd in r.rounds]
    assert byes[0] == "E" and len(set(byes)) == 3
    assert all(b.note.startswith("bye") for rnd in r.rounds for b in rnd if b.b is None)


def _perfect_matching_without_rematch(players, met):
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(frozenset((top, o)) not in met and _perfect_matching_without_rematch(
        [p for p in rest if p != o], met) for o in rest)


@pytest.mark.parametrize("seed", range(25))
def test_swiss_never_rematches_when_a_pairing_avoids_it(seed):
    """No rematch when avoidable: with random results, every rematch the Swiss pairing makes
    is one no pairing of that round could have avoided (brute force)."""
    rng = random.Random(seed)
    names = [f"E{i}" for i in range(rng.choice((4, 6, 7, 8)))]
    r = swiss_rounds(names, len(names) - 1, lambda a, b: rng.choice((a, b, None)))
    met: set[frozenset[str]] = set()
    for rnd in r.rounds:
        paired = [p for b in rnd if b.b is not None for p in (b.a, b.b)]
        if any(frozenset((b.a, b.b)) in met for b in rnd if b.b is not None):
            assert not _perfect_matching_without_rematch(paired, met)
        met |= {frozenset((b.a, b.b)) for b in rnd if b.b is not None}


def test_swiss_backtracks_rather_than_rematch():
    """Six knights, the better seed always winning: round 1 A-B, C-D, E-F; round 2 A-C,
    E-B, D-F.  In round 3 (ranked A, B, C, D, E, F) greedy top-down pairing would give
    A-D, B-C and leave E and F to meet again; the pairing backtracks to A-D, B-F, C-E,
    and every pair of the three rounds is new."""
    names = ["A", "B", "C", "D", "E", "F"]
    r = swiss_rounds(names, 3, better_seed_wins(names))
    assert [(b.a, b.b) for b in r.rounds[2]] == [("A", "D"), ("B", "F"), ("C", "E")]
    pairs = [frozenset((b.a, b.b)) for rnd in r.rounds for b in rnd]
    assert len(pairs) == len(set(pairs)) == 9


def test_swiss_is_deterministic_given_its_inputs():
    names = [f"E{i}" for i in range(7)]

    def results(a, b):
        return min(a, b) if (int(a[1:]) + int(b[1:])) % 3 else None

    assert swiss_rounds(names, 4, results) == swiss_rounds(names, 4, results)


def test_fe53_swiss_entrant_out_keeps_his_score_but_is_not_paired_again():
    def bout(a, b):
        if "A" in (a, b):
            return BoutResult(a, out=("A",) if a == "A" else ())  # A wins but is injured
        return a

    r = swiss_rounds(["A", "B", "C", "D"], 3, bout)
    assert all("A" not in (b.a, b.b) for rnd in r.rounds[1:] for b in rnd)
    assert dict(r.standings)["A"] == 1 and r.champion != "A"


# --- R-FE-JOUST-REFILL -----------------------------------------------------------------------

def test_refill_every_bout_starts_from_full_pools():
    """R-FE-JOUST-REFILL: a knight who lost dice in one bout rides the next with his whole
    pool again: the first throw of every bout sees the full pools (3 and 2)."""
    kay = build_unit(UnitSpec(id="kay", side="x", template="knight", pos=(0, 0)), 5)
    bors = build_unit(UnitSpec(id="bors", side="y", template="knight", pos=(1, 0),
                               overrides={"level": 2}), 5)
    seen: list[tuple[int, int]] = []

    def policy(mine, other):
        seen.append((mine, other))
        return min(3, mine)

    bout = list_bout({"kay": kay, "bors": bors}, JoustRules(), StreamDice(5, 0), policy)
    for _ in range(6):
        before = len(seen)
        result = bout("kay", "bors")
        assert seen[before] == (3, 2) and seen[before + 1] == (2, 3)
        assert result.winner in ("kay", "bors", None)


def test_a_whole_list_with_real_jousts():
    """A Lawful baron's List of four riders, every bout a real joust on a dice stream."""
    specs = [("kay", "knight", {}), ("bors", "knight", {"level": 2}),
             ("gawain", "veteran", {}), ("gimli", "dwarf", {})]
    units = {i: build_unit(UnitSpec(id=i, side="x", template=t, pos=(n, 0), overrides=o), 5)
             for n, (i, t, o) in enumerate(specs)}
    r = run_list(list(units), list_bout(units, JoustRules(), StreamDice(11, 0)),
                 alignment="lawful")
    assert r.method == "swiss" and len(r.rounds) >= 1
    played = [frozenset((b.a, b.b)) for rnd in r.rounds for b in rnd if b.b]
    assert len(played) == len(set(played))
    assert sum(s for _, s in r.standings) == sum(len(rnd) for rnd in r.rounds)
    assert set(itertools.chain.from_iterable(
        (b.a, b.b) for b in r.rounds[0])) == set(units)
    assert r.champion is None or r.champion not in r.out
