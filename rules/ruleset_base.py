"""What every ruleset built on a data file shares: setting its battle up, building its figures
from the file's templates, and the rulings (the file's `[config]`) a GM may override.

Why this exists: Empress and Fallen Empire each wrote these out line for line, and the
rulesets to come (ZeFRS, Enchanted Realms, Tarnished Tale) keep their figures and rulings the
same way.  A ruleset subclasses `TableRuleset`, says where its tables are (`tables`) and how
one figure is built (`make_unit`, with `template_of`, `unit_basics` and `apply_overrides`),
and gets the set-up, the GM's options, the templates and the glyphs.  Its tables need `units`
(templates with `name`, `hp`, `size` and `art`) and `config` (a pydantic model of rulings).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel

from rules import rulings
from rules.hexgrid import Hex
from rules.ruleset import Ruleset, weapon_badge
from rules.setup import BattleSetup, UnitSpec, options_of, units_of
from rules.state import Battle, Board, Frame, Side, Unit
from rules.wording import gender_refusal

T = TypeVar("T")


class TableRuleset(Ruleset):
    """A ruleset whose figures and rulings come from its data file.

    Why the class attributes: every bundled ruleset's face began with the same lines (its
    tables, its figure builder, its data file beside it, its frames' procedures, the turn's
    three entry points); a ruleset now names its own functions once here and the shared
    front door below calls them (issue 36, "one front door, not five copies")."""

    tables_from: ClassVar[Callable[[Path | None], Any] | None] = None
    """The ruleset's `load_tables` (wrapped in `staticmethod`), which `tables` calls."""
    units_from: ClassVar[Callable[[UnitSpec], Unit] | None] = None
    """Its `build_unit(spec)` (wrapped in `staticmethod`), which `make_unit` calls."""
    frame_procedures: ClassVar[tuple[tuple[type, Callable[[Any, Any], None]], ...]] = ()
    """(frame class, procedure(ctx, frame)) pairs `run_frame` tries in order."""
    turn_procedures: ClassVar[Any] = None
    """A module with `legal_commands(state, side)`, `check(state, command)` and
    `decide(ctx, command)`, which the methods of those names call."""
    archetype_templates: ClassVar[Mapping[str, str]] = {}
    """The archetypes (rules/archetypes) and this ruleset's template for each; `archetypes`
    keeps the ones whose template its tables have."""

    def tables(self, path: Path | None = None) -> Any:
        """The loaded tables (with `units` and `config`): the shipped file, or the one at
        `path` read in its place (`flank validate`)."""
        if type(self).tables_from is None:
            raise NotImplementedError
        return type(self).tables_from(path)  # type: ignore[misc]

    def make_unit(self, spec: UnitSpec, board: Board) -> Unit:
        """A fresh figure from its template and the scenario's overrides; ValueError, naming
        the unit and the problem, if it cannot be built."""
        if type(self).units_from is None:
            raise NotImplementedError
        return type(self).units_from(spec)  # type: ignore[misc]

    def data_file(self) -> Path | None:
        """The `data.toml` beside the module that defines the ruleset's class, if there is
        one (each bundled ruleset keeps its tables and rulings there)."""
        path = Path(sys.modules[type(self).__module__].__file__ or "").with_name("data.toml")
        return path if path.is_file() else None

    def run_frame(self, ctx: Any, frame: Frame) -> None:
        for kind, procedure in type(self).frame_procedures:
            if isinstance(frame, kind):
                procedure(ctx, frame)
                return
        raise TypeError(f"no procedure for {type(frame).__name__}")

    def legal_commands(self, state: Battle, side: str) -> list[Any]:
        return self._turn().legal_commands(state, side)  # type: ignore[no-any-return]

    def check(self, state: Battle, command: Any) -> str | None:
        return self._turn().check(state, command)  # type: ignore[no-any-return]

    def decide(self, ctx: Any, command: Any) -> None:
        self._turn().decide(ctx, command)

    def _turn(self) -> Any:
        if self.turn_procedures is None:
            raise NotImplementedError(f"{self.name} names no turn_procedures")
        return self.turn_procedures

    def archetypes(self) -> dict[str, str]:
        known = set(self.tables().units)
        return {a: t for a, t in self.archetype_templates.items() if t in known}

    def weapon_badge_of(self, unit: Any) -> str:
        """The badge of the weapon in his hand, else of his missile weapon; "" if he has
        neither (a figure whose `weapon` and `missile` are keys of the tables' `weapons`)."""
        key = unit.weapon or unit.missile
        return weapon_badge(self.tables().weapons[key].name) if key else ""

    def ruling(self, state: Battle, key: str) -> Any:
        """A ruling's value in this battle: the GM's override, else the data file's."""
        return rulings.value(state, self.tables().config, key)

    def new_battle(self, setup: BattleSetup, *, system: Any, stack: tuple[Frame, ...],
                   more_options: Iterable[str] | type[BaseModel] = ()) -> Battle:
        """The battle a set-up describes, before any event: its board, sides and figures
        (checked by `units_of`, each by `unit_refusal` too), the ruleset's own bookkeeping
        and opening stack, and the set-up's overrides of the rulings (`more_options`: keys
        known beyond `[config]`, or a model of them, by which they are checked too)."""
        board = setup.board.build()
        sides = tuple(Side(s.id, s.name or s.id, s.player_characters) for s in setup.sides)
        config = self.tables().config
        more = more_options if isinstance(more_options, type) else None
        known = set(type(config).model_fields) | set(
            more.model_fields if more is not None else more_options)  # type: ignore[arg-type]
        options = options_of(setup, known, self.name, config, more)
        return Battle(ruleset=self.id, seed=setup.seed, board=board, sides=sides,
                      units=units_of(setup, board, lambda spec: self.make_unit(spec, board),
                                     self.unit_refusal),
                      system=system, stack=stack, options=options, title=setup.title)

    def templates(self) -> list[str]:
        return sorted(self.tables().units)

    # --- the GM's hand (rules/gm.py) -------------------------------------------------------

    def build_unit(self, state: Battle, spec: UnitSpec) -> Any:
        return self.make_unit(spec, state.board)

    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """The edit applied; a lower maximum takes the hit points down with it.  A ruleset
        extends this to redo what follows from its own fields (reach from the weapon …)."""
        u = replace(unit, **changes)
        if "max_hp" in changes and "hp" not in changes:
            u = replace(u, hp=min(u.hp, u.max_hp))
        return u

    def entry_refusal(self, changes: Mapping[str, Any],
                      tables: Mapping[str, Mapping[str, Any]]) -> str | None:
        """Why an edit names something its table does not have (`tables`: the changed field
        → the table it must be a key of), or None."""
        for key, table in tables.items():
            entry = changes.get(key)
            if entry and entry not in table:
                return f"{key} {entry!r} is not in the {self.name} tables"
        return None

    def option_values(self, state: Battle) -> dict[str, Any]:
        return rulings.option_values(state, self.tables().config, self.ruling)

    def check_option(self, state: Battle, key: str, value: Any) -> str | None:
        try:
            self.coerce_option(state, key, value)
        except ValueError as exc:
            return str(exc)
        return None

    def coerce_option(self, state: Battle, key: str, value: Any) -> Any:
        return rulings.coerce_option(self.tables().config, self.name, key, value)

    def unit_glyph(self, state: Battle, unit_id: str) -> str:
        u = state.unit(unit_id)
        template = self.tables().units.get(u.template)
        return template.art if template else u.template[:1].upper()


