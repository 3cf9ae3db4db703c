"""One action a turn with movement around it (ER-02, ER-08, ER-13, ER-14), speeds (ER-15)
and the handling paid in movement (ER-16 … ER-18), with defending's price (ER-10)."""

from rules.commands import Attack, Cast, Choose, Move, Pass, UseItem
from rules.engine import ruleset_of
from rules.events import BattleEnded, UnitHealed, UnitStatusChanged
from rules.systems.enchanted_realms.combat_events import ReactionOffered
from rules.systems.enchanted_realms.events import (
    ALL_MOVEMENT,
    ActionTaken,
    DeedDone,
    Handled,
    ItemPicked,
    ModeSwitched,
    TurnEnded,
)
from rules.systems.enchanted_realms.frames import TurnFrame
from rules.systems.enchanted_realms.movement import feet_left
from rules.systems.enchanted_realms.units import er as er_unit
from tests.enchanted_realms.helpers import act, begin, duel, er, every, only, path


def _left(st) -> int:
    assert isinstance(st.top, TurnFrame)
    return feet_left(st, st.top)


def _refused(st, cmd) -> str:
    why = ruleset_of(st).check(st, cmd)
    assert why is not None
    return why


def test_move_some_act_then_move_the_rest() -> None:
    """ER-14: the bowman (30 ft) walks 10 ft, shoots, walks the other 20 ft; more is
    refused, and with nothing left to do his turn ends by itself."""
    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (5, 0))), 15, 3)
    st, _ = act(st, Move(unit="a", path=path((0, 0), (0, 1), (0, 2))))
    assert _left(st) == 20
    st, _ = act(st, Attack(unit="a", target="b"), 3, 4)
    assert "20 feet" in _refused(st, Move(unit="a", path=path(
        (0, 2), (-1, 2), (-2, 2), (-3, 2), (-4, 2), (-4, 1))))
    st, ev = act(st, Move(unit="a", path=path((0, 2), (-1, 2), (-2, 2), (-3, 2), (-4, 2))))
    assert only(ev, TurnEnded).unit == "a"


def test_one_action_a_turn() -> None:
    """ER-02: after his attack he can neither attack again nor defend."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 3, 4)
    assert only(ev, ActionTaken).kind == "attack"
    assert "ER-02" in _refused(st, Attack(unit="a", target="b"))
    assert "ER-02" in _refused(st, Choose(unit="a", option="defend"))


def test_no_holding_the_action() -> None:
    """ER-13: there is no holding an action for later."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (3, 0))), 15, 3)
    assert "ER-13" in _refused(st, Choose(unit="a", option="hold"))


def test_drinking_a_potion_is_the_whole_action() -> None:
    """ER-08: the medic drinks (2d4: 3 + 4), and that is his action."""
    st = begin(duel(("a", "cleric", (0, 0)), ("b", "orc", (1, 0)), a_over={"hp": 3}), 15, 3)
    st, ev = act(st, UseItem(unit="a", item="potion", target="a"), 3, 4)
    assert only(ev, UnitHealed).hp_after == 10
    assert er_unit(st, "a").potions == 0
    assert "ER-02" in _refused(st, Attack(unit="a", target="b"))


def test_field_medicine_brings_a_dropped_friend_back() -> None:
    """ER-02 (skill use), R-ER-DOWN: the medic tends a friend at −1 beside him for 1d6."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "cleric", "pcs", (0, 0))
    sc.unit("f", "fighting_man", "pcs", (1, 0), hp=-1, status="down", condition="dropped")
    sc.unit("b", "orc", "foes", (5, 0), facing=3)
    st = begin(sc, 15, 3)
    st, ev = act(st, Cast(unit="a", spell="field_medicine", target="f"), 4)
    assert only(ev, UnitHealed).hp_after == 3
    assert only(ev, UnitStatusChanged).status == "active"
    assert er_unit(st, "f").fighting


def test_a_deed_is_the_action_and_the_idol_wins() -> None:
    """ER-02, R-ER-DEED: grabbing the idol from beside its pedestal."""
    st = begin(duel(("a", "fighting_man", (4, 0)), ("b", "orc", (-3, 0)),
                    deeds=["idol@5,0"], winning_deed="idol"), 15, 3)
    st, ev = act(st, Choose(unit="a", option="deed:idol"))
    assert only(ev, DeedDone).deed == "idol"
    assert only(ev, BattleEnded).winner == "pcs"


def test_picking_up_costs_ten_feet_and_is_the_action() -> None:
    """ER-17: the potion on the floor beside him: 10 ft, and the retrieval is his action."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (-4, 0)),
                    items=["potion@1,0"]), 15, 3)
    st, ev = act(st, Choose(unit="a", option="pick_up:potion"))
    assert only(ev, Handled).feet == 10 and only(ev, ItemPicked).item == "potion"
    assert _left(st) == 20 and er_unit(st, "a").potions == 1
    assert "ER-02" in _refused(st, Choose(unit="a", option="defend"))


def test_drawing_the_other_weapon_costs_ten_feet_not_the_action() -> None:
    """ER-17: the bowman puts the bow by and draws his sword (10 ft), then attacks with it."""
    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    st, ev = act(st, Choose(unit="a", option="draw"))
    assert only(ev, Handled).feet == 10 and er_unit(st, "a").in_hand == "weapon"
    st, ev = act(st, Attack(unit="a", target="b"), 10)
    assert ev and _left(st) == 20


