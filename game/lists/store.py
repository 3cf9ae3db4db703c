"""The tournament file: a List's plan and every bout's result, saved after every bout.

One JSON object (``*.tournament.json``) in the save folder `game.saves` uses
(``$FLANK_SAVE_DIR``, else ``~/.local/share/flank/saves``)::

    {"format": "flank-tournament", "version": 1, "title": "Sir Aldric's List", "seed": 7,
     "method": "swiss", "host": "lawful", "entrants": [{"id": "sir_aldric", ...}, ...],
     "rides": [{"round": 1, "a": "sir_aldric", "b": "sir_tristram", "winner": ..., ...}],
     "pending": {"round": 1, "a": ..., "b": ..., "ride": 1, "save": ".../r1-...flank"}}

Only facts are stored: the pairings, scores and champion are replayed from them by
`rules.systems.fallen_empire.lists.ListTable`, so a file whose results do not fit its
pairings is refused rather than half-believed.  A bout a person rides is a battle with a save
of its own (under ``lists/<tournament>/`` in the save folder, so the menu's "Continue" does
not mistake it for a battle of its own); ``pending`` points at it while it is ridden.

Written whole, to ``NAME.part``, forced to disk and renamed into place, as `game.saves`
writes a save's header: a crash leaves the old file or the new one, never half of one.
Headless.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.lists.roster import Entrant, check_roster
from rules.systems.fallen_empire.lists import BoutResult, ListTable, Ride

FORMAT = "flank-tournament"
VERSION = 1
SUFFIX = ".tournament.json"
MAX_BYTES = 1024 * 1024  # a List of 16 with every bout ridden three times is ~40 KiB


class TournamentError(Exception):
    """A tournament file that cannot be used.  ``str()`` is one line: ``PATH: problem``."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = str(path)
        self.problem = " ".join(str(problem).split())
        super().__init__(f"{self.path}: {self.problem}")


class RideRecord(BaseModel):
    """One ride's result, and how it came about (for the bracket and the standings)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    round: int = Field(ge=1, le=64)
    a: str
    b: str
    winner: str | None  # an entrant id, None for a draw
    out: tuple[str, ...] = ()  # left the tournament after it (FE-53, R-FE-JOUST-LIST-STAKES)
    ended_by: str = Field("", max_length=20)  # pool, unhorsed, helm, injury, max_throws
    pools: tuple[int, int] = (0, 0)  # a's and b's dice left at the end
    throws: int = Field(0, ge=0)
    reason: str = Field("", max_length=2000)  # the battle's own account of its end
    stakes: str = Field("", max_length=400)  # FE-54, what changed hands
    save: str = Field("", max_length=4096)  # the bout's battle save, if a person rode it

    def ride(self) -> Ride:
        return Ride(self.round, self.a, self.b, BoutResult(self.winner, self.out))


class Pending(BaseModel):
    """A bout a person has started: where its battle is saved, to carry on from."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    round: int = Field(ge=1, le=64)
    a: str
    b: str
    ride: int = Field(1, ge=1, le=9)
    seed: int = Field(ge=0, lt=2**63)
    save: str = Field(max_length=4096)


