"""Reactions (ER-19, ER-20; R-ER-FLEE): one a round, optional; a flee attack on breaking
away from a foe, an attack of opportunity on going past one (under Swing on the Run only
after more than 15 feet), shown on the path preview before the move."""

from rules.commands import Move, Pass, React
from rules.engine import ruleset_of
from rules.events import UnitStepped
from rules.hexgrid import Hex
from rules.systems.enchanted_realms.combat_events import ErAttackRolled, MoveEnded, ReactionOffered
from rules.systems.enchanted_realms.units import er as er_unit
from tests.enchanted_realms.helpers import act, begin, duel, er, every, only, path


def test_breaking_away_draws_a_flee_attack_and_the_move_goes_on() -> None:
    """ER-19, ER-20 (NOTES): the orc steps out of the sellsword's reach; the sellsword takes
    a flee attack; unhurt enough, the orc walks on (R-ER-REACTION-NOSTOP)."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 3, 15)
    st, ev = act(st, Move(unit="b", path=path((1, 0), (2, 0), (3, 0))))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.trigger) == ("a", "flee")
    assert st.top is not None and st.top.actor == "pcs"  # the reactor's seat decides
    st, ev = act(st, React(unit="a", accept=True), 10, 2)
    assert only(ev, ErAttackRolled).kind == "flee"
    assert er_unit(st, "b").pos == Hex(3, 0)


def test_a_reaction_that_drops_the_mover_stops_him() -> None:
    """R-ER-REACTION-NOSTOP: dropped, he stays where he was struck (a second orc keeps the
    battle going)."""
    sc = duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0)), b_over={"hp": 1})
    sc.unit("c", "orc", "foes", (5, 0), facing=3)
    st = begin(sc, 3, 15, 1)
    st, _ = act(st, Move(unit="b", path=path((1, 0), (2, 0), (3, 0))))
    st, ev = act(st, React(unit="a", accept=True), 10, 2)
    assert only(ev, MoveEnded).halted and er_unit(st, "b").pos == Hex(1, 0)


def test_one_reaction_a_round() -> None:
    """ER-20: the first orc's flight spends the sellsword's reaction; the second orc's is not
    offered to him."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "fighting_man", "pcs", (0, 0))
    sc.unit("b1", "orc", "foes", (1, 0), facing=3)
    sc.unit("b2", "orc", "foes", (-1, 0), facing=0)
    st = begin(sc, 3, 15, 14)
    st, _ = act(st, Move(unit="b1", path=path((1, 0), (2, 0))))
    st, _ = act(st, React(unit="a", accept=True), 2, 2)
    st, _ = act(st, Pass(unit="b1"))
    st, ev = act(st, Move(unit="b2", path=path((-1, 0), (-2, 0))))
    assert not every(ev, ReactionOffered)
    assert er_unit(st, "a").can_react(st.round + 1)


def test_letting_the_chance_go_keeps_the_reaction() -> None:
    """ER-20: reactions are optional; one declined is not spent."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 3, 15)
    st, _ = act(st, Move(unit="b", path=path((1, 0), (2, 0))))
    st, _ = act(st, React(unit="a", accept=False))
    assert er_unit(st, "a").can_react(st.round)


_PAST_LONG = path((3, -1), (2, -1), (1, -1), (0, -1), (-1, -1))  # 20 ft, past the sellsword
_PAST_SHORT = path((2, -1), (1, -1), (0, -1), (-1, -1))  # 15 ft


def _goes_past(orc_at: tuple[int, int], walk: tuple[tuple[int, int], ...], **options):
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", orc_at), **options), 3, 15)
    return act(st, Move(unit="b", path=walk))[1]


def test_running_past_more_than_15_feet_draws_an_attack() -> None:
    """ER-19 (Swing on the Run): 20 feet along, going past him, an attack of opportunity."""
    offer = only(_goes_past((3, -1), _PAST_LONG), ReactionOffered)
    assert offer.trigger == "opportunity"


def test_going_past_within_15_feet_is_safe_under_swing_on_the_run() -> None:
    """ER-19 [AMBIG], R-ER-FLEE: 15 feet is not more than 15."""
    assert not every(_goes_past((2, -1), _PAST_SHORT), ReactionOffered)


# Beside the sellsword at (1,-1) and (0,-1), out of his reach at the third step (15 ft), then
# on to 30 feet.
_PAST_AND_ON = path((2, -2), (1, -1), (0, -1), (-1, -1), (-2, -1), (-3, -1), (-4, -1))


def test_the_whole_turns_run_counts_not_the_feet_up_to_the_step_out() -> None:
    """ER-19, "moving more than 15 feet on one's turn while running through an enemy's
    adjacent hex" (R-ER-FLEE, read again for issue 34): the orc walks 30 feet past the
    sellsword, beside him for two hexes and out of his reach at 15 feet; his turn's
    movement is 30 feet, so the sellsword may take his reaction at the step out, and the
    path preview colours that same step."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (2, -2))), 3, 15)
    hexes = [Hex(*h) for h in _PAST_AND_ON]
    assert ruleset_of(st).path_reactions(st, "b", hexes) == [(2, "a", "opportunity")]
    st, ev = act(st, Move(unit="b", path=_PAST_AND_ON))
    offer = only(ev, ReactionOffered)
    assert (offer.reactor, offer.mover, offer.trigger) == ("a", "b", "opportunity")
    assert er_unit(st, "b").pos == Hex(0, -1)  # asked as he steps out, at 15 feet
    st, ev = act(st, React(unit="a", accept=True), 12, 3)
    assert only(ev, ErAttackRolled).kind == "opportunity"
    assert er_unit(st, "b").pos == Hex(-4, -1) and only(ev, MoveEnded).feet == 30


def test_without_swing_on_the_run_any_pass_draws_the_attack() -> None:
    """ER-20 (NOTES): "when an enemy moves through and beyond an adjacent hex"."""
    ev = _goes_past((2, -1), _PAST_SHORT, swing_on_the_run=False)
    assert only(ev, ReactionOffered).trigger == "opportunity"


def test_a_bow_in_hand_takes_no_melee_reaction() -> None:
    """R-ER-REACTION-WEAPON: the bowman has no blade in hand to strike the fleeing orc."""
    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (1, 0))), 3, 15)
    st, ev = act(st, Move(unit="b", path=path((1, 0), (2, 0))))
    assert not every(ev, ReactionOffered) and every(ev, UnitStepped)


def test_the_path_preview_names_who_reacts_where() -> None:
    """ER-19, ER-20: the preview comes from the walk's own rule: the step out of (0,-1)
    provokes the sellsword's attack of opportunity."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (3, -1))), 3, 15)
    hexes = [Hex(*h) for h in _PAST_LONG]
    assert ruleset_of(st).path_reactions(st, "b", hexes) == [(3, "a", "opportunity")]
