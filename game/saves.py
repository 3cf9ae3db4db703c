"""Saves are the event log: crash-safe, versioned JSON-lines files that are also replays.

Headless: never imports pygame.  No pickle, no eval: a save is plain JSON read with `json`
and validated with pydantic, line by line, before anything is built from it.

The file (``.flank``; ``.jsonl`` is read too), one JSON object a line::

    {"format":"flank-save","version":1,"flank_version":"0.1.0","ruleset":"fallen_empire",
     "scenario":{"title":"Duel","path":"maps/duel.tmx"},"scenario_hash":"<sha256 of setup>",
     "seed":7,"sides":{"men":"human:Alice","orcs":"ai:tactician"},
     "created":"2025-01-31T20:15:00+00:00","undo":"dice","setup":{...the BattleSetup...}}
    {"opening":[{"type":"round_started","round":1,"rolls":[]}, ...]}
    {"step":1,"command":{"type":"declare","unit":"hero","action":"move"},"events":[...],
     "hash":"<state_hash after the step>"}
    {"undo":1}
    {"step":1,"command":{...another command...},"events":[...],"hash":"..."}
    {"redo":1}                                   (only ever after an undo)

* Line 1, the header, holds the whole `BattleSetup`, so a save needs no map file;
  ``scenario_hash`` is the SHA-256 of the setup's canonical JSON (`setup_hash`).
* The opening record holds the events of `engine.start` (round 1, surprise, ...).
* A step record holds the command and every event it led to, so ``flank replay --verify``
  can decide each command again and compare.  ``step`` is the step's number on the line of
  play (1 = the first command); ``hash`` is `state_hash` of the state after it.
* Undo and redo are moves of the position on the line of play, never deletions: ``{"undo": n}``
  steps back n steps, ``{"redo": n}`` forward again, and a new step after an undo replaces the
  undone ones on the active line (they stay in the file).  `load_save` rebuilds the active
  line; see `game.undo` for the rules of undo.

Crash safety: `SaveWriter` writes the header to a temporary file and renames it into place,
then appends each record as one ``write`` of a whole line, and fsyncs.  A crash (even a kill
-9 mid-write) can only leave a last line that was cut off; `load_save` leaves such a line out
with a notice (`LoadedSave.notices`) and keeps everything before it, and
`SaveWriter.resume` cuts it off before appending.  Anything else wrong with a file raises
`SaveError`, whose ``str()`` is one line ``"PATH: line N: problem"`` (or ``"PATH: file:
problem"``): never a traceback, never a half-loaded battle.

Versions: saves of older formats are upgraded on load by `UPCASTERS` (header) and
`RECORD_UPCASTERS` (records), one version at a time.  Version 0 was the development format::

    {"format":"flank-save","version":0,"rules":"fallen_empire","map":"maps/duel.tmx",
     "title":"Duel","seed":7,"players":{"men":"human","orcs":"ai"},"setup":{...}}
    {"opening":[...]}
    {"cmd":{...},"events":[...]}

It said ``rules`` for the ruleset, named the map and title apart, gave each side only a kind
of player, kept no scenario hash, creation time or Flank version, numbered no steps, hashed
no states and had no undo.  `_upcast_header_0` and `_upcast_record_0` turn it into version 1.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
)

from rules.commands import Command, command_adapter
from rules.data import DataError, describe_validation_error
from rules.engine import (
    BattleSetup,
    IllegalCommand,
    decider,
    evolve,
    initial_state,
    legal_commands,
    ruleset_of,
    start,
    submit,
)
from rules.events import Event, event_adapter
from rules.state import DEAD, GONE, Battle, state_hash

__all__ = [
    "FORMAT", "MAX_DEPTH", "MAX_HEADER_BYTES", "MAX_LINES", "MAX_LINE_BYTES", "MAX_SAVE_BYTES",
    "RECORD_UPCASTERS", "SAVE_SUFFIXES", "UPCASTERS", "VERSION", "Divergence", "LoadedSave",
    "ReplayCursor", "SaveError", "SaveHeader", "SaveWriter", "ScenarioRef", "Step",
    "VerifyResult", "autosave_path", "check_data_table", "latest_save", "list_saves",
    "load_save", "new_header", "resume_battle", "save_dir", "seats_from_header", "setup_hash",
    "start_autosave", "validate_files", "verify_save",
]

FORMAT = "flank-save"
VERSION = 1
SAVE_SUFFIXES = (".flank", ".jsonl")

MAX_SAVE_BYTES = 64 * 1024 * 1024
"""Saves larger than this (64 MiB) are refused unread: a long battle is a few megabytes."""
MAX_HEADER_BYTES = 16 * 1024 * 1024
"""The header line holds the whole board; the largest legal board fits well inside this."""
MAX_LINE_BYTES = 1024 * 1024
"""Any other line (one step: a command and its events) may be at most 1 MiB."""
MAX_LINES = 1_000_000
MAX_DEPTH = 32
"""JSON nested deeper than this is refused (real records nest five or six levels)."""
MAX_RECORD_INT = 2**31 - 1
"""No number in a record (events, commands) may be beyond ± this."""
MAX_HEADER_INT = 2**63
MAX_UNIT_INT = 1_000_000
"""No unit statistic in a battle (hit points, moves, ...) may be beyond ± this."""

_EXCERPT = 60


# --- errors ---------------------------------------------------------------------------------


class SaveError(Exception):
    """A save that cannot be loaded.  ``str()`` is one line: ``"PATH: WHERE: problem"``, where
    WHERE is ``line N`` or ``file``."""

    def __init__(self, path: str | Path, where: str, problem: str) -> None:
        self.path = str(path)
        self.where = where
        self.problem = _one_line(problem)
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.path}: {self.where}: {self.problem}"


class _Problem(Exception):
    """A problem found inside one line; the loader adds the path and line number."""


def _one_line(text: str, limit: int = 400) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _q(value: Any, limit: int = _EXCERPT) -> str:
    """A value quoted for a message, cut short."""
    text = repr(value) if not isinstance(value, str) else "'" + value + "'"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 2] + "…'"


# --- the header -----------------------------------------------------------------------------

CONTROLLER_KINDS = ("human", "ai", "random", "script", "remote", "gm")
_CONTROLLER_RE = re.compile("(" + "|".join(CONTROLLER_KINDS) + r"):[^\x00-\x1f]{0,80}")


def _check_controller(value: str) -> str:
    if not _CONTROLLER_RE.fullmatch(value):
        raise ValueError(f"{_q(value)} is not a player like \"human:Alice\", \"ai:tactician\" "
                         "or \"random:7\"")
    return value


Controller = typing.Annotated[str, AfterValidator(_check_controller)]


class ScenarioRef(BaseModel):
    """Where the battle came from: the scenario's title and its map path, as given."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    title: str = Field("", max_length=200)
    path: str = Field("", max_length=4096)


