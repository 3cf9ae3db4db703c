"""The battle in the window: board, side panel, input, hand-over and end screens.

Input handlers turn a click or a key into one of the legal commands the rules offered (see
`game.choices`), hand it to the turn manager, and animate the events that come back.  Drawing
never changes the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from game.choices import Choices, index
from game.render.animation import Animator
from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.overlays import Overlays
from game.render.terrain import TilePainter
from game.turns import TurnManager
from game.ui.battle_panels import BattlePanels
from game.ui.handover import HandoverCover
from game.ui.help import controls_html
from game.ui.log_box import LOG_LINES, their_last_move
from game.ui.markup import escape
from game.ui.narration import end_words, event_html
from game.ui.play_scene import PlayScene
from game.ui.side_panel import WIDTH, SidePanel
from rules.commands import Command, Pass
from rules.engine import ruleset_of
from rules.events import Event
from rules.hexgrid import Hex
from rules.positioning import facing_toward
from rules.wording import Words

EDGE = 10  # pixels from the screen edge that pan the board
PAN_SPEED = 900.0  # pixels a second


@dataclass
class ViewOptions:
    threat: bool = False
    reach: bool = False
    arcs: bool = False


class BattleScene(PlayScene, BattlePanels):
    side_width = WIDTH

    def __init__(self, app: Any, tm: TurnManager, title: str = "",
                 painter: TilePainter | None = None, orientation: str = "pointy",
                 hex_size: tuple[float, float] = (22.0, 22.0),
                 on_exit: Callable[[], Any] | None = None, writer: Any = None,
                 undo: Any = None) -> None:
        super().__init__(app, tm, title, on_exit, writer, undo)
        self.ruleset = ruleset_of(tm.state)
        w, h = app.size
        self.camera = Camera(orientation=orientation, hex_size=hex_size,
                             screen=(w - WIDTH, h))
        self.view = BoardView(tm.state, self.camera, painter)
        self.view.hex_labels = bool(app.settings.get("hex_labels", False))
        self.view.fit(tm.state)
        self.anim = Animator(tm.state, self.camera, speed=app.settings.get("anim_speed", 1.0))
        self.panel = SidePanel(app.ui, (w, h))
        self.options = ViewOptions()
        self.selected: str | None = None
        self.hover: Hex | None = None
        self.drag_from: tuple[int, int] | None = None
        self.mouse: tuple[int, int] | None = None  # last position the window saw
        self._log_dirty = True
        self._overlay_key: tuple = ()
        self._overlay = Overlays()
        self.dragged = False
        self._choices_key: tuple[int, bool] = (-1, False)
        self._choices = Choices()
        self._end_buttons: dict[Any, str] = {}
        self._refresh_log()

    # --- the turn manager's side ----------------------------------------------------------

    def _on_events(self, events: tuple[Event, ...]) -> None:
        super()._on_events(events)
        self._refresh_log()

    def _refresh_log(self) -> None:
        """Mark the log for redrawing; `_draw_log` does it once a frame, since laying out
        the text is the dearest thing the panel does."""
        self._log_dirty = True

    def _draw_log(self) -> None:
        """The log oldest first, as the viewer may see it, with the first line of the other
        side's last move kept in view (log_box)."""
        self._log_dirty = False
        viewer = self.viewer
        events = self.tm.visible_events(viewer) if viewer else self.tm.events
        names = Words.of(self.tm.state)
        newest: list[tuple[int, str]] = []
        for e in reversed(events):  # only the lines the panel will show
            line = event_html(e, names)
            if line:
                newest.append((id(e), line))
                if len(newest) >= LOG_LINES:
                    break
        newest.reverse()
        theirs = their_last_move(self.tm, viewer, {i for i, _ in newest})
        keep = next((n for n, (i, _) in enumerate(newest) if i in theirs), None)
        lines = [line for _, line in newest]
        if self.message:
            lines.append(f"<font color='#ff6060'>{self.message}</font>")
        self.panel.set_log(lines, keep)

    def _ready_for_input(self) -> bool:
        seat = self.tm.waiting_on
        return (seat is not None and seat.human and not self.anim.busy
                and self.tm.handover_pending is None)

    def choices(self) -> Choices:
        state = self.tm.state
        ready = self._ready_for_input()
        key = (state.events_applied, ready)
        if self._choices_key != key:
            self._choices_key = key
            self._choices = index(state, self.tm.legal) if ready else Choices()
            actors = self._choices.actors()
            if self.selected not in actors:
                self.selected = actors[0] if actors else None
        return self._choices

    def submit(self, cmd: Command) -> None:
        self.stop_picking()
        self.close_ready()
        super().submit(cmd)
        self._refresh_log()

    def move_save(self, folder: Any) -> None:
        super().move_save(folder)
        self._refresh_log()

    # --- events ---------------------------------------------------------------------------

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self.resize(self.app.size)
            return None
        answered, nxt = self.answer_to_leave(e)
        if answered:
            return nxt
        if e.type in (pygame_gui.UI_BUTTON_ON_HOVERED, pygame_gui.UI_BUTTON_ON_UNHOVERED):
            self.picker_event(e)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(e.ui_element)
        if e.type == pygame.KEYDOWN:
            return self._key(e)
        if e.type == pygame.WINDOWLEAVE:
            self.mouse = None
        if self.help is not None or self.cover is not None or self.end_panel is not None:
            return None
        if e.type == pygame.MOUSEMOTION:
            self._motion(e)
        elif e.type == pygame.MOUSEWHEEL:
            if not self.panel.contains(pygame.mouse.get_pos()):
                self.camera.zoom_by(1 if e.y > 0 else -1, pygame.mouse.get_pos())
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if not self.panel.contains(e.pos):
                self.drag_from, self.dragged = e.pos, False
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            if self.drag_from is not None and not self.dragged:
                self._click(e.pos, shift=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            self.drag_from = None
        elif (e.type == pygame.MOUSEBUTTONUP and e.button == 3
              and not self.panel.contains(e.pos)):
            self._face_towards(self.camera.hex_at(*e.pos))
        return None

    def _button(self, element: Any) -> Any:
        if self.cover is not None and self.cover.owns(element):
            self.tm.acknowledge_handover()
            self._hide_cover()
            self._choices_key = (-1, False)
            self._refresh_log()
            return None
        if element in self._end_buttons:
            what = self._end_buttons[element]
            if what == "menu":
                return self.leave()
            if what == "quit":
                self.app.running = False
            return None
        if self.panel.turn_page(element):
            return None
        cmd = self.panel.command_for(element)
        if cmd is not None and self._ready_for_input() and not self.ready_click(cmd):
            self.submit(cmd)
        return None

    def _key(self, e: pygame.event.Event) -> Any:
        if e.key == pygame.K_F1:
            self._toggle_help()
            return None
        if e.key == pygame.K_ESCAPE:
            if self.help is not None:
                self._toggle_help()
                return None
            if self.stop_picking() or self.stop_readying():
                return None
            return self.ask_to_leave()
        if e.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_by(1)
        elif e.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_by(-1)
        elif e.key == pygame.K_t:
            self.options.threat = not self.options.threat
        elif e.key == pygame.K_r:
            self.options.reach = not self.options.reach
        elif e.key == pygame.K_a:
            self.options.arcs = not self.options.arcs
        elif e.key == pygame.K_l:  # the hexes' labels, as the log names them; remembered
            self.view.hex_labels = not self.view.hex_labels
            self.app.settings["hex_labels"] = self.view.hex_labels
        elif e.key in (pygame.K_z, pygame.K_y) and e.mod & pygame.KMOD_CTRL:
            self._undo(redo=e.key == pygame.K_y)
        elif e.key == pygame.K_f:
            speed = {1.0: 2.0, 2.0: 4.0}.get(self.anim.speed, 1.0)
            self.anim.speed = speed
            self.app.settings["anim_speed"] = speed
        elif e.key == pygame.K_SPACE and self.anim.busy:
            self.anim.skip()  # show the rest of what is moving at once
        elif not self._ready_for_input():
            return None
        elif e.key == pygame.K_TAB:
            actors = self.choices().actors()
            if actors:
                i = actors.index(self.selected) + 1 if self.selected in actors else 0
                self.selected = actors[i % len(actors)]
                self.stop_picking()
        elif e.key == pygame.K_SPACE and self.selected:
            cmd = Pass(unit=self.selected)
            if cmd in self.choices().for_unit(self.selected).buttons:
                self.submit(cmd)
        elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            end = self.choices().end_phase
            if end is not None:
                self.submit(end)
        elif e.key in (pygame.K_q, pygame.K_e) and self.selected:
            u = self.tm.state.unit(self.selected)
            facing = (u.facing + (1 if e.key == pygame.K_q else -1)) % 6
            turn = self.choices().for_unit(self.selected).turns.get(facing)
            if turn is not None:
                self.submit(turn)
        return None

    def _motion(self, e: pygame.event.Event) -> None:
        self.mouse = e.pos
        if self.drag_from is not None and pygame.mouse.get_pressed()[0]:
            dx, dy = e.rel
            if self.dragged or abs(e.pos[0] - self.drag_from[0]) + abs(
                    e.pos[1] - self.drag_from[1]) > 6:
                self.dragged = True
                self.camera.pan(-dx, -dy)
        if self.panel.contains(e.pos):
            self.hover = None
        else:
            h = self.camera.hex_at(*e.pos)
            self.hover = h if h in self.tm.state.board else None

    def _click(self, pos: tuple[int, int], shift: bool) -> None:
        if not self._ready_for_input():
            return
        h = self.camera.hex_at(*pos)
        state = self.tm.state
        ch = self.choices()
        who = state.unit_at(h)
        if self.selected:
            uc = ch.for_unit(self.selected)
            if self.declare_click(uc, who, h):
                return
            if who is not None and who.id in uc.targets():
                self.submit(self._target_command(uc, who.id, shift))
                return
            if h in uc.moves:
                self.submit(uc.moves[h])
                return
        if who is not None and who.id in ch.actors():
            self.selected = who.id

    def _target_command(self, uc: Any, target: str, shift: bool) -> Command:
        if target in uc.charges:
            return uc.charges[target]
        if target in uc.attacks:
            variants = uc.attacks[target]
            subdue = [a for a in variants if "subdual" in a.options]
            plain = [a for a in variants if "subdual" not in a.options]
            return (subdue or plain)[0] if shift else (plain or subdue)[0]
        if target in uc.casts:
            return uc.casts[target][0]
        return uc.items[target][0]

    def _face_towards(self, h: Hex) -> None:
        if not self._ready_for_input() or not self.selected:
            return
        u = self.tm.state.unit(self.selected)
        if u.pos is None or h == u.pos:
            return
        turn = self.choices().for_unit(self.selected).turns.get(facing_toward(u.pos, h))
        if turn is not None:
            self.submit(turn)

    def _undo(self, redo: bool = False) -> None:
        """Undo (or redo) a step: a move in the log's position, never a deletion; undo reaches
        back only to the last roll of the dice unless the scenario allows more."""
        if self.undo is None or self.anim.busy:
            return
        if redo and not self.undo.can_redo:
            self.message = "Nothing to redo."
        elif not redo and not self.undo.can_undo:
            self.message = self.undo.why_not_undo() or "Nothing to undo."
        else:
            self.undo.redo() if redo else self.undo.undo()
            self.tm = self.undo.apply(self.tm)
            self.anim.reset(self.tm.state)
            self._choices_key = (-1, False)
            self._overlay_key = ()
            self.message = "Redone." if redo else "Undone."
        self._refresh_log()

    # --- screens over the board -----------------------------------------------------------

    def help_html(self) -> str:
        return controls_html()

    def _show_cover(self, name: str) -> None:
        if self.cover is None:
            self.cover = HandoverCover(self.app.ui, self.app.size, name)

    @property
    def _cover_button(self) -> UIButton | None:
        """The hand-over cover's "I am …" button, while it is up."""
        return None if self.cover is None else self.cover.button

    def _show_end(self) -> None:
        if self.end_panel is not None:
            return
        assert self.tm.outcome is not None
        w, h = self.app.size
        self.end_panel = UIPanel(pygame.Rect(w // 2 - 300, h // 2 - 150, 600, 300),
                                 starting_height=30, manager=self.app.ui)
        head, body = end_words(self.tm.state)
        self.end_headline = head
        UITextBox(f"<font size=6><b>{escape(head)}</b></font><br><br>"
                  + escape(body).replace("\n", "<br>"),
                  pygame.Rect(10, 10, 580, 180), self.app.ui, container=self.end_panel)
        menu = UIButton(pygame.Rect(60, 220, 220, 44), "Back to the menu", self.app.ui,
                        container=self.end_panel)
        quit_ = UIButton(pygame.Rect(320, 220, 220, 44), "Quit", self.app.ui,
                         container=self.end_panel)
        self._end_buttons = {menu: "menu", quit_: "quit"}

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.camera.screen = (w - WIDTH, h)
        self.panel.kill()
        self.panel = SidePanel(self.app.ui, size)
        self._refresh_log()
        if self.cover is not None:
            seat = self.tm.handover_pending
            self._hide_cover()
            if seat is not None:
                self._show_cover(seat.name)

    # --- every frame ----------------------------------------------------------------------

    def update(self, dt: float) -> Any:
        self.saving.update()
        if self._log_dirty:
            self._draw_log()
        self.anim.update(dt)
        self._edge_pan(dt)
        if self.tm.handover_pending is not None and not self.anim.busy:
            self._show_cover(self.tm.handover_pending.name or self.tm.handover_pending.side)
        seat = self.tm.waiting_on
        if (seat is not None and not seat.human and not self.anim.busy
                and not self.waiting_for_answer):  # the computer waits for the answer
            self.tm.step()
        if self.tm.is_over and not self.anim.busy:
            self._show_end()
        self._update_panel()
        return self.follow_the_board(  # a chase opened on the map (ER-21): its own screen
            painter=self.view.terrain.painter, orientation=self.camera.orientation,
            hex_size=self.camera.hex_size)

    def _edge_pan(self, dt: float) -> None:
        if self.cover is not None or self.waiting_for_answer:
            return
        step = PAN_SPEED * dt
        bw, bh = self.camera.screen
        if self.mouse is not None and pygame.mouse.get_focused():
            x, y = self.mouse
            if x < bw:
                if x < EDGE:
                    self.camera.pan(-step, 0)
                elif x > bw - EDGE:
                    self.camera.pan(step, 0)
                if y < EDGE:
                    self.camera.pan(0, -step)
                elif y > bh - EDGE:
                    self.camera.pan(0, step)
        keys = pygame.key.get_pressed()
        self.camera.pan((keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * step,
                        (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * step)

    def draw(self, surf: pygame.Surface) -> None:
        if self.cover is not None:
            HandoverCover.draw_backdrop(surf)
            return
        state = self.anim.shown if self.anim.busy else self.tm.state
        board = surf.subsurface(pygame.Rect(0, 0, *self.camera.screen))
        acting = frozenset(self.choices().actors())
        self.view.draw(board, state, self.overlays(state), self.selected, acting,
                       self.anim.position, self.anim.draw_effects, motion=self.anim.motion)