# --- building a figure ---------------------------------------------------------------------


def template_of(templates: Mapping[str, T], spec: UnitSpec, ruleset_name: str) -> T:
    """The template a set-up's figure names; ValueError listing the known ones if unknown."""
    if spec.template not in templates:
        known = ", ".join(sorted(templates))
        raise ValueError(f"unit {spec.id!r}: unknown template {spec.template!r} "
                         f"({ruleset_name} knows: {known})")
    return templates[spec.template]


def figure_label(base: Mapping[str, Any]) -> str:
    """A figure being built, as a GM finds him in his scenario: his name and his id
    ("Crossbowman ('archer')"), or the id alone where it is his name."""
    name, uid = base.get("name") or "", base.get("id") or ""
    return f"{name} ({uid!r})" if name and name != uid else repr(uid)


def check_items(base: Mapping[str, Any], slots: Mapping[str, tuple[str, Mapping[str, Any]]],
                ruleset_name: str) -> None:
    """Every item a figure carries is in its table, whether it came from the template or
    the scenario's overrides (`slots`: his field -> what it names, e.g. "missile weapon",
    and the table of those; the field a key or a list of keys).  A figure given a
    "longbow" the tables lack used to be built, and the battle broke when he first shot
    (issue 34).  ValueError, one line naming the figure, the item, the closest known one
    and all the known ones."""
    import difflib

    for slot, (what, table) in slots.items():
        value = base.get(slot)
        for key in (value if isinstance(value, tuple | list) else (value,)):
            if not key or key in table:
                continue
            close = difflib.get_close_matches(str(key), list(table), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ValueError(f"{figure_label(base)}: {slot} {key!r} is not a {what} of the "
                             f"{ruleset_name} tables ({hint}they have "
                             f"{', '.join(sorted(table))})")


def unit_basics(spec: UnitSpec, template: Any) -> dict[str, Any]:
    """The fields every figure has (rules.state.Unit), from its spec and template."""
    return {"id": spec.id, "side": spec.side, "template": spec.template,
            "name": spec.name or template.name, "pos": Hex(*spec.pos), "facing": spec.facing,
            "hp": template.hp, "max_hp": template.hp, "size": template.size}


_KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number"),
          (str, "a word"), (tuple, "a list"))


