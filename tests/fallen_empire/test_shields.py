"""FE-30 / FE-31 / FE-32 Shields Shall be Splintered!: "You get the usual -1 to your AC with a
shield.  However, any time you take damage, you can opt instead to say your shield absorbed
the force of the blow.  The shield is shattered and must be discarded, but you don't take any
damage from that hit.  ... Magic shields can be given up once per day without shattering, but
then they are considered nonmagical for the rest of the day.  If you give it up again, it is
shattered permanently.  Shields made from the heartwood of the rowan tree ... can be given up
to avoid one magic effect, even one that deals no damage or one that offers no Save."

A Fighting-Man (chain, AC 5) at (0,0) facing east; orcs (1 HD: need 14 against AC 5) strike
him from the front.
"""

import pytest

from rules.commands import Attack, Cast, Choose
from rules.engine import IllegalCommand, decider, legal_commands, ruleset_of
from rules.events import AttackRolled, UnitDamaged
from rules.state import state_hash
from rules.systems.fallen_empire.frames import SplinterAnswered, SplinterFrame, SplinterOffered
from tests.fallen_empire.helpers import act, begin, declare, fe, mods, of_type, only, to_phase


def orcs_strike(shield="shield", two=False):
    # shield_magic is given with the shield: see test_a_magic_shield_set_up_by_override_is_magic
    magic = {"shield_magic": True} if shield == "magic_shield" else {}
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0, shield=shield, **magic)
          .unit("orc", "orc", "orcs", (1, 0), facing=3))
    actions = {"fighter": "melee", "orc": "melee"}
    if two:
        sc = sc.unit("orc2", "orc", "orcs", (1, -1), facing=4)
        actions["orc2"] = "melee"
    st = begin(sc)
    st, _ = declare(st, actions, initiative=(1, 6))  # the orcs act first
    return to_phase(st, "melee", "orcs")


def test_shield_is_minus_one_ac():
    """FE-30: "the usual -1 to your AC with a shield": −1 on the orc's roll; d20 14 − 1 = 13
    misses the 14 needed against chain."""
    _, ev = act(orcs_strike(), Attack(unit="orc", target="fighter"), 14)
    attack = only(ev, AttackRolled)
    assert attack.needed == 14 and mods(attack) == {"FE-30": -1} and not attack.hit


def test_without_a_shield_the_same_roll_hits():
    """FE-30: the same 14 against the same man without a shield hits (no SplinterOffered:
    there is nothing to splinter)."""
    st, ev = act(orcs_strike(shield=""), Attack(unit="orc", target="fighter"), 14, 3)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {} and attack.hit
    assert of_type(ev, SplinterOffered) == []
    assert only(ev, UnitDamaged).hp_after == 3 and st.unit("fighter").hp == 3


def test_a_hit_offers_the_splinter_choice_to_the_bearers_side():
    """FE-31: "any time you take damage, you can opt instead to say your shield absorbed the
    force of the blow": the hit (15 − 1 = 14, sword 4) waits on the men's choice."""
    st, ev = act(orcs_strike(), Attack(unit="orc", target="fighter"), 15, 4)
    offer = only(ev, SplinterOffered)
    assert (offer.unit, offer.attacker, offer.amount, offer.side) == ("fighter", "orc", 4, "men")
    assert of_type(ev, UnitDamaged) == []
    assert isinstance(st.top, SplinterFrame) and decider(st) == "men"
    assert legal_commands(st) == [Choose(unit="fighter", option="splinter"),
                                  Choose(unit="fighter", option="take")]


def test_splintering_takes_no_damage_and_the_shield_is_gone():
    """FE-31: "The shield is shattered and must be discarded, but you don't take any damage
    from that hit": HP stay 6, the shield is gone, and from now on the orc's odds carry no
    FE-30 modifier."""
    st, _ = act(orcs_strike(), Attack(unit="orc", target="fighter"), 15, 4)
    st, ev = act(st, Choose(unit="fighter", option="splinter"))
    answer = only(ev, SplinterAnswered)
    assert answer.splinter and not answer.shield_kept
    assert of_type(ev, UnitDamaged) == []
    fighter = st.unit("fighter")
    assert fighter.hp == 6 and fighter.shield == ""
    odds = ruleset_of(st).odds(st, "orc", "fighter", kind="melee")
    assert not any(m.rule == "FE-30" for m in odds.modifiers)


def test_after_splintering_the_next_blow_lands_without_a_choice():
    """FE-31: the second orc swings at the now shieldless man: no −1 (d20 14 = 14 hits) and
    no second offer: the 2 damage is taken."""
    st, _ = act(orcs_strike(two=True), Attack(unit="orc", target="fighter"), 15, 4)
    st, _ = act(st, Choose(unit="fighter", option="splinter"))
    st, ev = act(st, Attack(unit="orc2", target="fighter"), 14, 2)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {} and attack.hit
    assert of_type(ev, SplinterOffered) == []
    assert only(ev, UnitDamaged).hp_after == 4


