"""§3.10.2 Dirty tricks (EMP-83, EMP-84), §3.11 helpless defenders (EMP-85, EMP-86) and
§3.12 physical contact and venom (EMP-87..89)."""

from dataclasses import replace

from rules.commands import Attack, React
from rules.dice import ScriptedDice
from rules.engine import check, legal_commands
from rules.systems.empress.combat import resolve, situation
from rules.systems.empress.events import EmpAttackRolled, SaveRolled, Surprised
from rules.systems.empress.move_events import ReactionOffered
from rules.systems.empress.round_events import ActionLost
from tests.empress.helpers import act_exact, begin, duel, emp, mods, only

TRICK = Attack(unit="me", target="foe", options=("trick",))


def trick_pair(**foe):
    return begin(duel(("me", "thief", (0, 0), 0, {"initiative": 20}),
                      ("foe", "villager", (1, 0), 3, {"hp": 30, "initiative": 10, **foe})))


def test_a_dirty_trick():
    """EMP-83 [GM]: a special maneuver (−2); a hit lets the target save vs Wits; he is +2 if
    he suspects a trick (someone tried one before), +4 if he knows this trickster's."""
    st, ev = act_exact(trick_pair(), TRICK, 15, 14)
    assert mods(only(ev, EmpAttackRolled))["EMP-74"] == -2
    save = only(ev, SaveRolled)
    assert (save.save, save.success) == ("wits", True) and "EMP-83" not in mods(save)
    assert st.unit("foe").tricked_by == ("me",)
    st, ev = act_exact(trick_pair(tricked_by=["someone"]), TRICK, 15, 9)
    assert mods(only(ev, SaveRolled))["EMP-83"] == 2
    st, ev = act_exact(trick_pair(tricked_by=["me"]), TRICK, 15, 7)
    assert mods(only(ev, SaveRolled))["EMP-83"] == 4


def test_a_trick_that_works():
    """EMP-84: the villager fails: he is surprised — he cannot attack and may be backstabbed
    (the cutpurse's sneak attack applies) until he would next act, and that action is lost;
    the trickster gets an immediate opportunity attack at −2."""
    st, ev = act_exact(trick_pair(), TRICK, 15, 5)
    assert only(ev, Surprised).until == "turn"
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.trigger) == ("me", "trick")
    st, ev = act_exact(st, React(unit="me", accept=True), 10, 3)
    oa = only(ev, EmpAttackRolled)
    assert mods(oa)["EMP-84"] == -2 and mods(oa)["EMP-65"] == 3
    lost = only(ev, ActionLost)
    assert (lost.unit, lost.rule) == ("foe", "EMP-84")
    assert st.unit("foe").surprised == ""
    assert st.unit("me").oa_taken == 0  # his own follow-up, not an opportunity from his allotment


def sleeper(attacker: str = "fighting_man", **over):
    return begin(emp().side("pcs", True).side("foes")
                 .unit("me", attacker, "pcs", (0, 0), initiative=20)
                 .unit("foe", "villager", "foes", (1, 0), facing=0, hp=30, helpless=True,
                       **over))


def test_a_helpless_defender_takes_an_automatic_critical():
    """EMP-85: a sleeping guard (stationary, fighting no one but the man striking him): no
    roll, a critical: maximum damage through his armour."""
    st, ev = act_exact(sleeper(armour="mail_suit"), Attack(unit="me", target="foe"))
    a = only(ev, EmpAttackRolled)
    assert (a.roll, a.critical, a.band, a.damage) == (0, True, "direct", 8)
    assert not st.unit("foe").helpless  # he is awake now


