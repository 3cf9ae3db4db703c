"""The attack contest, played on the board with scripted dice (TT-01, TT-07, TT-10 ... TT-16,
TT-20; rulings R-TT-CONTEST, R-TT-CRIT, R-TT-BOON, R-TT-BLOCK, R-TT-PARRY).

The fighting man ("a": longsword 1d8 x2, skill 55, Strength 10 = +2 melee bonus) attacks an
orc ("d": Dodge 20, Block 25 + buckler 5, Sponge 35, hand axe skill 45)."""

from rules.commands import Attack, Choose
from rules.engine import check, decider, legal_commands
from rules.events import UnitDamaged, UnitStatusChanged
from rules.systems.tarnished_tale.events import AttackDeclared, ContestRolled
from tests.tarnished_tale.helpers import attack, begin, duel, every, only


def test_an_attack_is_a_contest_with_the_equipped_weapon_and_the_defenders_side_answers():
    """TT-01, TT-06: the attack names his weapon; then the orc's side decides his defence."""
    st = begin(duel("fighting_man", "orc"))
    from rules.engine import scripted, submit

    st, ev = submit(st, Attack(unit="a", target="d"), scripted())
    assert only(ev, AttackDeclared).weapon == "longsword"
    assert decider(st) == "d"
    assert {c.option for c in legal_commands(st, "d")} == {"dodge", "block", "sponge",
                                                           "counter_attack"}
    assert check(st, Choose(unit="d", option="parry_dance")) is not None


def test_a_won_contest_hits_with_the_weapon_die_and_the_melee_bonus():
    """TT-20, TT-25: attack 30 (success) against dodge 50 (failure): a hit for 1d8 (6) + 2."""
    _st, ev = attack(begin(duel("fighting_man", "orc")), "a", "d", 30, 50, 6, defence="dodge")
    c = only(ev, ContestRolled)
    assert c.outcome == "hit" and c.hit and c.to_defender == 8
    assert only(ev, UnitDamaged).hp_after == 1


def test_a_won_dodge_takes_no_damage_and_a_tie_is_a_deadlock():
    """TT-07, TT-20: both succeed: deadlock, no hit; the attacker fails, the orc dodges."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 30, 10, defence="dodge")
    c = only(ev, ContestRolled)
    assert c.outcome == "deadlock" and not c.hit and c.to_defender == 0
    _, ev = attack(st, "a", "d", 70, 10, defence="dodge")
    assert only(ev, ContestRolled).outcome == "missed"
    assert not every(ev, UnitDamaged)


def test_an_attackers_threat_deals_damage_whatever_the_contest():
    """TT-13, R-TT-CRIT: attack 3 threatens; confirmation 80 fails; the orc's dodge 2
    threatens (two successes, TT-16) and wins, but the threat still deals 1d8 + 2."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 3, 80, 2, 90, 4, defence="dodge")
    c = only(ev, ContestRolled)
    assert c.outcome == "missed" and not c.hit and not c.critical
    assert c.to_defender == 6


def test_a_defenders_threat_counts_two_and_his_confirmed_critical_wins_outright():
    """TT-16: the attacker's plain success (1) loses to the dodge's threat (2); confirmed,
    the defender wins outright."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 30, 4, 50, defence="dodge")
    assert only(ev, ContestRolled).outcome == "missed"
    _, ev = attack(st, "a", "d", 30, 4, 10, defence="dodge")
    assert only(ev, ContestRolled).outcome == "turned"


def test_a_confirmed_critical_is_a_critical_hit_times_the_multiplier():
    """TT-15, TT-26 (R-TT-CRIT-DMG, roll x multiplier + bonus): 2 threatens, 40 confirms;
    the die's 5 doubled (longsword x2) plus 2."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 2, 40, 50, 5, defence="dodge")
    c = only(ev, ContestRolled)
    assert c.critical and c.to_defender == 12


def test_a_won_block_turns_the_threatened_damage_by_the_shields_amount():
    """TT-08, R-TT-BLOCK: the orc's buckler blocks 2 of the threat's damage (TT-13) when he
    wins the block contest (his threat, two successes, against one)."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 3, 80, 2, 90, 6, defence="block")
    c = only(ev, ContestRolled)
    assert c.blocked == 2 and c.to_defender == 6


def test_a_counter_attack_is_always_hit_and_hits_back_when_it_wins():
    """TT-10, TT-20: the attacker hits (30: success) whatever; the orc's counter (20:
    success, one each: he does not win) deals nothing back; with the attack failing (70)
    the orc wins and both take damage."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 30, 20, 4, defence="counter_attack")
    c = only(ev, ContestRolled)
    assert c.outcome == "countered" and c.hit and c.to_defender == 6 and c.to_attacker == 0
    _, ev = attack(st, "a", "d", 70, 20, 4, 5, defence="counter_attack")
    c = only(ev, ContestRolled)
    assert c.to_defender == 6 and c.to_attacker == 8  # hand axe 5 + 3 (Strength 11)


def test_all_three_rolls_are_made_against_a_counter_even_after_a_confirmed_critical():
    """TT-14: attack 1 threatens, 20 confirms (a Critical Hit), and the counter is still
    rolled (30 against 45)."""
    st = begin(duel("fighting_man", "orc"))
    _, ev = attack(st, "a", "d", 1, 20, 30, 3, defence="counter_attack")
    c = only(ev, ContestRolled)
    assert [x[0] for x in c.checks] == ["attack", "confirmation", "counter attack"]
    assert c.critical and c.to_defender == 8


def test_parry_takes_no_damage_from_a_won_counter():
    """TT-11, R-TT-PARRY: the duellist's Parry trait: he wins the counter (the orc fails)
    and takes nothing, dealing his own blow."""
    st = begin(duel("orc", "duelist"))
    _, ev = attack(st, "a", "d", 80, 30, 6, defence="counter_attack")
    c = only(ev, ContestRolled)
    assert c.to_defender == 0 and c.to_attacker == 8  # longsword 6 + 2 (Strength 9)


def test_unconscious_at_two_hit_points_and_dying_at_zero():
    """TT-27 (NOTES, R-TT-HP): the orc (9 HP) at 1 after 8 damage is unconscious; 7 more
    would take him to 0, not below."""
    _, ev = attack(begin(duel("fighting_man", "orc")), "a", "d", 30, 50, 6, defence="dodge")
    assert only(ev, UnitStatusChanged).condition == "unconscious"
    _st, ev = attack(begin(duel("fighting_man", "orc", d_over={"hp": 3})), "a", "d",
                    30, 50, 8, defence="dodge")
    assert only(ev, UnitDamaged).hp_after == 0
    assert only(ev, UnitStatusChanged).condition == "dying"
