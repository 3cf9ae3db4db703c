"""FE-20 Rear Attacks: "Melee attacks to the rear of the target ... gain a +2 to hit, and the
defender does not get the AC benefit from his shield if he uses one." """

from rules.commands import Attack, Move, React
from rules.events import AttackRolled
from rules.systems.fallen_empire.frames import ReactionOffered
from tests.fallen_empire.helpers import act, act_exact, begin, declare, fe, mods, only, to_phase


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
    _, ev = strike_from_behind(orc_facing=0, d20=10)
    attack = only(ev, AttackRolled)
    assert mods(attack)["FE-20"] == 2
    assert mods(attack).get("FE-30", 0) == 0  # no shield against a rear attack
    # Level-1 fighting-man vs leather (AC 7): needs 12 (R-FE-MATRIX); 10 + 2 = 12 hits.
    assert attack.needed == 12 and attack.hit


def test_front_attack_gets_neither():
    """FE-20 applies to the rear only: from the front the shield counts (−1) and no +2."""
    _, ev = strike_from_behind(orc_facing=3, d20=12)
    attack = only(ev, AttackRolled)
    assert "FE-20" not in mods(attack)
    assert mods(attack)["FE-30"] == -1
    assert not attack.hit  # 12 − 1 = 11 < 12


def test_a_free_attack_into_the_back_of_a_man_walking_off():
    """FE-20 with FE-11: an orc that turns its back on the fighting-man and walks away gives
    him a free attack (R-FE-LEAVE) into its rear: +2, and its shield does not count:
    10 + 2 = 12 hits AC 7."""
    st = position(orc_facing=0)
    st, _ = declare(st, {"fighter": "melee", "orc": "move"}, initiative=(1, 6))
    st = to_phase(st, "movement", "orcs")
    st, ev = act(st, Move(unit="orc", path=((1, 0), (2, 0), (3, 0))))
    assert only(ev, ReactionOffered).trigger == "leave"
    st, ev = act_exact(st, React(unit="fighter", accept=True), 10, 3)
    attack = only(ev, AttackRolled)
    assert attack.kind == "opportunity"
    assert mods(attack) == {"FE-20": 2}
    assert [m.reason for m in attack.modifiers] == ["rear attack", "no shield against a rear "
                                                                   "attack"]
    assert attack.hit and attack.damage == 3


def test_a_charge_into_the_rear_stacks_both_bonuses():
    """FE-20 with FE-17: charging an orc from behind is +2 for the charge and +2 for the
    rear, and the orc's shield is no help: 8 + 4 = 12 hits."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (4, 0), facing=0, hp=20))
    st = begin(sc)
    st, _ = declare(st, {"fighter": "charge", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "movement", "men")
    st, ev = act_exact(st, Move(unit="fighter", path=((0, 0), (1, 0), (2, 0), (3, 0)),
                                target="orc"), 8, 2, 2)
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.needed, attack.hit, attack.damage) == ("charge", 12, True, 4)
    assert mods(attack) == {"FE-17": 2, "FE-20": 2}