def test_a_sleeper_loses_his_turn():
    """EMP-85: asleep or bound, he does nothing when his segment comes."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "fighting_man", "pcs", (-5, 0), initiative=5)
               .unit("foe", "villager", "foes", (5, 0), facing=3, helpless=True,
                     initiative=15))
    from rules.engine import start

    _, ev = start(emp().side("pcs", True).side("foes")
                  .unit("me", "fighting_man", "pcs", (-5, 0), initiative=5)
                  .unit("foe", "villager", "foes", (5, 0), facing=3, helpless=True,
                        initiative=15).build())
    assert only(ev, ActionLost).rule == "EMP-85"
    assert st.unit("foe").spent == "lost"


def test_a_careless_blow_at_a_well_armoured_helpless_man():
    """EMP-86 (a): striking "without thought" at a helpless man in a full mail suit (Coverage
    6): no automatic critical; his base HC counts as 2: a direct hit from 8, a critical from
    12 or a natural 20."""
    st = sleeper(armour="mail_suit")
    s = situation(st, "me", "foe", options=("careless",))
    assert not s.auto_hit and (s.hc, s.ac) == (2, 8)
    _, ev = act_exact(st, Attack(unit="me", target="foe", options=("careless",)), 10)
    a = only(ev, EmpAttackRolled)
    assert a.total == 12 and a.critical  # 10 + PM +1 + 1 (a broom cannot parry) ≥ 2 + 10


def test_a_careless_blow_always_lands_the_roll_only_finds_the_gaps():
    """EMP-86 (R-EMP-CARELESS): the sleeping man does not move or defend, so the careless
    blow lands whatever the die says; the roll against his base HC of 2 decides only
    whether it gets round his mail (direct from 2 + Coverage) and whether it is a critical.
    A natural 1 is a protected hit, not a miss."""
    st = sleeper(armour="mail_suit")
    s = situation(st, "me", "foe", options=("careless",))
    _, ev = act_exact(st, Attack(unit="me", target="foe", options=("careless",)), 1, 6)
    a = only(ev, EmpAttackRolled)
    assert a.hit and (a.band, a.critical) == ("protected", False)
    assert a.damage == 6 - s.protection
    assert "R-EMP-CARELESS" in " ".join(a.notes)
    from rules.engine import ruleset_of

    odds = ruleset_of(st).odds(st, "me", "foe", options=("careless",))
    assert odds.hit == 1


def test_the_careless_blow_is_offered_wherever_it_can_land():
    """EMP-86: a halberdier (polearm, 10 ft) may strike a bound, mail-clad prisoner two
    hexes off without thought, as he may strike him at all; nothing offers it against a man
    in leather, where it cannot apply."""
    def position(armour: str):
        return begin(emp().side("pcs", True).side("foes")
                     .unit("me", "halberdier", "pcs", (0, 0), initiative=20)
                     .unit("foe", "villager", "foes", (2, 0), facing=0, hp=30,
                           helpless=True, armour=armour))

    careless = Attack(unit="me", target="foe", options=("careless",))
    st = position("mail_suit")
    assert careless in legal_commands(st) and check(st, careless) is None
    st = position("leather_jack")
    assert careless not in legal_commands(st) and check(st, careless) is not None


def venom_case(armour: str = "", hp: int = 30):
    over = {"armour": armour} if armour else {}
    st = begin(duel(("me", "giant_spider", (0, 0), 0, {"initiative": 20}),
                    ("foe", "villager", (1, 0), 3, {"hp": hp, "weapon": "", **over})))
    return situation(st, "me", "foe")


def test_venom_through_armour_needs_three_past_protection():
    """EMP-87: a protected bite (light mail 3) touches skin only if 3 or more get past the
    Protection; a blunt weapon never does."""
    s = venom_case("light_mail_suit")
    r = resolve(s, ScriptedDice([12, 4]))  # protected, 4 − 3 = 1: stopped
    assert r.band == "protected" and not r.contact and r.venom == 0
    s2 = replace(s, damage=s.damage.__class__(1, 8))
    r = resolve(s2, ScriptedDice([12, 7, 5, 5, 6]))  # 7 − 3 = 4 ≥ 3: Reflexes 5 fails
    assert r.contact and r.venom == 6
    r = resolve(replace(s2, blunt=True), ScriptedDice([12, 8]))
    assert not r.contact


def test_venom_that_needs_no_skin():
    """EMP-88: if the touch need not be on bare skin, any hit will do."""
    s = replace(venom_case("light_mail_suit"), venom_contact="any")
    r = resolve(s, ScriptedDice([12, 1, 5, 3]))
    assert r.contact and r.venom == 3


def test_contact_saves():
    """EMP-89: a wounding bite (HP brought to 0) touches without a save; otherwise a
    Reflexes save (−4 after a critical) decides; then a Fortitude save against the venom
    itself (R-EMP-VENOM)."""
    r = resolve(venom_case(hp=3), ScriptedDice([15, 4, 15]))  # 3 − 4 ≤ 0: no Reflexes save
    assert r.contact and r.venom == 0  # Fortitude 15: resisted
    r = resolve(venom_case(), ScriptedDice([15, 2, 12]))  # Reflexes 12 ≥ 11: no contact
    assert not r.contact
    r = resolve(venom_case(), ScriptedDice([20, 12, 9, 4]))  # critical: 12 − 4 = 8 fails
    assert r.contact and r.venom == 4
    st = begin(duel(("me", "giant_spider", (0, 0), 0, {"initiative": 20}),
                    ("foe", "villager", (1, 0), 3, {"hp": 30, "weapon": ""})))
    st, ev = act_exact(st, Attack(unit="me", target="foe"), 15, 2, 5, 5, 6)
    a = only(ev, EmpAttackRolled)
    assert (a.damage, a.venom) == (2, 6) and st.unit("foe").hp == 22
    assert any("R-EMP-VENOM" in n for n in a.notes)
