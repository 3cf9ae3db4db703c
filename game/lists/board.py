"""What the List's screen shows, as plain data: the bracket, the standings, this round's bouts.

The screen (`game.ui.lists_scene`, drawn by `game.render.list_board`) only lays these out;
every word a player reads about the List is chosen here, where a test can read it without a
window.  Headless.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.lists.session import ListSession
from game.lists.store import RideRecord
from rules.systems.fallen_empire.lists import Bout

HOW = {"unhorsed": "unhorsed", "helm": "helm tipped off", "injury": "injury",
       "max_throws": "after the last ride"}


@dataclass(frozen=True)
class Slot:
    """One rider's line in a bout's box."""

    name: str
    detail: str = ""  # "5 dice · a person"
    person: bool = False  # ridden by a person at this window
    won: bool = False
    lost: bool = False
    out: bool = False


@dataclass(frozen=True)
class BoutBox:
    """A bout in the bracket.  ``state``: done, next (to ride now), waiting (this round,
    later) or future (a later round, riders not known yet).  ``bottom`` None: a bye."""

    round: int
    top: Slot
    bottom: Slot | None
    state: str
    note: str = ""


@dataclass(frozen=True)
class Bracket:
    rounds: tuple[tuple[BoutBox, ...], ...]
    champion: str  # the champion's name once the List is over ("" while it goes on)


@dataclass(frozen=True)
class Row:
    """A line of the Swiss standings."""

    rank: int
    name: str
    dice: int
    rider: str
    points: str
    buchholz: str
    record: str  # wins–draws–losses
    byes: int
    status: str  # "", "out of the List", "champion"


def points(value: Fraction) -> str:
    """2½, not 5/2."""
    whole, half = divmod(value * 2, 2)
    return f"{int(whole) if whole or not half else ''}{'½' if half else ''}" or "0"


def _rider(session: ListSession, eid: str) -> str:
    e = session.by_id[eid]
    who = "a person" if e.person else "computer"
    return f"{e.level} {'die' if e.level == 1 else 'dice'} · {who}"


def _slot(session: ListSession, eid: str) -> Slot:
    return Slot(session.name(eid), _rider(session, eid), session.by_id[eid].person)


def _last_rides(session: ListSession) -> dict[tuple[int, str, str], RideRecord]:
    return {(r.round, r.a, r.b): r for r in session.data.rides}


def _note(bout: Bout, rec: RideRecord | None) -> str:
    if bout.b is None:
        return "bye"
    bits = []
    if rec is not None:
        if rec.ended_by in ("pool", "max_throws"):
            mine, theirs = rec.pools if rec.winner != rec.b else rec.pools[::-1]
            bits.append(f"{mine}–{theirs} dice")
        if rec.ended_by in HOW:
            bits.append(HOW[rec.ended_by])
    if bout.rides > 1:
        bits.append(f"ridden {bout.rides} times")
    if bout.note.startswith("level after"):
        bits.append("the better seed goes through")
    elif rec is not None and rec.winner is None and bout.rides == 1:
        bits.append("a draw")
    return ", ".join(bits)


def _done_box(session: ListSession, bout: Bout, rec: RideRecord | None) -> BoutBox:
    out = set(bout.out)

    def slot(eid: str) -> Slot:
        return Slot(session.name(eid), _rider(session, eid), session.by_id[eid].person,
                    won=bout.winner == eid,
                    lost=bout.winner is not None and bout.winner != eid, out=eid in out)

    return BoutBox(bout.round, slot(bout.a), None if bout.b is None else slot(bout.b), "done",
                   _note(bout, rec))


def bracket(session: ListSession) -> Bracket:
    """Single elimination, round by round: bouts decided, this round's still to ride (the
    next one marked), and empty boxes for the rounds to come (R-FE-JOUST-LISTS re-seeds
    every round, so their riders are not known yet)."""
    table = session.table
    rides = _last_rides(session)
    rounds: list[tuple[BoutBox, ...]] = []
    nxt = table.next_bout()
    decided = table.decided()
    for rnd, bouts in enumerate(decided, 1):
        boxes = [_done_box(session, b, rides.get((b.round, b.a, b.b or ""))) for b in bouts]
        if rnd == len(decided) and nxt is not None:
            ridden = {(b.a, b.b) for b in bouts}
            for a, b in table.pairings():
                if (a, b) in ridden:
                    continue
                now = (a, b) == (nxt.a, nxt.b)
                note = f"ride {nxt.ride} (the last was a draw)" if now and nxt.ride > 1 else ""
                boxes.append(BoutBox(rnd, _slot(session, a), _slot(session, b),
                                     "next" if now else "waiting", note))
        rounds.append(tuple(boxes))
    if nxt is not None:  # the rounds to come: a box for each bout they can hold
        field = len(table.pairings()) + sum(1 for b in decided[-1] if b.b is None)
        rnd = len(decided) + 1
        while field >= 2:  # fewer if FE-53 puts both riders of a bout out
            boxes = [BoutBox(rnd, Slot(""), Slot(""), "future") for _ in range(field // 2)]
            if field % 2:
                boxes.insert(0, BoutBox(rnd, Slot(""), None, "future", "bye"))
            rounds.append(tuple(boxes))
            field, rnd = (field + 1) // 2, rnd + 1
    champion = session.champion
    return Bracket(tuple(rounds), champion.name if champion else "")


def standings(session: ListSession) -> tuple[Row, ...]:
    """The Swiss table: points (win 1, draw ½, bye 1), then Buchholz, then seed."""
    champion = session.table.champion
    rows = []
    for rank, s in enumerate(session.standings(), 1):
        e = session.by_id[s.entrant]
        status = "champion" if s.entrant == champion else "out of the List" if s.out else ""
        rows.append(Row(rank, e.name, e.level, "a person" if e.person else "computer",
                        points(s.score), points(s.buchholz), f"{s.wins}–{s.draws}–{s.losses}",
                        s.byes, status))
    return tuple(rows)


def round_bouts(session: ListSession) -> tuple[tuple[str, str], ...]:
    """This round's bouts as (line, state) for the Swiss screen: done, next or waiting."""
    table = session.table
    if not table.decided():
        return ()
    rides = _last_rides(session)
    nxt = table.next_bout()
    out: list[tuple[str, str]] = []
    bouts = table.decided()[-1]
    for b in bouts:
        if b.b is None:
            out.append((f"{session.name(b.a)} rides a bye (1 point)", "done"))
            continue
        rec = rides.get((b.round, b.a, b.b))
        out.append((session.describe(rec) if rec else f"{b.a} v {b.b}", "done"))
    ridden = {(b.a, b.b) for b in bouts}
    for a, b in table.pairings():
        if (a, b) not in ridden:
            state = "next" if nxt is not None and (a, b) == (nxt.a, nxt.b) else "waiting"
            out.append((f"{session.name(a)} v {session.name(b)}", state))
    return tuple(out)


