"""A battle process killed outright (SIGKILL, mid-turn) loses nothing: the save it was writing
loads back to exactly the steps it had played, and play goes on from there in a new turn
manager built from the loaded state and history."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.saves import SaveWriter, load_save, verify_save
from game.turns import TurnManager
from rules.engine import evolve_all, initial_state
from rules.scenarios import open_field
from rules.state import state_hash
from tests.saves.helpers import random_seats

ROOT = Path(__file__).resolve().parents[2]
SEED = 2  # open_field(per_side=4, seed=2) with these random players lasts 75 steps

CHILD = textwrap.dedent("""
    import sys, time
    from game.saves import SaveWriter, new_header
    from game.turns import TurnManager
    from rules.scenarios import open_field
    from tests.saves.helpers import random_seats

    setup = open_field("fallen_empire", per_side=4, seed={seed})
    tm = TurnManager(setup, random_seats(setup, {seed}))
    writer = SaveWriter(sys.argv[1], new_header(setup, controllers={{
        "men": "random:{seed}", "orcs": "random:{seed}"}}))
    writer.attach(tm)
    n = 0
    while tm.step() is not None:
        n += 1
        print("step", n, flush=True)
        time.sleep(0.01)
    print("over", flush=True)
""").format(seed=SEED)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_battle_resumes_with_no_event_lost(tmp_path):
    path = tmp_path / "crash.flank"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reported = 0
    deadline = time.monotonic() + 60
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("step"):
                reported = int(line.split()[1])
            assert not line.startswith("over"), "the battle ended before it could be killed"
            if reported >= 20 or time.monotonic() > deadline:
                break
        os.kill(child.pid, signal.SIGKILL)  # no clean-up, no flush, mid-turn
        rest, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL, err
    reported = max([reported] + [int(x.split()[1]) for x in rest.splitlines()
                                 if x.startswith("step")])
    assert reported >= 20

    loaded = load_save(path)
    # every step the battle reported (and perhaps the one after) is in the save
    assert len(loaded.history) >= reported
    assert loaded.state.outcome is None  # killed mid-battle
    assert loaded.state == evolve_all(initial_state(loaded.setup), loaded.events)
    # ...and they are exactly the steps the battle played: the same players replay them
    setup = open_field("fallen_empire", per_side=4, seed=SEED)
    twin = TurnManager(setup, random_seats(setup, SEED))
    twin.run(max_steps=len(loaded.history))
    assert loaded.history == twin.history and loaded.state == twin.state

    # play on from the loaded state and history, appending to the same save
    resumed = loaded.turn_manager(random_seats(setup, SEED + 1))
    assert resumed.state == loaded.state and resumed.events == loaded.events
    with SaveWriter.resume(loaded) as writer:
        writer.attach(resumed)
        resumed.run()
    assert resumed.is_over
    final = load_save(path)
    assert final.notices == []
    assert final.history[: len(loaded.history)] == loaded.history
    assert state_hash(final.state) == state_hash(resumed.state)
    assert verify_save(final).ok
