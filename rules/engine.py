"""The loop at the heart of Flank: submit(command) -> events -> evolve.

    submit(state, command) -> (state', [events])   the only way a battle moves on
    decide(ctx, command)                            the ruleset's rules; dice are rolled here
    evolve(state, event) -> state'                  no rules, no dice: replay rebuilds any state

A ruleset decides by *emitting* events through a `Context`, which folds each one into the
state at once, so the rules always read the state as it now is (the orc that just died does
not strike back).  After the command, the engine keeps running the procedures on top of the
pending-decision stack by itself until someone has to choose again, as a Blood Bowl engine
does: round → side turn → a move in progress → a reaction window.

The small protocol every ruleset follows is OpenSpiel's: who decides (`decider`), what they
may do (`legal_commands`), apply (`submit`), is it over (`is_terminal`), and the chance
outcomes with their probabilities (`Ruleset.odds`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

import rules.evolvers  # noqa: F401  (registers how the shared events change a battle)
from rules import registry
from rules.commands import Command
from rules.dice import Dice, ScriptedDice, StreamDice
from rules.events import Event, Modifier, UnitFaced, evolver_for
from rules.hexgrid import Hex, sextant_direction
from rules.state import Battle, Board, Frame, Side, Terrain

MAX_AUTOMATIC_STEPS = 100_000


class IllegalCommand(Exception):
    """A command the rules do not allow now; the state is unchanged.  `str()` says why."""

    def __init__(self, command: Command, reason: str) -> None:
        super().__init__(f"{command.describe()}: {reason}")
        self.command = command
        self.reason = reason


# --- setting a battle up -------------------------------------------------------------------


class TerrainSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: str = "grass"
    move_cost: int = Field(1, ge=1, le=100)
    cover: bool = False
    impassable: bool = False
    elevation: int = Field(0, ge=-1000, le=1000)


class BoardSpec(BaseModel):
    """The board as a setup or save file holds it: a palette of terrains and the cells."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    width: int = Field(ge=1, le=1024)
    height: int = Field(ge=1, le=1024)
    feet_per_hex: int = Field(5, ge=1, le=1000)
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    palette: dict[str, TerrainSpec]
    cells: tuple[tuple[int, int, str], ...]  # (q, r, palette key)

    def build(self) -> Board:
        terrains = {k: Terrain(**v.model_dump()) for k, v in self.palette.items()}
        cells = tuple(sorted((Hex(q, r), terrains[k]) for q, r, k in self.cells))
        return Board(cells=cells, feet_per_hex=self.feet_per_hex, width=self.width,
                     height=self.height, stagger_axis=self.stagger_axis,
                     stagger_index=self.stagger_index)

    @classmethod
    def from_board(cls, board: Board) -> BoardSpec:
        palette: dict[str, TerrainSpec] = {}
        keys: dict[Terrain, str] = {}
        cells = []
        for h, t in board.cells:
            if t not in keys:
                key = t.kind if t.kind not in palette else f"{t.kind}{len(palette)}"
                keys[t] = key
                palette[key] = TerrainSpec(**{f: getattr(t, f) for f in TerrainSpec.model_fields})
            cells.append((h.q, h.r, keys[t]))
        return cls(width=board.width, height=board.height, feet_per_hex=board.feet_per_hex,
                   stagger_axis=board.stagger_axis, stagger_index=board.stagger_index,
                   palette=palette, cells=tuple(cells))


class SideSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    name: str = ""
    player_characters: bool = False


class UnitSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    side: str
    template: str
    name: str = ""
    pos: tuple[int, int]
    facing: int = Field(0, ge=0, le=5)
    overrides: dict[str, Any] = {}


class BattleSetup(BaseModel):
    """Everything needed to start a battle: replaying its events from here rebuilds any state."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    ruleset: str
    seed: int = Field(0, ge=0, lt=2**63)
    title: str = ""
    board: BoardSpec
    sides: tuple[SideSpec, ...]
    units: tuple[UnitSpec, ...]
    options: dict[str, Any] = {}


def units_of(setup: BattleSetup, board: Board, build: Any) -> tuple[Any, ...]:
    """The set-up's figures built by `build(spec)`, sorted by id, after the checks every
    ruleset makes: unique ids, known sides, one figure a hex, on a passable hex."""
    side_ids = {s.id for s in setup.sides}
    units = []
    taken: dict[tuple[int, int], str] = {}
    for spec in setup.units:
        if any(u.id == spec.id for u in units):
            raise ValueError(f"two units are called {spec.id!r}")
        if spec.side not in side_ids:
            raise ValueError(f"unit {spec.id!r} is on side {spec.side!r}, which is not in the "
                             "battle")
        if spec.pos in taken:
            raise ValueError(f"units {taken[spec.pos]!r} and {spec.id!r} stand on the same "
                             f"hex {spec.pos}")
        taken[spec.pos] = spec.id
        unit = build(spec)
        if not board.passable(unit.pos):
            raise ValueError(f"unit {spec.id!r} stands on {spec.pos}, which is off the board "
                             "or impassable")
        units.append(unit)
    return tuple(sorted(units, key=lambda u: u.id))


def options_of(setup: BattleSetup, known: set[str], ruleset_name: str
               ) -> tuple[tuple[str, Any], ...]:
    """The set-up's rulings overrides, refusing a key the ruleset does not know."""
    for key in sorted(setup.options):
        if key not in known and key != "max_rounds":
            raise ValueError(f"unknown {ruleset_name} option {key!r}")
    return tuple(sorted(setup.options.items()))


