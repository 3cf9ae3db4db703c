"""`flank simulate`: AI-versus-AI batches from the command line."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.simulate import game_seed, percentile, wilson


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_the_figures_and_a_hash_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "duel", "--players", "tactician,greedy", "--games", "3",
                       "--seed", "5", "--jobs", "1", "--json")
    assert code == 0
    s = json.loads(out)
    assert s["games"] == 3
    assert set(s["wins"]) == {"men", "orcs"}
    assert sum(s["wins"].values()) + s["draws"] == 3
    assert s["players"] == {"men": "tactician", "orcs": "greedy"}
    assert s["mean_rounds"] > 0 and s["mean_events"] > 0
    assert {"median", "p95"} <= set(s["think_ms"])
    assert len(s["state_hashes"]) == 3 and all(len(h) == 32 for h in s["state_hashes"])
    for side in ("men", "orcs"):
        lo, hi = s["win_rate"][side]["ci95"]
        assert 0.0 <= lo <= s["win_rate"][side]["rate"] <= hi <= 1.0
    assert s["errors"] == 0


def test_the_same_seed_gives_the_same_games_whatever_the_worker_count(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Only the think-time figures (wall clock) may differ between the runs."""
    args = ("duel", "--players", "greedy,tactician", "--games", "4", "--seed", "9", "--json")
    _, one, _ = run(capsys, *args, "--jobs", "1")
    _, two, _ = run(capsys, *args, "--jobs", "2")
    a, b = json.loads(one), json.loads(two)
    for s in (a, b):
        del s["think_ms"]
    assert a == b
    _, three, _ = run(capsys, "duel", "--players", "greedy,tactician", "--games", "4",
                      "--seed", "10", "--json", "--jobs", "1")
    assert json.loads(three)["state_hashes"] != a["state_hashes"]


def test_the_table_names_the_players_and_the_confidence_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "duel", "--players", "random,ai:greedy", "--games", "2",
                       "--jobs", "1")
    assert code == 0
    assert "95% CI (Wilson)" in out and "random" in out and "greedy" in out
    assert "draws" in out and "think time" in out


@pytest.mark.parametrize("args,named", [
    (("duel", "--players", "tactician,deep_blue"), "deep_blue"),
    (("duel", "--players", "tactician"), "2 sides"),
    (("no_such_map", "--players", "random,random"), "no_such_map"),
    (("duel", "--players", "random,random", "--games", "0"), "--games"),
    (("duel", "--players", "random,random", "--games", "many"), "--games"),
    (("duel", "--players", "random,random", "--jobs", "-1"), "--jobs"),
    (("duel", "--players", "random,random", "--seed", "x"), "--seed"),
    (("duel", "--players", "random,random", "--ruleset", "chess"), "chess"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          args: tuple[str, ...], named: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and named in lines[0] and lines[0].startswith("flank simulate:")


def test_wilson_interval_and_percentile() -> None:
    lo, hi = wilson(80, 100)
    assert 0.71 < lo < 0.72 and 0.86 < hi < 0.87
    assert wilson(0, 10)[0] == pytest.approx(0.0) and wilson(10, 10)[1] == pytest.approx(1.0)
    assert percentile(list(range(1, 101)), 95) == 95
    assert game_seed(1, 0) != game_seed(1, 1) and game_seed(1, 0) == game_seed(1, 0)


def test_save_dir_writes_a_save_per_game_that_replays(capsys: pytest.CaptureFixture[str],
                                                      tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.simulate import saves_available

    if not saves_available():
        code, _, err = run(capsys, "duel", "--players", "random,random", "--games", "1",
                           "--jobs", "1", "--save-dir", str(tmp_path))
        assert code == 0 and "not saved" in err
        return
    from game.saves import load_save, verify_save

    code, out, _ = run(capsys, "duel", "--players", "tactician,greedy", "--games", "2",
                       "--jobs", "1", "--json", "--save-dir", str(tmp_path))
    assert code == 0
    hashes = json.loads(out)["state_hashes"]
    files = sorted(tmp_path.glob("*.flank"))
    assert len(files) == 2
    for f, h in zip(files, hashes, strict=True):
        result = verify_save(load_save(f))
        assert result.divergence is None and result.final_hash == h
    code, _, err = run(capsys, "duel", "--players", "tactician,greedy", "--games", "2",
                       "--jobs", "1", "--save-dir", str(tmp_path))
    assert code == 2 and "already there" in err


def test_a_pool_worker_takes_sigterm_again_whatever_handler_its_parent_left():
    """A batch with --jobs 2 after pygame had started once hung: the forked worker kept the
    SIGTERM handler SDL installs, and the pool's end never ended it."""
    import signal

    from game.simulate import _worker_start

    before = signal.getsignal(signal.SIGTERM)
    try:
        signal.signal(signal.SIGTERM, lambda *_: None)  # as a started SDL leaves it
        _worker_start()
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    finally:
        signal.signal(signal.SIGTERM, before)
