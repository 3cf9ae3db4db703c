"""Chases played with chosen dice: each clause of "Swing on the Run" as a player sees it in
the log and on the lane (ER-21, ER-22, ER-26, ER-28, ER-29, ER-31..ER-34).

The dice each test writes down come first, in the order the rules throw them (the
initiative d20s by the runners' ids, then each moment's dice); every later die is a 10.
"""

from __future__ import annotations

from rules.commands import Attack, Choose
from rules.engine import Context, advance, initial_state, legal_commands, ruleset_of
from rules.events import BattleEnded, UnitStatusChanged
from rules.playout import random_playout
from rules.state import GONE, changed
from rules.systems.enchanted_realms.chase.events import (
    ChaseBegan,
    ChaseChoiceOffered,
    ChaseEnded,
    ChaseInitiative,
    ChaseMoved,
    ChasePursuit,
    ChaseRunnerOut,
    ChaseSwingLost,
)
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from rules.systems.enchanted_realms.frames import ErSystem, Trigger
from rules.systems.enchanted_realms.ruleset import RULESET
from tests.er_chase.helpers import Dice, act, chase, frame, of, open_chase

HALBERD = ("p", "halberdier", (-2, 0))  # 10 ft reach, a heavy weapon, 2 hexes behind
THIEF = ("q", "thief", (0, 0))


def test_a_chase_opens_on_a_track_with_the_runners_placed_by_their_distances() -> None:
    """ER-21: the map gives way to the distance between the runners (R-ER-CHASE-LANE)."""
    sc = chase(HALBERD, ("s", "swordsman", (-4, 0)), quarry=(THIEF,))
    st, ev = open_chase(sc)
    assert (st.mode, st.board_kind) == ("chase", "track")
    began = of(ev, ChaseBegan)[0]
    assert "Chase!" in began.narrate()
    f = frame(initial_state(sc.build()))
    assert {r.unit: r.at for r in f.runners} == {"q": 0, "p": -2, "s": -4}
    assert f.gap("p") == 2 and f.gap("s") == 4


def test_triggers_lapse_and_nobody_reacts_or_casts_in_a_chase() -> None:
    """ER-26: at-the-ready triggers lapse when the chase opens, and the log says so; in the
    whole chase no command but the runners' choices is ever offered."""
    setup = chase(HALBERD, quarry=(THIEF,)).build()
    st = initial_state(setup)
    st = changed(st, system=ErSystem(triggers=(Trigger(owner="p", kind="within", feet=10),)))
    ctx = Context(st, Dice([]))
    advance(ruleset_of(st), ctx)
    began = of(ctx.events, ChaseBegan)[0]
    assert began.lapsed == ("p",) and "lapse (ER-26)" in began.narrate()
    assert ctx.state.system.triggers == ()
    play = random_playout(RULESET.sample_setup("chase", 3), 3, max_commands=400)
    assert play.commands and all(isinstance(c, Choose) for c in play.commands)


def test_initiative_sets_the_second_each_runner_swings_in() -> None:
    """ER-29, EX-ER-04: initiative 15 swings in second 10, the thief's 3 + Agility 3 in
    second 6; the order is by initiative."""
    _st, ev = open_chase(chase(HALBERD, quarry=(THIEF,)), 15, 3)
    ini = of(ev, ChaseInitiative)[0]
    assert ini.order == ("p", "q")
    assert {u: sec for u, _, _, sec in ini.entries} == {"p": 10, "q": 6}
    offer = of(ev, ChaseChoiceOffered)[0]
    assert (offer.unit, offer.second, offer.in_reach) == ("p", 10, ("q",))


def test_a_blow_on_the_run_uses_the_rulesets_attack_at_minus_three() -> None:
    """ER-22: the halberdier's two d20s (weapon training) each take -3 for running; the
    blow is the ruleset's own several-d20 attack, and the log names the penalty."""
    st, _ = open_chase(chase(HALBERD, quarry=(THIEF,)), 15, 3)
    st, ev = act(st, Choose(unit="p", option="swing:q"), 13, 2)
    blow = of(ev, ErAttackRolled)[0]
    assert blow.faces == (13, 2)
    assert blow.bonus == 4 - 3  # his +4, -3 running
    assert any(m.rule == "ER-22" and m.value == -3 for m in blow.modifiers)
    assert blow.hits == (True, False)  # 13 + 1 = 14 against Armor Class 13
    assert "running attack (ER-22)" in blow.narrate()


def test_a_heavy_swing_costs_the_seconds_movement() -> None:
    """ER-28: swinging the halberd, he gains no ground that second; letting the swing go,
    he rolls for movement instead."""
    st, _ = open_chase(chase(HALBERD, quarry=(THIEF,)), 15, 3)
    _, ev = act(st, Choose(unit="p", option="swing:q"), 2, 2)
    mine = next(m for m in of(ev, ChaseMoved) if m.unit == "p")
    assert (mine.face, mine.hexes) == (0, 0) and "ER-28" in mine.narrate()
    _, ev = act(st, Choose(unit="p", option="run"), 12)
    mine = next(m for m in of(ev, ChaseMoved) if m.unit == "p")
    assert mine.face == 12 and mine.hexes == 1


