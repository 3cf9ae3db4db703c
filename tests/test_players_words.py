"""A player's language everywhere a person reads (issue 20): a random game under every
ruleset on every skirmish map, and the joust on the tournament field, with every line of
the log, every figure's card, every button, the round tracker and every replay caption
checked against the slips in tests/wording.py (an id, a repr, a tuple, `side N`, a field
name, a number or an agreement slip).  A new ruleset or map is covered without touching
this file."""

from __future__ import annotations

import random
import re
from dataclasses import astuple
from pathlib import Path

import pytest

from game.choices import button_label, command_words
from game.content import load_setup
from game.maps.base import MapError
from game.ui.joust_log import JoustLog, rider_names
from game.ui.narration import end_words
from game.ui.side_panel import odds_html
from rules.engine import decider, legal_commands, ruleset_of, rulesets, start, submit
from rules.scenarios import demo_setup
from rules.systems.fallen_empire.joust_mode import joust_frame
from rules.wording import Words, direction_word, plural
from tests.conformance.harness import battlegrounds
from tests.wording import SNAKE, slips

MAPS = Path(__file__).resolve().parent.parent / "maps"
SKIRMISH = sorted(p.name for p in MAPS.glob("*.tmx")
                  if p.name not in ("tournament.tmx", "stress_128.tmx")
                  and "chase" not in p.stem)
STEPS = 160


def _play(setup, seed: int, steps: int = STEPS):
    """Random legal play; yields (state before, command, events, state after)."""
    rng = random.Random(seed)
    state, events = start(setup)
    yield None, None, events, state
    for _ in range(steps):
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


def _read(kind: str, text: str, state, seen: list[str], read: set[str] | None = None) -> None:
    """Every slip in `text`; a line already in `read` (the same battle's cast: a button
    offered again next step) is not read twice."""
    if read is not None:
        if text in read:
            return
        read.add(text)
    for slip in slips(text, state):
        seen.append(f"{kind}: {text!r}: {slip}")


@pytest.mark.parametrize("ruleset", [rs.id for rs in rulesets()])
@pytest.mark.parametrize("map_name", SKIRMISH)
def test_a_random_battle_reads_in_a_players_words(ruleset: str, map_name: str) -> None:
    try:
        setup, _ = load_setup(MAPS / map_name, ruleset=ruleset, seed=7)
    except MapError as exc:  # a map for one ruleset's figures (legionaries are Empress's)
        pytest.skip(str(exc))
    seen: list[str] = []
    _read_battle(setup, 7, STEPS, seen)
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
           "Spearman 2's move provokes Fighting-Man (leave).",
           # issue 35: a side's id, a raw coordinate, a developer's count, a template's id
           f"Initiative: {state.sides[0].id} then {state.sides[1].id}",
           "drops his sling at col 17, row 12", "GM places Bandit (bandit) at B3",
           "move to col -5, row 1", "square 3,4", "<- a sensible defender's choice",
           "Rounds fought: 4 · events: 166", "side A's left faces side B's right",
           "Hex(q=1, r=2)", "{'hp': 3}"]
    er, _ = start(load_setup(MAPS / "open_field.tmx", ruleset="enchanted_realms", seed=1)[0])
    assert slips("Orc 1 takes 4 damage (-1 HP left).", er)
    for text in bad:
        assert slips(text, state), text
    good = [f"{Words.of(state).unit(uid)} turns to face {direction_word(1)}",
            Words.of(state).agree(state.sides[1].id, "wins", "win"), plural(1, "die"),
            plural(3, "die"), "rolled 2: a miss"]
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


# --- every ruleset in every mode (issue 35: "a player's words everywhere") -------------------

GROUNDS = battlegrounds()  # every mode of every ruleset: skirmish, joust, mass, chase ...
GROUND_STEPS = 120


def _read_battle(setup, seed: int, steps: int, seen: list[str]) -> object:
    """Random legal play of `setup`, every line a player meets read: the log, the replay's
    captions, the buttons, the figures' cards (every tenth step), the round tracker (the
    header's round, phase and initiative) and the victory box; the last state."""
    rs = ruleset_of(setup.ruleset)
    after = None
    read: set[str] = set()
    for n, (before, cmd, events, after) in enumerate(_play(setup, seed=seed, steps=steps)):
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
                _read(f"button ({c.type})", button_label(c, words, after), after, seen, read)
        if n % 10 == 0:
            for u in after.units:
                for line in rs.unit_lines(after, u.id):
                    _read("card", line, after, seen)
            _read_odds(rs, after, side, seen)
        for line in rs.phase_label(after).splitlines():
            _read("round tracker", line, after, seen)
    if after is not None and after.outcome is not None:
        for line in "\n".join(end_words(after)).splitlines():
            _read("victory box", line, after, seen)
    return after


