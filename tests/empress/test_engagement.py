"""§3.5 Breaking melee engagements: retreating provokes, the graceful half-speed retreat and
its follow-up, moving past opponents, cautious falling back (EMP-55..58).

The usual position: a legion man at (0, 0) facing east (move 30 ft: 6 hexes, half 3), an orc
beside him at (1, 0) facing west; the man acts first (Initiative 20), the orc later (10).
"""

from rules.commands import Choose, Move, Pass, React
from rules.engine import decider, legal_commands
from rules.systems.empress.attack_events import DecisionOffered
from rules.systems.empress.events import EmpAttackRolled
from rules.systems.empress.move_events import FallBackDeclared, KeptPace, MoveBegan, ReactionOffered
from tests.empress.helpers import act, act_exact, begin, emp, of_type, only, turn_of

WEST5 = ((0, 0), (-1, 0), (-2, 0), (-3, 0), (-4, 0), (-5, 0))
WEST2 = WEST5[:3]


def engaged_pair(**options):
    return begin(emp(**options).side("pcs", True).side("foes")
                 .unit("man", "fighting_man", "pcs", (0, 0), facing=0, initiative=20)
                 .unit("orc", "orc", "foes", (1, 0), facing=3, initiative=10))


def test_retreating_from_melee_provokes():
    """EMP-55: a full-speed retreat out of the orc's reach gives the orc an opportunity
    attack (he has not acted yet)."""
    st, ev = act_exact(engaged_pair(), Move(unit="man", path=WEST5))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.mover, offer.trigger) == ("orc", "man", "retreat")
    st, ev = act_exact(st, React(unit="orc", accept=True), 5)
    assert only(ev, EmpAttackRolled).kind == "opportunity"
    assert st.unit("man").pos == (-5, 0)  # a miss (or a wound) does not stop him


def test_a_graceful_retreat_at_half_speed_does_not_provoke_and_may_be_followed():
    """EMP-56 (a): two hexes (no more than half his movement) is a graceful retreat: no
    opportunity attack; the orc may follow up, and does: he is beside him again."""
    st, ev = act_exact(engaged_pair(), Move(unit="man", path=WEST2))
    assert only(ev, MoveBegan).mode == "graceful"
    assert of_type(ev, ReactionOffered) == []
    offer = only(ev, DecisionOffered)
    assert (offer.kind, offer.unit, offer.options) == ("follow", "orc", ("follow", "stay"))
    st, ev = act_exact(st, Choose(unit="orc", option="follow"))
    assert st.unit("orc").pos.distance(st.unit("man").pos) == 1
    assert turn_of(st) == "man"  # his turn goes on (he may still act)


def test_a_graceful_retreat_reading_b_still_provokes():
    """EMP-56 (b), `graceful_retreat_provokes = true`: it provokes; it only adds the
    follow-up."""
    _st, ev = act_exact(engaged_pair(graceful_retreat_provokes=True), Move(unit="man",
                                                                         path=WEST2))
    assert only(ev, ReactionOffered).trigger == "retreat"


PAST = ((3, -1), (2, -1), (1, -1), (0, -1), (-1, -1), (-2, -1))


def walker(**options):
    return begin(emp(**options).side("pcs", True).side("foes")
                 .unit("man", "fighting_man", "pcs", (0, 0), facing=1, initiative=10)
                 .unit("orc", "orc", "foes", PAST[0], facing=3, initiative=20))


def test_moving_past_provokes():
    """EMP-57 (a): the orc walks along the man's front, (1, −1) then (0, −1), both beside
    him, without closing: that slides past him and provokes."""
    st, ev = act_exact(walker(), Move(unit="orc", path=PAST))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.trigger) == ("man", "past")
    assert st.unit("orc").pos == (1, -1)


def test_moving_past_reading_b_provokes_only_on_going_beyond():
    """EMP-57 (b), `moving_past = "beyond"`: sliding along his front is allowed; leaving his
    reach on the far side provokes."""
    st, ev = act_exact(walker(moving_past="beyond"), Move(unit="orc", path=PAST))
    assert only(ev, ReactionOffered).trigger == "past"
    assert st.unit("orc").pos == (0, -1)


def test_stopping_beside_him_is_not_moving_past():
    """EMP-57: an orc that comes up and stops beside him has not moved past."""
    _st, ev = act_exact(walker(), Move(unit="orc", path=PAST[:3]))
    assert of_type(ev, ReactionOffered) == []


