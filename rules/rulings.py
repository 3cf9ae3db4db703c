"""GM overrides of a ruleset's rulings, for any ruleset whose rulings are one pydantic model
(its data file's `[config]`).  A new value is checked by the model itself and travels in the
RulingOverridden event as plain JSON."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from rules.data import DiceExpr, parse_dice
from rules.state import Battle

EXTRA = {"max_rounds": 50}  # settings of Flank's own that every ruleset honours


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


def coerce_option(config: BaseModel, ruleset_name: str, key: str, value: Any) -> Any:
    """The value to store for `key`, or ValueError saying what is wrong with it."""
    if key == "max_rounds":
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_000:
            raise ValueError("max_rounds must be a whole number from 1 to 10000")
        return value
    if key not in type(config).model_fields:
        raise ValueError(f"{ruleset_name} has no ruling {key!r}")
    data = config.model_dump(mode="json")
    data[key] = value
    try:
        checked = type(config).model_validate(data)
    except ValidationError as exc:
        raise ValueError(f"{key} = {value!r}: {exc.errors()[0]['msg']}") from None
    return checked.model_dump(mode="json")[key]
