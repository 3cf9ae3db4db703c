"""A player's language everywhere a person reads (issue 20): a random game under every
ruleset on every skirmish map, and the joust on the tournament field, with every line of
the log, every figure's card, every button and every replay caption checked against the
slips in tests/wording.py (an id, a repr, a tuple, `side N`, a field name, a number or an
agreement slip).  A new ruleset or map is covered without touching this file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.choices import button_label
from game.content import load_setup
from game.maps.base import MapError
from game.ui.joust_log import JoustLog, rider_names
from rules.engine import decider, legal_commands, rulesets, start, submit
from rules.systems.fallen_empire.joust_mode import joust_frame
from rules.wording import Words, direction_word, plural
from tests.wording import slips

MAPS = Path(__file__).resolve().parent.parent / "maps"
SKIRMISH = sorted(p.name for p in MAPS.glob("*.tmx")
                  if p.name not in ("tournament.tmx", "stress_128.tmx"))
STEPS = 160


def _play(setup, seed: int):
    """Random legal play; yields (state before, command, events, state after)."""
    rng = random.Random(seed)
    state, events = start(setup)
    yield None, None, events, state
    for _ in range(STEPS):
        side = decider(state)
        if side is None:
            return
        cmd = rng.choice(legal_commands(state, side))
        after, events = submit(state, cmd)
        yield state, cmd, events, after
        state = after


def _untagged(html: str) -> str:
    """The text of a line of log HTML, as the reader sees it."""
    return re.sub(r"<[^>]+>", "", html).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"')


def _read(kind: str, text: str, state, seen: list[str]) -> None:
    for slip in slips(text, state):
        seen.append(f"{kind}: {text!r}: {slip}")


@pytest.mark.parametrize("ruleset", [rs.id for rs in rulesets()])
@pytest.mark.parametrize("map_name", SKIRMISH)
def test_a_random_battle_reads_in_a_players_words(ruleset: str, map_name: str) -> None:
    try:
        setup, _ = load_setup(MAPS / map_name, ruleset=ruleset, seed=7)
    except MapError as exc:  # a map for one ruleset's figures (legionaries are Empress's)
        pytest.skip(str(exc))
    rs = next(r for r in rulesets() if r.id == ruleset)
    seen: list[str] = []
    for n, (before, cmd, events, after) in enumerate(_play(setup, seed=7)):
        words = Words.of(after)
        for e in events:
            line = words.say(e)
            if line:
                _read(f"log ({e.type})", line, after, seen)
        if cmd is not None:
            _read("replay caption", cmd.say(Words.of(before)), before, seen)
        side = decider(after)
        if side is not None:
            for c in legal_commands(after, side):
                _read(f"button ({c.type})", button_label(c, words), after, seen)
        if n % 10 == 0:
            for u in after.units:
                for line in rs.unit_lines(after, u.id):
                    _read("card", line, after, seen)
    assert not seen, "\n".join(seen[:20])


def test_the_joust_reads_in_a_players_words() -> None:
    setup, _ = load_setup(MAPS / "tournament.tmx", seed=3)
    seen: list[str] = []
    log = None
    for _before, cmd, events, after in _play(setup, seed=3):
        frame = joust_frame(after)
        if frame is not None and log is None:
            log = JoustLog(frame, rider_names(after))
        for e in events:
            line = log.line(e) if log is not None else Words.of(after).say(e)
            if line:
                _read(f"joust log ({e.type})", _untagged(line), after, seen)
        if cmd is not None:
            _read("replay caption", cmd.say(Words.of(after)), after, seen)
        side = decider(after)
        if side is not None:
            for c in legal_commands(after, side):
                _read("button", button_label(c, Words.of(after)), after, seen)
    assert log is not None, "the tournament field should open a joust"
    assert not seen, "\n".join(seen[:20])


def test_the_checks_catch_what_the_issue_saw() -> None:
    """The slips the newcomer met are all caught, so the scans above can fail."""
    setup, _ = load_setup(MAPS / "open_field.tmx", seed=1)
    state, _ = start(setup)
    uid = state.units[0].id
    bad = [f"{uid} turns to face side 3", f"declare(unit='{uid}', action='charge')",
           "Rolled (2,): miss", "flags: oa_used, spear_used", "Hold to counter at 2,2 (1, 2)",
           "The orcs wins", "1 dice", "3 hex", "0 hit(s) on the shield"]
    for text in bad:
        assert slips(text, state), text
    good = [f"{Words.of(state).unit(uid)} turns to face {direction_word(1)}",
            "The orcs win", plural(1, "die"), plural(3, "die"), "rolled 2: a miss"]
    for text in good:
        assert not slips(text, state), (text, slips(text, state))
