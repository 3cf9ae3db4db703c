"""A broken rules data table is one line, never a traceback (issue 21, item 3).

A GM changes a ruleset's tables by editing its data file, `rules/systems/<id>/data.toml`, in
place (docs/RULINGS.md); every command that loads it must then say what is wrong in one line
naming the file and the key, with exit status 2.  Before: `play`, `simulate`, `demo` and
`validate MAP` (and `screenshot`, `sandbox`, `joust`) died with a `DataError` traceback, and a
table nested 500 deep was a `RecursionError` traceback even from `validate FILE.toml`.

The GM's edit is made on a copy: the ruleset's data file is pointed at it for the test.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from game.cli import main as flank
from rules.data import DataError, load_toml_model
from rules.systems.empress import tables as emp_tables
from rules.systems.fallen_empire import tables as fe_tables

REPO = Path(__file__).resolve().parents[1]
DATA = {"fallen_empire": fe_tables, "empress": emp_tables}
EDITS = {  # (the line as shipped, the GM's slip, what the one line must say)
    "fallen_empire": ("charge_hit = 2 ", 'charge_hit = "two" ',
                      'config.charge_hit: must be a whole number, not "two"'),
    "empress": ("hc_base = 11 ", "hc_base = 99 ", "config.hc_base: must be at most 30, not 99"),
}


def deep_toml(levels: int = 500) -> str:
    return "x = " + "{a = " * levels + "1" + "}" * levels + "\n"


def gm_edits(monkeypatch, tmp_path: Path, ruleset: str, text: str | None = None) -> Path:
    """The GM's edited data file (the shipped one with `EDITS[ruleset]`, or `text`), which the
    ruleset now reads in place of the shipped one."""
    module = DATA[ruleset]
    shipped = module.DEFAULT_DATA_PATH.read_text(encoding="utf-8")
    if text is None:
        before, after, _ = EDITS[ruleset]
        assert before in shipped
        text = shipped.replace(before, after, 1)
    path = tmp_path / ruleset / "data.toml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(module.DATA, "path", path)
    monkeypatch.setattr(module.DATA, "_shipped", None)
    return path


COMMANDS = {
    "fallen_empire": [
        ["play", "duel", "--frames", "1"],
        ["simulate", "duel", "--players", "random,random", "--games", "1", "--jobs", "1"],
        ["demo", "--seed", "3"],
        ["validate", "{repo}/maps/duel.tmx"],
        ["screenshot", "duel", "--out", "{tmp}/shot.png"],
        ["sandbox", "duel", "--frames", "1"],
        ["joust", "--frames", "1"],
        ["joust", "--entrants", "4", "--frames", "1"],
    ],
    "empress": [
        ["play", "shield_wall", "--frames", "1"],
        ["simulate", "shield_wall", "--players", "random,random", "--games", "1", "--jobs",
         "1"],
        ["demo", "--ruleset", "empress", "--seed", "3"],
        ["validate", "{repo}/maps/shield_wall.tmx"],
        ["screenshot", "shield_wall", "--out", "{tmp}/shot.png"],
        ["sandbox", "duel", "--ruleset", "empress", "--frames", "1"],
    ],
}


@pytest.mark.parametrize(("ruleset", "argv"), [
    pytest.param(r, argv, id=f"{r}: flank {' '.join(argv[:2])}")
    for r, commands in COMMANDS.items() for argv in commands])
def test_a_gm_slip_in_data_toml_is_one_line_naming_the_file_and_key(
        monkeypatch, tmp_path, capsys, ruleset, argv):
    path = gm_edits(monkeypatch, tmp_path, ruleset)
    code = flank([a.replace("{tmp}", str(tmp_path)).replace("{repo}", str(REPO))
                  for a in argv])
    out = capsys.readouterr()
    said = (out.out + out.err).strip().splitlines()
    assert code == 2
    assert len(said) == 1, said
    assert str(path) in said[0] and EDITS[ruleset][2] in said[0], said[0]


def test_validate_names_the_broken_table_once_for_a_folder_of_maps(monkeypatch, tmp_path,
                                                                   capsys):
    path = gm_edits(monkeypatch, tmp_path, "fallen_empire")
    assert flank(["validate", str(REPO / "maps")]) == 2
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines == [f"{path}: {EDITS['fallen_empire'][2]}"]


def test_a_table_nested_500_deep_is_one_line_from_validate(tmp_path, capsys):
    shipped = fe_tables.DEFAULT_DATA_PATH.read_text(encoding="utf-8")
    path = tmp_path / "fallen_empire" / "data.toml"
    path.parent.mkdir()
    path.write_text(shipped + "\n[deep]\n" + deep_toml(), encoding="utf-8")
    line_no = len(path.read_text().splitlines())
    assert flank(["validate", str(path)]) == 2
    said = capsys.readouterr().out.strip().splitlines()
    assert said == [f"{path}: line {line_no}: lists or tables are nested inside each other "
                    "hundreds of levels deep; real tables nest a few at most"]


@pytest.mark.parametrize("text", [deep_toml(), "x = " + "[" * 500 + "]" * 500 + "\n"],
                         ids=["tables", "lists"])
def test_deep_nesting_is_a_data_error_not_a_recursion_error(tmp_path, text):
    path = tmp_path / "deep.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"deep.toml: line 1: lists or tables are nested"):
        load_toml_model(path, fe_tables.FETables)


def test_a_deeply_nested_data_toml_in_place_stops_play_in_one_line(monkeypatch, tmp_path,
                                                                   capsys):
    shipped = fe_tables.DEFAULT_DATA_PATH.read_text(encoding="utf-8")
    path = gm_edits(monkeypatch, tmp_path, "fallen_empire", shipped + "\n" + deep_toml())
    assert flank(["play", "duel", "--frames", "1"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"flank play: {path}: line ")


def test_a_data_error_crosses_back_from_a_worker_process_whole():
    # flank simulate --jobs N: a worker's DataError is pickled back to the parent.
    err = pickle.loads(pickle.dumps(DataError("x/data.toml", "config.rear_hit", "too big")))
    assert isinstance(err, DataError) and str(err) == "x/data.toml: config.rear_hit: too big"
