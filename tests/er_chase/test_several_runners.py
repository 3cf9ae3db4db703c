"""Several runners on the lane (issue 34): each pursuer runs after one fleeing figure
(R-ER-CHASE-QUARRY), closes to his heels and runs past the others (R-ER-CHASE-HEELS); when
his quarry drops he runs on after the next still running instead of being left behind
(R-ER-CHASE-END); the exact odds are of the pair actually running (odds.py).

The lanes here (R-ER-CHASE-LANE): the watch's hound a hex behind Big Wat, a slow 30-ft
bandit, and Nimble Jory, a thief made 40 ft, further ahead.  The initiative d20s come in
the runners' id order (hound, jory, wat); every die not written down is a 10.
"""

from __future__ import annotations

from fractions import Fraction

from rules.commands import Choose
from rules.engine import check, legal_commands
from rules.invariants import violations
from rules.systems.enchanted_realms.chase.events import (
    ChaseBegan,
    ChaseEnded,
    ChaseMoved,
    ChaseRunnerOut,
    ChaseSecondEnded,
    ChaseTookUp,
)
from rules.systems.enchanted_realms.chase.odds import pair_for, round_odds
from tests.er_chase.helpers import act, chase, frame, of, open_chase

HOUND = ("hound", "wolf", (-1, 0))  # 50 ft, Agility +2, fangs (light, 5 ft)
WAT = ("wat", "bandit", (0, 0))  # 30 ft, Agility 0
FENN = ("fenn", "man_at_arms_spear", (-1, 1))  # 30 ft, a spear reaching 10 ft


def jory(col: int, **over: object) -> tuple:
    return ("jory", "thief", (col, 0), {"walk_ft": 40, **over})


def test_each_pursuer_starts_after_the_one_nearest_ahead_of_him() -> None:
    """R-ER-CHASE-QUARRY: on the lane Wat stands at 0 and Jory three hexes on; the hound,
    a hex behind Wat, runs after Wat, and the log says so."""
    st, ev = open_chase(chase(HOUND, quarry=(WAT, jory(3))), 15, 3, 2)
    f = frame(st)
    assert {r.unit: r.at for r in f.runners} == {"hound": -1, "wat": 0, "jory": 3}
    assert f.runner("hound").chases == "wat" and f.gap("hound") == 1
    began = of(ev, ChaseBegan)[0]
    assert began.chases == (("hound", "wat"),)
    assert "runs after the one nearest ahead of him (R-ER-CHASE-QUARRY): hound after wat." \
        in began.narrate()


def test_the_hound_turns_after_the_fast_thief_and_runs_past_the_slow_one() -> None:
    """R-ER-CHASE-QUARRY, R-ER-CHASE-HEELS (issue 34): at his moment the hound turns after
    Jory, then runs; he is no longer held at Wat's heels, goes alongside Wat and past him,
    and closes on Jory.  Before issue 34 he could not turn, and every hex beyond Wat's
    heels was lost."""
    st, _ = open_chase(chase(HOUND, quarry=(WAT, jory(3))), 15, 3, 2)
    f = frame(st)
    assert (f.deciding, f.second) == ("hound", 10)
    options = [c.option for c in legal_commands(st)]
    assert options == ["swing:wat", "run", "break_off", "chase:jory"]
    st, ev = act(st, Choose(unit="hound", option="chase:jory"))
    took = of(ev, ChaseTookUp)[0]
    assert (took.pursuer, took.quarry, took.gap, took.chosen) == ("hound", "jory", 4, True)
    assert "turns after" in took.narrate() and "R-ER-CHASE-QUARRY" in took.narrate()
    f = frame(st)
    assert f.deciding == "hound" and f.runner("hound").chases == "jory"
    assert "chase:jory" not in [c.option for c in legal_commands(st)]  # once a moment
    assert "once a moment" in (check(st, Choose(unit="hound", option="chase:wat")) or "")
    st, ev = act(st, Choose(unit="hound", option="run"))
    hound = [m for m in of(ev, ChaseMoved) if m.unit == "hound"]
    assert hound and not any(m.held_back for m in hound)
    f = frame(st)
    assert f.runner("hound").running and f.runner("hound").at > f.runner("wat").at
    assert f.gap("hound") == f.runner("jory").at - f.runner("hound").at >= 1
    assert violations(st) == []


def test_side_by_side_is_within_five_feet() -> None:
    """R-ER-CHASE-HEELS: running past Wat, the hound alongside him is a hex off (5 ft) for
    reach (ER-32), not out of it."""
    st, _ = open_chase(chase(HOUND, quarry=(WAT, jory(3))), 15, 3, 2)
    st, _ = act(st, Choose(unit="hound", option="chase:jory"))
    st, ev = act(st, Choose(unit="hound", option="run"))
    moved = [(m.unit, m.at) for m in of(ev, ChaseMoved) if m.second == 10]
    assert ("hound", 0) in moved  # beside Wat, still at hex 0, at the end of his move


