"""`flank joust`: bad input gets one line naming what is wrong and exit status 2, before any
window opens, like every other subcommand."""

from __future__ import annotations

import json

import pytest

from game.cli import main


@pytest.mark.parametrize(("argv", "says"), [
    (["--entrants", "3"], "--entrants 3: a List has 4 to 16 entrants"),
    (["--entrants", "17"], "--entrants 17: a List has 4 to 16 entrants"),
    (["--entrants", "eight"], "--entrants eight"),
    (["--format", "swiss"], "--format is for a List: give --entrants"),
    (["--entrants", "8", "--format", "knockout"], "--format knockout: swiss or elimination"),
    (["--entrants", "8", "--host", "evil"], "--host evil"),
    (["--sides", "human,ai,ai"], "--sides names 3 riders but a joust has two"),
    (["--sides", "human"], "a joust has two"),
    (["--sides", "human,robot"], "unknown rider 'robot'"),
    (["--entrants", "4", "--sides", "ai,ai,ai,ai,ai"], "the List has 4 entrants"),
    (["--ruleset", "empress"], "the joust is Fallen Empire's"),
    (["--ruleset", "nope"], "no ruleset called 'nope'"),
    (["--stakes", "gold"], "--stakes gold"),
    (["--seed", "-3"], "--seed -3"),
    (["duel"], "not a lists field"),
    (["nowhere"], "nowhere: no such map"),
    (["--load", "missing.tournament.json"], "no such tournament file"),
])
def test_bad_input_is_one_line_and_exit_status_2(capsys, argv, says, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    assert main(["joust", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("flank joust: ") and says in err and err.count("\n") == 1
    assert not (tmp_path / "saves").exists()  # nothing was started


def test_a_broken_tournament_file_is_one_line(capsys, tmp_path):
    bad = tmp_path / "x.tournament.json"
    bad.write_text(json.dumps({"format": "flank-tournament", "version": 1, "title": "x",
                               "seed": 1, "method": "swiss", "entrants": []}))
    assert main(["joust", "--load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err == f"flank joust: {bad}: a List has 4 to 16 entrants, not 0\n"
