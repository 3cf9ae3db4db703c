"""FE-34 / FE-35 Subdual Damage: "Attacks made with the "flat of the blade" for non-lethal damage
suffer a -2 attack penalty.  Many weapons can be used this way.  If a character or monster
reduced to zero Hit Points has taken at least some subdual damage, the he becomes
unconscious rather than dead."

A Fighting-Man (level 1, sword) at (0,0) facing an orc without a shield at (1,0) (leather,
AC 7: he needs 12); a second orc stands far off so the battle goes on.
"""

from fractions import Fraction

import pytest

from rules.commands import Attack
from rules.engine import IllegalCommand, legal_commands, ruleset_of
from rules.events import AttackRolled, UnitDamaged, UnitStatusChanged
from rules.state import DOWN, state_hash
from rules.systems.fallen_empire.events import SaveOrDie
from rules.systems.fallen_empire.frames import DeclareFrame
from tests.fallen_empire.helpers import (
    act,
    begin,
    declare,
    end_phase,
    fe,
    mods,
    of_type,
    only,
    to_phase,
)

FLAT = ("subdual",)


def duel(second_man=False, knight=False):
    sc = fe().side("men", True).side("orcs")
    if knight:
        sc = sc.unit("fighter", "knight", "men", (0, 0), facing=0)
    else:
        sc = sc.unit("fighter", "fighting_man", "men", (0, 0), facing=0)
    if second_man:
        sc = sc.unit("f2", "fighting_man", "men", (1, -1), facing=5)
    st = begin(sc.unit("orc", "orc", "orcs", (1, 0), facing=3, shield="")
               .unit("far", "orc", "orcs", (9, 0), facing=3, shield=""))
    st, _ = declare(st, {u.id: "melee" for u in st.units}, initiative=(6, 1))
    return to_phase(st, "melee", "men")


def finish_round(st, *dice):
    """End every remaining phase; `dice` are for the end of the round (Save or Die)."""
    events = []
    while not isinstance(st.top, DeclareFrame) and st.outcome is None:
        st, ev = end_phase(st, *dice)
        events += ev
    return st, events


def test_flat_of_the_blade_is_minus_two():
    """FE-34: "suffer a -2 attack penalty": d20 13 − 2 = 11 misses the 12 needed."""
    st = duel()
    assert Attack(unit="fighter", target="orc", options=FLAT) in legal_commands(st)
    _, ev = act(st, Attack(unit="fighter", target="orc", options=FLAT), 13)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-34": -2} and attack.needed == 12 and not attack.hit


def test_subdual_odds():
    """FE-34 in the odds: needs a natural 14: 7/20 (against 9/20 striking to kill)."""
    st = duel()
    rs = ruleset_of(st)
    assert rs.odds(st, "fighter", "orc", subdual=True).hit == Fraction(7, 20)
    assert rs.odds(st, "fighter", "orc").hit == Fraction(9, 20)


def test_subdued_to_below_zero_is_unconscious_not_dying():
    """FE-35: "reduced to zero Hit Points ... becomes unconscious rather than dead": the flat
    hits (14 − 2 = 12) for 7: the orc is at −2, unconscious, and makes no Save or Die at the
    end of the round."""
    st, ev = act(duel(), Attack(unit="fighter", target="orc", options=FLAT), 14, 7)
    dmg = only(ev, UnitDamaged)
    assert (dmg.amount, dmg.hp_after, dmg.subdual) == (7, -2, True)
    change = only(ev, UnitStatusChanged)
    assert (change.unit, change.status, change.condition, change.rule) == (
        "orc", DOWN, "unconscious", "FE-35")
    st, ev = finish_round(st)
    assert of_type(ev, SaveOrDie) == []
    assert (st.unit("orc").status, st.unit("orc").condition) == (DOWN, "unconscious")


def test_subdued_to_exactly_zero_is_unconscious():
    """FE-35: at exactly 0 HP from the flat (5 damage on 5 HP) he is unconscious, not "on the
    brink" (FE-39)."""
    st, ev = act(duel(), Attack(unit="fighter", target="orc", options=FLAT), 14, 5)
    change = only(ev, UnitStatusChanged)
    assert (change.condition, change.rule) == ("unconscious", "FE-35")
    assert st.unit("orc").hp == 0


def test_the_same_blow_struck_to_kill_leaves_him_dying():
    """Contrast for FE-35: the edge (d20 12, damage 7 → −2) leaves the orc dying (FE-40), and
    he must Save or Die at the end of the round (1-HD monster saves as a level-1 Fighting-Man:
    12; a 12 saves)."""
    st, ev = act(duel(), Attack(unit="fighter", target="orc"), 12, 7)
    assert not only(ev, UnitDamaged).subdual
    assert only(ev, UnitStatusChanged).condition == "dying"
    st, ev = finish_round(st, 12)
    save = only(ev, SaveOrDie)
    assert (save.unit, save.roll, save.needed, save.survived) == ("orc", 12, 12, True)


def test_some_subdual_damage_is_enough():
    """FE-35: "has taken at least some subdual damage": the flat first (2, orc at 3), then an
    edge for 6 (to −3): still unconscious, not dying."""
    st = duel(second_man=True)
    st, _ = act(st, Attack(unit="fighter", target="orc", options=FLAT), 15, 2)
    assert st.unit("orc").subdual_taken == 2 and st.unit("orc").hp == 3
    st, ev = act(st, Attack(unit="f2", target="orc"), 15, 6)
    dmg = only(ev, UnitDamaged)
    assert (dmg.hp_after, dmg.subdual) == (-3, False)
    assert only(ev, UnitStatusChanged).condition == "unconscious"


def test_a_lance_has_no_flat():
    """FE-34: "Many weapons can be used this way" — not all: a couched lance
    (can_subdue = false) is refused the subdual option, with the reason."""
    st = duel(knight=True)
    assert Attack(unit="fighter", target="orc", options=FLAT) not in legal_commands(st)
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, Attack(unit="fighter", target="orc", options=FLAT), 20, 8)
    assert "flat of the blade" in err.value.reason and "FE-34" in err.value.reason
    assert state_hash(st) == snapshot


def test_a_subdual_knock_out_past_minus_ten_is_still_not_death():
    """FE-35 "unconscious rather than dead": a flat-of-the-blade blow that takes a 3-HP orc to
    −13 (past the −10 floor of FE-40) knocks him out; it does not kill him.  (The fighter is
    given +8 damage, as a GM would edit him, so one blow can do 16.)"""
    st = duel()
    st = st.update_unit("orc", hp=3).update_unit("fighter", str_dmg=8)
    st, _ev = act(st, Attack(unit="fighter", target="orc", options=FLAT), 20, 8)
    assert st.unit("orc").hp < -10
    assert st.unit("orc").condition == "unconscious"
    assert st.unit("orc").status == DOWN


def test_waking_up_after_a_knock_out():
    """FE-35: "wake up with 1-3 hit points in 1-3 Turns" (campaign scale)."""
    from rules.dice import ScriptedDice
    from rules.systems.fallen_empire.campaign import subdual_wake

    assert subdual_wake(ScriptedDice([2, 3])) == (2, 3)
