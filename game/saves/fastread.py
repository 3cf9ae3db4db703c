"""Reading a save's lines at JSON speed, with every check of the careful way.

The careful way (`game.saves.parsing`) parses a line with Python's `json` and a hook for every
number and object, walks it for depth, then writes each event back to JSON to validate it:
each event is parsed three times.  Here a line is validated once, whole, by pydantic
(`validate_json` of one model over the record, the events and the command being the same
strict tagged unions the careful way uses; for the header, `SaveHeader` itself), and
accepted only if it is exactly what that record writes back (`dump_json`), so no key
appears twice, there is no stray white space and no NaN or Infinity; no number has ten
digits or more (the format's limit is ±2**31 - 1; a header's, nineteen for ±2**63) and
nothing nests deeper than the format allows.  A line that is not so plain is read the
careful way, which gives the same record or says what is wrong in its own words: this module
only says "read it the careful way", never what is wrong.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from game.saves.format import (
    FORMAT,
    MAX_DEPTH,
    MAX_HEADER_BYTES,
    MAX_LINE_BYTES,
    VERSION,
    SaveHeader,
)
from game.saves.loaded import Step, _Record
from rules.commands import Command, command_adapter
from rules.events import Event, event_adapter

# a number of ten digits or more (|n| > 2**31 - 1 needs ten), where numbers stand in compact
# JSON (after ':', '[' or ','): every digit read as 0 and those three as '<', then looked for
# (a string holding such digits only sends the line the careful way)
_NUMBERS = bytes.maketrans(b"0123456789:[,", b"0000000000<<<")
_LONG = (b"<" + b"0" * 10, b"<-" + b"0" * 10)
_STRING = re.compile(rb'"[^"]*"')
_LEAF = re.compile(rb"\[\]|\{\}")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b'[]{}"')


def _tagged_union(kinds: tuple[type, ...]) -> Any:
    union = kinds[0] if len(kinds) == 1 else Union[kinds]  # noqa: UP007
    return Annotated[union, Field(discriminator="type")]


class _Readers:
    """The two line models, built over the event and command types registered when they were
    made (a ruleset loaded later registers more, which makes new adapters: see `_readers`)."""

    def __init__(self, events: TypeAdapter[Any], commands: TypeAdapter[Any]) -> None:
        self.key = (events, commands)
        ev = _tagged_union(tuple(Event.registry.values()))
        cmd = _tagged_union(tuple(Command.registry.values()))
        strict = ConfigDict(extra="forbid", strict=True, frozen=True)

        class StepLine(BaseModel):
            model_config = strict
            step: int = Field(ge=1)
            command: cmd  # type: ignore[valid-type]
            events: tuple[ev, ...]  # type: ignore[valid-type]
            hash: Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")] | None = None

        class OpeningLine(BaseModel):
            model_config = strict
            opening: tuple[ev, ...]  # type: ignore[valid-type]

        self.step = TypeAdapter(StepLine)
        self.opening = TypeAdapter(OpeningLine)


_cache: list[_Readers] = []


def _readers() -> _Readers:
    events, commands = event_adapter(), command_adapter()
    if not _cache or _cache[0].key[0] is not events or _cache[0].key[1] is not commands:
        _cache[:] = [_Readers(events, commands)]
    return _cache[0]


def read_record(number: int, line: bytes) -> _Record | None:
    """The step or opening record on `line` (line `number` of a save in today's format), or
    None: read it the careful way (`parsing._record`), which decides what it is."""
    readers = _readers()
    if line.startswith(b'{"step":'):
        adapter: TypeAdapter[Any] = readers.step
    elif line.startswith(b'{"opening":'):
        adapter = readers.opening
    else:
        return None
    rec = _read(adapter, line, MAX_LINE_BYTES, _LONG)
    if rec is None:
        return None
    if adapter is readers.opening:
        return _Record(number, "opening", events=rec.opening)
    return _Record(number, "step", step=Step(rec.step, rec.command, rec.events, rec.hash,
                                             number))


_HEADER = TypeAdapter(SaveHeader)
_HEADER_START = f'{{"format":"{FORMAT}","version":{VERSION},'.encode()
# the header's numbers may go to 2**63 (19 digits): one of 19 digits or more is looked at
_LONG_IN_HEADER = (b"<" + b"0" * 19, b"<-" + b"0" * 19)


def read_header(line: bytes) -> SaveHeader | None:
    """The header on line 1 if it is in today's format and as plain as the writer writes it,
    else None: read it the careful way (`_Loader.header`), which upgrades or refuses it."""
    if not line.startswith(_HEADER_START):
        return None
    header: SaveHeader | None = _read(_HEADER, line, MAX_HEADER_BYTES, _LONG_IN_HEADER)
    return header


def _read(adapter: TypeAdapter[Any], line: bytes, cap: int, long: tuple[bytes, bytes]
          ) -> Any:
    """`line` validated by `adapter`, if it is exactly what the value writes back and has no
    number as long as `long` and nothing nested too deep; else None."""
    if line.endswith(b"\r"):  # a save saved on Windows: JSON takes the CR as white space
        line = line[:-1]
    if len(line) > cap or b"\\" in line:
        return None
    numbers = line.translate(_NUMBERS)
    if long[0] in numbers or long[1] in numbers:
        return None
    try:
        value = adapter.validate_json(line, strict=True)
    except ValidationError:
        return None
    if adapter.dump_json(value, exclude_unset=True) != line or _too_deep(line):
        return None
    return value


def _too_deep(line: bytes) -> bool:
    """Might a value nest deeper than `MAX_DEPTH` (the careful way counts the line's object as
    1 and a value inside n lists or objects as n + 1)?  Erring towards yes: containers
    `MAX_DEPTH` deep.  `line` is compact JSON with no backslash, so every quote opens or
    closes a string: the strings are taken out, then the innermost pairs of brackets, one
    level a pass."""
    if line.count(b"[") + line.count(b"{") < MAX_DEPTH:
        return False
    brackets = _STRING.sub(b"", line.translate(None, _NOT_BRACKETS))
    depth = 0
    while brackets:
        depth += 1
        if depth >= MAX_DEPTH:
            return True
        shorter = _LEAF.sub(b"", brackets)
        if len(shorter) == len(brackets):  # unbalanced: cannot be (validate_json parsed it)
            return True
        brackets = shorter
    return False
