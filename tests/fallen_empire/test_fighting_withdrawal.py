"""FE-13 Fighting withdrawal.

"A Fighting Withdrawal is the only safe way to leave a place that is threatened by an opponent.
When a character withdraws, he backs carefully away from his opponent without turning his back
or creating an attack of opportunity for his opponent.  Withdrawing is a move that takes place
at the beginning of the Round. A withdrawing character cannot attack or cast spells, although he
can still make opportunity attacks.  He does not attack, but moves backwards up to one-third
speed (usually 4" or less) and retains his full Armor Class."

[AMBIG] reading (a), the engine's: the withdrawal happens at the very beginning of the round,
before either side's phases (a "withdrawal" phase, rule "FE-13 (a)").

The position: a fighting-man (6": withdraws 2 hexes) at (0, 0) facing east, in contact with an
orc at (1, 0) facing him; the orcs win initiative (6 v 1).
"""

import pytest

from rules.commands import Attack, Declare, Move, React
from rules.engine import IllegalCommand, decider, legal_commands, start
from rules.events import AttackRolled, UnitStepped
from rules.state import state_hash
from rules.systems.fallen_empire.frames import MoveEnded, PhaseBegan, ReactionOffered
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

BACK = ((0, 0), (-1, 0), (-2, 0))


def engaged(fighter_action: str = "withdraw", orc2: bool = False):
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3, shield=""))
    actions = {"fighter": fighter_action, "orc": "melee"}
    if orc2:
        sc = sc.unit("orc2", "orc", "orcs", (-1, -3), facing=5, shield="")
        actions["orc2"] = "move"
    st = start(sc.build())[0]
    return declare(st, actions, initiative=(1, 6))


def test_the_withdrawal_comes_at_the_beginning_of_the_round():
    """FE-13 (a) "Withdrawing is a move that takes place at the beginning of the Round": the
    orcs won initiative, yet the withdrawal phase opens before any of their phases."""
    st, ev = engaged()
    began = only(ev, PhaseBegan)
    assert (began.phase, began.sides, began.rule) == ("withdrawal", ("orcs", "men"),
                                                      "FE-13 (a)")
    assert phase(st) == ("withdrawal", "men")
    st, ev = act_exact(st, Move(unit="fighter", path=BACK))
    assert [p.phase for p in of_type(ev, PhaseBegan)] == ["movement"]
    assert phase(st) == ("movement", "orcs")


def test_he_backs_away_without_turning_and_without_a_free_attack():
    """FE-13: "backs carefully away ... without turning his back or creating an attack of
    opportunity": no free attack for the orc, and he still faces east at every step."""
    st, _ = engaged()
    st, ev = act_exact(st, Move(unit="fighter", path=BACK))
    assert of_type(ev, ReactionOffered) == []
    assert [(e.to_hex, e.facing) for e in of_type(ev, UnitStepped)] == [((-1, 0), 0),
                                                                       ((-2, 0), 0)]
    assert only(ev, MoveEnded).halted is False
    f = st.unit("fighter")
    assert (f.pos, f.facing) == ((-2, 0), 0)


def test_walking_away_without_a_withdrawal_provokes_the_orc():
    """FE-13 "the only safe way to leave a place that is threatened" (R-FE-LEAVE): the same
    step back under full movement gives the orc its free attack."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3, shield=""))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": "move", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "movement", "men")
    st, ev = act_exact(st, Move(unit="fighter", path=BACK))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.trigger) == ("orc", "leave")


def test_only_a_third_of_his_move_backwards_and_never_toward_the_foe():
    """FE-13 "moves backwards up to one-third speed": 6" → 2 hexes, not 3; no turning about,
    and no step toward the orc.  Refused commands change nothing."""
    st, _ = engaged()
    h = state_hash(st)
    assert max(len(c.path) - 1 for c in legal_commands(st) if isinstance(c, Move)) == 2
    with pytest.raises(IllegalCommand, match="the path costs 3 but only 2 is allowed"):
        act_exact(st, Move(unit="fighter", path=(*BACK, (-3, 0))))
    with pytest.raises(IllegalCommand, match=r"backs away without turning \(FE-13\)"):
        act_exact(st, Move(unit="fighter", path=BACK, facing=3))
    with pytest.raises(IllegalCommand, match="may not step closer to a foe it is engaged with"):
        act_exact(st, Move(unit="fighter", path=((0, 0), (0, -1), (1, -1))))
    assert state_hash(st) == h


def test_he_cannot_attack_that_round_but_keeps_his_full_armor_class():
    """FE-13 "cannot attack" and "retains his full Armor Class": the orc follows him up and
    strikes; his shield still counts (−1: 14 − 1 = 13 < 14, a miss), while he himself has no
    attack in the round, with the orc beside him."""
    st, _ = engaged()
    with pytest.raises(IllegalCommand, match="fighter declared withdraw, not an attack in the "
                                             "withdrawal phase"):
        act_exact(st, Attack(unit="fighter", target="orc"), 15, 3)
    st, _ = act_exact(st, Move(unit="fighter", path=BACK[:2]))
    st, _ = act_exact(st, Move(unit="orc", path=((1, 0), (0, 0))))
    st = to_phase(st, "melee", "orcs")
    st, ev = act_exact(st, Attack(unit="orc", target="fighter"), 14)
    attack = only(ev, AttackRolled)
    assert attack.needed == 14 and mods(attack) == {"FE-30": -1} and not attack.hit
    # The men have no phase at all this round: the fighter may not strike back.
    assert st.round == 2 and decider(st) == "men"
    assert of_type(ev, PhaseBegan) == []


def test_a_withdrawing_magic_user_casts_no_spell():
    """FE-13 "A withdrawing character cannot attack or cast spells"."""
    sc = (fe().side("men", True).side("orcs")
          .unit("mu", "magic_user", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (1, 0), facing=3))
    st = start(sc.build())[0]
    st, _ = declare(st, {"mu": "withdraw", "orc": "melee"}, initiative=(6, 1))
    st, ev = act_exact(st, Move(unit="mu", path=((0, 0), (-1, 0))))
    # No men's phase follows (no spell phase for him); the orcs' turn comes straight away.
    assert of_type(ev, PhaseBegan)[0].sides == ("orcs",)
    assert st.unit("mu").spells == ("magic_missile",)


def test_he_can_still_make_opportunity_attacks():
    """FE-13 "although he can still make opportunity attacks": after backing off to (−2, 0) he
    gets his free attack at a second orc that walks right past him."""
    st, _ = engaged(orc2=True)
    st, _ = act_exact(st, Move(unit="fighter", path=BACK))
    st = to_phase(st, "movement", "orcs")
    st, ev = act_exact(st, Move(unit="orc2", path=((-1, -3), (-1, -2), (-2, -1), (-3, 0),
                                                     (-3, 1))))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.mover) == ("fighter", "orc2")
    st, ev = act_exact(st, React(unit="fighter", accept=True), 12, 3)
    attack = only(ev, AttackRolled)
    assert (attack.kind, attack.hit, attack.damage) == ("opportunity", True, 3)
    assert only(ev, MoveEnded).halted and st.unit("orc2").pos == (-2, -1)


def test_withdraw_is_only_for_a_man_in_contact():
    """FE-13 is a way to leave a threatened place: a man nobody threatens cannot declare it."""
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("orc", "orc", "orcs", (4, 0), facing=3))
    st = start(sc.build())[0]
    with pytest.raises(IllegalCommand, match="fighter cannot declare 'withdraw'"):
        act_exact(st, Declare(unit="fighter", action="withdraw"))
