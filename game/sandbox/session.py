"""The GM's session: `Sandbox`, a battle the game master may change at will and take back.

Everything the sandbox window does goes through this class, so the same session runs in tests
and scripts without a display.  The log it keeps (entries, position, undo, redo, timeline) is
`game.sandbox.log.SessionLog`; each tool here makes one entry or reads the state: placing,
moving, turning, editing and removing figures (GM commands, `rules.gm`), overriding a ruling,
acting for whichever side must decide (play commands, `rules.engine.submit`), switching the
ruleset, rolling an exchange with the GM's dice and re-rolling it, and the exports.  Anything
refused raises `SandboxError` and nothing changes.

A little over 400 lines because each GM tool is one short method here, the work itself in
its own module (exchange, switch, chase, exports ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.maps import load_map
from game.sandbox import chase as chases
from game.sandbox.common import ExportError, HexLike, SandboxError, to_hex, unit_of
from game.sandbox.compare import Row, compare_rulesets
from game.sandbox.dice import DiceError, DiceLike, dice_for
from game.sandbox.exchange import (
    ExchangeView,
    exchange_steps,
    rolled_view,
    split_exchange_options,
    what_if,
)
from game.sandbox.figures import FieldInfo, Flag, PaletteItem, editable_fields, flags, palette
from game.sandbox.labels import GM_WORDS, entry_label
from game.sandbox.log import Entry, SessionLog
from game.sandbox.rulings import Ruling, rulings
from game.sandbox.switch import SwitchReport, rebuild_setup
from game.sandbox.tmx_export import TmxExport, export_tmx
from game.sandbox.tmx_writeback import save_as_scenario
from game.sandbox.transcript import transcript_markdown
from rules.commands import Command
from rules.dice import Dice, ScriptExhausted, StreamDice, splitmix64
from rules.engine import (
    AttackOdds,
    BattleSetup,
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
from rules.events import Event
from rules.gm import (
    EditUnit,
    Exchange,
    OverrideRuling,
    PlaceUnit,
    RelocateUnit,
    RemoveUnit,
    gm_submit,
    is_gm_command,
)
from rules.state import Battle
from rules.wording import plural

# The sides a map with no figures is given, so that the GM has someone to place.
EMPTY_MAP_SIDES = (SideSpec(id="red", name="Red"), SideSpec(id="blue", name="Blue"))


class Sandbox(SessionLog):
    """A GM session over one battle: the state now, the log, and every GM tool.

    Attributes the window reads: `state`, `position`, `entries`, `ruleset`, `can_undo`,
    `can_redo`, `decider`, `scenario` (the loaded map, for tile art and export defaults),
    `opening_report` (when `from_map(..., ruleset=...)` had to map figures).
    `listeners` are called with the sandbox after every change (apply, undo, redo, goto).
    """

    def __init__(self, setup: BattleSetup, *, scenario: Any = None,
                 dice: Dice | None = None) -> None:
        if not setup.sides:  # nobody to place figures for: the window needs a side to pick
            setup = setup.model_copy(update={"sides": EMPTY_MAP_SIDES})
        try:
            state, events = start(setup, dice)
        except (ValueError, KeyError) as exc:
            raise SandboxError(f"the {setup.ruleset} rules refuse this position: "
                               f"{exc.args[0] if exc.args else exc}") from None
        rs = ruleset_of(state)
        super().__init__(Entry(0, f"Opening: {setup.title or 'battle'} ({rs.name})",
                               "opening", None, tuple(events), state, setup=setup))
        self.setup = setup
        self.scenario = scenario
        self.opening_report: SwitchReport | None = None
        self.notes: list[str] = []  # what opening the map changed, for the window to show
        self._rerolls = 0

    @classmethod
    def from_map(cls, path: str | Path, ruleset: str | None = None, seed: int = 0) -> Sandbox:
        """A sandbox on a Tiled map (`game.maps.load_map`; MapError if it is bad).  With
        `ruleset`, the map's figures are mapped to that ruleset (`rebuild_setup`), and what
        had no equivalent is in `opening_report` instead of failing the load.

        Anyone's hexagonal Tiled map opens: what it lacks of Flank's properties is filled in
        (`scenario.warnings` says what), and a map with no figures gets two sides, Red and
        Blue, for the GM to place them on (`EMPTY_MAP_SIDES`)."""
        sc = load_map(path, seed=seed)
        setup = sc.setup
        if not setup.sides:  # a board with nobody on it: two sides for the GM to place
            setup = setup.model_copy(update={"sides": EMPTY_MAP_SIDES})
        report = None
        if ruleset is not None and ruleset != setup.ruleset:
            ruleset_of(ruleset)  # KeyError names the known rulesets
            state = ruleset_of(setup.ruleset).initial_state(setup)
            setup, report = rebuild_setup(state, ruleset)
        notes: list[str] = []
        if not setup.units and "mode" in setup.options:  # e.g. a lists field with no riders yet
            try:
                cls(setup, scenario=sc)
            except SandboxError as exc:
                options = {k: v for k, v in setup.options.items() if k != "mode"}
                setup = setup.model_copy(update={"options": options})
                notes.append(f"{exc}: opened as an ordinary battle to place figures on")
        sb = cls(setup, scenario=sc)
        sb.opening_report = report
        sb.notes = notes
        return sb

    # --- where we are in play --------------------------------------------------------------

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
                state, events = gm_submit(before, cmd, dice_for(before, dice))
            else:
                state, events = submit(before, cmd, dice_for(before, dice))
        except IllegalCommand as exc:
            raise SandboxError(exc.reason, cmd) from None
        except NotImplementedError:
            what = GM_WORDS.get(cmd.type, cmd.type.replace("_", " "))
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
        return self._push(label or entry_label(before, cmd, events), kind, cmd, events, state,
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
        h = to_hex(at)
        uid = unit_id or self.new_unit_id(template)
        spec = UnitSpec(id=uid, side=side, template=template, name=name, pos=(h.q, h.r),
                        facing=facing % 6, overrides=overrides)
        return self.apply(PlaceUnit(unit=spec))

    def move(self, unit: str, at: HexLike, facing: int | None = None) -> Entry:
        """Set a figure on another hex (and facing; default: as it faces now), without rules:
        no move, no free attacks."""
        u = unit_of(self.state, unit)
        h = to_hex(at)
        return self.apply(RelocateUnit(unit=u.id, to=(h.q, h.r),
                                       facing=u.facing if facing is None else facing % 6))

    def rotate(self, unit: str, steps: int = 1) -> Entry:
        """Turn a figure by `steps` hexsides (positive: to higher directions)."""
        u = unit_of(self.state, unit)
        if u.pos is None:
            raise SandboxError(f"{u.id} is not on the board")
        return self.apply(RelocateUnit(unit=u.id, to=(u.pos.q, u.pos.r),
                                       facing=(u.facing + steps) % 6))

    def face(self, unit: str, facing: int) -> Entry:
        """Turn a figure to face hexside `facing` (0..5)."""
        u = unit_of(self.state, unit)
        return self.rotate(u.id, (facing - u.facing) % 6)

    def delete(self, unit: str) -> Entry:
        return self.apply(RemoveUnit(unit=unit_of(self.state, unit).id))

    def edit(self, unit: str, **changes: Any) -> Entry:
        """Change fields of a figure (validated: `editable_fields` lists them); what follows
        from them (reach from the weapon ...) is redone by the ruleset."""
        if not changes:
            raise SandboxError("nothing to change")
        return self.apply(EditUnit(unit=unit_of(self.state, unit).id, changes=changes))

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
        figures = plural(len(report.mapped), "figure")
        label = f"Switch from {old} to {new.name}: {figures}"
        if old == new.name:
            label = f"Start play again from here ({new.name}, {figures})"
        if report.unmapped:
            label += f", no equivalent for {report.no_equivalent()}"
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
        kind, opts = split_exchange_options(options)
        if "from_hex" in opts:
            raise SandboxError("an exchange is rolled from where the attacker stands; move "
                               "him to that hex first (from_hex is for what-ifs)")
        view = exchange_steps(self.state, attacker, target, kind=kind, **opts)
        before = self.state
        entry = self.apply(Exchange(attacker=attacker, target=target, kind=kind, options=opts),
                           dice)
        return rolled_view(view, before, entry)

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

    # --- a chase between any figures (game.sandbox.chase) ---------------------------------

    @property
    def can_chase(self) -> bool:
        return chases.can_chase(self.state)

    def open_chase(self, quarries: Sequence[str], pursuers: Sequence[str],
                   dice: DiceLike = None) -> chases.ChaseRun:
        """Open a chase from here, nothing recorded yet: play it from `run.state`, then
        `finish_chase`.  SandboxError if the ruleset or the figures refuse it."""
        return chases.open_chase(self.state, quarries, pursuers, dice)

    def finish_chase(self, run: chases.ChaseRun, state: Battle, events: Sequence[Event]
                     ) -> Entry:
        """Record a chase played to its end as one entry (undo: back to before it)."""
        chases.check_finished(run, self.state, state, events)
        return self._push(entry_label(run.before, run.command, run.events), "gm",
                          run.command, run.events + tuple(events), state,
                          run.command.quarries[0])

    def chase(self, quarries: Sequence[str], pursuers: Sequence[str],
              choose: chases.Chooser, dice: DiceLike = None) -> Entry:
        """Start a chase and play it to its end by `choose` (scripts and tests)."""
        run = self.open_chase(quarries, pursuers, dice)
        state, events = chases.play_out(run, choose)
        return self.finish_chase(run, state, events)

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
                   orientation: str | None = None, **kwargs: Any) -> TmxExport:
        """The current position as a Tiled scenario (`game.sandbox.tmx_export.export_tmx`).
        A picture of it is `game.render.picture_export.export_png(sb.state, path, size,
        overlay, scenario=sb.scenario)`: it draws with pygame, so it lives with the renderer."""
        sc = self.scenario
        if sc is not None:
            kwargs.setdefault("description", sc.description)
            kwargs.setdefault("victory", sc.victory)
        return export_tmx(self.state, path, title or self.state.title or "Sandbox position",
                          orientation=orientation, **kwargs)

    def scenario_path(self) -> Path | None:
        """Where "Save as scenario" writes: beside the map, `<map>_scenario.tmx` (the map's
        own tilesets and pictures must stay in its folder); None without a map."""
        sc = self.scenario
        if sc is None or not getattr(sc, "path", ""):
            return None
        source = Path(sc.path)
        stem = source.stem if source.stem.endswith("_scenario") else f"{source.stem}_scenario"
        return source.with_name(f"{stem}.tmx")

    def save_as_scenario(self, path: str | Path | None = None, title: str | None = None
                         ) -> TmxExport:
        """The map written back as a scenario of the position now: its art kept, Flank's
        properties filled in (`game.sandbox.tmx_writeback.save_as_scenario`); it passes
        ``flank validate --strict``.  `path` defaults to `scenario_path()`.  Without a map,
        the position is exported with the bundled tiles (`export_tmx`).  ExportError."""
        sc = self.scenario
        target = path if path is not None else self.scenario_path()
        if target is None:
            raise ExportError("this position has no map to save; give a path")
        if sc is None:
            return self.export_tmx(target, title)
        return save_as_scenario(self.state, sc, target, title, description=sc.description,
                                victory=sc.victory)

    def transcript(self, title: str = "Sandbox transcript") -> str:
        """The exchanges so far as Markdown (`game.sandbox.transcript.transcript_markdown`)."""
        return transcript_markdown(self, title)
