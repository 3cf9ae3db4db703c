"""Hot-seat Enchanted Realms (issue 25, item 5): a flee attack or an attack of opportunity is
the reacting creature's to take or let go (ER-19, ER-20), so in the middle of the mover's
turn the board is hidden and handed to the reactor's player, and handed back once he has
answered; with the reactor's side at the computer, the computer answers and nobody is asked.
A whole hot-seat battle hands over exactly when the deciding seat changes."""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.players import GreedyAI
from game.turns import HumanController, Seat, TurnManager
from rules.commands import Command, Move, Pass, React
from rules.scenarios import demo_setup
from rules.state import Battle
from rules.systems.enchanted_realms.combat_events import (
    ErAttackRolled,
    ReactionAnswered,
    ReactionOffered,
)
from rules.systems.enchanted_realms.frames import ReactionFrame
from tests.enchanted_realms.helpers import duel
from tests.test_turns import changes, play_hot_seat

AWAY = ((1, 0), (2, 0), (3, 0))  # the orc breaks away from the sellsword at (0, 0)


def _setup():
    return duel(("hero", "fighting_man", (0, 0)), ("orc", "orc", (1, 0)),
                b_over={"hp": 30}).build()


def _click(state: Battle, side: str, legal: Sequence[Command]) -> Command:
    """Bob walks the orc away once; Ann takes her flee attack; otherwise both pass."""
    if isinstance(state.top, ReactionFrame):
        return React(unit=state.top.reactor, accept=True)
    away = Move(unit="orc", path=AWAY)
    if away in legal:
        return away
    return next(c for c in legal if isinstance(c, Pass))


def test_a_flee_attack_hands_the_board_to_the_reactors_player_and_back() -> None:
    """ER-19, ER-20: the orc breaks away in Bob's turn; Ann's sellsword may take a flee
    attack, so the board goes to Ann mid-move, and back to Bob after she answers."""
    tm = TurnManager.hot_seat(_setup(), {"pcs": "Ann", "foes": "Bob"})
    log: list[tuple[str, str]] = []  # ("handover" | "decide", side)
    offered_at = -1
    for _ in range(60):
        if offered_at >= 0 and ("decide", "foes") in log[offered_at:]:
            break
        if tm.handover_pending is not None:
            log.append(("handover", tm.handover_pending.side))
            tm.acknowledge_handover()
        seat = tm.waiting_on
        assert seat is not None
        cmd = _click(tm.state, seat.side, tm.legal)
        tm.offer(cmd)
        res = tm.step()
        assert res is not None and res.ok, res
        log.append(("decide", seat.side))
        if cmd == Move(unit="orc", path=AWAY):
            offer = next(e for e in res.events if isinstance(e, ReactionOffered))
            assert (offer.reactor, offer.trigger) == ("hero", "flee")
            top = tm.state.top
            assert isinstance(top, ReactionFrame) and top.actor == "pcs"
            assert res.handover is tm.seats["pcs"] and tm.handover_pending is tm.seats["pcs"]
            tm.offer(React(unit="hero", accept=True))
            assert tm.step() is None  # Bob can neither see nor answer for Ann
            assert tm.state.top is top
            log.append(("handover", "pcs"))
            tm.acknowledge_handover()
            res = tm.step()
            assert res is not None and res.ok
            assert any(isinstance(e, ErAttackRolled) and e.kind == "flee" for e in res.events)
            log.append(("decide", "pcs"))
            offered_at = len(log)
    assert offered_at >= 0, f"the orc never broke away: {log}"
    after = log[offered_at:]
    assert ("handover", "foes") in after[:after.index(("decide", "foes"))]
    decided = [s for k, s in log if k == "decide"]
    assert [s for k, s in log if k == "handover"] == changes(decided)


def test_a_computer_reactor_answers_for_himself_without_a_hand_over() -> None:
    """ER-20: with the sellsword's side at the computer, the flee attack is its decision;
    Bob is never asked to hand the seat over."""
    tm = TurnManager(_setup(), {"foes": Seat("foes", HumanController(), True, "Bob"),
                                "pcs": Seat("pcs", GreedyAI(), False)})
    for _ in range(60):
        if any(isinstance(e, ReactionAnswered) for e in tm.events):
            break
        assert tm.handover_pending is None
        seat = tm.waiting_on
        assert seat is not None
        if seat.human:
            tm.offer(_click(tm.state, seat.side, tm.legal))
        res = tm.step()
        assert res is not None and res.ok, res
    answered = [e for e in tm.events if isinstance(e, ReactionAnswered)]
    assert answered and answered[0].reactor == "hero"


def test_a_hot_seat_battle_hands_over_at_every_change_of_seat() -> None:
    tm = TurnManager.hot_seat(demo_setup("enchanted_realms", seed=3),
                              ["Ann", "Bob"])
    assert tm.handover_pending is not None  # the window opens on "I am Ann", not the board
    handovers, deciders, _ = play_hot_seat(tm, max_steps=3000)
    assert tm.is_over
    assert handovers == changes(deciders)
    assert len(set(handovers)) == 2
