"""Loading GM-editable rules data (TOML) for every Flank ruleset, and dice expressions.

Why it is built this way:

* Every number a rule text leaves out is a ruling, and a GM must be able to change it without
  touching code, so each ruleset keeps its tables in a TOML file validated by pydantic models.
* A GM editing a data file is not a programmer.  Whatever goes wrong (missing file, a TOML
  typo, a wrong type, a misspelt key, a dangling reference) becomes one :class:`DataError`
  whose ``str()`` is a single line ``"{path}: {where}: {problem}"`` that names the place and
  says what is wrong in plain words, never a traceback or a wall of pydantic output.
* Data files are data: they are parsed with :mod:`tomllib` and nothing else (no pickle, no
  eval, no imports), and a size cap stops a runaway file from eating memory.
* Dice are written the way the rule books write them (``"1d8+1"``) and parsed once, at load
  time, into an immutable :class:`DiceExpr`; the charge rule's "throw twice the normal number
  of dice, then apply bonuses" (Fallen Empire FE-18) is :meth:`DiceExpr.doubled_dice`.
  Where a clause needs its dice in a shape (FE-02's one d6), :func:`dice_where` says so.

Kept whole, though over 400 lines: the dice types, the loading and its one-line errors are
what every ruleset's models use together, and each part is short.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    PlainSerializer,
    PlainValidator,
    ValidationError,
    WithJsonSchema,
)

__all__ = [
    "ALLOWED_SIDES", "MAX_FILE_BYTES", "DataError", "Dice", "DiceExpr", "DiceRule",
    "FieldProblem", "Glyph", "Key", "TableModel", "as_tuple", "carried_weapons",
    "describe_validation_error",
    "dice_where", "load_toml_model", "parse_dice", "unknown_reference",
]

MAX_FILE_BYTES = 2 * 1024 * 1024
"""Data files larger than this (2 MiB) are refused: real rules tables are a few kilobytes."""

ALLOWED_SIDES = frozenset({2, 3, 4, 6, 8, 10, 12, 20, 100})
"""Dice that exist on a gaming table (d3 is the usual halved d6)."""

_MAX_COUNT = 100
_MAX_BONUS = 1000

M = TypeVar("M", bound=BaseModel)


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class DataError(Exception):
    """A rules data file is unusable.  ``str(err)`` is one line: ``"{path}: {where}: {problem}"``.

    ``where`` is a dotted location inside the data (``weapons.spear.damage``), a text position
    (``line 12, column 5``) or ``file`` when the file as a whole is the problem.
    """

    def __init__(self, path: Path | str, where: str, problem: str) -> None:
        self.path = Path(path)
        self.where = _one_line(where)
        self.problem = _one_line(problem)
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.path}: {self.where}: {self.problem}"

    def __reduce__(self) -> tuple[type[DataError], tuple[Path, str, str]]:
        # Raised in a worker process (flank simulate --jobs), it must cross back whole.
        return (DataError, (self.path, self.where, self.problem))


class FieldProblem(ValueError):
    """Raise inside a pydantic validator to point at a place below the model being validated.

    A model-level check (for example "unit ``orc`` names weapon ``spaer``") would otherwise be
    reported at the model itself; :func:`load_toml_model` appends ``where`` to the location.
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(problem)
        self.where = where
        self.problem = problem


def _one_line(text: str) -> str:
    return " ".join(str(text).split()) if ("\n" in text or "\r" in text) else text


# --------------------------------------------------------------------------------------------
# Dice
# --------------------------------------------------------------------------------------------

