"""A decision's legal commands, listed without making them all (issue 36).

Why this module exists: at a side's turn every figure still to act may walk to any of a
hundred hexes (R-TT-MOVE, six hexes in every direction), each along the path R-POS-PATH
chooses among the cheapest.  Making all those moves, with their paths, at every decision
was nearly all of Tarnished Tale's engine, and nearly none of them is ever chosen: a
random player takes one command, the engine checks one.

So a decision's commands are a `Listing`: a sequence in the full listing's order (the same
length, the same command at every place) whose parts are made when read.  A figure's walks
are a `Walks` part: which hexes he can reach is worked out from the board (a search of the
costs, `paths.Search`, kept on the board under `walk_key` while nothing within his reach
changes), and a walk's path only for the hex read, the one the whole walk would choose.
Reading the whole listing (iterating, comparing, `list()`) makes every command, as the full
listing did, from the walks kept on the board.  tests/tarnished_tale/test_listing.py
checks, along random games, that reading it either way gives the full listing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from rules.commands import Attack, Command, Move
from rules.events import hx
from rules.hexgrid import Hex
from rules.paths import Search
from rules.positioning import kept_walk, on_road, remember, walk_key
from rules.state import Battle
from rules.systems.tarnished_tale.units import TTUnit

__all__ = ["Attacks", "Listing", "Walks", "walks"]


def _reach(state: Battle, key: tuple[Any, ...]
           ) -> tuple[Search, tuple[Hex, ...], frozenset[Hex]]:
    """The search of a walk under `key` (a `walk_key` with no foes to back away from), as
    `positioning.kept_walk` makes it: each hex entered at its cost, never one `blocked`
    holds (R-POS-BLOCK), roads preferred among equal paths (R-POS-PATH); and the hexes it
    can end on besides its start, in Hex order and as a set.  No path is chosen yet."""
    _, start, budget, blocked, _ = key
    search = Search(start, budget, None, along=on_road(state),
                    entering=(state.board.entry_costs, blocked))
    hexes = tuple(sorted(h for h in search.dist if h != start))
    return search, hexes, frozenset(hexes)


class Walks:
    """One figure's moves at one decision: a walk to every hex he can reach and no one else
    stands on, in Hex order, then a turn in place to each other facing (R-TT-MOVE)."""

    __slots__ = ("_dests", "_ends", "_key", "_reach", "_search", "_state", "_taken", "_turns",
                 "unit")

    def __init__(self, state: Battle, u: TTUnit, budget: int) -> None:
        pos = u.pos
        assert pos is not None
        self._state, self.unit = state, u
        self._key = key = walk_key(state, u, budget)
        board = state.board
        kept = board.memo.get(("tt-reach", key))
        if kept is None:
            kept = _reach(state, key)
            remember(board, ("tt-reach", key), kept)
        self._search, self._reach, reach = kept
        standing = state.where.standing
        # R-POS-BLOCK: a move may pass a hex someone else stands on but not end there (his
        # own hex ends no walk, so whoever stands on one of these is someone else).
        if len(standing) < len(reach):
            self._taken = [h for h in standing if h in reach]
        else:
            self._taken = [h for h in self._reach if h in standing]
        self._ends = len(self._reach) - len(self._taken)
        self._dests: tuple[Hex, ...] | None = None if self._taken else self._reach
        turns = board.memo.get(("tt-turns", u.id, pos, u.facing))
        if turns is None:
            turns = [Move(unit=u.id, path=(hx(pos),), facing=f) for f in range(6)
                     if f != u.facing]
            remember(board, ("tt-turns", u.id, pos, u.facing), turns)
        self._turns: list[Move] = turns

    def __len__(self) -> int:
        return self._ends + len(self._turns)

    def destinations(self) -> tuple[Hex, ...]:
        """The hexes his walks end on, in Hex order."""
        if self._dests is None:
            taken = set(self._taken)
            self._dests = tuple(h for h in self._reach if h not in taken)
        return self._dests

    def _every_walk(self) -> dict[Hex, Move]:
        """A walk to every hex he can reach, kept on the board with the walk it comes from."""
        memo_key = ("tt-walks", self.unit.id, self._key)
        board = self._state.board
        every = board.memo.get(memo_key)
        if every is None:
            _, paths = kept_walk(self._state, self.unit, self._key)
            every = {h: Move(unit=self.unit.id, path=tuple(hx(s) for s in paths[h]))
                     for h in self._reach}
            remember(board, memo_key, every)
        return every

    def item(self, i: int) -> Command:
        if i >= self._ends:
            return self._turns[i - self._ends]
        h = self.destinations()[i]
        every = self._state.board.memo.get(("tt-walks", self.unit.id, self._key))
        if every is not None:
            return every[h]
        path = self._search.path(h)  # R-POS-PATH: the path the whole walk would choose
        assert path is not None
        return Move(unit=self.unit.id, path=tuple(hx(s) for s in path))

    def every(self) -> list[Command]:
        every = self._every_walk()
        return [*(every[h] for h in self.destinations()), *self._turns]


def walks(state: Battle, u: TTUnit, budget: int) -> Walks:
    return Walks(state, u, budget)


class Attacks:
    """One figure's attacks at one decision (TT-01, TT-03): for each (foe, kind) open to
    him, an attack of each of that kind's modes, the plain ones first, each made when read.
    `modes[kind]` is that kind's (plain, other) options, so the order is the full
    listing's: every plain attack, foe by foe, then every other, foe by foe."""

    __slots__ = ("_modes", "_open", "_weapon", "unit")

    def __init__(self, u: TTUnit, open_attacks: list[tuple[str, str]],
                 modes: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> None:
        self.unit, self._open, self._modes = u.id, open_attacks, modes
        self._weapon = u.missile

    def __len__(self) -> int:
        return 2 * len(self._open)

    def item(self, i: int) -> Command:
        n = len(self._open)
        target, kind = self._open[i % n]
        return Attack(unit=self.unit, target=target,
                      weapon=self._weapon if kind == "missile" else "",
                      options=self._modes[kind][i // n])

    def every(self) -> list[Command]:
        return [self.item(i) for i in range(len(self))]


Part = list[Command] | Walks | Attacks


class Listing(Sequence[Command]):
    """Legal commands in their order, each part made when read: `len` and one item cost
    what that item costs; iterating makes them all.  Compares equal to any sequence of the
    same commands (a list, a tuple, another listing)."""

    __slots__ = ("_len", "_parts")

    def __init__(self, parts: list[Part]) -> None:
        self._parts = [p for p in parts if len(p)]
        self._len = sum(len(p) for p in self._parts)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Command: ...

    @overload
    def __getitem__(self, i: slice) -> list[Command]: ...

    def __getitem__(self, i: int | slice) -> Command | list[Command]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("listing index out of range")
        for p in self._parts:
            n = len(p)
            if i < n:
                return p[i] if isinstance(p, list) else p.item(i)
            i -= n
        raise IndexError("listing index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Command]:
        for p in self._parts:
            yield from (p if isinstance(p, list) else p.every())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Listing, list, tuple)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Command]) -> list[Command]:
        return [*self, *other]

    def __radd__(self, other: Sequence[Command]) -> list[Command]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"
