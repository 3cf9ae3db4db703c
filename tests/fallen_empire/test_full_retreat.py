"""FE-14 Full retreat and FE-15 Covered retreat.

"Any melee combatant may attempt a Full Retreat. He moves away from melee at full speed
(usually 12" or less). His opponent(s) get a free attack out of turn against him and the
character does not receive the benefit of his Shield or DEX bonus to AC. If any attack deals
damage to him, the Retreat is negated and the retreater is stuck in combat for another Round!
The exception to this free-attack rule is if an ally moves into melee with the same
opponent(s) to cover the retreat."  (The Opportunity Attack: "Should a combatant currently
engaged in melee attempt a Full Retreat ... you get to have one "free" attack out of turn.")

FE-15 [AMBIG] reading (a), the engine's: each opponent the covering ally moved into melee with
loses its free attack (one covering ally does not cancel them all).

The position: a fighting-man (shield, and DEX −1 to AC given him here) at (0, 0), in contact
with two orcs, A east of him at (1, 0) and B north-east at (1, −1).  He runs west; the men win
initiative (6 v 1).
"""

import pytest

from rules.commands import Attack, Choose, Move, React
from rules.engine import IllegalCommand, decider, start
from rules.events import AttackRolled, UnitDamaged, UnitStepped
from rules.state import state_hash
from rules.systems.fallen_empire.frames import (
    MoveEnded,
    ReactionOffered,
    ReactionsDue,
)
from tests.fallen_empire.helpers import act_exact, declare, fe, of_type, only, to_phase

WEST = tuple((-q, 0) for q in range(7))  # six hexes: the fighting-man's full 6"


def beset(ally_at=None, fighter_action: str = "retreat", initiative=(6, 1)):
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0, dex_ac=-1)
          .unit("orc_a", "orc", "orcs", (1, 0), facing=3)
          .unit("orc_b", "orc", "orcs", (1, -1), facing=4))
    actions = {"fighter": fighter_action, "orc_a": "melee", "orc_b": "melee"}
    if ally_at is not None:
        sc = sc.unit("vet", "veteran", "men", ally_at, facing=5)
        actions["vet"] = "melee"
    st = start(sc.build())[0]
    st, _ = declare(st, actions, initiative=initiative)
    return to_phase(st, "movement", "men")


def test_every_opponent_gets_a_free_attack_before_he_moves():
    """FE-14 "His opponent(s) get a free attack out of turn against him", FE-11 "Should a
    combatant currently engaged in melee attempt a Full Retreat": both orcs are due a free
    attack before his first step (orc A first), and he has not stepped yet."""
    st = beset()
    st, ev = act_exact(st, Move(unit="fighter", path=WEST))
    due = only(ev, ReactionsDue)
    assert (due.step, due.reactors) == (0, (("orc_a", "retreat"), ("orc_b", "retreat")))
    assert of_type(ev, UnitStepped) == []
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.trigger, offer.side) == ("orc_a", "retreat", "orcs")
    assert decider(st) == "orcs"


def test_no_shield_and_no_dex_against_the_free_attacks():
    """FE-14 "does not receive the benefit of his Shield or DEX bonus to AC": orc A needs 14
    against his chain; a 14 hits with no −1 shield and no −1 DEX (which would have made it a
    miss against the same man standing his ground)."""
    st = beset()
    st, _ = act_exact(st, Move(unit="fighter", path=WEST))
    st, ev = act_exact(st, React(unit="orc_a", accept=True), 14, 2)
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.roll, attack.needed, attack.hit) == ("retreat", 14, 14, True)
    assert [(m.value, m.reason, m.rule) for m in attack.modifiers] == [
        (0, "no shield in a full retreat", "FE-14")]


def test_standing_his_ground_he_keeps_shield_and_dex():
    """FE-14, the contrast: the same 14 against the same man fighting on (declared melee) is
    14 − 1 (shield) − 1 (DEX) = 12: a miss."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0, dex_ac=-1)
          .unit("orc_a", "orc", "orcs", (1, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "melee", "orc_a": "melee"}, initiative=(1, 6))
    st = to_phase(st, "melee", "orcs")
    st, ev = act_exact(st, Attack(unit="orc_a", target="fighter"), 14)
    attack = only(ev, AttackRolled)
    assert sorted((m.value, m.reason) for m in attack.modifiers) == [
        (-1, "DEX adjustment to AC"), (-1, "fighter's shield")]
    assert not attack.hit


def test_when_every_free_attack_misses_he_retreats_at_full_speed():
    """FE-14 "He moves away from melee at full speed": both orcs miss (10, 9); he runs his
    full 6" (6 hexes) and is out of the fight."""
    st = beset()
    st, _ = act_exact(st, Move(unit="fighter", path=WEST))
    st, _ = act_exact(st, React(unit="orc_a", accept=True), 10)
    st, ev = act_exact(st, React(unit="orc_b", accept=True), 9)
    assert len(of_type(ev, UnitStepped)) == 6
    end = only(ev, MoveEnded)
    assert (end.halted, end.cost) == (False, 6)
    assert st.unit("fighter").pos == (-6, 0)


