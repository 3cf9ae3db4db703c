"""Setting a position up under another ruleset: the same board, sides, hexes, facings and
names, each figure's template mapped through the rulesets' archetypes, and a report of what
had no equivalent (never dropped in silence).  `Sandbox.switch_ruleset`, `restart_play`,
`from_map(..., ruleset=...)` and the compare table all stand on `rebuild_setup`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.sandbox.ruleset_parts import default_name
from rules.engine import BattleSetup, BoardSpec, Ruleset, SideSpec, UnitSpec, ruleset_of
from rules.state import ACTIVE, DEAD, GONE, Battle, Unit
from rules.wording import Words, and_list, ruling_value


@dataclass(frozen=True)
class UnitMapping:
    unit: str
    old_template: str
    new_template: str | None  # None: no equivalent (or left out)
    via: str  # "archetype swordsman", "same template name", "same ruleset", or why not
    # What a player reads: the figure's name ("Orc 4"), and its templates' names in the
    # old and new rulesets' tables ("Fighting-Man"); the ids when they were not given.
    name: str = ""
    old_name: str = ""
    new_name: str = ""

    @property
    def who(self) -> str:
        return self.name or self.unit

    @property
    def was(self) -> str:
        return self.old_name or _template_words(self.old_template)

    @property
    def called(self) -> str:
        """The figure's name with what he was when that does not say it ("Gorbag (Orc)",
        but "Orc 4")."""
        return self.who if self.who.startswith(self.was) else f"{self.who} ({self.was})"

    @property
    def becomes(self) -> str:
        return self.new_name or _template_words(self.new_template or "")


def _template_words(template: str) -> str:
    return template.replace("_", " ")


def template_name(rs: Ruleset, template: str) -> str:
    """A template as its ruleset's tables name it ("Fighting-Man"), else its id in words."""
    return default_name(rs, template) or _template_words(template)


@dataclass(frozen=True)
class SwitchReport:
    """What became of each figure when a position was set up under another ruleset."""

    from_ruleset: str
    to_ruleset: str
    mapped: tuple[UnitMapping, ...]
    unmapped: tuple[UnitMapping, ...]  # no equivalent in the new ruleset: not on the board
    left_out: tuple[UnitMapping, ...]  # dead, gone or off the board: not set up again
    carried_options: tuple[str, ...]
    dropped_options: tuple[str, ...]  # rulings the new ruleset does not have
    notes: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """Every figure standing on the board found an equivalent."""
        return not self.unmapped

    def lines(self) -> list[str]:
        """The report in sentences, for a dialog: figures by name, templates by the names
        their tables give them, rulings in words."""
        out = [f"{m.who}: {m.was} becomes {m.becomes} ({m.via})" for m in self.mapped]
        out += [f"{m.who}: no equivalent for {m.was} ({m.via}); left off the board"
                for m in self.unmapped]
        out += [f"{m.who}: {m.via}, not set up again" for m in self.left_out]
        if self.dropped_options:
            out.append("Rulings not carried over: "
                       + and_list([ruling_value(k) for k in self.dropped_options]))
        return out + list(self.notes)

    def no_equivalent(self) -> str:
        """The figures left off for want of an equivalent, by name ("Gorbag (Orc) and
        Pikeman")."""
        return and_list([m.called for m in self.unmapped])


def map_template(template: str, old: Ruleset, new: Ruleset) -> tuple[str | None, str]:
    """The template of `new` that stands for `old`'s `template`, and how it was found:
    through the archetypes (old template -> archetype -> new template), else a template of
    the same id in `new`; (None, why) when there is none."""
    if old.id == new.id:
        return template, "same ruleset"
    new_templates = set(new.templates())
    new_arch = new.archetypes()
    candidates = [a for a, t in old.archetypes().items() if t == template]
    for a in candidates:
        t = new_arch.get(a)
        if t is not None and t in new_templates:
            return t, f"archetype {_template_words(a)}"
    if template in new_templates:
        return template, "same template name"
    if candidates:
        return None, f"{new.name} has no {' or '.join(_template_words(a) for a in candidates)}"
    what = template_name(old, template)
    return None, f"{old.name} gives {what} no archetype and {new.name} has no {what}"



_NOT_CARRIED = frozenset({"id", "side", "template", "pos", "facing", "name", "reach_ft"})


def _round_fields(rs: Ruleset, unit: Unit) -> set[str]:
    """A unit's once-a-round fields (`ROUND_RESET` on its class, or the ruleset's units
    `Ruleset.round_fields`): they belong to the round, not to the figure."""
    return set(getattr(type(unit), "ROUND_RESET", {})) | rs.round_fields()


