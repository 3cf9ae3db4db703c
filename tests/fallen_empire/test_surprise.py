"""FE-02 The Surprise Round and FE-03 the surprise bonus.

"For the first Round of combat only, each side must check to see if it has surprised the other.
Have each side throw 1d6. On a result of 5 or 6, they have achieved surprise. In this case, the
other side may not act in the first Round of melee. It is possible for both sides to be Surprised
at once!"  "During the Surprise Round, the side which has surprised the other gains a +1 To-Hit.
This bonus does "stack" with other To-Hit bonuses."

Surprise is switched back on here (`fe()` turns it off for the other tests); the d6 per side is
thrown when the battle begins, in side order (men, then orcs).
"""

import pytest

from rules.commands import Attack, Declare, Move
from rules.engine import IllegalCommand, decider, legal_commands, scripted, start
from rules.events import AttackRolled
from rules.state import state_hash
from rules.systems.fallen_empire.events import InitiativeRolled, SurpriseRolled, system
from rules.systems.fallen_empire.frames import (
    DeclarationsOpened,
    MoveEnded,
    PhaseBegan,
    ReactionOffered,
    RoundBegan,
)
from tests.fallen_empire.helpers import (
    act_exact,
    declare,
    fe,
    mods,
    of_type,
    only,
    to_phase,
)


def ambush(*surprise_dice: int, orc_facing: int = 3):
    """A fighting-man stands beside an orc (west of it); both sides roll for surprise."""
    sc = (fe(surprise_enabled=True).side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=orc_facing, shield="", hp=20))
    return start(sc.build(), scripted(*surprise_dice))


def test_a_six_surprises_the_orcs_who_may_not_act_in_round_one():
    """FE-02: men throw 6 ("a result of 5 or 6"), orcs 2: the orcs are surprised and "may not
    act in the first Round": they declare nothing and roll no initiative."""
    st, ev = ambush(6, 2)
    roll = only(ev, SurpriseRolled)
    assert roll.results == (("men", 6), ("orcs", 2))
    assert roll.surprisers == ("men",) and roll.surprised == ("orcs",)
    assert [e.side for e in of_type(ev, DeclarationsOpened)] == ["men"]
    # Only the men are asked; the orc is not offered any declaration at all.
    assert {c.unit for c in legal_commands(st)} == {"fighter"}
    with pytest.raises(IllegalCommand, match="orc is not men's to command now"):
        act_exact(st, Declare(unit="orc", action="melee"))
    st, ev = act_exact(st, Declare(unit="fighter", action="move"), 3)
    # Only the men throw for initiative (the orcs do not act at all).
    assert only(ev, InitiativeRolled).results == (("men", 3),)
    assert [p.sides for p in of_type(ev, PhaseBegan)] == [("men",)]


def test_a_surprised_orc_gets_no_free_attack_in_round_one():
    """FE-02 "may not act in the first Round": not even an opportunity attack (FE-11,
    R-FE-LEAVE) when the fighting-man walks away from beside it."""
    st, _ = ambush(5, 4)  # 5 achieves surprise, 4 does not
    assert system(st).surprised == ("orcs",)
    st, _ = act_exact(st, Declare(unit="fighter", action="move"), 4)
    st = to_phase(st, "movement", "men")
    st, ev = act_exact(st, Move(unit="fighter", path=((0, 0), (-1, 0), (-2, 0))))
    assert of_type(ev, ReactionOffered) == []
    assert only(ev, MoveEnded).halted is False
    assert st.unit("fighter").pos == (-2, 0)


def test_nobody_surprised_on_four_or_less():
    """FE-02: 4 and 1 are no surprise: both sides declare and act in round 1."""
    st, ev = ambush(4, 1)
    roll = only(ev, SurpriseRolled)
    assert roll.surprisers == () and roll.surprised == ()
    st, ev = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(2, 2))
    assert [e.side for e in of_type(ev, DeclarationsOpened)] == ["orcs"]  # men were first
    assert only(ev, InitiativeRolled).results == (("men", 2), ("orcs", 2))


