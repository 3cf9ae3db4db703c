"""Golden playthroughs: a seeded random battle under each ruleset, narrated event by event,
compared with the log kept in tests/golden/.  Any change in what the rules do shows up here as
a readable diff, in the words a player reads (names, hex labels).  After a deliberate rules
change, regenerate with

    FLANK_UPDATE_GOLDEN=1 python -m pytest tests/test_golden_playthroughs.py

and read the diff before committing it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules.engine import catalogue
from rules.playout import random_playout
from rules.scenarios import demo_setup
from rules.state import state_hash
from rules.wording import Words

GOLDEN = Path(__file__).parent / "golden"


def transcript(ruleset: str) -> str:
    play = random_playout(demo_setup(ruleset, seed=11), seed=11, max_commands=600)
    lines = [f"# {ruleset}: demo position, seed 11, random legal play"]
    words = Words.of(play.initial)  # as a player reads it: names, hex labels (issue 35)
    for e in play.events:
        text = words.say(e)
        if text:
            lines.append(text)
    lines.append(f"# {len(play.commands)} commands, {len(play.events)} events")
    lines.append(f"# final state {state_hash(play.final)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("ruleset", [rid for rid, _, _ in catalogue()])
def test_playthrough_matches_the_golden_log(ruleset: str) -> None:
    path = GOLDEN / f"{ruleset}.log"
    text = transcript(ruleset)
    if os.environ.get("FLANK_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not os.environ.get("FLANK_UPDATE_GOLDEN"):
            pytest.fail(f"{path} did not exist; it has been written: review and commit it")
    assert text == path.read_text(encoding="utf-8")
