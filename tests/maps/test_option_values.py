"""`flank validate` OK means it runs (issue 21, item 2): a map's `option.<key>` properties are
checked as the map loads, by the ruleset's own model of each option (the one the GM's Rulings
dialog uses), and refused in one line naming the file and the property; `play` and `simulate`
refuse the same way, and a good value is kept as the rules read it.

Before: `option.max_rounds = "abc"` and `option.surprise_dice = "1d7"` passed `flank validate`
and then crashed `simulate` with a TypeError / ValueError traceback, and `max_rounds = -1`
quietly ended every battle after one round.  The wrong values below are made from the models
themselves, for every option of both rulesets, so an option added later is covered too.
"""

from __future__ import annotations

from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import pytest
from annotated_types import Ge, Le
from pydantic import BaseModel

from game.cli import main as flank
from game.maps import load_map
from game.sandbox import Sandbox, SandboxError
from rules.data import DiceExpr, DiceRule
from rules.engine import BattleSetup, ruleset_of, start
from rules.playout import random_playout
from rules.rulings import FlankSettings, OptionProblem
from rules.systems.fallen_empire.config import ModeOptions
from tests.maps.tmx import ASSETS, map_xml, unit, write

FIGURES = {"fallen_empire": ("fighting_man", "orc"), "empress": ("legionary", "bandit")}


def config_model(ruleset: str) -> type[BaseModel]:
    return type(ruleset_of(ruleset).tables().config)


def write_map(folder: Path, ruleset: str, options: dict[str, Any], name: str = "x") -> Path:
    """A two-figure scenario for `ruleset` with these `option.<key>` properties."""
    a, b = FIGURES[ruleset]
    props = {"ruleset": ruleset, **{f"option.{k}": v for k, v in options.items()}}
    return write(folder / f"{name}.tmx", map_xml(
        props=props, assets=str(ASSETS),
        units=[unit("a", "men", a, 2, 4), unit("b", "foes", b, 6, 4)]))


def _base(kind: Any) -> tuple[Any, list[Any]]:
    if get_origin(kind) in (Union, UnionType):  # `int | None`: None is the default's
        kind = next(k for k in get_args(kind) if k is not type(None))
    if get_origin(kind) is Annotated:
        return get_args(kind)[0], list(get_args(kind)[1:])
    return kind, []


def wrong_values(model: type[BaseModel], key: str) -> list[Any]:
    """Values a map author might write that this option's model refuses: the wrong type,
    and for numbers just outside the range, for dice a die that does not exist or one the
    rule cannot throw.  (As Tiled writes them: text, whole numbers, true/false.)"""
    info = model.model_fields[key]
    kind, meta = _base(info.annotation)
    meta += info.metadata
    if kind is bool:
        return ["maybe", 2]
    if kind is int:
        out: list[Any] = ["abc", "1.5"]
        out += [m.ge - 1 for m in meta if isinstance(m, Ge)]
        out += [m.le + 1 for m in meta if isinstance(m, Le)]
        return out
    if get_origin(kind) is Literal:
        return ["nonsense", 3]
    if kind is DiceExpr:
        out = ["1d7", "lots"]
        rule = next((m for m in meta if isinstance(m, DiceRule)), None)
        if rule is not None and rule.count is not None:
            out.append("2d6")
        if rule is not None and rule.sides is not None:
            out.append("1d8")
        if rule is not None and rule.lowest is not None:
            out.append(str(rule.lowest - 1))
        return out
    if get_origin(kind) is tuple:
        return ["[99]", "abc"]
    if get_origin(kind) is dict:
        return ["abc"]
    raise AssertionError(f"{model.__name__}.{key}: no wrong values for {kind!r}; add them")


def cases() -> list[Any]:
    out = []
    for ruleset in FIGURES:
        model = config_model(ruleset)
        for key in model.model_fields:
            for bad in wrong_values(model, key):
                out.append(pytest.param(ruleset, key, bad, id=f"{ruleset}-{key}={bad}"))
    for key in FlankSettings.model_fields:  # Flank's own: under Fallen Empire, not in [config]
        for bad in wrong_values(FlankSettings, key):
            out.append(pytest.param("fallen_empire", key, bad, id=f"flank-{key}={bad}"))
    for key in ModeOptions.model_fields:  # the joust's: options of a battle, not rulings
        for bad in wrong_values(ModeOptions, key):
            out.append(pytest.param("fallen_empire", key, bad, id=f"mode-{key}={bad}"))
    return out


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.parametrize(("ruleset", "key", "bad"), cases())
def test_validate_refuses_a_wrong_option_naming_the_file_and_property(
        tmp_path, capsys, ruleset, key, bad):
    path = write_map(tmp_path, ruleset, {key: bad})
    assert flank(["validate", str(path)]) == 2
    line = one_line(capsys.readouterr().out)
    assert line.startswith(f"{path}: map property option.{key}: "), line
    assert "Traceback" not in line and "validation error" not in line


