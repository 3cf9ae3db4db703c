"""A computer player thinking off the render thread: the turn manager gets "not yet" while it
thinks and the command once it is ready, and the game played this way is the same game."""

from __future__ import annotations

import time

from game.threaded import ThreadedController
from game.turns import RandomController, Seat, TurnManager
from rules.scenarios import demo_setup
from rules.state import state_hash


class Slow(RandomController):
    def choose(self, state, side, legal):
        time.sleep(0.002)
        return super().choose(state, side, legal)


def play(wrap: bool) -> str:
    setup = demo_setup("fallen_empire", seed=4)
    seats = {}
    for s in setup.sides:
        ctl = Slow(seed=len(s.id))
        seats[s.id] = Seat(s.id, ThreadedController(ctl) if wrap else ctl)
    tm = TurnManager(setup, seats)
    waits = 0
    for _ in range(200_000):
        if tm.is_over:
            break
        if tm.step() is None:
            waits += 1
            time.sleep(0.0005)
    assert tm.is_over
    if wrap:
        assert waits > 0  # the manager was told "not yet" while the player thought
    return state_hash(tm.state)


def test_thinking_in_a_thread_plays_the_same_game():
    assert play(wrap=True) == play(wrap=False)


def test_thinking_flag_and_readable_pace():
    setup = demo_setup("fallen_empire", seed=4)
    ctl = ThreadedController(RandomController(1), min_think_s=0.05)
    tm = TurnManager(setup, {s.id: Seat(s.id, ctl if i == 0 else RandomController(2))
                             for i, s in enumerate(setup.sides)})
    seat = tm.waiting_on
    assert seat is not None
    t0 = time.monotonic()
    while tm.waiting_on is seat and time.monotonic() - t0 < 5:
        if tm.step() is None:
            time.sleep(0.005)
    assert time.monotonic() - t0 >= 0.05
    ctl.close()


def test_asking_again_about_the_same_position_does_not_start_the_thought_again():
    """The window asks every frame; an equal position (the same, or rebuilt equal) is the
    same question, and only a new position starts a new thought."""
    import copy

    from rules.engine import decider, legal_commands, start

    class Counting(RandomController):
        asked = 0

        def choose(self, state, side, legal):
            Counting.asked += 1
            time.sleep(0.05)
            return super().choose(state, side, legal)

    state, _ = start(demo_setup("fallen_empire", seed=4))
    side = decider(state)
    legal = legal_commands(state, side)
    ctl = ThreadedController(Counting(seed=1))
    assert ctl.choose(state, side, legal) is None
    assert ctl.choose(copy.deepcopy(state), side, legal) is None  # equal: still thinking
    assert ctl.wait(5)
    assert Counting.asked == 1
    assert ctl.choose(state, side, legal) in legal
    ctl.close()


def test_the_turn_manager_leaves_listing_the_legal_commands_to_the_thinking_thread():
    """The window's thread does not list the computer's legal commands (at 100 figures a
    side the list costs the better part of a frame): the worker does, and plays the same."""
    import game.turns as turns

    listed_here = []
    real = turns.legal_commands

    def watched(state, side):
        listed_here.append(side)
        return real(state, side)

    setup = demo_setup("fallen_empire", seed=4)
    seats = {s.id: Seat(s.id, ThreadedController(Slow(seed=len(s.id)))) for s in setup.sides}
    tm = TurnManager(setup, seats)
    turns.legal_commands = watched
    try:
        for _ in range(2000):
            if tm.step() is None:
                time.sleep(0.001)
            if len(tm.history) >= 5:
                break
    finally:
        turns.legal_commands = real
    assert len(tm.history) >= 5
    assert listed_here == []
