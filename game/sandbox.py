"""The GM sandbox, headless: a battle the game master may change at will and take back freely.

`flank sandbox MAP [--ruleset ID]` opens a window on a `Sandbox`; everything the window does
goes through this class, so the same session runs in tests and scripts without a display.
Never imports pygame (the PNG export in `game.export` imports it when called).

    sb = Sandbox.from_map("maps/duel.tmx")           # or Sandbox(setup)
    sb.place("pikeman", "men", (2, 3), facing=1)      # -> Entry; the new id is entry.subject
    sb.rotate("champion", 1)
    view = sb.exchange_steps("champion", "orc")       # every modifier, running totals, odds
    view = sb.roll_exchange("champion", "orc", dice=[12])   # "what if it had been a 12"
    sb.undo(); sb.redo(); sb.goto(0)                  # unlimited, a move of the position
    report = sb.switch_ruleset("empress")             # same position under another ruleset
    rows = sb.compare_rulesets("champion", "orc")     # the exchange under every ruleset

The log
    The session is a list of `Entry`s (a command, its events, a label, the state after it) and
    a position on it.  Position 0 is the opening (the battle's automatic start); position n
    is the state after the first n entries.  `undo()` / `redo()` / `goto(n)` only move the
    position: nothing is deleted, so undo and redo are unlimited and instant (states are
    immutable; keeping them is keeping pointers).  A new entry made while the position is
    not at the end replaces the entries after the position (the undone branch is dropped;
    there is one line, no tree).  `timeline()` lists the entries for a timeline widget.

What the GM may do (each is one entry, so it can be undone)
    * GM commands (`rules.gm`): place, move, turn, remove and edit figures, override a
      ruling, resolve one exchange -- at any moment, outside the turn order (`gm_check`
      says when not: a figure only on a free hex, an edit only of a real field ...).
    * Play commands (`rules.engine.submit`) for whichever side must decide (`decider`):
      the GM may act for anyone, but the rules still decide what is legal (`legal()`).
    * `switch_ruleset(id)`: the same board, sides, positions and facings under another
      ruleset, each figure's template mapped through the rulesets' `archetypes()`.
    Anything refused raises `SandboxError` (one sentence in `str()`), and nothing changes.

Dice
    `dice=None` rolls from the battle's counter-based stream.  A list of faces (`[12]`) sets
    the first dice ("what if it had been a 12") and the stream carries on for the rest;
    a `rules.dice.Dice` (e.g. `ScriptedDice`) is used as it is.  The stream is counter-based,
    so undoing and rolling again would bring the very same faces: `reroll()` therefore undoes
    the exchange and rolls it again from a fresh stream (salted by how many re-rolls the
    session has made, so a re-roll is new yet reproducible).

For the window: feature -> call (`sb` a Sandbox; hexes are axial `Hex` or (q, r))
    draw the board            sb.state (after any call below; `listeners` say when it changed)
    timeline widget           sb.timeline() -> [TimelineItem]; click: sb.goto(item.position)
    undo / redo               sb.undo(), sb.redo() (sb.can_undo / sb.can_redo grey them out)
    unit palette              sb.palette() -> [PaletteItem(template, name, glyph, archetype)]
    place / move / turn       sb.place(template, side, hex, facing), sb.move(unit, hex, facing),
                              sb.rotate(unit, +1 / -1), sb.face(unit, 0..5)
    delete                    sb.delete(unit)
    edit form                 sb.editable_fields(unit) -> {name: FieldInfo(type, value,
                              allowed)}; OK: sb.edit(unit, **changes)
    acted/holds/engaged/...   sb.flags(unit) -> [Flag]; tick: sb.set_flag(unit, name, value)
    rulings panel             sb.rulings() -> [Ruling]; change: sb.override(key, value)
    act for a side            sb.decider, sb.legal(); sb.apply(command) (as the battle screen)
    play on after editing     sb.restart_play() (same ruleset, round 1, everything kept)
    ruleset menu              rules.systems.catalogue(); sb.switch_ruleset(id) -> SwitchReport
                              (show report.lines() when not report.complete)
    exchange step-through     sb.exchange_steps(a, t, kind=...) -> ExchangeView (view.steps,
                              view.needed, view.odds); roll: sb.roll_exchange(a, t, dice=None
                              or [faces]); re-roll: sb.reroll(); take back: sb.undo()
    what-if tooltip           sb.what_if(a, t, kind=..., from_hex=...) -> AttackOdds
    compare table             sb.compare_rulesets(a, t, ...) -> [Row]; row.cells()
    overlays                  game.overlay_facts.<fact>(sb.state, ...)
    export                    sb.export_tmx(path, title), sb.export_png(path, size, overlay),
                              sb.transcript(title) -> Markdown text
    Every refusal is a SandboxError: show str(error); the state has not changed.

Rulesets
    Fallen Empire supplies every hook the sandbox uses.  A ruleset without `build_unit`,
    `exchange`, `archetypes` or `option_values` still opens: placing, exchanges or rulings
    are then refused with a reason, and switching maps its figures by template name.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import re
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from rules.commands import Command
from rules.dice import Dice, ScriptExhausted, StreamDice, face, splitmix64
from rules.engine import (
    AttackOdds,
    BattleSetup,
    BoardSpec,
    IllegalCommand,
    Ruleset,
    SideSpec,
    UnitSpec,
    decider,
    evolve_all,
    legal_commands,
    ruleset_of,
    start,
    submit,
)
from rules.events import AttackRolled, Event, Modifier, UnitDamaged
from rules.gm import (
    FIXED_FIELDS,
    EditUnit,
    Exchange,
    OverrideRuling,
    PlaceUnit,
    RelocateUnit,
    RemoveUnit,
    gm_submit,
    is_gm_command,
)
from rules.hexgrid import Hex
from rules.state import ACTIVE, DEAD, DOWN, GONE, Battle, Unit

__all__ = [
    "Entry", "ExchangeView", "FieldInfo", "Flag", "ModifierStep", "PaletteItem", "Row",
    "Ruling", "Sandbox", "SandboxError", "SwitchReport", "TimelineItem", "UnitMapping",
    "compare_rulesets", "editable_fields", "exchange_steps", "flags", "map_template",
    "palette", "rebuild_setup", "rulings", "what_if",
]

HexLike = Hex | tuple[int, int]
DiceLike = Sequence[int] | Dice | None


class SandboxError(Exception):
    """Something the sandbox will not do now; `str()` (and `.reason`) says why in a sentence.
    `.command` is the refused command, when there was one.  Nothing has changed."""

    def __init__(self, reason: str, command: Command | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.command = command


# --- dice ----------------------------------------------------------------------------------


class DiceError(Exception):
    """A face the GM set cannot come up on the die the rules asked for."""


@dataclass
class FirstFaces:
    """The GM's faces for the first dice, then the battle's stream for the rest (from the same
    roll number on, as if the set dice had used their places in the stream)."""

    faces: list[int]
    seed: int
    counter: int
    made: list[int] = field(default_factory=list)

    def d(self, sides: int, purpose: str = "") -> int:
        n = len(self.made)
        if n < len(self.faces):
            value = self.faces[n]
            if not 1 <= value <= sides:
                raise DiceError(f"die {n + 1} was set to {value}, but the rules rolled a "
                                f"d{sides} there ({purpose or 'roll'})")
        else:
            value = face(self.seed, self.counter + n, sides)
        self.made.append(value)
        return value

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


def _dice_for(state: Battle, dice: DiceLike) -> Dice | None:
    if dice is None:
        return None
    if isinstance(dice, (list, tuple)):
        faces = [int(f) for f in dice]
        return FirstFaces(faces, state.seed, state.dice_counter)
    return dice  # type: ignore[return-value]


# --- the log -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One step of the session: what was done, what happened, and the state after it."""

    position: int  # the position this entry leads to (1 for the first entry)
    label: str  # one line for the timeline ("Move f to (1, 0), facing 2")
    kind: str  # "opening", "gm", "exchange", "play" or "switch"
    command: Command | None  # None for the opening and a ruleset switch
    events: tuple[Event, ...]
    state: Battle  # the state after this entry
    subject: str = ""  # the unit it is mostly about (the placed one, the attacker ...)
    setup: BattleSetup | None = None  # opening and switch: the set-up the state starts from
    report: SwitchReport | None = None  # switch: what was mapped and what was not

    @property
    def rolled(self) -> bool:
        """Did any die roll in this entry?"""
        return any(e.rolls for e in self.events)

    def narration(self) -> list[str]:
        """The log's sentence for each event (events with nothing to say left out)."""
        return [text for text in (e.narrate() for e in self.events) if text]


