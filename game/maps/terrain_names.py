"""The ground of anyone's map, by name: a Tiled tile whose class ("Ocean", "Deep Ocean",
"forest_2") or a tile property such as ``terrain_type`` names a terrain Flank knows is read as
that terrain, so a sea drawn in someone else's tileset stays a sea and a bugbear cannot charge
across it.

The names are a file a user can edit: Flank's default `terrain_names.toml` beside this module,
then ``terrain.toml`` in the config folder (every map), then ``<map>.terrain.toml`` beside
the map (that map), each read with `tomllib` (no eval) and checked with pydantic, a later file
changing an earlier one field by field.  A broken file is a `MapError` naming that file, in
one line.  docs/MAPS.md ("Someone else's map") is the user's guide; R-FLANK-NAMED-GROUND
(docs/RULINGS.md) the ruling.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from game.maps.base import MapError, _q
from rules.engine import TerrainSpec

DEFAULT_FILE = Path(__file__).resolve().with_name("terrain_names.toml")
CONFIG_NAME = "terrain.toml"  # in the config folder: for every map
BESIDE_SUFFIX = ".terrain.toml"  # <map name>.terrain.toml beside a map: for that map
MAX_NAMES_BYTES = 256 * 1024

_FIELDS = ("words", "move_cost", "cover", "impassable", "elevation")
_Word = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
_Kind = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_' -]{0,39}$")]


class _Entry(BaseModel):
    """One terrain as a file gives it: what names it and how the rules read it.  Every field
    may be left out, so a user's file can change one thing of a default terrain."""

    model_config = ConfigDict(extra="forbid", strict=True)
    words: list[_Word] | None = Field(None, min_length=1, max_length=200)
    move_cost: int | None = Field(None, ge=1, le=100)
    cover: bool | None = None
    impassable: bool | None = None
    elevation: int | None = Field(None, ge=-1000, le=1000)


class _NamesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    properties: list[_Word] | None = Field(None, max_length=100)
    terrain: dict[_Kind, _Entry] = Field(default_factory=dict, max_length=200)


