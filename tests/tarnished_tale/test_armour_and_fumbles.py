"""Armour with damage reduction and hit points (TT-09, TT-21 ... TT-24, EX-TT-01), and what
the fumbles do (TT-17 ... TT-19): the rolls scripted, the events read."""

from rules.builder import Scenario
from rules.commands import Choose
from rules.engine import check, legal_commands, scripted, start, submit
from rules.events import UnitDamaged, UnitStatusChanged
from rules.systems.tarnished_tale.events import (
    ContestRolled,
    Disarmed,
    KnockedBack,
    KnockedProne,
    WeaponsPickedUp,
)
from rules.systems.tarnished_tale.units import tt
from tests.tarnished_tale.helpers import attack, begin, duel, only, pass_turn


def test_ex_tt_01_tony_the_gate_guardsman_to_the_number():
    """EX-TT-01: Tony (7 HP, chainmail DR 3 with 7 HP).  Amy's crossbow, sponged: 8 - 3 = 5
    into the armour (7 -> 2), Tony untouched.  Then Amanda's 15 (her axe's 8 and Strength
    19's +7): 15 - 3 = 12, the armour soaks its last 2 and breaks, Tony takes 10: 0 HP,
    dying (TT-21, TT-22, TT-27 R-TT-HP)."""
    setup = (Scenario("tarnished_tale", radius=6).side("bandits").side("watch")
             .unit("tony", "gate_guard", "watch", (0, 0), facing=0, name="Tony")
             .unit("amy", "crossbow_bandit", "bandits", (3, -1), facing=3, name="Amy")
             .unit("amanda", "brawler", "bandits", (1, 0), facing=3, name="Amanda",
                   weapon="battle_axe", strength=19)
             .build())
    st, _ = start(setup, scripted())
    st, ev = attack(st, "amy", "tony", 40, 50, 8, defence="sponge", weapon="crossbow")
    c = only(ev, ContestRolled)
    assert (c.damage, c.dr, c.armour_loss, c.to_defender) == (8, 3, 5, 0)
    assert tt(st, "tony").armour_hp == 2 and tt(st, "tony").hp == 7
    st = pass_turn(st, "tony")
    st, ev = attack(st, "amanda", "tony", 30, 50, 8, defence="sponge")
    c = only(ev, ContestRolled)
    assert (c.damage, c.dr, c.armour_loss, c.armour_hp_after, c.to_defender) == (15, 3, 2, 0,
                                                                                  10)
    assert only(ev, UnitDamaged).hp_after == 0
    assert only(ev, UnitStatusChanged).condition == "dying"


def test_a_sponge_fails_the_contest_at_once_but_the_armour_takes_the_blow():
    """TT-09, R-TT-SPONGE: the attack lands even on a failed attack roll (70)."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 70, 50, 6, defence="sponge")
    c = only(ev, ContestRolled)
    assert c.outcome == "sponged" and c.hit
    assert (c.damage, c.dr, c.armour_loss, c.to_defender) == (8, 2, 5, 1)  # leather 2 / 5 HP


def test_broken_armour_cannot_sponge():
    """TT-22: at 0 armour HP Sponge is no longer offered."""
    st = begin(duel("fighting_man", "orc", d_over={"armour_hp": 0}))
    from rules.commands import Attack

    st, _ = submit(st, Attack(unit="a", target="d"), scripted())
    assert "sponge" not in {c.option for c in legal_commands(st, "d")}
    assert check(st, Choose(unit="d", option="sponge")) is not None


def test_a_critical_hit_is_never_sponged():
    """TT-23: a confirmed critical (1, then 20) goes straight to the wearer: 4 x2 + 2."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 1, 20, 50, 4, defence="sponge")
    c = only(ev, ContestRolled)
    assert c.critical and c.dr == 0 and c.armour_loss == 0 and c.to_defender == 10


def test_a_confirmed_critical_sponge_halves_after_the_dr():
    """TT-24, R-TT-CRIT-SPONGE: 8 - 2 = 6, halved to 3, all into the armour."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 30, 3, 10, 6, defence="sponge")
    c = only(ev, ContestRolled)
    assert c.halved and (c.dr, c.armour_loss, c.to_defender) == (2, 3, 0)


def test_a_fumbled_dodge_knocks_prone():
    """TT-17: the orc's dodge of 99 is a critical failure."""
    st = begin(duel("fighting_man", "orc"))
    st, ev = attack(st, "a", "d", 70, 99, defence="dodge")
    only(ev, KnockedProne)
    assert tt(st, "d").prone


def test_a_fumbled_block_knocks_one_cell_straight_back_if_it_is_free():
    """TT-18, R-TT-KNOCKBACK: the cell away from the attacker, (2, 0); if a figure stands
    there, he stays."""
    st = begin(duel("fighting_man", "orc"))
    st2, ev = attack(st, "a", "d", 70, 98, defence="block")
    kb = only(ev, KnockedBack)
    assert kb.moved and kb.cell == (2, 0)
    assert tt(st2, "d").pos == (2, 0)
    sc = duel("fighting_man", "orc")
    sc.unit("e", "orc", "d", (2, 0), facing=3)
    _, ev = attack(begin(sc), "a", "d", 70, 98, defence="block")
    assert not only(ev, KnockedBack).moved


def test_a_fumbled_attack_and_a_failed_weapon_roll_disarm_and_the_weapon_can_be_picked_up():
    """TT-19, R-TT-DISARM: attack 97 fumbles; weapon roll 80 fails: the longsword drops on
    his hex; he fights with bare hands until, on a later turn, he picks it up."""
    st = begin(duel("fighting_man", "orc"))
    st, ev = attack(st, "a", "d", 97, 50, 80, defence="dodge")
    d = only(ev, Disarmed)
    assert d.weapon == "longsword" and d.at == (0, 0)
    assert tt(st, "a").weapon == ""
    st = pass_turn(pass_turn(st, "d"), "d")  # round 2: the orc's side leads (R-TT-TURN)
    assert Choose(unit="a", option="pick_up") in legal_commands(st, "a")
    st, ev = submit(st, Choose(unit="a", option="pick_up"), scripted())
    assert only(ev, WeaponsPickedUp).weapons == ("longsword",)
    assert tt(st, "a").weapon == "longsword"


def test_a_fumbled_attack_with_a_good_weapon_roll_keeps_the_weapon():
    """TT-19: the weapon roll of 20 succeeds."""
    st = begin(duel("fighting_man", "orc"))
    st, ev = attack(st, "a", "d", 97, 50, 20, defence="dodge")
    assert not [e for e in ev if isinstance(e, Disarmed)]
