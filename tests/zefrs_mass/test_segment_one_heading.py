"""Segment 1's heading as a player reads it (ZEF-70, R-ZEF-MASS-DUEL): "Segment 1: the
leaders' duels" is told in a round with a duel, and a round with none says in a player's
words why no leaders meet."""

from __future__ import annotations

from rules.systems.zefrs.mass.events import MassNoDuels
from tests.zefrs_mass.helpers import WHITE, attack, defend, every, round_of
from tests.zefrs_mass.test_duel_words import _knight_and_raider, _lines


def test_the_leaders_duels_are_headed_only_in_a_round_with_a_duel():
    """R-ZEF-MASS-DUEL ("first_round"): the knight and the raider duel in the first round
    their units fight; the second round has no duel, so it never says "Segment 1: the
    leaders' duels" and says instead why no leaders meet."""
    st = _knight_and_raider()
    st, ev = round_of(st, [5, 5, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    first = _lines(st, ev)
    assert sum("Segment 1: the leaders' duels" in t for t in first) == 1
    assert not every(ev, MassNoDuels)
    st, ev = round_of(st, [WHITE] * 6, pikes=attack(0), cav=attack(2))
    second = _lines(st, ev)
    assert not any("leaders' duels" in t for t in second), second
    told = [t for t in second if t.startswith("No leaders meet this round")]
    assert told == ["No leaders meet this round (segment 1, ZEF-70): every unit attacking in "
                    "melee has fought before, and leaders duel only in the first round their "
                    "unit fights (R-ZEF-MASS-DUEL)."]


def test_a_round_with_no_attack_says_no_leaders_meet():
    """Both units stand and defend: no unit attacks in melee, so no leaders meet (ZEF-70)."""
    st = _knight_and_raider()
    st, ev = round_of(st, [], pikes=defend(0), cav=defend(2))
    lines = _lines(st, ev)
    assert not any("leaders' duels" in t for t in lines), lines
    assert ("No leaders meet this round (segment 1, ZEF-70): no unit attacks another in "
            "melee (ZEF-64).") in lines


def test_the_sandbox_names_a_round_without_a_duel_so():
    """The grid sandbox's stage for segment 1 of a round with no duel is not headed "the
    leaders' duels": its label and its one line say no leaders meet (ZEF-70)."""
    from game.sandbox.mass import MassSandbox
    from rules.engine import scripted
    from tests.zefrs_mass.helpers import army, unit

    sb = MassSandbox(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                          unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    sb.fight_round(scripted())  # both stand and defend
    stage = sb.next_stage()
    assert stage.label == "Round 1: segment 1: no leaders meet"
    assert stage.narration() == ["No leaders meet this round (segment 1, ZEF-70): no unit "
                                 "attacks another in melee (ZEF-64)."]
