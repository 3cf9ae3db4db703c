"""§3.3 Attack rolls: the attack total, hit bands, damage less Protection, natural 20 and
1, critical hits (EMP-47..52), and the exact odds checked by hand."""

from fractions import Fraction

from rules.commands import Attack, Choose
from rules.engine import ruleset_of
from rules.systems.empress.combat import situation
from rules.systems.empress.events import EmpAttackRolled
from tests.empress.helpers import act_exact, begin, duel, mods, only

LEG = ("leg", "legionary", (0, 0), 0, {})


def test_am_or_pm_in_melee_am_for_missiles():
    """EMP-47: d20 + AM (Dexterity); in melee PM (Toughness) instead when better.  The
    brawler (Toughness 15: PM +1, Dexterity 11: AM +0) punches with PM; a bowman with the
    same attributes shoots with AM."""
    st = begin(duel(("b", "brawler", (0, 0), 0, {}), ("v", "villager", (1, 0), 3, {})))
    s = situation(st, "b", "v")
    assert s.modifiers[0].value == 1 and "PM" in s.modifiers[0].reason
    st = begin(duel(("b", "brawler", (0, 0), 0, {"missile": "sling"}),
                    ("v", "villager", (6, 0), 3, {})))
    s = situation(st, "b", "v", "missile", weapon="sling")
    assert s.modifiers[0].value == 0 and "AM" in s.modifiers[0].reason


def strike(defender=LEG, roll=14, damage=(5,), **att):
    att.setdefault("initiative", 20)
    att.setdefault("weapon", "sword")
    st = begin(duel(defender, ("foe", "villager", (1, 0), 3, att)))
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), roll, *damage)
    return only(ev, EmpAttackRolled)


def test_protection_reduces_a_protected_hit_to_no_less_than_zero():
    """EMP-49: light mail alone (no shield): 5 − 3 → 2; 2 − 3 → 0."""
    bare = ("leg", "villager", (0, 0), 0, {"armour": "light_mail_suit"})
    a = strike(bare, 12, (5,))
    assert (a.band, a.intercepted, a.damage) == ("protected", "armour", 2)
    a = strike(bare, 12, (2,))
    assert (a.band, a.damage) == ("protected", 0)


def test_a_natural_20_always_hits_and_a_natural_1_always_misses():
    """EMP-50: against an Agility-20 legionary (HC 16) a weakling (PM −4) in a guarded
    stance (−2) hits on a natural 20 (a critical) though 20 − 6 = 14 < 16; a +12 attacker
    misses on a natural 1."""
    st = begin(duel(("leg", "legionary", (0, 0), 0, {"agility": 20}),
                    ("foe", "villager", (1, 0), 3, {"initiative": 25, "weapon": "sword",
                                                    "dexterity": 1, "toughness": 1})))
    st, _ = act_exact(st, Choose(unit="foe", option="stance:guard"))
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 20)
    a = only(ev, EmpAttackRolled)
    assert (a.total, a.needed, a.hit, a.critical) == (14, 16, True, True)
    a = strike(roll=1, damage=(), dexterity=20, toughness=20)
    assert not a.hit and any("Natural 1" in n for n in a.notes)


def test_ten_over_hc_is_critical_for_maximum_damage():
    """EMP-50 / EMP-51: a total of HC + 10 (23 against the legionary) is critical; the
    default is maximum damage (the sword's 8)."""
    a = strike(roll=19, damage=(), dexterity=20, toughness=11)
    assert (a.total, a.critical, a.damage) == (23, True, 8)


def test_critical_damage_second_die_option():
    """EMP-51 [GM], `critical_damage = "second_die"`: roll the damage and a second die."""
    st = begin(duel(LEG, ("foe", "villager", (1, 0), 3, {"initiative": 20, "weapon": "sword"}),
                    critical_damage="second_die"))
    _, ev = act_exact(st, Attack(unit="foe", target="leg"), 20, 3, 5)
    assert only(ev, EmpAttackRolled).damage == 8


def test_criticals_ignore_armour_unless_it_encloses():
    """EMP-52: a critical is a direct hit through any armour but a completely enclosing one
    (the shell of data.toml), which still reduces it."""
    a = strike(roll=20, damage=())
    assert (a.band, a.intercepted, a.damage) == ("direct", "", 8)
    shell = ("leg", "villager", (0, 0), 0, {"armour": "shell"})
    a = strike(shell, roll=20, damage=())
    assert (a.band, a.intercepted, a.damage) == ("protected", "armour", 1)


def test_exact_odds_checked_by_hand():
    """One resolution function, two drivers: a sword (+0, 1d8) against the legionary
    (HC 13, AC 18; a protected hit meets the shield's Protection 6, Table VII):

      rolls 1–12 miss (12/20); 13–17 protected: 1d8 − 6 → 0 on 1–6, 1, 2 (5/20);
      18–19 direct: 1d8 (2/20); 20 critical: 8 (1/20).
      P(0) = 12/20 + 5/20·6/8 = 126/160; P(1) = P(2) = 5/160 + 2/160 = 7/160;
      P(3..7) = 2/160 each; P(8) = 2/160 + 8/160 = 10/160.  He has 9 HP: no kill."""
    st = begin(duel(LEG, ("foe", "villager", (1, 0), 3, {"weapon": "sword"})))
    odds = ruleset_of("empress").odds(st, "foe", "leg", kind="melee")
    f = Fraction
    assert odds.hit == f(8, 20)
    want = {0: f(126, 160), 1: f(7, 160), 2: f(7, 160), 3: f(2, 160), 4: f(2, 160),
            5: f(2, 160), 6: f(2, 160), 7: f(2, 160), 8: f(10, 160)}
    assert odds.damage == want
    assert odds.kill == 0
    assert mods(odds)["EMP-47"] == 0
