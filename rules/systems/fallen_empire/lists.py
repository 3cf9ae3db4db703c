"""Lists: jousts with many entrants (FE-45, R-FE-JOUST-LISTS, R-FE-JOUST-REFILL), bout by bout.

"Jousts with many entrants are called Lists, and may proceed either by Swiss rounds or
single-elimination at the decision of the host."  A List here is nothing but its facts: the
plan (method, entrants best seed first, rounds) and the result of every ride so far, held in
a :class:`ListTable`.  The pairings of the round under way, byes, scores, Buchholz, who is
out and the champion are worked out from those facts by replaying them, so a tournament
saved after any bout and loaded again goes on exactly as it would have, and a file whose
results do not fit its pairings is refused.

Two drivers of that one replay: :meth:`ListTable.next_bout` and :meth:`ListTable.record`
let a game ride the bouts one at a time (a person in the saddle, a save after each);
:func:`single_elimination`, :func:`swiss_rounds` and :func:`run_list` ride a whole List
through a results callback.  Neither knows anything of dice: each bout is one round of
jousting from FULL pools (R-FE-JOUST-REFILL), played by whoever calls.  Pure stdlib.

Why one module of some 490 lines: the table, the replay of each method and the pairing search
are one mechanism sharing the replay's working state (``_Progress``); cut apart, each piece
would reach into the others' private parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

LIST_METHODS = ("swiss", "single_elimination")
HOST_DEFAULT_METHOD = {"lawful": "swiss", "neutral": "swiss", "chaotic": "single_elimination"}
MAX_RIDES = 3  # single elimination: a drawn bout is ridden again at most this often in all


@dataclass(frozen=True)
class BoutResult:
    """What a bout's result function answers.  ``winner`` None is a draw; ``out`` names
    entrants who leave the tournament after it (FE-53: the injured and the ejected)."""

    winner: str | None
    out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bout:
    """One pairing of a List, decided.  ``b`` None is a bye (``winner`` is then ``a``)."""

    round: int
    a: str
    b: str | None
    winner: str | None
    out: tuple[str, ...] = ()
    rides: int = 1
    note: str = ""


@dataclass(frozen=True)
class Pairing:
    """A bout still to ride: round ``round``, ``a`` (the better placed) against ``b``.
    ``ride`` counts the rides of this pairing: 2 or 3 is a drawn elimination bout ridden
    again (R-FE-JOUST-LISTS)."""

    round: int
    a: str
    b: str
    ride: int = 1


@dataclass(frozen=True)
class Ride:
    """One ride's result, as a :class:`ListTable` records it."""

    round: int
    a: str
    b: str
    result: BoutResult


@dataclass(frozen=True)
class Standing:
    """An entrant's place.  ``score``: Swiss points (win 1, draw ½, bye 1), or in single
    elimination the round reached (the champion one past the last).  ``buchholz``: the sum
    of his opponents' scores (Swiss only, the first tie-break)."""

    entrant: str
    score: Fraction
    buchholz: Fraction
    wins: int
    draws: int
    losses: int
    byes: int
    out: bool


@dataclass(frozen=True)
class ListResult:
    """``standings``: (entrant, score) best first (single elimination: the round reached).
    ``champion`` is the best-placed entrant still in the tournament, None if nobody is."""

    method: str
    rounds: tuple[tuple[Bout, ...], ...]
    standings: tuple[tuple[str, Fraction], ...]
    champion: str | None
    out: tuple[str, ...]


ResultsFn = Callable[[str, str], BoutResult | str | None]


