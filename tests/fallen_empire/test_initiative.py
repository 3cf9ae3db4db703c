"""FE-07 Side initiative and FE-09 Phase order.

"3. Each side rolls 1d6 for Initiative. The side that rolls higher gets to make their actions
first. In the case of a tie, everybody does everything simultaneously."  Steps 4-8: movement,
ranged attacks, melee attacks, magic spells, miscellaneous actions ("These actions happen
last"); "9. Repeat for the side that lost Initiative."
"""

import pytest

from rules.commands import Attack, Cast, EndPhase, Move, UseItem
from rules.engine import IllegalCommand, decider, legal_commands, start
from rules.events import AttackRolled, BattleEnded, UnitDamaged
from rules.state import state_hash
from rules.systems.fallen_empire.events import InitiativeRolled, ItemUsed, SpellCast
from rules.systems.fallen_empire.frames import PhaseBegan
from tests.fallen_empire.helpers import (
    act_exact,
    declare,
    fe,
    of_type,
    only,
    phase,
    to_phase,
)


def company():
    """Every kind of action on the men's side; two orcs (one in contact with the fighter)."""
    sc = (fe().side("men", True).side("orcs")
          .unit("runner", "fighting_man", "men", (-4, 4), facing=0)
          .unit("archer", "bandit_archer", "men", (-3, 0), facing=0)
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("mu", "magic_user", "men", (-2, -2), facing=0)
          .unit("cleric", "cleric", "men", (-5, 2), facing=0, hp=2)
          .unit("orc", "orc", "orcs", (1, 0), facing=3, shield="", hp=20)
          .unit("orc2", "orc", "orcs", (6, -3), facing=3))
    st = start(sc.build())[0]
    return declare(st, {"runner": "move", "archer": "missile", "fighter": "melee",
                        "mu": "spell", "cleric": "other", "orc": "melee", "orc2": "move"},
                   initiative=(2, 5))


def play_round(st):
    """The men shoot, strike, cast and bandage in their phases; the orcs do nothing."""
    events = []
    while st.round == 1:
        p = phase(st)
        if p == ("missile", "men"):
            st, ev = act_exact(st, Attack(unit="archer", target="orc"), 2)
        elif p == ("melee", "men"):
            st, ev = act_exact(st, Attack(unit="fighter", target="orc"), 3)
        elif p == ("spell", "men"):
            st, ev = act_exact(st, Cast(unit="mu", spell="magic_missile", target="orc"), 3)
        elif p == ("other", "men"):
            st, ev = act_exact(st, UseItem(unit="cleric", item="bandages", target="cleric"), 4)
        else:
            assert p is not None
            st, ev = act_exact(st, EndPhase(side=p[1]))
        events += ev
    return st, events


def test_the_higher_roll_acts_first_then_the_loser_repeats_the_steps():
    """FE-07: men 2, orcs 5: "The side that rolls higher gets to make their actions first";
    then "Repeat for the side that lost Initiative"."""
    st, ev = company()
    init = only(ev, InitiativeRolled)
    assert init.results == (("men", 2), ("orcs", 5))
    assert init.order == (("orcs",), ("men",))
    st, rest = play_round(st)
    ev += rest
    began = [(p.phase, p.sides) for p in of_type(ev, PhaseBegan)]
    # The orcs' whole turn (movement, melee: they have nothing else) before any of the men's.
    assert [s for _, s in began] == [("orcs",)] * 2 + [("men",)] * 5
    assert st.round == 2


def test_phases_run_movement_missiles_melee_spells_other():
    """FE-09: in each side's turn "Movement happens", then "Ranged Attacks", then "Melee
    Attacks", then "Magic Spells are cast", then "Miscellaneous Actions ... happen last"."""
    st, ev = company()
    st, rest = play_round(st)
    ev += rest
    began = [(p.phase, p.sides[0]) for p in of_type(ev, PhaseBegan)]
    assert began == [("movement", "orcs"), ("melee", "orcs"), ("movement", "men"),
                     ("missile", "men"), ("melee", "men"), ("spell", "men"), ("other", "men")]
    done = [(type(e).__name__, getattr(e, "kind", getattr(e, "item", "")))
            for e in ev if isinstance(e, AttackRolled | SpellCast | ItemUsed)]
    assert done == [("AttackRolled", "missile"), ("AttackRolled", "melee"), ("SpellCast", ""),
                    ("AttackRolled", "spell"), ("ItemUsed", "bandages")]


