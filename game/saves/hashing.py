"""`rules.state.state_hash`, digit for digit, at the cost of what changed since the last step.

Checking a save decides every step again and compares the state after it with the hash the
save recorded.  `state_hash` renders the whole battle to JSON each time, though a step
changes a figure or two: most of the time went there.  A battle's parts are frozen and
shared between the states before and after a step, so `StateHasher` keeps the JSON text of
each part (a unit, a side, a frame of the stack, the ruleset's own data) by the identity of
the object and renders only the new ones; the text it hashes is the very text `state_hash`
would (JSON of a mapping is its keys' and values' texts joined, in key order).

It checks itself: the first state it hashes is hashed `state_hash`'s way too, and if the two
ever differ (`state_hash` changed how it renders a battle) it hands every state to
`state_hash` from then on.  So it can be slower, never wrong.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from json.encoder import encode_basestring_ascii as _encode  # what json.dumps uses for text
from typing import Any

from rules.hexgrid import Hex
from rules.state import Battle, _plain, state_hash

_SKIP = ("board",)  # what `state_hash` leaves out: the board never changes in a battle


class StateHasher:
    """``hasher(state) == state_hash(state)``, cheaper over the states of one battle.  Keep
    one per battle being checked (it holds the texts of the parts it has seen)."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[object, str]] = {}  # id → (the part, kept alive; text)
        self._keys: dict[type, tuple[tuple[str, str], ...]] = {}
        self._trusted: bool | None = None  # None: not checked against `state_hash` yet

    def __call__(self, state: Battle) -> str:
        if self._trusted is False:
            return state_hash(state)
        digest = hashlib.blake2b(self._text(state).encode(), digest_size=16).hexdigest()
        if self._trusted is None:
            self._trusted = digest == state_hash(state)
            if not self._trusted:
                return state_hash(state)
        return digest

    def _text(self, state: Battle) -> str:
        keys = self._keys.get(type(state))
        if keys is None:
            names = sorted(f.name for f in dataclasses.fields(state)  # as `state_hash`:
                           if f.name not in _SKIP and f.compare)  # derived fields left out
            keys = self._keys[type(state)] = tuple((n, _encode(n) + ":") for n in names)
        return "{" + ",".join(key + self._value(getattr(state, name))
                              for name, key in keys) + "}"

    def _value(self, value: Any) -> str:
        """The JSON text of ``_plain(value)``, as `state_hash` writes it."""
        kind = type(value)
        if kind is int:
            return int.__repr__(value)
        if kind is str:
            return _encode(value)
        if value is None:
            return "null"
        if kind is bool:
            return "true" if value else "false"
        if kind is tuple:
            return "[" + ",".join([self._value(v) for v in value]) + "]"
        if dataclasses.is_dataclass(value) and not isinstance(value, (type, Hex)):
            seen = self._texts.get(id(value))
            if seen is not None and seen[0] is value:
                return seen[1]
            text = self._record(value)
            self._texts[id(value)] = (value, text)
            return text
        return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"))

    def _record(self, value: Any) -> str:
        """A dataclass as `_plain` has it: its class name under "__", then every field that
        takes part in comparisons, in sorted key order."""
        kind = type(value)
        keys = self._keys.get(kind)
        if keys is None:
            names = sorted(["__", *(f.name for f in dataclasses.fields(value) if f.compare)])
            keys = self._keys[kind] = tuple((n, _encode(n) + ":") for n in names)
        return "{" + ",".join(key + (_encode(kind.__name__) if name == "__" else
                                     self._value(getattr(value, name)))
                              for name, key in keys) + "}"
