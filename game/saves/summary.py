"""What a save is, read quickly for a list of saved battles: its header, the round it has
reached and whether it is over, without rebuilding the battle.

The header is read by the fast reader (`game.saves.fastread.read_header`), or the careful way
for a header of an older format or one less plainly written (`game.saves.loader`), the same
checks as loading: never pickle, never eval.  The rest of the file is only looked through:
the step, undo and redo records say which steps are on the line of play (an undone step's
round does not count), and only a record that holds a new round or the battle's end is
parsed (with `json`) to read them.  A round begins with an event whose type is
``round_started`` or ends in ``_round_began`` (how every ruleset names it: ``fe_``,
``er_``, ``emp_``, ``zef_mass_``); the battle is over with ``battle_ended``.

A file that cannot be read gives a summary with its `problem` in a player's words; nothing
here raises for what a file holds.  Loading to play on still decides every command again
(`load_save` with `verify`): this is a list's view, never a reason to trust a save.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.saves.errors import SaveError
from game.saves.fastread import read_header
from game.saves.format import MAX_HEADER_BYTES, MAX_SAVE_BYTES, SaveHeader

_STEP = re.compile(rb'\{"step":([0-9]{1,9}),')
_COUNT = re.compile(rb'\{"(undo|redo)":([0-9]{1,9})\}\r?')
_MARKS = (b'round_began"', b'"round_started"', b'"battle_ended"')


@dataclass(frozen=True)
class SaveSummary:
    """A save as a list shows it.  `problem` is "" for a save that could be read; else the
    rest tells nothing.  `round` is None before any round began; `winner` is a side id (None
    for a draw, or a battle not over)."""

    path: Path
    header: SaveHeader | None = None
    round: int | None = None
    over: bool = False
    winner: str | None = None
    steps: int = 0
    problem: str = ""


@dataclass(frozen=True)
class _Mark:
    round: int | None = None
    ended: bool = False
    winner: str | None = None


def summarise(path: str | Path) -> SaveSummary:
    """The summary of the save at `path` (a `problem` if it cannot be read)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            return SaveSummary(path, problem=f"larger than {MAX_SAVE_BYTES // 2**20} MiB")
        with path.open("rb") as handle:
            first = handle.readline(MAX_HEADER_BYTES + 2)
            header = _header(path, first)
            rest = handle.read(MAX_SAVE_BYTES)
    except SaveError as exc:
        return SaveSummary(path, problem=exc.problem)
    except OSError as exc:
        return SaveSummary(path, problem=f"cannot be read ({exc.strerror or exc})")
    return _walk(path, header, rest)


def _header(path: Path, line: bytes) -> SaveHeader:
    """Line 1: the fast way, else the careful way (`SaveError` saying what is wrong)."""
    from game.saves.loader import _Loader

    if not line.strip():
        raise SaveError(path, "file", "empty: a save starts with its header")
    if not line.endswith(b"\n"):
        raise SaveError(path, "file", "the header was cut off mid-write")
    line = line[:-1]
    header = read_header(line)
    if header is None:
        loader = _Loader(path, b"")
        header, _ = loader.header(loader.parse(1, line))
    from rules.engine import ruleset_of

    try:
        ruleset_of(header.ruleset)
    except KeyError:
        raise SaveError(path, "file", f"played under a ruleset this Flank does not have "
                        f"({header.ruleset})") from None
    return header


def _walk(path: Path, header: SaveHeader, rest: bytes) -> SaveSummary:
    """The active line of play as the records lay it out, and the marks along it."""
    opening: _Mark | None = None
    line: list[_Mark | None] = []  # a mark (or None) for each step on the current line
    pos = 0
    for raw in rest.split(b"\n"):
        if not raw.strip(b"\r\x00 "):
            continue
        if raw.startswith(b'{"opening":'):
            opening = _marks(raw)
            continue
        step = _STEP.match(raw)
        if step is not None:
            n = int(step.group(1))
            if n > len(line) + 1 or n < 1:
                break  # not a line of play: loading will say what is wrong
            del line[n - 1:]
            line.append(_marks(raw))
            pos = n
            continue
        count = _COUNT.fullmatch(raw)
        if count is None:
            break  # a line cut off by a crash, or damage: the list shows what came before
        n = int(count.group(2))
        pos = max(0, pos - n) if count.group(1) == b"undo" else min(len(line), pos + n)
    marks = [m for m in (opening, *line[:pos]) if m is not None]
    rounds = [m.round for m in marks if m.round is not None]
    ended = next((m for m in marks if m.ended), None)
    return SaveSummary(path, header, round=rounds[-1] if rounds else None,
                       over=ended is not None, winner=ended.winner if ended else None,
                       steps=pos)


def _marks(raw: bytes) -> _Mark | None:
    """The last round begun in a record and whether the battle ended in it (None if it holds
    neither, or cannot be parsed)."""
    if not any(m in raw for m in _MARKS):
        return None
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    events = record.get("events", record.get("opening")) if isinstance(record, dict) else None
    if not isinstance(events, list):
        return None
    found: int | None = None
    ended, winner = False, None
    for e in events:
        kind = e.get("type") if isinstance(e, dict) else None
        if not isinstance(kind, str):
            continue
        if kind == "round_started" or kind.endswith("_round_began"):
            number: Any = e.get("round")
            if isinstance(number, int) and not isinstance(number, bool) and number > 0:
                found = number
        elif kind == "battle_ended":
            ended = True
            who = e.get("winner")
            winner = who if isinstance(who, str) else None
    if found is None and not ended:
        return None
    return _Mark(found, ended, winner)