def test_a_hound_whose_quarry_drops_runs_on_after_the_next_one() -> None:
    """R-ER-CHASE-QUARRY, R-ER-CHASE-END (issue 34): the hound's fangs drop Wat (1 HP left)
    with Jory seven hexes ahead, past half the hound's speed (25 ft, 5 hexes).  He runs on
    after Jory, keeping the gap he took him up at; he is not left behind, and the chase
    goes on.  Before issue 34 he was "left behind: 7 hexes back" and Jory got away."""
    st, _ = open_chase(chase(HOUND, quarry=(("wat", "bandit", (0, 0), {"hp": 1}), jory(6))),
                       15, 3, 2)
    assert frame(st).runner("jory").at == 6
    st, ev = act(st, Choose(unit="hound", option="swing:wat"), 20)
    assert [e.unit for e in of(ev, ChaseRunnerOut)] == ["wat"]
    took = of(ev, ChaseTookUp)[0]
    assert (took.pursuer, took.quarry, took.gap, took.allowance, took.chosen) == \
        ("hound", "jory", 7, 7, False)
    assert "hound runs on after jory, 7 hexes (35 ft) ahead (R-ER-CHASE-QUARRY)" in took.narrate()
    assert "R-ER-CHASE-END" in took.narrate()
    assert not of(ev, ChaseEnded)
    f = frame(st)
    assert f.runner("hound").running and f.runner("hound").chases == "jory"
    end = next(e for e in of(ev, ChaseSecondEnded) if e.second == 10)
    assert dict(end.gaps)["hound"] == 7  # both gained a hex in second 10


def test_he_is_left_behind_once_he_lags_half_his_speed_behind_where_he_took_him_up() -> None:
    """R-ER-CHASE-END: the hound took Jory up seven hexes ahead, so he is left behind at 7 +
    5 = 12 hexes, not at 8.  He stumbles five seconds running (a 1 each time, ER-31) while
    Jory gains a hex each: 8, 9, 10, 11 hexes and he runs on; at 12 he is left behind and
    Jory gets away."""
    st, _ = open_chase(chase(HOUND, quarry=(("wat", "bandit", (0, 0), {"hp": 1}), jory(6))),
                       15, 3, 2)
    st, ev = act(st, Choose(unit="hound", option="swing:wat"), 20, *[1, 10] * 5)
    ends = {e.second: dict(e.gaps)["hound"] for e in of(ev, ChaseSecondEnded)}
    assert ends == {10: 8, 9: 9, 8: 10, 7: 11}
    out = [e for e in of(ev, ChaseRunnerOut) if e.unit == "hound"]
    assert out and (out[0].why, out[0].gap) == ("left behind", 12)
    assert of(ev, ChaseEnded)[0].result == "escaped"


def test_the_allowance_lapses_once_he_closes_within_half_his_speed() -> None:
    """R-ER-CHASE-END: the allowance is for the gap he found, not for good.  The hound
    takes Jory up five hexes ahead (half his speed: he keeps 5); Jory stumbles (a 1) and the
    hound gains a hex: four hexes, within half his speed, and the end of that second says
    the plain rule holds again (`closed`)."""
    st, _ = open_chase(chase(HOUND, quarry=(("wat", "bandit", (0, 0), {"hp": 1}), jory(4))),
                       15, 3, 2)
    st, ev = act(st, Choose(unit="hound", option="swing:wat"), 20, 10, 1)
    took = of(ev, ChaseTookUp)[0]
    assert (took.gap, took.allowance) == (5, 5)
    end = next(e for e in of(ev, ChaseSecondEnded) if e.second == 10)
    assert dict(end.gaps)["hound"] == 4 and end.closed == ("hound",)
    assert frame(st).runner("hound").allowance == 0


def test_the_odds_are_of_the_pair_actually_running() -> None:
    """odds.py, issue 34: a pursuer's odds are of him and the one he chases, a fleeing
    figure's of him and the nearest pursuer after him; one nobody chases has no pair.
    Before issue 34 the pair was whoever stood nearest on the lane."""
    st, _ = open_chase(chase(HOUND, quarry=(WAT, jory(3))), 15, 3, 2)
    assert pair_for(st, "hound") == ("hound", "wat")
    assert pair_for(st, "jory") is None
    st, _ = act(st, Choose(unit="hound", option="chase:jory"))
    assert pair_for(st, "hound") == ("hound", "jory")
    assert pair_for(st, "jory") == ("hound", "jory")
    assert pair_for(st, "wat") is None


def test_the_odds_of_turning_after_a_far_quarry_keep_the_gap() -> None:
    """odds.py with R-ER-CHASE-END: seven hexes behind Jory (past half his speed), the odds
    of the hound turning after him keep that gap, as the play does; they do not count him
    as lost before he runs (before issue 34: 100% lost)."""
    st, _ = open_chase(chase(HOUND, quarry=(WAT, jory(6))), 15, 3, 2)
    o = round_odds(st, "hound", "jory")
    assert o.escape < Fraction(1, 4)
    assert sum(p for _, p in o.gaps) == 1
    kept = round_odds(st, "hound", "wat")
    assert kept.reach > o.reach
