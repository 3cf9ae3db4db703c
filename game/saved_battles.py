"""The saved battles a player can go back to: every battle save and every List in the save
folder, each in a player's words (scenario, ruleset, round, who plays, when), the one the
menu's "Continue" carries on, and deleting one.

A battle is read from its save's head and its events (`game.saves.summary`: never pickle,
never eval, never the whole battle rebuilt), a List from its tournament file
(`game.lists.store.read`).  A file in the folder that cannot be read is a row saying
"unreadable: <why>"; a file that is not a save at all is left alone and counted in a note.

"Continue" is the newest battle or List, by when it was last played, that is not over and
is not being played in another window.  A battle left a second after it began is the newest,
so Continue names it; the label says which battle it is, and every older one is a click
away on the Saved battles screen (issue 35).

A battle in progress (its save held open by a battle in this window, or locked by another
Flank: `game.saves.lock`) is never deleted; a List is in progress while its bout under way
is.  Headless.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Literal

from game.saves.format import SAVE_SUFFIXES
from game.saves.lock import open_elsewhere, open_here
from game.saves.summary import SaveSummary, summarise

LIST_SUFFIX = ".tournament.json"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
PEOPLE = ("human", "gm", "remote")  # a save's players a person plays (the rest: the computer)


class DeleteRefused(Exception):
    """A saved battle that is not deleted; ``str()`` says why in one line."""


@dataclass(frozen=True)
class SavedBattle:
    """One row of the Saved battles screen.  `problem` is "" for a file that could be read,
    else why not (and the rest is empty).  `playing`: "" or where it is being played
    ("in this window", "in another window")."""

    path: Path
    kind: Literal["battle", "list"]
    when: datetime
    title: str = ""
    ruleset: str = ""
    round: int | None = None
    rounds: int | None = None  # a List's planned rounds
    over: bool = False
    outcome: str = ""  # how it ended, in words: "The orcs won", "Sir Aldric is the champion"
    sides: str = ""
    problem: str = ""
    playing: str = ""
    saves: tuple[Path, ...] = field(default=(), repr=False)  # the files deleting it removes

    @property
    def readable(self) -> bool:
        return not self.problem

    @property
    def round_words(self) -> str:
        if self.round is None:
            return "not begun" if self.kind == "battle" and not self.over else ""
        if self.kind == "list":
            return (f"round {self.round} of {self.rounds}" if not self.over
                    else f"over after {self.round} round{'s' if self.round != 1 else ''}")
        return f"round {self.round}" if not self.over else f"ended in round {self.round}"

    @property
    def label(self) -> str:
        """"Duel — Fallen Empire, round 3, you against the computer"."""
        if not self.readable:
            return f"{self.path.name}: unreadable: {self.problem}"
        rest = ", ".join(p for p in (self.ruleset, self.round_words, self.sides) if p)
        return f"{self.title} — {rest}"

    @property
    def status(self) -> str:
        """How it stands: "being played in this window", "over: The orcs won", ""."""
        if self.playing:
            return f"being played {self.playing}"
        if self.over:
            return f"over: {self.outcome}" if self.outcome else "over"
        return ""

    @property
    def can_continue(self) -> bool:
        return self.readable and not self.over and not self.playing

    @property
    def can_replay(self) -> bool:
        return self.readable and self.kind == "battle"

    @property
    def can_delete(self) -> bool:
        return not self.playing

    def delete_question(self, now: datetime | None = None) -> str:
        """"Delete the battle “Duel”, last played 28 Nov? This cannot be undone."."""
        what = (f"the List “{self.title}” and its bouts" if self.kind == "list" else
                f"the battle “{self.title}”" if self.readable else f"“{self.path.name}”")
        when = when_words(self.when, now)
        return f"Delete {what}, last played {when}? This cannot be undone."


# --- words ------------------------------------------------------------------------------------


def when_words(moment: datetime, now: datetime | None = None) -> str:
    """When, as a player says it: "today 10:34", "yesterday", "3 Nov", "3 Nov 2025"."""
    now = now or datetime.now().astimezone()
    moment = moment.astimezone(now.tzinfo) if moment.tzinfo else moment
    day: date = moment.date()
    if day == now.date():
        return f"today {moment:%H:%M}"
    if day == now.date() - timedelta(days=1):
        return "yesterday"
    text = f"{day.day} {MONTHS[day.month - 1]}"
    return text if day.year == now.year else f"{text} {day.year}"


def sides_words(people: int, computers: int) -> str:
    """Who plays: "you against the computer", "hot-seat, 2 players", "computer against
    computer" (and the mixtures: "hot-seat, 2 players and the computer")."""
    if people == 0:
        return "computer against computer"
    if people == 1:
        return "you against the computer" if computers else "you alone"
    hot = f"hot-seat, {people} players"
    return f"{hot} and the computer" if computers else hot


def _side_name(summary: SaveSummary, side: str | None) -> str:
    assert summary.header is not None
    for s in summary.header.setup.sides:
        if s.id == side:
            return s.name or "a side"
    return "a side"


# --- rows -------------------------------------------------------------------------------------


def _ruleset_names() -> dict[str, str]:
    from rules.engine import catalogue

    return {rid: name for rid, name, _ in catalogue()}


