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

import bisect
import dataclasses
import hashlib
import json
import operator
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
        # class -> (its compared fields' getter, their keys' texts, one field?, where "__"
        # goes, the "__" entry)
        self._shapes: dict[type, tuple[Any, tuple[str, ...], bool, int, str]] = {}
        # (class, id) -> the field values and texts of the last such record rendered
        self._last: dict[tuple[type, Any], tuple[tuple[Any, ...], list[str]]] = {}

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
        takes part in comparisons, in sorted key order.

        A unit changed by an event is a new object whose fields are, but for one or two,
        the very objects of the unit it was made from: the texts of the last record of
        its class and id are kept field by field, and a field holding the same object (of
        a kind that cannot change: a number, a text, a tuple, a frozen record) takes its
        text from there rather than being rendered again (issue 36)."""
        kind = type(value)
        shape = self._shapes.get(kind)
        if shape is None:
            names = sorted(f.name for f in dataclasses.fields(value) if f.compare)
            get = operator.attrgetter(*names) if names else (lambda _v: ())
            heads = tuple(_encode(n) + ":" for n in names)
            at = bisect.bisect_left(names, "__")  # where "__" sorts among the names
            shape = self._shapes[kind] = (get, heads, len(names) == 1, at,
                                          '"__":' + _encode(kind.__name__))
        get, heads, single, at, name_part = shape
        values = (get(value),) if single else get(value)
        lineage = (kind, getattr(value, "id", None))
        last = self._last.get(lineage)
        texts: list[str]
        if last is not None and len(last[0]) == len(values):
            texts = []
            for v, old, text in zip(values, last[0], last[1], strict=True):
                if v is old and (v is None or type(v) in _STILL):
                    texts.append(text)
                else:
                    texts.append(self._value(v))
        else:
            texts = [self._value(v) for v in values]
        self._last[lineage] = (values, texts)
        parts = [h + t for h, t in zip(heads, texts, strict=True)]
        parts.insert(at, name_part)
        return "{" + ",".join(parts) + "}"


# the kinds of value that cannot change once made: the same object, the same text
_STILL = frozenset({int, str, bool, float, Hex, tuple, frozenset})
