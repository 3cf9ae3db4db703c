"""Undo and redo in play (game/undo.py): a player may take back what rolled no dice since the
last roll — a declaration, a step, a facing — but never a roll; redo works until something new
is done; and the save records undo and redo as moves on the line of play, so loading it gives
back the very line the players were on."""

from __future__ import annotations

import pytest

from game.saves import SaveWriter, load_save, new_header, verify_save
from game.turns import HumanController, Seat, TurnManager
from game.undo import UndoError, UndoStack, rolled, undo_mode
from rules.commands import Command, Declare, Move
from rules.engine import decider, legal_commands
from tests.saves.helpers import duel

HERO_WALKS = Move(unit="hero", path=((-3, 0), (-4, 0), (-5, 0), (-6, 0)))
HERO_WALKS_ELSEWHERE = Move(unit="hero", path=((-3, 0), (-4, 1), (-5, 2), (-6, 3)))
OPENING = [Declare(unit="hero", action="move"),  # no dice
           Declare(unit="orc", action="move")]  # the last declaration: initiative is rolled


def hot_seat(tmp_path=None, undo="dice"):
    setup = duel()
    tm = TurnManager(setup, {"men": Seat("men", HumanController(), True, "Ann"),
                             "orcs": Seat("orcs", HumanController(), True, "Bob")})
    writer = None
    if tmp_path is not None:
        writer = SaveWriter(tmp_path / "hs.flank", new_header(setup, undo=undo), fsync=False)
        writer.attach(tm)
    return tm, UndoStack.for_turn_manager(tm, mode=undo, writer=writer), writer


def play(tm: TurnManager, cmd: Command) -> None:
    tm.acknowledge_handover()
    assert cmd in tm.legal, f"{cmd.describe()} is not legal now"
    tm.offer(cmd)
    result = tm.step()
    assert result is not None and result.ok, result


def test_the_example_steps_roll_what_the_tests_say():
    tm, _, _ = hot_seat()
    for cmd in OPENING:
        play(tm, cmd)
    play(tm, HERO_WALKS)
    assert [rolled(evs) for _, evs in tm.history] == [False, True, False]


def test_a_move_that_rolled_no_dice_can_be_undone():
    tm, stack, _ = hot_seat()
    for cmd in OPENING:
        play(tm, cmd)
    before = tm.state
    play(tm, HERO_WALKS)
    assert stack.position == 3 and stack.can_undo
    assert stack.undo() == before
    tm = stack.apply(tm)
    assert tm.state == before and tm.history == stack.history
    assert tm.state.unit("hero").pos == before.unit("hero").pos
    assert decider(tm.state) == "men" and HERO_WALKS in tm.legal


def test_undo_stops_at_the_last_roll():
    tm, stack, _ = hot_seat()
    for cmd in OPENING:
        play(tm, cmd)
    play(tm, HERO_WALKS)
    stack.undo()
    assert not stack.can_undo and stack.undoable() == 0
    assert stack.why_not_undo() == ("the dice have been rolled: undo reaches back only to the "
                                    "last roll")
    with pytest.raises(UndoError):
        stack.undo()
    assert stack.position == 2


def test_before_any_roll_undo_reaches_back_to_the_start():
    tm, stack, _ = hot_seat()
    start = tm.state
    play(tm, OPENING[0])
    assert stack.undoable() == 1
    assert stack.undo() == start
    assert stack.why_not_undo() == "nothing to undo" and stack.position == 0


def test_free_undo_for_teaching_reaches_past_rolls():
    tm, stack, _ = hot_seat(undo="free")
    start = tm.state
    for cmd in OPENING:
        play(tm, cmd)
    play(tm, HERO_WALKS)
    assert stack.undoable() == 3
    for _ in range(3):
        stack.undo()
    assert stack.state == start and not stack.can_undo
    tm = stack.apply(tm)
    assert tm.state == start and tm.history == []


def test_redo_plays_the_undone_step_again():
    tm, stack, _ = hot_seat()
    for cmd in OPENING:
        play(tm, cmd)
    play(tm, HERO_WALKS)
    after = tm.state
    stack.undo()
    tm = stack.apply(tm)
    assert stack.can_redo
    assert stack.redo() == after
    tm = stack.apply(tm)
    assert tm.state == after and not stack.can_redo
    assert stack.history[-1][0] == HERO_WALKS


def test_a_new_command_after_undo_clears_redo():
    tm, stack, _ = hot_seat()
    for cmd in OPENING:
        play(tm, cmd)
    play(tm, HERO_WALKS)
    stack.undo()
    tm = stack.apply(tm)
    play(tm, HERO_WALKS_ELSEWHERE)
    assert not stack.can_redo and stack.position == 3
    assert stack.history[-1][0] == HERO_WALKS_ELSEWHERE
    assert stack.state == tm.state
    with pytest.raises(UndoError):
        stack.redo()


def test_the_save_records_undo_and_redo_and_loads_the_active_line(tmp_path):
    tm, stack, writer = hot_seat(tmp_path)
    for cmd in OPENING:
        play(tm, cmd)
    play(tm, HERO_WALKS)
    stack.undo()
    tm = stack.apply(tm)
    play(tm, HERO_WALKS_ELSEWHERE)  # replaces the walk on the active line
    stack.undo()
    tm = stack.apply(tm)
    stack.redo()
    tm = stack.apply(tm)
    play(tm, legal_commands(tm.state, decider(tm.state))[0])  # the orcs move on
    stack.undo()
    tm = stack.apply(tm)  # ... and take it back: it stays in the file, as redo
    writer.close()

    kinds = [next(iter(k for k in ("opening", "command", "undo", "redo") if k in row))
             for row in map(__import__("json").loads,
                            (tmp_path / "hs.flank").read_text().splitlines()[1:])]
    assert kinds == ["opening", "command", "command", "command", "undo", "command", "undo",
                     "redo", "command", "undo"]
    loaded = load_save(tmp_path / "hs.flank")
    assert loaded.history == stack.history and loaded.redo == stack.redo_steps
    assert loaded.state == stack.state == tm.state
    assert [c for c, _ in loaded.history] == [*OPENING, HERO_WALKS_ELSEWHERE]
    assert verify_save(loaded).ok  # the undone branch is decided again too
    assert verify_save(loaded).undone == 3

    # carrying on from the save: the same line, the same redo
    again = UndoStack.from_loaded(loaded)
    assert again.position == 3 and again.can_redo and again.can_undo
    stack.writer = None  # its save is closed; the comparison needs only its states
    assert again.redo() == stack.redo()


def test_after_reload_play_and_undo_go_on_in_the_same_file(tmp_path):
    tm, stack, writer = hot_seat(tmp_path)
    for cmd in OPENING:
        play(tm, cmd)
    writer.close()
    loaded = load_save(tmp_path / "hs.flank")
    tm = loaded.turn_manager()
    writer = SaveWriter.resume(loaded, fsync=False)
    writer.attach(tm)
    stack = UndoStack.from_loaded(loaded, writer)
    stack.attach(tm)
    play(tm, HERO_WALKS)
    stack.undo()
    tm = stack.apply(tm)
    play(tm, HERO_WALKS_ELSEWHERE)
    writer.close()
    final = load_save(tmp_path / "hs.flank")
    assert final.state == tm.state and final.history == tm.history
    assert final.steps[-1].number == 3 and verify_save(final).ok


def test_undo_mode_comes_from_the_scenario():
    assert undo_mode(None) == "dice" and undo_mode("") == "dice"
    assert undo_mode("free") == "free"
    with pytest.raises(ValueError):
        undo_mode("always")
