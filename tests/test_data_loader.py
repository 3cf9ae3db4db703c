"""rules.data: one-line DataErrors for every way a GM's data file can be wrong, and dice."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, model_validator

from rules.data import (
    MAX_FILE_BYTES,
    DataError,
    Dice,
    DiceExpr,
    FieldProblem,
    load_toml_model,
    parse_dice,
)


class _Weapon(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    name: str
    damage: Dice
    reach_ft: int = 5


class _Unit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    weapon: str


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    weapons: dict[str, _Weapon]
    units: dict[str, _Unit] = {}

    @model_validator(mode="after")
    def _refs(self) -> _File:
        for uid, unit in self.units.items():
            if unit.weapon not in self.weapons:
                raise FieldProblem(f"units.{uid}.weapon", f'names unknown weapon "{unit.weapon}"')
        return self


GOOD = """\
[weapons.sword]
name = "Sword"
damage = "1d8"

[weapons.spear]
name = "Spear"
damage = "1d6"
reach_ft = 5

[units.orc]
weapon = "sword"
"""


def _write(tmp_path: Path, text: str, name: str = "data.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _error(path: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_toml_model(path, _File)
    err = info.value
    text = str(err)
    assert "\n" not in text
    assert text == f"{err.path}: {err.where}: {err.problem}"
    return err


# -- loading ----------------------------------------------------------------------------------


def test_good_file_loads_and_dice_round_trip(tmp_path: Path) -> None:
    data = load_toml_model(_write(tmp_path, GOOD), _File)
    assert data.weapons["sword"].damage == DiceExpr(1, 8, 0)
    assert data.model_dump(mode="json")["weapons"]["sword"]["damage"] == "1d8"
    assert data.model_dump()["weapons"]["spear"]["damage"] == "1d6"


def test_missing_file(tmp_path: Path) -> None:
    err = _error(tmp_path / "absent.toml")
    assert err.where == "file"
    assert "does not exist" in err.problem
    assert str(err).startswith(str(tmp_path / "absent.toml"))


def test_directory_is_not_a_file(tmp_path: Path) -> None:
    assert _error(tmp_path).where == "file"


def test_invalid_toml_names_line(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace('name = "Spear"', "name = Spear")))
    assert err.where == "line 6, column 8"
    assert "not valid TOML" in err.problem


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('[weapons.épée]\nname = "x"\n'.encode("latin-1"))
    err = _error(path)
    assert err.where == "file" and "UTF-8" in err.problem


def test_wrong_type_for_dice(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace('damage = "1d8"', "damage = 5")))
    assert err.where == "weapons.sword.damage"
    assert err.problem == 'must be a dice expression in quotes like "1d8+1", not 5'


def test_wrong_type_for_int(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace("reach_ft = 5", 'reach_ft = "5"')))
    assert str(err).endswith('weapons.spear.reach_ft: must be a whole number, not "5"')


def test_bad_dice_string(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace('damage = "1d6"', 'damage = "2x6"')))
    assert f"{err.where}: {err.problem}" == (
        'weapons.spear.damage: "2x6" is not a dice expression like 1d8+1'
    )


def test_unknown_extra_key(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace("reach_ft = 5", "reach = 5")))
    assert err.where == "weapons.spear.reach"
    assert "not a known key" in err.problem


def test_missing_key(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace('name = "Sword"\n', "")))
    assert (err.where, err.problem) == ("weapons.sword.name", "is required but missing")


def test_oversized_file(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    err = _error(path)
    assert err.where == "file" and err.problem.startswith("file is too large")


def test_cross_reference_error_is_located(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, GOOD.replace('weapon = "sword"', 'weapon = "swrod"')))
    assert err.where == "units.orc.weapon"
    assert err.problem == 'names unknown weapon "swrod"'


def test_first_error_only(tmp_path: Path) -> None:
    text = GOOD.replace('damage = "1d8"', 'damage = "x"').replace("reach_ft = 5", "bad = 1")
    assert _error(_write(tmp_path, text)).where == "weapons.sword.damage"


def test_odd_keys_are_quoted_and_one_line(tmp_path: Path) -> None:
    err = _error(_write(tmp_path, '[weapons."a b\\nc"]\nname = "x"\ndamage = 3\n'))
    assert err.where == 'weapons."a b\\nc".damage'


def test_data_error_str() -> None:
    err = DataError(Path("x.toml"), "line 12", "bad\nthing")
    assert str(err) == "x.toml: line 12: bad thing"
    assert err.path == Path("x.toml") and err.where == "line 12"


# -- dice -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expr"),
    [
        ("1d6", DiceExpr(1, 6, 0)),
        ("2d4+1", DiceExpr(2, 4, 1)),
        ("1d6-1", DiceExpr(1, 6, -1)),
        ("3", DiceExpr(0, 0, 3)),
        ("-2", DiceExpr(0, 0, -2)),
        ("1d100", DiceExpr(1, 100, 0)),
        ("100d20+1000", DiceExpr(100, 20, 1000)),
        ("0d6", DiceExpr(0, 6, 0)),
        (" 1d8+1 ", DiceExpr(1, 8, 1)),
    ],
)
def test_parse_dice(text: str, expr: DiceExpr) -> None:
    assert parse_dice(text) == expr


@pytest.mark.parametrize("text", ["1d6", "2d4+1", "1d6-1", "3", "-2", "1d100", "0d6", "2d8+10"])
def test_dice_round_trip(text: str) -> None:
    assert str(parse_dice(text)) == text
    assert parse_dice(str(parse_dice(text))) == parse_dice(text)


@pytest.mark.parametrize(
    "text",
    ["", "d6", "1d", "1d7", "1d6+", "2x6", "1d6+1d4", "1D6", "101d6", "1d6+1001", "1 d6",
     "one", "1.5", "1d6*2", "1d0", "1d1", "eval('1')"],
)
def test_parse_dice_rejects(text: str) -> None:
    with pytest.raises(ValueError, match=r'"'):
        parse_dice(text)


def test_parse_dice_error_names_text() -> None:
    with pytest.raises(ValueError, match=r'"2x6" is not a dice expression like 1d8\+1'):
        parse_dice("2x6")


def test_dice_min_max_doubled() -> None:
    d = parse_dice("1d8+1")
    assert (d.min(), d.max()) == (2, 9)
    assert str(d.doubled_dice()) == "2d8+1"  # FE-18: twice the dice, the bonus once
    assert parse_dice("3").doubled_dice() == parse_dice("3")
    assert (parse_dice("2d6").min(), parse_dice("2d6").max()) == (2, 12)
    assert (parse_dice("1d6-1").min(), parse_dice("1d6-1").max()) == (0, 5)


def test_dice_roll_in_range_and_reproducible() -> None:
    d = parse_dice("3d6+2")
    rolls = [d.roll(random.Random(seed)) for seed in range(200)]
    assert all(d.min() <= r <= d.max() for r in rolls)
    assert rolls == [d.roll(random.Random(seed)) for seed in range(200)]


def test_dice_expr_bounds() -> None:
    with pytest.raises(ValueError):
        DiceExpr(1, 7, 0)
    with pytest.raises(ValueError):
        DiceExpr(101, 6, 0)
    with pytest.raises(ValueError):
        DiceExpr(1, 6, -1001)
