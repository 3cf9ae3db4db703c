"""Segment 1 under the regular combat rules (ZEF-70, R-ZEF-MASS-DUEL): the leaders declare as
skirmish figures do (ZEF-15: an aiming point, ZEF-24; a knock-out, ZEF-35; a defence,
ZEF-36), roll the skirmish's initiative (ZEF-17: d10 + the best of Animal Reflexes, Movement
and General Prowess + the weapon's Initiative Bonus; ZEF-18: the pike's +2 in a first turn)
and strike the skirmish's blow on the chart, through the armour on the point aimed at
(ZEF-44..48); the computer's leader declares as the ZeFRS tactician does; what the log
says is in names and plain numbers, and a commander captured with his unit is told then
(ZEF-79)."""

from __future__ import annotations

import re

import pytest

from game.ai import make_controller
from game.ai.hooks import register_hooks
from game.ai.zefrs_mass import HOOKS
from rules.commands import Declare
from rules.engine import IllegalCommand, legal_commands, scripted, submit
from rules.systems.zefrs.declare import parse
from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.mass.events import (
    MassCommanderReplaced,
    MassDuelsOpened,
    MassLeaderDown,
    MassUnitBroke,
    mass_frame,
)
from rules.systems.zefrs.mass.orders import MassLead, MassOrder
from rules.wording import Words
from tests.zefrs_mass.helpers import (
    WHITE,
    army,
    attack,
    begin,
    commander,
    defend,
    every,
    only,
    round_of,
    unit,
)


@pytest.fixture(autouse=True, scope="module")
def _hooks():
    register_hooks(HOOKS, "mass")


def _pike_and_raider():
    """A pikeman with Animal Reflexes 9 leads the pikes; a Hyrkanian raider (Animal
    Reflexes 4, a saber: no Initiative Bonus) the riders."""
    return begin(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="pikeman",
             leader_overrides={"animal_reflexes": 9}),
        unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider")))


def test_initiative_adds_the_best_rating_and_the_pikes_first_turn_bonus():
    """ZEF-17, ZEF-18: the pike leader rolls 4: 4 + Animal Reflexes 9 + the pike's +2 in
    a first turn = 15; the raider rolls 8: 8 + 4 = 12; the pike strikes first.  (The d10s
    are thrown by the leaders' ids: the raider's first.)"""
    st = _pike_and_raider()
    st, ev = round_of(st, [8, 4, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    duel = only(ev, MassDuelsOpened)
    assert dict((e[0], e[1:]) for e in duel.entries) == {"pikes-leader": (4, 9, 2),
                                                         "cav-leader": (8, 4, 0)}
    assert duel.order == ("pikes-leader", "cav-leader")
    blows = every(ev, ZefAttackRolled)
    assert [b.attacker for b in blows] == ["pikes-leader", "cav-leader"]
    assert "pikes-leader 15 (d10 4, rating 9, +2 for his weapon)" in duel.narrate()
    assert "cav-leader 12 (d10 8, rating 4)" in duel.narrate()


def test_every_duel_is_a_first_turn_for_the_pike():
    """R-ZEF-MASS-DUEL: each round's segment 1 is a duel of its own, so with duels every
    round (the GM's reading) the pike keeps its first-turn +2, never its −3."""
    st = begin(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="pikeman"),
        unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider"),
        duels="every_round"))
    for _ in range(2):
        st, ev = round_of(st, [5, 5, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0),
                          cav=attack(2))
        bonus = {e[0]: e[3] for e in only(ev, MassDuelsOpened).entries}
        assert bonus["pikes-leader"] == 2


@pytest.mark.parametrize(("reading", "pike"), [("first", 2), ("later", -3)])
def test_the_gm_says_which_turn_a_duel_is_and_the_pike_follows(reading, pike):
    """R-ZEF-MASS-DUEL, ZEF-18: which combat turn a duel counts as is the data file's
    `duel_turn` (a GM's option `mass_duel_turn`): "first" gives the pike its first-turn +2,
    "later" its −3 (so the pike leader's 4 + 9 − 3 = 10 strikes after the raider's 12)."""
    st = begin(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="pikeman",
             leader_overrides={"animal_reflexes": 9}),
        unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider"),
        duel_turn=reading))
    st, ev = round_of(st, [8, 4, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0), cav=attack(2))
    duel = only(ev, MassDuelsOpened)
    assert {e[0]: e[3] for e in duel.entries}["pikes-leader"] == pike
    first = "pikes-leader" if pike > 0 else "cav-leader"
    assert duel.order[0] == first