@dataclass(frozen=True)
class TimelineItem:
    """One mark on the timeline widget.  Clicking it is `goto(position)`."""

    position: int
    label: str
    kind: str
    current: bool  # the sandbox is at this position now
    active: bool  # at or before the current position (False: undone, redo-able)
    rolled: bool  # dice were rolled (mark it, e.g. with a die)


# --- reading a unit and its ruleset ------------------------------------------------------


def _hex(h: HexLike) -> Hex:
    return h if isinstance(h, Hex) else Hex(int(h[0]), int(h[1]))


def _package(rs: Ruleset) -> str:
    return type(rs).__module__.rsplit(".", 1)[0]


def _tables(rs: Ruleset) -> Any:
    """The ruleset's data tables (`rules.systems.<id>.tables.load_tables()`), or None."""
    try:
        return importlib.import_module(f"{_package(rs)}.tables").load_tables()
    except (ImportError, AttributeError):
        return None


def _unit(state: Battle, unit: str | Unit) -> Unit:
    uid = unit if isinstance(unit, str) else unit.id
    if not state.has_unit(uid):
        raise SandboxError(f"there is no unit {uid!r}")
    return state.unit(uid)


@dataclass(frozen=True)
class PaletteItem:
    """A unit template the GM may place."""

    template: str
    name: str  # the template's display name ("Pikeman")
    glyph: str  # one character for its token
    archetype: str = ""  # the common figure type it stands for ("pikeman"), if any


def palette(state: Battle) -> list[PaletteItem]:
    """The current ruleset's unit templates, in the ruleset's order."""
    rs = ruleset_of(state)
    tables = _tables(rs)
    units = getattr(tables, "units", {}) if tables is not None else {}
    arch: dict[str, str] = {}
    for a, t in rs.archetypes().items():
        arch.setdefault(t, a)
    out = []
    for t in rs.templates():
        tpl = units.get(t)
        name = getattr(tpl, "name", "") or t.replace("_", " ").capitalize()
        glyph = getattr(tpl, "art", "") or t[:1].upper()
        out.append(PaletteItem(t, name, glyph, arch.get(t, "")))
    return out


class FieldInfo(NamedTuple):
    """One editable field of a unit, for a validated form."""

    type: str  # "int", "str", "bool", "tuple[str, ...]" ...
    value: Any  # its value now
    allowed: tuple[Any, ...] | None  # the values it may take, when known (else None)


def _type_name(hint: Any) -> str:
    if isinstance(hint, type):
        return hint.__name__
    return str(hint).replace("typing.", "").replace("rules.hexgrid.", "")


def _template_values(tables: Any, key: str) -> list[Any]:
    return [getattr(t, key, None) for t in getattr(tables, "units", {}).values()]


def _allowed(state: Battle, u: Unit, name: str, hint: Any) -> tuple[Any, ...] | None:
    if hint is bool:
        return (False, True)
    if name == "facing":
        return tuple(range(6))
    if name == "status":
        return (ACTIVE, DOWN, DEAD, GONE)
    rs = ruleset_of(state)
    tables = _tables(rs)
    if tables is None:
        return None
    blank: tuple[str, ...] = ()
    if name in ("weapon", "offhand", "missile", "armour", "shield"):
        template_key = "weapon" if name == "offhand" else name
        if any(not v for v in _template_values(tables, template_key)) or not getattr(u, name):
            blank = ("",)
    if name in ("weapon", "offhand", "missile"):
        want = "missile" if name == "missile" else "melee"
        weapons = getattr(tables, "weapons", {})
        return blank + tuple(sorted(k for k, w in weapons.items()
                                    if getattr(w, "kind", want) == want))
    if name == "armour":
        return blank + tuple(sorted(getattr(tables, "armours", {})))
    if name == "shield":
        return blank + tuple(sorted(getattr(tables, "shields", {})))
    if name == "spells":
        return tuple(sorted(getattr(tables, "spells", {}))) or None
    if name == "size":
        return tuple(sorted({v for v in _template_values(tables, "size") if v} | {u.size}))
    if name == "declared":
        try:
            options = importlib.import_module(f"{_package(rs)}.options")
            return ("", *options.declaration_options(state, u))
        except (ImportError, AttributeError, AssertionError):
            return None
    return None


