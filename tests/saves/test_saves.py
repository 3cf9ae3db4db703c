"""Saves are the event log (game/saves/): what a player notices is that a battle is never
lost — every step is on disk the moment it is played, a crash costs at most a half-written
line, a save loads back into exactly the battle that was left, and every save is a replay
that `flank replay --verify` can check against the rules."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.saves import (
    FORMAT,
    VERSION,
    ReplayCursor,
    SaveError,
    SaveWriter,
    autosave_path,
    latest_save,
    list_saves,
    load_save,
    new_header,
    save_dir,
    scenario_hash,
    seats_from_header,
    setup_hash,
    start_autosave,
    verify_save,
)
from game.turns import HumanController, RandomController, ScriptedController, Seat, TurnManager
from rules.engine import (
    decider,
    evolve,
    evolve_all,
    initial_state,
    legal_commands,
    start,
    submit,
)
from rules.scenarios import demo_setup
from rules.state import state_hash
from tests.saves.helpers import duel, random_seats, saved_battle


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# --- the file -------------------------------------------------------------------------------


def test_a_save_is_a_header_then_the_opening_then_one_step_a_line(tmp_path):
    setup = demo_setup("fallen_empire", seed=3)
    tm, writer = saved_battle(tmp_path / "a.flank", setup, steps=12, seed=3,
                              controllers={"patrol": "human:Alice", "orcs": "ai:tactician"})
    writer.close()
    rows = lines_of(tmp_path / "a.flank")
    head = rows[0]
    assert head["format"] == FORMAT and head["version"] == VERSION == 1
    assert head["ruleset"] == "fallen_empire" and head["seed"] == 3
    assert head["scenario"] == {"title": "Patrol meets orcs", "path": "maps/test.tmx"}
    assert head["sides"] == {"patrol": "human:Alice", "orcs": "ai:tactician"}
    assert head["scenario_hash"] == scenario_hash(setup, "maps/test.tmx")  # path too
    assert head["created"].endswith("+00:00")
    assert head["flank_version"]
    assert head["setup"] == setup.model_dump(mode="json")  # the save needs no map file
    assert rows[1] == {"opening": [e.model_dump(mode="json") for e in tm.initial_events]}
    assert len(rows) == 2 + 12
    for n, (row, (cmd, events)) in enumerate(zip(rows[2:], tm.history, strict=True), start=1):
        assert row["step"] == n
        assert row["command"] == cmd.model_dump(mode="json")
        assert row["events"] == [e.model_dump(mode="json") for e in events]
    assert rows[-1]["hash"] == state_hash(tm.state)


def test_loading_gives_back_the_battle_exactly(tmp_path):
    tm, _writer = saved_battle(tmp_path / "a.flank", steps=40, seed=5)
    loaded = load_save(tmp_path / "a.flank")
    assert loaded.notices == []
    assert loaded.state == tm.state
    assert loaded.state == evolve_all(initial_state(loaded.setup), loaded.events)
    assert loaded.events == tm.events
    assert loaded.history == tm.history
    assert loaded.opening == tm.initial_events
    assert loaded.position == 40 and loaded.redo == []
    assert [s.number for s in loaded.steps] == list(range(1, 41))


def test_the_resumed_turn_manager_plays_on_as_the_original_would(tmp_path):
    setup = demo_setup("fallen_empire", seed=8)
    tm, writer = saved_battle(tmp_path / "a.flank", setup, steps=15, seed=8)
    loaded = load_save(tmp_path / "a.flank")
    later, state = [], tm.state
    for _ in range(20):  # the commands the original goes on with
        if decider(state) is None:
            break
        cmd = legal_commands(state, decider(state))[-1]
        later.append(cmd)
        state, _ = submit(state, cmd)
    script = ScriptedController(later)  # one script for both sides, in order
    resumed = loaded.turn_manager({s: Seat(s, script, False) for s in ("patrol", "orcs")})
    assert resumed.state == tm.state and resumed.events == tm.events
    original_script = ScriptedController(later)
    for seat in tm.seats.values():
        object.__setattr__(seat, "controller", original_script)
    for _ in later:
        a, b = resumed.step(), tm.step()
        assert a is not None and b is not None and a.ok and a.events == b.events
    assert resumed.state == tm.state == state
    writer.close()
    assert load_save(tmp_path / "a.flank").state == state  # the original's writer saved it all


def test_every_step_is_on_disk_as_soon_as_it_is_played(tmp_path):
    setup = duel()
    tm = TurnManager(setup, random_seats(setup, 1))
    writer = SaveWriter(tmp_path / "live.flank", new_header(setup))  # fsync on
    writer.attach(tm)
    for n in range(1, 8):
        tm.step()
        loaded = load_save(tmp_path / "live.flank")  # another reader, while the writer is open
        assert loaded.position == n
        assert loaded.state == tm.state
    writer.close()


def test_a_new_save_never_overwrites_a_file(tmp_path):
    (tmp_path / "a.flank").write_text("precious\n")
    with pytest.raises(FileExistsError):
        SaveWriter(tmp_path / "a.flank", new_header(duel()))
    assert (tmp_path / "a.flank").read_text() == "precious\n"
    assert not (tmp_path / "a.flank.part").exists()


# --- crashes --------------------------------------------------------------------------------


def test_a_line_cut_off_mid_write_is_left_out_with_a_notice_and_the_rest_kept(tmp_path):
    path = tmp_path / "a.flank"
    tm, writer = saved_battle(path, steps=20, seed=2)
    writer.close()
    raw = path.read_bytes()
    last = raw.rstrip(b"\n").rfind(b"\n") + 1
    path.write_bytes(raw[: last + (len(raw) - last) // 2])  # half of the last line
    loaded = load_save(path)
    assert loaded.position == 19
    assert loaded.history == tm.history[:19]
    assert loaded.notices == ["line 22 was cut off mid-write (a crash?): it is left out and "
                              "the 21 lines before it are kept"]
    assert loaded.valid_bytes == last

    # carrying on cuts the broken line off before appending: the file is whole again
    resumed = loaded.turn_manager(random_seats(loaded.setup, 9))
    with SaveWriter.resume(loaded, fsync=False) as w:
        w.attach(resumed)
        resumed.run(max_steps=10)
    again = load_save(path)
    assert again.notices == []
    assert again.state == resumed.state
    assert again.history == resumed.history
    assert verify_save(again).ok


def test_a_last_line_missing_only_its_line_end_is_kept(tmp_path):
    path = tmp_path / "a.flank"
    tm, writer = saved_battle(path, steps=6, seed=2)
    writer.close()
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    loaded = load_save(path)
    assert loaded.position == 6 and loaded.state == tm.state
    assert loaded.notices == ["line 8 had no line end (the save was cut off just after it); "
                              "it is kept"]
    with SaveWriter.resume(loaded, fsync=False) as w:
        resumed = loaded.turn_manager(random_seats(loaded.setup, 3))
        w.attach(resumed)
        resumed.run(max_steps=3)
    assert load_save(path).position == 9


def test_zero_bytes_left_by_a_power_cut_are_left_out(tmp_path):
    path = tmp_path / "a.flank"
    tm, writer = saved_battle(path, steps=5, seed=2)
    writer.close()
    with path.open("ab") as f:
        f.write(b"\0" * 4096)
    loaded = load_save(path)
    assert loaded.state == tm.state
    assert loaded.notices == ["4096 zero bytes at the end of the file (left by a crash) were "
                              "left out"]


def test_a_save_with_only_its_header_starts_the_battle_afresh(tmp_path):
    setup = duel()
    SaveWriter(tmp_path / "a.flank", new_header(setup)).close()
    loaded = load_save(tmp_path / "a.flank")
    state, opening = start(setup)
    assert loaded.state == state and list(loaded.opening) == opening
    assert not loaded.opening_recorded
    assert "had not begun" in loaded.notices[0]
    tm = loaded.turn_manager(random_seats(setup))
    with SaveWriter.resume(loaded, fsync=False) as w:
        w.attach(tm)  # records the opening it lacked
        tm.run(max_steps=4)
    again = load_save(tmp_path / "a.flank")
    assert again.opening_recorded and again.state == tm.state and verify_save(again).ok


def test_a_header_cut_off_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "a.flank"
    SaveWriter(path, new_header(duel())).close()
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert str(caught.value) == (f"{path}: line 1: the header was cut off mid-write: nothing "
                                 "can be loaded")


def test_a_failed_write_leaves_no_half_line_behind(tmp_path, monkeypatch):
    path = tmp_path / "a.flank"
    setup = duel()
    tm = TurnManager(setup, random_seats(setup))
    writer = SaveWriter(path, new_header(setup), fsync=False)
    writer.attach(tm)
    tm.step()
    real_write = os.write

    def disk_full(fd, data):
        real_write(fd, bytes(data)[:10])  # ten bytes land, then the disk is full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", disk_full)
    tm.step()  # the battle goes on; the save stops, saying why
    monkeypatch.setattr(os, "write", real_write)
    assert writer.failure is not None and writer.failure.problem == "no space left on the disk"
    loaded = load_save(path)
    assert loaded.notices == [] and loaded.position == 1


# --- older formats --------------------------------------------------------------------------


def as_version_0(path: Path, out: Path) -> None:
    """Rewrite a version-1 save the way the development format 0 wrote it."""
    rows = lines_of(path)
    head = rows[0]
    v0 = {"format": "flank-save", "version": 0, "rules": head["ruleset"],
          "map": head["scenario"]["path"], "title": head["scenario"]["title"],
          "seed": head["seed"], "players": {s: c.split(":")[0] for s, c in head["sides"].items()},
          "setup": head["setup"]}
    body = [v0, rows[1]] + [{"cmd": r["command"], "events": r["events"]} for r in rows[2:]]
    out.write_text("".join(json.dumps(r) + "\n" for r in body), encoding="utf-8")


def test_a_version_0_save_is_upgraded_on_load(tmp_path):
    tm, writer = saved_battle(tmp_path / "v1.flank", steps=25, seed=6,
                              controllers={"patrol": "human:Ann", "orcs": "ai:greedy"})
    writer.close()
    as_version_0(tmp_path / "v1.flank", tmp_path / "v0.flank")
    loaded = load_save(tmp_path / "v0.flank")
    assert loaded.version_read == 0
    h = loaded.header
    assert h.version == 1 and h.ruleset == "fallen_empire"
    assert h.scenario.path == "maps/test.tmx" and h.scenario.title == "Patrol meets orcs"
    assert h.sides == {"patrol": "human:patrol", "orcs": "ai:orcs"}
    assert h.scenario_hash == setup_hash(loaded.setup)
    assert h.created is None and h.undo == "dice"
    assert [s.number for s in loaded.steps] == list(range(1, 26))
    assert loaded.state == tm.state and loaded.history == tm.history
    assert verify_save(loaded).ok


def test_a_version_0_save_with_a_bad_setup_names_the_problem(tmp_path):
    _tm, writer = saved_battle(tmp_path / "v1.flank", steps=2, seed=6)
    writer.close()
    as_version_0(tmp_path / "v1.flank", tmp_path / "v0.flank")
    rows = lines_of(tmp_path / "v0.flank")
    rows[0]["setup"]["seed"] = "seven"
    (tmp_path / "v0.flank").write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(SaveError) as caught:
        load_save(tmp_path / "v0.flank")
    assert caught.value.problem == 'setup.seed: must be a whole number, not "seven"'


# --- where saves live -----------------------------------------------------------------------


def test_saves_go_to_the_user_data_folder_unless_told_otherwise(tmp_path, monkeypatch):
    monkeypatch.delenv("FLANK_SAVE_DIR", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert save_dir() == tmp_path / "home" / ".local" / "share" / "flank" / "saves"
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    assert save_dir() == tmp_path / "saves"
    p = autosave_path("The Ford at Dawn!")
    assert p.parent == tmp_path / "saves" and p.name.endswith("-the-ford-at-dawn.flank")


def test_continue_finds_the_latest_save(tmp_path, monkeypatch):
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path))
    assert latest_save() is None
    setup = duel()
    paths = []
    for i in range(3):
        tm = TurnManager(setup, random_seats(setup, i))
        w = start_autosave(tm, setup=setup, scenario_path="maps/duel.tmx", fsync=False)
        tm.run(max_steps=3)
        w.close()
        paths.append(w.path)
        os.utime(w.path, ns=(time.time_ns() + i * 10**9,) * 2)
    assert len(set(paths)) == 3 and all(p.parent == tmp_path for p in paths)
    assert latest_save() == paths[-1]
    assert list_saves() == paths[::-1]
    loaded = load_save(latest_save())
    assert loaded.header.scenario.path == "maps/duel.tmx"


def test_seats_come_from_the_header(tmp_path):
    _tm, _writer = saved_battle(tmp_path / "a.flank", steps=1,
                              controllers={"patrol": "human:Alice", "orcs": "random:7"})
    seats = seats_from_header(load_save(tmp_path / "a.flank").header)
    assert seats["patrol"].human and seats["patrol"].name == "Alice"
    assert isinstance(seats["patrol"].controller, HumanController)
    assert not seats["orcs"].human and isinstance(seats["orcs"].controller, RandomController)


# --- replays --------------------------------------------------------------------------------


def test_the_replay_cursor_scrubs_to_any_event(tmp_path):
    tm, _writer = saved_battle(tmp_path / "a.flank", seed=11, steps=80)
    cur = ReplayCursor(load_save(tmp_path / "a.flank"), every=16)
    log = tm.events
    assert len(cur) == len(log) and cur.at_start
    assert cur.state == initial_state(load_save(tmp_path / "a.flank").setup)
    states = [cur.state]
    while not cur.at_end:
        e = cur.step_forward()
        assert e is log[cur.position - 1] or e == log[cur.position - 1]
        states.append(cur.state)
    assert cur.state == tm.state and cur.step_forward() is None
    for n in (len(log), 3, 0, len(log) // 2, 17, 16, len(log) - 1, 5):
        assert cur.seek(n) == states[n] and cur.position == n
    assert cur.seek(10**6) == tm.state and cur.seek(-5) == states[0]
    cur.seek(40)
    assert cur.step_back() == log[39] and cur.state == states[39]
    assert cur.events_at() == tuple(log[:39]) and cur.events_at(3) == tuple(log[:3])


def test_the_replay_cursor_knows_the_steps(tmp_path):
    tm, _writer = saved_battle(tmp_path / "a.flank", seed=11, steps=30)
    cur = ReplayCursor(load_save(tmp_path / "a.flank"))
    assert cur.steps == 30
    cur.seek_step(0)
    assert cur.position == len(tm.initial_events) and cur.step == 0
    assert cur.command_at() is None
    for k in (1, 7, 30):
        cur.seek_step(k)
        cmd, events = tm.history[k - 1]
        assert cur.step == k and cur.command_at() == cmd
        assert cur.step_events() == events
        assert cur.event == events[-1]


def test_verify_decides_every_command_again(tmp_path):
    tm, writer = saved_battle(tmp_path / "a.flank", seed=12)
    writer.close()
    result = verify_save(load_save(tmp_path / "a.flank"))
    assert result.ok and result.steps == len(tm.history) and result.undone == 0
    assert result.events == len(tm.events)
    assert result.final_hash == state_hash(tm.state)


def tamper(path: Path, step: int, change) -> None:
    rows = lines_of(path)
    change(rows[1 + step])
    rows[1 + step].pop("hash", None)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_verify_names_the_first_event_the_rules_would_not_give(tmp_path):
    path = tmp_path / "a.flank"
    tm, writer = saved_battle(path, seed=12)
    writer.close()
    k = next(i for i, (_, evs) in enumerate(tm.history, start=1)
             if any(e.type == "attack_rolled" for e in evs))
    j = next(i for i, e in enumerate(tm.history[k - 1][1]) if e.type == "attack_rolled")

    def lucky(row):
        row["events"][j]["notes"] = ["a loaded die"]

    tamper(path, k, lucky)
    result = verify_save(load_save(path))
    d = result.divergence
    assert d is not None and d.step == k and d.index == j and d.line == k + 2
    assert d.expected.notes == ("a loaded die",) and d.got == tm.history[k - 1][1][j]
    assert d.describe().startswith(f"diverges at step {k} (line {k + 2}), event {j + 1}:")


def test_verify_names_a_command_the_rules_refuse(tmp_path):
    path = tmp_path / "a.flank"
    _tm, writer = saved_battle(path, duel(), seed=1, steps=5)
    writer.close()

    def cheat(row):
        row["command"] = {"type": "end_phase", "side": "nobody"}

    tamper(path, 2, cheat)
    d = verify_save(load_save(path)).divergence
    assert d is not None and d.step == 2 and d.index == -1
    assert "the rules refuse the command end_phase(side='nobody')" in d.describe()


def test_a_tampered_event_with_the_hash_kept_is_refused_on_load(tmp_path):
    path = tmp_path / "a.flank"
    saved_battle(path, seed=12, steps=30)[1].close()
    rows = lines_of(path)
    rows[-1]["events"].append({"type": "unit_faced", "unit": "ogre", "facing": 5})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert caught.value.problem == ("hash: the state after step 30 does not match the hash "
                                    "recorded with it")


# --- the replay model on a state fold: a GM override event is just another event ------------


def test_any_recorded_event_is_replayed_through_evolve(tmp_path):
    from rules.events import RulingOverridden

    path = tmp_path / "gm.flank"
    setup = duel()
    state, opening = start(setup)
    over = RulingOverridden(key="rear_hit", value=3)
    with SaveWriter(path, new_header(setup), fsync=False) as w:
        w.record_opening([*opening, over])
    loaded = load_save(path)
    assert loaded.state == evolve(state, over)
    assert loaded.state.option("rear_hit", 2) == 3