def host_list_method(alignment: str, gm_choice: str | None = None) -> str:
    """FE-45: "at the decision of the host" - Lawful hosts usually Swiss rounds, Chaotic
    hosts single elimination.  R-FE-JOUST-LISTS: that is only the default; the GM's choice
    wins, and a Neutral host defaults to Swiss."""
    if gm_choice is not None:
        if gm_choice not in LIST_METHODS:
            raise ValueError(f"unknown List method {gm_choice!r} (known: {LIST_METHODS})")
        return gm_choice
    key = alignment.strip().lower()
    if key not in HOST_DEFAULT_METHOD:
        raise ValueError(f"unknown alignment {alignment!r}: lawful, neutral or chaotic")
    return HOST_DEFAULT_METHOD[key]


def round_count(method: str, entrants: int, rounds: int | None = None) -> int:
    """How many rounds a List of ``entrants`` is planned for: ceil(log2 n) for both methods
    (R-FE-JOUST-LISTS); a Swiss List may be given another number."""
    if method == "swiss" and rounds is not None:
        return rounds
    return max(1, (entrants - 1).bit_length())


def _check_entrants(entrants: Sequence[str]) -> tuple[str, ...]:
    names = tuple(entrants)
    if len(names) < 2:
        raise ValueError(f"a List needs at least two entrants, not {len(names)}")
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"entrants named twice: {', '.join(dup)}")
    return names


def as_result(answer: BoutResult | str | None, a: str, b: str) -> BoutResult:
    """A results function's answer as a :class:`BoutResult`, checked against the bout."""
    r = answer if isinstance(answer, BoutResult) else BoutResult(answer)
    if r.winner not in (None, a, b):
        raise ValueError(f"bout {a} v {b} answered winner {r.winner!r}")
    strangers = [o for o in r.out if o not in (a, b)]
    if strangers:
        raise ValueError(f"bout {a} v {b} put out {strangers[0]!r}, who did not ride in it")
    return r


# --- the table: the facts, and what follows from them ----------------------------------------


