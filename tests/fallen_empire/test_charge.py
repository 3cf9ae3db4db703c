"""FE-16 Charge eligibility, FE-17 Charge to-hit and AC, FE-18 Charge damage, and the
opportunity attack on a charge (FE-11 "including on a Charge").

"A PC or other character can "Charge" anywhere as long as he expends at least half his base
full move in the process, and only if he is holding and using a melee weapon.  A Charging
character is +2 to hit, but -2 Armor Classes. If your man's "Charge" hits, the damage inflicted
is double normal; throw twice the normal number of dice, and then apply bonuses (strength,
magic, etc.).  Charging creatures must have suitable weapons: a skirmish weapon or large horns
or tusks. A monster without such weaponry doesn't have the ability to charge."

FE-17 [AMBIG] reading (a), the engine's: the charger's AC is 2 worse (shown as +2 to hit him,
"charged: AC worse"), until the round ends.
"""

import pytest

from rules.commands import Attack, Choose, Declare, Move, React
from rules.engine import IllegalCommand, legal_commands, start
from rules.events import AttackRolled, UnitDamaged, UnitStepped
from rules.state import state_hash
from rules.systems.fallen_empire.frames import (
    ImpactBegan,
    MoveEnded,
    ReactionOffered,
)
from tests.fallen_empire.helpers import (
    act_exact,
    declare,
    fe,
    mods,
    of_type,
    only,
    phase,
    to_phase,
)

RUN = ((0, 0), (1, 0), (2, 0), (3, 0))  # three hexes: half the fighting-man's 6"


def fighter_charges(orc_stats: dict | None = None, **fighter_stats):
    """A fighting-man charges an orc four hexes east of him; the men win initiative."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0, **fighter_stats)
          .unit("orc", "orc", "orcs", (4, 0), facing=3,
                **({"shield": "", "hp": 20} if orc_stats is None else orc_stats)))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "charge", "orc": "melee"}, initiative=(6, 1))
    return to_phase(st, "movement", "men")


# --- FE-16 eligibility ----------------------------------------------------------------------


def test_a_wolf_has_no_weapon_to_charge_with():
    """FE-16 "A monster without such weaponry doesn't have the ability to charge": the wolf's
    bite is neither a skirmish weapon nor horns or tusks; the boar's tusks are."""
    sc = (fe().side("men", True).side("beasts")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("wolf", "wolf", "beasts", (8, 0), facing=3)
          .unit("boar", "boar", "beasts", (8, -4), facing=3))
    st = start(sc.build())[0]
    st, _ = act_exact(st, Declare(unit="fighter", action="melee"))
    assert "charge" not in {c.action for c in legal_commands(st) if c.unit == "wolf"}
    assert "charge" in {c.action for c in legal_commands(st) if c.unit == "boar"}
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="wolf cannot declare 'charge'"):
        act_exact(st, Declare(unit="wolf", action="charge"))
    assert state_hash(st) == h


def test_a_man_without_a_melee_weapon_cannot_charge():
    """FE-16 "only if he is holding and using a melee weapon"."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0, weapon="")
          .unit("orc", "orc", "orcs", (6, 0), facing=3))
    st = start(sc.build())[0]
    assert "charge" not in {c.action for c in legal_commands(st) if c.unit == "fighter"}


def test_a_charge_must_run_at_least_half_the_base_move():
    """FE-16 "as long as he expends at least half his base full move": the orc's 9" → at
    least 5 hexes (rounded up); four are refused, five are a charge."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (6, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "melee", "orc": "charge"}, initiative=(1, 6))
    st = to_phase(st, "movement", "orcs")
    h = state_hash(st)
    short = ((6, 0), (5, 0), (4, 0), (3, 0), (2, 0))
    with pytest.raises(IllegalCommand, match=r"a charge must run at least half the base move: "
                                             r"5 hexes, not 4 \(FE-16\)"):
        act_exact(st, Move(unit="orc", path=short, target="fighter"))
    with pytest.raises(IllegalCommand, match="the charge must end within reach of fighter"):
        act_exact(st, Move(unit="orc", path=((6, 0), (5, 0), (4, 0), (3, 0), (2, 0), (2, 1)),
                           target="fighter"))
    with pytest.raises(IllegalCommand, match="a charge must name the foe it charges"):
        act_exact(st, Move(unit="orc", path=(*short, (1, 0))))
    assert state_hash(st) == h
    assert legal_commands(st)[0] == Move(unit="orc", path=(*short, (1, 0)), target="fighter")


# --- FE-17 +2 to hit, AC 2 worse ------------------------------------------------------------


def test_the_charger_is_plus_two_to_hit():
    """FE-17 "A Charging character is +2 to hit": 10 + 2 = 12 hits the orc's AC 7 (needs 12)
    at the end of the charge."""
    st = fighter_charges()
    st, ev = act_exact(st, Move(unit="fighter", path=RUN, target="orc"), 10, 3, 4)
    assert [e.to_hex for e in of_type(ev, UnitStepped)] == [(1, 0), (2, 0), (3, 0)]
    assert only(ev, ImpactBegan).target == "orc"
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.needed) == ("charge", 12)
    assert mods(attack) == {"FE-17": 2}
    assert attack.hit


