"""§3.6–3.7 Opportunity attacks take the action, and how many a round allows
(EMP-59, EMP-60, EX-EMP-08).

The usual position: fighting-men at (0, 0) and (0, 1) facing east; the foe at (1, 0),
beside both; each man in turn retreats west at full speed (5 hexes), provoking him.
"""

from rules.commands import Choose, Move, Pass, React
from rules.systems.empress.move_events import ReactionOffered
from rules.systems.empress.round_events import TurnBegan
from rules.systems.empress.units import oa_allotment
from tests.empress.helpers import act_exact, begin, emp, of_type, only, turn_of

AWAY1 = ((0, 0), (-1, 0), (-2, 0), (-3, 0), (-4, 0), (-5, 0))
AWAY2 = ((0, 1), (-1, 1), (-2, 1), (-3, 1), (-4, 1), (-5, 1))


def two_men(foe: str = "orc", foe_init: int = 5, **options):
    return begin(emp(**options).side("pcs", True).side("foes")
                 .unit("m1", "fighting_man", "pcs", (0, 0), initiative=20)
                 .unit("m2", "fighting_man", "pcs", (0, 1), initiative=15)
                 .unit("foe", foe, "foes", (1, 0), facing=3, initiative=foe_init))


def test_taking_an_opportunity_attack_is_the_action():
    """EMP-59 (a): the orc takes his opportunity attack on the retreating man; his action is
    gone: his segment (5) never comes up this round."""
    st, _ = act_exact(two_men(), Move(unit="m1", path=AWAY1))
    st, _ = act_exact(st, React(unit="foe", accept=True), 3)
    assert st.unit("foe").spent == "oa"
    st, _ = act_exact(st, Pass(unit="m1"))
    st, ev = act_exact(st, Pass(unit="m2"))
    assert "foe" not in [e.unit for e in of_type(ev, TurnBegan) if e.segment == 5]
    assert st.round == 2


def test_who_has_acted_gets_no_opportunity_attack():
    """EMP-59 (a): "if the attacker has not yet acted": the orc acts first (segment 25) and
    does nothing; the man's retreat then provokes nobody."""
    st = two_men(foe_init=25)
    st, _ = act_exact(st, Pass(unit="foe"))
    st, ev = act_exact(st, Move(unit="m1", path=AWAY1))
    assert of_type(ev, ReactionOffered) == []


def test_reading_b_the_retreat_attack_is_free():
    """EMP-59 (b), `retreat_oa_spends_action = false`: §3.5's attack on a retreat is free:
    open after acting, and it does not take the action."""
    st = two_men(foe_init=25, retreat_oa_spends_action=False)
    st, _ = act_exact(st, Pass(unit="foe"))
    st, ev = act_exact(st, Move(unit="m1", path=AWAY1))
    assert only(ev, ReactionOffered).reactor == "foe"
    st, _ = act_exact(st, React(unit="foe", accept=True), 3)
    assert st.unit("foe").spent == "turn"


def test_one_opportunity_attack_a_round_for_others():
    """EMP-60: the orc (no Warrior levels) strikes at the first man; the second man's
    retreat the same round provokes nothing."""
    st, _ = act_exact(two_men(), Move(unit="m1", path=AWAY1))
    st, _ = act_exact(st, React(unit="foe", accept=True), 3)
    st, _ = act_exact(st, Pass(unit="m1"))
    assert turn_of(st) == "m2"
    st, ev = act_exact(st, Move(unit="m2", path=AWAY2))
    assert of_type(ev, ReactionOffered) == []


def test_two_for_warriors():
    """EMP-60: a hobgoblin (Warrior 1) may take two: after the first (his action), the
    second man's retreat is offered too."""
    st, _ = act_exact(two_men("hobgoblin"), Move(unit="m1", path=AWAY1))
    st, _ = act_exact(st, React(unit="foe", accept=True), 3)
    st, _ = act_exact(st, Pass(unit="m1"))
    st, ev = act_exact(st, Move(unit="m2", path=AWAY2))
    assert only(ev, ReactionOffered).reactor == "foe"


def test_pure_defence_doubles_the_allotment():
    """EMP-60 / EMP-62: the orc takes pure defence as his action (segment 25): he may then
    take two opportunity attacks this round.  EX-EMP-08: four for a Warrior."""
    st = two_men(foe_init=25)
    st, _ = act_exact(st, Choose(unit="foe", option="pure_defense"))
    assert oa_allotment(st, st.unit("foe")) == 2
    st, _ = act_exact(st, Move(unit="m1", path=AWAY1))
    st, _ = act_exact(st, React(unit="foe", accept=True), 3)
    st, _ = act_exact(st, Pass(unit="m1"))
    st, ev = act_exact(st, Move(unit="m2", path=AWAY2))
    assert only(ev, ReactionOffered).reactor == "foe"
    hob = two_men("hobgoblin").unit("foe")
    from dataclasses import replace

    assert oa_allotment(st, hob) == 2
    assert oa_allotment(st, replace(hob, stance="pure_defense")) == 4