@dataclass
class _Progress:
    """What the rides so far make of a List (worked out by :func:`_replay`)."""

    rounds: list[list[Bout]] = field(default_factory=list)  # decided bouts, by round
    pairs: list[tuple[str, str]] = field(default_factory=list)  # the last round's pairings
    next: Pairing | None = None
    score: dict[str, Fraction] = field(default_factory=dict)
    opponents: dict[str, list[str]] = field(default_factory=dict)
    record: dict[str, list[int]] = field(default_factory=dict)  # wins, draws, losses, byes
    out: list[str] = field(default_factory=list)
    reached: dict[str, int] = field(default_factory=dict)
    alive: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ListTable:
    """A List as its facts: the plan and every ride's result so far (see the module's
    docstring).  Immutable: :meth:`record` answers a new table.

    ``entrants`` best seed first; ``rounds`` only for Swiss (None: ceil(log2 n));
    ``max_rides`` how often a drawn elimination bout is ridden in all."""

    method: str
    entrants: tuple[str, ...]
    rounds: int | None = None
    max_rides: int = MAX_RIDES
    rides: tuple[Ride, ...] = ()

    def __post_init__(self) -> None:
        if self.method not in LIST_METHODS:
            raise ValueError(f"unknown List method {self.method!r} (known: {LIST_METHODS})")
        object.__setattr__(self, "entrants", _check_entrants(self.entrants))
        if self.rounds is not None and self.rounds < 1:
            raise ValueError(f"a Swiss List needs at least one round, not {self.rounds}")
        if self.max_rides < 1:
            raise ValueError(f"a bout is ridden at least once, not {self.max_rides} times")

    # --- reading -----------------------------------------------------------------------

    @cached_property
    def _progress(self) -> _Progress:
        return _replay(self)

    @property
    def planned_rounds(self) -> int:
        return round_count(self.method, len(self.entrants), self.rounds)

    def next_bout(self) -> Pairing | None:
        """The bout to ride next, or None when the List is over."""
        return self._progress.next

    @property
    def is_over(self) -> bool:
        return self._progress.next is None

    @property
    def current_round(self) -> int:
        """The round under way (the last round once the List is over; 0 if it had none)."""
        return len(self._progress.rounds)

    def decided(self) -> tuple[tuple[Bout, ...], ...]:
        """Every decided bout (byes first in each round), by round, the round under way
        last."""
        return tuple(tuple(r) for r in self._progress.rounds)

    def pairings(self) -> tuple[tuple[str, str], ...]:
        """The pairings of the round under way (or the last round), ridden or not."""
        return tuple(self._progress.pairs)

    @property
    def out(self) -> tuple[str, ...]:
        """Entrants out of the tournament (FE-53), in the order they left it."""
        return tuple(self._progress.out)

    def standings(self) -> tuple[Standing, ...]:
        """Best first.  Swiss: score, then Buchholz, then seed; single elimination: the round
        reached, then seed (R-FE-JOUST-LISTS)."""
        p = self._progress
        seed = {n: i for i, n in enumerate(self.entrants)}
        if self.method == "swiss":
            buch = {n: sum((p.score[o] for o in p.opponents[n]), Fraction(0))
                    for n in self.entrants}
            order = sorted(self.entrants, key=lambda n: (-p.score[n], -buch[n], seed[n]))
            score = p.score
        else:
            buch = dict.fromkeys(self.entrants, Fraction(0))
            score = {n: Fraction(p.reached[n]) for n in self.entrants}
            order = sorted(self.entrants, key=lambda n: (-score[n], seed[n]))
        return tuple(Standing(n, score[n], buch[n], *p.record[n], out=n in p.out)
                     for n in order)

    @property
    def champion(self) -> str | None:
        """Once the List is over: the best-placed entrant still in the tournament (FE-53:
        one put out cannot be champion), None if nobody is.  None while it goes on."""
        if not self.is_over:
            return None
        if self.method == "single_elimination":
            alive = self._progress.alive
            return alive[0] if len(alive) == 1 else None
        return next((s.entrant for s in self.standings() if not s.out), None)

    def result(self) -> ListResult:
        return ListResult(self.method, self.decided(),
                          tuple((s.entrant, s.score) for s in self.standings()),
                          self.champion, self.out)

    # --- playing -----------------------------------------------------------------------

    def record(self, answer: BoutResult | str | None) -> ListTable:
        """The table after the next bout (:meth:`next_bout`) ended as ``answer`` says: the
        winner (None for a draw) or a :class:`BoutResult` naming who is out."""
        nxt = self.next_bout()
        if nxt is None:
            raise ValueError("the List is over: there is no bout to record")
        result = as_result(answer, nxt.a, nxt.b)
        return replace(self, rides=(*self.rides, Ride(nxt.round, nxt.a, nxt.b, result)))


def _replay(table: ListTable) -> _Progress:
    p = _Progress()
    names = table.entrants
    p.score = dict.fromkeys(names, Fraction(0))
    p.opponents = {n: [] for n in names}
    p.record = {n: [0, 0, 0, 0] for n in names}
    p.reached = dict.fromkeys(names, 0)
    rides = _RideReader(table.rides)
    if table.method == "swiss":
        _replay_swiss(table, p, rides)
    else:
        _replay_elimination(table, p, rides)
    if p.next is None and rides.left:
        raise ValueError(f"ride {rides.pos + 1}: the List was already over, yet "
                         f"{rides.left} more ride(s) are recorded")
    return p


class _RideReader:
    """The recorded rides, taken in order and checked against the pairings they must fit."""

    def __init__(self, rides: tuple[Ride, ...]) -> None:
        self.rides = rides
        self.pos = 0

    @property
    def left(self) -> int:
        return len(self.rides) - self.pos

    def take(self, rnd: int, a: str, b: str) -> BoutResult | None:
        if not self.left:
            return None
        r = self.rides[self.pos]
        if (r.round, r.a, r.b) != (rnd, a, b):
            raise ValueError(f"ride {self.pos + 1}: round {rnd} pairs {a} with {b}, but the "
                             f"record says round {r.round}, {r.a} v {r.b}")
        self.pos += 1
        return as_result(r.result, a, b)


