"""Run a computer player off the render thread.

The turn manager asks a controller for a command every frame; a `ThreadedController` answers
None ("not yet") while its inner controller thinks in a worker thread, so the window keeps
drawing, panning and animating, and can show that the computer is thinking.  States are
immutable values, so handing one to another thread is safe.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from game.turns import Controller
from rules.commands import Command
from rules.engine import legal_commands
from rules.state import Battle


class ThreadedController:
    decides_aside = True  # the turn manager may leave the legal commands for the worker to list

    def __init__(self, inner: Controller, min_think_s: float = 0.0) -> None:
        self.inner = inner
        self.min_think_s = min_think_s  # a readable pace: never answer faster than this
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flank-ai")
        self._job: Future[Command | None] | None = None
        self._asked: tuple[Battle, str] | None = None  # the position and side thought about
        self._started = 0.0
        self._lock = threading.Lock()

    @property
    def thinking(self) -> bool:
        with self._lock:
            return self._job is not None and not self._job.done()

    def _same_question(self, state: Battle, side: str) -> bool:
        """Whether this is the position already being thought about.  Asked every frame, so
        it is the same object, or an equal state (compared part by part, the parts shared),
        never a hash of the whole battle (10 ms a frame at 100 figures)."""
        if self._asked is None:
            return False
        asked, asked_side = self._asked
        return side == asked_side and (state is asked or state == asked)

    def choose(self, state: Battle, side: str,
               legal: Sequence[Command] | None) -> Command | None:
        """None while thinking, then the command.  `legal` None: the worker lists the legal
        commands itself, so the window's thread never waits for them."""
        with self._lock:
            if not self._same_question(state, side):
                self._asked = (state, side)
                self._started = time.monotonic()
                given = None if legal is None else list(legal)
                self._job = self._pool.submit(self._think, state, side, given)
                return None
            job = self._job
        if job is None or not job.done():
            return None
        if time.monotonic() - self._started < self.min_think_s:
            return None
        with self._lock:
            self._job = None
            self._asked = None
        return job.result()  # an exception in the worker surfaces here, on the main thread

    def _think(self, state: Battle, side: str, legal: list[Command] | None) -> Command | None:
        if legal is None:
            legal = legal_commands(state, side)
            if not legal:
                raise RuntimeError(f"{side} must decide but has no legal command (top frame "
                                   f"{type(state.top).__name__})")
        return self.inner.choose(state, side, legal)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current thought is finished (for headless drivers and tests);
        True if it is, or if there was none."""
        with self._lock:
            job = self._job
        if job is None:
            return True
        try:
            job.exception(timeout)
        except TimeoutError:
            return False
        return True

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
