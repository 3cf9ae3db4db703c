"""Small wrongs a newcomer met at the command line (issue 20, item 4): `flank demo` plays the
same battle every time, `flank screenshot --out` into a missing folder is a traceback, an
option typed before its command gets argparse's puzzling "invalid choice", and `flank
rulesets` names texts by file.  Each test types what the newcomer typed."""

from __future__ import annotations

import re

import pytest

from game.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# --- flank demo ---------------------------------------------------------------------------

def _seed_line(out: str) -> int:
    first = out.splitlines()[0]
    assert first.startswith("Seed "), first
    return int(first.split()[1])


def test_demo_without_a_seed_varies_its_battle_and_prints_the_seed(capsys, monkeypatch):
    seeds = iter([11, 12])
    monkeypatch.setattr("game.cli._fresh_seed", lambda: next(seeds))
    _, first, _ = run(capsys, "demo")
    _, second, _ = run(capsys, "demo")
    assert _seed_line(first) == 11 and _seed_line(second) == 12
    assert first.splitlines()[1:] != second.splitlines()[1:]


def test_demo_seeds_are_fresh_each_run(capsys):
    seeds = {_seed_line(run(capsys, "demo")[1]) for _ in range(4)}
    assert len(seeds) > 1


def test_the_printed_seed_plays_the_same_battle_again(capsys):
    _, first, _ = run(capsys, "demo")
    seed = _seed_line(first)
    assert f"--seed {seed}" in first.splitlines()[0]
    _, again, _ = run(capsys, "demo", "--seed", str(seed))
    assert again == first


# --- flank screenshot --out -----------------------------------------------------------------

def test_screenshot_into_a_missing_folder_is_one_line_and_exit_2(capsys, tmp_path):
    out = tmp_path / "no such folder" / "duel.png"
    code, stdout, err = run(capsys, "screenshot", "duel", "--out", str(out))
    assert code == 2 and stdout == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(out) in err and f"no folder {out.parent}" in err