def _tally(p: _Progress, a: str, b: str, winner: str | None) -> None:
    for me in (a, b):
        p.record[me][0 if winner == me else 1 if winner is None else 2] += 1


def _replay_elimination(table: ListTable, p: _Progress, rides: _RideReader) -> None:
    """Single elimination (FE-45): each round the survivors are re-seeded in seed order and
    paired first v last; with an odd number the best seed rides a bye.  A drawn bout is
    ridden again, up to ``max_rides`` rides in all; still level, the better seed goes
    through (R-FE-JOUST-LISTS).  Entrants a bout puts out (FE-53) go no further, even a
    winner."""
    seed = {n: i for i, n in enumerate(table.entrants)}
    alive = list(table.entrants)
    rnd = 0
    while len(alive) > 1:
        rnd += 1
        bouts: list[Bout] = []
        p.rounds.append(bouts)
        nxt: list[str] = []
        field_ = alive
        if len(field_) % 2:
            bouts.append(Bout(rnd, field_[0], None, field_[0], note="bye to the best seed"))
            p.record[field_[0]][3] += 1
            nxt.append(field_[0])
            field_ = field_[1:]
        half = len(field_) // 2
        p.pairs = list(zip(field_[:half], reversed(field_[half:]), strict=True))
        for a, b in p.pairs:
            ride = 0
            while True:
                ride += 1
                r = rides.take(rnd, a, b)
                if r is None:
                    p.next = Pairing(rnd, a, b, ride)
                    p.alive = alive
                    return
                if r.winner is not None or r.out or ride >= table.max_rides:
                    break
            winner, note = r.winner, ""
            if winner is None and not r.out:
                winner = a  # a is the better seed
                note = f"level after {ride} rides: the better seed goes through"
            bouts.append(Bout(rnd, a, b, winner, r.out, ride, note))
            _tally(p, a, b, r.winner)
            p.out += [o for o in r.out if o not in p.out]
            if winner is not None and winner not in r.out:
                nxt.append(winner)
        for n in nxt:
            p.reached[n] = rnd
        alive = sorted(nxt, key=seed.__getitem__)
    p.alive = alive
    if alive:
        p.reached[alive[0]] = rnd + 1


def _replay_swiss(table: ListTable, p: _Progress, rides: _RideReader) -> None:
    """Swiss rounds (R-FE-JOUST-LISTS).  A win scores 1, a draw 1/2, a bye 1.  Each round:
    rank by score, then seed; with an odd number the lowest-ranked entrant who has not had
    a bye rides a bye; the rest are paired top-down, each with the best-ranked entrant he
    has not yet met, backtracking so that no rematch happens if any pairing avoids one.
    Entrants put out of the tournament (FE-53) keep their score but are not paired again."""
    names = table.entrants
    seed = {n: i for i, n in enumerate(names)}
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    for rnd in range(1, table.planned_rounds + 1):
        ranked = [n for n in sorted(names, key=lambda n: (-p.score[n], seed[n]))
                  if n not in p.out]
        if len(ranked) < 2:
            break
        bouts: list[Bout] = []
        p.rounds.append(bouts)
        if len(ranked) % 2:
            fresh = [n for n in reversed(ranked) if n not in had_bye]
            bye = fresh[0] if fresh else ranked[-1]
            had_bye.add(bye)
            p.score[bye] += 1
            p.record[bye][3] += 1
            bouts.append(Bout(rnd, bye, None, bye, note="bye to the lowest-ranked without one"))
            ranked.remove(bye)
        p.pairs = _pair_no_rematch(ranked, met) or _pair_greedy(ranked, met)
        rematches = {frozenset(pair) for pair in p.pairs} & met
        for a, b in p.pairs:
            r = rides.take(rnd, a, b)
            if r is None:
                p.next = Pairing(rnd, a, b)
                return
            met.add(frozenset((a, b)))
            p.opponents[a].append(b)
            p.opponents[b].append(a)
            if r.winner is None:
                p.score[a] += Fraction(1, 2)
                p.score[b] += Fraction(1, 2)
            else:
                p.score[r.winner] += 1
            _tally(p, a, b, r.winner)
            note = "rematch: no pairing avoided one" if frozenset((a, b)) in rematches else ""
            bouts.append(Bout(rnd, a, b, r.winner, r.out, note=note))
            p.out += [o for o in r.out if o not in p.out]