def test_out_of_phase_commands_are_refused():
    """FE-09: nobody moves in the missile phase, nobody shoots in the movement phase, a spell
    waits for the spell phase, and the side that is not acting gives no orders."""
    st, _ = company()
    st = to_phase(st, "movement", "men")
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="archer declared missile, not an attack in the "
                                             "movement phase"):
        act_exact(st, Attack(unit="archer", target="orc"), 15, 3)
    with pytest.raises(IllegalCommand, match="orc is not men's to command now"):
        act_exact(st, Attack(unit="orc", target="fighter"), 15, 3)
    assert state_hash(st) == h
    st = to_phase(st, "missile", "men")
    with pytest.raises(IllegalCommand, match=r"units do not move in the missile phase "
                                             r"\(FE-09\)"):
        act_exact(st, Move(unit="archer", path=((-3, 0), (-4, 0))))
    with pytest.raises(IllegalCommand, match="mu has nothing left to do in the missile phase"):
        act_exact(st, Cast(unit="mu", spell="magic_missile", target="orc"), 3)


def duel(orc_hp: int = 5, second_orc: bool = True):
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3, shield="", hp=orc_hp))
    if second_orc:
        sc = sc.unit("orc2", "orc", "orcs", (6, -3), facing=3)
    return start(sc.build())[0]


def test_a_tie_runs_both_sides_together():
    """FE-07 "In the case of a tie, everybody does everything simultaneously": 3 and 3 → one
    initiative group, and every phase is both sides' at once."""
    st = duel()
    st, ev = declare(st, {"fighter": "melee", "orc": "melee", "orc2": "move"},
                     initiative=(3, 3))
    assert only(ev, InitiativeRolled).order == (("men", "orcs"),)
    assert only(ev, PhaseBegan).sides == ("men", "orcs")
    st = to_phase(st, "melee", "men")
    assert phase(st) == ("melee", "men")


def test_a_tied_phase_does_not_end_the_battle_before_the_felled_orc_strikes():
    """FE-07 (simultaneous): the fighting-man fells the last orc in a tied melee phase; the
    battle is not over yet, because the orc's own blow is being struck at the same time."""
    st = duel(second_orc=False)
    st, _ = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(3, 3))
    st = to_phase(st, "melee", "men")
    st, ev = act_exact(st, Attack(unit="fighter", target="orc"), 15, 8)
    assert only(ev, UnitDamaged).hp_after == -3 and not st.unit("orc").fighting
    assert of_type(ev, BattleEnded) == []
    assert decider(st) == "orcs"


def test_a_unit_felled_in_a_tied_melee_phase_still_strikes():
    """FE-07 "everybody does everything simultaneously" (R-FE-SIMULTANEOUS): the fighting-man
    hits first in the tied melee phase and drops the orc to -3, but the orc's blow lands all
    the same: 15 vs 14 (orc vs chain) −1 shield = 14, hit for 5."""
    st = duel()
    st, _ = declare(st, {"fighter": "melee", "orc": "melee", "orc2": "move"},
                    initiative=(3, 3))
    st = to_phase(st, "melee", "men")
    st, _ = act_exact(st, Attack(unit="fighter", target="orc"), 15, 8)
    assert decider(st) == "orcs"
    assert Attack(unit="orc", target="fighter") in legal_commands(st)
    st, ev = act_exact(st, Attack(unit="orc", target="fighter"), 15, 5)
    attack = only(ev, AttackRolled)
    assert (attack.attacker, attack.needed, attack.hit, attack.damage) == ("orc", 14, True, 5)


def test_a_felled_unit_does_not_strike_when_its_side_goes_second():
    """FE-07: without a tie the orcs act after the men; an orc felled in the men's melee phase
    has no melee phase of its own (the orcs' turn is movement only), and Save or Die follows at
    the end of the round (d20 15 vs 12)."""
    st = duel()
    st, _ = declare(st, {"fighter": "melee", "orc": "melee", "orc2": "move"},
                    initiative=(4, 3))
    st = to_phase(st, "melee", "men")
    st, _ = act_exact(st, Attack(unit="fighter", target="orc"), 15, 8)
    assert phase(st) == ("movement", "orcs")
    assert {c.unit for c in legal_commands(st) if hasattr(c, "unit")} == {"orc2"}
    with pytest.raises(IllegalCommand, match="orc has nothing left to do in the movement"):
        act_exact(st, Attack(unit="orc", target="fighter"), 15, 5)
    st, ev = act_exact(st, EndPhase(side="orcs"), 15)
    assert [p.phase for p in of_type(ev, PhaseBegan)] == []
    assert of_type(ev, AttackRolled) == []
    assert st.round == 2 and st.unit("fighter").hp == 6
