"""The save file's format: its limits, its header, and the header of a new save.

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
  ``scenario_hash`` is the SHA-256 of the canonical JSON of the setup and the map's path
  (`scenario_hash`; saves written before the path was covered hold `setup_hash`, of the
  setup alone, and still load).  The map is opened only for its art, and only from a
  trusted folder (`game.saves.map_path`).
* The opening record holds the events of `engine.start` (round 1, surprise, ...).
* A step record holds the command and every event it led to, so ``flank replay --verify``
  can decide each command again and compare.  ``step`` is the step's number on the line of
  play (1 = the first command); ``hash`` is `state_hash` of the state after it.
* Undo and redo are moves of the position on the line of play, never deletions: ``{"undo": n}``
  steps back n steps, ``{"redo": n}`` forward again, and a new step after an undo replaces the
  undone ones on the active line (they stay in the file).  `load_save` rebuilds the active
  line; see `game.undo` for the rules of undo.

The crash safety of writing is `game.saves.writer`'s; reading is `game.saves.loader`'s; saves
of older formats are upgraded by `game.saves.upcast`.
"""

from __future__ import annotations

import hashlib
import json
import re
import typing
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from game.saves.errors import _q
from rules.engine import BattleSetup

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
    """SHA-256 of the setup's canonical JSON: what ``scenario_hash`` was before it covered
    the map's path too (saves written then, and saves of format 0, still hold it)."""
    return hashlib.sha256(_canonical(setup.model_dump(mode="json")).encode()).hexdigest()


def scenario_hash(setup: BattleSetup, scenario_path: str) -> str:
    """What ``scenario_hash`` must be: SHA-256 of the canonical JSON of the setup and the
    map's path together (``{"scenario_path": ..., "setup": ...}``), so a path edited after
    the battle was saved fails the check like an edited setup (issue 34: the path names a
    file Flank opens).  Never equal to `setup_hash`, even for an empty path, so an edited
    save cannot pass for one written before the path was covered."""
    body = _canonical({"scenario_path": scenario_path, "setup": setup.model_dump(mode="json")})
    return hashlib.sha256(body.encode()).hexdigest()


def _canonical(obj: object) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


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

        meta = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml")
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
    path = str(scenario_path)[:4096]
    return SaveHeader(
        flank_version=flank_version()[:40], ruleset=setup.ruleset,
        scenario=ScenarioRef(title=(setup.title if title is None else title)[:200],
                             path=path),
        scenario_hash=scenario_hash(setup, path), seed=setup.seed, sides=sides,
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        undo=undo,  # type: ignore[arg-type]
        setup=setup)
