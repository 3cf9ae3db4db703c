"""`flank replay SAVE --verify` and `flank validate` on saves and rules tables: every save of
a computer-vs-computer battle, under every ruleset, is decided again by the rules and found
identical; a bad file gets one line naming it and exit status 2."""

from __future__ import annotations

import contextlib
import importlib.util
import json
from pathlib import Path

import pytest

from game.cli import main
from game.maps import MapError, load_map
from game.saves import load_save
from game.turns import RandomController, Seat
from rules.engine import BattleSetup, catalogue
from rules.scenarios import demo_setup
from tests.saves.helpers import duel, saved_battle

ROOT = Path(__file__).resolve().parents[2]
RULESETS = [rid for rid, _, _ in catalogue()]
MAPS = ["duel", "river_ford", "walled_village"]
HAS_AI = importlib.util.find_spec("game.ai") is not None


def setups(ruleset: str) -> dict[str, BattleSetup]:
    out = {}
    with contextlib.suppress(KeyError):  # a ruleset with no demo position yet
        out["demo"] = demo_setup(ruleset, seed=21)
    for name in MAPS:
        try:
            out[name] = load_map(ROOT / "maps" / f"{name}.tmx", ruleset=ruleset, seed=21).setup
        except MapError:
            continue
    assert out, f"no battle to play under {ruleset}"
    return out


def verify(path: Path, capsys) -> tuple[int, str]:
    code = main(["replay", str(path), "--verify"])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_vs_random_saves_replay_exactly_under_every_ruleset(ruleset, tmp_path, capsys):
    for name, setup in setups(ruleset).items():
        path = tmp_path / f"{name}.flank"
        tm, writer = saved_battle(path, setup, seed=3, steps=600)
        writer.close()
        code, text = verify(path, capsys)
        assert code == 0, text
        assert text.startswith(f"{path}: OK: {len(tm.history)} steps and {len(tm.events)} "
                               "events decided again; final state ")
        assert main(["validate", str(path)]) == 0  # every command decided again
        assert capsys.readouterr().out == "1 save checked: all valid\n"
        assert load_save(path, verify=True).state == tm.state  # as loading to play on does


@pytest.mark.skipif(not HAS_AI, reason="no computer players (game/ai) yet")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_ai_vs_ai_saves_replay_exactly_under_every_ruleset(ruleset, tmp_path, capsys):
    from game.ai import make_controller

    for name, setup in setups(ruleset).items():
        sides = [s.id for s in setup.sides]
        for players, steps in ((("greedy", "random"), 80), (("tactician", "greedy"), 12)):
            seats = {side: Seat(side, make_controller(p, seed=5), False, p)
                     for side, p in zip(sides, players, strict=False)}
            for side in sides[len(players):]:
                seats[side] = Seat(side, RandomController(1), False)
            path = tmp_path / f"{name}-{'-'.join(players)}.flank"
            _, writer = saved_battle(path, setup, seats=seats, steps=steps, controllers={
                side: f"ai:{seat.name}" for side, seat in seats.items()})
            writer.close()
            code, text = verify(path, capsys)
            assert code == 0, text


def test_verify_prints_the_first_divergence_and_exits_2(tmp_path, capsys):
    path = tmp_path / "a.flank"
    tm, writer = saved_battle(path, duel(), seed=2, steps=6)
    writer.close()
    rows = [json.loads(x) for x in path.read_text().splitlines()]
    k = next(i for i, (_, evs) in enumerate(tm.history, 1) if any(e.rolls for e in evs))
    j = next(i for i, e in enumerate(tm.history[k - 1][1]) if e.rolls)
    rows[1 + k]["events"][j]["rolls"] = [99]  # a die that never came up
    for row in rows[2:]:
        row.pop("hash")  # (the dice counter moves on differently: every later hash would differ)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, text = verify(path, capsys)
    assert code == 2
    lines = text.splitlines()
    assert lines[0] == f"{path}: diverges at step {k} (line {k + 2}), event {j + 1}:"
    assert lines[1].startswith("  expected {") and '"rolls":[99]' in lines[1]
    assert lines[2].startswith("  got      {") and '"rolls":[99]' not in lines[2]


def test_replay_of_a_bad_save_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.flank"
    path.write_text("not a save\n")
    code, text = verify(path, capsys)
    assert code == 2
    assert text == f"flank replay: {path}: line 1: not valid JSON: Expecting value (column 1)\n"


def test_replay_without_verify_opens_the_viewer(tmp_path, monkeypatch):
    """`flank replay SAVE` watches the save in the window (here the dummy driver, a few
    frames), and a broken save is one line with exit status 2."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    path = tmp_path / "a.flank"
    saved_battle(path, duel(), steps=2)[1].close()
    assert main(["replay", str(path), "--frames", "3"]) == 0
    bad = tmp_path / "bad.flank"
    bad.write_text("not a save\n")
    assert main(["replay", str(bad), "--frames", "3"]) == 2


def test_validate_checks_maps_saves_and_tables_together(tmp_path, capsys):
    good = tmp_path / "good.flank"
    saved_battle(good, duel(), steps=3)[1].close()
    bad = tmp_path / "bad.flank"
    bad.write_text('{"format": "flank-save", "version": 9}\n')
    table = tmp_path / "t.toml"
    table.write_text("[config]\nrear_hit = \"two\"\n")
    assert main(["validate", str(ROOT / "maps" / "duel.tmx"), str(good),
                 str(ROOT / "rules" / "systems" / "fallen_empire" / "data.toml")]) == 0
    assert capsys.readouterr().out == ("1 map, 1 save and 1 rules table checked: "
                                         "all valid\n")
    code = main(["validate", str(good), str(bad), str(table),
                 str(ROOT / "tests" / "maps" / "bad" / "orthogonal.tmx")])
    out = capsys.readouterr().out.splitlines()
    assert code == 2
    assert out[0] == (f"{bad}: line 1: written by a newer Flank (save format 9); this one reads "
                      "formats up to 1")
    assert out[1].startswith(f"{table}: ")
    assert out[2].startswith(str(ROOT / "tests" / "maps" / "bad" / "orthogonal.tmx") + ": ")
    assert len(out) == 3


def test_validate_searches_folders_for_saves(tmp_path, capsys):
    saved_battle(tmp_path / "a.flank", duel(), steps=2)[1].close()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.jsonl").write_text("")
    assert main(["validate", str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"{tmp_path / 'sub' / 'b.jsonl'}: line 1: the file is empty: a save starts with its "
        "header"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["validate", str(empty)]) == 2
    assert capsys.readouterr().out.startswith(f"{empty}: no maps (.tmx), saves")
    assert main(["validate", str(ROOT / "rules" / "systems")]) == 0  # every shipped table


def test_play_load_resumes_the_battle_in_the_window(tmp_path, monkeypatch, capsys):
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    path = tmp_path / "duel.flank"
    sc = load_map(ROOT / "maps" / "duel.tmx", seed=3)
    tm, writer = saved_battle(path, sc.setup, seed=3, steps=6,
                              controllers={s.id: "random:3" for s in sc.setup.sides})
    writer.close()
    shot = tmp_path / "shot.png"
    assert main(["play", "--load", str(path), "--frames", "40", "--screenshot", str(shot)]) == 0
    assert shot.exists()
    after = load_save(path)  # the computer seats played on, and every step went to the save
    assert after.history[:6] == tm.history and after.position > 6
    assert main(["play", "--load", str(tmp_path / "nope.flank")]) == 2
    assert capsys.readouterr().err.endswith(f"{tmp_path / 'nope.flank'}: file not found\n")
