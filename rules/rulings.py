"""GM overrides of a ruleset's rulings, for any ruleset whose rulings are one pydantic model
(its data file's `[config]`), and Flank's own settings every ruleset honours (`FlankSettings`).

One check for every way in (R-FLANK-OPTIONS): a scenario's `option.<key>` map property, a
save's set-up, the GM's Rulings dialog.  A value is checked by the model itself (its type and
range, as the data file's value is) and stored in the model's plain JSON form, so the rules
only ever read a value they can play; what is wrong is an `OptionProblem` in a player's
words, built from the same model ("'abc' is not a whole number from 1 to 10000").
"""

from __future__ import annotations

import json
import re
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from annotated_types import Ge, Le, MinLen
from pydantic import BaseModel, Field, ValidationError
from pydantic.fields import FieldInfo

from rules.data import DiceExpr, DiceRule, TableModel, describe_validation_error, parse_dice
from rules.state import Battle

__all__ = ["EXTRA", "FlankSettings", "OptionProblem", "coerce_option", "describe_option",
           "option_values", "value"]


class FlankSettings(TableModel):
    """Settings of Flank's own that every ruleset honours, whatever its tables say."""

    max_rounds: int = Field(50, ge=1, le=10_000)  # R-FLANK-MAX-ROUNDS: then a draw


EXTRA = {key: f.default for key, f in FlankSettings.model_fields.items()}


class OptionProblem(ValueError):
    """A GM option that cannot be used.  `key` is the option, `problem` what is wrong in a
    player's words; ``str()`` is one line naming the key once (``"key: problem"`` when the
    problem does not name it already)."""

    def __init__(self, key: str, problem: str, *, unknown: bool = False) -> None:
        super().__init__(problem if repr(key) in problem else f"{key}: {problem}")
        self.key = key
        self.problem = problem
        self.unknown = unknown  # the ruleset has no such option at all


C = TypeVar("C", bound=BaseModel)
_MERGED: dict[tuple[type, str], Any] = {}


def merged(base: C, options: tuple[tuple[str, object], ...]) -> C:
    """The rulings of one battle as one model: the file's `[config]` (`base`) with the
    battle's overrides (`options`) of its fields on top (R-FLANK-OPTIONS).

    Why a whole model: a ruleset's resolution code reads the merged `Config` (its derived
    values included), not key by key; overrides are few and change rarely, so each set of
    them is merged once and kept.  One function for every ruleset's `config_of`."""
    kind = type(base)
    mine = {k: v for k, v in options if k in kind.model_fields}
    if not mine:
        return base
    key = (kind, json.dumps(mine, sort_keys=True, default=str))
    if key not in _MERGED:
        _MERGED[key] = kind.model_validate({**base.model_dump(), **mine}, strict=False)
    return _MERGED[key]  # type: ignore[no-any-return]


def value(state: Battle, config: BaseModel, key: str) -> Any:
    """A ruling's value in this battle: the GM's override if any, else the data file's.

    Overrides travel in events as plain JSON, so dice come back as text ("1d6") and are
    parsed here into the same form the data file gives."""
    default = getattr(config, key)
    found = state.option(key, default)
    if found is not default and isinstance(default, DiceExpr) and isinstance(found, str):
        return parse_dice(found)
    return found


def option_values(state: Battle, config: BaseModel, read: Any) -> dict[str, Any]:
    """Every ruling with its value in this battle; `read(state, key)` gives one value."""
    out = {k: read(state, k) for k in type(config).model_fields}
    for key, default in EXTRA.items():
        out.setdefault(key, state.option(key, default))
    return out


def coerce_option(config: BaseModel | None, ruleset_name: str, key: str, value: Any) -> Any:
    """The value to store for `key` (the model's plain JSON form), or `OptionProblem`.

    `config` is the ruleset's `[config]` model (None: a ruleset without one, which has only
    Flank's settings).  Text that reads as a whole number or true/false is read so when the
    model wants one (a Tiled property left as a string, "12"), as the data file would be."""
    model: type[BaseModel]
    if config is not None and key in type(config).model_fields:
        model, base = type(config), config.model_dump(mode="json")
    elif key in FlankSettings.model_fields:
        model, base = FlankSettings, {}
    else:
        raise OptionProblem(key, f"{ruleset_name} has no ruling {key!r}", unknown=True)
    given = _reading(_base_kind(model.model_fields[key].annotation), value)
    try:
        checked = model.model_validate({**base, key: given})
    except ValidationError as exc:
        raise OptionProblem(key, _problem(model, key, value, exc)) from None
    return checked.model_dump(mode="json")[key]