def test_damage_negates_the_retreat_and_each_opponent_still_strikes():
    """FE-14 "If any attack deals damage to him, the Retreat is negated and the retreater is
    stuck in combat for another Round!": orc A wounds him (2); orc B still has its free
    attack ("His opponent(s) get a free attack"), then he stays where he stood."""
    st = beset()
    st, _ = act_exact(st, Move(unit="fighter", path=WEST))
    st, _ = act_exact(st, React(unit="orc_a", accept=True), 14, 2)
    st, ev = act_exact(st, Choose(unit="fighter", option="take"))  # no splintering (FE-31)
    assert only(ev, UnitDamaged).hp_after == 4
    assert only(ev, ReactionOffered).reactor == "orc_b"
    st, ev = act_exact(st, React(unit="orc_b", accept=True), 5)
    assert not only(ev, AttackRolled).hit
    end = only(ev, MoveEnded)
    assert end.halted and end.cost == 0
    assert end.reason == "the retreat is negated: he is stuck in combat for another round (FE-14)"
    assert of_type(ev, UnitStepped) == []
    assert st.unit("fighter").pos == (0, 0)


def test_a_retreat_runs_no_farther_than_full_speed_and_only_away():
    """FE-14: "moves away from melee at full speed": 7 hexes is beyond his 6"; stepping back
    toward an orc after a first step away is not moving away (R-FE-AWAY).  Refused; nothing
    changes."""
    st = beset()
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="the path costs 7 but only 6 is allowed"):
        act_exact(st, Move(unit="fighter", path=(*WEST, (-7, 0))))
    with pytest.raises(IllegalCommand, match="a full retreat may not step closer to a foe it is "
                                             r"engaged with \(\(0, 1\)\)"):
        act_exact(st, Move(unit="fighter", path=((0, 0), (-1, 0), (-1, 1), (0, 1))))
    assert state_hash(st) == h


def test_fe15_a_covering_ally_takes_away_that_opponents_free_attack():
    """FE-15 (a) "if an ally moves into melee with the same opponent(s) to cover the retreat":
    a veteran steps up beside orc B first; orc B gets no free attack (not even for the
    fighting-man leaving its reach), while orc A, whom nobody covers, still has his."""
    st = beset(ally_at=(1, -4))
    st, ev = act_exact(st, Move(unit="vet", path=((1, -4), (1, -3), (1, -2))))
    assert only(ev, MoveEnded).moved_into == ("orc_b",)
    st, ev = act_exact(st, Move(unit="fighter", path=WEST))
    assert only(ev, ReactionsDue).reactors == (("orc_a", "retreat"),)
    st, ev = act_exact(st, React(unit="orc_a", accept=True), 3)
    assert of_type(ev, ReactionOffered) == []
    assert st.unit("fighter").pos == (-6, 0)


def test_fe15_covering_both_opponents_means_no_free_attack_at_all():
    """FE-15: the veteran moves into a hex beside both orcs: the retreat is covered against
    both, and the fighting-man runs without a blow struck at him."""
    st = beset(ally_at=(3, -3))
    st, ev = act_exact(st, Move(unit="vet", path=((3, -3), (3, -2), (2, -1))))
    assert only(ev, MoveEnded).moved_into == ("orc_a", "orc_b")
    st, ev = act_exact(st, Move(unit="fighter", path=WEST))
    assert of_type(ev, ReactionsDue) == [] and of_type(ev, ReactionOffered) == []
    assert len(of_type(ev, UnitStepped)) == 6 and st.unit("fighter").pos == (-6, 0)


def test_fe15_an_ally_already_standing_there_does_not_cover():
    """FE-15 "moves into melee ... to cover the retreat": a veteran who was already beside
    orc B and did not move in covers nothing: both orcs strike."""
    st = beset(ally_at=(1, -2))
    st, ev = act_exact(st, Move(unit="fighter", path=WEST))
    assert only(ev, ReactionsDue).reactors == (("orc_a", "retreat"), ("orc_b", "retreat"))
