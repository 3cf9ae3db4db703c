"""Checks of a saved set-up and battle that the rules take on trust.

A ruleset reads GM options, per-unit overrides and unit statistics as they are, so a save
that gives a number where text belongs (or a number beyond reason) would surface as a crash
deep in a rule.  These checks say so at load time, as one line the loader places on its line.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from game.saves.errors import _q
from game.saves.format import MAX_UNIT_INT
from game.saves.rulesets import ruleset_tables
from rules.data import describe_validation_error
from rules.engine import BattleSetup, initial_state, ruleset_of
from rules.state import DEAD, GONE, Battle


def _check_options(setup: BattleSetup) -> str | None:
    """GM options of the setup whose key is a value in the ruleset's data tables must have
    that value's type (the ruleset reads them as they are)."""
    config = _ruleset_config(setup.ruleset)
    if config is None:
        return None
    for key, value in setup.options.items():
        if key in type(config).model_fields:
            try:
                type(config).model_validate({key: value})
            except ValidationError as exc:
                where, problem = describe_validation_error(exc)
                return f"setup.options.{where}: {problem}"
    return None


def _ruleset_config(ruleset: str) -> BaseModel | None:
    loader = ruleset_tables(ruleset)[ruleset]
    if loader is None:
        return None
    try:
        config = getattr(loader(None), "config", None)
    except Exception:  # the shipped tables are broken: the ruleset will say so itself
        return None
    return config if isinstance(config, BaseModel) else None


def _check_templates(setup: BattleSetup) -> str | None:
    """Every unit names one of the ruleset's templates (when the ruleset lists them)."""
    try:
        mode = setup.options.get("mode", "skirmish")
        known = ruleset_of(setup.ruleset).templates_in(mode if isinstance(mode, str) else "")
    except Exception:
        return None
    if not known:
        return None
    for i, spec in enumerate(setup.units):
        if spec.template not in known:
            import difflib

            close = difflib.get_close_matches(spec.template, known, n=1)
            hint = f" (did you mean {_q(close[0])}?)" if close else ""
            return (f"setup.units[{i}].template: {_q(spec.template)} is not a template of "
                    f"{setup.ruleset}{hint}")
    return None


def _check_overrides(setup: BattleSetup) -> str | None:
    """Per-unit overrides must have the type of the statistic they replace (the ruleset
    copies them onto the unit as they are).  The unit classes come from the setup built
    without its overrides."""
    if not any(u.overrides for u in setup.units):
        return None
    plain = setup.model_copy(update={"units": tuple(u.model_copy(update={"overrides": {}})
                                                    for u in setup.units)})
    try:
        classes = {u.id: type(u) for u in initial_state(plain).units}
    except Exception:  # the setup is bad anyway: building it for real will say how
        return None
    for i, spec in enumerate(setup.units):
        hints = _hints(classes[spec.id]) if spec.id in classes else {}
        for key, value in spec.overrides.items():
            hint = hints.get(key)
            if hint is None:
                continue  # not a statistic: the ruleset says whether it may be overridden
            if typing.get_origin(hint) is tuple and isinstance(value, list):
                value = tuple(value)
            problem = _check_value(value, hint)
            if problem:
                return f"setup.units[{i}].overrides.{key}: {problem}"
    return None


_SCALARS = (int, str, bool)


def _check_units(state: Battle) -> str | None:
    """Every unit's statistics have their declared type and a sane size, and every unit still
    in the battle stands on a hex of the board (or nowhere)."""
    for u in state.units:
        if u.pos is not None and u.status not in (DEAD, GONE) and u.pos not in state.board:
            return f"unit {_q(u.id)} stands at ({u.pos.q}, {u.pos.r}), off the board"
        hints = _hints(type(u))
        for name, hint in hints.items():
            value = getattr(u, name, None)
            problem = _check_value(value, hint)
            if problem:
                return f"unit {_q(u.id)}: {name} {problem}"
    return None


_HINT_CACHE: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINT_CACHE:
        import dataclasses

        try:
            hints = typing.get_type_hints(cls)
        except Exception:
            hints = {}
        _HINT_CACHE[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls)
                            if f.name in hints}
    return _HINT_CACHE[cls]


def _check_value(value: Any, hint: Any) -> str | None:
    if hint is bool:
        return None if isinstance(value, bool) else f"must be true or false, not {_q(value)}"
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be a whole number, not {_q(value)}"
        if abs(value) > MAX_UNIT_INT:
            return f"is {_q(value)}, beyond ±{MAX_UNIT_INT}"
        return None
    if hint is str:
        if not isinstance(value, str):
            return f"must be text, not {_q(value)}"
        return None if len(value) <= 200 else "is longer than 200 characters"
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(value, tuple):
            return f"must be a list, not {_q(value)}"
        if len(value) > 1000:
            return "has more than 1000 entries"
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis and args[0] in _SCALARS:
            for item in value:
                problem = _check_value(item, args[0])
                if problem:
                    return problem
    return None