def _fits(kind: type, given: Any) -> bool:
    """Whether `given` is a value of `kind`: a bool is no number, a whole number is a
    number, a list is a tuple."""
    if kind is tuple:
        return isinstance(given, list | tuple)
    if kind is bool:
        return isinstance(given, bool)
    if isinstance(given, bool):
        return False
    return isinstance(given, int | float) if kind is float else isinstance(given, kind)


def _kind_refusal(key: str, had: Any, given: Any) -> str:
    """Why `given` cannot stand where the template holds `had` ("" if it can): a map's
    `set.hp` = lots, or a list where a word goes, is refused by name before the rules trip
    over it in a comparison."""
    kind = next((k for k, _ in _KINDS if isinstance(had, k)), None)
    if kind is None or _fits(kind, given):
        return ""
    return f"{key} must be {dict(_KINDS)[kind]}, not {given!r}"


def apply_overrides(base: dict[str, Any], spec: UnitSpec, allowed: set[str]) -> None:
    """The scenario's overrides of `spec` on top of the template's values in `base` (lists
    become tuples); hit points set above the template's maximum raise the maximum.
    ValueError for a field that may not be overridden, or a value of the wrong kind for it
    (a word where the template holds a number)."""
    for key, given in spec.overrides.items():
        if key not in allowed:
            raise ValueError(f"unit {spec.id!r}: cannot override {key!r}")
        if why := _kind_refusal(key, base.get(key), given):
            raise ValueError(f"{figure_label(base)}: {why}")
        if key == "gender":
            if why := gender_refusal(given):
                raise ValueError(f"unit {spec.id!r}: {why}")
            given = given.strip().lower()
        base[key] = tuple(given) if isinstance(given, list) else given
    if "hp" in spec.overrides and "max_hp" not in spec.overrides:
        base["max_hp"] = max(base["max_hp"], base["hp"])


__all__ = ["TableRuleset", "apply_overrides", "check_items", "figure_label", "template_of",
           "unit_basics"]
