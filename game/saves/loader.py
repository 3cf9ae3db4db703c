"""Loading a save: read it with a size cap, check every line, rebuild the battle.

`load_save` gives a `LoadedSave` or raises `SaveError`, one line ``"PATH: line N: problem"``
(or ``"PATH: problem"``): never a traceback, never a half-loaded battle.  The only thing
let through is what a crash can leave (a last line cut off mid-write, zero bytes at the end):
it is left out with a notice in `LoadedSave.notices`.  The checks of the set-up and the units
(types and sizes a ruleset takes on trust) are `game.saves.checks`; the line of play is
rebuilt by `game.saves.walk`.

Two depths.  Watching a replay folds the recorded events (fast: the file's word is taken for
what each command did).  Loading to play on and ``flank validate`` pass ``verify=True``: the
opening and every command are decided again and compared, every recorded hash checked, and
anything wrong after the header and set-up (a step the rules would not have played, a line
that cannot be read) raises `SaveDiverges`, naming the step in a player's words and holding
the good part before it.  Line ends may be LF or CRLF (a save opened and saved on Windows):
JSON takes the CR as white space.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.saves.checks import _check_options, _check_overrides, _check_templates, _check_units
from game.saves.divergence import Divergence, SaveDiverges, same_events
from game.saves.errors import SaveError, _one_line, _Problem, _q
from game.saves.fastread import read_header, read_record
from game.saves.format import (
    FORMAT,
    MAX_HEADER_BYTES,
    MAX_HEADER_INT,
    MAX_LINE_BYTES,
    MAX_LINES,
    MAX_RECORD_INT,
    MAX_SAVE_BYTES,
    VERSION,
    SaveHeader,
    scenario_hash,
    setup_hash,
)
from game.saves.loaded import LoadedSave, _Record
from game.saves.parsing import _dumps, _json_kind, _parse_json, _record, _validation_problem
from game.saves.upcast import UPCASTERS
from game.saves.walk import LineOfPlay, Stop
from rules.engine import decider, evolve, initial_state, legal_commands, ruleset_of, start
from rules.events import Event
from rules.state import Battle


def _read(path: Path) -> bytes:
    try:
        st = path.stat()
    except FileNotFoundError:
        raise SaveError(path, "file", "file not found") from None
    except OSError as exc:
        raise SaveError(path, "file", f"cannot be read: {exc.strerror or exc}") from None
    if path.is_dir():
        raise SaveError(path, "file", "is a folder, not a save file")
    import stat as stat_mod

    if not stat_mod.S_ISREG(st.st_mode):
        raise SaveError(path, "file", "is not a regular file")
    if st.st_size > MAX_SAVE_BYTES:
        raise SaveError(path, "file", f"file is larger than {_size(MAX_SAVE_BYTES)}")
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveError(path, "file", f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(path, "file", f"file is larger than {_size(MAX_SAVE_BYTES)}")
    return raw


def load_save(path: str | Path, *, verify: bool = False) -> LoadedSave:
    """Read, check and rebuild a save.  Raises `SaveError` (one line) for anything wrong,
    except a last line cut off by a crash, which is left out with a notice.

    With `verify`, every command is decided again and compared with what the save recorded
    (what loading to play on and ``flank validate`` do); a save that parts from the rules,
    or is damaged, after a good beginning raises `SaveDiverges`, which names the step and
    holds the good part.  Without it the recorded events are folded (watching a replay)."""
    path = Path(path)
    with _no_cycle_collection():
        return _Loader(path, _read(path), verify).load()


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's collector of reference cycles left off while a save is read: rebuilding a
    battle makes a few new objects per event (records, units, states), none in a cycle, yet
    the collector walked every live object again every few hundred of them, about a tenth
    of a replay's time (issue 36).  Nothing is lost: what cycles there are are collected
    once it is back on.  Left as it was if it was already off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


class _Loader:
    def __init__(self, path: Path, raw: bytes, verify: bool = False) -> None:
        self.path = path
        self.raw = raw
        self.verify = verify
        self.read = 0  # the format version the file was written in
        self.notices: list[str] = []

    def fail(self, line: int, problem: str) -> SaveError:
        return SaveError(self.path, f"line {line}", problem)

    # the lines of the file, with a crash's leftovers at the end taken off
    def lines(self) -> tuple[list[bytes], int]:
        raw = self.raw
        end = len(raw)
        while end and raw[end - 1] == 0:
            end -= 1
        if end < len(raw):
            self.notices.append(f"{len(raw) - end} zero bytes at the end of the file (left by a "
                                "crash) were left out")
        if end == 0:
            raise self.fail(1, "the file is empty: a save starts with its header")
        body = raw[:end]
        parts = body.split(b"\n")
        tail = parts.pop()  # after the last line end: b"" when the file ends with one
        valid = end - len(tail)
        if len(parts) + (1 if tail else 0) > MAX_LINES:
            raise self.fail(MAX_LINES + 1, f"more than {MAX_LINES} lines")
        if tail:
            number = len(parts) + 1
            keep = False
            if len(tail) <= (MAX_HEADER_BYTES if number == 1 else MAX_LINE_BYTES):
                try:
                    _parse_json(tail.decode("utf-8"),
                                MAX_HEADER_INT if number == 1 else MAX_RECORD_INT)
                    keep = True
                except (UnicodeDecodeError, _Problem):
                    keep = False
            if keep:  # complete, only its line end is missing
                parts.append(tail)
                valid = end
                self.notices.append(f"line {number} had no line end (the save was cut off "
                                    "just after it); it is kept")
            elif number == 1:
                raise self.fail(1, "the header was cut off mid-write: nothing can be loaded")
            else:
                self.notices.append(f"line {number} was cut off mid-write (a crash?): it is "
                                    f"left out and the {number - 1} lines before it are kept")
        return parts, valid

    def parse(self, number: int, line: bytes) -> Any:
        cap = MAX_HEADER_BYTES if number == 1 else MAX_LINE_BYTES
        if len(line) > cap:
            raise self.fail(number, f"line is longer than {_size(cap)}")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise self.fail(number, f"not UTF-8 text (bad byte at column {exc.start + 1})"
                            ) from None
        if not text.strip():
            raise self.fail(number, "empty line (a save has one record on every line)")
        try:
            obj = _parse_json(text, MAX_HEADER_INT if number == 1 else MAX_RECORD_INT)
        except _Problem as exc:
            raise self.fail(number, str(exc)) from None
        if not isinstance(obj, dict):
            raise self.fail(number, f"must be a JSON object, not {_json_kind(obj)}")
        return obj

    def header(self, obj: dict[str, Any]) -> tuple[SaveHeader, int]:
        if obj.get("format") != FORMAT:
            raise self.fail(1, 'not a Flank save: the first line has no "format": '
                               '"flank-save"')
        version = obj.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise self.fail(1, f"version: must be a whole number, not {_q(version)}")
        if version > VERSION:
            raise self.fail(1, f"written by a newer Flank (save format {version}); this one "
                               f"reads formats up to {VERSION}")
        if version < VERSION and version not in UPCASTERS:
            raise self.fail(1, f"unknown save format version {version}")
        read = self.read = version
        while version < VERSION:
            obj = UPCASTERS[version](obj)
            version += 1
        try:
            header = SaveHeader.model_validate_json(_dumps(obj), strict=True)
        except ValidationError as exc:
            raise self.fail(1, _validation_problem(exc)) from None
        return header, read

    def check_header(self, h: SaveHeader) -> Battle:
        setup = h.setup
        try:
            ruleset_of(h.ruleset)
        except KeyError:
            raise self.fail(1, f"ruleset: unknown ruleset {_q(h.ruleset)} (`flank rulesets` "
                               "lists them)") from None
        if setup.ruleset != h.ruleset:
            raise self.fail(1, f"setup.ruleset: {_q(setup.ruleset)} is not the header's "
                               f"ruleset {_q(h.ruleset)}")
        if setup.seed != h.seed:
            raise self.fail(1, f"setup.seed: {setup.seed} is not the header's seed {h.seed}")
        ids = [s.id for s in setup.sides]
        for side in h.sides:
            if side not in ids:
                raise self.fail(1, f"sides: {_q(side)} is not a side of the setup "
                                   f"({', '.join(ids)})")
        for side in ids:
            if side not in h.sides:
                raise self.fail(1, f"sides: side {_q(side)} of the setup has no controller")
        if h.scenario_hash != scenario_hash(setup, h.scenario.path) and (
                h.scenario_hash != setup_hash(setup)):  # a save from before the path counted
            raise self.fail(1, "scenario_hash: does not match the setup and the map path (one "
                               "of them was changed after the battle was saved)")
        palette = setup.board.palette
        seen: set[tuple[int, int]] = set()
        for i, (q, r, key) in enumerate(setup.board.cells):
            if key not in palette:
                raise self.fail(1, f"setup.board.cells[{i}]: terrain {_q(key)} is not in the "
                                   "palette")
            if (q, r) in seen:
                raise self.fail(1, f"setup.board.cells[{i}]: hex ({q}, {r}) is listed twice")
            seen.add((q, r))
        problem = _check_templates(setup) or _check_options(setup) or _check_overrides(setup)
        if problem:
            raise self.fail(1, problem)
        try:
            state = initial_state(setup)
        except Exception as exc:  # the ruleset refuses the set-up: say why, in one line
            raise self.fail(1, f"setup: {_exc_text(exc)}") from None
        problem = _check_units(state)
        if problem:
            raise self.fail(1, f"setup: {problem}")
        return state

    def record(self, number: int, obj: dict[str, Any], version: int,
               context: dict[str, Any]) -> _Record:
        try:
            return _record(number, obj, version, context)
        except _Problem as exc:
            raise self.fail(number, str(exc)) from None

    def apply(self, number: int, state: Battle, events: Sequence[Event], where: str) -> Battle:
        for i, e in enumerate(events):
            try:
                state = evolve(state, e)
            except Exception as exc:  # an event that does not fit this battle
                raise self.fail(number, f"{where}[{i}] ({e.type}) does not apply: "
                                        f"{_exc_text(exc)}") from None
        return state

    def records(self, lines: list[bytes], read: int) -> tuple[list[_Record], SaveError | None]:
        """Every record after the header.  Checking (`verify`), a line that cannot be read
        ends them, and is returned to be told once the good part before it is rebuilt."""
        records: list[_Record] = []
        context: dict[str, Any] = {}
        fast = read == VERSION  # an older format is upgraded line by line, the careful way
        for i, line in enumerate(lines[1:], start=2):
            rec = read_record(i, line) if fast else None
            if rec is not None:
                records.append(rec)
                continue
            try:
                records.append(self.record(i, self.parse(i, line), read, context))
            except SaveError as exc:
                if not self.verify:
                    raise
                return records, exc
        return records, None

    def opening(self, header: SaveHeader, initial: Battle, records: list[_Record],
                broken: SaveError | None) -> tuple[tuple[Event, ...], Battle]:
        """The opening events and the state after them.  Checking, they are the rules' own
        (`engine.start`) and must be what the save recorded."""
        first = records[0] if records else None
        if first is not None and first.kind != "opening":
            raise self.fail(first.line, "the opening events must come first, after the header")
        if first is None:
            if broken is None:
                self.notices.append("the save holds only its header (the battle had not "
                                    "begun): it starts afresh")
            fresh, started = start(header.setup)
            if not self.verify:
                fresh = self.apply(1, initial, started, "opening")
            return tuple(started), fresh
        if not self.verify:
            return first.events, self.apply(first.line, initial, first.events, "opening")
        fresh, started = start(header.setup)
        div = same_events(first.events, started, 0, first.line, initial)
        if div is not None:
            raise self.diverges(first.line, f"the opening (the battle's start): {div.said}",
                                header, initial, None, [], div)
        return first.events, fresh

    def load(self) -> LoadedSave:
        lines, valid = self.lines()
        fast = read_header(lines[0])  # None: older, or not plain: the careful way
        if fast is not None:
            header, read = fast, VERSION
            self.read = VERSION
        else:
            header, read = self.header(self.parse(1, lines[0]))
        initial = self.check_header(header)
        records, broken = self.records(lines, read)
        if broken is not None and not records:  # the opening line itself cannot be read
            raise self.diverges(_line_of(broken), f"the opening (the battle's start): "
                                f"{broken.problem}", header, initial, None, [])
        opening, state0 = self.opening(header, initial, records, broken)
        problem = _check_units(state0)
        if problem:
            raise self.fail(records[0].line if records else 1, f"opening: {problem}")

        walk = LineOfPlay(state0, header.undo, decide=self.verify, apply=self.apply)
        for k, rec in enumerate(records[1:], start=1):
            try:
                walk.take(rec)
            except Stop as stop:
                if self.verify:
                    raise self.diverges(stop.line, stop.said, header, initial, walk,
                                        records[:k], stop.divergence) from None
                raise self.fail(stop.line, stop.problem) from None
        try:
            walk.check_hashes()
        except Stop as stop:
            raise self.fail(stop.line, stop.problem) from None
        if broken is not None:
            raise self.diverges(_line_of(broken), f"{walk.after()}: {broken.problem}", header,
                                initial, walk, records)
        final = walk.state
        where = records[-1].line if records else 1
        problem = _check_units(final)
        if problem:
            raise self.fail(where, problem)
        side = decider(final)
        if side is not None:
            try:
                stuck = not legal_commands(final, side)
            except Exception as exc:  # the rules cannot make sense of the state
                raise self.fail(where, f"the rules cannot go on from here: {_exc_text(exc)}"
                                ) from None
            if stuck:
                raise self.fail(where, f"side {_q(side)} must decide but the rules offer it "
                                       "nothing (the events do not fit the setup)")
        return LoadedSave(
            path=self.path, header=header, version_read=self.read, opening=opening,
            history=[(s.command, s.events) for s in walk.history],
            redo=[(s.command, s.events) for s in walk.redo], steps=walk.steps,
            initial=initial, opening_state=state0, state=final, notices=self.notices,
            valid_bytes=valid, opening_recorded=bool(records), records=records,
            line_states=walk.states[:walk.pos + 1])

    def diverges(self, line: int, said: str, header: SaveHeader, initial: Battle,
                 walk: LineOfPlay | None, records: list[_Record],
                 divergence: Divergence | None = None) -> SaveDiverges:
        """The save parts from the rules (or is damaged) at `line`: the error, holding the
        part before it (`walk`'s line of play; None: only the battle's start)."""
        if walk is None:
            state0, started = start(header.setup)
            opening, history, redo, steps = tuple(started), [], [], []
            records = []
        else:
            state0 = walk.states[0]
            opening = records[0].events
            history, redo, steps = walk.history, walk.redo, walk.steps
        good = LoadedSave(
            path=self.path, header=header, version_read=self.read, opening=opening,
            history=[(s.command, s.events) for s in history],
            redo=[(s.command, s.events) for s in redo], steps=list(steps), initial=initial,
            opening_state=state0, state=walk.state if walk is not None else state0,
            notices=list(self.notices),
            valid_bytes=len(self.raw),  # never cut: the part is for reading, not appending
            opening_recorded=bool(records), records=list(records))
        return SaveDiverges(self.path, line, said, good=good, divergence=divergence)


def _line_of(exc: SaveError) -> int:
    """The line a record's error is on (its `where` is ``line N``)."""
    return int(exc.where.removeprefix("line "))


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n % 2**20 == 0 else f"{n} bytes"


def _exc_text(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return _one_line(str(exc.args[0]), 200)
    text = _one_line(str(exc), 200)
    return text or type(exc).__name__
