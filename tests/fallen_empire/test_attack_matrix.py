"""FE-01 Attack matrix, through the engine.

"You can see the Attack Matrices on the front of the Referee's Screen. These tables tell us how
hard it is for someone to hit you and how hard it is to hit someone else in melee and missile
combat."  The matrices are not in the text ([TABLE]); R-FE-MATRIX uses the OD&D ones (data.toml
[matrix]): the d20 needed against AC 9, plus (9 − AC) against a better AC.  Men by class and
level (man-at-arms and normal men as level-1 fighters; thieves as clerics), monsters by hit
dice.  AttackRolled.needed is that number; the shield and every other adjustment are separate
modifiers (so the targets here carry no shield).
"""

import pytest

from rules.commands import Attack
from rules.engine import start
from rules.events import AttackRolled
from tests.fallen_empire.helpers import act_exact, declare, fe, only, to_phase


def needed(attacker: str, target: str, d20: int = 1, *damage: int,
           attacker_stats: dict | None = None, target_stats: dict | None = None):
    sc = (fe().side("a", True).side("b")
          .unit("x", attacker, "a", (0, 0), facing=0, **(attacker_stats or {}))
          .unit("y", target, "b", (1, 0), facing=3, shield="", **(target_stats or {})))
    st = start(sc.build())[0]
    st, _ = declare(st, {"x": "melee", "y": "melee"}, initiative=(6, 1))
    st = to_phase(st, "melee", "a")
    st, ev = act_exact(st, Attack(unit="x", target="y"), d20, *damage)
    return only(ev, AttackRolled)


@pytest.mark.parametrize(("attacker", "stats", "target", "target_stats", "expected"), [
    # Fighters (fighting-men; men-at-arms and normal men at level 1): AC 9 needs 10 at 1-3,
    # 8 at 4-6, 5 at 7-9, ... 0 from 16; the orc's leather is AC 7 (+2).
    ("fighting_man", {}, "orc", {}, 12),
    ("fighting_man", {"level": 4}, "orc", {}, 10),
    ("fighting_man", {"level": 7}, "orc", {}, 7),
    ("fighting_man", {"level": 16}, "orc", {}, 2),
    ("man_at_arms_spear", {}, "orc", {}, 12),  # level 0 fights as level 1
    ("bandit", {}, "orc", {}, 12),  # a normal man
    # Magic-users improve every 5 levels, clerics every 4; thieves go as clerics.
    ("magic_user", {"level": 5}, "orc", {}, 12),
    ("magic_user", {"level": 6}, "orc", {}, 10),
    ("cleric", {"level": 4}, "orc", {}, 12),
    ("cleric", {"level": 5}, "orc", {}, 10),
    ("thief", {"level": 4}, "orc", {}, 12),
    # Monsters by hit dice, against AC 9 (magic-user), 7 (spearman), 5 (chain), 3 (plate).
    ("goblin", {}, "magic_user", {}, 10),  # 1-1: "up to 1"
    ("hobgoblin", {}, "magic_user", {}, 9),  # 1+1
    ("wolf", {}, "magic_user", {}, 8),  # 2+2 is in the "2 to 3" band
    ("orc", {}, "fighting_man", {}, 14),  # 1 HD vs AC 5
    ("gnoll", {}, "fighting_man", {}, 12),  # 2 HD vs AC 5
    ("bugbear", {}, "man_at_arms_spear", {}, 8),  # 3+1 ("3+ to 4") vs AC 7
    ("ogre", {}, "fighting_man", {"armour": "plate"}, 11),  # 4+1 ("4+ to 6") vs AC 3
])
def test_needed_from_the_matrix(attacker, stats, target, target_stats, expected):
    """FE-01 / R-FE-MATRIX: the number the d20 must reach, read from the matrix by the
    attacker's class and level (or hit dice) and the target's armour class."""
    attack = needed(attacker, target, attacker_stats=stats, target_stats=target_stats)
    assert attack.needed == expected
    assert attack.modifiers == () and not attack.hit  # a natural 1, nothing else counted


def test_the_needed_number_hits_and_one_less_misses():
    """FE-01: the matrix number is the least roll that hits: a level-1 fighting-man needs 12
    against the orc's AC 7: 12 hits, 11 misses."""
    hit = needed("fighting_man", "orc", 12, 4)
    miss = needed("fighting_man", "orc", 11)
    assert (hit.needed, hit.hit, hit.damage) == (12, True, 4)
    assert (miss.needed, miss.hit, miss.damage) == (12, False, 0)