def editable_fields(state: Battle, unit: str | Unit) -> dict[str, FieldInfo]:
    """Every field of the unit an edit may change (all but id, side, template and position,
    `rules.gm.FIXED_FIELDS`), in the unit's own order: name -> (type, value, allowed values
    when known: weapon, missile, armour and shield keys from the ruleset's tables, spells,
    sizes, statuses, facings, true/false, a Fallen Empire unit's declarable actions)."""
    u = _unit(state, unit)
    hints = typing.get_type_hints(type(u))
    out: dict[str, FieldInfo] = {}
    for f in dataclasses.fields(u):
        if f.name in FIXED_FIELDS:
            continue
        hint = hints.get(f.name, Any)
        out[f.name] = FieldInfo(_type_name(hint), getattr(u, f.name),
                                _allowed(state, u, f.name, hint))
    return out


# Fields that say where a unit is in the round: who has acted, who holds, who is engaged,
# surprised or prone.  A ruleset has some of them; `flags()` lists the ones its units have.
FLAG_FIELDS: dict[str, tuple[str, str]] = {
    # name: (topic, meaning)
    "declared": ("acted", "the action declared this round (blank: not declared)"),
    "moved": ("acted", "hexes moved this round"),
    "spent": ("acted", "what this round's action went on (blank: has not acted)"),
    "acted": ("acted", "has acted this round"),
    "oa_used": ("acted", "its free attack this round is used"),
    "oa_taken": ("acted", "opportunity attacks taken this round"),
    "charged": ("acted", "charged this round"),
    "spear_used": ("acted", "struck with a set spear this round"),
    "falling_back": ("acted", "spent its action falling back"),
    "holding": ("holds", "holding its action"),
    "counter": ("holds", "holding for a counter against (a unit, or hex:q,r)"),
    "stance": ("holds", "stance (attack, guard, pure defence)"),
    "moved_into": ("engaged", "enemies it moved into melee with this round"),
    "melee_attackers": ("engaged", "who has struck it in melee this round"),
    "in_fight": ("engaged", "has struck or been struck"),
    "reach_lost_vs": ("engaged", "foes that are inside its reach"),
    "grappled_by": ("engaged", "who holds it in a grapple"),
    "surprised": ("surprised", "surprised"),
    "alert": ("surprised", "vigilant"),
    "hidden": ("surprised", "hidden"),
    "prone": ("prone", "prone"),
    "pinned": ("prone", "pinned"),
    "helpless": ("prone", "helpless (asleep, bound)"),
}


@dataclass(frozen=True)
class Flag:
    """A round-state field of a unit the GM may set (through `Sandbox.set_flag`)."""

    name: str
    topic: str  # "acted", "holds", "engaged", "surprised", "prone" or "round"
    type: str
    value: Any
    meaning: str
    allowed: tuple[Any, ...] | None


def flags(state: Battle, unit: str | Unit) -> list[Flag]:
    """The round-state fields this ruleset's unit has (who has acted, holds, is engaged,
    surprised or prone), with their values: the names in `FLAG_FIELDS` the unit has, then any
    other once-a-round field its class resets each round (`ROUND_RESET`)."""
    u = _unit(state, unit)
    info = editable_fields(state, u)
    names = [n for n in FLAG_FIELDS if n in info]
    names += [n for n in getattr(type(u), "ROUND_RESET", {}) if n in info and n not in names]
    return [Flag(n, FLAG_FIELDS.get(n, ("round", ""))[0], info[n].type, info[n].value,
                 FLAG_FIELDS.get(n, ("round", n.replace("_", " ")))[1], info[n].allowed)
            for n in names]


# --- rulings -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    """One value a GM may override for this battle (`Ruleset.option_values`)."""

    key: str
    value: Any  # now (plain JSON form: dice as text)
    default: Any  # the data file's value (None when not from the data file)
    overridden: bool  # this battle's value differs from the data file (scenario or GM)
    gm_call: bool  # the text leaves it to the GM, or it is a ruling/reading of ours
    kind: str  # "gm" (the text says the GM decides), "ruling" (R-... ours), "reading"
    #            (one reading of an ambiguous clause), "rule" (the text's own number),
    #            "setting" (Flank's, e.g. max_rounds)
    source: str  # the data file's comment: the clause or ruling it implements


def _plain(value: Any) -> Any:
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def _split_comment(line: str) -> tuple[str, str]:
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i], line[i + 1:].strip()
    return line, ""


_CONFIG_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=")


def config_comments(rs: Ruleset) -> dict[str, str]:
    """The comment of each `[config]` key in the ruleset's data.toml (continuation comment
    lines joined), which names the clause or ruling the value implements."""
    try:
        path = Path(importlib.import_module(_package(rs)).__file__ or "").parent / "data.toml"
        text = path.read_text(encoding="utf-8")
    except (ImportError, OSError):
        return {}
    out: dict[str, str] = {}
    section = ""
    last = ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            section = line.strip("[] ")
            last = ""
            continue
        if section != "config":
            continue
        body, comment = _split_comment(line)
        m = _CONFIG_LINE.match(body.strip())
        if m:
            last = m.group(1)
            out[last] = comment
        elif not body.strip() and comment and last:
            out[last] = f"{out[last]} {comment}".strip()
    return out


def _ruling_kind(comment: str) -> str:
    if "[GM]" in comment:
        return "gm"
    if re.search(r"\bR-[A-Z]", comment):
        return "ruling"
    if re.search(r"reading|\([ab]\)", comment):
        return "reading"
    return "rule" if comment else "setting"


def rulings(state: Battle) -> list[Ruling]:
    """Every ruling the GM may override now (the ruleset's `option_values`), with its data-file
    default and whether it is a GM call.  A GM call is a value the text leaves to the GM
    ("[GM]" in the data file), a ruling of ours (R-...) or one reading of an ambiguous clause;
    the text's own numbers are "rule"s.  Sorted: GM calls first, then by key."""
    rs = ruleset_of(state)
    values = rs.option_values(state)
    comments = config_comments(rs)
    config = getattr(_tables(rs), "config", None)
    out = []
    for key, value in values.items():
        comment = comments.get(key, "")
        kind = _ruling_kind(comment) if key in comments else "setting"
        default = _plain(getattr(config, key)) if config is not None and hasattr(
            config, key) else None
        now = _plain(value)
        out.append(Ruling(key, now, default, default is not None and now != default,
                          kind in ("gm", "ruling", "reading"), kind, comment))
    return sorted(out, key=lambda r: (not r.gm_call, r.key))


# --- setting a position up under another ruleset -------------------------------------------


@dataclass(frozen=True)
class UnitMapping:
    unit: str
    old_template: str
    new_template: str | None  # None: no equivalent (or left out)
    via: str  # "archetype swordsman", "same template name", "same ruleset", or why not


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
        """The report in sentences, for a dialog."""
        out = [f"{m.unit}: {m.old_template} -> {m.new_template} ({m.via})" for m in self.mapped]
        out += [f"{m.unit}: no equivalent for {m.old_template} ({m.via}); left off the board"
                for m in self.unmapped]
        out += [f"{m.unit}: {m.via}, not set up again" for m in self.left_out]
        if self.dropped_options:
            out.append("Rulings not carried over: " + ", ".join(self.dropped_options))
        return out + list(self.notes)


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
            return t, f"archetype {a}"
    if template in new_templates:
        return template, "same template name"
    if candidates:
        return None, f"{new.name} has no {' or '.join(candidates)}"
    return None, f"{old.name} gives {template} no archetype and {new.name} has no {template}"


