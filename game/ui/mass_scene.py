"""The ZeFRS mass battle in the window (ZEF-58..80): the grid of 100-ft squares, the side
panel to place units, give orders and see the odds, the hand-over between two commanders,
and the round played out segment by segment.

Found by the board kind "grid" (entry point ``flank.scenes``) and built like the other
play scenes from a turn manager (game/turns.py) that drives the rules: buttons and clicks
on the grid become the mode's commands (`MassDeploy`, `MassOrder`, `MassLead`), the turn
manager submits them, and the events that come back are shown one after another
(`game.render.mass_animation`) on the grid (`game.render.mass_view`).  Drawing never
changes the state.

Secrets: each side's placement (ZEF-58) and orders (ZEF-66) are its own until revealed; the
grid is drawn for the player whose decision it is, and between two people at one machine
the hand-over cover hides the grid until the next commander says he is there.

Kept whole, though past 400 lines: the panel's words (status, card, odds, buttons) read the
selection and the draft order the input handlers keep, and split off they would pass that
draft back and forth; the widgets themselves are game/ui/mass_panel.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.render.mass_animation import MassAnimator
from game.render.mass_view import Block, MassView, picture_of
from game.turns import TurnManager
from game.ui.handover import HandoverCover
from game.ui.markup import escape
from game.ui.mass_duel import (
    duel_buttons,
    duel_card,
    duel_command,
    duel_draft,
    duel_odds,
    duel_pressed,
    is_duel_step,
)
from game.ui.mass_panel import WIDTH, MassPanel, preview_html
from game.ui.mode_scene import ModeScene
from game.ui.scene_keys import NOT_MINE, screen_key
from rules.commands import Command
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.duel import awaiting
from rules.systems.zefrs.mass.events import mass_frame, square_word, waiting_for_orders
from rules.systems.zefrs.mass.grid import FACING_WORDS, behind, slot_square
from rules.systems.zefrs.mass.odds import attack_preview
from rules.systems.zefrs.mass.orders import MassDeploy, MassLead, MassOrder, order_words
from rules.systems.zefrs.mass.standing import standing_order
from rules.systems.zefrs.mass.units import MassUnit, mass_units
from rules.wording import Words

FACE_KEYS = {pygame.K_UP: 0, pygame.K_RIGHT: 1, pygame.K_DOWN: 2, pygame.K_LEFT: 3}

HELP = """<b>Mass combat (ZeFRS)</b><br>
Each side places its units in secret: left, centre and right, and up to three reserves
behind them (ZEF-58). Then both are revealed, the lines facing each other (ZEF-60).<br><br>
Before each round every unit gets one order, sealed until both sides have ordered (ZEF-66):
<b>attack</b> the enemy it faces (only that one, never on the diagonal, ZEF-64),
<b>defend</b> (it strikes nothing, and is harder to hurt), <b>shoot</b> (missile troops, at
a unit not next to them) or <b>withdraw</b> a square while defending (ZEF-69). Each unit
starts on the order its kind would take, its button lit: bowmen shoot at the nearest enemy
in reach, reserves and units with nobody next to them defend, a line unit attacks the enemy
next to it (R-ZEF-MASS-STANDING). A unit not in
contact may first move one square along the grid (click a blue square) and face any way
(arrow keys or the N/E/S/W buttons). Your commander rides one square, diagonals too, and
may lead the unit on his square: he fights its leader's duel and gives it +1 (ZEF-63,
ZEF-80).<br><br>
The round: the leaders duel (segment 1) under the skirmish's rules: each of yours
declares an aiming point, a knock-out or a defence (the panel offers them; sealed until
both sides have declared), then they strike in order of initiative. Then each attacking
unit checks three times on
its average weapon talent; the colour is the enemy's losses in percent of your number,
less their armour (segments 2–4). Losses of a third, two thirds, a slain leader or
commander call for a morale check; a unit that fails flees (ZEF-77..79).<br><br>
On the grid each unit is a tray of its men facing its way, emptying from the rear rank as
they fall; the bar at its foot (marked at a third and two thirds) is what still stands.
Its order, once known, is the sign on its banner: crossed blades attack, a shield
defends, an arrow shoots, a chevron withdraws.<br><br>
Keys: arrows face, Enter gives the order, Tab the next unit, F speeds the show, Space
skips it, Ctrl+Z undoes to the last roll, F1 this help, Esc leaves (the battle is saved)."""


class MassScene(ModeScene):
    help_origin = (30, 30)
    help_size = (640, 560)
    side_width = WIDTH
    cover_words = ("The field is hidden so that nobody sees where the other side placed its "
                   "units or what it ordered (ZEF-58, ZEF-66).")
    cover_shows = "the field"

    def __init__(self, app: Any, tm: TurnManager, title: str = "",
                 on_exit: Callable[[], Any] | None = None, writer: Any = None,
                 undo: Any = None, **_map_art: Any) -> None:
        if mass_frame(tm.state) is None:
            raise ValueError("the mass battle scene shows a mass battle, and this is not one")
        self.view = MassView()
        self.anim = MassAnimator(tm.state, speed=app.settings.get("anim_speed", 1.0))
        self.panel = MassPanel(app.ui, app.size)
        super().__init__(app, tm, title, on_exit, writer, undo)
        self.sel = ""
        self.draft: dict[str, Any] = {}

    # --- reading ---------------------------------------------------------------------------

    @property
    def shown(self) -> Battle:
        return self.anim.shown if self.anim.busy else self.tm.state

    def names(self) -> dict[str, str]:
        return Words.of(self.tm.state).units  # type: ignore[return-value]

    def choices(self) -> list[str]:
        """The units (or commander) the player may decide for now."""
        if not self.ready():
            return []
        state, side = self.tm.state, self.tm.waiting_on.side  # type: ignore[union-attr]
        f = mass_frame(state)
        assert f is not None
        if f.step == "deploy":
            return [u.id for u in mass_units(state, side) if not u.slot]
        if f.step == "orders":
            return waiting_for_orders(state, side)
        if f.step == "duels":
            return awaiting(state, f, side)
        return []

    def _select(self, uid: str) -> None:
        if uid == self.sel:
            return
        self.sel = uid
        state = self.tm.state
        u = state.unit(uid)
        self.draft = {"order": "defend", "facing": u.facing % 4, "to": "", "target": "",
                      "lead": False, "ride": ""}
        f = mass_frame(state)
        if is_duel_step(state):
            self.draft.update(duel_draft(state, uid))
        elif f is not None and f.step == "orders" and isinstance(u, MassUnit):
            first = standing_order(state, uid)  # what its kind would do (R-ZEF-MASS-STANDING)
            self.draft.update(order=first.order, facing=first.facing, to=first.to,
                              target=first.target)

    def _ensure_selection(self) -> None:
        options = self.choices()
        if not options:
            self.sel = ""
            return
        if self.sel not in options:
            self._select(options[0])

    def draft_command(self) -> Command | None:
        if not self.sel:
            return None
        f = mass_frame(self.tm.state)
        assert f is not None
        d = self.draft
        u = self.tm.state.unit(self.sel)
        if f.step == "deploy":
            return None
        if f.step == "duels":
            return duel_command(self.tm.state, self.sel, d)
        if isinstance(u, MassUnit):
            order = d["order"]
            facing = u.facing if order in ("withdraw", "shoot") else d["facing"]
            return MassOrder(unit=self.sel, order=order, facing=facing,
                             to=d["to"] if order in ("attack", "defend") else "",
                             target=d["target"] if order == "shoot" else "")
        here = f"{u.pos.q},{u.pos.r}" if u.pos is not None else ""
        rides = [c.to for c in self.legal_for_sel() if isinstance(c, MassLead)]
        if not d["ride"] and here not in rides and rides:  # an enemy stands on his square
            here = rides[0]
        return MassLead(unit=self.sel, to=d["ride"] or here, lead=d["lead"])

    def deploy_squares(self) -> dict[str, Hex]:
        """Where each place in the line (and behind it) lies for the deciding side, as the
        reveal will put them (ZEF-60): "left", "centre", "right", "reserve:<unit>"."""
        state = self.tm.state
        f = mass_frame(state)
        seat = self.tm.waiting_on
        if f is None or seat is None:
            return {}
        first = seat.side == f.side_a
        facing = 0 if first else 2
        out = {s: slot_square(first, s, f.gap) for s in ("left", "centre", "right")}
        for u in mass_units(state, seat.side):
            if u.slot in out:
                out[f"reserve:{u.id}"] = behind(out[u.slot], facing)
        return out

    def legal_for_sel(self) -> list[Command]:
        return [c for c in self.tm.legal if getattr(c, "unit", None) == self.sel]

    # --- input -----------------------------------------------------------------------------

    def on_board_click(self, pos: tuple[int, int]) -> None:
        sq = self.view.square_at(pos)
        if sq is not None:
            self.on_square(sq)

    def make_panel(self, size: tuple[int, int]) -> MassPanel:
        return MassPanel(self.app.ui, size)

    def on_panel(self, element: Any) -> Any:
        act = self.panel.action(element)
        if act is None:
            return None
        what, arg = act
        if what == "menu":
            return self.leave()
        if what == "transcript":
            self.message = export_transcript(self.tm, self.title or "Mass battle")
            return None
        if what == "deploy":
            self.submit(MassDeploy(unit=self.sel, place=arg))
        elif what == "order":
            self.draft.update(order=arg)
            if arg != "shoot":
                self.draft["target"] = ""
        elif what == "face":
            self.draft["facing"] = int(arg)
        elif what == "lead":
            self.draft["lead"] = not self.draft.get("lead")
        elif what in ("aim", "ko", "defend"):  # the duel's choice (ZEF-24, ZEF-35, ZEF-36)
            self.draft = duel_pressed(self.draft, what, arg)
        elif what == "next":
            self._next_unit()
        elif what == "give":
            self._give()
        return None

    def on_key(self, e: pygame.event.Event) -> Any:
        shared = screen_key(self, e)
        if shared is not NOT_MINE:
            return shared
        if e.key == pygame.K_SPACE:
            self.anim.skip()
        elif e.key in FACE_KEYS and self.sel:
            self.draft["facing"] = FACE_KEYS[e.key]
        elif e.key == pygame.K_TAB:
            self._next_unit()
        elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._give()
        return None

    def on_square(self, sq: Hex) -> None:
        if not self.ready():
            return
        state = self.tm.state
        key = f"{sq.q},{sq.r}"
        f = mass_frame(state)
        if f is not None and f.step == "deploy":
            places = {v: k for k, v in self.deploy_squares().items()}
            place = places.get(sq)
            if place and any(isinstance(c, MassDeploy) and c.place == place
                             for c in self.legal_for_sel()):
                self.submit(MassDeploy(unit=self.sel, place=place))
            return
        mine = [u for u in mass_units(state) if u.on_grid and u.pos == sq]
        for u in mine:
            if u.id in self.choices() and u.id != self.sel:
                self._select(u.id)
                return
        legal = self.legal_for_sel()
        if any(isinstance(c, MassLead) and c.to == key for c in legal):
            self.draft["ride"] = key
            return
        if any(isinstance(c, MassOrder) and c.to == key for c in legal):
            self.draft["to"] = "" if self.draft.get("to") == key else key
            return
        target = next((u for u in mine if any(isinstance(c, MassOrder) and c.target == u.id
                                              for c in legal)), None)
        if target is not None:
            self.draft.update(order="shoot", target=target.id)

    def _next_unit(self) -> None:
        options = self.choices()
        if options:
            i = options.index(self.sel) if self.sel in options else -1
            self._select(options[(i + 1) % len(options)])

    def _give(self) -> None:
        cmd = self.draft_command()
        if cmd is None:
            return
        self.submit(cmd)
        if not self.message:
            self.sel = ""

    def after_undo(self) -> None:
        self.sel = ""

    # --- screens over the grid ---------------------------------------------------------------

    def help_html(self) -> str:
        return HELP.replace("\n", " ")

    # --- every frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.play_on(dt)
        self._ensure_selection()
        self._update_log()
        self._update_panel()

    def _status(self) -> str:
        state = self.shown
        f = mass_frame(state)
        assert f is not None
        w = Words.of(state)
        head, ended = self.status_head(state, "Mass battle")
        if ended is not None:
            return ended
        phase = {"deploy": "secret deployment (ZEF-58)", "orders": "orders (ZEF-66)",
                 "duels": "the leaders declare for their duels (ZEF-15, ZEF-70)"}.get(
            f.step, f"segment {f.segment} (ZEF-72)" if f.step == "segment" else f.step)
        standing = ", ".join(
            f"{w.side(s.id)} {sum(u.fighters for u in mass_units(state, s.id) if u.on_grid)}"
            for s in state.sides)
        seat = self.tm.waiting_on
        turn = ""
        if self.anim.busy:
            turn = "The round is fought..."
        elif seat is not None and not seat.human:
            turn = f"{w.side(seat.side)} deciding..."
        elif seat is not None:
            turn = f"To decide: {seat.name or w.side(seat.side)}"
        field = "" if f.step == "deploy" else f"Fighters on the field: {escape(standing)}<br>"
        return f"{head} — round {max(1, state.round)}, {phase}<br>{field}{escape(turn)}"

    def _card(self) -> str:
        if not self.sel:
            return ""
        state = self.tm.state
        if is_duel_step(state):
            return duel_card(state, self.sel, self.draft)
        u = state.unit(self.sel)
        w = Words.of(state)
        if not isinstance(u, MassUnit):
            where = square_word(u.pos) if u.pos is not None else "off the field"
            ride = self.draft.get("ride") or ""
            to = square_word(Hex(*map(int, ride.split(",")))) if ride else where
            return (f"<b>{escape(u.name)}</b>, the force commander, at {where} (ZEF-59, "
                    f"ZEF-63)<br>Rides to <b>{to}</b>"
                    + (", and <b>leads</b> the unit there" if self.draft.get("lead") else "")
                    + "<br>Click a gold square to ride there.")
        f0 = mass_frame(state)
        if f0 is not None and f0.step == "deploy":
            names = self.names()
            left = [names.get(v.id, v.id) for v in mass_units(state, u.side) if not v.slot]
            placed = [f"{names.get(v.id, v.id)} ({v.slot.replace('reserve:', 'behind ')})"
                      for v in mass_units(state, u.side) if v.slot]
            return (f"<b>Place {escape(u.name)}</b>: {u.fighters} fighters, talent "
                    f"{u.talent}, armour {u.armour_value}<br>To place: "
                    f"{escape(', '.join(left))}<br>Placed: "
                    f"{escape(', '.join(placed) or 'none yet')}<br>"
                    "Click a gold square or a button; the other side cannot see (ZEF-58).")
        leader = w.unit(u.leader) if u.leader and state.has_unit(u.leader) else "none"
        kind = f"shoots {u.missile.replace('_', ' ')} ({u.reach_squares} squares)" \
            if u.missile else "melee"
        f = mass_frame(state)
        head = (f"<b>{escape(u.name)}</b>: {u.fighters} of {u.start} fighters, talent "
                f"{u.talent}, Will {u.will}, armour {u.armour_value} (ZEF-74), {kind}<br>"
                f"Leader: {escape(leader)}")
        if f is not None and f.step == "orders":
            cmd = self.draft_command()
            said = order_words(cmd.order, cmd.facing, cmd.to, cmd.target, w) \
                if isinstance(cmd, MassOrder) else ""
            head += f"<br>Order: <b>{escape(said)}</b>"
        return head

    def _buttons(self) -> list[list[tuple[str, str, str, bool]]]:
        state = self.tm.state
        if self.tm.is_over and not self.anim.busy:
            return [[("Back to the menu", "menu", "", False),
                     ("Export the transcript", "transcript", "", False)]]
        if not self.sel or not self.ready():
            return []
        f = mass_frame(state)
        assert f is not None
        if f.step == "duels":
            return duel_buttons(state, self.sel, self.draft)
        legal = self.legal_for_sel()
        names = self.names()
        if f.step == "deploy":
            line = [(p.capitalize(), "deploy", p, False) for p in ("left", "centre", "right")
                    if any(isinstance(c, MassDeploy) and c.place == p for c in legal)]
            reserve = [(f"Behind {names.get(c.place[8:], c.place[8:])}", "deploy",
                        c.place, False) for c in legal
                       if isinstance(c, MassDeploy) and c.place.startswith("reserve:")]
            return [line, reserve[:3], [("Next unit (Tab)", "next", "", False)]]
        u = state.unit(self.sel)
        if not isinstance(u, MassUnit):
            return [[("Lead the unit there", "lead", "", bool(self.draft.get("lead")))],
                    [("Give the order (Enter)", "give", "", False),
                     ("Next (Tab)", "next", "", False)]]
        offered = {c.order for c in legal if isinstance(c, MassOrder)}
        orders = [(o.capitalize(), "order", o, self.draft.get("order") == o)
                  for o in ("attack", "defend", "shoot", "withdraw") if o in offered]
        faces = [(FACING_WORDS[i][0].upper(), "face", str(i), self.draft.get("facing") == i)
                 for i in range(4)] if self.draft.get("order") in ("attack", "defend") else []
        return [orders, faces, [("Give the order (Enter)", "give", "", False),
                                ("Next unit (Tab)", "next", "", False)]]

    def _odds(self) -> str:
        if not self.sel or not self.ready():
            return ("<b>Odds</b> of an attack show here, exact, when you give a unit its "
                    "order.")
        if is_duel_step(self.tm.state) and self.tm.waiting_on is not None:
            return duel_odds(self.tm.state, self.tm.waiting_on.side, self.sel, self.draft)
        u = self.tm.state.unit(self.sel)
        if not isinstance(u, MassUnit) or self.draft.get("order") != "attack":
            return ("<b>Odds</b>: choose Attack to see the round ahead, exact: the "
                    "casualties each way and the chance of a morale check.")
        to = self.draft.get("to") or ""
        sq = Hex(*map(int, to.split(","))) if to else None
        try:
            p = attack_preview(self.tm.state, self.sel, int(self.draft["facing"]), sq)
        except (KeyError, ValueError, AssertionError):
            p = None
        return preview_html(p, self.names())

    def _update_panel(self) -> None:
        self.panel.set_status(self._status())
        self.panel.set_moment(self.moment_line())
        self.panel.set_card(self._card())
        self.panel.set_odds(self._odds())
        self.panel.set_buttons(self._buttons())

    def picture(self) -> Any:
        pic = picture_of(self.shown, self.viewer)
        pic.selected = self.sel
        f = mass_frame(self.tm.state)
        seat = self.tm.waiting_on
        if f is not None and f.step == "deploy" and seat is not None and seat.human \
                and self.cover is None:
            self._deploy_picture(pic, f, seat.side)
        if self.ready() and self.sel:
            for c in self.legal_for_sel():
                if isinstance(c, MassOrder) and c.to:
                    pic.highlight[Hex(*map(int, c.to.split(",")))] = (80, 140, 255)
                if isinstance(c, MassOrder) and c.target:
                    tpos = self.tm.state.unit(c.target).pos
                    if tpos is not None:
                        pic.highlight[tpos] = (255, 80, 60)
                if isinstance(c, MassLead):
                    pic.highlight[Hex(*map(int, c.to.split(",")))] = (255, 215, 90)
            for key in (self.draft.get("to"), self.draft.get("ride")):
                if key:
                    pic.highlight[Hex(*map(int, key.split(",")))] = (255, 255, 255)
            u = self.tm.state.unit(self.sel)
            if isinstance(u, MassUnit) and self.draft.get("order") in ("attack", "defend"):
                pic.blocks = [b if b.id != self.sel else
                              type(b)(**{**b.__dict__, "facing": int(self.draft["facing"])})
                              for b in pic.blocks]
        if self.anim.banner_left > 0:
            pic.banner, pic.banner_colour = self.anim.banner, (255, 110, 90)
        elif self.tm.is_over and not self.anim.busy and self.tm.outcome is not None:
            w = Words.of(self.tm.state)
            out = self.tm.outcome
            pic.banner = (w.agree(out.winner, "wins", "win") if out.winner else "A draw") + "!"
        f = mass_frame(self.shown)
        if f is not None and f.step == "deploy":
            pic.caption = "Secret deployment: place your units (ZEF-58)"
        elif f is not None:
            pic.caption = f"Round {max(1, self.shown.round)}"
        return pic

    def _deploy_picture(self, pic: Any, f: Any, side: str) -> None:
        """The deciding side's own placement so far, where the reveal will put it, and the
        places still free for the unit to place (click one, or its button)."""
        state = self.tm.state
        where = self.deploy_squares()
        index = [s.id for s in state.sides].index(side)
        for u in mass_units(state, side):
            if u.slot and u.slot in where:
                leader = state.unit(u.leader).name if u.leader else ""
                pic.blocks.append(Block(u.id, u.name, index, where[u.slot],
                                        0 if side == f.side_a else 2, u.fighters, u.start,
                                        leader, reserve=u.slot.startswith("reserve"),
                                        troop=u.template))
        for c in self.legal_for_sel():
            if isinstance(c, MassDeploy) and c.place in where:
                pic.highlight[where[c.place]] = (255, 215, 90)

    def draw(self, surf: pygame.Surface) -> None:
        if self.cover is not None:
            HandoverCover.draw_backdrop(surf)
            return
        w, h = surf.get_size()
        board = surf.subsurface(pygame.Rect(0, 0, max(1, w - WIDTH), h))
        self.view.draw(board, self.picture(), self.anim.moment_floats())


def export_transcript(tm: TurnManager, title: str) -> str:
    """The battle told in Markdown, into the export folder (as the sandbox exports); what
    was written, or why not, in a line."""
    from game.sandbox.mass_transcript import battle_transcript
    from game.ui.sandbox_exports import export_dir, failure_line

    path = export_dir() / f"{title.lower().replace(' ', '_')}.md"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(battle_transcript(tm.state, tm.events, title), encoding="utf-8")
    except OSError as exc:
        return f"Export failed: {failure_line(exc)}"
    return f"Wrote {path}"


__all__ = ["MassScene", "export_transcript"]
