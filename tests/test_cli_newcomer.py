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
                   "(also demo, joust, sandbox, screenshot, validate, simulate)\n")


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