_DICE_RE = re.compile(r"(\d{1,4})d(\d{1,4})(?:([+-])(\d{1,5}))?")
_FLAT_RE = re.compile(r"([+-]?)(\d{1,5})")


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count`` dice of ``sides`` sides plus ``bonus``; a flat number has count 0 and sides 0."""

    count: int
    sides: int
    bonus: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.count <= _MAX_COUNT:
            raise ValueError(f"dice count must be 0..{_MAX_COUNT}, not {self.count}")
        if self.count == 0 and self.sides == 0:
            pass  # a flat number
        elif self.sides not in ALLOWED_SIDES:
            raise ValueError(f"d{self.sides} is not a usable die ({_sides_list()})")
        if abs(self.bonus) > _MAX_BONUS:
            raise ValueError(f"dice bonus must be within ±{_MAX_BONUS}, not {self.bonus}")

    def __str__(self) -> str:
        if self.count == 0 and self.sides == 0:
            return str(self.bonus)
        base = f"{self.count}d{self.sides}"
        if self.bonus > 0:
            return f"{base}+{self.bonus}"
        if self.bonus < 0:
            return f"{base}{self.bonus}"
        return base

    def doubled_dice(self) -> DiceExpr:
        """Twice the dice, the bonus once (FE-18 charge: 1d8+1 → 2d8+1).  Flat stays flat."""
        if self.count == 0:
            return self
        return DiceExpr(min(self.count * 2, _MAX_COUNT), self.sides, self.bonus)

    def min(self) -> int:
        """Lowest possible total (may be below zero with a penalty; callers apply floors)."""
        return self.count + self.bonus

    def max(self) -> int:
        """Highest possible total."""
        return self.count * self.sides + self.bonus

    def roll(self, rng: Random) -> int:
        """Roll with the caller's generator, so games stay reproducible from their seed."""
        return sum(rng.randint(1, self.sides) for _ in range(self.count)) + self.bonus


def _sides_list() -> str:
    return "d" + ", d".join(str(s) for s in sorted(ALLOWED_SIDES))


def parse_dice(expr: str) -> DiceExpr:
    """Parse ``"1d6"``, ``"2d4+1"``, ``"1d6-1"`` or a flat ``"3"``; anything else is ValueError.

    The error message quotes the text, so it can be shown to a GM as it is.
    """
    if not isinstance(expr, str):
        raise ValueError(f"{expr!r} is not a dice expression like 1d8+1")
    text = expr.strip()
    shown = json.dumps(expr)
    if m := _DICE_RE.fullmatch(text):
        count, sides = int(m[1]), int(m[2])
        bonus = int(m[4]) * (-1 if m[3] == "-" else 1) if m[4] else 0
    elif m := _FLAT_RE.fullmatch(text):
        count, sides, bonus = 0, 0, int(m[2]) * (-1 if m[1] == "-" else 1)
    else:
        raise ValueError(f"{shown} is not a dice expression like 1d8+1")
    try:
        return DiceExpr(count, sides, bonus)
    except ValueError as exc:
        raise ValueError(f"{shown}: {exc}") from None


def _to_dice(value: Any) -> DiceExpr:
    if isinstance(value, DiceExpr):
        return value
    if isinstance(value, str):
        return parse_dice(value)
    raise ValueError(
        f'must be a dice expression in quotes like "1d8+1", not {_show_value(value)}'
    )


_DICE_SCHEMA = {"type": "string", "pattern": r"^\d+d\d+([+-]\d+)?$|^[+-]?\d+$"}

Dice = Annotated[
    DiceExpr,
    PlainValidator(_to_dice),
    PlainSerializer(str, return_type=str),
    WithJsonSchema(_DICE_SCHEMA),
]
"""A pydantic field type: reads ``"1d8+1"`` (or a :class:`DiceExpr`), dumps back to the text."""


@dataclass(frozen=True, slots=True)
class DiceRule:
    """What a rule needs of its dice beyond being real dice: `sides` (only dice of these
    faces), `count` (exactly this many dice) and `lowest` (the smallest total it may give:
    healing never wounds).  `words` says it to a GM ("one d6, with any bonus")."""

    words: str
    sides: frozenset[int] | None = None
    count: int | None = None
    lowest: int | None = None

    def problem(self, dice: DiceExpr) -> str | None:
        if self.count is not None and dice.count != self.count:
            return f'"{dice}" is not {self.words}'
        if self.sides is not None and dice.count and dice.sides not in self.sides:
            return f'"{dice}" is not {self.words}'
        if self.lowest is not None and dice.min() < self.lowest:
            return f'"{dice}" can give {dice.min()}: it must be {self.words}'
        return None