def _playing(paths: Iterable[Path]) -> str:
    paths = list(paths)
    if any(open_here(p) for p in paths):
        return "in this window"
    if any(open_elsewhere(p) for p in paths):
        return "in another window"
    return ""


def _when(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime).astimezone()


def battle_row(path: Path, names: dict[str, str] | None = None) -> SavedBattle:
    """The row of a battle save (an unreadable one says why)."""
    s = summarise(path)
    when, playing = _when(path), _playing([path])
    if s.header is None:
        return SavedBattle(path, "battle", when, problem=s.problem, playing=playing,
                           saves=(path,))
    h = s.header
    kinds = [who.partition(":")[0] for who in h.sides.values()]
    people = sum(k in PEOPLE for k in kinds)
    outcome = ""
    if s.over:
        outcome = f"{_side_name(s, s.winner)} won" if s.winner else "nobody won"
    names = _ruleset_names() if names is None else names
    return SavedBattle(
        path, "battle", when, title=h.scenario.title or h.setup.title or "A battle",
        ruleset=names.get(h.ruleset, h.ruleset), round=s.round, over=s.over, outcome=outcome,
        sides=sides_words(people, len(kinds) - people), playing=playing, saves=(path,))


def list_row(path: Path, names: dict[str, str] | None = None) -> SavedBattle:
    """The row of a List (a tournament of jousts): its round, who rides, the champion."""
    from game.lists import store

    bouts = store.bout_folder(path)
    saves = tuple(sorted(p for p in bouts.glob("*") if p.is_file() and (
        p.suffix in SAVE_SUFFIXES or p.name.endswith(".part")))) if bouts.is_dir() else ()
    when, playing = _when(path), _playing([path, *saves])
    try:
        data = store.read(path)
    except store.TournamentError as exc:
        return SavedBattle(path, "list", when, problem=exc.problem, playing=playing,
                           saves=(*saves, path))
    table = data.table()
    if data.pending is not None:  # a bout being ridden is written to its own save
        with contextlib.suppress(OSError):
            when = max(when, _when(Path(data.pending.save)))
    people = sum(e.person for e in data.entrants)
    by_id = {e.id: e.name for e in data.entrants}
    champion = by_id.get(table.champion or "", "")
    names = _ruleset_names() if names is None else names
    return SavedBattle(
        path, "list", when, title=data.title, ruleset=names.get(data.ruleset, data.ruleset),
        round=table.current_round if table.is_over else max(1, table.current_round),
        rounds=table.planned_rounds, over=table.is_over,
        outcome=f"{champion} is the champion" if champion else "", playing=playing,
        sides=sides_words(people, len(data.entrants) - people), saves=(*saves, path))


@dataclass(frozen=True)
class Shelf:
    """The save folder's battles and Lists, the most recently played first, and a note on
    the files that are not saves (left alone)."""

    folder: Path
    rows: tuple[SavedBattle, ...]
    notes: tuple[str, ...] = ()

    def to_continue(self) -> SavedBattle | None:
        """What "Continue" carries on: the newest that is not over nor played elsewhere."""
        return next((r for r in self.rows if r.can_continue), None)


def read_shelf(folder: str | Path | None = None) -> Shelf:
    """Every battle save and List in the save folder (or `folder`), newest first."""
    from game.saves import save_dir

    folder = save_dir() if folder is None else Path(folder)
    rows: list[SavedBattle] = []
    others = 0
    try:
        found = [p for p in folder.iterdir() if not p.name.startswith(".")]
    except FileNotFoundError:
        return Shelf(folder, ())
    except OSError as exc:
        return Shelf(folder, (), (f"The save folder {folder} cannot be read "
                                  f"({exc.strerror or exc}).",))
    names = _ruleset_names()
    for p in found:
        try:
            if not p.is_file():
                continue
            if p.name.endswith(LIST_SUFFIX):
                rows.append(list_row(p, names))
            elif p.suffix in SAVE_SUFFIXES:
                rows.append(battle_row(p, names))
            else:
                others += 1
        except OSError:  # gone while it was being read
            continue
    rows.sort(key=lambda r: (r.when, r.path.name), reverse=True)
    notes = () if not others else (
        f"{others} other file{'s' if others != 1 else ''} in the folder "
        f"{'are' if others != 1 else 'is'} not a save and {'were' if others != 1 else 'was'} "
        "left alone.",)
    return Shelf(folder, tuple(rows), notes)


def continue_label(row: SavedBattle) -> str:
    """The menu's Continue button for `row`."""
    if row.kind == "list":
        return f"Continue the List: {row.title}"
    return f"Continue: {row.label}"


def delete(row: SavedBattle) -> None:
    """Delete a saved battle (a List with its bouts' saves): `DeleteRefused` if it is being
    played (asked again now, not as the row was read), or a file will not go."""
    playing = _playing(row.saves or (row.path,))
    if playing:
        raise DeleteRefused(f"“{row.title or row.path.name}” is being played {playing}: it "
                            "cannot be deleted.")
    for p in (*row.saves, row.path):
        try:
            p.unlink(missing_ok=True)
        except OSError as exc:
            raise DeleteRefused(f"{p} cannot be deleted ({exc.strerror or exc}).") from None
    if row.kind == "list":
        from game.lists import store

        with contextlib.suppress(OSError):
            os.rmdir(store.bout_folder(row.path))