@pytest.mark.parametrize(("key", "bad", "words"), [
    ("max_rounds", "abc", "'abc' is not a whole number from 1 to 10000"),
    ("max_rounds", -1, "-1 is not a whole number from 1 to 10000"),
    ("surprise_dice", "1d7", '"1d7": d7 is not a usable die'),
    ("surprise_dice", "2d6", '"2d6" is not one d6, with any bonus, like 1d6 (FE-02)'),
    ("potion_heal", "1d6-3", '"1d6-3" can give -2'),
    ("surprise_on", "[5, 7]", "[5, 7] is not a list, each a whole number from 1 to 6"),
    ("morale_enabled", "maybe", "'maybe' is not true or false"),
    ("set_spear_double", "both", """'both' is not "dice" or "total\""""),
    ("free_move_fraction_num", 5, "a fraction of the move cannot exceed 1"),
    ("fireballs", 3, "unknown Fallen Empire option 'fireballs'"),
    ("joust_entrant_kinds", "[]", "[] is not a list of at least 1, each "),
    ("joust_max_throws", "0", "'0' is not a whole number from 1 to 1000"),
])
def test_the_refusal_says_what_the_option_may_be(tmp_path, capsys, key, bad, words):
    path = write_map(tmp_path, "fallen_empire", {key: bad})
    assert flank(["validate", str(path)]) == 2
    assert one_line(capsys.readouterr().out).startswith(
        f"{path}: map property option.{key}: {words}")


@pytest.mark.parametrize(("key", "bad"), [("max_rounds", "abc"), ("surprise_dice", "1d7"),
                                          ("max_rounds", -1)])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_play_and_simulate_refuse_a_wrong_option_in_one_line(tmp_path, capsys, command, key,
                                                             bad):
    path = write_map(tmp_path, "fallen_empire", {key: bad})
    extra = ["--frames", "1"] if command == "play" else ["--players", "random,random",
                                                         "--games", "1", "--jobs", "1"]
    assert flank([command, str(path), *extra]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert one_line(out.err).startswith(f"flank {command}: {path}: map property option.{key}: ")


def test_an_option_of_the_maps_ruleset_played_under_another_is_refused_naming_it(capsys):
    # R-FLANK-FOREIGN-OPTION: the tournament field's option.mode is Fallen Empire's.
    assert flank(["simulate", "tournament", "--ruleset", "empress", "--players",
                  "random,random", "--games", "1", "--jobs", "1"]) == 2
    line = one_line(capsys.readouterr().err)
    assert "tournament.tmx: map property option.mode: unknown Empress option 'mode'" in line
    assert "the map's options are for Fallen Empire: play it under Fallen Empire" in line


def test_an_option_both_rulesets_have_is_checked_by_the_one_played(tmp_path, capsys):
    # surprise_enabled is a ruling of both; max_rounds is Flank's own.
    path = write_map(tmp_path, "fallen_empire", {"surprise_enabled": True, "max_rounds": 7})
    sc = load_map(path, ruleset="empress")
    assert sc.setup.options == {"surprise_enabled": True, "max_rounds": 7}


def test_good_options_are_kept_as_the_rules_read_them(tmp_path):
    # Tiled writes a property as text unless its type is set: "12" is read as 12.
    path = write_map(tmp_path, "fallen_empire", {
        "max_rounds": "3", "morale_enabled": "false", "surprise_on": "[4, 5, 6]",
        "surprise_dice": "1d6+1", "potion_heal": 2})
    options = load_map(path).setup.options
    assert options == {"max_rounds": 3, "morale_enabled": False, "surprise_on": [4, 5, 6],
                       "surprise_dice": "1d6+1", "potion_heal": "2"}


def test_a_good_override_still_plays(tmp_path, capsys):
    path = write_map(tmp_path, "fallen_empire", {"max_rounds": "3", "surprise_dice": "1d6+1"})
    setup = load_map(path).setup
    play = random_playout(setup, seed=5)
    assert play.final.round <= 3
    assert flank(["simulate", str(path), "--players", "random,random", "--games", "2",
                  "--jobs", "1"]) == 0
    assert "mean length" in capsys.readouterr().out


def test_an_empty_map_with_a_wrong_option_is_refused_too(tmp_path, capsys):
    # Nobody on it yet (the sandbox places figures), but its options are checked all the same.
    path = write(tmp_path / "board.tmx", map_xml(
        props={"option.max_rounds": "abc"}, assets=str(ASSETS)))
    assert flank(["validate", str(path)]) == 2
    assert one_line(capsys.readouterr().out) == (
        f"{path}: map property option.max_rounds: 'abc' is not a whole number from 1 to 10000")


def test_a_set_up_from_anywhere_else_cannot_start_on_a_wrong_option(tmp_path):
    # A save's set-up or a script's goes through the same check when its battle starts.
    setup = load_map(write_map(tmp_path, "fallen_empire", {})).setup
    bad = setup.model_copy(update={"options": {"surprise_dice": "1d7"}})
    with pytest.raises(OptionProblem, match='surprise_dice: "1d7": d7 is not a usable die'):
        start(bad)
    assert isinstance(BattleSetup.model_validate(bad.model_dump()), BattleSetup)
    good = setup.model_copy(update={"options": {"max_rounds": "9"}})
    assert start(good)[0].option("max_rounds", None) == 9


def test_the_rulings_dialog_refuses_what_the_map_refuses(tmp_path):
    sb = Sandbox.from_map(write_map(tmp_path, "fallen_empire", {}))
    with pytest.raises(SandboxError, match=r'"2d6" is not one d6, with any bonus'):
        sb.override("surprise_dice", "2d6")
    with pytest.raises(SandboxError, match="'abc' is not a whole number from 1 to 10000"):
        sb.override("max_rounds", "abc")
    sb.override("surprise_dice", "1d6+1")
    assert sb.state.option("surprise_dice", None) == "1d6+1"