def dice_where(rule: DiceRule) -> Any:
    """A :data:`Dice` field type that also keeps to `rule` (what the engine can play, or what
    the clause says), for GM options whose rule needs particular dice."""

    def check(value: Any) -> DiceExpr:
        dice = _to_dice(value)
        problem = rule.problem(dice)
        if problem is not None:
            raise ValueError(problem)
        return dice

    return Annotated[DiceExpr, PlainValidator(check), PlainSerializer(str, return_type=str),
                     WithJsonSchema(_DICE_SCHEMA), rule]


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------

_TOML_POS_RE = re.compile(r"^(?P<msg>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$")
_BARE_KEY_RE = re.compile(r"[A-Za-z0-9_-]+")


def load_toml_model(path: Path, model: type[M]) -> M:
    """Read ``path`` as TOML and validate it as ``model``; every failure is a :class:`DataError`.

    Only the first validation error is reported: a GM fixes one thing at a time, and the
    first error is the one nearest the top of the model (fields are checked in order).
    """
    path = Path(path)
    raw = _read_capped(path)
    try:
        text = raw.decode("utf-8-sig")  # tolerate the BOM some Windows editors add
    except UnicodeDecodeError as exc:
        problem = f"is not UTF-8 text (bad byte at offset {exc.start})"
        raise DataError(path, "file", problem) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(path, exc) from None
    except RecursionError:  # tomllib recurses once per level of [[[...]]] or {a = {a = ...}}
        raise DataError(path, _deep_place(text), "lists or tables are nested inside each "
                        "other hundreds of levels deep; real tables nest a few at most"
                        ) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        where, problem = describe_validation_error(exc)
        raise DataError(path, where, problem) from None