def _read_odds(rs, state, side, seen: list[str]) -> None:
    """The odds panel of the first attack a button offers: its summary, what is needed and
    its notes, each line as the panel prints it."""
    if side is None:
        return
    for c in legal_commands(state, side):
        me, target = getattr(c, "unit", None), getattr(c, "target", None)
        if isinstance(me, str) and isinstance(target, str) and state.has_unit(target):
            try:
                odds = rs.odds(state, me, target)
            except (NotImplementedError, ValueError, KeyError):
                return
            for line in odds_html("", odds, Words.of(state)).split("<br>") + [odds.summary]:
                if _untagged(line):
                    _read("odds panel", _untagged(line), state, seen)
            return


@pytest.mark.parametrize("ground", GROUNDS, ids=[g.id for g in GROUNDS])
def test_every_ruleset_and_mode_reads_in_a_players_words(ground) -> None:
    """Issue 35: each ruleset's own sample battle in each of its modes (the skirmish under
    all five, the joust, ZeFRS's mass battle, Enchanted Realms' chase), played at random
    with a fixed seed, says nothing with an id, a snake_case word, a repr, a raw coordinate
    or a developer's count in it."""
    seen: list[str] = []
    _read_battle(ground.setup(3), 3, GROUND_STEPS, seen)
    assert not seen, "\n".join(seen[:20])