class SaveHeader(BaseModel):
    """Line 1 of a save."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    format: Literal["flank-save"] = FORMAT
    version: Literal[1] = VERSION
    flank_version: str = Field(max_length=40)
    ruleset: str = Field(min_length=1, max_length=40)
    scenario: ScenarioRef
    scenario_hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    seed: int = Field(ge=0, lt=2**63)
    sides: dict[str, Controller] = Field(min_length=1, max_length=16)
    created: str | None = Field(None, max_length=40)
    undo: Literal["dice", "free"] = "dice"
    setup: BattleSetup

    @field_validator("created")
    @classmethod
    def _iso_utc(cls, value: str | None) -> str | None:
        if value is None:
            return value
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{_q(value)} is not an ISO date and time") from None
        if when.utcoffset() is None:
            raise ValueError(f"{_q(value)} has no time zone (saves use UTC)")
        return value


def setup_hash(setup: BattleSetup) -> str:
    """SHA-256 of the setup's canonical JSON: what ``scenario_hash`` must be."""
    body = json.dumps(setup.model_dump(mode="json"), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(body.encode()).hexdigest()


def flank_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("flank")
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover
        pass
    try:  # running from a checkout: the version in pyproject.toml
        import tomllib

        meta = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml")
                             .read_text(encoding="utf-8"))
        return str(meta["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "dev"


def new_header(setup: BattleSetup, *, scenario_path: str | Path = "",
               controllers: Mapping[str, str] | None = None, undo: str = "dice",
               title: str | None = None) -> SaveHeader:
    """The header of a new save.  `controllers`: side id → ``"human:NAME"``, ``"ai:NAME"``,
    ``"random:SEED"``...; sides not given are ``"human:<side name>"``."""
    controllers = dict(controllers or {})
    sides = {s.id: controllers.get(s.id, f"human:{s.name or s.id}") for s in setup.sides}
    return SaveHeader(
        flank_version=flank_version()[:40], ruleset=setup.ruleset,
        scenario=ScenarioRef(title=(setup.title if title is None else title)[:200],
                             path=str(scenario_path)[:4096]),
        scenario_hash=setup_hash(setup), seed=setup.seed, sides=sides,
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        undo=undo,  # type: ignore[arg-type]
        setup=setup)


# --- upcasters ------------------------------------------------------------------------------


def _upcast_header_0(obj: dict[str, Any]) -> dict[str, Any]:
    """Version 0 → 1: ``rules`` → ``ruleset``; ``map`` and ``title`` → ``scenario``;
    ``players`` (side → kind) → ``sides`` (side → ``"kind:side"``); ``scenario_hash`` computed
    from the setup; no creation time is known; undo reaches back to the last roll."""
    out = {k: v for k, v in obj.items() if k not in ("rules", "map", "title", "players")}
    out["version"] = 1
    out["flank_version"] = "0 (save format 0)"
    if "rules" in obj:
        out["ruleset"] = obj["rules"]
    out["scenario"] = {"title": obj.get("title", ""), "path": obj.get("map", "")}
    players = obj.get("players")
    if isinstance(players, dict):
        out["sides"] = {side: f"{kind}:{side}" if isinstance(kind, str) else kind
                        for side, kind in players.items()}
    else:
        out["sides"] = players
    out["scenario_hash"] = "0" * 64  # if the setup is bad, validating it will say how
    with contextlib.suppress(ValidationError, ValueError, TypeError):
        out["scenario_hash"] = setup_hash(
            BattleSetup.model_validate_json(json.dumps(obj.get("setup")), strict=True))
    out["created"] = None
    out["undo"] = "dice"
    return out


def _upcast_record_0(obj: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    """Version 0 → 1: a step was ``{"cmd": ..., "events": ...}``, unnumbered."""
    if "cmd" in obj and "command" not in obj:
        context["steps"] = context.get("steps", 0) + 1
        out = {"step": context["steps"], "command": obj["cmd"]}
        out.update({k: v for k, v in obj.items() if k != "cmd"})
        return out
    return obj


UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upcast_header_0}
"""version → the function that upgrades a header of that version to the next."""
RECORD_UPCASTERS: dict[int, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    0: _upcast_record_0}
"""version → the function that upgrades one record of that version to the next (with a
context dict it may keep counters in)."""


# --- reading JSON safely --------------------------------------------------------------------


def _no_constants(name: str) -> Any:
    raise _Problem(f"{name} is not a number a save may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Problem(f"the number {_q(text)} is too large")
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Problem(f"the key {_q(key)} appears twice in one object")
        out[key] = value
    return out


def _int_parser(limit: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text) > 40:
            raise _Problem(f"the number {_q(text, 30)} is out of range")
        value = int(text)
        if abs(value) > limit:
            raise _Problem(f"the number {value} is out of range (at most ±{limit})")
        return value
    return parse


def _parse_json(text: str, int_limit: int) -> Any:
    try:
        obj = json.loads(text, parse_constant=_no_constants, parse_float=_finite_float,
                         parse_int=_int_parser(int_limit), object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise _Problem(f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise _Problem(f"JSON nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:  # e.g. an integer with too many digits
        raise _Problem(f"not valid JSON: {_one_line(str(exc), 80)}") from None
    _check_depth(obj)
    return obj


def _check_depth(obj: Any) -> None:
    todo: list[tuple[Any, int]] = [(obj, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise _Problem(f"JSON nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _validation_problem(exc: ValidationError, prefix: str = "", tag: str | None = None) -> str:
    """One pydantic error in plain words, located (``events[2].hp_after: must be ...``)."""
    err = exc.errors()[0]
    kind = err["type"]
    where, problem = describe_validation_error(exc)
    if kind == "union_tag_invalid":
        found = (err.get("ctx") or {}).get("tag", err.get("input"))
        problem = f"unknown {tag or 'record'} type {_q(found)}"
    elif kind == "union_tag_not_found":
        problem = f"has no 'type' (every {tag or 'record'} names its type)"
    elif kind in ("model_type", "model_attributes_type") and where == "(top level)":
        problem = f"must be an object, not {_q(err.get('input'))}"
    loc = list(err["loc"])
    if tag is not None and loc and isinstance(loc[0], str) and kind not in (
            "union_tag_invalid", "union_tag_not_found"):
        # a discriminated union puts the type tag first: drop it from the place
        rest = where.split(".", 1)
        where = rest[1] if len(rest) == 2 else "(top level)"
    # the loader's words are for TOML tables; a save is JSON
    problem = (problem.replace("must be a table", "must be an object")
               .replace("(misspelt, or in the wrong table?)", "(misspelt, or in the wrong place?)"))
    if where == "(top level)":
        where = ""
    if prefix and where:
        where = f"{prefix}.{where}" if not where.startswith("[") else f"{prefix}{where}"
    elif prefix:
        where = prefix
    return f"{where}: {problem}" if where else problem


def _event(raw: Any, where: str) -> Event:
    try:
        return event_adapter().validate_json(_dumps(raw), strict=True)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise _Problem(_validation_problem(exc, where, "event")) from None


def _command(raw: Any, where: str) -> Command:
    try:
        return command_adapter().validate_json(_dumps(raw), strict=True)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise _Problem(_validation_problem(exc, where, "command")) from None


# --- what a loaded save holds ---------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step record: a command and the events it led to, at `number` on its line."""

    number: int
    command: Command
    events: tuple[Event, ...]
    hash: str | None
    line: int


@dataclass(frozen=True)
class _Record:
    line: int
    kind: Literal["opening", "step", "undo", "redo"]
    step: Step | None = None
    count: int = 0
    events: tuple[Event, ...] = ()


@dataclass
class LoadedSave:
    """A save, checked and rebuilt.  `state` is `initial_state(setup)` with every event of the
    active line folded in; `turn_manager(seats)` resumes the battle."""

    path: Path
    header: SaveHeader
    version_read: int  # the format version the file was written in (before upcasting)
    opening: tuple[Event, ...]  # the events of the battle's automatic opening
    history: list[tuple[Command, tuple[Event, ...]]]  # the active line: (command, events)
    redo: list[tuple[Command, tuple[Event, ...]]]  # undone steps that may be redone, in order
    steps: list[Step]  # every step record of the file, undone ones too, in file order
    initial: Battle  # before any event
    opening_state: Battle  # after the opening (position 0 of the line of play)
    state: Battle  # now
    notices: list[str] = field(default_factory=list)
    valid_bytes: int = 0  # the file's length up to the end of its last good line
    opening_recorded: bool = True  # False: the file holds only its header
    records: list[_Record] = field(default_factory=list, repr=False)

    @property
    def setup(self) -> BattleSetup:
        return self.header.setup

    @property
    def events(self) -> list[Event]:
        """The whole active log: the opening, then every step's events, in order."""
        out = list(self.opening)
        for _, evs in self.history:
            out.extend(evs)
        return out

    @property
    def position(self) -> int:
        return len(self.history)

    def turn_manager(self, seats: Mapping[str, Any] | None = None,
                     ai: Callable[[str, str], Any] | None = None) -> Any:
        """A `TurnManager` that carries on from here.  Without `seats`, they are made from the
        header's controllers (`seats_from_header`)."""
        from game.turns import TurnManager

        seats = dict(seats) if seats is not None else seats_from_header(self.header, ai)
        return TurnManager(self.state, seats, events=self.opening, history=self.history)


def seats_from_header(header: SaveHeader, ai: Callable[[str, str], Any] | None = None
                      ) -> dict[str, Any]:
    """Seats for the sides of a save: ``human:NAME`` → a `HumanController` named NAME;
    ``random:SEED`` → `RandomController(SEED)`; ``ai:NAME`` → ``ai(side, NAME)`` if given,
    else `game.ai.make_controller(NAME)` (a `RandomController` if there is no such player);
    anything else is a human seat."""
    from game.turns import HumanController, RandomController, Seat

    if ai is None:
        ai = _default_ai(header.seed)

    seats: dict[str, Any] = {}
    names = {s.id: s.name or s.id for s in header.setup.sides}
    for side, who in header.sides.items():
        kind, _, name = who.partition(":")
        if kind == "random":
            seed = int(name) if name.isdigit() and len(name) < 19 else 0
            seats[side] = Seat(side, RandomController(seed), False, name or side)
        elif kind == "ai":
            ctl = ai(side, name)
            seats[side] = Seat(side, ctl, False, name or "computer")
        else:
            seats[side] = Seat(side, HumanController(), True, name or names.get(side, side))
    return seats


def _default_ai(seed: int) -> Callable[[str, str], Any]:
    def make(side: str, name: str) -> Any:
        from game.turns import RandomController

        try:
            from game.ai import make_controller
        except ImportError:
            return RandomController(seed)
        try:
            return make_controller(name or "ai", seed=seed)
        except ValueError:
            return RandomController(seed)
    return make


# --- loading --------------------------------------------------------------------------------


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


def load_save(path: str | Path) -> LoadedSave:
    """Read, check and rebuild a save.  Raises `SaveError` (one line) for anything wrong,
    except a last line cut off by a crash, which is left out with a notice."""
    path = Path(path)
    return _Loader(path, _read(path)).load()


class _Loader:
    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self.raw = raw
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
        read = version
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
        if setup_hash(setup) != h.scenario_hash:
            raise self.fail(1, "scenario_hash: does not match the setup (the setup was changed "
                               "after the battle was saved)")
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
        while version < VERSION:
            obj = RECORD_UPCASTERS[version](obj, context)
            version += 1
        kinds = [k for k in ("opening", "command", "undo", "redo") if k in obj]
        if len(kinds) != 1:
            if not kinds:
                raise self.fail(number, "not a record: expected \"opening\", \"command\", "
                                        "\"undo\" or \"redo\"")
            raise self.fail(number, f"one record has both {_q(kinds[0])} and {_q(kinds[1])}")
        kind = kinds[0]
        allowed = {"opening": {"opening"}, "command": {"step", "command", "events", "hash"},
                   "undo": {"undo"}, "redo": {"redo"}}[kind]
        extra = sorted(set(obj) - allowed)
        if extra:
            raise self.fail(number, f"{_q(extra[0])}: is not a known key of a {kind} record")
        try:
            if kind == "opening":
                return _Record(number, "opening", events=self.events(obj["opening"], "opening"))
            if kind in ("undo", "redo"):
                n = obj[kind]
                if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    raise _Problem(f"{kind}: must be a whole number of steps, at least 1, not "
                                   f"{_q(n)}")
                return _Record(number, kind, count=n)  # type: ignore[arg-type]
            step = obj.get("step")
            if isinstance(step, bool) or not isinstance(step, int) or step < 1:
                raise _Problem(f"step: must be a whole number, at least 1, not {_q(step)}")
            if "events" not in obj:
                raise _Problem("events: is required but missing")
            h = obj.get("hash")
            if h is not None and not (isinstance(h, str) and re.fullmatch(r"[0-9a-f]{32}", h)):
                raise _Problem(f"hash: must be a state hash (32 hex digits), not {_q(h)}")
            cmd = _command(obj["command"], "command")
            evs = self.events(obj["events"], "events")
            return _Record(number, "step", step=Step(step, cmd, evs, h, number))
        except _Problem as exc:
            raise self.fail(number, str(exc)) from None

    def events(self, raw: Any, where: str) -> tuple[Event, ...]:
        if not isinstance(raw, list):
            raise _Problem(f"{where}: must be a list of events, not {_json_kind(raw)}")
        return tuple(_event(item, f"{where}[{i}]") for i, item in enumerate(raw))

    def apply(self, number: int, state: Battle, events: Sequence[Event], where: str) -> Battle:
        for i, e in enumerate(events):
            try:
                state = evolve(state, e)
            except Exception as exc:  # an event that does not fit this battle
                raise self.fail(number, f"{where}[{i}] ({e.type}) does not apply: "
                                        f"{_exc_text(exc)}") from None
        return state

    def load(self) -> LoadedSave:
        lines, valid = self.lines()
        header_obj = self.parse(1, lines[0])
        header, read = self.header(header_obj)
        initial = self.check_header(header)
        records: list[_Record] = []
        context: dict[str, Any] = {}
        for i, line in enumerate(lines[1:], start=2):
            records.append(self.record(i, self.parse(i, line), read, context))

        opening: tuple[Event, ...] = ()
        opening_recorded = True
        if not records:
            _, started = start(header.setup)
            opening = tuple(started)
            opening_recorded = False
            self.notices.append("the save holds only its header (the battle had not begun): "
                                "it starts afresh")
        elif records[0].kind != "opening":
            raise self.fail(records[0].line, "the opening events must come first, after the "
                                              "header")
        else:
            opening = records[0].events
        state0 = self.apply(records[0].line if records else 1, initial, opening, "opening")
        problem = _check_units(state0)
        if problem:
            raise self.fail(records[0].line if records else 1, f"opening: {problem}")

        line_steps: list[Step] = []  # the current line of play (undone steps included)
        states: list[Battle] = [state0]  # the state at each position of that line
        pos = 0
        steps: list[Step] = []
        last: tuple[Step, Battle] | None = None  # the last step record, and the state after it
        for rec in records[1:]:
            if rec.kind == "opening":
                raise self.fail(rec.line, "a second opening record")
            if rec.kind == "undo":
                if rec.count > pos:
                    raise self.fail(rec.line, f"undo {rec.count}: only {pos} step(s) can be "
                                              "undone here")
                if header.undo == "dice":
                    for k in range(pos - 1, pos - rec.count - 1, -1):
                        if any(e.rolls for e in line_steps[k].events):
                            raise self.fail(
                                rec.line, f"undo {rec.count}: step {k + 1} rolled dice, and "
                                "undo reaches back only to the last roll (undo mode 'dice')")
                pos -= rec.count
                continue
            if rec.kind == "redo":
                if pos + rec.count > len(line_steps):
                    raise self.fail(rec.line, f"redo {rec.count}: only "
                                              f"{len(line_steps) - pos} step(s) were undone")
                pos += rec.count
                continue
            step = rec.step
            assert step is not None
            if step.number != pos + 1:
                raise self.fail(rec.line, f"step: is {step.number}, but the next step here is "
                                          f"{pos + 1}")
            before = states[pos]
            if before.outcome is not None:
                raise self.fail(rec.line, "the battle was already over: no step can follow")
            if decider(before) is None:
                raise self.fail(rec.line, "nobody was to decide: no step can follow")
            after = self.apply(rec.line, before, step.events, "events")
            del line_steps[pos:]
            line_steps.append(step)
            del states[pos + 1:]
            states.append(after)
            pos += 1
            steps.append(step)
            last = (step, after)
        final = states[pos]
        if last is not None:
            self.check_hash(*last)
            if pos and line_steps[pos - 1] is not last[0]:
                self.check_hash(line_steps[pos - 1], final)
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
            path=self.path, header=header, version_read=read, opening=opening,
            history=[(s.command, s.events) for s in line_steps[:pos]],
            redo=[(s.command, s.events) for s in line_steps[pos:]], steps=steps,
            initial=initial, opening_state=state0, state=final, notices=self.notices,
            valid_bytes=valid, opening_recorded=opening_recorded, records=records)

    def check_hash(self, step: Step, state: Battle) -> None:
        if step.hash is not None and state_hash(state) != step.hash:
            raise self.fail(step.line, f"hash: the state after step {step.number} does not "
                                       "match the hash recorded with it")


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n % 2**20 == 0 else f"{n} bytes"


def _json_kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false",
            type(None): "null"}.get(type(value), "a number")


def _exc_text(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return _one_line(str(exc.args[0]), 200)
    text = _one_line(str(exc), 200)
    return text or type(exc).__name__


def _check_options(setup: BattleSetup) -> str | None:
    """GM options of the setup whose key is a value in the ruleset's data tables must have
    that value's type (the ruleset reads them as they are)."""
    config = _ruleset_config(setup.ruleset)
    if config is None:
        return None
    for key, value in setup.options.items():
        if key in type(config).model_fields:
            try:
                type(config).model_validate({key: value})
            except ValidationError as exc:
                where, problem = describe_validation_error(exc)
                return f"setup.options.{where}: {problem}"
    return None


def _ruleset_config(ruleset: str) -> BaseModel | None:
    loader = _table_loader(ruleset)
    if loader is None:
        return None
    try:
        config = getattr(loader(None), "config", None)
    except Exception:  # the shipped tables are broken: the ruleset will say so itself
        return None
    return config if isinstance(config, BaseModel) else None


def _check_templates(setup: BattleSetup) -> str | None:
    """Every unit names one of the ruleset's templates (when the ruleset lists them)."""
    try:
        known = ruleset_of(setup.ruleset).templates()
    except Exception:
        return None
    if not known:
        return None
    for i, spec in enumerate(setup.units):
        if spec.template not in known:
            import difflib

            close = difflib.get_close_matches(spec.template, known, n=1)
            hint = f" (did you mean {_q(close[0])}?)" if close else ""
            return (f"setup.units[{i}].template: {_q(spec.template)} is not a template of "
                    f"{setup.ruleset}{hint}")
    return None


def _check_overrides(setup: BattleSetup) -> str | None:
    """Per-unit overrides must have the type of the statistic they replace (the ruleset
    copies them onto the unit as they are).  The unit classes come from the setup built
    without its overrides."""
    if not any(u.overrides for u in setup.units):
        return None
    plain = setup.model_copy(update={"units": tuple(u.model_copy(update={"overrides": {}})
                                                    for u in setup.units)})
    try:
        classes = {u.id: type(u) for u in initial_state(plain).units}
    except Exception:  # the setup is bad anyway: building it for real will say how
        return None
    for i, spec in enumerate(setup.units):
        hints = _hints(classes[spec.id]) if spec.id in classes else {}
        for key, value in spec.overrides.items():
            hint = hints.get(key)
            if hint is None:
                continue  # not a statistic: the ruleset says whether it may be overridden
            if typing.get_origin(hint) is tuple and isinstance(value, list):
                value = tuple(value)
            problem = _check_value(value, hint)
            if problem:
                return f"setup.units[{i}].overrides.{key}: {problem}"
    return None


_SCALARS = (int, str, bool)


def _check_units(state: Battle) -> str | None:
    """Every unit's statistics have their declared type and a sane size, and every unit still
    in the battle stands on a hex of the board (or nowhere)."""
    for u in state.units:
        if u.pos is not None and u.status not in (DEAD, GONE) and u.pos not in state.board:
            return f"unit {_q(u.id)} stands at ({u.pos.q}, {u.pos.r}), off the board"
        hints = _hints(type(u))
        for name, hint in hints.items():
            value = getattr(u, name, None)
            problem = _check_value(value, hint)
            if problem:
                return f"unit {_q(u.id)}: {name} {problem}"
    return None


_HINT_CACHE: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINT_CACHE:
        import dataclasses

        try:
            hints = typing.get_type_hints(cls)
        except Exception:
            hints = {}
        _HINT_CACHE[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls)
                            if f.name in hints}
    return _HINT_CACHE[cls]


def _check_value(value: Any, hint: Any) -> str | None:
    if hint is bool:
        return None if isinstance(value, bool) else f"must be true or false, not {_q(value)}"
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be a whole number, not {_q(value)}"
        if abs(value) > MAX_UNIT_INT:
            return f"is {_q(value)}, beyond ±{MAX_UNIT_INT}"
        return None
    if hint is str:
        if not isinstance(value, str):
            return f"must be text, not {_q(value)}"
        return None if len(value) <= 200 else "is longer than 200 characters"
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(value, tuple):
            return f"must be a list, not {_q(value)}"
        if len(value) > 1000:
            return "has more than 1000 entries"
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis and args[0] in _SCALARS:
            for item in value:
                problem = _check_value(item, args[0])
                if problem:
                    return problem
    return None


# --- writing --------------------------------------------------------------------------------


class _StepListener:
    """The turn manager listener that records each step (re-bindable after an undo)."""

    def __init__(self, writer: SaveWriter, tm: Any) -> None:
        self.writer = writer
        self.tm = tm

    def rebind(self, tm: Any) -> None:
        self.tm = tm

    def __call__(self, events: tuple[Event, ...]) -> None:
        command, evs = self.tm.history[-1]
        self.writer.record_step(command, evs, state=self.tm.state)


class SaveWriter:
    """Appends a battle to its save as it is played: each record one whole line, written,
    flushed and (with `fsync`, the default) forced to disk before the call returns.

        writer = SaveWriter(autosave_path(setup.title), new_header(setup, ...))
        writer.attach(tm)            # the opening now, then every step as it is played

    A new save never overwrites a file: the header is written to ``NAME.part`` and renamed
    into place.  `resume(loaded)` appends to a loaded save."""

    def __init__(self, path: str | Path, header: SaveHeader, *, fsync: bool = True,
                 _append: LoadedSave | None = None) -> None:
        self.path = Path(path)
        self.header = header
        self.fsync = fsync
        self.position = 0  # steps on the active line of play
        self.line_length = 0  # steps on the current line (position + those undone)
        self.opening_recorded = False
        self.closed = False
        if _append is None:
            self._create()
        else:
            self._reopen(_append)

    def _create(self) -> None:
        if self.path.exists():
            raise FileExistsError(f"{self.path}: a save is already there")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        part = self.path.with_name(self.path.name + ".part")
        data = (_dumps(self.header.model_dump(mode="json")) + "\n").encode()
        if len(data) > MAX_HEADER_BYTES:
            raise ValueError(f"{self.path}: the set-up is too large to save")
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(part, self.path)
        _fsync_dir(self.path.parent)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self._size = len(data)

    def _reopen(self, loaded: LoadedSave) -> None:
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        size = os.fstat(self._fd).st_size
        if size > loaded.valid_bytes:  # a line cut off by a crash: it goes
            os.ftruncate(self._fd, loaded.valid_bytes)
        self._size = loaded.valid_bytes
        if self._size:
            last = os.pread(self._fd, 1, self._size - 1)
            if last != b"\n":  # the last good line lost only its line end
                _write_all(self._fd, b"\n")
                self._size += 1
        self._sync()
        self.position = len(loaded.history)
        self.line_length = self.position + len(loaded.redo)
        self.opening_recorded = loaded.opening_recorded

    @classmethod
    def resume(cls, loaded: LoadedSave, *, fsync: bool = True) -> SaveWriter:
        """Carry on writing a loaded save (a line a crash cut off is removed first)."""
        return cls(loaded.path, loaded.header, fsync=fsync, _append=loaded)

    # --- records ----------------------------------------------------------------------------

    def record_opening(self, events: Iterable[Event]) -> None:
        if self.opening_recorded:
            raise ValueError("the opening is already recorded")
        self._append({"opening": [e.model_dump(mode="json") for e in events]})
        self.opening_recorded = True

    def record_step(self, command: Command, events: Iterable[Event],
                    state: Battle | None = None) -> None:
        """A step of play at the current position; `state` (after it) adds its hash."""
        if not self.opening_recorded:
            raise ValueError("record the opening first")
        rec: dict[str, Any] = {"step": self.position + 1,
                               "command": command.model_dump(mode="json"),
                               "events": [e.model_dump(mode="json") for e in events]}
        if state is not None:
            rec["hash"] = state_hash(state)
        self._append(rec)
        self.position += 1
        self.line_length = self.position

    def record_undo(self, n: int = 1) -> None:
        if not 1 <= n <= self.position:
            raise ValueError(f"cannot undo {n} step(s) from position {self.position}")
        self._append({"undo": n})
        self.position -= n

    def record_redo(self, n: int = 1) -> None:
        if not 1 <= n <= self.line_length - self.position:
            raise ValueError(f"cannot redo {n} step(s): {self.line_length - self.position} "
                             "undone")
        self._append({"redo": n})
        self.position += n

    def attach(self, tm: Any) -> _StepListener:
        """Record the turn manager's opening (and any steps it already has), then every step
        it plays.  Returns the listener (it is in ``tm.listeners``)."""
        if not self.opening_recorded:
            self.record_opening(tm.initial_events)
        for command, events in list(tm.history)[self.position:]:
            self.record_step(command, events)
        listener = _StepListener(self, tm)
        tm.listeners.append(listener)
        return listener

    # --- the file ---------------------------------------------------------------------------

    def _append(self, record: dict[str, Any]) -> None:
        if self.closed:
            raise ValueError(f"{self.path}: the save is closed")
        data = (_dumps(record) + "\n").encode()
        if len(data) > MAX_LINE_BYTES:
            raise ValueError(f"{self.path}: a record of {len(data)} bytes is over the "
                             f"{MAX_LINE_BYTES}-byte line limit")
        try:
            _write_all(self._fd, data)
        except OSError:
            with contextlib.suppress(OSError):  # never leave half a line: the next would join it
                os.ftruncate(self._fd, self._size)
            raise
        self._size += len(data)
        self._sync()

    def _sync(self) -> None:
        if self.fsync:
            os.fsync(self._fd)

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
            self.closed = True

    def __enter__(self) -> SaveWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- where saves live -----------------------------------------------------------------------


def save_dir() -> Path:
    """``$FLANK_SAVE_DIR``, else ``$XDG_DATA_HOME/flank/saves``, else
    ``~/.local/share/flank/saves``."""
    env = os.environ.get("FLANK_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "flank" / "saves"


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:40] or "battle"


def autosave_path(title: str = "", folder: Path | None = None) -> Path:
    """A new file name in the save folder: ``20250131-201500-duel.flank``."""
    folder = save_dir() if folder is None else Path(folder)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{_slug(title)}"
    path = folder / f"{base}.flank"
    n = 2
    while path.exists() or path.with_name(path.name + ".part").exists():
        path = folder / f"{base}-{n}.flank"
        n += 1
    return path


def list_saves(folder: Path | None = None) -> list[Path]:
    """The saves in the save folder, newest first."""
    folder = save_dir() if folder is None else Path(folder)
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.suffix in SAVE_SUFFIXES and p.is_file()]
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def latest_save(folder: Path | None = None) -> Path | None:
    """The most recently written save (the menu's "Continue"), or None."""
    saves = list_saves(folder)
    return saves[0] if saves else None


def start_autosave(tm: Any, *, setup: BattleSetup, scenario_path: str | Path = "",
                   controllers: Mapping[str, str] | None = None, undo: str = "dice",
                   path: Path | None = None, fsync: bool = True) -> SaveWriter:
    """Open a new save for a battle just started and attach it to its turn manager."""
    header = new_header(setup, scenario_path=scenario_path, controllers=controllers, undo=undo)
    writer = SaveWriter(path or autosave_path(setup.title), header, fsync=fsync)
    writer.attach(tm)
    return writer


def resume_battle(path: str | Path, seats: Mapping[str, Any] | None = None, *,
                  fsync: bool = True) -> tuple[LoadedSave, Any, SaveWriter]:
    """Load a save and carry on: ``(loaded, turn_manager, writer)``, the writer attached and
    appending to the same file (a line a crash cut off is removed first).  Seats default to
    the header's controllers.  Raises `SaveError`.  For undo, add
    ``UndoStack.from_loaded(loaded, writer).attach(tm)``."""
    loaded = load_save(path)
    tm = loaded.turn_manager(seats)
    writer = SaveWriter.resume(loaded, fsync=fsync)
    writer.attach(tm)
    return loaded, tm, writer


# --- replay ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Divergence:
    """Where deciding a save's commands again first gave something else."""

    step: int  # the step's number on its line (0: the opening)
    line: int
    index: int  # the event's index in the step (-1: the command itself was refused)
    expected: Event | None
    got: Event | None
    reason: str = ""

    def describe(self) -> str:
        where = "the opening" if self.step == 0 else f"step {self.step}"
        head = f"diverges at {where} (line {self.line})"
        if self.reason:
            return f"{head}: {self.reason}"
        exp = _dumps(self.expected.model_dump(mode="json")) if self.expected else "nothing"
        got = _dumps(self.got.model_dump(mode="json")) if self.got else "nothing"
        return f"{head}, event {self.index + 1}:\n  expected {exp}\n  got      {got}"


@dataclass(frozen=True)
class VerifyResult:
    steps: int  # step records decided again (undone ones too)
    events: int  # events compared
    undone: int  # steps undone on the way
    final_hash: str
    divergence: Divergence | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def _compare(recorded: Sequence[Event], got: Sequence[Event], step: int, line: int
             ) -> Divergence | None:
    for i in range(max(len(recorded), len(got))):
        a = recorded[i] if i < len(recorded) else None
        b = got[i] if i < len(got) else None
        if a is None or b is None or a.model_dump(mode="json") != b.model_dump(mode="json"):
            return Divergence(step, line, i, a, b)
    return None


def verify_save(loaded: LoadedSave) -> VerifyResult:
    """Decide every recorded command again from the start with the recorded seed, and check
    every event, every recorded state hash and the final state."""
    records = loaded.records
    state, opening = start(loaded.setup)
    counted = len(opening)
    if loaded.opening_recorded:
        div = _compare(loaded.opening, opening, 0, records[0].line)
        if div:
            return VerifyResult(0, counted, 0, "", div)
    states = [state]
    pos = steps = undone = 0
    for rec in records[1:] if loaded.opening_recorded else records:
        if rec.kind == "undo":
            pos -= rec.count
            undone += rec.count
            continue
        if rec.kind == "redo":
            pos += rec.count
            continue
        if rec.kind != "step" or rec.step is None:
            continue
        step = rec.step
        try:
            after, got = submit(states[pos], step.command)
        except IllegalCommand as exc:
            return VerifyResult(steps, counted, undone, "", Divergence(
                step.number, rec.line, -1, None, None,
                f"the rules refuse the command {step.command.describe()}: {exc.reason}"))
        steps += 1
        counted += len(got)
        div = _compare(step.events, got, step.number, rec.line)
        if div:
            return VerifyResult(steps, counted, undone, "", div)
        if step.hash is not None and state_hash(after) != step.hash:
            return VerifyResult(steps, counted, undone, "", Divergence(
                step.number, rec.line, -1, None, None,
                "the state after it does not match the hash recorded with it"))
        del states[pos + 1:]
        states.append(after)
        pos += 1
    final = states[pos]
    h = state_hash(final)
    if h != state_hash(loaded.state):
        last = records[-1].line if records else 1
        return VerifyResult(steps, counted, undone, h, Divergence(
            pos, last, -1, None, None, "the final state differs from the loaded one"))
    return VerifyResult(steps, counted, undone, h)


class ReplayCursor:
    """A loaded save as a replay: a position in its event log (0 = before the first event,
    ``len(cursor)`` = the end) and the state there.  States are rebuilt by folding events,
    from snapshots kept every `every` events, so scrubbing anywhere is fast.

        cur = ReplayCursor(load_save(path))
        cur.seek(0); cur.step_forward(); cur.state; cur.events_at(); cur.seek_step(12)
    """

    def __init__(self, loaded: LoadedSave, every: int = 64) -> None:
        self.loaded = loaded
        self.every = max(1, every)
        self.log: tuple[Event, ...] = tuple(loaded.events)
        # which step each event belongs to (0 = the opening), and where each step starts
        self.step_starts: list[int] = [0]
        self.step_of_index: list[int] = [0] * len(loaded.opening)
        for k, (_, evs) in enumerate(loaded.history, start=1):
            self.step_starts.append(len(self.step_of_index))
            self.step_of_index.extend([k] * len(evs))
        self.commands: list[Command | None] = [None] + [c for c, _ in loaded.history]
        self._snaps: dict[int, Battle] = {0: loaded.initial}
        self._pos = 0
        self._state = loaded.initial

    def __len__(self) -> int:
        return len(self.log)

    @property
    def position(self) -> int:
        return self._pos

    @property
    def state(self) -> Battle:
        return self._state

    @property
    def at_start(self) -> bool:
        return self._pos == 0

    @property
    def at_end(self) -> bool:
        return self._pos == len(self.log)

    @property
    def steps(self) -> int:
        """Steps of play (commands) in the replay, not counting the opening."""
        return len(self.step_starts) - 1

    @property
    def step(self) -> int:
        """The step the last applied event belongs to (0: the opening, or nothing yet)."""
        return self.step_of_index[self._pos - 1] if self._pos else 0

    @property
    def event(self) -> Event | None:
        """The event applied last (what the viewer animates), or None at the start."""
        return self.log[self._pos - 1] if self._pos else None

    def command_at(self, step: int | None = None) -> Command | None:
        """The command of a step (default: the current one); None for the opening."""
        k = self.step if step is None else step
        return self.commands[k] if 0 <= k < len(self.commands) else None

    def events_at(self, position: int | None = None) -> tuple[Event, ...]:
        """The log as it stands at `position` (default: here): what the log panel shows."""
        n = self._pos if position is None else max(0, min(position, len(self.log)))
        return self.log[:n]

    def step_events(self, step: int | None = None) -> tuple[Event, ...]:
        """The events of one step (default: the current one)."""
        k = self.step if step is None else step
        if not 0 <= k < len(self.step_starts):
            return ()
        end = self.step_starts[k + 1] if k + 1 < len(self.step_starts) else len(self.log)
        return self.log[self.step_starts[k]:end]

    def step_forward(self) -> Event | None:
        """Apply the next event; returns it (None at the end)."""
        if self.at_end:
            return None
        e = self.log[self._pos]
        self._state = evolve(self._state, e)
        self._pos += 1
        self._remember()
        return e

    def step_back(self) -> Event | None:
        """Undo the last event; returns the event taken back (None at the start)."""
        if self.at_start:
            return None
        e = self.log[self._pos - 1]
        self.seek(self._pos - 1)
        return e

    def seek(self, position: int) -> Battle:
        """Go to an event index (clamped to 0..len) and return the state there."""
        n = max(0, min(int(position), len(self.log)))
        if n == self._pos:
            return self._state
        base = max(k for k in self._snaps if k <= n)
        if self._pos <= n and self._pos > base:
            base = self._pos  # carrying on from here is nearer
            state = self._state
        else:
            state = self._snaps[base]
        for i in range(base, n):
            state = evolve(state, self.log[i])
            if (i + 1) % self.every == 0:
                self._snaps.setdefault(i + 1, state)
        self._pos, self._state = n, state
        return state

    def seek_step(self, step: int) -> Battle:
        """Go to the end of step `step` (0: just after the opening)."""
        k = max(0, min(step, self.steps))
        end = self.step_starts[k + 1] if k + 1 < len(self.step_starts) else len(self.log)
        return self.seek(end)

    def _remember(self) -> None:
        if self._pos % self.every == 0:
            self._snaps.setdefault(self._pos, self._state)


# --- checking files: saves and rules tables -------------------------------------------------


def _table_loader(ruleset: str) -> Callable[[Path | None], Any] | None:
    import importlib

    try:
        module = importlib.import_module(f"rules.systems.{ruleset}.tables")
    except ImportError:
        return None
    fn = getattr(module, "load_tables", None)
    return fn if callable(fn) else None


def check_data_table(path: str | Path, ruleset: str | None = None) -> None:
    """Load a ruleset's TOML data tables; raises `rules.data.DataError` if they are bad.

    The ruleset is `ruleset`, else the folder's name if it is a ruleset's id
    (``rules/systems/<id>/data.toml``), else the only ruleset with tables; with several, the
    file must load as the tables of one of them."""
    from rules.engine import catalogue

    path = Path(path)
    ids = [rid for rid, _, _ in catalogue()]
    if ruleset is not None:
        candidates = [ruleset]
    elif path.resolve().parent.name in ids:
        candidates = [path.resolve().parent.name]
    else:
        candidates = ids
    loaders = [(rid, fn) for rid in candidates if (fn := _table_loader(rid)) is not None]
    if not loaders:
        raise DataError(path, "file", f"no ruleset reads data tables (asked: "
                                      f"{', '.join(candidates)})")
    first: DataError | None = None
    for _, fn in loaders:
        try:
            fn(path)
            return
        except DataError as exc:
            first = first or exc
    assert first is not None
    raise first


def validate_files(paths: Iterable[str | Path]) -> list[str]:
    """One ``"PATH: problem"`` line per bad save (``.flank``, ``.jsonl``) or rules table
    (``.toml``); folders are searched for saves and for ``rules/systems/<id>/*.toml``."""
    from rules.engine import catalogue

    ids = {rid for rid, _, _ in catalogue()}
    problems: list[str] = []
    for given in paths:
        p = Path(given)
        if p.is_dir():
            files = sorted(f for f in p.rglob("*") if f.is_file() and (
                f.suffix in SAVE_SUFFIXES or (f.suffix == ".toml" and f.parent.name in ids)))
        else:
            files = [p]
        for f in files:
            if f.suffix == ".toml":
                try:
                    check_data_table(f)
                except DataError as exc:
                    problems.append(str(exc))
            else:
                try:
                    load_save(f)
                except SaveError as exc:
                    problems.append(str(exc))
    return problems