def _read_capped(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise DataError(path, "file", "does not exist") from None
    except IsADirectoryError:
        raise DataError(path, "file", "is a directory, not a data file") from None
    except PermissionError:
        raise DataError(path, "file", "cannot be read: permission denied") from None
    except OSError as exc:
        raise DataError(path, "file", f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError(path, "file", f"file is too large (over {MAX_FILE_BYTES} bytes)")
    return raw


def _deep_place(text: str, deep: int = 100) -> str:
    """Where brackets and braces first open `deep` levels down ("line 12"), skipping quoted
    text and comments roughly: enough to point a GM at the line."""
    depth, quote, line = 0, "", 1
    for i, ch in enumerate(text):
        if ch == "\n":
            line += 1
            quote = ""  # a comment ends with its line; so (roughly) does a string
        elif quote == "#":
            continue
        elif quote:
            if ch == quote and text[i - 1] != "\\":
                quote = ""
        elif ch in "\"'#":
            quote = ch
        elif ch in "[{":
            depth += 1
            if depth >= deep:
                return f"line {line}"
        elif ch in "]}":
            depth = max(0, depth - 1)
    return "file"


def _toml_error(path: Path, exc: tomllib.TOMLDecodeError) -> DataError:
    # Python 3.14 gives lineno/colno attributes; 3.11-3.13 only put them in the message.
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    msg = getattr(exc, "msg", None) or str(exc)
    if m := _TOML_POS_RE.match(msg):
        msg, line, col = m["msg"], int(m["line"]), int(m["col"])
    where = f"line {line}, column {col}" if line is not None else "file"
    return DataError(path, where, f"not valid TOML: {msg[:1].lower()}{msg[1:]}")


def describe_validation_error(exc: ValidationError) -> tuple[str, str]:
    """The first pydantic error as ``(dotted location, plain-words problem)``."""
    err = exc.errors()[0]
    loc: list[str | int] = list(err["loc"])
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, FieldProblem):
        loc.extend(int(p) if p.isdigit() else p for p in cause.where.split(".") if p)
    where = _format_loc(loc)
    return where, _plain_problem(err, cause)


def _format_loc(loc: Sequence[str | int]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        if part == "[key]":  # pydantic's marker for "the dict key itself"
            continue
        shown = part if _BARE_KEY_RE.fullmatch(part) else json.dumps(part)
        out += f".{shown}" if out else shown
    return out or "(top level)"


def _show_value(value: Any) -> str:
    """A value the way it looks in a TOML file, kept short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = json.dumps(value)
    elif isinstance(value, dict):
        return "a table"
    elif isinstance(value, list | tuple):
        return "a list"
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_WORDS = {
    "int": "a whole number",
    "bool": "true or false",
    "string": "text in quotes",
    "float": "a number",
    "dict": "a table",
    "model": "a table",
    "model_attributes": "a table",
    "dataclass": "a table",
    "list": "a list like [1, 2]",
    "tuple": "a list like [1, 2]",
}


def _plain_problem(err: Any, cause: BaseException | None) -> str:
    kind: str = err["type"]
    ctx = err.get("ctx") or {}
    value = err.get("input")
    if isinstance(cause, FieldProblem):
        return cause.problem
    if kind in ("value_error", "assertion_error"):
        return str(cause) if cause is not None else str(err["msg"])
    if kind == "missing":
        return "is required but missing"
    if kind == "extra_forbidden":
        return "is not a known key here (misspelt, or in the wrong table?)"
    if kind == "literal_error":
        expected = str(ctx.get("expected", "one of the listed values")).replace("'", '"')
        return f"must be {expected}, not {_show_value(value)}"
    for prefix, words in _TYPE_WORDS.items():
        if kind in (f"{prefix}_type", f"{prefix}_parsing", f"{prefix}_from_float"):
            return f"must be {words}, not {_show_value(value)}"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {ctx.get(key)}, not {_show_value(value)}"
    if kind in ("too_short", "string_too_short"):
        return f"is too short: {err['msg'][:1].lower()}{err['msg'][1:]}"
    if kind in ("too_long", "string_too_long"):
        return f"is too long: {err['msg'][:1].lower()}{err['msg'][1:]}"
    msg = str(err["msg"])
    return msg[:1].lower() + msg[1:]


# --------------------------------------------------------------------------------------------
# Building blocks every ruleset's tables use
# --------------------------------------------------------------------------------------------


class TableModel(BaseModel):
    """Base of a ruleset's table models: no unknown keys, no silent conversions, frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def as_tuple(value: Any) -> Any:
    """TOML gives lists; the frozen models keep tuples."""
    return tuple(value) if isinstance(value, list) else value


def _check_key(key: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", key):
        raise ValueError(f'"{key}" is not a usable id: use lower-case letters, digits and _ '
                         "(starting with a letter, at most 40)")
    return key


def _check_glyph(text: str) -> str:
    if len(text) != 1 or not text.isprintable() or text.isspace():
        raise ValueError(f'"{text}" is not one visible character')
    return text


Key = Annotated[str, AfterValidator(_check_key)]
"""An id in a data file: lower-case letters, digits and _, starting with a letter."""

Glyph = Annotated[str, AfterValidator(_check_glyph)]
"""One visible character: a figure's mark on its token."""


def carried_weapons(at: str, template: Any, weapons: Mapping[str, Any]
                    ) -> list[tuple[str, str, Any]]:
    """(slot, key, row) for each of a template's weapon slots (`weapon`, `offhand`,
    `missile`) that names one; FieldProblem at `at.slot` if the key is not in `weapons`.
    Every ruleset's table check reads its figures' weapons this way and then checks the row
    against its own text (a missile in the missile slot, a melee weapon in the hands)."""
    out = []
    for slot in ("weapon", "offhand", "missile"):
        key = getattr(template, slot)
        if key is None:
            continue
        if key not in weapons:
            raise FieldProblem(f"{at}.{slot}", unknown_reference("weapon", key, weapons))
        out.append((slot, key, weapons[key]))
    return out


def unknown_reference(kind: str, key: str, known: Mapping[str, Any]) -> str:
    """The problem of a dangling reference, with the closest known id as a hint."""
    close = difflib.get_close_matches(key, list(known), n=1)
    hint = f' (did you mean "{close[0]}"?)' if close else ""
    return f'names {kind} "{key}", which is not defined{hint}'
