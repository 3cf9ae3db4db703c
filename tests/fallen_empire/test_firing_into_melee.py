"""FE-22 / FE-23 Firing into Melee: "A missile shot into melee that is scored a hit has an equal
chance to hit any character engaged in that instance of melee, even the attacker's allies.
So be careful!  Henchmen and Retainers will never fire into a melee, for fear of hitting
their bosses."

The engine follows FE-22 reading (a): "that instance of melee" is the target and everyone
engaged with him (not the whole connected brawl, reading (b)).
"""

from fractions import Fraction

import pytest

from rules.commands import Attack
from rules.engine import IllegalCommand, legal_commands, ruleset_of
from rules.events import AttackRolled, UnitDamaged
from rules.state import state_hash
from rules.systems.fallen_empire.frames import SplinterOffered
from tests.fallen_empire.helpers import act, begin, declare, fe, only, to_phase


def brawl(shooter="archer", template="bandit_archer", far_orc=False):
    """An archer of the men at (0,0) looks east at a brawl: the orc at (6,0) is fighting the
    men's fighter at (6,1) (adjacent, SE of him).  One hex further south a second orc at
    (6,2) fights the fighter too, and the men's spearman at (7,2) fights that second orc
    but is 3 hexes from the first orc: he is in the brawl, not in the orc's melee."""
    sc = (fe().side("men", True).side("orcs")
          .unit(shooter, template, "men", (0, 0), facing=0)
          .unit("fighter", "fighting_man", "men", (6, 1), facing=2, shield="")
          .unit("spear", "man_at_arms_spear", "men", (7, 2), facing=3)
          .unit("orc", "orc", "orcs", (6, 0), facing=5)
          .unit("orc2", "orc", "orcs", (6, 2), facing=2))
    if far_orc:
        sc = sc.unit("orc3", "orc", "orcs", (0, 6), facing=1)
    st = begin(sc)
    actions = {u.id: "melee" for u in st.units}
    actions[shooter] = "missile"
    st, _ = declare(st, actions, initiative=(6, 1))
    return to_phase(st, "missile", "men")


def test_a_hit_into_melee_can_strike_the_shooters_own_ally():
    """FE-22: "an equal chance to hit any character engaged in that instance of melee, even
    the attacker's allies": the arrow hits (d20 15, −1 for the orc's shield, needs 12), the d2
    between orc and fighter comes up 2: the men's own fighter takes the 1d6 (3)."""
    st = brawl()
    st, ev = act(st, Attack(unit="archer", target="orc", weapon="short_bow"), 15, 2, 3)
    attack = only(ev, AttackRolled)
    assert attack.kind == "missile" and attack.hit and attack.needed == 12
    assert attack.struck == "fighter" and attack.damage == 3
    assert attack.rolls == (15, 2, 3)
    assert any("d2 2 strikes fighter" in n and "FE-22" in n for n in attack.notes)
    dmg = only(ev, UnitDamaged)
    assert (dmg.unit, dmg.amount, dmg.hp_after) == ("fighter", 3, 3)
    assert st.unit("orc").hp == 5


def test_the_target_is_struck_on_its_own_share():
    """FE-22: the same shot with the d2 showing 1 strikes the orc it was aimed at (the orc has
    a shield, so its side is first asked whether to splinter it, FE-31)."""
    st = brawl()
    st, ev = act(st, Attack(unit="archer", target="orc", weapon="short_bow"), 15, 1, 3)
    attack = only(ev, AttackRolled)
    assert attack.struck == "" and attack.damage == 3
    assert any("d2 1 strikes orc" in n for n in attack.notes)
    offer = only(ev, SplinterOffered)
    assert (offer.unit, offer.amount, offer.source) == ("orc", 3, "missile")
    assert st.unit("fighter").hp == 6


def test_that_instance_of_melee_is_the_target_and_those_engaged_with_it():
    """FE-22 reading (a): the pool is the orc and the fighter fighting him (a d2).  The second
    orc and the spearman are in the same brawl but not engaged with the orc: under reading (b)
    it would be a d4."""
    st = brawl()
    _, ev = act(st, Attack(unit="archer", target="orc", weapon="short_bow"), 15, 2, 1)
    notes = only(ev, AttackRolled).notes
    assert any(n.startswith("Fired into melee: d2 ") for n in notes)


def test_a_miss_picks_nobody():
    """FE-22: only a shot "that is scored a hit" is shared out: a miss throws no more dice."""
    st = brawl()
    _, ev = act(st, Attack(unit="archer", target="orc", weapon="short_bow"), 12)
    attack = only(ev, AttackRolled)
    assert not attack.hit and attack.rolls == (12,)


def test_odds_of_a_shot_into_melee():
    """FE-22 in the odds: the archer hits on 13-20 (8/20 = 2/5, the orc's shield −1); half of
    the hits strike the orc: P(no damage to the orc) = 1 − 1/5 = 4/5, each 1d6 face 1/30."""
    st = brawl()
    odds = ruleset_of(st).odds(st, "archer", "orc", kind="missile")
    assert odds.hit == Fraction(2, 5)
    assert odds.damage == {0: Fraction(4, 5), **{k: Fraction(1, 30) for k in range(1, 7)}}


def test_retainers_never_fire_into_a_melee():
    """FE-23: "Henchmen and Retainers will never fire into a melee, for fear of hitting their
    bosses": the crossbowman (a retainer) may shoot the lone orc3 but is refused the orc in
    melee, with the reason; nothing changes."""
    st = brawl(shooter="xbow", template="crossbowman", far_orc=True)
    offered = legal_commands(st)
    assert Attack(unit="xbow", target="orc3", weapon="light_crossbow") in offered
    assert not any(isinstance(c, Attack) and c.target in ("orc", "orc2") for c in offered)
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, Attack(unit="xbow", target="orc", weapon="light_crossbow"), 20, 1, 1)
    assert "retainers never fire into a melee" in err.value.reason
    assert "FE-23" in err.value.reason
    assert state_hash(st) == snapshot


def test_a_retainer_may_shoot_a_foe_who_is_not_in_melee():
    """FE-23 forbids only shots into a melee: the crossbowman hits the lone orc3 normally
    (d20 13, −1 shield, needs 12; no melee die; 1d6 = 2)."""
    st = brawl(shooter="xbow", template="crossbowman", far_orc=True)
    st, ev = act(st, Attack(unit="xbow", target="orc3"), 13, 2)  # "" = his crossbow
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.rolls == (13, 2) and attack.weapon == "Light crossbow"


def test_a_shooter_in_the_melee_cannot_strike_himself():
    """FE-22: the shot may strike "any character engaged in that instance of melee, even the
    attacker's allies" — but the arrow cannot come back at the archer.  An archer standing
    next to the orc he shoots, with nobody else in that melee: no melee die at all (before
    the fix a d2 of 2 struck the archer himself)."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("archer", "bandit_archer", "men", (0, 0), facing=0)
               .unit("orc", "orc", "orcs", (1, 0), facing=3, shield=""))
    st, _ = declare(st, {"archer": "missile", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "missile", "men")
    st, ev = act(st, Attack(unit="archer", target="orc"), 15, 2)
    attack = only(ev, AttackRolled)
    assert attack.rolls == (15, 2) and attack.struck == "" and attack.damage == 2
    assert st.unit("archer").hp == 4 and st.unit("orc").hp == 3
