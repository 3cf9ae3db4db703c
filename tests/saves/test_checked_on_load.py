"""A save is checked as it loads to play on (issue 21, item 4).

`flank validate` and `flank play --load` decide every command of a save again and compare,
as `flank replay --verify` does: a die roll changed, two events swapped, a command for a
figure that is not there, a hash changed or a step taken out is refused in one line naming
the step in a player's words, with how to load up to the step before.  Loading up to a step
writes a new save in the save folder and never touches the one that went wrong.  A save
written with CRLF line ends (opened and saved on Windows) loads, verifies and takes new
steps like any other.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.saves import (
    ReplayCursor,
    SaveDiverges,
    SaveError,
    SaveWriter,
    list_saves,
    load_save,
    save_up_to,
    verify_save,
)
from game.turns import TurnManager
from rules.engine import evolve, start
from rules.state import Battle, state_hash
from rules.wording import Words
from tests.saves.helpers import random_seats, saved_battle

Row = dict[str, Any]


@pytest.fixture
def battle(tmp_path: Path) -> tuple[Path, TurnManager]:
    """A random battle 40 steps in and not over, saved and closed: the save to damage."""
    path = tmp_path / "battle.flank"
    tm, writer = saved_battle(path, seed=12, steps=40)
    writer.close()
    assert len(tm.history) == 40 and not tm.is_over
    return path, tm


def rows_of(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_rows(path: Path, rows: list[Row]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def state_before(tm: TurnManager, step: int) -> Battle:
    """The battle as it stood before step `step` (1 = the first command)."""
    state, _ = start(tm.setup)
    for _, events in tm.history[:step - 1]:
        for e in events:
            state = evolve(state, e)
    return state


def step_where(tm: TurnManager, wanted: Callable[[tuple[Any, ...]], bool]) -> int:
    """The first step after the first ten whose events are `wanted`."""
    return next(k for k, (_, events) in enumerate(tm.history, start=1)
                if k > 10 and wanted(events))


def refused(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """What `flank validate` and `flank play --load` say of the save (both exit 2)."""
    assert main(["validate", str(path)]) == 2
    said_by_validate = capsys.readouterr().out
    assert main(["play", "--load", str(path)]) == 2
    said_by_play = capsys.readouterr().err
    assert said_by_validate.count("\n") == 1 and said_by_play.count("\n") == 1
    assert said_by_play == f"flank play: {said_by_validate}"
    return said_by_validate.rstrip("\n"), said_by_play


def hint(path: Path, step: int) -> str:
    return (f"; `flank play --load {shlex.quote(str(path))} --up-to-step {step}` plays on "
            f"from step {step}, in a new save")


def test_a_die_roll_changed_is_refused_with_the_step_and_both_rolls(battle, capsys):
    path, tm = battle
    k = step_where(tm, lambda evs: any(len(e.rolls) == 1 for e in evs))
    j = next(i for i, e in enumerate(tm.history[k - 1][1]) if len(e.rolls) == 1)
    rolled = tm.history[k - 1][1][j].rolls[0]
    forged = rolled + 1 if rolled < 6 else 1
    rows = rows_of(path)
    rows[1 + k]["events"][j]["rolls"] = [forged]
    write_rows(path, rows)
    before = path.read_bytes()
    said, _ = refused(path, capsys)
    words = tm.history[k - 1][0].say(Words.of(state_before(tm, k)))
    assert said == (f"{path}: line {k + 2}: step {k} ({words}): the save says the die rolled "
                    f"{forged}, the rules roll {rolled}" + hint(path, k - 1))
    assert path.read_bytes() == before  # refusing it changed nothing


def test_two_events_swapped_are_refused_with_the_step_and_what_each_says(battle, capsys):
    path, tm = battle
    k = step_where(tm, lambda evs: len(evs) >= 2 and evs[0].type != evs[1].type)
    first, second = tm.history[k - 1][1][:2]
    rows = rows_of(path)
    events = rows[1 + k]["events"]
    events[0], events[1] = events[1], events[0]
    write_rows(path, rows)
    said, _ = refused(path, capsys)
    w = Words.of(state_before(tm, k))
    saves_word = w.say(second) or second.type.replace("_", " ")
    rules_word = w.say(first) or first.type.replace("_", " ")
    assert f": line {k + 2}: step {k} (" in said
    assert f"): the save says “{saves_word}”, the rules say “{rules_word}”" in said
    assert said.endswith(hint(path, k - 1))


def test_a_command_for_a_missing_figure_is_refused_with_the_step(battle, capsys):
    path, tm = battle
    k = step_where(tm, lambda evs: True)
    rows = rows_of(path)
    assert "unit" in rows[1 + k]["command"]
    rows[1 + k]["command"]["unit"] = "ghost"
    write_rows(path, rows)
    said, _ = refused(path, capsys)
    assert f": line {k + 2}: step {k} (ghost " in said
    assert "the rules refuse it: there is no unit 'ghost'" in said
    assert said.endswith(hint(path, k - 1))


def test_a_hash_changed_is_refused_with_the_step(battle, capsys):
    path, _ = battle
    k = 30
    rows = rows_of(path)
    rows[1 + k]["hash"] = "0" * 32
    write_rows(path, rows)
    said, _ = refused(path, capsys)
    assert said.startswith(f"{path}: line {k + 2}: step {k} (")
    assert said.endswith("): the battle after it is not the one the save recorded (its hash "
                         "differs)" + hint(path, k - 1))


def test_a_step_taken_out_is_refused_naming_the_missing_step(battle, capsys):
    path, _ = battle
    k = 25
    rows = rows_of(path)
    del rows[1 + k]
    write_rows(path, rows)
    said, _ = refused(path, capsys)
    assert said == (f"{path}: line {k + 2}: step {k} is missing: the save goes on with step "
                    f"{k + 1}" + hint(path, k - 1))


def test_watching_a_replay_folds_the_recorded_events_without_deciding_them(battle):
    """The replay viewer's fast path (issue 21: left as it is): a save with a changed
    roll, its step's hash taken out with it, is shown as recorded; only playing on decides
    the commands again, and refuses it."""
    path, tm = battle
    k = step_where(tm, lambda evs: any(e.rolls for e in evs))
    j = next(i for i, e in enumerate(tm.history[k - 1][1]) if e.rolls)
    rows = rows_of(path)
    rows[1 + k]["events"][j]["rolls"] = [7] * len(tm.history[k - 1][1][j].rolls)
    del rows[1 + k]["hash"]
    write_rows(path, rows)
    watched = ReplayCursor(load_save(path))
    watched.seek_step(k)
    assert watched.step_events()[j].rolls[0] == 7
    with pytest.raises(SaveDiverges) as caught:
        load_save(path, verify=True)
    assert caught.value.up_to == k - 1


# --- loading up to a step -----------------------------------------------------------------


def test_loading_up_to_the_step_before_writes_a_new_save_and_keeps_the_old(
        battle, tmp_path, monkeypatch, capsys):
    path, tm = battle
    saves = tmp_path / "saves"
    monkeypatch.setenv("FLANK_SAVE_DIR", str(saves))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    rows = rows_of(path)
    rows[1 + 20]["command"]["unit"] = "ghost"
    write_rows(path, rows)
    damaged = path.read_bytes()
    assert main(["play", "--load", str(path), "--up-to-step", "19", "--frames", "2"]) == 0
    new = list_saves(saves)
    assert len(new) == 1 and new[0].name.endswith("-to-step-19.flank")
    assert capsys.readouterr().err.startswith(f"{path}: loaded up to step 19 as a new save, "
                                              f"{new[0]} (this file is left as it was)")
    assert path.read_bytes() == damaged  # the save that went wrong, untouched
    again = load_save(new[0], verify=True)  # the new one: checked, and played on from step 19
    assert again.history[:19] == tm.history[:19]


def test_loading_further_than_the_rules_agree_is_refused(battle, tmp_path, monkeypatch,
                                                         capsys):
    path, _ = battle
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    rows = rows_of(path)
    rows[1 + 20]["command"]["unit"] = "ghost"
    write_rows(path, rows)
    assert main(["play", "--load", str(path), "--up-to-step", "20"]) == 2
    assert capsys.readouterr().err == (f"flank play: {path}: cannot load up to step 20: "
                                       "the rules agree with it only up to step 19\n")
    assert list_saves(tmp_path / "saves") == []


def test_loading_past_the_end_of_a_good_save_is_refused(battle, tmp_path):
    path, _ = battle
    with pytest.raises(SaveError) as caught:
        save_up_to(path, 41, folder=tmp_path / "saves")
    assert caught.value.problem == "cannot load up to step 41: the battle has only 40 steps"
    assert list_saves(tmp_path / "saves") == []


def test_a_save_gone_wrong_at_its_start_offers_to_start_it_again(battle, tmp_path,
                                                                 monkeypatch):
    path, tm = battle
    rows = rows_of(path)
    rows[1]["opening"] = rows[1]["opening"][:-1]  # the opening's last event taken out
    write_rows(path, rows)
    with pytest.raises(SaveDiverges) as caught:
        load_save(path, verify=True)
    assert caught.value.up_to == 0
    assert caught.value.problem.startswith("the opening (the battle's start): the rules go "
                                           "on with ")
    assert caught.value.hint().endswith("starts the battle again from the beginning, in a "
                                        "new save")
    fresh = save_up_to(path, 0, folder=tmp_path / "saves")
    again = load_save(fresh, verify=True)
    assert again.position == 0 and again.opening == tuple(tm.initial_events)


# --- CRLF -----------------------------------------------------------------------------------


def crlf(path: Path) -> None:
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))


def test_a_save_with_crlf_line_ends_loads_verifies_and_validates(battle, capsys):
    path, tm = battle
    crlf(path)
    loaded = load_save(path, verify=True)
    assert loaded.state == tm.state and loaded.history == tm.history and not loaded.notices
    assert verify_save(load_save(path)).ok
    assert main(["validate", str(path)]) == 0


def test_a_crlf_save_takes_new_steps_and_still_loads(battle):
    path, _ = battle
    crlf(path)
    loaded = load_save(path, verify=True)
    tm2 = loaded.turn_manager(random_seats(loaded.setup, 5))
    with SaveWriter.resume(loaded, fsync=False) as writer:
        writer.attach(tm2)
        tm2.run(max_steps=20)
    again = load_save(path, verify=True)
    assert again.position == 60 and state_hash(again.state) == state_hash(tm2.state)


@pytest.mark.parametrize("cut", [b"\r", b"", b"{\"step\": 41, \"comm"],
                         ids=["cut-between-cr-and-lf", "cut-before-cr", "half-a-line"])
def test_a_crlf_save_cut_by_a_crash_loads_and_resumes_without_corruption(battle, cut):
    """A crash mid-write leaves the last line without its LF (or half a line after it):
    the save loads, and the writer cuts or ends that line before it appends."""
    path, tm = battle
    crlf(path)
    raw = path.read_bytes()
    if cut == b"\r":
        raw = raw[:-1]  # ...}\r
    elif cut == b"":
        raw = raw[:-2]  # ...}
    else:
        raw = raw + cut  # ...}\r\n{"step": 41, "comm
    path.write_bytes(raw)
    loaded = load_save(path, verify=True)
    assert loaded.position == 40 and loaded.notices
    tm2 = loaded.turn_manager(random_seats(loaded.setup, 5))
    with SaveWriter.resume(loaded, fsync=False) as writer:
        writer.attach(tm2)
        tm2.run(max_steps=5)
    again = load_save(path, verify=True)
    assert again.position == 45 and not again.notices
    assert again.history[:40] == tm.history