def test_with_duels_every_round_the_duel_may_count_the_rounds():
    """R-ZEF-MASS-DUEL: `duel_turn = "round"` reads the battle's round as the combat turn, so
    the pike's +2 holds in the first round's duel and is −3 from the second."""
    st = begin(army(
        unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="pikeman"),
        unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider"),
        duels="every_round", duel_turn="round"))
    seen = []
    for _ in range(2):
        st, ev = round_of(st, [5, 5, WHITE, WHITE] + [WHITE] * 6, pikes=attack(0),
                          cav=attack(2))
        seen.append({e[0]: e[3] for e in only(ev, MassDuelsOpened).entries}["pikes-leader"])
    assert seen == [2, -3]


def _veteran_and_raider():
    return begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100,
                           leader="veteran"),
                      unit("cav", "b", "cavalry", (2, 3), 2, fighters=50, leader="raider")))


def test_the_declared_aiming_point_is_struck_on_the_chart_through_its_armour():
    """ZEF-24, ZEF-44..47: the veteran's axe at the raider, orange (20 on column 4 less 2,
    striking up at a rider, ZEF-41): 3 for orange + 1 Strength Bonus + 1 the axe's Damage
    Bonus; at the chest his leather jack takes 1 (4 damage), at the bare leg nothing (5)."""
    dealt = {}
    for aim in ("chest", "right_leg"):
        st, ev = round_of(_veteran_and_raider(), [1, 9, 20, WHITE] + [WHITE] * 6,
                          duel={"pikes-leader": f"fight:{{foe}}:{aim}"},
                          pikes=attack(0), cav=attack(2))
        blow = next(e for e in every(ev, ZefAttackRolled) if e.attacker == "pikes-leader")
        assert (blow.aim, blow.colour, blow.column) == (aim, "orange", 2)
        armour = [m.value for m in blow.damage_parts if m.rule == "ZEF-47"]
        assert armour == ([-1] if aim == "chest" else [])
        dealt[aim] = blow.damage
        assert st.unit("cav-leader").hp == 8 - blow.damage
        assert only(ev, MassLeaderDown).how == "hurt"  # ZEF-71: his riders are shaken
    assert dealt == {"chest": 4, "right_leg": 5}


def test_a_leader_who_defends_rolls_no_initiative_and_checks_his_defence():
    """ZEF-17 (those defending do not roll), ZEF-36: the raider's orange at the veteran's
    right arm; the veteran's green defence (60 on his axe's 8) takes 1, his arm guard 2:
    nothing gets through."""
    _, ev = round_of(_veteran_and_raider(), [5, 20, 60] + [WHITE] * 6,
                      duel={"pikes-leader": "defend", "cav-leader": "fight:{foe}:right_arm"},
                      pikes=attack(0), cav=attack(2))
    duel = only(ev, MassDuelsOpened)
    assert [e[0] for e in duel.entries] == ["cav-leader"]
    blow = only(ev, ZefAttackRolled)
    assert (blow.colour, blow.defence_colour, blow.damage) == ("orange", "green", 0)
    assert [m.rule for m in blow.damage_parts] == ["ZEF-44", "ZEF-36", "ZEF-47"]


def test_a_red_knock_out_blow_knocks_the_leader_out_and_shakes_his_unit():
    """ZEF-35: a knock-out declared and a red rolled: out for d10 minutes; ZEF-71: the
    unit fights on shaken; ZEF-59: at the round's end someone leads it."""
    st, ev = round_of(_veteran_and_raider(), [1, 9, 1, 4] + [WHITE] * 6,
                      duel={"pikes-leader": "fight:{foe}:chest:ko"},
                      pikes=attack(0), cav=attack(2))
    assert st.unit("cav-leader").condition == "knocked out"
    assert only(ev, MassLeaderDown).how == "knocked out"
    assert st.unit("cav").leader != "cav-leader"