def _stem(word: str) -> str:
    """A word's singular, near enough for names of ground: hills -> hill, marshes -> marsh."""
    if len(word) > 3 and word.endswith("es") and word[:-2].endswith(("sh", "ch", "ss", "x")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words_of(text: str) -> tuple[str, ...]:
    """The words of a name, lower case and singular: "DeepOcean_2" -> ("deep", "ocean", "2")."""
    out: list[str] = []
    for run in re.findall(r"[^\W\d_]+|\d+", text):
        split = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", run)
        out += [_stem(part.casefold()) for part in split.split()]
    return tuple(out)


@dataclass(frozen=True)
class TerrainNames:
    """The names of the ground, as read from the files (`files`, the user's ones that were
    found, in the order read)."""

    terrains: dict[str, TerrainSpec]  # kind -> how the rules read it
    phrases: tuple[tuple[tuple[str, ...], str], ...]  # the words of a name -> kind
    properties: tuple[tuple[str, ...], ...]  # tile properties read for a name, as words
    files: tuple[Path, ...] = ()
    _seen: dict[str, TerrainSpec | None] = field(default_factory=dict, compare=False)

    def terrain_of(self, name: str) -> TerrainSpec | None:
        """The terrain a name gives, or None: of the words of known terrains found in it,
        the last ("Forest Road" is a road), the longer when two end together."""
        if name in self._seen:
            return self._seen[name]
        words = words_of(name)
        best: tuple[int, int, str] | None = None
        for phrase, kind in self.phrases:
            n = len(phrase)
            for i in range(len(words) - n + 1):
                if words[i:i + n] == phrase and (best is None or (i + n, n) > best[:2]):
                    best = (i + n, n, kind)
        found = self.terrains[best[2]] if best is not None else None
        if len(self._seen) < 4096:
            self._seen[name] = found
        return found

    def reads_property(self, key: str) -> bool:
        return words_of(key) in self.properties


def _read(path: Path, shown: Path) -> _NamesFile:
    """One names file, checked; a `MapError` naming it for anything wrong."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_NAMES_BYTES + 1)
    except OSError as exc:
        raise MapError(shown, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_NAMES_BYTES:
        raise MapError(shown, f"larger than {MAX_NAMES_BYTES // 1024} KiB")
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise MapError(shown, "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise MapError(shown, f"not valid TOML: {exc}") from None
    try:
        checked = _NamesFile.model_validate(raw)
    except ValidationError as exc:
        raise MapError(shown, _words(exc.errors()[0])) from None
    for kind, entry in checked.terrain.items():
        for word in entry.words or ():
            if not words_of(word):
                raise MapError(shown, f"terrain.{kind}.words: {_q(word)} has no letters")
    for key in checked.properties or ():
        if not words_of(key):
            raise MapError(shown, f"properties: {_q(key)} has no letters")
    return checked


_PLAIN = {"bool_type": "must be true or false", "int_type": "must be a whole number",
          "string_type": "must be text in quotes",
          "list_type": "must be a list like [\"a\", \"b\"]",
          "dict_type": "must be a table", "model_type": "must be a table",
          "string_pattern_mismatch": "must be a name of 1 to 40 letters, digits and spaces, "
                                     "starting with a letter"}


def _words(error: Any) -> str:
    """A pydantic error as a line a user can act on: where in the file, and what is wrong."""
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "[key]") or "the file"
    if error.get("type") == "extra_forbidden":
        inside = len(error.get("loc", ())) > 1
        what = (f"a terrain has only {', '.join(_FIELDS)}" if inside else
                "the file has only 'properties' and [terrain.<name>] tables")
        return f"{where}: unknown key ({what})"
    plain = _PLAIN.get(str(error.get("type")))
    if plain:
        return f"{where}: {plain}, not {_q(error.get('input'))}"
    msg = str(error.get("msg", "is wrong"))
    return f"{where}: {msg[:1].lower()}{msg[1:]}"


def _merge(layers: list[tuple[Path, _NamesFile]]) -> tuple[
        dict[str, dict[str, Any]], tuple[str, ...], dict[tuple[str, ...], str]]:
    """Later files over earlier ones: each terrain field by field, each word to the terrain
    that gave it last; two terrains of one file claiming a word is that file's mistake."""
    entries: dict[str, dict[str, Any]] = {}
    properties: tuple[str, ...] = ()
    owner: dict[tuple[str, ...], str] = {}
    for shown, names in layers:
        if names.properties is not None:
            properties = tuple(names.properties)
        mine: dict[tuple[str, ...], str] = {}
        for kind, entry in names.terrain.items():
            given = entry.model_dump(exclude_none=True)
            if kind not in entries and "words" not in given:
                raise MapError(shown, f"terrain.{kind}: a new terrain needs words that name it")
            entries.setdefault(kind, {}).update(given)
            if "words" in given:
                for phrase in {words_of(w) for w in given["words"]}:
                    if mine.get(phrase, kind) != kind:
                        raise MapError(shown, f"the word {_q(' '.join(phrase))} is given to "
                                       f"both {mine[phrase]} and {kind}")
                    mine[phrase] = kind
                # The terrain's words are these now: its old ones are no longer its.
                for phrase in [p for p, k in owner.items() if k == kind]:
                    del owner[phrase]
        owner.update(mine)
    return entries, properties, owner


@lru_cache(maxsize=1)
def _default() -> _NamesFile:
    return _read(DEFAULT_FILE, DEFAULT_FILE)


def user_files(map_file: str | Path) -> list[Path]:
    """Where a user's names for this map may be: the config folder's, then beside the map."""
    from game.settings import config_dir

    beside = Path(map_file)
    return [config_dir() / CONFIG_NAME, beside.with_name(beside.stem + BESIDE_SUFFIX)]


def file_to_edit(map_file: str | Path) -> Path:
    """The file a user should add a name to for this map: the one beside the map if there is
    one, else the config folder's if there is one, else the one beside the map to be made."""
    config, beside = user_files(map_file)
    return beside if beside.is_file() or not config.is_file() else config


def names_for(map_file: str | Path) -> TerrainNames:
    """The names of the ground for a map (its path as the user gave it): Flank's default, then
    the user's files that exist.  Raises `MapError` naming a broken file."""
    layers: list[tuple[Path, _NamesFile]] = [(DEFAULT_FILE, _default())]
    found: list[Path] = []
    for path in user_files(map_file):
        if path.exists():
            layers.append((path, _read(path, path)))
            found.append(path)
    entries, properties, owner = _merge(layers)
    terrains = {kind: TerrainSpec(kind=kind, **{k: v for k, v in e.items() if k != "words"})
                for kind, e in entries.items()}
    return TerrainNames(terrains=terrains, phrases=tuple(owner.items()),
                        properties=tuple(words_of(p) for p in properties), files=tuple(found))