def test_readying_a_shield_costs_ten_feet_without_the_skill() -> None:
    """ER-17: ten feet without shield use; nothing with it."""
    for skills, cost in ((["weapon_training"], 10), (["shield_use"], 0)):
        st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (4, 0)),
                        a_over={"shield_ready": False, "skills": skills}), 15, 3)
        st, ev = act(st, Choose(unit="a", option="ready_shield"))
        assert only(ev, Handled).feet == cost and er_unit(st, "a").shield_ready
        assert _left(st) == 30 - cost


def test_dismounting_costs_thirty_feet_or_fifteen_with_mountsmanship() -> None:
    """ER-16: the knight (60 ft in the saddle, 25 on foot)."""
    for skills, cost in ((["mountsmanship"], 15), (["weapon_training"], 30)):
        st = begin(duel(("a", "knight", (0, 0)), ("b", "orc", (5, 0)),
                        a_over={"skills": skills}), 15, 3)
        st, ev = act(st, Choose(unit="a", option="dismount"))
        assert only(ev, Handled).feet == cost and not er_unit(st, "a").mounted
        assert _left(st) == max(0, 25 - cost)


def test_a_flying_steed_takes_all_the_movement_of_the_round() -> None:
    """ER-16: dismounting a gryphon takes all his movement; after a step it cannot be done."""
    st = begin(duel(("a", "knight", (0, 0)), ("b", "orc", (5, 0)),
                    a_over={"steed": "gryphon"}), 15, 3)
    assert only(act(st, Choose(unit="a", option="dismount"))[1], Handled).feet == ALL_MOVEMENT
    st, _ = act(st, Move(unit="a", path=path((0, 0), (0, 1))))
    assert "ER-16" in _refused(st, Choose(unit="a", option="dismount"))


def test_switching_speeds_leaves_the_new_speed_less_what_was_moved() -> None:
    """ER-15: walked 10 ft, he takes wing: 60 − 10 = 50 ft left; with a 20-ft flight after
    20 ft walked nothing is left, so he cannot."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (6, 0)),
                    a_over={"fly_ft": 60}, radius=12), 15, 3)
    st, _ = act(st, Move(unit="a", path=path((0, 0), (0, 1), (0, 2))))
    st, ev = act(st, Choose(unit="a", option="mode:fly"))
    assert only(ev, ModeSwitched).left_ft == 50 and _left(st) == 50
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (6, 0)),
                    a_over={"fly_ft": 20}), 15, 3)
    st, _ = act(st, Move(unit="a", path=path((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))))
    assert "ER-15" in _refused(st, Choose(unit="a", option="mode:fly"))


def test_standing_from_prone_costs_25_feet_and_the_reaction() -> None:
    """ER-18, R-ER-STAND: prone, he cannot walk; standing takes 25 ft and his reaction."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (4, 0)),
                    a_over={"prone": True}), 15, 3)
    assert "ER-18" in _refused(st, Move(unit="a", path=path((0, 0), (0, 1))))
    st, ev = act(st, Choose(unit="a", option="stand"))
    h = only(ev, Handled)
    assert (h.feet, h.reaction) == (25, True)
    u = er_unit(st, "a")
    assert not u.prone and not u.can_react(st.round) and _left(st) == 5


def _orc_breaks_away(a_over: dict | None = None):
    """The orc acts first and steps away from the sellsword, who takes his flee attack."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0)), a_over=a_over),
               3, 15)
    st, ev = act(st, Move(unit="b", path=path((1, 0), (2, 0))))
    assert only(ev, ReactionOffered).reactor == "a"
    from rules.commands import React

    st, _ = act(st, React(unit="a", accept=True), 2, 3)
    return st


def test_no_standing_once_the_reaction_is_spent() -> None:
    """ER-18, ER-20: the sellsword on the ground used his reaction on the orc's flight."""
    st = _orc_breaks_away({"prone": True})
    st, _ = act(st, Pass(unit="b"))
    assert "ER-18" in _refused(st, Choose(unit="a", option="stand"))


def test_no_defending_after_a_reaction_this_round() -> None:
    """ER-10: he has already reacted this round, so he cannot defend."""
    st = _orc_breaks_away()
    st, _ = act(st, Pass(unit="b"))
    assert "ER-10" in _refused(st, Choose(unit="a", option="defend"))


def test_defending_gives_up_reactions_for_both_rounds() -> None:
    """ER-10: the sellsword defends; the orc then breaks away from him unpunished, and his
    reactions come back only in the round after next."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    st, _ = act(st, Choose(unit="a", option="defend"))
    st, _ = act(st, Pass(unit="a"))
    st, ev = act(st, Move(unit="b", path=path((1, 0), (2, 0), (3, 0))))
    assert not every(ev, ReactionOffered)
    u = er_unit(st, "a")
    assert (u.can_react(1), u.can_react(2), u.can_react(3)) == (False, False, True)


def test_the_battle_ends_the_moment_the_last_foe_drops() -> None:
    """ER-02, R-ER-DOWN: no need to finish the turn once nobody is left to fight."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0)), b_over={"hp": 1}),
               15, 3)
    st, ev = act(st, Attack(unit="a", target="b"), 15, 15)
    assert only(ev, BattleEnded).winner == "pcs" and st.outcome is not None


def test_a_move_may_end_facing_the_way_he_says() -> None:
    """ER-14, ER-09: he turns at the end of his walk (what he sees when defending hangs on
    it)."""
    from rules.events import UnitFaced

    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (4, 0))), 15, 3)
    st, ev = act(st, Move(unit="a", path=path((0, 0), (0, 1)), facing=3))
    assert only(ev, UnitFaced).facing == 3 and er_unit(st, "a").facing == 3