# --- the ruleset protocol ------------------------------------------------------------------


@dataclass(frozen=True)
class AttackOdds:
    """The exact chances of one attack, computed by enumerating the resolution function."""

    hit: Fraction
    damage: dict[int, Fraction]  # damage dealt to the target -> probability (0 = none)
    kill: Fraction  # chance the target is out of the fight after this attack
    modifiers: tuple[Modifier, ...]
    needed: int
    notes: tuple[str, ...] = ()

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))


class Ruleset:
    """What a ruleset supplies.  Subclasses live in `rules/systems/<name>/`."""

    id: ClassVar[str]
    name: ClassVar[str]
    source: ClassVar[str]
    order: ClassVar[int] = 100  # where the menu and `flank rulesets` list it, lowest first

    def initial_state(self, setup: BattleSetup) -> Battle:
        raise NotImplementedError

    def run_frame(self, ctx: Context, frame: Frame) -> None:
        """Advance an automatic frame (actor None) by emitting at least one event."""
        raise NotImplementedError

    def legal_commands(self, state: Battle, side: str) -> list[Command]:
        raise NotImplementedError

    def check(self, state: Battle, command: Command) -> str | None:
        """Why `command` is illegal now, or None if the rules allow it."""
        raise NotImplementedError

    def decide(self, ctx: Context, command: Command) -> None:
        raise NotImplementedError

    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        raise NotImplementedError

    def templates(self) -> list[str]:
        return []

    def tables(self, path: Path | None = None) -> Any:
        """The ruleset's data tables (its own TOML file, or the one at `path` read in its
        place, as `flank validate` does), or None for a ruleset that keeps none.  A bad file
        raises `rules.data.DataError` naming it."""
        return None

    def data_file(self) -> Path | None:
        """The ruleset's data file (its tables and the values of its rulings, each commented
        with the clause or ruling it implements), for the GM's Rulings panel; None if none."""
        return None

    def round_fields(self) -> frozenset[str]:
        """Unit fields that belong to the round rather than the figure (what it has spent,
        the free attack it has used …), left behind when a position is set up again."""
        return frozenset()

    def declarable(self, state: Battle, unit: Any) -> tuple[str, ...] | None:
        """The actions `unit` may declare now, under a ruleset whose figures declare before
        acting (FE-06); None under one whose figures do not."""
        return None

    # --- what the GM may change (rules/gm.py) ------------------------------------------------

    def build_unit(self, state: Battle, spec: UnitSpec) -> Any:
        """A fresh unit from a spec (a GM placing a figure); ValueError if it cannot be."""
        raise NotImplementedError

    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """The unit with `changes` (already checked) applied and anything derived redone."""
        return replace(unit, **changes)

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        return None

    def check_removal(self, state: Battle, unit_id: str) -> str | None:
        """Why this unit cannot be taken off now (e.g. it is in the middle of a move)."""
        for frame in state.stack:
            if unit_id in {v for v in vars_of(frame) if isinstance(v, str)}:
                return (f"{unit_id} is part of what is happening now "
                        f"({type(frame).__name__}); finish that first")
        return None

    def gm_busy(self, state: Battle) -> str | None:
        """Why a GM exchange cannot be resolved now (something is half done, such as a move
        waiting on a free attack), or None.  Default: only while nothing is pending but a
        plain choice of what to do next (see Frame.gm_may_interrupt)."""
        for frame in state.stack:
            if not frame.gm_may_interrupt:
                return f"finish what is under way first ({type(frame).__name__})"
        return None

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        """Resolve one attack now, outside the turn order (the sandbox's step-through): the
        same situation, modifiers and resolution as in play, with ctx.dice."""
        raise NotImplementedError

    def archetypes(self) -> dict[str, str]:
        """Common figure types (swordsman, spearman, orc, ogre …) → this ruleset's template,
        so a position can be set up again under another ruleset."""
        return {}

    def option_values(self, state: Battle) -> dict[str, Any]:
        """Every ruling a GM may override in this battle, with its value now."""
        return {}

    def check_option(self, state: Battle, key: str, value: Any) -> str | None:
        return f"{self.name} has no ruling {key!r} to override"

    def coerce_option(self, state: Battle, key: str, value: Any) -> Any:
        return value

    def unit_glyph(self, state: Battle, unit_id: str) -> str:
        """One character for the unit's token (its template's art)."""
        return state.unit(unit_id).template[:1].upper()

    def unit_badge(self, state: Battle, unit_id: str) -> str:
        """A two-letter mark of the unit's weapon for its token ("" for none)."""
        return ""

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        """Short lines describing the unit, for hover cards and the sandbox."""
        u = state.unit(unit_id)
        return [f"{u.name} ({u.side})", f"HP {u.hp}/{u.max_hp} {u.condition or u.status}"]

    def path_reactions(self, state: Battle, unit_id: str, path: list[Hex]
                       ) -> list[tuple[int, str, str]]:
        """Which steps of `path` would provoke whose reaction under this ruleset, as
        (step index, reactor id, trigger), for the path preview.  Default: none."""
        return []

    def phase_label(self, state: Battle) -> str:
        """Where the battle is in its round, for the round tracker (a second line, if any,
        says who acts in what order)."""
        return f"Round {state.round}"


