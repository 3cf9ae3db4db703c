"""FE-38 Bandages: "Applying Bandages takes one Round (1 Minute) and heals 1 hit point.  For
characters under 0 hit points, Bandages will stabilize their condition.  After you use one
supply of Bandages, roll 1d6.  On a 1, that Bandages is expended."

The engine takes reading (a): below 0 HP Bandages only stabilise (no hit point).  A Cleric
(3 supplies of Bandages) at (0,0) tends a Fighting-Man beside him at (1,0); an orc waits far
off so the battle goes on.
"""

import pytest

from rules.commands import UseItem
from rules.engine import IllegalCommand, legal_commands
from rules.events import UnitHealed, UnitStatusChanged
from rules.state import ACTIVE, DOWN, state_hash
from rules.systems.fallen_empire.events import ItemUsed, SaveOrDie
from rules.systems.fallen_empire.frames import DeclareFrame
from tests.fallen_empire.helpers import act, begin, declare, end_phase, fe, of_type, only, to_phase

BANDAGE = UseItem(unit="cleric", item="bandages", target="fighter")
HURT = {"hp": 2, "max_hp": 4}


def tend(at=(1, 0), cleric=None, **fighter):
    """The cleric declares "other" (FE-06) and it is his side's miscellaneous phase.  (A
    side's phase opens only if someone has something to do in it: `cleric=HURT` gives him a
    wound of his own to bandage, for the tests where the fighter may not be tended.)"""
    st = begin(fe().side("men", True).side("orcs")
               .unit("cleric", "cleric", "men", (0, 0), facing=0, **(cleric or {}))
               .unit("fighter", "fighting_man", "men", at, facing=0, **fighter)
               .unit("orc", "orc", "orcs", (9, 0), facing=3))
    fighter_acts = "rest" if st.unit("fighter").status == DOWN else "melee"
    st, _ = declare(st, {"cleric": "other", "fighter": fighter_acts, "orc": "melee"},
                    initiative=(6, 1))
    return to_phase(st, "other", "men")


def dying(**more):
    return {"hp": -3, "max_hp": 6, "status": DOWN, "condition": "dying", "bandages": 0,
            "potions": 0, **more}


def finish_round(st, *dice):
    events = []
    while not isinstance(st.top, DeclareFrame) and st.outcome is None:
        st, ev = end_phase(st, *dice)
        events += ev
    return st, events


def test_bandages_heal_one_hit_point():
    """FE-38: "heals 1 hit point": the fighter at 3 of 6 goes to 4; the d6 is 4, so the
    supply is not used up (the cleric still has 3)."""
    st, ev = act(tend(hp=3, max_hp=6), BANDAGE, 4)
    used = only(ev, ItemUsed)
    assert (used.unit, used.item, used.target, used.expended) == (
        "cleric", "bandages", "fighter", False)
    assert used.rolls == (4,)
    healed = only(ev, UnitHealed)
    assert (healed.unit, healed.amount, healed.hp_after, healed.rule) == ("fighter", 1, 4, "FE-38")
    assert st.unit("fighter").hp == 4 and st.unit("cleric").bandages == 3


def test_on_a_one_that_supply_is_expended():
    """FE-38: "roll 1d6.  On a 1, that Bandages is expended": 3 supplies → 2."""
    st, ev = act(tend(hp=3, max_hp=6), BANDAGE, 1)
    assert only(ev, ItemUsed).expended
    assert any("d6 1: used up" in n and "FE-38" in n for n in only(ev, ItemUsed).notes)
    assert st.unit("cleric").bandages == 2 and st.unit("fighter").hp == 4


def test_bandages_on_a_man_at_zero_bring_him_back_to_one():
    """FE-38 heals 1 HP; FE-39 is exactly 0 HP, not below: bandaged, he is at 1 HP and on his
    feet again."""
    st, ev = act(tend(hp=0, max_hp=6, status=DOWN, condition="at 0 HP, on the brink"),
                 BANDAGE, 5)
    assert only(ev, UnitHealed).hp_after == 1
    change = only(ev, UnitStatusChanged)
    assert (change.unit, change.status) == ("fighter", ACTIVE)
    assert st.unit("fighter").fighting


def test_below_zero_bandages_only_stabilise():
    """FE-38 reading (a) / FE-42: "For characters under 0 hit points, Bandages will stabilize
    their condition": the dying fighter at −3 is stable and still at −3 (no hit point)."""
    st, ev = act(tend(**dying()), BANDAGE, 2)
    used = only(ev, ItemUsed)
    assert not used.expended
    assert any("Stabilised" in n and "FE-42" in n for n in used.notes)
    assert of_type(ev, UnitHealed) == []
    change = only(ev, UnitStatusChanged)
    assert (change.unit, change.status, change.condition, change.rule) == (
        "fighter", DOWN, "stable", "FE-42")
    assert st.unit("fighter").hp == -3


def test_stabilised_he_makes_no_save_or_die():
    """FE-42: once stable "you don't need to make any more checks": the round ends with no
    Save or Die (and no die thrown for it)."""
    st, _ = act(tend(**dying()), BANDAGE, 2)
    st, ev = finish_round(st)
    assert of_type(ev, SaveOrDie) == []
    assert st.unit("fighter").condition == "stable"


def test_unbandaged_he_must_save():
    """Contrast: left dying he Saves or Dies at the end of the round (level-1 Fighting-Man:
    12; the 12 saves)."""
    st = tend(**dying())
    st, ev = finish_round(st, 12)
    save = only(ev, SaveOrDie)
    assert (save.unit, save.roll, save.needed, save.survived) == ("fighter", 12, 12, True)


def test_a_stable_man_below_zero_is_not_bandaged_again():
    """FE-38 (a): below 0 HP Bandages do nothing but stabilise, so a man already stable is
    not offered them (it would only risk the supply)."""
    st = tend(cleric=HURT, **dying(condition="stable"))
    offered = legal_commands(st)
    assert UseItem(unit="cleric", item="bandages", target="cleric") in offered
    assert BANDAGE not in offered


def test_bandages_need_the_patient_beside_him():
    """FE-38 on the grid: the cleric bandages a friend next to him, not one 3 hexes away;
    the refusal says why and nothing changes."""
    st = tend(at=(3, 0), cleric=HURT, hp=3, max_hp=6)
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, BANDAGE, 4)
    assert "cannot use bandages on fighter" in err.value.reason
    assert state_hash(st) == snapshot


def test_no_bandages_for_a_man_who_is_not_hurt():
    """FE-38 heals lost hit points: a fighter at full HP is not offered bandages."""
    st = tend(cleric=HURT)
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand):
        act(st, BANDAGE, 4)
    assert state_hash(st) == snapshot