_PAIRING_BUDGET = 200_000  # backtracking steps before settling for greedy pairing


def _pair_no_rematch(ranked: list[str], met: set[frozenset[str]]
                     ) -> list[tuple[str, str]] | None:
    """Top-down pairing with no rematch, backtracking; None if none exists (or the search
    is too long)."""
    budget = [_PAIRING_BUDGET]

    def go(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        top = rest[0]
        for i in range(1, len(rest)):
            if frozenset((top, rest[i])) in met:
                continue
            tail = go(rest[1:i] + rest[i + 1:])
            if tail is not None:
                return [(top, rest[i]), *tail]
        return None

    return go(list(ranked))


def _pair_greedy(ranked: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """Top-down, each with the best-ranked unmet entrant left, else the best-ranked left."""
    rest, pairs = list(ranked), []
    while rest:
        top = rest.pop(0)
        mate = next((n for n in rest if frozenset((top, n)) not in met), rest[0])
        rest.remove(mate)
        pairs.append((top, mate))
    return pairs


# --- a whole List through a results callback -------------------------------------------------


def ride_out(table: ListTable, results_fn: ResultsFn) -> ListTable:
    """Ride every bout left, asking ``results_fn(a, b)`` for each in turn."""
    while (bout := table.next_bout()) is not None:
        table = table.record(as_result(results_fn(bout.a, bout.b), bout.a, bout.b))
    return table


def single_elimination(entrants: Sequence[str], results_fn: ResultsFn,
                       max_rides: int = MAX_RIDES) -> ListResult:
    """FE-45 single elimination, ``entrants`` in seed order (best first): see
    :func:`_replay_elimination` for the pairing, byes and re-rides."""
    table = ListTable("single_elimination", tuple(entrants), max_rides=max_rides)
    return ride_out(table, results_fn).result()


def swiss_rounds(entrants: Sequence[str], rounds: int | None, results_fn: ResultsFn
                 ) -> ListResult:
    """FE-45 Swiss rounds, ``entrants`` in seed order (best first); ``rounds`` None means
    ceil(log2(entrants)).  Pairing and byes as :func:`_replay_swiss`; final standings by
    score, then Buchholz (opponents' scores), then seed.  Deterministic given its inputs."""
    table = ListTable("swiss", tuple(entrants), rounds=rounds)
    return ride_out(table, results_fn).result()


def run_list(entrants: Sequence[str], results_fn: ResultsFn, *, alignment: str = "lawful",
             method: str | None = None, rounds: int | None = None) -> ListResult:
    """A List as the host calls it (FE-45): the method is the host's alignment default
    unless the GM names one (R-FE-JOUST-LISTS).  ``rounds`` only matters for Swiss."""
    chosen = host_list_method(alignment, method)
    if chosen == "swiss":
        return swiss_rounds(entrants, rounds, results_fn)
    return single_elimination(entrants, results_fn)


__all__ = [
    "HOST_DEFAULT_METHOD", "LIST_METHODS", "MAX_RIDES", "Bout", "BoutResult", "ListResult",
    "ListTable", "Pairing", "ResultsFn", "Ride", "Standing", "as_result", "host_list_method",
    "ride_out", "round_count", "run_list", "single_elimination", "swiss_rounds",
]