def test_both_sides_surprised_nobody_acts_in_round_one():
    """FE-02 "It is possible for both sides to be Surprised at once!": 6 and 5 → both are
    surprised, round 1 passes with no declaration and no initiative, and round 2 begins
    (without a new surprise roll: "for the first Round of combat only")."""
    st, ev = ambush(6, 5)
    roll = only(ev, SurpriseRolled)
    assert roll.surprisers == ("men", "orcs") and roll.surprised == ("men", "orcs")
    assert only(ev, InitiativeRolled).results == ()
    assert of_type(ev, PhaseBegan) == []
    assert [e.round for e in of_type(ev, RoundBegan)] == [1, 2]
    assert st.round == 2 and decider(st) == "men"
    # Round 2: everybody declares as usual, and nobody rolls for surprise again.
    st, ev = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(4, 3))
    assert of_type(ev, SurpriseRolled) == []
    assert only(ev, InitiativeRolled).order == (("men",), ("orcs",))


def strike_in_round_one(d20: int, orc_facing: int = 3):
    st, _ = ambush(6, 3, orc_facing=orc_facing)
    st, _ = act_exact(st, Declare(unit="fighter", action="melee"), 5)
    st = to_phase(st, "melee", "men")
    return act_exact(st, Attack(unit="fighter", target="orc"), d20,
                     *((4,) if d20 else ()))


def test_surprisers_are_plus_one_to_hit_in_the_surprise_round():
    """FE-03: "the side which has surprised the other gains a +1 To-Hit".  Level-1 fighting-man
    vs the orc's leather (AC 7) needs 12 (R-FE-MATRIX): an 11 hits only thanks to the +1."""
    st, ev = strike_in_round_one(11)
    attack = only(ev, AttackRolled)
    assert attack.needed == 12
    assert mods(attack) == {"FE-03": 1}
    assert attack.hit and attack.damage == 4
    assert st.unit("orc").hp == 16


def test_surprise_bonus_stacks_with_the_rear_attack_bonus():
    """FE-03 "This bonus does "stack" with other To-Hit bonuses": from the orc's rear (FE-20,
    +2) the surprise +1 is added on top: 9 + 2 + 1 = 12 hits AC 7."""
    _, ev = strike_in_round_one(9, orc_facing=0)  # the orc has its back to him
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-03": 1, "FE-20": 2}
    assert attack.roll + sum(mods(attack).values()) == 12 == attack.needed
    assert attack.hit


def test_no_surprise_bonus_after_the_first_round():
    """FE-03: the +1 lasts "During the Surprise Round" only: in round 2 an 11 misses again."""
    st, _ = strike_in_round_one(11)
    assert st.round == 2  # nothing else to do in round 1: round 2 has begun
    st, _ = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(5, 1))
    st = to_phase(st, "melee", "men")
    st, ev = act_exact(st, Attack(unit="fighter", target="orc"), 11)
    attack = only(ev, AttackRolled)
    assert "FE-03" not in mods(attack)
    assert not attack.hit


def test_the_surprised_side_gets_no_bonus():
    """FE-03 is for the side that surprised, not the surprised one: when the orcs surprise the
    men, the orc's blow carries +1; the men cannot strike back in round 1 at all."""
    st, _ = ambush(1, 6)
    assert system(st).surprisers == ("orcs",)
    st, _ = act_exact(st, Declare(unit="orc", action="melee"), 2)
    st = to_phase(st, "melee", "orcs")
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="fighter is not orcs's to command now"):
        act_exact(st, Attack(unit="fighter", target="orc"), 15)
    assert state_hash(st) == h
    st, ev = act_exact(st, Attack(unit="orc", target="fighter"), 13)
    attack = only(ev, AttackRolled)
    # Orc (1 HD) vs chain (AC 5): 14; the fighter's shield −1, surprise +1.
    assert attack.needed == 14
    assert mods(attack) == {"FE-03": 1, "FE-30": -1}
    assert not attack.hit