def test_a_light_weapon_swings_and_runs_the_same_second() -> None:
    """ER-28 holds only for heavy weapons: a sword swings and still rolls to move."""
    st, _ = open_chase(chase(("p", "swordsman", (-1, 0)), quarry=(THIEF,)), 15, 3)
    st, ev = act(st, Choose(unit="p", option="swing:q"), 2, 2, 15)  # two d20s, then the run
    mine = next(m for m in of(ev, ChaseMoved) if m.unit == "p")
    assert mine.face == 15


def test_no_blow_beyond_reach() -> None:
    """ER-32: the thief's second comes with the watchman 10 ft off, beyond his short
    sword's 5 ft: the attack is lost; a swing at a foe out of reach is refused."""
    st, ev = open_chase(chase(HALBERD, quarry=(THIEF,)), 3, 17)
    lost = of(ev, ChaseSwingLost)[0]
    assert (lost.unit, lost.second, lost.nearest_ft) == ("q", 10, 10)
    assert "ER-32" in lost.narrate()
    st, _ = open_chase(chase(("p", "swordsman", (-3, 0)), quarry=(THIEF,)), 15, 3)
    assert ruleset_of(st).id == "enchanted_realms"
    assert [c.option for c in legal_commands(st)] == ["run", "break_off"]
    from rules.engine import check
    assert "reach" in (check(st, Choose(unit="p", option="swing:q")) or "")
    assert "ER-26" in (check(st, Attack(unit="p", target="q")) or "")


def test_a_natural_one_fails_and_a_natural_twenty_gains_a_hex() -> None:
    """ER-31 in play: the thief's rolls in seconds 10 and 9."""
    fast = ("q", "thief", (0, 0), {"walk_ft": 50})  # a roll every second
    st, _ = open_chase(chase(HALBERD, quarry=(fast,)), 15, 3)
    # his 10 and the thief's 1 in second 10; at 30 ft he has no roll in second 9
    _, ev = act(st, Choose(unit="p", option="run"), 10, 1, 20)
    thief = [m for m in of(ev, ChaseMoved) if m.unit == "q"]
    assert (thief[0].face, thief[0].hexes) == (1, 0)
    assert (thief[1].face, thief[1].hexes) == (20, 2)


def test_a_pursuer_half_his_speed_behind_is_left_and_the_thief_escapes() -> None:
    """ER-33, R-ER-CHASE-END (a): a 30-ft watchman 15 ft (3 hexes) behind is left behind;
    with nobody on his heels the thief gets away and his side wins."""
    st, ev = open_chase(chase(("p", "swordsman", (-2, 0)), quarry=(THIEF,)), 15, 3)
    st, ev = act(st, Choose(unit="p", option="run"), 1)  # he stumbles; the thief gains
    out = of(ev, ChaseRunnerOut)[0]
    assert (out.unit, out.why, out.gap, out.needed) == ("p", "left behind", 3, 3)
    assert of(ev, ChaseEnded)[0].result == "escaped"
    gone = next(e for e in of(ev, UnitStatusChanged) if e.unit == "q")
    assert (gone.status, gone.condition) == (GONE, "escaped")
    assert of(ev, BattleEnded)[0].winner == "thieves"


def test_several_pursuers_keep_the_chase_while_one_is_close() -> None:
    """R-ER-CHASE-END with several runners: one pursuer left behind drops out, the chase
    goes on while another is still on the thief's heels."""
    keeps_pace = ("r", "swordsman", (-1, 0), {"walk_ft": 35})
    st, ev = open_chase(chase(("p", "swordsman", (-2, 0)), keeps_pace, quarry=(THIEF,)),
                        15, 3, 14)
    st, _ = act(st, Choose(unit="p", option="run"), 1)  # he stumbles in second 10
    st, ev = act(st, Choose(unit="r", option="run"))  # r closes to the heels
    assert [e.unit for e in of(ev, ChaseRunnerOut)] == ["p"]
    assert not of(ev, ChaseEnded)
    assert [r.unit for r in frame(st).running("pursuer")] == ["r"]


def test_the_gm_may_settle_a_lost_chase_as_a_pursuit() -> None:
    """ER-34 (GM option), R-ER-CHASE-PURSUIT: the watchman left behind, the thief's d20 +
    Agility + 5 for abandonment against his; the thief loses and is run to ground."""
    st, _ = open_chase(chase(("p", "swordsman", (-2, 0)), quarry=(
        ("q", "thief", (0, 0), {"skills": ["abandonment"]}),), chase_pursuit=True), 15, 3)
    st, ev = act(st, Choose(unit="p", option="run"), 1, 10, 2, 19)
    pursuit = of(ev, ChasePursuit)[0]
    assert pursuit.scores == (("q", 2 + 3 + 5), ("p", 19 + 1)) and not pursuit.escaped
    assert of(ev, ChaseEnded)[0].result == "caught"
    assert of(ev, BattleEnded)[0].winner == "watch"


def test_a_thief_cut_down_ends_the_chase_for_the_watch() -> None:
    """A fleeing figure dropped by a blow on the run is out; with none left, the pursuers
    win."""
    st, _ = open_chase(chase(HALBERD, quarry=(("q", "thief", (0, 0), {"hp": 2}),)), 15, 3)
    st, ev = act(st, Choose(unit="p", option="swing:q"), 20, 20)
    assert of(ev, ChaseRunnerOut)[0].unit == "q"
    assert of(ev, ChaseEnded)[0].result == "caught"
    assert st.outcome is not None and st.outcome.winner == "watch"
