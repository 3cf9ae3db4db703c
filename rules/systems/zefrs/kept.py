"""Answers about one ZeFRS figure kept while nothing they read has changed (issue 36).

Why: while a side states its actions (ZEF-15) the only thing that changes from one
declaration to the next is the declaration itself (`ZefUnit.declared`); where everyone
stands, who is down, who holds what are the same.  What a figure may declare reads all of
those and nothing of anyone's declaration, so it is worked out once a turn for each figure
and looked up at every later decision, not listed again for every figure each time.

How: every state is given a *world token*, the same object for states that differ at most
in declarations (and the same battle options and tables); answers are kept per token.  A
state that shares its units with the last one asked, or differs from it only in
declarations, gets the last token after a pass of identity checks; any other state (a
search's what-if, a new turn) is keyed on its figures' every other field.  Kept on the
board's memo (`Board.memo`), which every state of a battle shares and nothing saves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

from rules.state import Battle, Unit
from rules.systems.zefrs.tables import load_tables

__all__ = ["kept", "peek", "world_token"]

T = TypeVar("T")

# What no answer kept here reads: a figure's own statement of this turn's action.
IGNORED = frozenset({"declared"})
TOKEN_LIMIT = 64  # worlds remembered (a search may go back and forth between a few)
_BOOK = ("zefrs", "kept")
_GETTERS: dict[type, Callable[[Any], Any]] = {}


class _Book:
    """The board's record: the last units asked and their token, tokens by world, and the
    answers kept under each token."""

    __slots__ = ("answers", "last", "tokens")

    def __init__(self) -> None:
        self.last: tuple[tuple[Unit, ...], Any, Any, object] | None = None
        self.tokens: dict[Any, object] = {}
        self.answers: dict[object, dict[Any, Any]] = {}


def _facts(u: Unit) -> tuple[Any, ...]:
    """Every field of `u` an answer may read (all but `IGNORED`), with its class."""
    cls = type(u)
    get = _GETTERS.get(cls)
    if get is None:
        get = _GETTERS[cls] = attrgetter(*(f.name for f in fields(u) if f.name not in IGNORED))
    return cls, get(u)


def _same_world(old: tuple[Unit, ...], new: tuple[Unit, ...]) -> bool:
    if len(old) != len(new):
        return False
    return all(a is b or _facts(a) == _facts(b) for a, b in zip(old, new, strict=True))


def _book(state: Battle) -> _Book:
    memo = state.board.memo
    book = memo.get(_BOOK)
    if book is None:  # (the memo may have dropped it: it is bounded)
        book = memo[_BOOK] = _Book()
    return book  # type: ignore[no-any-return]


def world_token(state: Battle) -> object:
    """The token of `state`'s world: the same object for any two states of this board whose
    figures differ at most in `IGNORED` fields, under the same options and tables."""
    book = _book(state)
    tables = load_tables()
    last = book.last
    if last is not None and last[1] == state.options and last[2] is tables and (
            last[0] is state.units or _same_world(last[0], state.units)):
        book.last = (state.units, last[1], last[2], last[3])
        return last[3]
    # (the options by their repr: a GM's value may be a list, which does not hash)
    world = (repr(state.options), id(tables), tuple(_facts(u) for u in state.units))
    token = book.tokens.get(world)
    if token is None:
        if len(book.tokens) >= TOKEN_LIMIT:
            for old in list(book.tokens)[: TOKEN_LIMIT // 2]:  # (another thread may too)
                book.answers.pop(book.tokens.pop(old, None), None)
        token = book.tokens[world] = object()
        book.answers[token] = {}
    book.last = (state.units, state.options, tables, token)
    return token


def kept(state: Battle, key: Any, make: Callable[[], T]) -> T:
    """The answer to `key` in `state`'s world, made (by `make`) the first time it is asked.
    `key` names the question and whom it is about; the answer must read nothing of any
    figure's `IGNORED` fields, and is shared: never change it."""
    token = world_token(state)
    answers = _book(state).answers.setdefault(token, {})
    found = answers.get(key, _MISSING)
    if found is _MISSING:
        found = answers[key] = make()
    return found  # type: ignore[no-any-return]


def peek(state: Battle, key: Any) -> Any:
    """The answer kept for `key` in `state`'s world, or None if none is kept yet."""
    return _book(state).answers.get(world_token(state), {}).get(key)


_MISSING = object()