def _problem(model: type[BaseModel], key: str, value: Any, exc: ValidationError) -> str:
    err = exc.errors()[0]
    cause = (err.get("ctx") or {}).get("error")
    if tuple(err["loc"][:1]) != (key,):  # a check across fields (a fraction above 1 …)
        return describe_validation_error(exc)[1]
    if err["type"] == "value_error" and isinstance(cause, ValueError) and '"' in str(cause):
        return str(cause)  # the dice's own words, quoting the text: "1d7": d7 is not …
    return f"{_shown(value)} is not {describe_option(model, key)}"


_INT = re.compile(r"[+-]?[0-9]{1,9}")


def _base_kind(kind: Any) -> Any:
    """The type under Annotated[...] and Optional (`int | None` is an int)."""
    if get_origin(kind) in (Union, UnionType):
        kinds = [k for k in get_args(kind) if k is not type(None)]
        kind = kinds[0] if len(kinds) == 1 else kind
    return _base_kind(get_args(kind)[0]) if get_origin(kind) is Annotated else kind


def _reading(kind: Any, value: Any) -> Any:
    """What a value given as text or a number reads as for a field of `kind`: "12" a whole
    number, "true" a truth value (a Tiled property left as a string), 3 the dice text "3"."""
    if kind is int and isinstance(value, str) and _INT.fullmatch(value.strip()):
        return int(value)
    if kind is int and isinstance(value, float) and value.is_integer() and abs(value) < 1e9:
        return int(value)
    if kind is bool and isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    if kind is DiceExpr and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = repr(value)
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(_shown(v) for v in value) + "]"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k} = {_shown(v)}" for k, v in value.items()) + "}"
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def describe_option(model: type[BaseModel], key: str) -> str:
    """What `key` of `model` may be, in a player's words: "a whole number from 1 to 10000",
    "true or false", "fixed, rolled or hybrid", "one d6, with any bonus" …"""
    info = model.model_fields[key]
    return _words(info.annotation, info.metadata)


def _words(kind: Any, metadata: list[Any]) -> str:
    if get_origin(kind) in (Union, UnionType):  # `int | None`: None is the default's
        kinds = [k for k in get_args(kind) if k is not type(None)]
        if len(kinds) == 1:
            return _words(kinds[0], metadata)
    if get_origin(kind) is Annotated:
        kind, *more = get_args(kind)
        metadata = [*metadata, *more]
    metadata = [m for x in metadata for m in (x.metadata if isinstance(x, FieldInfo) else [x])]
    if kind is bool:
        return "true or false"
    if kind is int:
        low = next((m.ge for m in metadata if isinstance(m, Ge)), None)
        high = next((m.le for m in metadata if isinstance(m, Le)), None)
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None:
            return f"a whole number of at least {low}"
        return f"a whole number of at most {high}" if high is not None else "a whole number"
    if get_origin(kind) is Literal:
        names = [f'"{a}"' for a in get_args(kind)]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    if kind is DiceExpr:
        rule = next((m for m in metadata if isinstance(m, DiceRule)), None)
        return rule.words if rule is not None else "dice like 1d6 or 2d6+1"
    if get_origin(kind) is tuple:
        item = get_args(kind)[0]
        words = _words(item, [])
        inner = get_args(_base_kind(item))
        like = f'["{inner[0]}"]' if get_origin(_base_kind(item)) is Literal else "[5, 6]"
        least = next((m.min_length for m in metadata if isinstance(m, MinLen)), 0)
        some = f" of at least {least}" if least else ""
        return f"a list{some}, each {words}, like {like}"
    if get_origin(kind) is dict:
        return f"a table of {_words(get_args(kind)[1], []).removeprefix('a ')}s by name"
    return "a value this ruling can take"