def fall_back_round(**options):
    st = engaged_pair(**options)
    st, ev = act_exact(st, Choose(unit="man", option="fall_back"))
    assert only(ev, FallBackDeclared).unit == "man"
    assert turn_of(st) == "orc"
    st, ev = act_exact(st, Pass(unit="orc"))  # the round ends: the fall-back happens now
    offer = only(ev, DecisionOffered)
    assert (offer.kind, offer.unit) == ("retain", "orc")
    return st


def test_cautious_falling_back_unopposed():
    """EMP-58: the orc does not keep melee range: at the end of the round the man walks out
    of the engagement with no opportunity attack."""
    st = fall_back_round()
    st, ev = act_exact(st, Choose(unit="orc", option="let_go"))
    assert decider(st) == "pcs"
    moves = legal_commands(st)
    assert Move(unit="man", path=WEST2[:3]) in moves or moves
    st, ev = act_exact(st, Move(unit="man", path=WEST2 + ((-3, 0),)))
    assert of_type(ev, ReactionOffered) == [] and st.unit("man").pos == (-3, 0)
    assert st.round == 2


def test_cautious_falling_back_followed():
    """EMP-58: the orc keeps melee range: the man goes up to half his move rearward, and the
    orc keeps pace — still engaged, no opportunity attack."""
    st = fall_back_round()
    st, _ = act_exact(st, Choose(unit="orc", option="retain"))
    st, ev = act_exact(st, Move(unit="man", path=WEST2))
    assert only(ev, KeptPace).kept
    assert st.unit("orc").pos.distance(st.unit("man").pos) == 1
    assert of_type(ev, ReactionOffered) == []


def test_an_enemy_too_slow_to_keep_pace_loses_the_engagement():
    """EMP-58: a dwarf (20 ft: half is 2 hexes) cannot keep up with a 3-hex fall-back by a
    man 30 ft... here a 40-ft cutpurse falls back 4 hexes: the dwarf, 2 short, is left."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("man", "thief", "pcs", (0, 0), facing=0, initiative=20)
               .unit("dw", "dwarf", "foes", (1, 0), facing=3, initiative=10))
    st, _ = act_exact(st, Choose(unit="man", option="fall_back"))
    st, _ = act_exact(st, Pass(unit="dw"))
    st, _ = act_exact(st, Choose(unit="dw", option="retain"))
    st, ev = act_exact(st, Move(unit="man", path=WEST5[:5]))
    assert only(ev, KeptPace).kept is False
    assert st.unit("dw").pos == (1, 0)


def test_a_fall_back_goes_no_farther_than_half_his_move():
    """EMP-58 / R-EMP-FALLBACK: up to half his movement rate (3 hexes), never toward the foe;
    anything else is refused and changes nothing."""
    import pytest

    from rules.engine import IllegalCommand
    from rules.state import state_hash

    st = fall_back_round()
    st, _ = act_exact(st, Choose(unit="orc", option="let_go"))
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="up to half his move, never toward a foe"):
        act(st, Move(unit="man", path=WEST5[:5]))
    assert state_hash(st) == h


def test_a_man_felled_on_his_way_does_nothing_more():
    """EMP-55 / EMP-54: an opportunity attack that incapacitates the retreating man ends his
    move and his turn: the orc's turn comes next."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("man", "fighting_man", "pcs", (0, 0), facing=0, initiative=20, hp=2)
               .unit("friend", "fighting_man", "pcs", (-6, 3), initiative=15)
               .unit("orc", "orc", "foes", (1, 0), facing=3, initiative=10))
    st, _ = act_exact(st, Move(unit="man", path=WEST5))
    st, _ = act_exact(st, React(unit="orc", accept=True), 19, 5)  # AC 19: direct
    assert st.unit("man").status == "down" and turn_of(st) == "friend"


def test_a_man_felled_in_a_friends_hex_falls_where_he_came_from():
    """R-POS-BLOCK: an orc passing through his friend's hex is felled there by an
    opportunity attack; his body ends on the last free hex he crossed, never on the friend."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("man", "fighting_man", "pcs", (0, 1), facing=1, initiative=5)
               .unit("orc", "orc", "foes", (2, -1), facing=3, initiative=20, hp=1)
               .unit("hob", "hobgoblin", "foes", (1, 0), facing=3, initiative=1))
    path = ((2, -1), (1, 0), (0, 0), (-1, 0))
    st, ev = act_exact(st, Move(unit="orc", path=path))
    assert only(ev, ReactionOffered).reactor == "man"  # (1, 0) → (0, 0) slides past him
    st, _ = act_exact(st, React(unit="man", accept=True), 19, 5)
    assert st.unit("orc").status == "down" and st.unit("orc").pos == (2, -1)
    assert st.unit("hob").pos == (1, 0)
