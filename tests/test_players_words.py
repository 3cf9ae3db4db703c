"""A player's language everywhere a person reads (issue 20): a random game under every
ruleset on every skirmish map, and the joust on the tournament field, with every line of
the log, every figure's card, every button, the round tracker and every replay caption
checked against the slips in tests/wording.py (an id, a repr, a tuple, `side N`, a field
name, a number or an agreement slip).  A new ruleset or map is covered without touching
this file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.choices import button_label, command_words
from game.content import load_setup
from game.maps.base import MapError
from game.ui.joust_log import JoustLog, rider_names
from rules.engine import decider, legal_commands, rulesets, start, submit
from rules.systems.fallen_empire.joust_mode import joust_frame
from rules.wording import Words, direction_word, plural
from tests.wording import slips

MAPS = Path(__file__).resolve().parent.parent / "maps"
SKIRMISH = sorted(p.name for p in MAPS.glob("*.tmx")
                  if p.name not in ("tournament.tmx", "stress_128.tmx")
                  and "chase" not in p.stem)
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
            seen += [f"log ({e.type}): the trigger {t!r} has no phrase" for _, t in
                     getattr(e, "reactors", ()) if t not in type(e).TRIGGER_WORDS]
        if cmd is not None:
            _read("replay caption", command_words(before, cmd), before, seen)
        side = decider(after)
        if side is not None:
            for c in legal_commands(after, side):
                _read(f"button ({c.type})", button_label(c, words, after), after, seen)
        if n % 10 == 0:
            for u in after.units:
                for line in rs.unit_lines(after, u.id):
                    _read("card", line, after, seen)
        for line in rs.phase_label(after).splitlines():
            _read("round tracker", line, after, seen)
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
           "The orcs wins", "1 dice", "3 hex", "0 hit(s) on the shield",
           "Spearman 2's move provokes Fighting-Man (leave)."]
    for text in bad:
        assert slips(text, state), text
    good = [f"{Words.of(state).unit(uid)} turns to face {direction_word(1)}",
            "The orcs win", plural(1, "die"), plural(3, "die"), "rolled 2: a miss"]
    for text in good:
        assert not slips(text, state), (text, slips(text, state))


FE_TRIGGERS = {  # each Fallen Empire trigger of a free attack, and the words it is told in
    "leave": "for leaving his reach, FE-11", "pass": "for moving past him, FE-11",
    "retreat": "for a full retreat, FE-14"}


@pytest.mark.parametrize("trigger", sorted(FE_TRIGGERS))
def test_a_free_attack_says_what_provoked_it(trigger: str) -> None:
    """FE-11, FE-14, R-FE-LEAVE: the log line of a move that provokes a free attack says
    why in words ("Gorbag's move provokes Fighting-Man (for leaving his reach, FE-11)"),
    never the rules' key ("(leave)"): walking out of a foe's reach, walking right past
    him, and a full retreat from him."""
    from rules.commands import Move
    from rules.systems.fallen_empire.frames import ReactionsDue
    from tests.fallen_empire.helpers import act_exact, declare, fe, only, to_phase

    action, (foe_at, foe_facing), path = {  # the orc's hex and facing, the man's walk
        "leave": ("move", ((1, 0), 3), ((0, 0), (-1, 0), (-2, 0))),
        "pass": ("move", ((0, 0), 1), ((3, -1), (2, -1), (1, -1), (0, -1), (-1, -1))),
        "retreat": ("retreat", ((1, 0), 3), ((0, 0), (-1, 0), (-2, 0))),
    }[trigger]
    sc = (fe().side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", path[0], facing=3)
          .unit("orc", "orc", "orcs", foe_at, facing=foe_facing, shield=""))
    st = start(sc.build())[0]
    st, _ = declare(st, {"fighter": action, "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "movement", "men")
    st, ev = act_exact(st, Move(unit="fighter", path=path))
    due = only(ev, ReactionsDue)
    assert due.reactors == (("orc", trigger),)
    words = Words.of(st)
    line = words.say(due)
    assert line == (f"{words.unit('fighter')}'s move provokes {words.unit('orc')} "
                    f"({FE_TRIGGERS[trigger]}).")
    assert not slips(line, st), slips(line, st)
