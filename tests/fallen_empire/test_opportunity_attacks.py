"""FE-11 Opportunity attack trigger and FE-12 Opportunity attack effect.

"Should a combatant currently engaged in melee attempt a Full Retreat or if a character moves
right past you (including on a Charge), you get to have one "free" attack out of turn. If this
attack succeeds at dealing at least one Hit Point of damage, the moving combatant must stop
moving. Only one such Opportunity Attack may be attempted per combatant per Round."

FE-11 [AMBIG] reading (a), the engine's: "moving right past" = moving through a hex next to you
without stopping there.  (The Full Retreat trigger is in test_full_retreat.py, the Charge one
in test_charge.py.)

The position: a fighting-man at (0, 0) facing north-east; an orc walks west along the row
r = −1, through (1, −1) and (0, −1), the two hexes beside him, and on to (−2, −1).
"""

import pytest

from rules.commands import Attack, Choose, Declare, EndPhase, Move, React
from rules.engine import IllegalCommand, decider, legal_commands, start
from rules.events import AttackRolled, UnitDamaged, UnitStepped
from rules.state import state_hash
from rules.systems.fallen_empire.frames import (
    MoveEnded,
    ReactionAnswered,
    ReactionOffered,
    SplinterAnswered,
)
from tests.fallen_empire.helpers import (
    act_exact,
    declare,
    fe,
    of_type,
    only,
    phase,
    to_phase,
)

PAST = ((3, -1), (2, -1), (1, -1), (0, -1), (-1, -1), (-2, -1))


def walk_past(orc_stats: dict | None = None, path=PAST, second_orc: bool = False):
    """The orcs win initiative; the orc (declared full movement) sets off along `path`."""
    stats = {"shield": ""} if orc_stats is None else orc_stats
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=1)
          .unit("orc", "orc", "orcs", path[0], facing=3, **stats))
    actions = {"fighter": "melee", "orc": "move"}
    if second_orc:
        sc = sc.unit("orc2", "orc", "orcs", (3, 0), facing=3, shield="")
        actions["orc2"] = "move"
    st = start(sc.build())[0]
    st, _ = declare(st, actions, initiative=(1, 6))
    st = to_phase(st, "movement", "orcs")
    return act_exact(st, Move(unit="orc", path=path))


def test_moving_right_past_gives_a_free_attack_out_of_turn():
    """FE-11 (a): the orc steps into (1, −1) beside the fighting-man and on along his side:
    before it steps on, the fighting-man — whose side is not acting — is offered his free
    attack ("out of turn")."""
    st, ev = walk_past()
    assert [e.to_hex for e in of_type(ev, UnitStepped)] == [(2, -1), (1, -1)]
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.mover, offer.trigger, offer.side) == (
        "fighter", "orc", "pass", "men")
    assert decider(st) == "men" and phase(st) is None
    assert legal_commands(st) == [React(unit="fighter", accept=True),
                                  React(unit="fighter", accept=False)]


def test_a_wounding_free_attack_stops_the_mover_where_he_is():
    """FE-12 "If this attack succeeds at dealing at least one Hit Point of damage, the moving
    combatant must stop moving": 13 vs 12 hits for 2; the orc halts at (1, −1)."""
    st, _ = walk_past()
    st, ev = act_exact(st, React(unit="fighter", accept=True), 13, 2)
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.roll, attack.needed, attack.hit, attack.damage) == (
        "opportunity", 13, 12, True, 2)
    end = only(ev, MoveEnded)
    assert end.halted and end.reason == "wounded by a free attack (FE-12)"
    assert end.cost == 2
    assert of_type(ev, UnitStepped) == []
    assert st.unit("orc").pos == (1, -1) and st.unit("orc").hp == 3