def test_screenshot_under_a_file_is_one_line_and_exit_2(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("not a folder")
    out = tmp_path / "notes.txt" / "duel.png"
    code, _, err = run(capsys, "screenshot", "duel", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and str(out) in err


def test_screenshot_onto_a_folder_is_one_line_and_exit_2(capsys, tmp_path):
    code, _, err = run(capsys, "screenshot", "duel", "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "that is a folder" in err


def test_screenshot_into_an_unwritable_folder_is_one_line_and_exit_2(capsys, tmp_path,
                                                                       monkeypatch):
    # the tests may run as root, who can write anywhere: the folder says it cannot be written
    monkeypatch.setattr("os.access", lambda path, mode: False)
    out = tmp_path / "duel.png"
    code, _, err = run(capsys, "screenshot", "duel", "--out", str(out))
    assert code == 2 and err.count("\n") == 1
    assert f"cannot write into the folder {tmp_path}" in err and not out.exists()


def test_screenshot_into_a_good_folder_still_writes_it(capsys, tmp_path):
    out = tmp_path / "duel.png"
    code, stdout, _ = run(capsys, "screenshot", "duel", "--out", str(out), "--size", "320x200")
    assert code == 0 and out.stat().st_size > 0 and stdout == f"wrote {out}\n"


# --- an option out of its place -------------------------------------------------------------

def test_an_option_before_the_command_names_the_commands_that_take_it(capsys):
    code, _, err = run(capsys, "--ruleset", "bogus")
    assert code == 2
    assert err == ("flank: --ruleset belongs to a command: flank play MAP --ruleset ID "
                   "(also demo, joust, sandbox, screenshot, validate, lessons, simulate)\n")


@pytest.mark.parametrize("argv, says", [
    (["--sides", "human,ai", "play", "duel"], "flank play MAP --sides SIDES (also joust)"),
    (["--helm-tipping"], "flank joust MAP --helm-tipping"),
    (["--ruleset=empress", "play", "duel"], "flank play MAP --ruleset ID"),
    (["demo", "--sides", "ai,ai"], "belongs to another command: flank play MAP --sides SIDES"),
])
def test_a_misplaced_option_says_where_it_belongs(capsys, argv, says):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and says in err


def test_an_option_no_command_takes_is_left_to_argparse(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--bogus"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


# --- flank rulesets ---------------------------------------------------------------------------

def test_rulesets_name_each_text_by_its_title_and_author(capsys):
    code, out, _ = run(capsys, "rulesets")
    lines = out.splitlines()
    assert code == 0 and lines
    for line in lines:
        rid, _name, source = line.split("\t")
        title, _, by = source.partition(", by ")
        assert title.startswith('"') and title.count('"') == 2, source
        assert by.startswith("the author of ") or by[:1].isupper(), source
        assert "seed" not in source and ".txt" not in source, source
        assert not re.search(r"\b\d{3}\b", source), f"{rid}: a file number in {source!r}"


# --- issue 35's small wrongs ------------------------------------------------------------------

def test_replaying_a_list_file_says_it_is_a_list_and_how_to_open_it(capsys, tmp_path):
    """A List's tournament file is valid JSON, written with an indent: it is no battle save
    and `flank replay` says so, naming the command that opens it, not "not valid JSON"."""
    from game.lists import ListSession, default_roster

    session = ListSession.new(default_roster(4, ("ai:random",) * 4), seed=1, folder=tmp_path)
    session.play_computer_bout()
    for verify in ((), ("--verify",)):
        code, out, err = run(capsys, "replay", str(session.path), *verify)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err == (f"flank replay: {session.path} is a List (a tournament file), not a "
                       f"battle: open it with flank joust --load {session.path}\n")


def test_a_well_typed_size_out_of_range_is_told_what_is_wrong(capsys, tmp_path):
    out = tmp_path / "duel.png"
    code, _, err = run(capsys, "screenshot", "duel", "--out", str(out), "--size", "10x10")
    assert code == 2 and err.count("\n") == 1 and "give WIDTHxHEIGHT" not in err
    assert ("--size 10x10: the width 10 is too small and the height 10 is too small; a "
            "picture is 64 to 8192 pixels each way") in err
    code, _, err = run(capsys, "screenshot", "duel", "--out", str(out), "--size", "800x9000")
    assert code == 2 and "the height 9000 is too large" in err and "width" not in err
    code, _, err = run(capsys, "screenshot", "duel", "--out", str(out), "--size", "big")
    assert code == 2 and "--size big: give WIDTHxHEIGHT in pixels, e.g. 1280x800" in err
    assert not out.exists()


def test_the_bundled_maps_named_in_an_error_include_the_mass_battles(capsys):
    code, _, err = run(capsys, "play", "no_such_map")
    assert code == 2 and err.count("\n") == 1
    for name in ("border_battle", "pikes_and_horse", "duel", "market_chase"):
        assert name in err


def test_validate_counts_the_maps_it_checked_in_words(capsys):
    from pathlib import Path

    maps = Path(__file__).resolve().parent.parent / "maps"
    n = len(list(maps.rglob("*.tmx")))
    code, out, _ = run(capsys, "validate", str(maps))
    assert code == 0 and out.splitlines()[-1] == f"{n} maps checked in 1 folder: all valid"
    code, out, _ = run(capsys, "validate", str(maps / "duel.tmx"))
    assert code == 0 and out == "1 map checked: all valid\n"
    assert "path(s)" not in out


def test_screenshot_help_says_what_every_argument_is(capsys):
    from game.cli import build_parser
    from game.cli_usage import _commands

    command = _commands(build_parser())["screenshot"]
    for action in command._actions:
        assert action.help, f"flank screenshot {action.dest}: no help text"
    with pytest.raises(SystemExit):
        main(["screenshot", "--help"])
    text = capsys.readouterr().out
    assert "the picture to write" in text and "64 to 8192" in text


def test_the_seed_of_play_is_documented_in_its_help_and_the_readme(capsys):
    from pathlib import Path

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--seed N the battle's dice: the same seed and the same choices play the same" in text
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "`flank play MAP [--ruleset ID] [--sides human,human] [--seed N]`" in readme


def test_a_computer_player_is_spelled_one_way_in_the_help_and_taken_both_ways(capsys):
    """`play --sides ai:tactician` and `simulate --players tactician` once read as two
    spellings: both commands take both, and their help writes "ai:tactician"."""
    from game.content import make_seat

    for spelling in ("tactician", "ai:tactician", "AI:Tactician"):
        assert not make_seat("men", "The champion", spelling, 1).human
    for players in ("tactician,ai:greedy", "ai:tactician,greedy"):
        code, out, _ = run(capsys, "simulate", "duel", "--players", players, "--games", "2",
                           "--jobs", "1")
        assert code == 0 and "tactician" in out
    helps = []
    for command in ("play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        helps.append(" ".join(capsys.readouterr().out.split()))
    for text in helps:
        assert "ai:tactician, ai:greedy, ai:random" in text
        assert "(random, greedy, tactician)" not in text