def round_name(session: ListSession) -> str:
    """ "Round 2 of 3" (Swiss), "Round 1" or "The final" (single elimination)."""
    table = session.table
    rnd = max(1, table.current_round)
    if table.method == "swiss":
        return f"Round {rnd} of {table.planned_rounds}"
    decided = table.decided()
    byes = sum(1 for b in decided[-1] if b.b is None) if decided else 0
    return "The final" if len(table.pairings()) == 1 and not byes else f"Round {rnd}"


def next_bout_text(session: ListSession) -> str:
    """The next bout in a sentence, or the champion once the List is over."""
    plan = session.next_bout()
    if plan is None:
        champ = session.champion
        if champ is None:
            return "The List is over. Nobody is left to be champion: every finalist is out."
        return f"The List is over. {champ.name} is the champion!"
    again = " (ridden again: the last ride was a draw)" if plan.ride > 1 else ""
    stakes = " For the black knight's stakes (FE-54)." if plan.black_knight else ""
    return (f"{round_name(session)}{again}: {plan.a.name} "
            f"({_rider(session, plan.a.id)}) against {plan.b.name} "
            f"({_rider(session, plan.b.id)}).{stakes}")


def moment_text(session: ListSession) -> str:
    """What the host is asked now between bouts and why, in one line citing the clause
    (issue 35, as `Ruleset.moment` says it inside a bout): ride the next bout, or decide one
    between two computer riders; "" once the List is over."""
    plan = session.next_bout()
    if plan is None:
        return ""
    stakes = ("the loser is out (FE-45)" if session.data.method == "single_elimination"
              else "a win scores a point and a draw half (FE-45)")
    if plan.computer_only:
        return (f"{plan.a.name} and {plan.b.name} are both ridden by the computer: decide "
                f"their bout to see how it went, or every computer bout to come; {stakes}.")
    rider, foe = (plan.a, plan.b) if plan.a.person else (plan.b, plan.a)
    return (f"{rider.name} rides against {foe.name}: take the saddle. Each pass both throw 1 "
            f"to 3 dice in secret (FE-48), from a full pool each bout (R-FE-JOUST-REFILL); "
            f"{stakes}.")
