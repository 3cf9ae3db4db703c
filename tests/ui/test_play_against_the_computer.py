"""Issue 5: `flank play duel --sides human,ai` played to the end, as a new player would: the
person clicks, the computer thinks in a worker thread (the window keeps drawing and says so),
and there is never a hand-over screen with only one person at the table."""

from __future__ import annotations

import re
import time

import pygame
import pytest

pytest.importorskip("game.ai")

from rules.wording import Words
from tests.ui.test_window_play import Player
from tests.wording import slips


def test_a_duel_against_the_computer_is_played_to_the_end():
    p = Player(seed=11, players=["human", "ai"])
    seen_thinking = False
    thinking_lines: set[str] = set()
    deadline = time.monotonic() + 120
    while not (p.scene.tm.is_over and not p.scene.anim.busy) and time.monotonic() < deadline:
        seat = p.scene.tm.waiting_on
        if seat is not None and not seat.human:
            seen_thinking = seen_thinking or "thinking" in p.scene.panel.turn.text
            thinking_lines.add(p.scene.panel.turn.text)
            p.frames(3)
            time.sleep(0.01)
            continue
        p.turn()
    p.frames(5)
    assert p.scene.tm.is_over
    assert p.scene.end_panel is not None
    # the winner named as the side is ("The orcs win", never "orcs wins")
    state = p.scene.tm.state
    assert p.scene.end_headline in ("A draw", Words.of(state).agree(state.outcome.winner,
                                                                    "wins", "win"))
    assert not slips(p.scene.end_headline, state)
    # the box's every line a player's (issue 35: no "events: 166", a developer's count)
    boxes = [e for e in p.scene.end_panel.get_container().elements if hasattr(e, "html_text")]
    text = " ".join(b.html_text for b in boxes)
    assert "events" not in text and "fought" in text
    for line in re.sub(r"<[^>]+>", "\n", text).splitlines():
        assert not slips(line, state), (line, slips(line, state))
    assert p.covers == 0  # one person: no hand-over screens
    assert seen_thinking
    # in number whatever the side's name, never "The orcs (computer: tactician) is thinking"
    orcs = next(s.side for s in p.scene.tm.seats.values() if not s.human)
    words = Words.of(state)
    assert f"The computer is thinking for {words.side(orcs, start=False)}…" in thinking_lines
    computer = [s for s in p.scene.tm.seats.values() if not s.human]
    assert len(computer) == 1 and "tactician" in computer[0].name
    pygame.quit()


def test_an_unknown_player_is_refused_with_the_known_ones(capsys):
    from game.cli import main

    assert main(["play", "duel", "--sides", "human,wizard"]) == 2
    err = capsys.readouterr().err
    assert "wizard" in err and "tactician" in err


def test_a_game_against_the_computer_resumes_with_the_computer(tmp_path, monkeypatch):
    """The save says which side the computer played ("ai:greedy"), and Continue gives that
    side back to the computer."""
    from game.app import App
    from game.saves import latest_save, load_save
    from game.ui.launch import resume_saved

    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    p = Player(seed=12, players=["human", "ai:greedy"])
    for _ in range(10):
        p.turn()
        p.frames(3)
    p.scene.close()
    header = load_save(latest_save()).header
    assert "ai:greedy" in header.sides.values()
    scene = resume_saved(App((1280, 800)), latest_save())
    computer = [s for s in scene.tm.seats.values() if not s.human]
    assert len(computer) == 1 and computer[0].name == "greedy"
    scene.close()
    pygame.quit()


def test_a_seat_is_named_by_its_player_else_by_its_side_never_by_an_id():
    """Issue 35: "To decide: men" where a scenario gave its side no name."""
    from types import SimpleNamespace

    from game.ui.battle_panels import seat_words

    words = Words(sides={"men": "The champion", "orcs": "orcs"})
    assert seat_words(SimpleNamespace(side="men", name="Alice"), words) == "Alice"
    assert seat_words(SimpleNamespace(side="men", name="The champion"), words) == "The champion"
    assert seat_words(SimpleNamespace(side="orcs", name="orcs"), words) == words.side("orcs")
    assert seat_words(SimpleNamespace(side="orcs", name=""), words) == words.side("orcs")
