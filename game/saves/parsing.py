"""Reading one line of a save safely, and turning its JSON into records, events and commands.

A save may come from anyone, so its JSON is read with the limits of the format (numbers in
range, no NaN or Infinity, no key twice, nesting at most `MAX_DEPTH` deep) and validated by
pydantic; a problem is a `_Problem` in plain words, which the loader places on its line.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from game.saves.errors import _one_line, _Problem, _q
from game.saves.format import MAX_DEPTH, VERSION
from game.saves.loaded import Step, _Record
from game.saves.upcast import RECORD_UPCASTERS
from rules.commands import Command, command_adapter
from rules.data import describe_validation_error
from rules.events import Event, event_adapter


def _no_constants(name: str) -> Any:
    raise _Problem(f"{name} is not a number a save may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Problem(f"the number {_q(text)} is too large")
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Problem(f"the key {_q(key)} appears twice in one object")
        out[key] = value
    return out


def _int_parser(limit: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text) > 40:
            raise _Problem(f"the number {_q(text, 30)} is out of range")
        value = int(text)
        if abs(value) > limit:
            raise _Problem(f"the number {value} is out of range (at most ±{limit})")
        return value
    return parse


def _parse_json(text: str, int_limit: int) -> Any:
    try:
        obj = json.loads(text, parse_constant=_no_constants, parse_float=_finite_float,
                         parse_int=_int_parser(int_limit), object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise _Problem(f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise _Problem(f"JSON nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # e.g. an integer with too many digits
        raise _Problem(f"not valid JSON: {_one_line(str(exc), 80)}") from None
    _check_depth(obj)
    return obj


def _check_depth(obj: Any) -> None:
    todo: list[tuple[Any, int]] = [(obj, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise _Problem(f"JSON nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _validation_problem(exc: ValidationError, prefix: str = "", tag: str | None = None) -> str:
    """One pydantic error in plain words, located (``events[2].hp_after: must be ...``)."""
    err = exc.errors()[0]
    kind = err["type"]
    where, problem = describe_validation_error(exc)
    if kind == "union_tag_invalid":
        found = (err.get("ctx") or {}).get("tag", err.get("input"))
        problem = f"unknown {tag or 'record'} type {_q(found)}"
    elif kind == "union_tag_not_found":
        problem = f"has no 'type' (every {tag or 'record'} names its type)"
    elif kind in ("model_type", "model_attributes_type") and where == "(top level)":
        problem = f"must be an object, not {_q(err.get('input'))}"
    loc = list(err["loc"])
    if tag is not None and loc and isinstance(loc[0], str) and kind not in (
            "union_tag_invalid", "union_tag_not_found"):
        # a discriminated union puts the type tag first: drop it from the place
        rest = where.split(".", 1)
        where = rest[1] if len(rest) == 2 else "(top level)"
    # the loader's words are for TOML tables; a save is JSON
    problem = (problem.replace("must be a table", "must be an object")
               .replace("(misspelt, or in the wrong table?)", "(misspelt, or in the wrong place?)"))
    if where == "(top level)":
        where = ""
    if prefix and where:
        where = f"{prefix}.{where}" if not where.startswith("[") else f"{prefix}{where}"
    elif prefix:
        where = prefix
    return f"{where}: {problem}" if where else problem


def _event(raw: Any, where: str) -> Event:
    try:
        return event_adapter().validate_json(_dumps(raw), strict=True)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise _Problem(_validation_problem(exc, where, "event")) from None


def _command(raw: Any, where: str) -> Command:
    try:
        return command_adapter().validate_json(_dumps(raw), strict=True)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise _Problem(_validation_problem(exc, where, "command")) from None


def _json_kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false",
            type(None): "null"}.get(type(value), "a number")


_HASH = re.compile(r"[0-9a-f]{32}")
_KEYS = {"opening": {"opening"}, "command": {"step", "command", "events", "hash"},
         "undo": {"undo"}, "redo": {"redo"}}


def _record(number: int, obj: dict[str, Any], version: int, context: dict[str, Any]
            ) -> _Record:
    """One record after the header (upgraded from the file's format `version`), checked:
    an opening, a step, an undo or a redo.  Raises `_Problem`."""
    while version < VERSION:
        obj = RECORD_UPCASTERS[version](obj, context)
        version += 1
    kinds = [k for k in ("opening", "command", "undo", "redo") if k in obj]
    if len(kinds) != 1:
        if not kinds:
            raise _Problem("not a record: expected \"opening\", \"command\", \"undo\" or "
                           "\"redo\"")
        raise _Problem(f"one record has both {_q(kinds[0])} and {_q(kinds[1])}")
    kind = kinds[0]
    extra = sorted(set(obj) - _KEYS[kind])
    if extra:
        raise _Problem(f"{_q(extra[0])}: is not a known key of a {kind} record")
    if kind == "opening":
        return _Record(number, "opening", events=_events(obj["opening"], "opening"))
    if kind in ("undo", "redo"):
        n = obj[kind]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise _Problem(f"{kind}: must be a whole number of steps, at least 1, not {_q(n)}")
        return _Record(number, kind, count=n)  # type: ignore[arg-type]
    step = obj.get("step")
    if isinstance(step, bool) or not isinstance(step, int) or step < 1:
        raise _Problem(f"step: must be a whole number, at least 1, not {_q(step)}")
    if "events" not in obj:
        raise _Problem("events: is required but missing")
    h = obj.get("hash")
    if h is not None and not (isinstance(h, str) and _HASH.fullmatch(h)):
        raise _Problem(f"hash: must be a state hash (32 hex digits), not {_q(h)}")
    cmd = _command(obj["command"], "command")
    evs = _events(obj["events"], "events")
    return _Record(number, "step", step=Step(step, cmd, evs, h, number))


def _events(raw: Any, where: str) -> tuple[Event, ...]:
    if not isinstance(raw, list):
        raise _Problem(f"{where}: must be a list of events, not {_json_kind(raw)}")
    return tuple(_event(item, f"{where}[{i}]") for i, item in enumerate(raw))
