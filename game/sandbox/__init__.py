"""The GM sandbox, headless: a battle the game master may change at will and take back freely.

`flank sandbox MAP [--ruleset ID]` opens a window on a `Sandbox`; everything the window does
goes through this class, so the same session runs in tests and scripts without a display.
Never imports pygame, not even when called: the picture of a position is drawn by
`game.render.picture_export.export_png`, beside the renderer.

    sb = Sandbox.from_map("maps/duel.tmx")           # or Sandbox(setup); any hex Tiled map
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
    ruleset menu              rules.engine.catalogue(); sb.switch_ruleset(id) -> SwitchReport
                              (show report.lines() when not report.complete)
    exchange step-through     sb.exchange_steps(a, t, kind=...) -> ExchangeView (view.steps,
                              view.needed, view.odds; view.turns: who turns to face whom,
                              the attacker as he strikes, the defender when he strikes
                              back, R-POS-FACE); roll: sb.roll_exchange(a, t, dice=None
                              or [faces]); re-roll: sb.reroll(); take back: sb.undo()
    what-if tooltip           sb.what_if(a, t, kind=..., from_hex=...) -> AttackOdds
    compare table             sb.compare_rulesets(a, t, ...) -> [Row]; row.labelled() (every
                              number with its label), row.cells() (bare)
    overlays                  game.overlay_facts.<fact>(sb.state, ...)
    save as scenario          sb.save_as_scenario() (the map written back beside itself with
                              Flank's properties filled in; sb.scenario_path() says where)
    export                    sb.export_tmx(path, title), sb.transcript(title) -> Markdown
                              text; picture: game.render.picture_export.export_png(
                              sb.state, path, size, overlay, scenario=sb.scenario)
    Every refusal is a SandboxError: show str(error); the state has not changed.

Rulesets
    Fallen Empire supplies every hook the sandbox uses.  A ruleset without `build_unit`,
    `exchange`, `archetypes` or `option_values` still opens: placing, exchanges or rulings
    are then refused with a reason, and switching maps its figures by template name.

The package, one job a module (each imports only those listed before it, so none imports
back; every name in backticks below is importable from `game.sandbox` itself)
    common          SandboxError, ExportError, reading a hex or a figure
    ruleset_parts   a ruleset's own modules and data tables (`ruleset_tables`)
    dice            the GM's dice ("what if it had been a 12")
    figures         the palette, the edit form's fields, the round-state flags
    rulings         the rulings panel: what may be overridden, defaults, citations
    switch          a position set up under another ruleset (`rebuild_setup`, `SwitchReport`)
    log             `Entry`, `TimelineItem` and `SessionLog`: entries, position, undo, redo
    exchange        the step-through exchange and the what-if odds (`ExchangeView`)
    compare         the what-if across rulesets (`compare_rulesets`, `Row`)
    labels          the timeline's words for each entry
    tileset         Flank's bundled terrain tileset as data
    tmx_export      a position as a Tiled scenario (`export_tmx`, `TmxExport`)
    tmx_writeback   the GM's own map saved as a scenario, its art kept (`save_as_scenario`)
    transcript      the session as Markdown (`transcript_markdown`)
    session         `Sandbox`: the log plus every GM tool
    mass, mass_*    the sandbox on the mass-combat grid (ZeFRS), its own session
                    (`game.sandbox.mass.MassSandbox`), opened by the board kind "grid"
"""

from game.sandbox.common import ExportError, SandboxError
from game.sandbox.compare import PORTABLE_OPTIONS, Row, compare_rulesets
from game.sandbox.dice import DiceError, FirstFaces
from game.sandbox.exchange import ExchangeView, ModifierStep, exchange_steps, what_if
from game.sandbox.figures import (
    FLAG_FIELDS,
    FieldInfo,
    Flag,
    PaletteItem,
    editable_fields,
    flags,
    palette,
)
from game.sandbox.log import Entry, SessionLog, TimelineItem
from game.sandbox.ruleset_parts import ruleset_tables
from game.sandbox.rulings import Ruling, config_comments, rulings
from game.sandbox.session import Sandbox
from game.sandbox.switch import SwitchReport, UnitMapping, map_template, rebuild_setup
from game.sandbox.tmx_export import TILED_VERSION, TmxExport, export_tmx
from game.sandbox.tmx_writeback import save_as_scenario
from game.sandbox.transcript import transcript_markdown

__all__ = [
    "FLAG_FIELDS", "PORTABLE_OPTIONS", "TILED_VERSION", "DiceError", "Entry", "ExchangeView",
    "ExportError", "FieldInfo", "FirstFaces", "Flag", "ModifierStep", "PaletteItem", "Row",
    "Ruling", "Sandbox", "SandboxError", "SessionLog", "SwitchReport", "TimelineItem",
    "TmxExport", "UnitMapping", "compare_rulesets", "config_comments", "editable_fields",
    "exchange_steps", "export_tmx", "flags", "map_template", "palette", "rebuild_setup",
    "ruleset_tables", "rulings", "save_as_scenario", "transcript_markdown", "what_if",
]
