"""FE-08 Free movement and EX-FE-03 Movement scale.

"4. Movement happens. Characters and monsters can move 1/3 of their base movement in scale
inches for free. Moving farther than that precludes taking any other actions that Round."
Fighting Withdrawal: "moves backwards up to one-third speed (usually 4" or less)"; Full Retreat:
"He moves away from melee at full speed (usually 12" or less)".

R-FE-SCALE: 1" = 5 ft = one hex on the tactical board; a fraction of a move rounds down ("up
to").  So a 12" figure moves 4 hexes and still acts, and a 6" fighting-man 2.
"""

import pytest

from rules.commands import Attack, Move
from rules.engine import IllegalCommand, legal_commands, start
from rules.events import AttackRolled, UnitStepped
from rules.state import state_hash
from rules.systems.fallen_empire.frames import MoveEnded
from tests.fallen_empire.helpers import (
    act_exact,
    declare,
    fe,
    of_type,
    only,
    phase,
    to_phase,
)


def longest_move(st, unit: str) -> int:
    """The farthest any legal Move of `unit` now goes, in hexes of path."""
    return max(len(c.path) - 1 for c in legal_commands(st)
               if isinstance(c, Move) and c.unit == unit)


def approach(action: str, orc_at=(3, 0)):
    """A fighting-man (6" in chain) with an orc three hexes east of him."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", orc_at, facing=3, shield=""))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": action, "orc": "melee"}, initiative=(6, 1))
    return to_phase(st, "movement", "men")


def test_a_third_of_the_move_and_still_strike():
    """FE-08: the fighting-man's base move is 6", so 2" (2 hexes) are free: he steps up to
    the orc and strikes it in the melee phase of the same round."""
    st = approach("melee")
    assert longest_move(st, "fighter") == 2
    st, ev = act_exact(st, Move(unit="fighter", path=((0, 0), (1, 0), (2, 0))))
    assert [e.to_hex for e in of_type(ev, UnitStepped)] == [(1, 0), (2, 0)]
    assert only(ev, MoveEnded).cost == 2
    st = to_phase(st, "melee", "men")
    st, ev = act_exact(st, Attack(unit="fighter", target="orc"), 12, 5)
    attack = only(ev, AttackRolled)
    assert (attack.needed, attack.hit, attack.damage) == (12, True, 5)
    assert st.unit("orc").hp == 0


def test_farther_than_a_third_is_refused_to_a_man_who_means_to_fight():
    """FE-08: three hexes is more than 1/3 of 6": refused, and nothing changes."""
    st = approach("melee", orc_at=(4, 0))
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="the path costs 3 but only 2 is allowed"):
        act_exact(st, Move(unit="fighter", path=((0, 0), (1, 0), (2, 0), (3, 0))))
    assert state_hash(st) == h and st.unit("fighter").pos == (0, 0)


def test_full_movement_goes_the_whole_move_but_precludes_any_attack():
    """FE-08 "Moving farther than that precludes taking any other actions that Round": with
    full movement declared he may run all 6 hexes (not 7); having run to the orc he has no
    attack in the melee phase."""
    st = approach("move", orc_at=(7, 0))
    assert longest_move(st, "fighter") == 6
    with pytest.raises(IllegalCommand, match="the path costs 7 but only 6 is allowed"):
        act_exact(st, Move(unit="fighter", path=((0, 0), *((q, 1) for q in range(7)))))
    st, ev = act_exact(st, Move(unit="fighter", path=tuple((q, 0) for q in range(7))))
    assert only(ev, MoveEnded).cost == 6 and st.unit("fighter").pos == (6, 0)
    # The men have nothing more this round; the orcs' turn begins.
    assert phase(st) == ("movement", "orcs")
    with pytest.raises(IllegalCommand, match="fighter is not orcs's to command now"):
        act_exact(st, Attack(unit="fighter", target="orc"), 15, 3)


def test_monsters_move_a_third_for_free_too():
    """FE-08 "Characters and monsters": an orc's 9" gives 3 free hexes."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (6, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(1, 6))
    st = to_phase(st, "movement", "orcs")
    assert longest_move(st, "orc") == 3


def twelve_inch_man(action: str):
    """EX-FE-03: an unarmoured 12" man (the magic-user) in contact with an orc."""
    sc = (fe().side("men", True).side("orcs")
          .unit("mu", "magic_user", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"mu": action, "orc": "melee"}, initiative=(6, 1))
    return st


def test_ex_fe_03_twelve_inches_gives_four_free():
    """EX-FE-03 / FE-08: 12" base move → 4" (4 hexes) of free movement."""
    st = twelve_inch_man("spell")
    st = to_phase(st, "movement", "men")
    assert longest_move(st, "mu") == 4


def test_ex_fe_03_withdrawal_is_four_inches():
    """EX-FE-03: "moves backwards up to one-third speed (usually 4" or less)": 12" → 4."""
    st = twelve_inch_man("withdraw")
    assert phase(st) == ("withdrawal", "men")
    assert longest_move(st, "mu") == 4


def test_ex_fe_03_full_retreat_is_twelve_inches():
    """EX-FE-03: "He moves away from melee at full speed (usually 12" or less)": 12 hexes."""
    st = twelve_inch_man("retreat")
    st = to_phase(st, "movement", "men")
    assert longest_move(st, "mu") == 12
