"""FE-20 Rear Attacks: "Melee attacks to the rear of the target ... gain a +2 to hit, and the
defender does not get the AC benefit from his shield if he uses one." """

from rules.commands import Attack
from rules.events import AttackRolled

from tests.fallen_empire.helpers import act, begin, declare, fe, mods, only, to_phase


def position(orc_facing: int):
    # A fighting-man stands west of an orc with a shield.  Facing 0 (east) the orc turns its
    # back on him; facing 3 (west) it faces him.
    return begin(fe().side("men", True).side("orcs")
                 .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
                 .unit("orc", "orc", "orcs", (1, 0), facing=orc_facing))


def strike_from_behind(orc_facing: int, d20: int):
    st = position(orc_facing)
    st, _ = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "melee", "men")
    return act(st, Attack(unit="fighter", target="orc"), d20, 4)


def test_rear_attack_gets_plus_two_and_ignores_the_shield():
    """FE-20: an attack into the orc's rear hex is +2 and the orc's shield (FE-30) counts for
    nothing."""
    st, ev = strike_from_behind(orc_facing=0, d20=10)
    attack = only(ev, AttackRolled)
    assert mods(attack)["FE-20"] == 2
    assert mods(attack).get("FE-30", 0) == 0  # no shield against a rear attack
    # Level-1 fighting-man vs leather (AC 7): needs 12 (R-FE-MATRIX); 10 + 2 = 12 hits.
    assert attack.needed == 12 and attack.hit


def test_front_attack_gets_neither():
    """FE-20 applies to the rear only: from the front the shield counts (−1) and no +2."""
    st, ev = strike_from_behind(orc_facing=3, d20=12)
    attack = only(ev, AttackRolled)
    assert "FE-20" not in mods(attack)
    assert mods(attack)["FE-30"] == -1
    assert not attack.hit  # 12 − 1 = 11 < 12