def test_the_demo_names_hexes_by_their_labels(capsys) -> None:
    """`flank demo` (a ring of hexes around the centre, whose columns run negative) prints
    every line in a player's words: a hex by its label (R-FLANK-HEX-LABELS), never
    "move to col -5, row 1"."""
    from game.cli import main

    assert main(["demo", "--ruleset", "zefrs", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    state, _ = start(demo_setup("zefrs", seed=2))
    seen: list[str] = []
    for line in lines:
        _read("demo", line, state, seen)
    assert any(re.search(r"\b[A-Z]{1,2}\d{1,3}\b", line) for line in lines), lines[:10]
    assert not seen, "\n".join(seen[:20])


def test_the_gm_sandbox_speaks_a_players_words() -> None:
    """The sandbox's timeline and log: "GM places Bandit at B3", never "GM places Bandit
    (bandit) at col 1, row 2" nor "Switch A -> B"."""
    from game.sandbox import Sandbox
    from tests.fallen_empire.helpers import fe

    sb = Sandbox(fe().side("men", True).side("orcs").build())
    sb.place("fighting_man", "men", (0, 0), facing=0, unit_id="f", name="Aldric")
    sb.place("orc", "orcs", (1, 0), facing=3, unit_id="o1")
    sb.move("o1", (2, 0))
    sb.switch_ruleset("empress")
    seen: list[str] = []
    for entry in sb.entries:
        _read("timeline", entry.label, entry.state, seen)
        for line in entry.narration():
            _read("sandbox log", line, entry.state, seen)
    assert not seen, "\n".join(seen[:20])


def test_a_list_speaks_a_players_words(tmp_path) -> None:
    """The List's screens (its round, the bouts, the standings, what comes next) name the
    knights, never their entrants' ids ("k3 v k4")."""
    from game.lists import board
    from game.lists.roster import default_roster
    from game.lists.session import ListSession

    session = ListSession.new(default_roster(4, ()), method="swiss", seed=5, folder=tmp_path)
    ids = [e.id for e in session.data.entrants]
    lines: list[str] = []
    for _ in range(2):
        session.play_computer_bouts(limit=1)
        lines += [board.round_name(session), board.next_bout_text(session)]
        lines += [text for text, _ in board.round_bouts(session)]
        lines += [" ".join(str(v) for v in astuple(row)) for row in board.standings(session)]
    bare = re.compile(r"(?<![\w'-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    seen = [line for line in lines if bare.search(line) or SNAKE.search(line)]
    assert not seen, "\n".join(seen)


def test_a_blow_past_zero_leaves_no_points_where_the_text_counts_none() -> None:
    """Issue 35: Enchanted Realms counts no hit points below 0 (R-ER-DOWN: the figure is
    down), so a blow past them says "no HP left", never "(-1 HP left)"; Fallen Empire's
    dying figures count down to -10 (FE-40), so there the number stays."""
    from rules.events import UnitDamaged

    er, _ = start(load_setup(MAPS / "open_field.tmx", ruleset="enchanted_realms", seed=1)[0])
    uid = er.units[0].id
    line = Words.of(er).say(UnitDamaged(unit=uid, amount=4, hp_after=-1))
    assert line == f"{Words.of(er).unit(uid)} takes 4 damage (no HP left)."
    assert not slips(line, er)
    fe_state, _ = start(load_setup(MAPS / "open_field.tmx", ruleset="fallen_empire", seed=1)[0])
    fe_uid = fe_state.units[0].id
    assert Words.of(fe_state).say(UnitDamaged(unit=fe_uid, amount=4, hp_after=-1)).endswith(
        "(-1 HP left).")


@pytest.mark.parametrize("ruleset", [rs.id for rs in rulesets()])
def test_the_golden_logs_read_in_a_players_words(ruleset: str) -> None:
    """The golden playthroughs (tests/golden) are written as a player reads the log: names,
    never ids ("o1", "gob"), hexes by their labels."""
    golden = Path(__file__).resolve().parent / "golden" / f"{ruleset}.log"
    state, _ = start(demo_setup(ruleset, seed=11))
    seen: list[str] = []
    for line in golden.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            _read("golden log", line, state, seen)
    assert not seen, "\n".join(seen[:20])


def test_the_odds_box_names_a_charger_and_a_shieldmate() -> None:
    """Issue 35: the odds box said "+2 bugbear_1 charged" (FE-17's modifier, its reason
    written with the figure's id, as a save keeps it); the box reads it in the battle's
    words: "+2 Bugbear charged: AC worse"."""
    from dataclasses import replace

    from tests.fallen_empire.helpers import begin, fe

    st = begin(fe().side("men", True).side("orcs")
               .unit("fighter", "fighting_man", "men", (0, 0), facing=0, name="Aldric")
               .unit("orc_1", "orc", "orcs", (1, 0), facing=3))
    st = st.with_unit(replace(st.unit("orc_1"), charged=True))
    odds = ruleset_of(st).odds(st, "fighter", "orc_1")
    assert any("orc_1 charged" in m.reason for m in odds.modifiers)  # as the rules keep it
    box = [_untagged(line) for line in odds_html("", odds, Words.of(st)).split("<br>")]
    assert any("Orc charged: AC worse" in line for line in box), box
    seen: list[str] = []
    for line in box:
        _read("odds box", line, st, seen)
    assert not seen, seen


@pytest.mark.parametrize("ruleset", ["enchanted_realms", "zefrs", "tarnished_tale"])
def test_a_card_shows_no_points_below_zero_where_the_text_counts_none(ruleset: str) -> None:
    """Issue 35: a figure struck past 0 under a ruleset whose text counts no points below
    it (Ruleset.health_below_zero) shows "HP 0/14" on its card and the roster, never
    "HP -2/14"."""
    from dataclasses import replace

    from game.ui.battle_panels import roster

    state, _ = start(load_setup(MAPS / "open_field.tmx", ruleset=ruleset, seed=1)[0])
    u = state.units[0]
    state = state.with_unit(replace(u, hp=-2))
    lines = ruleset_of(state).unit_lines(state, u.id)
    lines += [line for _, figures in roster(state, Words.of(state)) for line in figures]
    seen: list[str] = []
    for line in lines:
        _read("card", line, state, seen)
    assert not seen, seen
    assert any(f"0/{u.max_hp}" in line for line in lines), lines


def test_hex_labels_read_as_a_wargame_map_names_its_hexes() -> None:
    """R-FLANK-HEX-LABELS: column letters and a row number, column A and row 1 the map's
    first; AA after Z; a ring board counts from its least column and row, so nothing on
    it is negative; the mass battle's squares are named alike."""
    from rules.hexgrid import Hex, offset_to_hex
    from rules.systems.zefrs.mass.events import square_word
    from rules.wording import column_letters, grid_label

    assert [column_letters(c) for c in (0, 3, 25, 26, 27, 51, 52)] == [
        "A", "D", "Z", "AA", "AB", "AZ", "BA"]
    assert grid_label(3, 4) == "D5" and grid_label(-1, 0) == "off the map"
    tiled, _ = start(load_setup(MAPS / "river_ford.tmx", seed=1)[0])
    w = Words.of(tiled)
    b = tiled.board
    assert w.hex(offset_to_hex(0, 0, b.stagger_axis, b.stagger_index)) == "A1"
    assert w.hex(offset_to_hex(3, 4, b.stagger_axis, b.stagger_index)) == "D5"
    ring, _ = start(demo_setup("fallen_empire", seed=1))
    labels = {Words.of(ring).hex(h) for h, _ in ring.board.cells}
    assert all(re.fullmatch(r"[A-Z]+\d+", label) for label in labels), labels
    assert {"A9", "I1"} <= labels  # the ring's west point; the middle of its top row
    assert Words.of(ring).hex(Hex(-40, 0)) == "off the map"
    assert square_word((2, 3)) == "C4"