def test_declining_takes_the_damage_and_keeps_the_shield():
    """FE-31 is a choice ("you can opt"): taking the blow costs 4 HP and keeps the shield."""
    st, _ = act(orcs_strike(), Attack(unit="orc", target="fighter"), 15, 4)
    st, ev = act(st, Choose(unit="fighter", option="take"))
    assert not only(ev, SplinterAnswered).splinter
    dmg = only(ev, UnitDamaged)
    assert (dmg.unit, dmg.amount, dmg.hp_after) == ("fighter", 4, 2)
    assert st.unit("fighter").shield == "shield"


def test_nothing_else_may_happen_before_the_choice():
    """FE-31: the choice must be made first: a blow back at the orc, or an unknown option, is
    refused with the reason, and nothing changes."""
    st, _ = act(orcs_strike(two=True), Attack(unit="orc", target="fighter"), 15, 4)
    snapshot = state_hash(st)
    for cmd in (Attack(unit="fighter", target="orc"), Choose(unit="fighter", option="dodge")):
        with pytest.raises(IllegalCommand) as err:
            act(st, cmd, 20, 8)
        assert "splinter the shield or take the damage" in err.value.reason
    assert state_hash(st) == snapshot


def test_magic_shield_first_give_up_keeps_the_shield_but_not_its_magic():
    """FE-32: a Shield +1 is −2 in all (FE-30 −1, FE-32 −1): d20 16 − 2 = 14 hits.  Given up
    the first time it is not shattered ("can be given up once per day without shattering")
    but is "nonmagical for the rest of the day": the second orc faces only −1."""
    st = orcs_strike(shield="magic_shield", two=True)
    assert st.unit("fighter").shield_magic
    st, ev = act(st, Attack(unit="orc", target="fighter"), 16, 3)
    assert mods(only(ev, AttackRolled)) == {"FE-30": -1, "FE-32": -1}
    st, ev = act(st, Choose(unit="fighter", option="splinter"))
    answer = only(ev, SplinterAnswered)
    assert answer.splinter and answer.shield_kept
    fighter = st.unit("fighter")
    assert (fighter.hp, fighter.shield, fighter.shield_magic) == (6, "magic_shield", False)

    st, ev = act(st, Attack(unit="orc2", target="fighter"), 15, 2)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-30": -1} and attack.hit
    assert only(ev, SplinterOffered).amount == 2


def test_magic_shield_given_up_again_is_shattered():
    """FE-32: "If you give it up again, it is shattered permanently"."""
    st, _ = act(orcs_strike(shield="magic_shield", two=True),
                Attack(unit="orc", target="fighter"), 16, 3)
    st, _ = act(st, Choose(unit="fighter", option="splinter"))
    st, _ = act(st, Attack(unit="orc2", target="fighter"), 15, 2)
    st, ev = act(st, Choose(unit="fighter", option="splinter"))
    answer = only(ev, SplinterAnswered)
    assert answer.splinter and not answer.shield_kept
    fighter = st.unit("fighter")
    assert (fighter.hp, fighter.shield, fighter.shield_magic) == (6, "", False)


def test_rowan_shield_absorbs_a_magic_missile():
    """FE-32 (rowan): a rowan-heartwood shield may be given up against a magic effect.  Here
    the effect is a Magic Missile (auto-hit, 1d6+1 = 4): the shield takes it and is gone.
    (The engine has no magic effect without damage, so the rest of the clause cannot be
    played out; a rowan shield is otherwise an ordinary −1 shield.)"""
    st = begin(fe().side("men", True).side("orcs")
               .unit("fighter", "fighting_man", "men", (0, 0), facing=0, shield="rowan_shield")
               .unit("shaman", "magic_user", "orcs", (5, 0), facing=3))
    st, _ = declare(st, {"fighter": "melee", "shaman": "spell"}, initiative=(1, 6))
    st = to_phase(st, "spell", "orcs")
    st, ev = act(st, Cast(unit="shaman", spell="magic_missile", target="fighter"), 3)
    attack = only(ev, AttackRolled)
    assert attack.kind == "spell" and attack.hit and attack.damage == 4
    offer = only(ev, SplinterOffered)
    assert (offer.unit, offer.amount, offer.source) == ("fighter", 4, "spell")
    st, ev = act(st, Choose(unit="fighter", option="splinter"))
    assert not only(ev, SplinterAnswered).shield_kept
    assert st.unit("fighter").hp == 6 and st.unit("fighter").shield == ""


def test_rowan_shield_is_minus_one_ac():
    """FE-30 for the rowan shield: the usual −1, no magic bonus."""
    st = orcs_strike(shield="rowan_shield")
    odds = ruleset_of(st).odds(st, "orc", "fighter", kind="melee")
    assert {m.rule: m.value for m in odds.modifiers} == {"FE-30": -1}


def test_a_magic_shield_set_up_by_override_is_magic():
    """FE-32: a Fighting-Man given a Shield +1 in the scenario starts the day with its magic."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("fighter", "fighting_man", "men", (0, 0), shield="magic_shield")
               .unit("orc", "orc", "orcs", (1, 0), facing=3))
    assert st.unit("fighter").shield_magic