def _default_name(rs: Ruleset, template: str) -> str:
    tpl = getattr(_tables(rs), "units", {}).get(template)
    return getattr(tpl, "name", "") if tpl is not None else ""


_NOT_CARRIED = frozenset({"id", "side", "template", "pos", "facing", "name", "reach_ft"})


def _round_fields(rs: Ruleset, unit: Unit) -> set[str]:
    """A unit's once-a-round fields (`ROUND_RESET` on its class, or the ruleset's units
    module's `ROUND_FIELDS`): they belong to the round, not to the figure."""
    names = set(getattr(type(unit), "ROUND_RESET", {}))
    with contextlib.suppress(ImportError, AttributeError):
        names |= set(importlib.import_module(f"{_package(rs)}.units").ROUND_FIELDS)
    return names


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
    for u in state.units:
        if u.pos is None or u.status == GONE or (u.status == DEAD and not same):
            left_out.append(UnitMapping(u.id, u.template, None, u.condition or u.status
                                        if u.pos is not None else "off the board"))
            continue
        template, via = map_template(u.template, old, new)
        if template is None:
            unmapped.append(UnitMapping(u.id, u.template, None, via))
            continue
        mapped.append(UnitMapping(u.id, u.template, template, via))
        wounded = wounded or u.hp < u.max_hp or u.status != ACTIVE
        name = "" if u.name == _default_name(old, u.template) else u.name
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


# --- exchanges: step-through, what-if, every ruleset ---------------------------------------


@dataclass(frozen=True)
class ModifierStep:
    """One modifier as it applies, with the total of its stage so far."""

    stage: str  # "to hit", "damage", "attack" (the ruleset does not say which), or the
    #             ruleset's own group ("HC", "Coverage", "Protection" in Empress)
    reason: str
    value: int
    rule: str  # the citation: checklist item or ruling ("FE-20", "R-FE-STRENGTH")
    running: int  # the stage's modifiers added up to here, this one included

    def describe(self) -> str:
        return f"{self.value:+d} {self.reason} — {self.rule} (so far {self.running:+d})"


@dataclass(frozen=True)
class ExchangeView:
    """One attack, step by step: the modifiers as they apply, what is needed, the exact odds;
    after `Sandbox.roll_exchange`, the dice and the result too."""

    ruleset: str
    attacker: str
    target: str
    attacker_name: str
    target_name: str
    kind: str
    weapon: str
    options: dict[str, Any]
    steps: tuple[ModifierStep, ...]
    needed: int  # what the modified roll must reach (the ruleset's `AttackOdds.needed`)
    odds: AttackOdds
    notes: tuple[str, ...] = ()
    # --- after the roll ---
    rolled: bool = False
    dice: tuple[int, ...] = ()  # every die thrown in the exchange, in order
    roll: int | None = None  # the natural to-hit die
    total: int | None = None  # roll + to-hit modifiers
    hit: bool | None = None
    damage: int | None = None
    damage_dice: str = ""
    damage_roll: int | None = None
    struck: str = ""  # who took the blow when not the target
    target_hp: tuple[int, int] | None = None  # (before, after)
    outcome: str = ""  # one line: "hit for 4 (o: 5 -> 1 HP)" or "miss"
    narration: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    position: int | None = None  # the log position the roll leads to

    def stage(self, name: str) -> tuple[ModifierStep, ...]:
        return tuple(s for s in self.steps if s.stage == name)

    @property
    def stages(self) -> tuple[str, ...]:
        seen: list[str] = []
        for s in self.steps:
            if s.stage not in seen:
                seen.append(s.stage)
        return tuple(seen)

    @property
    def to_hit_total(self) -> int:
        return sum(s.value for s in self.steps if s.stage in ("to hit", "attack"))

    @property
    def roll_needed(self) -> int:
        """The natural roll that hits, before naturals (needed − to-hit modifiers)."""
        return self.needed - self.to_hit_total

    @property
    def hit_pct(self) -> float:
        return float(self.odds.hit) * 100

    @property
    def kill_pct(self) -> float:
        return float(self.odds.kill) * 100

    @property
    def mean_damage(self) -> float:
        return float(self.odds.expected_damage)

    def lines(self) -> list[str]:
        """The view as text lines, for a panel or a terminal."""
        out = [f"{self.attacker_name} ({self.attacker}) {self.kind} attack on "
               f"{self.target_name} ({self.target})" + (f" with {self.weapon}"
                                                        if self.weapon else "")]
        for stage in self.stages:
            out.append(f"{stage}:")
            out += [f"  {s.describe()}" for s in self.stage(stage)]
        out.append(f"needed {self.needed} (a natural {self.roll_needed} or better with "
                   f"{self.to_hit_total:+d}); hit {self.hit_pct:.1f}%, mean damage "
                   f"{self.mean_damage:.2f}, kill {self.kill_pct:.1f}%")
        out += list(self.notes)
        if self.rolled:
            out.append(f"dice {', '.join(map(str, self.dice)) or 'none'}: {self.outcome}")
            out += list(self.narration)
        return out


_GROUP = re.compile(r"([A-Z][A-Za-z ]{0,20}): (.+)")


