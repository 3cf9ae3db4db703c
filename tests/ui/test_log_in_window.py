"""Issue 35, item 1: a log a player reads, in the battle's side panel.

Under every ruleset's duel, with the most buttons its choices put up (Empress's stances and
ways of striking, the ZeFRS blow list, Fallen Empire's), the log keeps room for eight whole
lines of its font at 1366x768 and 1920x1080: the buttons turn pages, the card and the odds
give way, never the log.  It reads oldest first, a round's heading above its entries, and
when the computer has moved it is scrolled to its foot: the newest line in view, and with it
what the computer just did.

Measured as pygame-gui lays the text out (tests/ui/log_view.py): the rows in sight under the
scroll bar, the room in the font's line height and the distance between lines."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from game.ai import make_controller
from game.app import App
from game.content import ScenarioEntry, find_scenario
from game.maps import load_map
from game.ui.launch import start_battle
from game.ui.narration import event_html
from rules.wording import Words
from tests.ui.log_view import (
    LEAST_LINES,
    at_its_foot,
    plain,
    rows_in_view,
    says,
    whole_rows_room,
)
from tests.ui.window import AtTheWindow

SIZES = [(1366, 768), (1920, 1080)]
# The most buttons each ruleset's duel puts up at once in its first decisions: Empress's
# stances with the ways of striking a foe, the ZeFRS blow list (seven aiming points, four
# ways each), Fallen Empire's moves and blows -- the panels that once ate the log.
MOST = {"fallen_empire": 5, "empress": 12, "zefrs": 20, "tarnished_tale": 3,
        "enchanted_realms": 3}


class Duel(AtTheWindow):
    """A person (the champion) against the computer (the orc) in the bundled duel, fought
    under `ruleset`; the person's choices are made by a computer player of his own, after
    every view of them has been looked at."""

    frame_s = 1 / 15
    frames_per_event = 1

    def __init__(self, ruleset: str, size: tuple[int, int], seed: int = 4) -> None:
        self.app = App(size)
        path = find_scenario("duel")
        sc = load_map(path, ruleset=ruleset)
        self.scene = start_battle(self.app, ScenarioEntry.of(sc, path), ruleset,
                                  ["human", "ai"], seed=seed, on_exit=lambda: None)
        self.app.switch(self.scene)
        self.me = make_controller("tactician", seed)
        self.events_mine = 0  # the events there were once the person last chose
        self.frames(2)

    def wait_for_the_person(self, limit_s: float = 60) -> bool:
        """Frames (the show skipped) until the person may choose; False if the battle ended."""
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            if self.scene.tm.is_over:
                return False
            if self.scene.anim.busy:
                self.scene.anim.skip()
            self.frames(1)
            if self.scene._ready_for_input():
                self.frames(1)  # the log drawn as the person sees it
                return True
            time.sleep(0.01)  # the computer thinks in its worker thread
        raise AssertionError("the person was never asked to choose")

    def every_view(self) -> Iterator[str]:
        """Each figure of the person's selected in turn, the mouse on each foe it may strike
        (the odds and their chart) and a click on each foe it may declare at (the blow
        list); yields a word on what is showing after each."""
        s = self.scene
        ch = s.choices()
        for uid in ch.actors():
            s.selected = uid
            self.frames(1)
            yield f"{uid} selected"
            uc = ch.for_unit(uid)
            for foe in sorted(uc.targets()):
                pos = s.tm.state.unit(foe).pos
                if pos is None:
                    continue
                xy = tuple(int(v) for v in s.camera.centre_of(pos))
                self.post(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
                yield f"{uid}'s odds on {foe}"
                if foe in uc.declared_on:
                    s._click(xy, False)
                    self.frames(2)
                    yield f"{uid}'s ways at {foe}, {s.panel.pages()} pages"
                    s.stop_picking()
                    self.frames(1)

    def choose(self) -> None:
        """The person's choice, as a computer player would make it."""
        tm = self.scene.tm
        self.scene.submit(self.me.choose(tm.state, tm.waiting_on.side, tm.legal))
        self.events_mine = len(tm.events)

    def computer_s_last_move(self, log: list[tuple[int, str]]) -> list[str]:
        """The log's lines of the computer's last command that said something, and of what
        followed from it at once; none if the computer has not moved since the person
        chose (every command since is the computer's: one person, one computer)."""
        tm = self.scene.tm
        end = len(tm.events)
        for _, events in reversed(tm.history):
            start = end - len(events)
            if start < self.events_mine:
                return []
            lines = [x for i, x in log if start <= i < end]
            if lines:
                return lines
            end = start
        return []

    def close(self) -> None:
        self.scene.close()
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset", list(MOST))
def test_the_log_keeps_eight_lines_beside_the_most_buttons(ruleset: str,
                                                          size: tuple[int, int]) -> None:
    d = Duel(ruleset, size)
    panel = d.scene.panel
    most, decisions = 0, 0
    while d.wait_for_the_person() and decisions < 30:
        for what in d.every_view():
            room = whole_rows_room(panel.log)
            assert room >= LEAST_LINES, f"{ruleset} at {size}, {what}: the log has room " \
                                        f"for {room} lines beside {len(panel.buttons)} buttons"
            for b, _ in panel.buttons:
                assert b.rect.bottom <= panel.log.rect.top  # the buttons never over it
            most = max(most, len(panel._offered))
        decisions += 1
        if most >= MOST[ruleset] and decisions >= 2:
            break
        d.choose()
    assert most >= MOST[ruleset], f"{ruleset}: at most {most} buttons were put up"
    d.close()


def _log(d: Duel) -> list[tuple[int, str]]:
    """The log's lines as the panel words them, oldest first, each with the place in the
    battle's events of the event it tells."""
    s = d.scene
    names = Words.of(s.tm.state)
    seen = {id(e) for e in (s.tm.visible_events(s.viewer) if s.viewer else s.tm.events)}
    return [(i, x) for i, e in enumerate(s.tm.events) if id(e) in seen
            for x in (event_html(e, names),) if x]


@pytest.mark.parametrize("ruleset", list(MOST))
def test_the_log_reads_oldest_first_with_the_computer_s_move_in_view(ruleset: str) -> None:
    d = Duel(ruleset, SIZES[0])
    s = d.scene
    checked = headings = 0
    while d.wait_for_the_person() and checked < 6:
        log = _log(d)
        shown = s.panel.log.html_text.split("<br>")
        assert shown == [x for _, x in log[-len(shown):]], "the log is not oldest first"
        box = s.panel.log
        theirs = d.computer_s_last_move(log)
        if theirs:
            assert says(box, theirs[0]), f"what the computer just did is out of sight: {theirs}"
            # the newest line under it, unless his move is taller than the box: then the
            # view starts at his move's first line
            first = " ".join(rows_in_view(box)[0].split())
            assert at_its_foot(box) or plain(theirs[0]).startswith(first), \
                "the newest line is out of sight"
            checked += 1
        else:
            assert at_its_foot(box), "the newest line is out of sight"
        if at_its_foot(box):
            assert says(box, shown[-1])
        # a round's heading (in gold) stands in the order of the events, over its entries
        headings += sum("<b><font color='#ffd27a'>" in x for x in shown[:-1])
        d.choose()
    assert checked >= 2 or s.tm.is_over
    assert headings, "no round's heading was in the log"
    d.close()