def test_a_miss_does_not_stop_him():
    """FE-12: a free attack that misses (11 vs 12) deals no damage: the orc walks on to the
    end of its path."""
    st, _ = walk_past()
    st, ev = act_exact(st, React(unit="fighter", accept=True), 11)
    assert not only(ev, AttackRolled).hit
    assert [e.to_hex for e in of_type(ev, UnitStepped)] == [(0, -1), (-1, -1), (-2, -1)]
    assert only(ev, MoveEnded).halted is False
    assert st.unit("orc").pos == (-2, -1)


def test_a_blow_the_shield_absorbs_deals_no_damage_and_does_not_stop_him():
    """FE-12 "dealing at least one Hit Point of damage", with FE-31: the orc lets its shield
    take the 5 points (it splinters); no hit point lost, so it keeps moving."""
    st, _ = walk_past(orc_stats={})
    st, ev = act_exact(st, React(unit="fighter", accept=True), 14, 5)
    assert only(ev, AttackRolled).damage == 5  # 14 − 1 (shield) = 13 ≥ 12
    assert decider(st) == "orcs"
    st, ev = act_exact(st, Choose(unit="orc", option="splinter"))
    assert only(ev, SplinterAnswered).splinter
    assert of_type(ev, UnitDamaged) == []
    assert only(ev, MoveEnded).halted is False
    assert st.unit("orc").pos == (-2, -1) and st.unit("orc").shield == ""


def test_declining_lets_him_pass():
    """FE-11: the free attack is the fighting-man's to take or leave."""
    st, _ = walk_past()
    st, ev = act_exact(st, React(unit="fighter", accept=False))
    assert only(ev, ReactionAnswered).accept is False
    assert of_type(ev, AttackRolled) == []
    assert st.unit("orc").pos == (-2, -1)
    assert st.unit("fighter").oa_used is False


def test_stopping_beside_him_is_not_moving_past():
    """FE-11 (a): an orc that comes up to (1, −1) and stops there has not moved "right past":
    no free attack."""
    st, ev = walk_past(path=PAST[:3])
    assert of_type(ev, ReactionOffered) == []
    assert only(ev, MoveEnded).halted is False and st.unit("orc").pos == (1, -1)


def test_nothing_else_may_happen_until_the_free_attack_is_answered():
    """FE-11: the move waits on the fighting-man's answer; other commands are refused and the
    state is left as it was."""
    st, _ = walk_past()
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="fighter must first take or decline the free "
                                             "attack at orc"):
        act_exact(st, Attack(unit="fighter", target="orc"), 15, 3)
    with pytest.raises(IllegalCommand, match="orc is not men's to command now"):
        act_exact(st, React(unit="orc", accept=True))
    assert state_hash(st) == h


def test_only_one_opportunity_attack_per_round():
    """FE-12 "Only one such Opportunity Attack may be attempted per combatant per Round": the
    fighting-man swings at the first orc and misses; a second orc walking right past him in
    the same round provokes nothing.  In round 2 he may strike again."""
    st, _ = walk_past(second_orc=True)
    st, _ = act_exact(st, React(unit="fighter", accept=True), 11)
    assert st.unit("fighter").oa_used
    past = ((3, 0), (2, 0), (1, 0), (0, 1), (-1, 2))  # through (1, 0) and (0, 1), beside him
    st, ev = act_exact(st, Move(unit="orc2", path=past))
    assert of_type(ev, ReactionOffered) == []
    assert st.unit("orc2").pos == (-1, 2)
    # Round 2: the orcs win again and orc2 walks back past him: offered again.
    st = to_phase(st, "movement", "men")
    st, _ = act_exact(st, EndPhase(side="men"))
    assert st.round == 2
    for uid, action in (("fighter", "melee"), ("orc", "move")):
        st, _ = act_exact(st, Declare(unit=uid, action=action))
    st, _ = act_exact(st, Declare(unit="orc2", action="move"), 1, 6)
    st = to_phase(st, "movement", "orcs")
    st, ev = act_exact(st, Move(unit="orc2", path=past[::-1]))
    assert only(ev, ReactionOffered).reactor == "fighter"
