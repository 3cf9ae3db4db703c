"""Broken and hostile saves and rules tables: each gets one exact, one-line message naming the
file and the place — never a traceback, never a half-loaded battle.

The corpus is tests/saves/bad/ (how each file was made: tests/saves/make_bad_corpus.py); the
messages Flank must give are the hand-written table tests/saves/bad/expected.toml.  (Maps have
their own corpus in tests/maps/bad.)
"""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.saves import (
    SaveDiverges,
    SaveError,
    check_data_table,
    load_save,
    validate_files,
    verify_save,
)
from rules.data import DataError
from tests.saves.make_bad_corpus import huge_files

BAD = Path(__file__).resolve().parent / "bad"
EXPECTED = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))
LOAD, VERIFY, TABLES = EXPECTED["load"], EXPECTED["verify"], EXPECTED["tables"]
CHECKED = EXPECTED["checked"]
ON_THE_SPOT = EXPECTED["made_on_the_spot"]


def test_the_corpus_is_big_and_every_file_has_its_message():
    saves = sorted(p.name for p in BAD.glob("*.flank"))
    tables = sorted(p.name for p in BAD.glob("*.toml") if p.name != "expected.toml")
    assert saves == sorted({*LOAD, *VERIFY})
    assert tables == sorted(TABLES)
    assert len(saves) + len(tables) >= 30


@pytest.mark.parametrize("name", sorted(LOAD))
def test_bad_save_gets_its_exact_message(name):
    path = BAD / name
    with pytest.raises(SaveError) as caught:
        load_save(path)
    err = caught.value
    assert str(err) == f"{path}: {LOAD[name]}"
    assert f"{err.where}: {err.problem}" == LOAD[name]
    assert "\n" not in str(err) and "Traceback" not in str(err)


@pytest.mark.parametrize("name", sorted(VERIFY))
def test_save_the_rules_disagree_with_is_caught_by_verify(name, capsys):
    path = BAD / name
    loaded = load_save(path)  # a well-formed save ...
    result = verify_save(loaded)  # ... that the rules would not have played
    assert not result.ok
    assert result.divergence.describe() == VERIFY[name]
    assert main(["replay", str(path), "--verify"]) == 2
    assert capsys.readouterr().out == f"{path}: {VERIFY[name]}\n"


@pytest.mark.parametrize("name", sorted(CHECKED))
def test_a_save_gone_wrong_after_a_good_start_is_refused_for_play_at_its_step(name, capsys):
    """Loading to play on decides every command again: the step where the file stops being
    what the rules played is named, with how to load up to the step before."""
    path = BAD / name
    with pytest.raises(SaveDiverges) as caught:
        load_save(path, verify=True)
    assert f"{caught.value}; {caught.value.hint()}" == checked_message(name)
    assert main(["play", "--load", str(path)]) == 2
    assert capsys.readouterr().err == f"flank play: {checked_message(name)}\n"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_bad_rules_table_gets_its_exact_message(name):
    path = BAD / name
    with pytest.raises(DataError) as caught:
        check_data_table(path, "fallen_empire")
    assert str(caught.value) == f"{path}: {TABLES[name]}"
    assert "\n" not in str(caught.value)


def test_files_too_big_for_git_are_refused(tmp_path):
    made = huge_files(tmp_path)
    assert sorted(made) == sorted(ON_THE_SPOT)
    for name, path in made.items():
        with pytest.raises((SaveError, DataError)) as caught:
            if name.endswith(".toml"):
                check_data_table(path, "fallen_empire")
            else:
                load_save(path)
        assert str(caught.value) == f"{path}: {ON_THE_SPOT[name]}", name


def checked_message(name: str) -> str:
    """What `flank validate` and `flank play --load` say about a file of the corpus."""
    path = BAD / name
    return f"{path}: {CHECKED[name].format(save=shlex.quote(str(path)))}" if (
        name in CHECKED) else f"{path}: {LOAD[name]}"


def test_validate_gives_one_line_per_bad_file(capsys):
    lines = validate_files(sorted(BAD.glob("*.flank")))
    assert lines == [checked_message(p.name) for p in sorted(BAD.glob("*.flank"))]
    paths = [str(BAD / n) for n in sorted(TABLES)]
    assert main(["validate", "--ruleset", "fallen_empire", *paths]) == 2
    assert capsys.readouterr().out.splitlines() == [f"{BAD / n}: {TABLES[n]}"
                                                    for n in sorted(TABLES)]


def test_nothing_is_loaded_from_a_bad_save(tmp_path):
    """A save that goes bad halfway gives an error, not the half that was good."""
    good_then_bad = (BAD / "undo_past_a_roll.flank").read_bytes()
    path = tmp_path / "half.flank"
    path.write_bytes(good_then_bad)
    with pytest.raises(SaveError):
        load_save(path)
    text = good_then_bad.decode().splitlines()
    path.write_text("\n".join(text[:-1]) + "\n")  # the good part alone loads
    assert load_save(path).position == 3


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mangled_save_is_loaded_or_refused_in_one_line(tmp_path_factory, data):
    """Random damage to a good save: it loads (and then replays and plays on), or it is refused
    with a SaveError — never any other exception."""
    good = (BAD.parent / "bad" / "undo_past_a_roll.flank").read_bytes()
    good = good[: good.rstrip(b"\n").rfind(b"\n") + 1]  # the good part: header and 3 steps
    raw = bytearray(good)
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.sampled_from(["byte", "cut", "dup", "digit"]))
        if how == "byte":
            raw[at] = data.draw(st.integers(0, 255))
        elif how == "cut":
            del raw[at: at + data.draw(st.integers(1, 40))]
        elif how == "dup":
            raw[at:at] = raw[at: at + data.draw(st.integers(1, 40))]
        else:
            raw[at:at] = str(data.draw(st.integers(-(2**70), 2**70))).encode()
    path = tmp_path_factory.mktemp("mangled") / "m.flank"
    path.write_bytes(bytes(raw))
    try:  # loading to play on: the same, deciding every command again
        load_save(path, verify=True)
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(f"{path}: ")
    try:
        loaded = load_save(path)
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(f"{path}: ")
        return
    verify_save(loaded)
    from tests.saves.helpers import random_seats

    loaded.turn_manager(random_seats(loaded.setup)).run(max_steps=20)