def _json_ready(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_ready(v) for v in value]
    return value


def _with_edits(state: Battle, rs: Ruleset, base: BattleSetup) -> tuple[BattleSetup, list[str]]:
    """`base` (fresh figures of the same ruleset) with each figure's differences from its
    fresh self as `UnitSpec.overrides`: wounds, statuses, edits carry over."""
    try:
        fresh = {u.id: u for u in rs.initial_state(base).units}
    except (ValueError, KeyError, TypeError) as exc:
        return base, [f"edits not carried over: {exc}"]
    specs = []
    for spec in base.units:
        u, f = state.unit(spec.id), fresh[spec.id]
        skip = _NOT_CARRIED | _round_fields(rs, u)
        changes = {fl.name: _json_ready(getattr(u, fl.name)) for fl in dataclasses.fields(u)
                   if fl.name not in skip and getattr(u, fl.name) != getattr(f, fl.name)}
        specs.append(spec.model_copy(update={"overrides": changes}) if changes else spec)
    setup = base.model_copy(update={"units": tuple(specs)})
    try:
        rs.initial_state(setup)
    except (ValueError, KeyError, TypeError) as exc:
        return base, [f"edits not carried over: {exc.args[0] if exc.args else exc}"]
    return setup, []


def rebuild_setup(state: Battle, ruleset_id: str) -> tuple[BattleSetup, SwitchReport]:
    """The position of `state` (board, sides, every standing figure's hex, facing and name) as
    a set-up under `ruleset_id`, figures mapped by `map_template`.

    Under another ruleset the figures start fresh from their new templates (wounds, edits and
    round flags stay behind) and the dead are left out; rulings are carried over where the
    new ruleset has them.  Under the same ruleset every figure keeps what differs from its
    template (wounds, status, edits: as `UnitSpec.overrides`), the fallen stay where they
    fell, and every ruling is kept; only the round starts again (round 1, fresh flags)."""
    old, new = ruleset_of(state), ruleset_of(ruleset_id)
    same = old.id == new.id
    mapped: list[UnitMapping] = []
    unmapped: list[UnitMapping] = []
    left_out: list[UnitMapping] = []
    specs: list[UnitSpec] = []
    wounded = False
    words = Words.of(state)
    for u in state.units:
        names = {"name": words.unit(u.id), "old_name": template_name(old, u.template)}
        if u.pos is None or u.status == GONE or (u.status == DEAD and not same):
            left_out.append(UnitMapping(u.id, u.template, None, u.condition or u.status
                                        if u.pos is not None else "off the board", **names))
            continue
        template, via = map_template(u.template, old, new)
        if template is None:
            unmapped.append(UnitMapping(u.id, u.template, None, via, **names))
            continue
        mapped.append(UnitMapping(u.id, u.template, template, via, **names,
                                  new_name=template_name(new, template)))
        wounded = wounded or u.hp < u.max_hp or u.status != ACTIVE
        name = "" if u.name == default_name(old, u.template) else u.name
        specs.append(UnitSpec(id=u.id, side=u.side, template=template, name=name,
                              pos=(u.pos.q, u.pos.r), facing=u.facing))
    sides = tuple(SideSpec(id=s.id, name=s.name, player_characters=s.player_characters)
                  for s in state.sides)
    base = BattleSetup(ruleset=new.id, seed=state.seed, title=state.title,
                       board=BoardSpec.from_board(state.board), sides=sides,
                       units=tuple(specs))
    carried: list[str] = []
    dropped: list[str] = []
    options: dict[str, Any] = {}
    notes: list[str] = []
    if same:
        options = dict(state.options)
        carried = sorted(options)
        base = base.model_copy(update={"options": options})
        base, notes = _with_edits(state, new, base)
        notes.append("The round starts again: round 1, nobody has acted yet.")
    elif state.options:
        try:
            probe = new.initial_state(base)
            known = new.option_values(probe)
        except (ValueError, KeyError, TypeError, NotImplementedError):
            probe, known = None, {}
        for key, value in state.options:
            if probe is not None and key in known and new.check_option(probe, key,
                                                                       value) is None:
                options[key] = value
                carried.append(key)
            else:
                dropped.append(key)
    if wounded and not same:
        notes.append("Figures start fresh from their templates: wounds, edits and this "
                     "round's actions are not carried over.")
    setup = base.model_copy(update={"options": options})
    report = SwitchReport(old.id, new.id, tuple(mapped), tuple(unmapped), tuple(left_out),
                          tuple(carried), tuple(dropped), tuple(notes))
    return setup, report