def test_the_charger_is_easier_to_hit_until_the_round_ends():
    """FE-17 (a) "-2 Armor Classes": after his charge the fighting-man's AC is 2 worse: the
    orc's 13 in its melee phase is 13 − 1 (shield) + 2 = 14, a hit against his chain (14).
    He himself has no second blow in the melee phase (the charge was his attack)."""
    st = fighter_charges()
    st, _ = act_exact(st, Move(unit="fighter", path=RUN, target="orc"), 2)  # misses
    assert phase(st) == ("movement", "orcs")  # the men have no melee phase left
    st = to_phase(st, "melee", "orcs")
    st, ev = act_exact(st, Attack(unit="orc", target="fighter"), 13, 1)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-30": -1, "FE-17": 2}
    assert attack.hit
    # Round 2: the penalty is gone.
    st, _ = act_exact(st, Choose(unit="fighter", option="take"))
    assert st.round == 2
    st, _ = declare(st, {"fighter": "melee", "orc": "melee"}, initiative=(1, 6))
    st = to_phase(st, "melee", "orcs")
    st, ev = act_exact(st, Attack(unit="orc", target="fighter"), 13)
    assert mods(only(ev, AttackRolled)) == {"FE-30": -1}


# --- FE-18 double dice, bonuses once --------------------------------------------------------


def test_a_charge_throws_twice_the_dice_then_adds_the_bonus_once():
    """FE-18 "throw twice the normal number of dice, and then apply bonuses": a sword's 1d8
    becomes 2d8 (3 + 5), and his strength +1 is added once: 9, not 2 × (4 + 1)."""
    st = fighter_charges(str_dmg=1)
    st, ev = act_exact(st, Move(unit="fighter", path=RUN, target="orc"), 13, 3, 5)
    attack = only(ev, AttackRolled)
    assert (attack.damage_dice, attack.damage_roll, attack.damage) == ("2d8", 8, 9)
    assert [(m.value, m.rule) for m in attack.damage_modifiers] == [(1, "R-FE-STRENGTH")]
    assert only(ev, UnitDamaged).hp_after == 11


def test_a_weapons_own_bonus_is_not_doubled_either():
    """FE-18 "(1d8+1 → 2d8+1)": a flail's 1d6+1 becomes 2d6+1 (4 + 2 + 1 = 7)."""
    st = fighter_charges(weapon="flail")
    st, ev = act_exact(st, Move(unit="fighter", path=RUN, target="orc"), 13, 4, 2)
    attack = only(ev, AttackRolled)
    assert (attack.damage_dice, attack.damage) == ("2d6+1", 7)


def test_a_boar_charges_with_its_tusks_for_four_dice():
    """FE-16/FE-18: the boar's tusks (2d4) charge for 4d4; its 15" needs an 8-hex run."""
    sc = (fe().side("men", True).side("beasts")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0, hp=20)
          .unit("boar", "boar", "beasts", (9, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "melee", "boar": "charge"}, initiative=(1, 6))
    st = to_phase(st, "movement", "beasts")
    run = tuple((q, 0) for q in range(9, 0, -1))  # 8 hexes, to (1, 0)
    st, ev = act_exact(st, Move(unit="boar", path=run, target="fighter"), 15, 1, 2, 3, 4)
    attack = only(ev, AttackRolled)
    # 3 HD vs chain (AC 5): 8 + 4 = 12; 15 − 1 (shield) + 2 (charging) = 16.
    assert (attack.needed, attack.hit, attack.damage_dice, attack.damage) == (12, True, "4d4",
                                                                              10)


# --- FE-11 "including on a Charge" ----------------------------------------------------------


def charge_past_the_veteran():
    """An orc charges the fighting-man down a lane that runs right past a veteran."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("vet", "veteran", "men", (3, -1), facing=5)
          .unit("orc", "orc", "orcs", (6, 0), facing=3, shield=""))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "melee", "vet": "melee", "orc": "charge"},
                    initiative=(1, 6))
    st = to_phase(st, "movement", "orcs")
    lane = ((6, 0), (5, 0), (4, 0), (3, 0), (2, 0), (1, 0))
    st, ev = act_exact(st, Move(unit="orc", path=lane, target="fighter"))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.mover, offer.trigger) == ("vet", "orc", "pass")
    assert st.unit("orc").pos == (3, 0)
    return st


def test_a_charger_moving_right_past_gets_a_free_attack_and_is_stopped():
    """FE-11 "if a character moves right past you (including on a Charge)" and FE-12: the
    veteran's free attack wounds the orc (3): it stops short, and its charge never lands."""
    st = charge_past_the_veteran()
    st, ev = act_exact(st, React(unit="vet", accept=True), 12, 3)
    assert only(ev, AttackRolled).kind == "opportunity"
    assert only(ev, MoveEnded).halted
    assert of_type(ev, ImpactBegan) == []
    assert st.unit("orc").pos == (3, 0) and st.unit("fighter").hp == 6


def test_a_missed_free_attack_lets_the_charge_strike_home():
    """FE-12: the veteran misses; the orc runs on and its charge strikes the fighting-man."""
    st = charge_past_the_veteran()
    st, ev = act_exact(st, React(unit="vet", accept=True), 4, 15, 2, 2)
    free, charge = of_type(ev, AttackRolled)
    assert (free.kind, free.hit) == ("opportunity", False)
    # Orc vs chain: 14; 15 − 1 (shield) + 2 (charging) hits, 2d8 = 2 + 2.
    assert (charge.kind, charge.hit, charge.damage_dice, charge.damage) == ("charge", True,
                                                                            "2d8", 4)
    assert st.unit("orc").pos == (1, 0)
