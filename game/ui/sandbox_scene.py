"""The GM sandbox in the window: set up any position, show who threatens what, step through an
exchange rule by rule, try it again, compare rulesets, and export it.

Everything a GM does goes through `game.sandbox.Sandbox` (headless, tested on its own): this
scene turns clicks and keys into its calls and paints its answers.

    left panel   ruleset, side, the palette of figures (`sandbox_palette`), undo/redo,
                 timeline, rulings, exports
    board        click a hex to place the palette figure; click a figure to select it; drag it
                 to move it; right-click a figure to make it the target; Q/E turn; Delete
    right panel  the selected figure (Edit…), the exchange with the target step by step, the
                 dice (Roll, Re-roll, or set them: "12" or "12, 5"), the other rulesets

Over 400 lines because the widget tree is built and its events routed in one place; what can
stand apart already does (sandbox_panels, _dialogs, _exports, _palette, _layout).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIImage,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.figure_sprites import FigureSprites
from game.render.palette import side_colour
from game.render.snapshot import hex_size_for
from game.render.tiles import painter_for
from game.sandbox import Sandbox, SandboxError
from game.ui.layout import stack_heights, tip_items, whole_item
from game.ui.sandbox_chase import CHASE_TIP, SandboxChase
from game.ui.sandbox_dialogs import SAVE_TIP, SandboxDialogs, parse_typed
from game.ui.sandbox_exports import SandboxExports
from game.ui.sandbox_layout import (
    CARD_BUTTON_H,
    CHART_H,
    DICE_H,
    HELP,
    LEFT,
    OVERLAY_KEYS,
    PALETTE_H,
    RIGHT,
    RIGHT_FIXED_H,
    RIGHT_LOG_MIN,
)
from game.ui.sandbox_palette import FigurePalette
from game.ui.sandbox_panels import SandboxPanels
from game.ui.side_panel import blank
from rules.engine import catalogue
from rules.hexgrid import Hex
from rules.wording import Words


class SandboxScene(SandboxDialogs, SandboxPanels, SandboxExports, SandboxChase):
    def __init__(self, app: Any, sandbox: Sandbox, on_exit: Any = None) -> None:
        self.app = app
        self.sb = sandbox
        self.on_exit = on_exit
        self.selected: str | None = None
        self.target: str | None = None
        self.hover: Hex | None = None
        self.drag: tuple[str, tuple[int, int]] | None = None
        self.dragging = False
        self.place_template: str | None = None
        self.place_side: str | None = None  # the side menu's choice (a side's name)
        self.overlays_on: dict[str, Any] = {"threat": None}
        self.message = ""
        # What the map lacked of Flank's properties and was filled in (someone else's map):
        # shown above the log until the GM saves it as a scenario.
        self.notice = " ".join(getattr(sandbox.scenario, "warnings", ()) or ())
        self.edit_window: UIWindow | None = None
        self.edit_entries: dict[str, Any] = {}
        self.rulings_window: UIWindow | None = None
        self.widgets: list[Any] = []
        self._timeline_key: tuple = ()
        self._view_key: tuple = ()
        self.palette_sprites = FigureSprites()  # the palette's figures, kept across rebuilds
        self._setup_view()
        self.build()
        self.sb.listeners.append(lambda _sb: self._changed())

    # --- building -------------------------------------------------------------------------

    def _setup_view(self) -> None:
        sc = self.sb.scenario
        w, h = self.app.size
        orientation = getattr(sc, "orientation", "pointy")
        size = hex_size_for(sc) if sc is not None else (22.0, 22.0)
        self.camera = Camera(orientation=orientation, hex_size=size,
                             screen=(w - LEFT - RIGHT, h))
        self.view = BoardView(self.sb.state, self.camera, painter_for(sc) if sc else None)
        self.view.hex_labels = bool(self.app.settings.get("hex_labels", False))
        self.view.fit(self.sb.state)

    def build(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        ui = self.app.ui
        w, h = self.app.size
        left = UIPanel(pygame.Rect(0, 0, LEFT, h), manager=ui)
        right = UIPanel(pygame.Rect(w - RIGHT, 0, RIGHT, h), manager=ui)
        self.widgets += [left, right]
        self.left, self.right = left, right
        y = 4
        UILabel(pygame.Rect(4, y, LEFT - 12, 24), "GM sandbox", ui, container=left,
                object_id="#tracker")
        y += 28
        names = [name for _, name, _ in catalogue()]
        current = next(n for rid, n, _ in catalogue() if rid == self.sb.ruleset.id)
        self.ruleset_menu = UIDropDownMenu(names, current, pygame.Rect(4, y, LEFT - 12, 28), ui,
                                           container=left)
        y += 32
        words = Words.of(self.sb.state)
        # The palette's side by its name; what is placed needs the id behind it.
        self.side_ids = {words.side(s.id): s.id for s in self.sb.state.sides}
        sides = list(self.side_ids)
        if self.place_side not in sides:
            self.place_side = sides[0]
        self.side_menu = UIDropDownMenu(sides, self.place_side,
                                        pygame.Rect(4, y, LEFT - 12, 28), ui,
                                        container=left)
        y += 32
        self.palette_items = self.sb.palette()
        self.palette = FigurePalette(ui, left, pygame.Rect(4, y, LEFT - 12, PALETTE_H),
                                     self.sb.ruleset, self.palette_items, self._side_colour())
        self.palette.choose(self.place_template if any(
            p.template == self.place_template for p in self.palette_items) else None)
        y += PALETTE_H + 4
        half = (LEFT - 16) // 2
        self.undo_b = UIButton(pygame.Rect(4, y, half, 28), "Undo", ui, container=left)
        self.redo_b = UIButton(pygame.Rect(8 + half, y, half, 28), "Redo", ui, container=left)
        y += 32
        self.restart_b = UIButton(pygame.Rect(4, y, half, 28), "Play from here", ui,
                                  container=left)
        self.rulings_b = UIButton(pygame.Rect(8 + half, y, half, 28), "Rulings…", ui,
                                  container=left)
        y += 32
        self.tmx_b = UIButton(pygame.Rect(4, y, half, 28), "Export .tmx", ui, container=left)
        self.png_b = UIButton(pygame.Rect(8 + half, y, half, 28), "Export PNG", ui,
                              container=left)
        y += 32
        self.md_b = UIButton(pygame.Rect(4, y, LEFT - 12, 28), "Export transcript (.md)", ui,
                             container=left)
        y += 32
        self.scenario_b = UIButton(pygame.Rect(4, y, LEFT - 12, 28), "Save as scenario", ui,
                                   container=left, tool_tip_text=SAVE_TIP)
        y += 34
        self.chase_b = None  # where the ruleset has a chase mode (Enchanted Realms)
        if self.sb.can_chase:
            self.chase_b = UIButton(pygame.Rect(4, y, LEFT - 12, 28), "Start a chase…", ui,
                                    container=left, tool_tip_text=CHASE_TIP)
            y += 32
        UILabel(pygame.Rect(4, y, LEFT - 12, 22), "Timeline", ui, container=left)
        y += 24
        self.timeline = UISelectionList(pygame.Rect(4, y, LEFT - 12, h - y - 10), [], ui,
                                        container=left)
        self._timeline_key = ()
        inner = RIGHT - 12
        # The right column: card, buttons, steps, chart, dice, comparison, log; the three
        # text boxes give way on a short window so that the log stays in it.
        card_h, steps_h, compare_h = stack_heights(
            h - RIGHT_FIXED_H - RIGHT_LOG_MIN, (150, 230, 150), (80, 100, 70))
        self.card = UITextBox("", pygame.Rect(4, 4, inner, card_h), ui, container=right)
        y = 4 + card_h + 4
        self.edit_b = UIButton(pygame.Rect(4, y, inner // 2 - 2, CARD_BUTTON_H), "Edit figure…",
                               ui, container=right)
        self.back_b = UIButton(pygame.Rect(inner // 2 + 6, y, inner // 2 - 2, CARD_BUTTON_H),
                               "Menu", ui, container=right)
        y += CARD_BUTTON_H + 4
        self.steps = UITextBox("", pygame.Rect(4, y, inner, steps_h), ui, container=right)
        y += steps_h + 4
        self.chart_rect = pygame.Rect(4, y, inner, CHART_H)
        self.chart = UIImage(self.chart_rect, blank(self.chart_rect.size), ui, container=right)
        y += CHART_H + 4
        self.dice_entry = UITextEntryLine(pygame.Rect(4, y, inner // 3, DICE_H), ui,
                                          container=right, placeholder_text="dice: 12, 5")
        third = inner // 3
        self.roll_b = UIButton(pygame.Rect(8 + third, y, third - 4, DICE_H), "Roll", ui,
                               container=right)
        self.reroll_b = UIButton(pygame.Rect(8 + 2 * third, y, third - 4, DICE_H), "Re-roll",
                                 ui, container=right)
        y += DICE_H + 4
        self.compare = UITextBox("", pygame.Rect(4, y, inner, compare_h), ui, container=right)
        y += compare_h + 4
        self.log = UITextBox(HELP, pygame.Rect(4, y, inner, max(RIGHT_LOG_MIN, h - y - 10)),
                             ui, container=right)
        self._view_key = ()

    def _side_id(self) -> str:
        """The id of the side the palette places for (the side menu shows its name)."""
        side = self.place_side or ""
        return self.side_ids.get(side, side)

    def _side_colour(self) -> tuple[int, int, int]:
        ids = [s.id for s in self.sb.state.sides]
        side = self._side_id()
        return side_colour(ids.index(side) if side in ids else 0)

    def resize(self) -> None:
        w, h = self.app.size
        self.camera.screen = (w - LEFT - RIGHT, h)
        self.build()

    def close(self) -> None:
        for w in self.widgets + [self.edit_window, self.rulings_window, self.chase_window]:
            if w is not None:
                w.kill()

    # --- reacting -------------------------------------------------------------------------

    def _changed(self) -> None:
        self._view_key = ()

    def _do(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Call the sandbox; a refusal is shown as the message, never raised."""
        try:
            out = fn(*args, **kwargs)
        except SandboxError as exc:
            self.message = f"Not allowed: {exc}"
            self._view_key = ()
            return None
        self.message = ""
        self._view_key = ()
        return out

    def _unit_at(self, pos: tuple[int, int]) -> Any:
        h = self.camera.hex_at(pos[0] - LEFT, pos[1])
        u = self.sb.state.unit_at(h)
        return h, u

    def _on_board(self, pos: tuple[int, int]) -> bool:
        return LEFT <= pos[0] < self.app.size[0] - RIGHT

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self.resize()
            return None
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(e.ui_element)
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self._selection(e.ui_element, e.text)
            return None
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.ruleset_menu:
            rid = next(r for r, n, _ in catalogue() if n == e.text)
            report = self._do(self.sb.switch_ruleset, rid)
            if report is not None and not report.complete:
                self.message = " · ".join(report.lines())
            self._after_switch()
            return None
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.side_menu:
            self.place_side = e.text
            self.palette.set_colour(self._side_colour())
            return None
        if e.type == pygame_gui.UI_WINDOW_CLOSE:
            if e.ui_element is self.edit_window:
                self.edit_window = None
            if e.ui_element is self.rulings_window:
                self.rulings_window = None
            if e.ui_element is self.chase_window:
                self.chase_window = None
            return None
        if e.type == pygame.KEYDOWN:
            return self._key(e)
        if e.type == pygame.MOUSEMOTION:
            if self._on_board(e.pos):
                self.hover = self.camera.hex_at(e.pos[0] - LEFT, e.pos[1])
                if self.drag is not None and abs(e.pos[0] - self.drag[1][0]) + abs(
                        e.pos[1] - self.drag[1][1]) > 6:
                    self.dragging = True
            else:
                self.hover = None
            self._view_key = ()
        elif e.type == pygame.MOUSEWHEEL and self.hover is not None:
            x, y = pygame.mouse.get_pos()
            self.camera.zoom_by(1 if e.y > 0 else -1, (x - LEFT, y))
            self._view_key = ()
        elif e.type == pygame.MOUSEBUTTONDOWN and self._on_board(e.pos) and e.button == 1:
            _h, u = self._unit_at(e.pos)
            self.drag = (u.id, e.pos) if u is not None else None
            self.dragging = False
        elif e.type == pygame.MOUSEBUTTONUP and self._on_board(e.pos):
            self._release(e)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            picked = self.palette.pick_at(e.pos)
            if picked is not None:
                self.place_template = picked
                self.palette.choose(picked)
        return None

    def _release(self, e: pygame.event.Event) -> None:
        h, u = self._unit_at(e.pos)
        if e.button == 3:
            if u is not None:
                self.target = u.id
                self._view_key = ()
            return
        if e.button != 1:
            return
        if self.drag is not None and self.dragging:
            uid = self.drag[0]
            self._do(self.sb.move, uid, h)
        elif u is not None:
            self.selected = u.id
            self._view_key = ()
        elif self.place_template is not None and h in self.sb.state.board:
            entry = self._do(self.sb.place, self.place_template, self._side_id(), h, 0)
            if entry is not None:
                self.selected = entry.subject
        self.drag = None
        self.dragging = False

    def _key(self, e: pygame.event.Event) -> Any:
        if self._typing():
            return None
        ctrl = e.mod & pygame.KMOD_CTRL
        if e.key == pygame.K_ESCAPE:
            if self.place_template is not None:
                self.place_template = None
                self.palette.choose(None)
                return None
            return self.leave()
        if ctrl and e.key == pygame.K_z:
            self._do(self.sb.undo)
        elif ctrl and e.key == pygame.K_y:
            self._do(self.sb.redo)
        elif e.key in (pygame.K_q, pygame.K_e) and self.selected:
            self._do(self.sb.rotate, self.selected, 1 if e.key == pygame.K_q else -1)
        elif e.key in (pygame.K_DELETE, pygame.K_BACKSPACE) and self.selected:
            if self._do(self.sb.delete, self.selected) is not None:
                self.selected = None
        elif e.key == pygame.K_t:
            self._cycle_threat()
        elif e.key == pygame.K_l:  # the hexes' labels, as the log names them (as in a battle)
            self.view.hex_labels = not self.view.hex_labels
            self.app.settings["hex_labels"] = self.view.hex_labels
        elif e.key in OVERLAY_KEYS:
            name = OVERLAY_KEYS[e.key]
            self.overlays_on[name] = not self.overlays_on.get(name)
        elif e.key in (pygame.K_PLUS, pygame.K_EQUALS):
            self.camera.zoom_by(1)
        elif e.key == pygame.K_MINUS:
            self.camera.zoom_by(-1)
        self._view_key = ()
        return None

    def _typing(self) -> bool:
        """A text line has the keyboard (the dice, a field of the figure edit, the Rulings
        box): its keys are typing, not the board's shortcuts (Backspace deletes a letter,
        not the figure)."""
        entries = [self.dice_entry, *(w for w, _ in self.edit_entries.values())]
        if self.rulings_window is not None:
            entries += [self.rulings_key, self.rulings_value]
        return any(isinstance(x, UITextEntryLine) and x.is_focused for x in entries)

    def _cycle_threat(self) -> None:
        """T: threat overlay off → each side in turn → every side → off."""
        sides = [s.id for s in self.sb.state.sides]
        order: list[Any] = [None, *sides, "all"]
        now = self.overlays_on.get("threat")
        self.overlays_on["threat"] = order[(order.index(now) + 1) % len(order)] if (
            now in order) else None

    def _selection(self, element: Any, text: str) -> None:
        if element is self.timeline:
            items = self.sb.timeline()
            labels = [self._timeline_label(i) for i in items]
            text = whole_item(self.timeline, text)
            if text in labels:
                self._do(self.sb.goto, items[labels.index(text)].position)
        elif self.rulings_window is not None and element is self.rulings_list:
            key = text.split(" = ")[0]
            self.rulings_key.set_text(key)
            value = next((r.value for r in self.sb.rulings() if r.key == key), "")
            self.rulings_value.set_text(str(value))

    def _button(self, element: Any) -> Any:
        sel, tgt = self.selected, self.target
        if element is self.undo_b:
            self._do(self.sb.undo)
        elif element is self.redo_b:
            self._do(self.sb.redo)
        elif element is self.restart_b:
            self._do(self.sb.restart_play)
        elif element is self.back_b:
            return self.leave()
        elif element is self.rulings_b:
            self._open_rulings()
        elif element is self.edit_b and sel:
            self._open_edit(sel)
        elif element is self.roll_b and sel and tgt:
            dice = self._dice()
            if dice is not False:
                self.last_view = self._do(self.sb.roll_exchange, sel, tgt, dice)
        elif element is self.reroll_b:
            self.last_view = self._do(self.sb.reroll)
        elif element in (self.tmx_b, self.png_b, self.md_b):
            self._export(element)
        elif element is self.scenario_b:
            self._save_scenario()
        elif self.chase_b is not None and element is self.chase_b:
            self._open_chase(sel)
        elif self.chase_window is not None and element is self.chase_go:
            return self._run_chase()
        elif self.edit_window is not None and element is self.edit_save:
            self._save_edit()
        elif self.rulings_window is not None and element is self.rulings_set:
            self._do(self.sb.override, self.rulings_key.get_text(),
                     parse_typed(self.rulings_value.get_text()))
            self._refresh_rulings()
        return None

    def _dice(self) -> list[int] | bool | None:
        text = self.dice_entry.get_text().strip()
        if not text:
            return None
        try:
            return [int(x) for x in text.replace(",", " ").split()]
        except ValueError:
            self.message = f"dice must be whole numbers like 12, 5 — not {text!r}"
            return False

    def _after_switch(self) -> None:
        labels = self.view.hex_labels
        self.view = BoardView(self.sb.state, self.camera, self.view.terrain.painter)
        self.view.hex_labels = labels
        if self.selected and not self.sb.state.has_unit(self.selected):
            self.selected = None
        if self.target and not self.sb.state.has_unit(self.target):
            self.target = None
        self.build()

    def leave(self) -> Any:
        self.close()
        return self.on_exit() if self.on_exit else None

    # --- every frame ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        keys = pygame.key.get_pressed()
        step = 900 * dt
        if not self._typing():
            self.camera.pan((keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * step,
                            (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * step)
        self.palette.update()
        tip_items(self.timeline)
        key = (self.sb.position, self.selected, self.target, self.message, len(self.sb.entries))
        if key != self._view_key:
            self._view_key = key
            self._refresh_panels()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((18, 18, 22))
        w, h = self.app.size
        board = surf.subsurface(pygame.Rect(LEFT, 0, w - LEFT - RIGHT, h))
        self.view.draw(board, self.sb.state, self.overlays(), self.selected,
                       frozenset({self.target}) if self.target else frozenset())
