"""Values from Tiled properties: typed property values, whole numbers and true/false written
either way, facings by number or name, and the map's ``option.<key>`` properties (the GM
options of the battle; lists are written as JSON text, since Tiled has no list type).
"""

from __future__ import annotations

import math
import re
from typing import Any
from xml.etree.ElementTree import Element

from game.maps.base import _q, _ReaderBase
from rules.hexgrid import direction_name

_INT = re.compile(r"[+-]?[0-9]+")
_IDENT = re.compile(r"[a-z][a-z0-9_]*")
_TRUE = frozenset({"true", "1", "yes"})
_FALSE = frozenset({"false", "0", "no"})


class _Options(_ReaderBase):
    """The battle's GM options, from the map's ``option.<key>`` properties."""

    def options(self, props: dict[str, Any]) -> dict[str, Any]:
        """The map's ``option.<key>`` properties, by key, as the ruleset will read them."""
        options = {}
        for key, value in props.items():
            if key.startswith("option."):
                options[key[len("option."):]] = self._option_value(key, value)
        return options

    def _option_value(self, key: str, value: Any) -> Any:
        """An `option.<key>` value: lists are written as JSON text, e.g. "[5, 6]"."""
        if isinstance(value, str) and value.strip().startswith("["):
            parsed = _json_list(value)
            if parsed is None:
                raise self.fail(f"map property {_q(key)}: {_q(value)} is not a list like [5, 6]")
            return parsed
        return value


def _json_list(text: str) -> list[Any] | None:
    """A list written as JSON text ("[5, 6]"), for options Tiled has no list type for."""
    import json

    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: lists nested thousands deep
        return None
    return value if isinstance(value, list) and len(value) <= 64 else None


def _finite(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _typed(prop: Element) -> Any:
    value = prop.get("value")
    if value is None:
        value = prop.text or ""
    kind = prop.get("type", "string")
    if kind in ("int", "object"):
        return int(value)
    if kind == "float":
        return float(value)
    if kind == "bool":
        return value.strip().lower() in _TRUE
    return value


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and _INT.fullmatch(value.strip()):
        return int(value)
    return None


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return None


def _facing(value: Any, flat: bool) -> int | None:
    number = _as_int(value)
    if number is not None:
        return number if 0 <= number <= 5 else None
    if isinstance(value, str):
        names = [direction_name(d, flat) for d in range(6)]
        if value.strip().upper() in names:
            return names.index(value.strip().upper())
    return None