def weapon_badge(name: str) -> str:
    """Two letters for a weapon on a token: initials of a two-word name ("Short sword" →
    "Ss"), else the first two letters ("Spear" → "Sp")."""
    words = name.split()
    return (words[0][0] + words[1][0] if len(words) > 1 else name[:2]).capitalize()


def vars_of(frame: Frame) -> list[Any]:
    """The values held by a frame (a frozen dataclass), for finding who it involves."""
    from dataclasses import fields as dc_fields

    return [getattr(frame, f.name) for f in dc_fields(frame)]


# --- deciding and evolving -----------------------------------------------------------------


class Context:
    """A battle being decided: rules read `state`, roll on `dice` and `emit` what happened."""

    def __init__(self, state: Battle, dice: Dice | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.dice: Dice = dice if dice is not None else StreamDice(state.seed, state.dice_counter)
        self._rolls_claimed = 0

    def emit(self, event: Event) -> None:
        made: list[int] = getattr(self.dice, "made", [])
        fresh = tuple(made[self._rolls_claimed:])
        if fresh:
            event = event.model_copy(update={"rolls": event.rolls + fresh})
            self._rolls_claimed = len(made)
        self.state = evolve(self.state, event)
        self.events.append(event)

    def unclaimed_rolls(self) -> int:
        return len(getattr(self.dice, "made", [])) - self._rolls_claimed


def evolve(state: Battle, event: Event) -> Battle:
    """Fold one event into the state.  Pure; the only place state changes."""
    fn = evolver_for(state.ruleset, type(event))
    if fn is None:
        raise TypeError(f"no evolver registered for event {event.type!r}")
    new = fn(state, event)
    return replace(new, dice_counter=new.dice_counter + len(event.rolls),
                   events_applied=new.events_applied + 1)


def evolve_all(state: Battle, events: list[Event] | tuple[Event, ...]) -> Battle:
    for e in events:
        state = evolve(state, e)
    return state


def register_ruleset(rs: Ruleset) -> Ruleset:
    """Make a ruleset known at run time, beside those installed as entry points (tests, a
    script defining a ruleset in place)."""
    registry.add(registry.RULESETS, rs.id, rs)
    return rs


def ruleset_of(state_or_id: Battle | str) -> Ruleset:
    """The ruleset of a battle, or by id, found through the registry (`rules.registry`):
    the engine never imports a ruleset itself.  KeyError, naming the known ones, if none."""
    rid = state_or_id if isinstance(state_or_id, str) else state_or_id.ruleset
    try:
        rs = registry.load(registry.RULESETS, rid)
    except registry.PluginError as exc:
        raise KeyError(str(exc)) from None
    if not isinstance(rs, Ruleset):
        raise KeyError(f"the ruleset entry {rid!r} is a {type(rs).__name__}, not a Ruleset")
    return rs


def rulesets() -> list[Ruleset]:
    """Every ruleset that loads, in the order the menu lists them (`Ruleset.order`, then
    name): the bundled ones and any installed beside Flank."""
    found = [rs for rs in registry.load_all(registry.RULESETS).values()
             if isinstance(rs, Ruleset)]
    return sorted(found, key=lambda rs: (rs.order, rs.name))


def catalogue() -> list[tuple[str, str, str]]:
    """(id, name, source text) of every ruleset, in menu order: what `flank rulesets` prints."""
    return [(rs.id, rs.name, rs.source) for rs in rulesets()]


def _advance(ruleset: Ruleset, ctx: Context) -> None:
    """Run automatic frames until a side must decide or the battle is over."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        top = ctx.state.top
        if ctx.state.outcome is not None or top is None or top.actor is not None:
            return
        before = len(ctx.events)
        if top.owns_commands:
            top.run(ctx)
        else:
            ruleset.run_frame(ctx, top)
        if len(ctx.events) == before:
            raise RuntimeError(f"{ruleset.id}: frame {type(top).__name__} emitted nothing")
    raise RuntimeError(f"{ruleset.id}: no decision after {MAX_AUTOMATIC_STEPS} automatic steps")


def start(setup: BattleSetup, dice: Dice | None = None) -> tuple[Battle, list[Event]]:
    """The opening state of a battle and the events of its automatic opening (round 1, …)."""
    ruleset = ruleset_of(setup.ruleset)
    state = ruleset.initial_state(setup)
    ctx = Context(state, dice)
    _advance(ruleset, ctx)
    return ctx.state, ctx.events


def initial_state(setup: BattleSetup) -> Battle:
    """The state before any event: what replay folds the log onto."""
    return ruleset_of(setup.ruleset).initial_state(setup)


def decider(state: Battle) -> str | None:
    """The side that must choose now, or None when the battle is over."""
    if state.outcome is not None or state.top is None:
        return None
    return state.top.actor


def is_terminal(state: Battle) -> bool:
    return state.outcome is not None


def legal_commands(state: Battle, side: str | None = None) -> list[Command]:
    who = decider(state)
    if who is None or (side is not None and side != who):
        return []
    if state.top is not None and state.top.owns_commands:
        return state.top.legal(state, who)
    return ruleset_of(state).legal_commands(state, who)


def check(state: Battle, command: Command) -> str | None:
    if state.outcome is not None:
        return "the battle is over"
    if state.top is None or state.top.actor is None:
        return "nobody is to decide now"
    if state.top.owns_commands:
        return state.top.check(state, command)
    return ruleset_of(state).check(state, command)


def submit(state: Battle, command: Command, dice: Dice | None = None
           ) -> tuple[Battle, list[Event]]:
    """Apply one command: its events and the automatic play after it.

    Raises `IllegalCommand` (and changes nothing) if the rules do not allow it now.
    """
    reason = check(state, command)
    if reason is not None:
        raise IllegalCommand(command, reason)
    ruleset = ruleset_of(state)
    ctx = Context(state, dice)
    top = state.top
    if top is not None and top.owns_commands:
        top.decide(ctx, command)
    else:
        ruleset.decide(ctx, command)
    _advance(ruleset, ctx)
    if ctx.unclaimed_rolls():
        raise RuntimeError(f"{ruleset.id}: dice rolled but not recorded in any event")
    return ctx.state, ctx.events


def scripted(*faces: int) -> ScriptedDice:
    """Dice for tests: `submit(state, cmd, scripted(14, 6))`."""
    return ScriptedDice(list(faces))


def face_target(ctx: Context, unit_id: str, target_id: str) -> None:
    """A fighter turns toward the foe he strikes, as he strikes: the ruling of every bundled
    ruleset (R-FE-FACE-ATTACK, R-EMP-FACE).  No turn when either is off the board or they
    share a hex."""
    u, t = ctx.state.unit(unit_id), ctx.state.unit(target_id)
    if u.pos is None or t.pos is None or u.pos == t.pos:
        return
    want = sextant_direction(u.pos, t.pos)
    if want != u.facing:
        ctx.emit(UnitFaced(unit=unit_id, facing=want))


def command_owner_refusal(state: Battle, cmd: Command) -> str | None:
    """Why a command for a unit may not be given now by the side whose decision it is (no
    such unit, or not that side's), or None: the first check of every ruleset's `check`."""
    top = state.top
    side = top.actor if top else None
    unit_id = getattr(cmd, "unit", None)
    if unit_id is None:
        return None
    if not state.has_unit(unit_id):
        return f"there is no unit {unit_id!r}"
    if state.unit(unit_id).side != side:
        return f"{unit_id} is not {side}'s to command now"
    return None


def setup_sides(*ids: str) -> tuple[SideSpec, ...]:
    return tuple(SideSpec(id=i, name=i) for i in ids)


def side_ids(state: Battle) -> tuple[str, ...]:
    return tuple(s.id for s in state.sides)


__all__ = [
    "AttackOdds",
    "BattleSetup",
    "BoardSpec",
    "Context",
    "IllegalCommand",
    "Ruleset",
    "Side",
    "SideSpec",
    "TerrainSpec",
    "UnitSpec",
    "catalogue",
    "check",
    "command_owner_refusal",
    "decider",
    "evolve",
    "evolve_all",
    "face_target",
    "initial_state",
    "is_terminal",
    "legal_commands",
    "register_ruleset",
    "ruleset_of",
    "rulesets",
    "scripted",
    "start",
    "submit",
]
