"""Hot-seat ZeFRS (issue 23, item 8): each side states its figures' actions in secret
(ZEF-15), so the board is handed over between the sides' declarations, and what one side
declared is hidden from the other's seat (the log and the figure's card) until initiative is
rolled.  The defence and the wait checks are declared actions resolved by the dice
(ZEF-16, ZEF-20, ZEF-36), so no other choice falls to the seat that is not declaring."""

from game.turns import TurnManager
from rules.engine import ruleset_of
from rules.scenarios import demo_setup
from rules.systems.zefrs.events import ActionDeclared, InitiativeRolled
from tests.test_turns import changes, play_hot_seat


def test_a_hot_seat_battle_hands_over_at_every_change_of_seat() -> None:
    tm = TurnManager.hot_seat(demo_setup("zefrs", seed=4), {"heroes": "Ann", "guard": "Bob"})
    assert tm.handover_pending is not None  # the window opens on "I am Ann"
    handovers, deciders, _ = play_hot_seat(tm, max_steps=4000)
    assert tm.is_over
    assert handovers == changes(deciders)
    assert {"heroes", "guard"} <= set(handovers)


def test_a_sides_declarations_are_hidden_from_the_other_seat_until_initiative() -> None:
    tm = TurnManager.hot_seat(demo_setup("zefrs", seed=4), {"heroes": "Ann", "guard": "Bob"})
    rs = ruleset_of("zefrs")
    while not any(isinstance(e, InitiativeRolled) for e in tm.events):
        if tm.handover_pending is not None:
            tm.acknowledge_handover()
        seat = tm.waiting_on
        assert seat is not None
        tm.offer(next(c for c in tm.legal if c.action == "defend"))
        tm.step()
        declared = [e for e in tm.events if isinstance(e, ActionDeclared)]
        if declared and not any(isinstance(e, InitiativeRolled) for e in tm.events):
            mine = tm.state.unit(declared[0].unit).side
            theirs = "guard" if mine == "heroes" else "heroes"
            assert declared[0] not in tm.visible_events(theirs)
            assert declared[0] in tm.visible_events(mine)
            assert declared[0].unit in tm.concealed_units(theirs)
            card = rs.unit_lines(tm.state, declared[0].unit)
            assert any(line.startswith("declared: he will defend") for line in card)
    assert not tm.concealed_units("heroes") and not tm.concealed_units("guard")
