"""FE-10 Spell disruption.

Step 5: "Ranged Attacks happen ... In the case of hitting an enemy Magic-User, their spell is
ruined!"  Step 7: "Magic Spells are cast. Again, if you are going second or there is a tie in
the Initiative that Round, and you are hit with a missile weapon, your spell has been ruined
and is lost from your mind."

[AMBIG] reading (a), the default: only missile hits ruin a spell, as written.  Reading (b), the
GM option `spell_disrupted_by = "missile_or_melee"`: melee hits before the spell phase do too
(the author's comment: "how a melee guy can interrupt a wizard").
"""

import pytest

from rules.commands import Attack, Cast, Pass
from rules.engine import IllegalCommand, start
from rules.events import AttackRolled, UnitDamaged
from rules.systems.fallen_empire.events import SpellCast
from tests.fallen_empire.helpers import act_exact, declare, fe, of_type, only, to_phase


def standoff(initiative: tuple[int, int], bandit_at=(-4, 4), **options):
    """A magic-user (given 10 HP so he lives to cast), a bandit swordsman and a bandit archer
    five hexes off; he means to Magic Missile the archer.  (The swordsman stands away from him
    unless a test puts him in contact: a shot into a melee may strike anyone in it, FE-22.)"""
    sc = (fe(**options).side("men", True).side("bandits")
          .unit("mu", "magic_user", "men", (0, 0), facing=0, hp=10)
          .unit("bandit", "bandit", "bandits", bandit_at, facing=2)
          .unit("archer", "bandit_archer", "bandits", (5, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"mu": "spell", "bandit": "melee", "archer": "missile"},
                    initiative=initiative)
    return st


def shoot_the_wizard(st, d20: int, *damage: int):
    st = to_phase(st, "missile", "bandits")
    st, ev = act_exact(st, Attack(unit="archer", target="mu"), d20, *damage)
    return st, only(ev, AttackRolled)


def cast(st, *dice: int):
    st = to_phase(st, "spell", "men")
    return act_exact(st, Cast(unit="mu", spell="magic_missile", target="archer"), *dice)


def test_going_second_and_hit_by_an_arrow_the_spell_is_ruined():
    """FE-10 (a): the bandits win initiative (5 v 2); the archer hits the magic-user (a normal
    man needs 10 against AC 9) before the men's spell phase: his Magic Missile is ruined and
    "lost from his mind" (no longer among his spells)."""
    st = standoff((2, 5))
    st, shot = shoot_the_wizard(st, 15, 2)
    assert (shot.kind, shot.needed, shot.hit, shot.damage) == ("missile", 10, True, 2)
    st, ev = cast(st)  # no dice: nothing is thrown for a ruined spell
    spell = only(ev, SpellCast)
    assert spell.ruined and spell.rule == "FE-10 (a)"
    assert of_type(ev, AttackRolled) == []
    assert st.unit("archer").hp == 4
    assert st.unit("mu").spells == ()


def test_an_arrow_that_misses_spoils_nothing():
    """FE-10: only a hit ruins the spell: the archer misses (9 < 10), the missile flies."""
    st = standoff((2, 5))
    st, shot = shoot_the_wizard(st, 9)
    assert not shot.hit
    st, ev = cast(st, 3)  # 1d6+1 → 4
    assert not only(ev, SpellCast).ruined
    assert only(ev, AttackRolled).damage == 4
    assert st.unit("archer").hp == 0


def test_a_wizard_acting_first_casts_before_the_arrows_fly():
    """FE-10 "if you are going second or there is a tie": the men win (5 v 2); the spell goes
    off in their spell phase, before the bandits' missile phase; the later arrow spoils
    nothing (and there is no spell left to cast at him after)."""
    st = standoff((5, 2))
    st, ev = cast(st, 1)
    assert not only(ev, SpellCast).ruined
    assert only(ev, UnitDamaged).unit == "archer" and st.unit("archer").hp == 2
    st, shot = shoot_the_wizard(st, 15, 2)
    assert shot.hit and st.unit("mu").hp == 8


def test_on_a_tie_the_missile_phase_comes_before_the_spell_phase():
    """FE-10 "or there is a tie in the Initiative": 4 v 4, the shared missile phase comes
    before the shared spell phase, so the arrow ruins the spell."""
    st = standoff((4, 4))
    st = to_phase(st, "missile", "bandits")  # one phase for both sides: only the archer shoots
    with pytest.raises(IllegalCommand, match="mu is not bandits's to command now"):
        act_exact(st, Pass(unit="mu"))
    st, ev = act_exact(st, Attack(unit="archer", target="mu"), 12, 3)
    assert only(ev, AttackRolled).hit
    st, ev = cast(st)
    assert only(ev, SpellCast).ruined


def melee_the_wizard(**options):
    """The bandits win; the bandit with the sword hits the magic-user in their melee phase."""
    st = standoff((2, 5), bandit_at=(0, 1), **options)
    st = to_phase(st, "melee", "bandits")
    st, ev = act_exact(st, Attack(unit="bandit", target="mu"), 14, 3)
    assert only(ev, AttackRolled).hit and st.unit("mu").hp == 7
    return st


def test_reading_a_a_sword_blow_does_not_ruin_the_spell():
    """FE-10 reading (a) (the default): "hit with a missile weapon" — a melee hit does not
    spoil the spell."""
    st = melee_the_wizard()
    st, ev = cast(st, 2)
    spell = only(ev, SpellCast)
    assert not spell.ruined
    assert only(ev, AttackRolled).damage == 3


def test_reading_b_a_sword_blow_ruins_the_spell_too():
    """FE-10 reading (b), GM option spell_disrupted_by = "missile_or_melee": the author's own
    fix "how a melee guy can interrupt a wizard": the sword blow ruins the spell."""
    st = melee_the_wizard(spell_disrupted_by="missile_or_melee")
    st, ev = cast(st)
    spell = only(ev, SpellCast)
    assert spell.ruined and spell.rule == "FE-10 (b)"
    assert of_type(ev, AttackRolled) == []
    assert st.unit("mu").spells == ()