def test_a_declaration_out_of_reach_or_out_of_turn_is_refused():
    """ZEF-25: a footman does not reach a rider's head; a leader declares once."""
    st = _veteran_and_raider()
    for cmd in (MassOrder(unit="pikes", order="attack", facing=0), MassLead(unit="ca", to="0,6"),
                MassOrder(unit="cav", order="attack", facing=2), MassLead(unit="cb", to="4,0")):
        st, _ = submit(st, cmd, scripted())
    with pytest.raises(IllegalCommand, match="aiming point he can reach"):
        submit(st, Declare(unit="pikes-leader", action="fight:cav-leader:head"), scripted())
    st, _ = submit(st, Declare(unit="pikes-leader", action="defend"), scripted())
    assert mass_frame(st).actor == "b"
    with pytest.raises(IllegalCommand):
        submit(st, Declare(unit="pikes-leader", action="defend"), scripted())


def test_the_computer_leader_declares_as_the_zefrs_tactician_does():
    """ZEF-15, ZEF-24: a Cimmerian leads the spearmen against a veteran whose legs are bare;
    the computer, weighing every point by the exact odds as it does in a skirmish, strikes
    at a leg, never at the mail; it does not see the veteran's sealed declaration."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100, leader="veteran"),
                    unit("foot", "b", "spearmen", (2, 3), 2, fighters=80, leader="cimmerian")))
    for cmd in (MassOrder(unit="pikes", order="attack", facing=0), MassLead(unit="ca", to="0,6"),
                MassOrder(unit="foot", order="attack", facing=2), MassLead(unit="cb", to="4,0")):
        st, _ = submit(st, cmd, scripted())
    st, _ = submit(st, Declare(unit="pikes-leader", action="defend"), scripted())
    assert HOOKS.visible(st, "b").unit("pikes-leader").declared == ""
    legal = legal_commands(st, "b")
    for level in ("tactician", "greedy"):
        cmd = make_controller(level, 1).choose(st, "b", legal)
        assert cmd in legal
        d = parse(cmd.action)
        assert d.kind == "fight" and d.target == "pikes-leader"
        assert d.aim in ("right_leg", "left_leg")


NEGATIVE = re.compile(r"(?<![A-Z])[-−]\d")


def test_the_duel_is_told_in_names_with_no_initiative_below_nothing():
    """The house's words: a knight with a light lance rolling 2 has 2 + Animal Reflexes 4 +
    the lance's first-turn +3 = 9, never "−1"; names, not ids."""
    st = begin(army(unit("horse", "a", "armoured_cavalry", (2, 4), 0, fighters=60,
                         leader="knight", leader_name="Sir Gerard"),
                    unit("band", "b", "tribesmen", (2, 3), 2, fighters=80, leader="orc",
                         leader_name="Gorbag")))
    st, ev = round_of(st, [5, 2, WHITE, WHITE] + [WHITE] * 6, horse=attack(0), band=attack(2))
    w = Words.of(st)
    told = [w.say(e) for e in ev if isinstance(e, MassDuelsOpened)]
    assert told and "Sir Gerard 9 (d10 2, rating 4, +3 for his weapon)" in told[0]
    for line in told:
        assert not NEGATIVE.search(line), line
        assert not re.search(r"\b[a-z]+-(leader|horse|band)\b", line), line


def test_a_commander_captured_with_his_unit_is_told_then_and_his_second_by_name():
    """ZEF-79, R-ZEF-MASS-TAKE: the commander leading a unit cut down with no friend beside
    it is captured with it, said in that round; ZEF-59, R-ZEF-MASS-SUCCESSION: his second
    takes command, named from him, and the next rounds speak of him by that name."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("horse", "b", "cavalry", (2, 3), 2, fighters=5),
                    unit("band", "b", "tribesmen", (0, 0), 2, fighters=50),
                    commander("cb", "b", (2, 3), name="Count Trocero")))
    # the duel: the pikes' leader (a pikeman) and the count, who leads the riders; then the
    # pikes' red cuts the five riders down in segment 2 (the riders check first, by id).
    st, ev = round_of(st, [1, 1, WHITE, WHITE, WHITE, 1],
                      pikes=attack(0), horse=attack(2), band=defend(2),
                      cb={"ride": (2, 3), "lead": True})
    w = Words.of(st)
    broke = only(ev, MassUnitBroke)
    assert broke.commander == "cb"
    assert "the force commander Count Trocero is captured with it" in w.say(broke)
    second = only(ev, MassCommanderReplaced)
    assert second.name == "Count Trocero's second"
    st, ev = round_of(st, [], band=defend(2), pikes=defend(0))
    for e in ev:
        line = Words.of(st).say(e)
        assert "commander2" not in line and "b-commander" not in line, line
