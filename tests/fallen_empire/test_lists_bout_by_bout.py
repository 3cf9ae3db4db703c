"""A List ridden one bout at a time (FE-45, R-FE-JOUST-LISTS): what a host sees between bouts.

A game with a person in the saddle cannot hand the pairing code a callback: it asks "who
rides next?", lets the bout be ridden in the window, then records the result and saves.
These tests check that the bout-by-bout table pairs, scores and crowns exactly as the whole-
List drivers do, and that a table rebuilt from its recorded rides (a tournament file loaded
again) goes on the same way.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules.systems.fallen_empire.lists import (
    BoutResult,
    ListTable,
    Pairing,
    round_count,
    single_elimination,
    swiss_rounds,
)

KNIGHTS = [f"K{i}" for i in range(1, 9)]


def better_seed(a: str, b: str) -> str:
    return a if KNIGHTS.index(a) < KNIGHTS.index(b) else b


@pytest.mark.parametrize(("n", "rounds"), [(4, 2), (5, 3), (8, 3), (9, 4), (16, 4)])
def test_both_methods_plan_ceil_log2_rounds(n, rounds):
    """R-FE-JOUST-LISTS: Swiss rides ceil(log2 n) rounds; a bracket of n needs as many."""
    assert round_count("swiss", n) == rounds == round_count("single_elimination", n)
    assert round_count("swiss", n, 5) == 5


def test_the_first_round_is_known_before_anyone_rides():
    table = ListTable("single_elimination", tuple(KNIGHTS))
    assert table.next_bout() == Pairing(1, "K1", "K8")
    assert table.pairings() == (("K1", "K8"), ("K2", "K7"), ("K3", "K6"), ("K4", "K5"))
    assert table.current_round == 1 and not table.is_over and table.champion is None


def test_a_drawn_elimination_bout_is_ridden_again_before_the_next_pairing():
    """R-FE-JOUST-LISTS: the same pair rides again (ride 2), then the next pair."""
    table = ListTable("single_elimination", tuple(KNIGHTS)).record(None)
    assert table.next_bout() == Pairing(1, "K1", "K8", ride=2)
    table = table.record("K8")
    assert table.next_bout() == Pairing(1, "K2", "K7")
    assert table.decided()[0][0].winner == "K8" and table.decided()[0][0].rides == 2


@pytest.mark.parametrize("method", ["swiss", "single_elimination"])
@pytest.mark.parametrize("seed", range(6))
def test_bout_by_bout_gives_what_the_whole_list_gives(method, seed):
    """The same answers in the same order: the same bouts, standings and champion."""
    answers = random.Random(seed)
    script = [answers.choice(("a", "b", None, "a")) for _ in range(200)]

    feed = iter(script)

    def results(a, b):
        pick = next(feed)
        return a if pick == "a" else b if pick == "b" else None

    whole = (swiss_rounds(KNIGHTS, None, results) if method == "swiss"
             else single_elimination(KNIGHTS, results))
    table = ListTable(method, tuple(KNIGHTS))
    it = iter(script)
    while (bout := table.next_bout()) is not None:
        pick = next(it)
        table = table.record(bout.a if pick == "a" else bout.b if pick == "b" else None)
    assert table.result() == whole
    assert table.champion == whole.champion is not None


def test_a_table_rebuilt_from_its_rides_goes_on_the_same():
    """Saved after bout 5 and loaded again: the rest of the List is the same."""
    table = ListTable("swiss", tuple(KNIGHTS))
    for _ in range(5):
        bout = table.next_bout()
        table = table.record(better_seed(bout.a, bout.b))
    reloaded = ListTable("swiss", tuple(KNIGHTS), rides=tuple(table.rides))
    assert reloaded.next_bout() == table.next_bout()
    for t in (table, reloaded):
        while (bout := t.next_bout()) is not None:
            t = t.record(better_seed(bout.a, bout.b))
        assert t.champion == "K1"


def test_rides_that_do_not_fit_the_pairings_are_refused():
    table = ListTable("swiss", tuple(KNIGHTS)).record("K1")
    wrong = table.rides[0].__class__(1, "K1", "K3", BoutResult("K1"))
    with pytest.raises(ValueError, match="ride 1: round 1 pairs K1 with K2"):
        ListTable("swiss", tuple(KNIGHTS), rides=(wrong,)).next_bout()
    with pytest.raises(ValueError, match="answered winner 'K7'"):
        table.record("K7")
    with pytest.raises(ValueError, match="did not ride in it"):
        table.record(BoutResult("K3", out=("K5",)))


def test_recording_after_the_end_is_refused():
    table = ListTable("single_elimination", ("A", "B")).record("B")
    assert table.is_over and table.champion == "B"
    with pytest.raises(ValueError, match="the List is over"):
        table.record("A")


def test_swiss_standings_count_wins_draws_losses_and_byes():
    """Five knights, K1 always winning, K2 v K3 drawn: a bye scores 1 (R-FE-JOUST-LISTS)."""
    names = ("K1", "K2", "K3", "K4", "K5")
    table = ListTable("swiss", names)
    while (bout := table.next_bout()) is not None:
        table = table.record(None if {bout.a, bout.b} == {"K2", "K3"} else
                             better_seed(bout.a, bout.b))
    top = table.standings()[0]
    assert (top.entrant, top.score, top.wins) == ("K1", Fraction(3), 3)
    for s in table.standings():
        assert s.wins + s.draws + s.losses + s.byes == table.planned_rounds
        assert s.score == s.wins + s.byes + Fraction(s.draws, 2)


def test_elimination_standings_are_the_round_reached():
    table = ListTable("single_elimination", tuple(KNIGHTS))
    while (bout := table.next_bout()) is not None:
        table = table.record(better_seed(bout.a, bout.b))
    standing = {s.entrant: s.score for s in table.standings()}
    assert standing["K1"] == 4 and standing["K2"] == 2 and standing["K8"] == 0


def test_an_entrant_put_out_is_marked_in_the_standings():
    """FE-53: the injured knight leaves the List; the table says so."""
    table = ListTable("swiss", ("A", "B", "C", "D")).record(BoutResult("A", out=("A", "B")))
    assert table.out == ("A", "B")
    assert {s.entrant for s in table.standings() if s.out} == {"A", "B"}
