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
