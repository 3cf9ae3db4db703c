"""The GM sandbox on the mass-combat grid, in the window (ZEF-58..80).

`flank sandbox maps/mass/border_battle.tmx` opens this scene: the sandbox finds its scene by
the board kind of the battle (entry points ``flank.sandboxes``), as play finds its scene.
Everything the GM does goes through `game.sandbox.mass.MassSandbox` (headless, tested on its
own); this scene turns clicks and keys into its calls and draws its answers with the mass
battle's own view (`game.render.mass_view`).

    left panel   the side to place for, the troop palette, undo / redo, fight the round,
                 the next stage of it, rulings, the transcript, the timeline
    grid         click an empty square to place the palette's troop (or, with no troop
                 chosen, to set the selected unit there); click a unit to select it;
                 right-click: the selected unit advances there (an empty square next to
                 it) or shoots at it (an enemy unit); Q/E turn it; Delete removes it;
                 the commander: click his square (a second click where he stands with a
                 unit), click a square to set him there, right-click one to ride to it
    right panel  the unit's card, Edit…, its order for the round (Attack, Defend, Shoot,
                 Withdraw; N/E/S/W), and what the position now shows, in the log's words

Over 400 lines because the widget tree is built and its events routed in one place, as in
the hex sandbox's scene; what can stand apart already does (mass_sandbox_dialogs, the
dialogs; mass_sandbox_words, what the panels say).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from game.render.mass_animation import MassAnimator
from game.render.mass_view import MassView, picture_of
from game.sandbox.common import SandboxError
from game.sandbox.mass import MassSandbox
from game.ui.layout import fit_items, tip_items, whole_item
from game.ui.markup import escape
from game.ui.mass_sandbox_dialogs import MassSandboxDialogs
from game.ui.mass_sandbox_duels import MassSandboxDuels
from game.ui.mass_sandbox_words import MassSandboxWords
from game.ui.narration import event_html
from rules.hexgrid import Hex
from rules.systems.zefrs.mass.grid import FACING_WORDS, adjacent
from rules.systems.zefrs.mass.orders import MassOrder, square_key
from rules.systems.zefrs.mass.units import MassUnit

LEFT, RIGHT = 260, 380
HELP = ("<b>Grid sandbox</b>: pick a troop, click an empty square to place it · click a unit "
        "to select it · with no troop picked, click an empty square to set the unit there · "
        "Q/E turn · Delete removes · give each unit its order (the others defend) · "
        "right-click a square next to it to advance there, an enemy to shoot at it · "
        "the commander: click his square (twice where he stands with a unit), right-click "
        "where he rides · Duels… sets each duelling leader's blow or defence (ZEF-70) · "
        "Enter fights the round, Space shows its next stage · Ctrl+Z / Ctrl+Y undo, redo")


class MassSandboxScene(MassSandboxDialogs, MassSandboxDuels, MassSandboxWords):
    def __init__(self, app: Any, sandbox: MassSandbox, on_exit: Any = None) -> None:
        self.app = app
        self.sb = sandbox
        self.on_exit = on_exit
        self.selected = ""
        self.troop: str | None = None
        self.message = ""
        self.edit_window = None
        self.rulings_window = None
        self.duels_window = None
        self.edit_entries = {}
        self.view = MassView()
        self.anim = MassAnimator(sandbox.state, speed=app.settings.get("anim_speed", 1.0))
        self.widgets: list[Any] = []
        self._key: tuple = ()
        self._shown_position = sandbox.position
        self.build()

    # --- building ---------------------------------------------------------------------------
    def build(self) -> None:
        for w in self.widgets:
            w.kill()
        ui = self.app.ui
        w, h = self.app.size
        left = UIPanel(pygame.Rect(0, 0, LEFT, h), manager=ui)
        right = UIPanel(pygame.Rect(w - RIGHT, 0, RIGHT, h), manager=ui)
        self.widgets = [left, right]
        inner = LEFT - 12
        UILabel(pygame.Rect(4, 4, inner, 24), "GM sandbox: mass battle", ui, container=left,
                object_id="#tracker")
        words = self.sb.words()
        self.side_ids = {words.side(s.id): s.id for s in self.sb.state.sides}
        names = list(self.side_ids)
        self.place_side = getattr(self, "place_side", names[0])
        if self.place_side not in names:
            self.place_side = names[0]
        self.side_menu = UIDropDownMenu(names, self.place_side, pygame.Rect(4, 32, inner, 28),
                                        ui, container=left)
        self.troop_names = {name: key for key, name in self.sb.troops()}
        self.palette = UISelectionList(pygame.Rect(4, 64, inner, 150), list(self.troop_names),
                                       ui, container=left)
        y = 218
        half = (inner - 4) // 2
        self.undo_b = UIButton(pygame.Rect(4, y, half, 28), "Undo", ui, container=left)
        self.redo_b = UIButton(pygame.Rect(8 + half, y, half, 28), "Redo", ui, container=left)
        y += 32
        self.fight_b = UIButton(pygame.Rect(4, y, inner, 28), "Fight the round (Enter)", ui,
                                container=left)
        y += 32
        self.next_b = UIButton(pygame.Rect(4, y, inner, 28), "Next stage (Space)", ui,
                               container=left)
        y += 32
        self.rulings_b = UIButton(pygame.Rect(4, y, half, 28), "Rulings…", ui, container=left)
        self.md_b = UIButton(pygame.Rect(8 + half, y, half, 28), "Transcript", ui,
                             container=left)
        y += 32
        self.png_b = UIButton(pygame.Rect(4, y, half, 28), "Picture", ui, container=left)
        self.back_b = UIButton(pygame.Rect(8 + half, y, half, 28), "Menu", ui,
                               container=left)
        y += 32
        self.duels_b = UIButton(pygame.Rect(4, y, inner, 28), "Duels… (the leaders' blows)",
                                ui, container=left)
        y += 36
        UILabel(pygame.Rect(4, y, inner, 22), "Timeline", ui, container=left)
        y += 24
        self.timeline = UISelectionList(pygame.Rect(4, y, inner, max(60, h - y - 8)), [], ui,
                                        container=left)
        rin = RIGHT - 12
        self.card = UITextBox("", pygame.Rect(4, 4, rin, 210), ui, container=right)
        y = 218
        third = (rin - 8) // 3
        self.edit_b = UIButton(pygame.Rect(4, y, third, 28), "Edit…", ui, container=right)
        self.remove_b = UIButton(pygame.Rect(8 + third, y, third, 28), "Remove", ui,
                                 container=right)
        self.help_b = UIButton(pygame.Rect(12 + 2 * third, y, third, 28), "Help", ui,
                               container=right)
        y += 32
        quarter = (rin - 12) // 4
        self.order_b = {o: UIButton(pygame.Rect(4 + i * (quarter + 4), y, quarter, 28),
                                    o.capitalize(), ui, container=right)
                        for i, o in enumerate(("attack", "defend", "shoot", "withdraw"))}
        y += 32
        self.face_b = {i: UIButton(pygame.Rect(4 + i * (quarter + 4), y, quarter, 28),
                                   FACING_WORDS[i].capitalize(), ui, container=right)
                       for i in range(4)}
        y += 32
        self.log = UITextBox(HELP, pygame.Rect(4, y, rin, h - y - 8), ui, container=right)
        self._key = ()

    def close(self) -> None:
        for w in [*self.widgets, self.edit_window, self.rulings_window, self.duels_window]:
            if w is not None:
                w.kill()

    # --- acting -----------------------------------------------------------------------------
    def _do(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Call the sandbox; a refusal is the message (False), never raised."""
        try:
            out = fn(*args, **kwargs)
        except SandboxError as exc:
            self.message = f"Not allowed: {exc}"
            self._key = ()
            return False
        self.message = ""
        self._key = ()
        return True if out is None else out

    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(LEFT, 0, max(1, w - LEFT - RIGHT), h)

    def square_at(self, pos: tuple[int, int]) -> Hex | None:
        r = self.board_rect()
        if not r.collidepoint(pos):
            return None
        return self.view.square_at((pos[0] - r.x, pos[1] - r.y))

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self.build()
            return None
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(e.ui_element)
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if e.ui_element is self.palette:
                self.troop = self.troop_names.get(e.text)
            elif e.ui_element is self.timeline:
                self._goto(e.text)
            elif self.rulings_window is not None and e.ui_element is self.rulings_list:
                self.pick_ruling(e.text)
            elif self.duels_window is not None and e.ui_element is self.duels_list:
                self.pick_duel(e.text)
            return None
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.side_menu:
            self.place_side = e.text
            return None
        if e.type == pygame_gui.UI_WINDOW_CLOSE:
            if e.ui_element is self.edit_window:
                self.edit_window = None
            if e.ui_element is self.rulings_window:
                self.rulings_window = None
            if e.ui_element is self.duels_window:
                self.duels_window = None
            return None
        if e.type == pygame.KEYDOWN:
            return self.on_key(e)
        if e.type == pygame.MOUSEBUTTONUP and e.button in (1, 3):
            sq = self.square_at(e.pos)
            if sq is not None:
                self.anim.skip()
                (self.on_square if e.button == 1 else self.on_right)(sq)
        return None

    def on_button(self, el: Any) -> Any:
        sel = self.selected
        if self.on_duel_button(el):
            return None
        if el is self.undo_b:
            self._do(self.sb.undo)
        elif el is self.redo_b:
            self._do(self.sb.redo)
        elif el is self.fight_b:
            self.fight()
        elif el is self.next_b:
            self.next_stage()
        elif el is self.rulings_b:
            self.open_rulings()
        elif el is self.duels_b:
            self.open_duels()
        elif el is self.md_b:
            self.export_transcript()
        elif el is self.png_b:
            self.export_picture()
        elif el is self.back_b:
            return self.leave()
        elif el is self.help_b:
            self.message = ""
            self.log.set_text(HELP)
        elif self.commanding() and el in (self.edit_b, self.remove_b, *self.order_b.values(),
                                          *self.face_b.values()):
            self.message = ("The commander takes no order: right-click the square he rides "
                            "to, a unit of his there to lead it (ZEF-63).")
        elif el is self.edit_b and sel:
            self.open_edit(sel)
        elif el is self.remove_b and sel:
            if self._do(self.sb.remove, sel):
                self.selected = ""
        elif sel and el in self.order_b.values():
            order = next(o for o, b in self.order_b.items() if b is el)
            self.give(order)
        elif sel and el in self.face_b.values():
            facing = next(i for i, b in self.face_b.items() if b is el)
            self.give(None, facing=facing)
        elif self.edit_window is not None and el is self.edit_save:
            self.save_edit()
        elif self.rulings_window is not None and el is self.rulings_set:
            self.apply_ruling()
        return None

    def on_key(self, e: pygame.event.Event) -> Any:
        if self._typing():
            return None
        ctrl = e.mod & pygame.KMOD_CTRL
        if e.key == pygame.K_ESCAPE:
            if self.troop is not None:
                self.troop = None
                return None
            return self.leave()
        if ctrl and e.key == pygame.K_z:
            self._do(self.sb.undo)
        elif ctrl and e.key == pygame.K_y:
            self._do(self.sb.redo)
        elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.declare_duel() if self.duels_window is not None else self.fight()
        elif e.key == pygame.K_TAB and self.duels_window is not None:
            self.next_duel()
        elif e.key == pygame.K_SPACE:
            self.next_stage()
        elif e.key in (pygame.K_q, pygame.K_e) and self.selected and not self.commanding():
            u = self.sb.state.unit(self.selected)
            self._do(self.sb.face, self.selected, u.facing + (-1 if e.key == pygame.K_q else 1))
        elif e.key in (pygame.K_DELETE, pygame.K_BACKSPACE) and not self.commanding() \
                and self._do(self.sb.remove, self.selected):
            self.selected = ""
        return None

    def _typing(self) -> bool:
        entries = [w for w, _ in self.edit_entries.values()]
        if self.rulings_window is not None:
            entries += [self.rulings_key, self.rulings_value]
        return any(isinstance(x, UITextEntryLine) and x.is_focused for x in entries)

    def on_square(self, sq: Hex) -> None:
        here = self.sb.unit_at(sq)
        cid = self.sb.commander_at(sq)
        if here is not None or cid:  # select; a unit's commander on a second click
            again = here is not None and self.selected == here.id and cid
            self.selected = cid if (here is None or again) else here.id
            self._key = ()
            return
        if self.troop is not None:
            side = self.side_ids.get(self.place_side, self.place_side)
            facing = 0 if side == self.sb.state.sides[0].id else 2
            uid = self._do(self.sb.place, self.troop, side, sq, facing)
            if isinstance(uid, str):
                self.selected = uid
        elif self.commanding():
            self._do(self.sb.set_commander, self.selected, sq)
        elif self.selected:
            self._do(self.sb.move, self.selected, sq)

    def commanding(self) -> bool:
        """Is the selection a force commander (he rides; he takes no order, ZEF-63)?"""
        st = self.sb.state
        return bool(self.selected) and st.has_unit(self.selected) and not isinstance(
            st.unit(self.selected), MassUnit)

    def on_right(self, sq: Hex) -> None:
        if not self.selected:
            return
        there = self.sb.unit_at(sq)
        if self.commanding():  # he rides there, leading a unit of his own he finds there
            side = self.sb.state.unit(self.selected).side
            lead = there is not None and there.side == side
            self._do(self.sb.ride, self.selected, sq, lead)
            return
        u = self.sb.unit(self.selected)
        if there is not None and there.side != u.side:
            self._do(self.sb.order, u.id, "shoot", u.facing, target=there.id)
        elif there is None and u.pos is not None and adjacent(u.pos, sq):
            self.give(None, to=square_key(sq))

    def give(self, order: str | None, facing: int | None = None, to: str | None = None
             ) -> None:
        """Change the selected unit's order for the round: its kind, its facing or the
        square it advances to, keeping the rest."""
        uid = self.selected
        u = self.sb.unit(uid)
        old = self.sb.drafts.get(uid)
        base = old if isinstance(old, MassOrder) else MassOrder(unit=uid, order="defend",
                                                                facing=u.facing)
        kind = order or base.order
        target = base.target
        if kind == "shoot" and not target:
            self.message = "Right-click the enemy unit to shoot at (ZEF-68)."
            return
        self._do(self.sb.order, uid, kind,
                 u.facing if kind in ("shoot", "withdraw") else
                 (base.facing if facing is None else facing),
                 to=("" if kind in ("shoot", "withdraw") else (base.to if to is None else to)),
                 target=target if kind == "shoot" else "")

    def fight(self) -> None:
        before = self.sb.state
        if self._do(self.sb.fight_round) is not False:
            self._animate(before)

    def next_stage(self) -> None:
        before = self.sb.state
        if self._do(self.sb.next_stage) is not False:
            self._animate(before)

    def _animate(self, before: Any) -> None:
        self.anim.reset(before)
        self.anim.push(list(self.sb.moment.events))
        self._shown_position = self.sb.position

    def _goto(self, label: str) -> None:
        label = whole_item(self.timeline, label)
        labels = self._timeline_labels()
        if label in labels:
            self._do(self.sb.goto, labels.index(label))

    def leave(self) -> Any:
        self.close()
        return self.on_exit() if self.on_exit else None

    # --- every frame ------------------------------------------------------------------------
    def _timeline_labels(self) -> list[str]:
        return [f"{i}. {m.label}" for i, m in enumerate(self.sb.moments)]

    def update(self, dt: float) -> None:
        if self.sb.position != self._shown_position:  # undo, redo, a GM change
            self.anim.reset(self.sb.state)
            self._shown_position = self.sb.position
        self.anim.update(dt)
        tip_items(self.timeline)
        key = (self.sb.position, len(self.sb.moments), self.selected, self.message,
               tuple(sorted((k, str(v)) for k, v in self.sb.drafts.items())))
        if key == self._key:
            return
        self._key = key
        if self.selected and not self.sb.state.has_unit(self.selected):
            self.selected = ""
        self.card.set_text(self.card_html())
        lines = [event_html(e, self.sb.words()) for e in self.sb.moment.events]
        text = "<br>".join(x for x in lines if x) or escape(self.sb.moment.label)
        odds = self.odds_html()
        if odds:
            text = f"{odds}<br><br>{text}"
        if self.message:
            text = f"<font color='#ff6060'>{escape(self.message)}</font><br>{text}"
        self.log.set_text(text)
        fit_items(self.timeline, self._timeline_labels())
        self.duels_again()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((18, 18, 22))
        board = surf.subsurface(self.board_rect())
        pic = picture_of(self.anim.shown if self.anim.busy else self.sb.state, None)
        pic.selected = self.selected
        if not self.anim.busy:  # the orders the GM has given, on the blocks
            drafts = self.sb.drafts
            pic.blocks = [replace(b, order=drafts[b.id].order, facing=drafts[b.id].facing)
                          if isinstance(drafts.get(b.id), MassOrder) else b
                          for b in pic.blocks]
        if self.selected and not self.anim.busy:
            cmd = self.sb.drafts.get(self.selected)
            if isinstance(cmd, MassOrder) and cmd.to:
                pic.highlight[Hex(*map(int, cmd.to.split(",")))] = (255, 255, 255)
            if isinstance(cmd, MassOrder) and cmd.target and self.sb.state.has_unit(cmd.target):
                tpos = self.sb.state.unit(cmd.target).pos
                if tpos is not None:
                    pic.highlight[tpos] = (255, 80, 60)
        if self.anim.banner_left > 0:
            pic.banner, pic.banner_colour = self.anim.banner, (255, 110, 90)
        pic.caption = f"GM sandbox: {self.sb.moment.label}"
        self.view.draw(board, pic, self.anim.moment_floats())


def open_mass_sandbox(app: Any, path: Any, on_exit: Any = None) -> MassSandboxScene:
    """The grid sandbox on a mass-battle map (``flank.sandboxes: grid``); SandboxError if
    the map cannot be a mass battle."""
    return MassSandboxScene(app, MassSandbox.from_map(path), on_exit=on_exit)


__all__ = ["MassSandboxScene", "open_mass_sandbox"]
