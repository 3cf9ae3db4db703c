"""The joust in the window (FE-44..FE-54): the lists, the side panel, the secret throw,
the hand-over between two people, and the end of the round.

Found by the board kind "lists" (entry point ``flank.scenes``) and built like the battle
scene, from a turn manager (`game.turns`) that drives the rules: input handlers turn a key or
a button into the one command a joust has, ``Choose(unit, option="1"|"2"|"3")`` (FE-48), or
into the next scene; the turn manager submits it; the events that come back are animated
(`game.render.joust_animation`) and drawn (`game.render.lists_view`).  Drawing never changes
the state.

Secrets: the first rider's choice is sealed until both have thrown.  With two people at one
machine the turn manager raises a hand-over between them, and this scene covers the window
(`game.ui.handover`) until the next player says he is there; the lists never show a sealed
number to anybody but its rider.  Against the computer, its choice stays sealed the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.render.joust_animation import ListsAnimator
from game.render.lists_view import ListsPicture, ListsView
from game.turns import TurnManager
from game.ui.handover import HandoverCover
from game.ui.joust_end import JoustEndPanel
from game.ui.joust_help import joust_help_html
from game.ui.joust_log import JoustLog, cited, rider_names
from game.ui.joust_panel import LOG_LINES, WIDTH, JoustPanel, dice_word
from game.ui.joust_picture import full_pool, picture_of
from game.ui.log_box import their_last_move
from game.ui.markup import escape
from game.ui.mode_scene import ModeScene
from game.ui.scene_keys import NOT_MINE, screen_key
from rules.commands import Choose, Command
from rules.engine import decider
from rules.events import BattleEnded
from rules.state import Battle
from rules.systems.fallen_empire.joust_mode import JoustThrowChosen, joust_frame, joust_rules
from rules.systems.fallen_empire.joust_odds import ChoiceOdds, throw_choice_odds
from rules.wording import inside_sentence

THROW_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3,
              pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3}
INTRO = 2.6  # seconds the heralds' banner stays over the lists at the start


class JoustScene(ModeScene):
    help_origin = (40, 30)
    help_size = (700, 720)
    side_width = WIDTH
    cover_words = "The lists are hidden so that nobody sees a throw chosen in secret (FE-48)."
    cover_shows = "the lists"

    def __init__(self, app: Any, tm: TurnManager, title: str = "",
                 on_exit: Callable[[], Any] | None = None, writer: Any = None,
                 undo: Any = None, **_map_art: Any) -> None:
        """`_map_art` (painter, orientation, hex_size) is the hex map's: the lists have none."""
        frame = joust_frame(tm.state)
        if frame is None:
            raise ValueError("the joust scene shows a joust, and this battle is not one")
        self.names = rider_names(tm.state)
        self.words = JoustLog(frame, self.names)
        self.view = ListsView()
        self.anim = ListsAnimator(tm.state, speed=app.settings.get("anim_speed", 1.0))
        self.panel = JoustPanel(app.ui, app.size)
        super().__init__(app, tm, title, on_exit, writer, undo)
        self.intro = INTRO if not tm.history else 0.0
        self._odds: tuple[tuple[int, str], tuple[ChoiceOdds, ...]] | None = None

    # --- reading ---------------------------------------------------------------------------

    @property
    def shown(self) -> Battle:
        return self.anim.shown if self.anim.busy else self.tm.state

    def rider_of(self, side: str) -> str:
        return self.words.side_rider.get(side, side)

    def ready_for_input(self) -> bool:
        seat = self.tm.waiting_on
        return (seat is not None and seat.human and not self.anim.busy and self.cover is None
                and self.tm.handover_pending is None)

    def legal_throws(self) -> dict[int, Command]:
        """The throws the rider to choose may make now, by number of dice (FE-48)."""
        if not self.ready_for_input():
            return {}
        return {int(c.option): c for c in self.tm.legal if isinstance(c, Choose)}

    def throw_refusal(self) -> str:
        """What a key for a throw the pool cannot pay is told (FE-48): the dice he holds and
        the throws he may make ("you may throw 1 die" when one is all there is)."""
        frame = joust_frame(self.tm.state)
        seat = self.tm.waiting_on
        sizes = sorted(self.legal_throws())
        pool = len(sizes)
        if frame is not None and seat is not None:
            pool = frame.bout.pool_a if seat.side == frame.side_a else frame.bout.pool_b
        if not sizes:
            return f"You hold {dice_word(pool)}: there is no throw to make (FE-48)."
        may = dice_word(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {dice_word(sizes[-1])}"
        return f"You hold {dice_word(pool)}: you may throw {may} (FE-48)."

    def odds(self) -> tuple[ChoiceOdds, ...]:
        """The odds of each throw for the rider to choose (computed once a position)."""
        seat = self.tm.waiting_on
        if seat is None or not self.ready_for_input():
            return ()
        key = (self.tm.state.events_applied, seat.side)
        if self._odds is None or self._odds[0] != key:
            try:
                found = throw_choice_odds(self.tm.state, seat.side)
            except ValueError:
                found = ()
            self._odds = (key, found)
        return self._odds[1]

    # --- input -----------------------------------------------------------------------------

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self.resize(self.app.size)
            return None
        answered, nxt = self.answer_to_leave(e)  # Esc asks first (PlayScene)
        if answered:
            return nxt
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            outcome = self.command_for_button(e.ui_element)
        elif e.type == pygame.KEYDOWN:
            outcome = self.command_for_key(e)
        elif (e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.anim.busy
              and not self.panel.contains(e.pos) and self.cover is None):
            self.anim.skip()
            outcome = None
        else:
            outcome = None
        if isinstance(outcome, Command):
            self.submit(outcome)
            return None
        return outcome

    def command_for_button(self, element: Any) -> Any:
        """A button's command for the turn manager, or the next scene, or None."""
        if self.cover is not None and self.cover.owns(element):
            self.tm.acknowledge_handover()
            self._hide_cover()
            return None
        what = self.end_panel.action(element) if self.end_panel is not None else None
        if what == "menu":
            return self.leave()
        if what == "quit":
            self.app.running = False
            return None
        n = self.panel.throw_for(element)
        return None if n is None else self.legal_throws().get(n)

    def command_for_key(self, e: pygame.event.Event) -> Any:
        """A key's command for the turn manager, or the next scene, or None."""
        shared = screen_key(self, e)
        if shared is not NOT_MINE:
            return shared
        if e.key == pygame.K_SPACE and self.cover is None:
            self.anim.skip()
        elif e.key in THROW_KEYS and self.help is None:
            throw = self.legal_throws().get(THROW_KEYS[e.key])
            if throw is None and self.ready_for_input():
                self.message = self.throw_refusal()
            return throw
        return None

    def _undo(self, redo: bool = False) -> None:
        """Undo (or redo) a step back to the last throw of the dice.  Undoing from behind the
        hand-over cover gives the choice back to the player still at the window."""
        if self.undo is None or self.anim.busy:
            return
        if redo and not self.undo.can_redo:
            self.message = "Nothing to redo."
            return
        if not redo and not self.undo.can_undo:
            self.message = self.undo.why_not_undo() or "Nothing to undo."
            return
        covered = self.cover is not None
        last = self.tm.history[-1][0] if self.tm.history else None
        self.undo.redo() if redo else self.undo.undo()
        self.tm = self.undo.apply(self.tm)
        self.anim.reset(self.tm.state)
        self._hide_cover()
        pending = self.tm.handover_pending
        if (not redo and covered and pending is not None and isinstance(last, Choose)
                and self.tm.state.unit(last.unit).side == pending.side):
            self.tm.acknowledge_handover()  # the same player: no need to hide anything
        self.message = "Redone." if redo else "Undone: choose again."

    # --- screens over the lists ------------------------------------------------------------

    def help_html(self) -> str:
        return joust_help_html()

    def _show_end(self) -> None:
        if self.end_panel is not None:
            return
        out = self.tm.outcome
        assert out is not None
        frame = joust_frame(self.tm.state)
        w, _ = self.app.size
        self.end_panel = JoustEndPanel(
            self.app.ui, self.app.size, w - WIDTH,
            escape(self.words.headline(BattleEnded(winner=out.winner, reason=out.reason))),
            cited(self.words.words(out.reason)), frame.bout.throws if frame else 0)

    def make_panel(self, size: tuple[int, int]) -> JoustPanel:
        return JoustPanel(self.app.ui, size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.end_panel is not None:
            self.end_panel.kill()
            self.end_panel = None

    # --- every frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.show_on(dt)
        if self.cover is None:
            self.intro = max(0.0, self.intro - dt)
        self.seats_on()
        if self.tm.is_over and not self.anim.busy:
            self._show_end()
        self._update_log()
        self._update_panel()

    def _update_log(self) -> None:
        """The log as the viewer may see it, up to the pass the lists are showing (the throw
        is not told before the riders have met).  Another side's sealed choice is a secret
        (FE-48), but that he has chosen is not: its line says only that, never the sealed
        number, so it is shown to everyone."""
        viewer = self.viewer
        events = self.tm.events
        upto = len(events) - len(self.anim.queue) - (self.anim.current is not None)
        key = (len(events), upto, viewer, self.message, id(self.tm))
        if key == self._log_key:
            return
        self._log_key = key
        told: list[tuple[int, str]] = []
        for e in reversed(events[:max(0, upto)]):
            if (viewer is not None and not isinstance(e, JoustThrowChosen)
                    and self.tm.hidden_from(viewer, e)):
                continue
            line = self.words.line(e)
            if line:
                told.append((id(e), line))
                if len(told) >= LOG_LINES:
                    break
        told.reverse()  # oldest first, the other rider's last move kept in view (log_box)
        theirs = their_last_move(self.tm, viewer, {i for i, _ in told})
        keep = next((n for n, (i, _) in enumerate(told) if i in theirs), None)
        lines = [line for _, line in told]
        if self.message:
            lines.append(f"<font color='#ff6060'>{self.message}</font>")
        self.panel.set_log(lines, keep)

    def _turn_words(self) -> str:
        """Whose turn it is in the state on screen: while a pass is still being shown the
        words must not run ahead of the picture (a round already decided is not "over" until
        the riders have been seen to ride it)."""
        if self.anim.busy and self.anim.script is not None:
            return "The riders charge!"
        side = decider(self.shown)
        seat = self.tm.seats[side] if side is not None else None
        if seat is None:
            return "The round is over."
        rider = self.rider_of(seat.side)
        if not seat.human:
            return f"{rider} is choosing in secret..."
        if self.tm.handover_pending is not None or self.cover is not None:
            return f"Pass the seat to {inside_sentence(seat.name)}."
        who = seat.name if seat.name and seat.name != rider else rider
        return f"To choose: {who}" + (f" ({rider})" if who != rider else "")

    def _update_panel(self) -> None:
        state = self.shown
        frame = joust_frame(state)
        assert frame is not None
        a, b = self.words.a, self.words.b
        limit = joust_rules(state).max_throws
        ridden = frame.bout.throws
        passing = (f"- pass {ridden + (frame.bout.winner is None)}"
                   + (f" of {limit}" if limit else ""))
        self.panel.set_status(f"{self.title or 'The joust'} {passing}",
                              f"{a} {dice_word(frame.bout.pool_a)}, "
                              f"{b} {dice_word(frame.bout.pool_b)}",
                              self._turn_words(), keep=passing)
        self.panel.set_card(self.card_lines(state))
        self.panel.set_moment(self.moment_line())
        odds = self.odds()
        note = ""
        seat = self.tm.waiting_on
        if not odds and seat is not None and not seat.human and not self.anim.busy:
            note = (f"{self.rider_of(seat.side)} chooses his throw in secret (FE-48): "
                    "nobody sees it until both riders throw.")
        elif not odds and self.anim.script is not None:
            note = ("Both riders have thrown: the dice are sorted high to low and matched "
                    "highest with highest; each lost pair costs its loser a die (FE-50).")
        elif not odds and seat is not None:
            note = ("When it is your turn to choose, the exact odds of each throw show here: "
                    "this pass and the whole round.")
        self.panel.set_odds(odds, joust_rules(state).helm_tipping, note)
        self.panel.set_throws(sorted(self.legal_throws()))

    def card_lines(self, state: Battle) -> list[str]:
        frame = joust_frame(state)
        assert frame is not None
        lines = []
        for uid, pool in ((frame.unit_a, frame.bout.pool_a), (frame.unit_b, frame.bout.pool_b)):
            u = state.unit(uid)
            origin = f"HD {u.hit_dice}" if getattr(u, "hit_dice", "") else \
                f"level {getattr(u, 'level', 0)}"
            fate = getattr(u, "condition", "")
            lines.append(f"<b>{escape(self.names.get(uid, uid))}</b>: {origin}, "
                         f"{pool}/{full_pool(state, uid)} dice "
                         f"<font color='#9fc6ff'>(FE-47)</font>, {u.hp}/{u.max_hp} HP"
                         + (f"; <i>{escape(fate)}</i>" if fate else ""))
        return lines

    def prompt(self) -> str:
        throws = self.legal_throws()
        if throws:
            sizes = sorted(throws)
            said = " or ".join([", ".join(map(str, sizes[:-1])), str(sizes[-1])]
                               if len(sizes) > 1 else [str(sizes[0])])
            return f"Choose your throw in secret: {said} {'die' if sizes == [1] else 'dice'}"
        seat = self.tm.waiting_on
        if seat is not None and not seat.human:
            return f"{self.rider_of(seat.side)} is choosing in secret..."
        return ""

    def picture(self) -> ListsPicture:
        """What the lists show now, as the viewer may see them."""
        state = self.shown
        banner, alpha = "", 0.0
        if self.intro > 0:
            banner = f"{self.words.a}  against  {self.words.b}"
            alpha = min(1.0, self.intro / 0.6, (INTRO - self.intro) / 0.4 + 0.2)
        elif state.outcome is not None and not self.anim.busy:
            banner, alpha = self.words.headline(BattleEnded(winner=state.outcome.winner,
                                                            reason="")), 1.0
        return picture_of(state, self.names, self.viewer, prompt=self.prompt(), banner=banner,
                          banner_alpha=alpha)

    def draw(self, surf: pygame.Surface) -> None:
        if self.cover is not None:
            HandoverCover.draw_backdrop(surf)
            return
        w, h = surf.get_size()
        board = surf.subsurface(pygame.Rect(0, 0, max(1, w - WIDTH), h))
        self.view.draw(board, self.picture(), self.anim.moment(), tuple(self.anim.floaters))


__all__ = ["JoustScene"]