class TournamentFile(BaseModel):
    """Version 1 of the tournament file."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal["flank-tournament"] = FORMAT
    version: Literal[1] = VERSION
    created: str = ""
    title: str = Field(min_length=1, max_length=120)
    seed: int = Field(ge=0, lt=2**63)
    method: Literal["swiss", "single_elimination"]
    host: Literal["lawful", "neutral", "chaotic"] = "lawful"  # FE-45: whose default method
    rounds: int | None = Field(None, ge=1, le=15)  # Swiss only; None: ceil(log2 n)
    field: str = Field("tournament", max_length=4096)  # the map the bouts are ridden on
    ruleset: Literal["fallen_empire"] = "fallen_empire"
    helm_tipping: bool = False  # FE-52
    stakes: Literal["none", "black_knight"] = "none"  # FE-54: the first seed is the black knight
    entrants: tuple[Entrant, ...]
    rides: tuple[RideRecord, ...] = ()
    pending: Pending | None = None

    @model_validator(mode="after")
    def _fits(self) -> TournamentFile:
        check_roster(self.entrants)
        ids = {e.id for e in self.entrants}
        for i, r in enumerate(self.rides, 1):
            for who in (r.a, r.b, *r.out, *(() if r.winner is None else (r.winner,))):
                if who not in ids:
                    raise ValueError(f"ride {i} names {who!r}, who is not an entrant")
        nxt = self.table().next_bout()  # replays every ride: ValueError if one does not fit
        p = self.pending
        if p is not None and (nxt is None or (p.round, p.a, p.b, p.ride) !=
                              (nxt.round, nxt.a, nxt.b, nxt.ride)):
            raise ValueError(f"the bout under way ({p.a} v {p.b}, round {p.round}) is not the "
                             "next bout of the List")
        return self

    def table(self) -> ListTable:
        return ListTable(self.method, tuple(e.id for e in self.entrants), rounds=self.rounds,
                         rides=tuple(r.ride() for r in self.rides))


# --- where tournament files live --------------------------------------------------------------


def folder() -> Path:
    from game.saves import save_dir

    return save_dir()


def new_path(title: str, where: Path | None = None) -> Path:
    """A new file name: ``20250131-201500-sir-aldric-s-list.tournament.json``."""
    where = folder() if where is None else Path(where)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{re.sub(r'[^a-z0-9]+', '-', title.lower()).strip('-')[:40] or 'list'}"
    path, n = where / f"{base}{SUFFIX}", 2
    while path.exists():
        path, n = where / f"{base}-{n}{SUFFIX}", n + 1
    return path


def bout_folder(path: Path) -> Path:
    """Where the battles of a tournament's bouts are saved."""
    return path.parent / "lists" / path.name[: -len(SUFFIX)]


def list_tournaments(where: Path | None = None) -> list[Path]:
    """The tournament files in the save folder, newest first."""
    where = folder() if where is None else Path(where)
    if not where.is_dir():
        return []
    found = [p for p in where.iterdir() if p.name.endswith(SUFFIX) and p.is_file()]
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def latest_unfinished(where: Path | None = None) -> Path | None:
    """The most recently written tournament still going on (the menu's "Continue" weighs it
    against the battles: `game.saved_battles`)."""
    for path in list_tournaments(where):
        try:
            if not read(path).table().is_over:
                return path
        except TournamentError:
            continue
    return None


# --- reading and writing ---------------------------------------------------------------------


def read(path: str | Path) -> TournamentFile:
    """Load and check a tournament file; TournamentError (one line) if it cannot be used."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise TournamentError(path, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise TournamentError(path, f"larger than {MAX_BYTES // 1024} KiB: not a tournament")
    try:
        head = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise TournamentError(path, f"not a tournament file (not JSON: {exc})") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise TournamentError(path, f"not a tournament file (its format is not {FORMAT!r})")
    version = head.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise TournamentError(path, f"written by a newer Flank (version {version}; this one "
                              f"reads version {VERSION})")
    try:
        return TournamentFile.model_validate_json(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        raise TournamentError(path, f"{where + ': ' if where else ''}{msg}") from None


def write(path: str | Path, data: TournamentFile) -> None:
    """Write the whole file atomically, as a save's header is (`game.saves.write_whole`):
    `game.saves.SaveFolderError` (an OSError, one line in words) if it cannot be, and then
    the old file is as it was and no ``.part`` file is left."""
    from game.saves import write_whole
    from game.saves.writer import ensure_folder

    path = Path(path)
    ensure_folder(path.parent)
    write_whole(path, (data.model_dump_json(indent=1) + "\n").encode())
