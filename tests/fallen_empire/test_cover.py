"""FE-21 Cover: "Should a character in missile fire combat find his mark behind cover of some
kind, throw 1d6 after determining a hit.  A throw of 1-3 means the attack hit the cover
instead.  Of course, characters may "cover" one another, like a Secret Service man taking a
hit for the President."

The engine follows reading (a) (R-FE-COVER): a friend standing on the line of fire just in
front of the target is his bodyguard, and he is the one struck on 1-3.
"""

from fractions import Fraction

from rules.commands import Attack
from rules.engine import ruleset_of
from rules.events import AttackRolled, UnitDamaged
from tests.fallen_empire.helpers import act, begin, declare, fe, of_type, only, to_phase


def shoot(sc, *dice):
    """A bandit archer at (0,0) shoots at the orc at (6,0) (6 hexes east, in short-bow
    range), the archer's side having won initiative."""
    st = begin(sc)
    actions = {u.id: ("missile" if u.id == "archer" else "melee") for u in st.units}
    st, _ = declare(st, actions, initiative=(6, 1))
    st = to_phase(st, "missile", "men")
    before = st
    st, ev = act(st, Attack(unit="archer", target="orc", weapon="short_bow"), *dice)
    return before, st, ev


def field(cover_at=None, guard=False):
    sc = (fe().side("men", True).side("orcs")
          .unit("archer", "bandit_archer", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (6, 0), facing=3, shield=""))
    if cover_at is not None:
        sc = sc.terrain(cover_at, "hedge", cover=True)
    if guard:
        sc = sc.unit("guard", "orc", "orcs", (5, 0), facing=3, shield="")
    return sc


def test_target_in_a_cover_hex_on_1_to_3_the_cover_is_hit():
    """FE-21: "throw 1d6 after determining a hit.  A throw of 1-3 means the attack hit the
    cover instead": d20 15 hits (needs 12), the cover d6 is 3: nothing reaches the orc and no
    damage die is thrown."""
    _, st, ev = shoot(field(cover_at=(6, 0)), 15, 3)
    attack = only(ev, AttackRolled)
    assert attack.kind == "missile" and attack.needed == 12 and attack.hit
    assert attack.struck == "cover"
    assert attack.rolls == (15, 3)  # to-hit and cover only: no damage roll
    assert attack.damage == 0
    assert any("FE-21" in n and "d6 3" in n for n in attack.notes)
    assert of_type(ev, UnitDamaged) == []
    assert st.unit("orc").hp == 5


def test_target_in_a_cover_hex_on_4_to_6_the_shot_gets_through():
    """FE-21: only 1-3 hit the cover: a cover d6 of 4 lets the arrow through (1d6 damage 2)."""
    _, st, ev = shoot(field(cover_at=(6, 0)), 15, 4, 2)
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.struck == "" and attack.damage == 2
    assert attack.rolls == (15, 4, 2)
    dmg = only(ev, UnitDamaged)
    assert (dmg.unit, dmg.amount, dmg.hp_after, dmg.source) == ("orc", 2, 3, "missile")
    assert st.unit("orc").hp == 3


def test_cover_on_the_line_of_fire_counts_too():
    """FE-21, R-FE-COVER: a hedge in the hex just before the target covers him as well."""
    _, st, ev = shoot(field(cover_at=(5, 0)), 12, 1)
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.struck == "cover" and attack.rolls == (12, 1)
    assert st.unit("orc").hp == 5


def test_a_miss_throws_no_cover_die():
    """FE-21: the d6 is thrown "after determining a hit": a miss (11 < 12) throws nothing more."""
    _, _, ev = shoot(field(cover_at=(6, 0)), 11)
    attack = only(ev, AttackRolled)
    assert not attack.hit and attack.rolls == (11,) and attack.struck == ""


def test_no_cover_no_cover_die():
    """FE-21 applies only to a mark behind cover: in the open, to-hit then damage."""
    _, st, ev = shoot(field(), 12, 5)
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.rolls == (12, 5) and not any("FE-21" in n for n in attack.notes)
    assert st.unit("orc").hp == 0


def test_bodyguard_takes_the_shot_on_1_to_3():
    """FE-21 reading (a): "characters may 'cover' one another, like a Secret Service man
    taking a hit for the President": the orc's friend standing at (5,0), on the line between
    archer and orc, is struck instead on a cover d6 of 2, and takes the 1d6 damage 4."""
    _, st, ev = shoot(field(guard=True), 16, 2, 4)
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.struck == "guard" and attack.damage == 4
    assert any("guard takes the shot" in n and "FE-21" in n for n in attack.notes)
    dmg = only(ev, UnitDamaged)
    assert (dmg.unit, dmg.amount, dmg.hp_after) == ("guard", 4, 1)
    assert st.unit("orc").hp == 5 and st.unit("guard").hp == 1


def test_bodyguard_is_passed_on_4_to_6():
    """FE-21 reading (a): the bodyguard is struck only on 1-3; on 5 the orc behind him is."""
    _, st, ev = shoot(field(guard=True), 16, 5, 4)
    attack = only(ev, AttackRolled)
    assert attack.struck == "" and attack.damage == 4
    assert only(ev, UnitDamaged).unit == "orc"
    assert st.unit("orc").hp == 1 and st.unit("guard").hp == 5


def test_cover_is_for_missiles_only():
    """FE-21 speaks of "missile fire combat": a sword blow on an orc standing in a cover hex
    throws no cover die."""
    st = begin(fe().side("men", True).side("orcs")
               .unit("fighter", "fighting_man", "men", (5, 0), facing=0)
               .unit("orc", "orc", "orcs", (6, 0), facing=3, shield="")
               .terrain((6, 0), "hedge", cover=True))
    st, _ = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "melee", "men")
    st, ev = act(st, Attack(unit="fighter", target="orc"), 12, 3)
    attack = only(ev, AttackRolled)
    assert attack.kind == "melee" and attack.hit and attack.rolls == (12, 3)
    assert st.unit("orc").hp == 2


def test_odds_halve_the_damage_chance_behind_cover():
    """FE-21 in the odds: the archer needs 12 (9 faces of 20 hit); behind cover half of those
    hits (d6 4-6) reach the orc: P(no damage to the orc) = 1 - 9/20 * 1/2 = 31/40, and each
    1d6 face 1..6 is 9/20 * 1/2 * 1/6 = 3/80."""
    st = begin(field(cover_at=(6, 0)))
    odds = ruleset_of(st).odds(st, "archer", "orc", kind="missile")
    assert odds.hit == Fraction(9, 20)
    assert odds.damage == {0: Fraction(31, 40), **{k: Fraction(3, 80) for k in range(1, 7)}}
    assert odds.kill == Fraction(3, 80) * 2  # 5 or 6 fells the 5-HP orc