def _split_exchange_options(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    opts = dict(options)
    return str(opts.pop("kind", "melee")), opts


def _dry_attack(state: Battle, attacker: str, target: str, kind: str,
                options: dict[str, Any]) -> AttackRolled | None:
    """The attack event the GM exchange would record now (with the stream's dice, thrown
    away): it says which modifiers are to-hit and which are damage.  For a what-if from
    another hex, on a copy of the state with the attacker standing there."""
    if options.get("from_hex") is not None:
        h = _hex(options["from_hex"])
        other = state.unit_at(h)
        if not state.board.passable(h) or (other is not None and other.id != attacker):
            return None
        state = state.update_unit(attacker, pos=h)
    options = {k: v for k, v in options.items() if k != "from_hex"}
    try:
        _, events = gm_submit(state, Exchange(attacker=attacker, target=target, kind=kind,
                                              options=options))
    except Exception:  # any refusal just means: no split known
        return None
    for e in events:
        if isinstance(e, AttackRolled) and e.attacker == attacker:
            return e
    return None


def _steps(odds_mods: tuple[Modifier, ...], attack: AttackRolled | None
           ) -> tuple[ModifierStep, ...]:
    to_hit = list(attack.modifiers) if attack is not None else []
    damage = list(attack.damage_modifiers) if attack is not None else []
    running: dict[str, int] = {}
    out = []
    for m in odds_mods:
        reason = m.reason
        if m in to_hit:
            to_hit.remove(m)
            stage = "to hit"
        elif m in damage:
            damage.remove(m)
            stage = "damage"
        elif (g := _GROUP.fullmatch(m.reason)) is not None:
            stage, reason = g.group(1), g.group(2)
        else:
            stage = "to hit" if attack is not None else "attack"
        running[stage] = running.get(stage, 0) + m.value
        out.append(ModifierStep(stage, reason, m.value, m.rule, running[stage]))
    return tuple(out)


def _odds(state: Battle, attacker: str, target: str, kind: str, options: dict[str, Any]
          ) -> AttackOdds:
    for who in (attacker, target):
        _unit(state, who)
    if attacker == target:
        raise SandboxError("a figure cannot attack itself")
    rs = ruleset_of(state)
    if "from_hex" in options and options["from_hex"] is not None:
        options = {**options, "from_hex": _hex(options["from_hex"])}
    try:
        return rs.odds(state, attacker, target, kind=kind, **options)
    except NotImplementedError:
        raise SandboxError(f"{rs.name} cannot give the odds of an attack yet") from None
    except (KeyError, ValueError, AssertionError, TypeError) as exc:
        why = exc.args[0] if exc.args else type(exc).__name__
        raise SandboxError(f"{attacker} cannot make a {kind} attack on {target} under "
                           f"{rs.name}: {why}") from None


def what_if(state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
    """The exact odds of ANY figure attacking ANY other now, whatever their sides and distance:
    options kind ("melee", "missile", "charge", "opportunity", "retreat", "set-spear" ...),
    weapon, subdual, from_hex (strike as if standing there, e.g. from behind), and whatever
    else the ruleset's `odds` reads.  Nothing changes.  SandboxError if the ruleset cannot."""
    kind, opts = _split_exchange_options(options)
    return _odds(state, attacker, target, kind, opts)


def exchange_steps(state: Battle, attacker: str, target: str, **options: Any
                   ) -> ExchangeView:
    """The exchange before any die: every modifier as it applies (stage, reason, value,
    citation, running total), the number needed and the exact odds.  Options as `what_if`."""
    kind, opts = _split_exchange_options(options)
    odds = _odds(state, attacker, target, kind, opts)
    attack = _dry_attack(state, attacker, target, kind, opts)
    a, t = state.unit(attacker), state.unit(target)
    weapon = attack.weapon if attack is not None else str(opts.get("weapon", ""))
    return ExchangeView(ruleset=state.ruleset, attacker=attacker, target=target,
                        attacker_name=a.name, target_name=t.name, kind=kind, weapon=weapon,
                        options=opts, steps=_steps(odds.modifiers, attack), needed=odds.needed,
                        odds=odds, notes=odds.notes)


def _rolled_view(view: ExchangeView, before: Battle, entry: Entry) -> ExchangeView:
    attack = next((e for e in entry.events if isinstance(e, AttackRolled)
                   and e.attacker == view.attacker), None)
    dice = tuple(r for e in entry.events for r in e.rolls)
    narration = tuple(entry.narration())
    target = view.target
    hp_before = before.unit(target).hp
    after = entry.state.unit(target).hp if entry.state.has_unit(target) else hp_before
    common = dict(rolled=True, dice=dice, narration=narration, events=entry.events,
                  position=entry.position, target_hp=(hp_before, after))
    if attack is None:
        return dataclasses.replace(view, outcome=narration[-1] if narration else "no attack",
                                   **common)  # type: ignore[arg-type]
    keep = tuple(s for s in view.steps if s.stage not in ("to hit", "damage", "attack"))
    rolled = _steps(attack.modifiers + attack.damage_modifiers, attack) + keep
    total = attack.roll + sum(m.value for m in attack.modifiers)
    if attack.hit:
        victim = attack.struck or target
        dealt = sum(e.amount for e in entry.events if isinstance(e, UnitDamaged)
                    and e.unit == victim)
        outcome = f"hit {victim} for {attack.damage}"
        if dealt != attack.damage and victim == target:
            outcome += f" ({dealt} taken)"
        outcome += f" ({target}: {hp_before} -> {after} HP)"
    else:
        outcome = "miss"
    return dataclasses.replace(
        view, steps=rolled, weapon=attack.weapon or view.weapon, roll=attack.roll,
        total=total, hit=attack.hit, damage=attack.damage, damage_dice=attack.damage_dice,
        damage_roll=attack.damage_roll, struck=attack.struck, outcome=outcome,
        needed=attack.needed, **common)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Row:
    """One ruleset's line of `compare_rulesets`."""

    ruleset: str
    name: str
    odds: AttackOdds | None  # None when the exchange cannot be set up there
    problem: str = ""  # why not ("no equivalent for orc (orc)")
    attacker_template: str = ""
    target_template: str = ""
    live: bool = False  # True: the sandbox's own state (with its edits); False: fresh
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.odds is not None

    @property
    def hit_pct(self) -> float | None:
        return None if self.odds is None else float(self.odds.hit) * 100

    @property
    def mean_damage(self) -> float | None:
        return None if self.odds is None else float(self.odds.expected_damage)

    @property
    def kill_pct(self) -> float | None:
        return None if self.odds is None else float(self.odds.kill) * 100

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return () if self.odds is None else self.odds.modifiers

    def cells(self) -> tuple[str, str, str, str, str]:
        """(ruleset, hit %, mean damage, kill %, modifiers with citations) as text."""
        if self.odds is None:
            return (self.name, "—", "—", "—", self.problem)
        mods = "; ".join(m.describe() for m in self.modifiers) or "none"
        return (self.name, f"{self.hit_pct:.1f}%", f"{self.mean_damage:.2f}",
                f"{self.kill_pct:.1f}%", mods)


PORTABLE_OPTIONS = ("kind", "subdual", "from_hex")


def compare_rulesets(state: Battle, attacker: str, target: str, *, live_current: bool = True,
                     **options: Any) -> list[Row]:
    """The same exchange under every ruleset in `rules.engine.catalogue()`, in its order.

    For the sandbox's own ruleset the live state is used (the GM's edits count) unless
    `live_current=False`; every other ruleset gets the position set up again in a fresh
    state (`rebuild_setup`: templates mapped through the archetypes).  Only the portable
    options (kind, subdual, from_hex) go to the other rulesets; weapon keys and the like are
    the sandbox ruleset's own.  A ruleset that cannot take the exchange gets a row with
    `odds=None` and the reason ("no equivalent for orc (orc)")."""
    from rules.engine import catalogue

    a, t = _unit(state, attacker), _unit(state, target)
    kind, opts = _split_exchange_options(options)
    rows: list[Row] = []
    for rid, name, _source in catalogue():
        notes: list[str] = []
        if rid == state.ruleset and live_current:
            st, live = state, True
            use = opts
            a_tpl, t_tpl = a.template, t.template
        else:
            live = False
            try:
                setup, report = rebuild_setup(state, rid)
            except (KeyError, ValueError) as exc:
                rows.append(Row(rid, name, None, f"cannot be set up: {exc}"))
                continue
            missing = {m.unit: m for m in report.unmapped + report.left_out}
            if a.id in missing or t.id in missing:
                lost = [m for m in (missing.get(a.id), missing.get(t.id)) if m is not None]
                problem = "; ".join(f"no equivalent for {m.unit} ({m.old_template})"
                                    if m in report.unmapped else f"{m.unit} is {m.via}"
                                    for m in lost)
                rows.append(Row(rid, name, None, problem))
                continue
            if report.unmapped:
                notes.append("left off the board (no equivalent): "
                             + ", ".join(m.unit for m in report.unmapped))
            spec = {s.id: s for s in setup.units}
            a_tpl, t_tpl = spec[a.id].template, spec[t.id].template
            try:
                st, _ = start(setup)
            except Exception as exc:  # a ruleset refusing the position
                rows.append(Row(rid, name, None, f"{name} cannot set the position up: {exc}",
                                a_tpl, t_tpl))
                continue
            use = {k: v for k, v in opts.items() if k in PORTABLE_OPTIONS}
            dropped = sorted(set(opts) - set(use))
            if dropped:
                notes.append(f"not applied here: {', '.join(dropped)}")
        try:
            odds = _odds(st, a.id, t.id, kind, use)
        except SandboxError as exc:
            rows.append(Row(rid, name, None, exc.reason, a_tpl, t_tpl, live, tuple(notes)))
            continue
        rows.append(Row(rid, name, odds, "", a_tpl, t_tpl, live, tuple(notes)))
    return rows


# --- labels --------------------------------------------------------------------------------


def _label(before: Battle, cmd: Command, events: Sequence[Event]) -> str:
    if isinstance(cmd, PlaceUnit):
        s = cmd.unit
        return f"Place {s.id} ({s.template}, {s.side}) at {s.pos} facing {s.facing}"
    if isinstance(cmd, RemoveUnit):
        return f"Remove {cmd.unit}"
    if isinstance(cmd, RelocateUnit):
        u = before.unit(cmd.unit)
        if u.pos is not None and (u.pos.q, u.pos.r) == tuple(cmd.to):
            return f"Turn {cmd.unit} to facing {cmd.facing}"
        return f"Move {cmd.unit} to {tuple(cmd.to)}, facing {cmd.facing}"
    if isinstance(cmd, EditUnit):
        what = ", ".join(f"{k} = {v!r}" for k, v in sorted(cmd.changes.items()))
        return f"Edit {cmd.unit}: {what}"
    if isinstance(cmd, OverrideRuling):
        return f"Ruling {cmd.key} = {cmd.value!r}"
    if isinstance(cmd, Exchange):
        attack = next((e for e in events if isinstance(e, AttackRolled)), None)
        head = f"Exchange: {cmd.attacker} {cmd.kind} on {cmd.target}"
        if attack is None:
            return head
        if not attack.hit:
            return f"{head} — miss ({attack.roll})"
        return f"{head} — hit for {attack.damage} ({attack.roll})"
    words = {k: v for k, v in cmd.model_dump().items() if k != "type"}
    who = words.pop("unit", None) or words.pop("side", None) or ""
    if words.get("path"):
        words["path"] = f"to {tuple(words['path'][-1])}"
    rest = ", ".join(f"{v}" if k in ("action", "target", "path") else f"{k} {v}"
                     for k, v in words.items() if v not in ("", None, (), []))
    attacks = sum(1 for e in events if isinstance(e, AttackRolled))
    tail = f" ({attacks} attack{'s' if attacks != 1 else ''})" if attacks else ""
    return f"{who} {cmd.type.replace('_', ' ')} {rest}".strip() + tail


# --- the session ---------------------------------------------------------------------------

_GM_WORDS = {"gm_place": "placing figures", "gm_remove": "removing figures",
             "gm_relocate": "moving figures", "gm_edit": "editing figures",
             "gm_override": "overriding rulings", "gm_exchange": "exchanges"}


class Sandbox:
    """A GM session over one battle: the state now, the log, and every GM tool.

    Attributes the window reads: `state`, `position`, `entries`, `ruleset`, `can_undo`,
    `can_redo`, `decider`, `scenario` (the loaded map, for tile art and export defaults),
    `opening_report` (when `from_map(..., ruleset=...)` had to map figures).
    `listeners` are called with the sandbox after every change (apply, undo, redo, goto).
    """

    def __init__(self, setup: BattleSetup, *, scenario: Any = None,
                 dice: Dice | None = None) -> None:
        try:
            state, events = start(setup, dice)
        except (ValueError, KeyError) as exc:
            raise SandboxError(f"the {setup.ruleset} rules refuse this position: "
                               f"{exc.args[0] if exc.args else exc}") from None
        self.setup = setup
        self.scenario = scenario
        self.opening_report: SwitchReport | None = None
        self.listeners: list[Callable[[Sandbox], None]] = []
        rs = ruleset_of(state)
        self._opening = Entry(0, f"Opening: {setup.title or 'battle'} ({rs.name})", "opening",
                              None, tuple(events), state, setup=setup)
        self._entries: list[Entry] = []
        self._pos = 0
        self._rerolls = 0

    @classmethod
    def from_map(cls, path: str | Path, ruleset: str | None = None, seed: int = 0) -> Sandbox:
        """A sandbox on a Tiled map (`game.maps.load_map`; MapError if it is bad).  With
        `ruleset`, the map's figures are mapped to that ruleset (`rebuild_setup`), and what
        had no equivalent is in `opening_report` instead of failing the load."""
        from game.maps import load_map

        sc = load_map(path, seed=seed)
        setup = sc.setup
        report = None
        if ruleset is not None and ruleset != setup.ruleset:
            ruleset_of(ruleset)  # KeyError names the known rulesets
            state = ruleset_of(setup.ruleset).initial_state(setup)
            setup, report = rebuild_setup(state, ruleset)
        sb = cls(setup, scenario=sc)
        sb.opening_report = report
        return sb

    # --- where we are ----------------------------------------------------------------------

    @property
    def state(self) -> Battle:
        return self._entries[self._pos - 1].state if self._pos else self._opening.state

    @property
    def position(self) -> int:
        return self._pos

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, the undone ones after `position` included."""
        return tuple(self._entries)

    @property
    def opening(self) -> Entry:
        return self._opening

    def active_entries(self) -> tuple[Entry, ...]:
        """The entries up to the current position (what has happened, as of now)."""
        return tuple(self._entries[:self._pos])

    def entry(self, position: int) -> Entry:
        """The entry leading to `position` (0: the opening)."""
        if position == 0:
            return self._opening
        return self._entries[position - 1]

    def state_at(self, position: int) -> Battle:
        return self.entry(position).state

    @property
    def ruleset(self) -> Ruleset:
        return ruleset_of(self.state)

    @property
    def decider(self) -> str | None:
        """The side that must choose now in play (None: nobody, or the battle is over)."""
        return decider(self.state)

    def legal(self, side: str | None = None) -> list[Command]:
        """The play commands the rules allow now (for the deciding side)."""
        return legal_commands(self.state, side)

    @property
    def can_undo(self) -> bool:
        return self._pos > 0

    @property
    def can_redo(self) -> bool:
        return self._pos < len(self._entries)

    def timeline(self) -> list[TimelineItem]:
        """The opening and every entry, undone ones included, for the timeline widget."""
        out = [TimelineItem(0, self._opening.label, "opening", self._pos == 0, True, False)]
        for e in self._entries:
            out.append(TimelineItem(e.position, e.label, e.kind, e.position == self._pos,
                                    e.position <= self._pos, e.rolled))
        return out

    # --- moving on the log -------------------------------------------------------------------

    def goto(self, position: int) -> Battle:
        """Jump to `position` (0 = the opening, len(entries) = the last): nothing is lost."""
        if not 0 <= position <= len(self._entries):
            raise SandboxError(f"there is no position {position} (0 to {len(self._entries)})")
        self._pos = position
        self._changed()
        return self.state

    def undo(self) -> Battle:
        if not self.can_undo:
            raise SandboxError("nothing to undo: this is the opening")
        return self.goto(self._pos - 1)

    def redo(self) -> Battle:
        if not self.can_redo:
            raise SandboxError("nothing to redo")
        return self.goto(self._pos + 1)

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _push(self, label: str, kind: str, command: Command | None, events: Sequence[Event],
              state: Battle, subject: str = "", setup: BattleSetup | None = None,
              report: SwitchReport | None = None) -> Entry:
        del self._entries[self._pos:]  # a new step after an undo drops the undone branch
        entry = Entry(self._pos + 1, label, kind, command, tuple(events), state, subject,
                      setup, report)
        self._entries.append(entry)
        self._pos += 1
        self._changed()
        return entry

    # --- doing things ------------------------------------------------------------------------

    def apply(self, cmd: Command, dice: DiceLike = None, *, label: str | None = None
              ) -> Entry:
        """Apply a GM command (rules.gm) or a play command (rules.engine.submit) as the next
        entry.  `dice`: None (the stream), a list of faces set first, or a Dice.  Raises
        SandboxError (nothing changes) if the rules refuse it."""
        before = self.state
        rs = ruleset_of(before)
        gm = is_gm_command(cmd)
        try:
            if gm:
                state, events = gm_submit(before, cmd, _dice_for(before, dice))
            else:
                state, events = submit(before, cmd, _dice_for(before, dice))
        except IllegalCommand as exc:
            raise SandboxError(exc.reason, cmd) from None
        except NotImplementedError:
            what = _GM_WORDS.get(cmd.type, cmd.type.replace("_", " "))
            raise SandboxError(f"{rs.name} does not support {what} in the sandbox yet",
                               cmd) from None
        except (ScriptExhausted, DiceError) as exc:
            raise SandboxError(str(exc), cmd) from None
        kind = "exchange" if isinstance(cmd, Exchange) else "gm" if gm else "play"
        subject = ""
        if isinstance(cmd, PlaceUnit):
            subject = cmd.unit.id
        elif isinstance(cmd, Exchange):
            subject = cmd.attacker
        else:
            subject = str(getattr(cmd, "unit", "") or "")
        return self._push(label or _label(before, cmd, events), kind, cmd, events, state,
                          subject)

    def palette(self) -> list[PaletteItem]:
        """The unit templates the GM may place (the current ruleset's)."""
        return palette(self.state)

    def new_unit_id(self, template: str) -> str:
        """A free unit id for a new figure: "<template>_<n>"."""
        base = template[:34]
        n = 1
        while self.state.has_unit(f"{base}_{n}"):
            n += 1
        return f"{base}_{n}"

    def place(self, template: str, side: str, at: HexLike, facing: int = 0, *,
              unit_id: str | None = None, name: str = "", **overrides: Any) -> Entry:
        """Put a new figure of `template` for `side` on a free hex.  Its id is
        `entry.subject` (given, or "<template>_<n>")."""
        h = _hex(at)
        uid = unit_id or self.new_unit_id(template)
        spec = UnitSpec(id=uid, side=side, template=template, name=name, pos=(h.q, h.r),
                        facing=facing % 6, overrides=overrides)
        return self.apply(PlaceUnit(unit=spec))

    def move(self, unit: str, at: HexLike, facing: int | None = None) -> Entry:
        """Set a figure on another hex (and facing; default: as it faces now), without rules:
        no move, no free attacks."""
        u = _unit(self.state, unit)
        h = _hex(at)
        return self.apply(RelocateUnit(unit=u.id, to=(h.q, h.r),
                                       facing=u.facing if facing is None else facing % 6))

    def rotate(self, unit: str, steps: int = 1) -> Entry:
        """Turn a figure by `steps` hexsides (positive: to higher directions)."""
        u = _unit(self.state, unit)
        if u.pos is None:
            raise SandboxError(f"{u.id} is not on the board")
        return self.apply(RelocateUnit(unit=u.id, to=(u.pos.q, u.pos.r),
                                       facing=(u.facing + steps) % 6))

    def face(self, unit: str, facing: int) -> Entry:
        """Turn a figure to face hexside `facing` (0..5)."""
        u = _unit(self.state, unit)
        return self.rotate(u.id, (facing - u.facing) % 6)

    def delete(self, unit: str) -> Entry:
        return self.apply(RemoveUnit(unit=_unit(self.state, unit).id))

    def edit(self, unit: str, **changes: Any) -> Entry:
        """Change fields of a figure (validated: `editable_fields` lists them); what follows
        from them (reach from the weapon ...) is redone by the ruleset."""
        if not changes:
            raise SandboxError("nothing to change")
        return self.apply(EditUnit(unit=_unit(self.state, unit).id, changes=changes))

    def editable_fields(self, unit: str) -> dict[str, FieldInfo]:
        return editable_fields(self.state, unit)

    def flags(self, unit: str) -> list[Flag]:
        return flags(self.state, unit)

    def set_flag(self, unit: str, name: str, value: Any) -> Entry:
        """Set one round-state flag (`flags(unit)` lists them): who has acted, holds, is
        engaged, surprised or prone, where the ruleset's unit has such a field."""
        if name not in {f.name for f in self.flags(unit)}:
            raise SandboxError(f"{unit} has no flag {name!r} under {self.ruleset.name}")
        return self.edit(unit, **{name: value})

    def rulings(self) -> list[Ruling]:
        return rulings(self.state)

    def override(self, key: str, value: Any) -> Entry:
        """Override one ruling for this battle (an event: undone and saved like any)."""
        return self.apply(OverrideRuling(key=key, value=value))

    # --- rulesets ----------------------------------------------------------------------------

    def switch_ruleset(self, ruleset_id: str) -> SwitchReport:
        """Set the current position up again under `ruleset_id` (an entry: undo goes back to
        the old ruleset).  Board, sides, figures' hexes, facings and names stay; templates are
        mapped through the archetypes (`map_template`); figures with no equivalent are left
        off and named in the report, never silently dropped.  The new ruleset's battle starts
        afresh (its round 1)."""
        try:
            new = ruleset_of(ruleset_id)
        except KeyError as exc:
            raise SandboxError(str(exc.args[0])) from None
        setup, report = rebuild_setup(self.state, ruleset_id)
        try:
            state, events = start(setup)
        except Exception as exc:  # the new ruleset refusing it
            raise SandboxError(f"{new.name} cannot set this position up: "
                               f"{exc.args[0] if exc.args else exc}") from None
        old = self.ruleset.name
        label = f"Switch {old} -> {new.name}: {len(report.mapped)} figures"
        if old == new.name:
            label = f"Start play again from here ({new.name}, {len(report.mapped)} figures)"
        if report.unmapped:
            label += f", no equivalent for {', '.join(m.unit for m in report.unmapped)}"
        self._push(label, "switch", None, events, state, setup=setup, report=report)
        return report

    def restart_play(self) -> SwitchReport:
        """Start play again from this position under the same ruleset (an entry, so it can be
        undone): the figures keep their wounds and edits, the rulings stay, the round starts
        again at round 1.  Use it after placing figures on a battle that has ended (an empty
        board ends at once: nobody is left standing) or to replay a position from the top."""
        return self.switch_ruleset(self.state.ruleset)

    # --- exchanges ---------------------------------------------------------------------------

    def what_if(self, attacker: str, target: str, **options: Any) -> AttackOdds:
        return what_if(self.state, attacker, target, **options)

    def exchange_steps(self, attacker: str, target: str, **options: Any) -> ExchangeView:
        return exchange_steps(self.state, attacker, target, **options)

    def roll_exchange(self, attacker: str, target: str, dice: DiceLike = None,
                      **options: Any) -> ExchangeView:
        """Resolve the exchange now as a GM `Exchange` entry and return the view with the dice
        and the result.  `dice`: None (the stream), faces to set first ([12]: "what if it had
        been a 12"; the stream rolls the rest), or a Dice.  The attacker turns to his foe as
        the ruleset says (Fallen Empire R-FE-FACE-ATTACK).  `from_hex` is for what-ifs only:
        move the figure there first to roll from it.

        Re-roll: `reroll()` (= undo, then roll again from a fresh stream).  Undo alone takes
        the exchange back; rolling again from the battle's stream would bring the same faces."""
        kind, opts = _split_exchange_options(options)
        if "from_hex" in opts:
            raise SandboxError("an exchange is rolled from where the attacker stands; move "
                               "him to that hex first (from_hex is for what-ifs)")
        view = exchange_steps(self.state, attacker, target, kind=kind, **opts)
        before = self.state
        entry = self.apply(Exchange(attacker=attacker, target=target, kind=kind, options=opts),
                           dice)
        return _rolled_view(view, before, entry)

    def reroll(self) -> ExchangeView:
        """Take back the exchange just rolled (the entry at the current position) and roll it
        again from a fresh stream: undo + roll again."""
        entry = self.entry(self._pos)
        cmd = entry.command
        if not isinstance(cmd, Exchange):
            raise SandboxError("the last step is not an exchange; nothing to re-roll")
        self.undo()
        self._rerolls += 1
        st = self.state
        dice = StreamDice(splitmix64(st.seed ^ (self._rerolls * 0x9E3779B97F4A7C15)),
                          st.dice_counter)
        try:
            return self.roll_exchange(cmd.attacker, cmd.target, dice=dice, kind=cmd.kind,
                                      **cmd.options)
        except SandboxError:
            self.redo()
            raise

    def compare_rulesets(self, attacker: str, target: str, **options: Any) -> list[Row]:
        return compare_rulesets(self.state, attacker, target, **options)

    # --- checking and exporting --------------------------------------------------------------

    def replayed(self) -> list[Battle]:
        """Every position's state rebuilt from the log alone (the opening set-up, then each
        entry's events, a switch from its set-up): for checking that the log is the truth."""
        states = [self._opening.state]
        for e in self._entries:
            if e.kind == "switch":
                assert e.setup is not None
                states.append(start(e.setup)[0])
            else:
                states.append(evolve_all(states[-1], e.events))
        return states

    def export_tmx(self, path: str | Path, title: str | None = None,
                   orientation: str | None = None, **kwargs: Any) -> Any:
        """The current position as a Tiled scenario (`game.export.export_tmx`)."""
        from game.export import export_tmx

        sc = self.scenario
        if sc is not None:
            kwargs.setdefault("description", sc.description)
            kwargs.setdefault("victory", sc.victory)
        return export_tmx(self.state, path, title or self.state.title or "Sandbox position",
                          orientation=orientation, **kwargs)

    def export_png(self, path: str | Path, size: tuple[int, int] = (1280, 800),
                   overlay: str = "none") -> Path:
        """A picture of the current position (`game.export.export_png`), with the map's own
        tile art when the sandbox came from a map of the same board."""
        from game.export import export_png

        return export_png(self.state, path, size, overlay, scenario=self.scenario)

    def transcript(self, title: str = "Sandbox transcript") -> str:
        """The exchanges so far as Markdown (`game.export.transcript_markdown`)."""
        from game.export import transcript_markdown

        return transcript_markdown(self, title)
