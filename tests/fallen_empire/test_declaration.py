"""FE-06 Declaration.

Step 2: "Once combat begins, each person and then the monsters declare what kind of action they
intend. The kinds of actions are full movement, make a missile attack, cast a magic spell, make
a melee attack, and "other" which includes anything else."

The engine offers the five kinds (move, missile, spell, melee, other) where a figure can do
them, with the tactical moves of the later sections (charge FE-16, withdraw FE-13, retreat
FE-14, set spear FE-19); what a unit declared is what it may do in the phases (FE-09).
"""

import pytest

from rules.commands import Attack, Declare, EndPhase
from rules.engine import IllegalCommand, decider, legal_commands, start
from rules.events import AttackRolled
from rules.state import state_hash
from rules.systems.fallen_empire.frames import ActionDeclared, DeclarationsOpened
from tests.fallen_empire.helpers import act_exact, declare, fe, of_type, only, to_phase


def skirmish():
    # The orcs are listed first, yet the men (player characters) must declare first.
    sc = (fe().side("orcs").side("men", True)
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("archer", "bandit_archer", "men", (0, 3), facing=0)
          .unit("mu", "magic_user", "men", (-3, 3), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3)
          .unit("wolf", "wolf", "orcs", (5, 0), facing=3))
    st, ev = start(sc.build())
    return st, ev


def men_declare(st):
    for unit, action in (("fighter", "melee"), ("archer", "missile"), ("mu", "spell")):
        st, _ = act_exact(st, Declare(unit=unit, action=action))
    return st


def offered(st, unit: str) -> set[str]:
    return {c.action for c in legal_commands(st) if c.unit == unit}


def test_persons_declare_first_then_the_monsters():
    """FE-06 "each person and then the monsters declare": the men's side is asked first
    (though listed second), and the orcs only once every man has declared."""
    st, ev = skirmish()
    assert only(ev, DeclarationsOpened).side == "men" and decider(st) == "men"
    with pytest.raises(IllegalCommand, match="orc is not men's to command now"):
        act_exact(st, Declare(unit="orc", action="melee"))
    st, ev = act_exact(st, Declare(unit="fighter", action="melee"))
    st, ev = act_exact(st, Declare(unit="archer", action="missile"))
    assert decider(st) == "men"  # the magic-user has not declared yet
    st, ev = act_exact(st, Declare(unit="mu", action="spell"))
    assert only(ev, DeclarationsOpened).side == "orcs" and decider(st) == "orcs"
    st, ev = act_exact(st, Declare(unit="orc", action="melee"))
    st, ev = act_exact(st, Declare(unit="wolf", action="move"), 3, 4)  # initiative follows
    assert [e.unit for e in of_type(ev, ActionDeclared)] == ["wolf"]
    assert {u.id: u.declared for u in st.units} == {
        "fighter": "melee", "archer": "missile", "mu": "spell", "orc": "melee", "wolf": "move"}


def test_the_five_kinds_of_action_are_offered_where_they_can_be_done():
    """FE-06 "full movement, make a missile attack, cast a magic spell, make a melee attack,
    and "other"": a bow gives "missile", spells give "spell", something to use (bandages, a
    potion) gives "other"; melee and full movement are open to all.  The fighting-man, in
    contact with the orc, may also withdraw or retreat (FE-13, FE-14)."""
    st, _ = skirmish()
    assert offered(st, "archer") == {"move", "missile", "melee", "charge"}
    assert offered(st, "mu") == {"move", "spell", "melee", "other", "charge"}
    assert offered(st, "fighter") == {"move", "melee", "other", "charge", "withdraw",
                                      "retreat"}
    st = men_declare(st)
    # Monsters: the wolf's bite is no charging weapon (FE-16) and it is in contact with nobody.
    assert offered(st, "wolf") == {"move", "melee"}
    assert offered(st, "orc") == {"move", "melee", "charge", "withdraw", "retreat"}


def test_an_action_the_unit_cannot_take_is_refused():
    """FE-06: a figure declares one of the kinds it can carry out: the orc has no bow and no
    spells.  Refused commands leave the state as it was."""
    st, _ = skirmish()
    st = men_declare(st)
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="orc cannot declare 'missile' now; it may "
                                             "declare melee, move, charge, withdraw, retreat"):
        act_exact(st, Declare(unit="orc", action="missile"))
    with pytest.raises(IllegalCommand, match="wolf cannot declare 'spell'"):
        act_exact(st, Declare(unit="wolf", action="spell"))
    with pytest.raises(IllegalCommand, match=r"orcs must declare its units' actions first "
                                             r"\(FE-06\)"):
        act_exact(st, Attack(unit="orc", target="fighter"))
    assert state_hash(st) == h
    st, _ = act_exact(st, Declare(unit="orc", action="melee"))
    with pytest.raises(IllegalCommand, match="orc has already declared"):
        act_exact(st, Declare(unit="orc", action="move"))


def test_what_was_declared_is_what_may_be_done():
    """FE-06/FE-08: "full movement" precludes any other action: the fighting-man who declared
    it may not strike the orc in the melee phase, while the veteran who declared a melee
    attack may."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("vet", "veteran", "men", (0, 1), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "move", "vet": "melee", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "melee", "men")
    assert {c.unit for c in legal_commands(st) if isinstance(c, Attack)} == {"vet"}
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="fighter has nothing left to do in the melee "
                                             "phase"):
        act_exact(st, Attack(unit="fighter", target="orc"), 15, 3)
    assert state_hash(st) == h
    st, ev = act_exact(st, Attack(unit="vet", target="orc"), 2)
    assert only(ev, AttackRolled).attacker == "vet"
    assert not only(ev, AttackRolled).hit
    # The orcs' turn follows; nothing of the men's is left.
    assert EndPhase(side="orcs") in legal_commands(st)
