"""What the screens of a mode share (the joust's lists, the mass battle's grid, the chase's
track): a board of its own beside one side panel, each driven by the same loop.

Each frame the autosave is watched, the show moves on, the hand-over cover comes up for the
next seat between two people, and a computer seat is stepped once the show is over and no
question is up.  The input is routed the same way (resize, the leave question, the panel's
buttons behind the cover, keys, a click that skips the show); undo goes back to the last
roll of the dice; the log reads the events shown so far, as the viewer may see them.  A mode
scene says what is its own: its panel (`make_panel`), the cover's words, its buttons
(`on_panel`) and keys (`on_key`), and what a click on its board does (`on_board_click`).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.handover import HandoverCover
from game.ui.log_box import their_last_move
from game.ui.markup import escape
from game.ui.play_scene import PlayScene
from rules.engine import ruleset_of
from rules.wording import Words

LOG_LINES = 40  # log lines a mode's panel keeps


class ModeScene(PlayScene):
    """A play scene for a mode with a board of its own.  Subclasses set `cover_words` and
    `cover_shows` (what the hand-over cover says it hides) and build their panel in
    `make_panel`."""

    cover_words = ""
    cover_shows = "the board"
    _log_key: tuple = ()
    _moment_of: tuple[Any, str] = (None, "")

    def make_panel(self, size: tuple[int, int]) -> Any:
        raise NotImplementedError

    def ready(self) -> bool:
        """Whether a person at the window may choose now: his seat, nothing playing, no
        cover up, the battle not over."""
        seat = self.tm.waiting_on
        return (seat is not None and seat.human and not self.anim.busy and self.cover is None
                and self.tm.handover_pending is None and not self.tm.is_over)

    def moment_line(self) -> str:
        """What the person at the window is asked now and why (`Ruleset.moment`, said by the
        mode's frame), while he may choose (`ready`); "" otherwise.  Worked out once for
        each state, not each frame."""
        if not self.ready():
            return ""
        state = self.tm.state
        if self._moment_of[0] is not state:
            self._moment_of = (state, ruleset_of(state).moment(state, Words.of(state)))
        return self._moment_of[1]

    # --- input -----------------------------------------------------------------------------

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self.resize(self.app.size)
            return None
        answered, nxt = self.answer_to_leave(e)
        if answered:
            return nxt
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(e.ui_element)
        if e.type == pygame.KEYDOWN:
            return self.on_key(e)
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            return self.on_click(e.pos)
        return None

    def on_button(self, element: Any) -> Any:
        """The cover's "I am …" button lifts it; any other is the panel's."""
        if self.cover is not None and self.cover.owns(element):
            self.tm.acknowledge_handover()
            self._hide_cover()
            return None
        return self.on_panel(element)

    def on_panel(self, element: Any) -> Any:
        raise NotImplementedError

    def on_key(self, e: pygame.event.Event) -> Any:
        raise NotImplementedError

    def on_click(self, pos: tuple[int, int]) -> Any:
        """A left click off the panel skips the show if one is playing, else it is the
        board's (`on_board_click`)."""
        if self.cover is not None or self.panel.contains(pos):
            return None
        if self.anim.busy:
            self.anim.skip()
            return None
        return self.on_board_click(pos)

    def on_board_click(self, pos: tuple[int, int]) -> Any:
        return None

    def _undo(self, redo: bool = False) -> None:
        """Undo (or redo) a step back to the last throw of the dice."""
        if self.undo is None or self.anim.busy:
            return
        if (redo and not self.undo.can_redo) or (not redo and not self.undo.can_undo):
            self.message = "Nothing to redo." if redo else (self.undo.why_not_undo()
                                                            or "Nothing to undo.")
            return
        self.undo.redo() if redo else self.undo.undo()
        self.tm = self.undo.apply(self.tm)
        self.anim.reset(self.tm.state)
        self._hide_cover()
        self.after_undo()
        self.message = "Redone." if redo else "Undone."

    def after_undo(self) -> None:
        """What the scene forgets when the battle steps back (a selection, a draft)."""

    # --- screens over the board ------------------------------------------------------------

    def _show_cover(self, name: str) -> None:
        if self.cover is None:
            self.cover = HandoverCover(self.app.ui, self.app.size, name, self.cover_words,
                                       shown=self.cover_shows)

    def resize(self, size: tuple[int, int]) -> None:
        self.panel.kill()
        self.panel = self.make_panel(size)
        self._log_key = ()
        if self.cover is not None:
            name = self.cover.name
            self._hide_cover()
            self._show_cover(name)

    def status_head(self, state: Any, untitled: str) -> tuple[str, str | None]:
        """The status box's first line (the battle's title, or `untitled`) and, once the
        battle is over and shown to its end, the whole box: who won and why."""
        head = f"<b>{escape(self.title or untitled)}</b>"
        if state.outcome is None or self.anim.busy:
            return head, None
        w = Words.of(state)
        who = (w.agree(state.outcome.winner, "wins", "win") if state.outcome.winner
               else "Nobody wins")
        return head, f"{head}<br><b>{escape(who)}</b>: {escape(w.text(state.outcome.reason))}"

    # --- every frame -----------------------------------------------------------------------

    def play_on(self, dt: float) -> None:
        """The frame's turn of play: the show moved on, then the seats (`seats_on`)."""
        self.show_on(dt)
        self.seats_on()

    def show_on(self, dt: float) -> None:
        """The autosave watched and the show moved on by `dt` seconds."""
        self.saving.update()
        self.anim.update(dt)

    def seats_on(self) -> None:
        """The cover up for the next seat between two people, and a computer seat stepped
        once nothing is showing or asked."""
        pending = self.tm.handover_pending
        if pending is not None and not self.anim.busy:
            self._show_cover(pending.name or pending.side)
        seat = self.tm.waiting_on
        if (seat is not None and not seat.human and not self.anim.busy
                and not self.waiting_for_answer):  # the computer waits for the answer
            self.tm.step()

    def _update_log(self) -> None:
        """The log up to the event the board is showing, oldest first (a round's heading
        above its entries, the newest at the foot, in view), as the viewer may see it
        (another side's sealed placing or order is not told), with the last message under
        it); the first line of the other side's last move kept in view (log_box)."""
        viewer = self.viewer
        events = self.tm.events
        upto = len(events) - len(self.anim.queue)
        key = (len(events), upto, viewer, self.message, id(self.tm))
        if key == self._log_key:
            return
        self._log_key = key
        w = Words.of(self.tm.state)
        told: list[tuple[int, str]] = []
        for e in reversed(events[:max(0, upto)]):
            if viewer is not None and self.tm.hidden_from(viewer, e):
                continue
            line = w.say(e)
            if line:
                told.append((id(e), escape(line)))
                if len(told) >= LOG_LINES:
                    break
        told.reverse()  # read from the newest back, shown oldest first
        theirs = their_last_move(self.tm, viewer, {i for i, _ in told})
        keep = next((n for n, (i, _) in enumerate(told) if i in theirs), None)
        lines = [line for _, line in told]
        if self.message:
            lines.append(f"<font color='#ff6060'>{escape(self.message)}</font>")
        self.panel.set_log(lines, keep)
