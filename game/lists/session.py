"""A List being held: its tournament file, the next bout, computer bouts, a person's bouts.

    session = ListSession.new(default_roster(8), method="single_elimination", seed=7)
    session.play_computer_bouts()          # every bout up to the next one a person rides
    bout = session.begin_person_bout()     # ... the window plays bout.tm ...
    session.finish_bout(bout.tm.state, bout.tm.events)   # recorded, and the file saved
    session.champion                       # once the List is over

The pure part (pairings, byes, standings, the champion) is
`rules.systems.fallen_empire.lists.ListTable`, replayed from the results in the file.  Every
bout is an ordinary joust battle through the turn manager; a bout between two computer riders
is played out here at once, without a window.  The file is written after every bout (and
when a person's bout begins, naming its battle save), so closing the window or a crash loses
nothing.  Headless: never imports pygame.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.lists import store
from game.lists.bout import BoutPlan, bout_end, bout_seed, bout_setup, field_setup
from game.lists.roster import Entrant, check_roster
from game.lists.store import Pending, RideRecord, TournamentError, TournamentFile
from rules.engine import BattleSetup
from rules.events import Event
from rules.state import Battle
from rules.systems.fallen_empire.lists import ListTable, Standing, host_list_method

ComputerFactory = Callable[[str, int], Any]  # (rider spec, seed) -> a turn-manager Controller


def plain_computer(spec: str, seed: int) -> Any:
    """A computer player that answers at once (bouts decided without a window, tests)."""
    from game.ai import make_controller

    return make_controller(spec, seed)


def window_computer(spec: str, seed: int) -> Any:
    """A computer player thinking in a worker thread at a readable pace (the window)."""
    from game.threaded import ThreadedController

    return ThreadedController(plain_computer(spec, seed), min_think_s=0.25)


@dataclass
class PersonBout:
    """A bout a person rides, ready for the window: its turn manager and the writer of its
    battle save; ``loaded`` is the save it carries on from, if it was begun before."""

    plan: BoutPlan
    tm: Any
    writer: Any
    loaded: Any = None


class ListSession:
    """A List in progress and its file.  Build with :meth:`new` or :meth:`load`."""

    def __init__(self, data: TournamentFile, path: Path) -> None:
        self.data = data
        self.path = Path(path)
        self._field: BattleSetup | None = None
        self._table: ListTable | None = None
        self.by_id: dict[str, Entrant] = {e.id: e for e in data.entrants}

    # --- making and loading --------------------------------------------------------------

    @classmethod
    def new(cls, entrants: list[Entrant], *, method: str | None = None, host: str = "lawful",
            seed: int = 0, title: str = "", rounds: int | None = None,
            helm_tipping: bool = False, stakes: str = "none", field: str = "tournament",
            folder: Path | None = None) -> ListSession:
        """A new List, written to a new file in the save folder (or `folder`).  ``method``
        None is the host's usual one (FE-45: Lawful and Neutral Swiss, Chaotic single
        elimination).  ValueError (one line) for a bad roster, method or field."""
        check_roster(entrants)
        chosen = host_list_method(host, method)
        field_setup(field)  # a bad field is refused now, not at the first bout
        title = title or f"{entrants[0].name}'s List"
        data = TournamentFile(
            created=datetime.now(UTC).isoformat(timespec="seconds"), title=title, seed=seed,
            method=chosen, host=host.strip().lower(),  # type: ignore[arg-type]
            rounds=rounds if chosen == "swiss" else None, field=field,
            helm_tipping=helm_tipping, stakes=stakes,  # type: ignore[arg-type]
            entrants=tuple(entrants))
        session = cls(data, store.new_path(title, folder))
        session.save()
        return session

    @classmethod
    def load(cls, path: str | Path) -> ListSession:
        """Carry on a List from its file; TournamentError (one line) if it cannot be used."""
        return cls(store.read(path), Path(path))

    def save(self) -> None:
        """Write the file whole; `game.saves.SaveFolderError` (an OSError) if it cannot be,
        the List in memory going on all the same (a later `save` writes it all)."""
        store.write(self.path, self.data)

    def move_to(self, folder: str | Path, writer: Any = None) -> None:
        """Carry the List on in another folder (its own was full or read-only): its file is
        written there, and the save of the bout under way follows it (through the bout's
        `writer` while it is being ridden, else copied).  `SaveFolderError` if it cannot."""
        from game.saves import write_whole
        from game.saves.writer import ensure_folder

        folder = ensure_folder(folder)
        path = folder / self.path.name
        if path.exists():
            path = store.new_path(self.title, folder)
        data, pending = self.data, self.data.pending
        if pending is not None:
            target = store.bout_folder(path) / Path(pending.save).name
            old = self._pending_save()
            if writer is not None:
                ensure_folder(target.parent)
                writer.move_to(target)
            elif old is not None:
                ensure_folder(target.parent)
                write_whole(target, old.read_bytes())
            data = data.model_copy(update={"pending": pending.model_copy(
                update={"save": str(target)})})
        store.write(path, data)
        old, self.data, self.path = self.path, data, path
        if old != path:
            with contextlib.suppress(OSError):  # the new file holds all of it: no stale copy
                old.unlink()

    # --- reading -------------------------------------------------------------------------

    @property
    def table(self) -> ListTable:
        if self._table is None:
            self._table = self.data.table()
        return self._table

    @property
    def title(self) -> str:
        return self.data.title

    def name(self, entrant_id: str | None) -> str:
        return self.by_id[entrant_id].name if entrant_id in self.by_id else ""

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    @property
    def champion(self) -> Entrant | None:
        cid = self.table.champion
        return None if cid is None else self.by_id[cid]

    def standings(self) -> tuple[Standing, ...]:
        return self.table.standings()

    @property
    def black_knight(self) -> str:
        """The black knight's id (the first seed, the host) when the List is for his stakes."""
        return self.data.entrants[0].id if self.data.stakes == "black_knight" else ""

    def next_bout(self) -> BoutPlan | None:
        nxt = self.table.next_bout()
        if nxt is None:
            return None
        number = len(self.data.rides) + 1
        bk = self.black_knight if self.black_knight in (nxt.a, nxt.b) else ""
        return BoutPlan(nxt.round, nxt.ride, number, self.by_id[nxt.a], self.by_id[nxt.b],
                        bout_seed(self.data.seed, number), bk)

    def bout_setup(self, plan: BoutPlan) -> BattleSetup:
        if self._field is None:
            self._field = field_setup(self.data.field)[0]
        return bout_setup(self._field, plan, title=self.title,
                          helm_tipping=self.data.helm_tipping)

    def seats(self, plan: BoutPlan, computer: ComputerFactory) -> dict[str, Any]:
        """A seat for each rider: a person at the window, or `computer(spec, seed)`."""
        from game.turns import HumanController, Seat

        seats = {}
        for k, who in enumerate((plan.a, plan.b)):
            if who.person:
                seats[who.id] = Seat(who.id, HumanController(), True, who.name)
            else:
                seats[who.id] = Seat(who.id, computer(who.rider, plan.seed + k + 1), False,
                                     f"{who.name} (computer)")
        return seats

    # --- riding --------------------------------------------------------------------------

    def play_computer_bout(self) -> RideRecord:
        """Ride the next bout between two computer riders to its end, at once, through the
        turn manager; record it and save."""
        from game.turns import TurnManager

        plan = self.next_bout()
        if plan is None or not plan.computer_only:
            raise ValueError("the next bout is not one between two computer riders")
        tm = TurnManager(self.bout_setup(plan), self.seats(plan, plain_computer))
        tm.run()
        if not tm.is_over:
            raise RuntimeError(f"the bout {plan.a.name} v {plan.b.name} did not end")
        return self._record(plan, tm.state, tm.events, save="")

    def play_computer_bouts(self, limit: int | None = None) -> list[RideRecord]:
        """Every bout up to the next one a person rides (or the end, or `limit` bouts)."""
        done: list[RideRecord] = []
        while (plan := self.next_bout()) is not None and plan.computer_only:
            if limit is not None and len(done) >= limit:
                break
            done.append(self.play_computer_bout())
        return done

    def begin_person_bout(self, computer: ComputerFactory = window_computer) -> PersonBout:
        """Start (or carry on) the next bout, which a person rides, the battle saving itself
        as it goes.  The file names the bout's save at once, so a List closed mid-bout
        carries on from the same throw."""
        plan = self.next_bout()
        if plan is None:
            raise ValueError("the List is over")
        resumed = self._resume_pending(plan, computer)
        if resumed is not None:
            return resumed
        from game.saves import start_autosave
        from game.turns import TurnManager

        setup = self.bout_setup(plan)
        tm = TurnManager(setup, self.seats(plan, computer))
        folder = store.bout_folder(self.path)
        path = folder / f"{plan.number:02d}-r{plan.round}-{plan.a.id}-v-{plan.b.id}.flank"
        n = 2
        while path.exists():
            path = folder / f"{plan.number:02d}-r{plan.round}-{plan.a.id}-v-{plan.b.id}-{n}.flank"
            n += 1
        controllers = {w.id: "human:" + w.name if w.person else w.rider
                       for w in (plan.a, plan.b)}
        writer = start_autosave(tm, setup=setup, scenario_path=self.data.field,
                                controllers=controllers, path=path, carry_on=True)
        self.data = self.data.model_copy(update={"pending": Pending(
            round=plan.round, a=plan.a.id, b=plan.b.id, ride=plan.ride, seed=plan.seed,
            save=str(path))})
        try:
            self.save()
        except OSError:  # the List's own file cannot be written: the bout waits for it
            writer.close()
            raise
        return PersonBout(plan, tm, writer)

    def _pending_save(self) -> Path | None:
        """The save of the bout under way, if it is there, in this List's own folder (a
        file naming a save anywhere else is not followed)."""
        p = self.data.pending
        if p is None:
            return None
        path = Path(p.save)
        inside = store.bout_folder(self.path).resolve()
        if not path.is_file() or inside not in path.resolve().parents:
            return None
        return path

    def _resume_pending(self, plan: BoutPlan, computer: ComputerFactory) -> PersonBout | None:
        path = self._pending_save()
        if path is None:
            return None
        from game.saves import SaveError, load_save, resume_battle

        try:
            if load_save(path).setup != self.bout_setup(plan):
                return None  # the save of some other battle: the bout is ridden afresh
            loaded, tm, writer = resume_battle(path, self.seats(plan, computer))
        except (SaveError, ValueError, OSError):
            return None  # a bout save that cannot be trusted: the bout is ridden afresh
        return PersonBout(plan, tm, writer, loaded)

    def finish_bout(self, state: Battle, events: list[Event] | tuple[Event, ...]
                    ) -> RideRecord | None:
        """After a person's bout: record it if its battle has ended (and save), else keep it
        pending for "Ride the next bout" to carry on.  None if it has not ended."""
        plan = self.next_bout()
        if plan is None or {s.id for s in state.sides} != {plan.a.id, plan.b.id}:
            return None
        if state.outcome is None:
            return None
        save = self.data.pending.save if self.data.pending is not None else ""
        return self._record(plan, state, events, save=save)

    def settle_pending(self) -> RideRecord | None:
        """A List reopened after a crash: if the bout under way had already ended in its save
        (the window closed before the List was written), record it now."""
        path = self._pending_save()
        if path is None:
            return None
        from game.saves import SaveError, load_save

        try:
            loaded = load_save(path)
        except SaveError:
            return None
        return self.finish_bout(loaded.state, loaded.events)

    def _record(self, plan: BoutPlan, state: Battle, events: Any, save: str) -> RideRecord:
        end = bout_end(state, events)
        assert end is not None
        rec = RideRecord(round=plan.round, a=plan.a.id, b=plan.b.id, winner=end.winner,
                         out=end.out, ended_by=end.ended_by, pools=end.pools,
                         throws=end.throws, reason=end.reason[:2000], stakes=end.stakes[:400],
                         save=save)
        self.data = self.data.model_copy(update={"rides": (*self.data.rides, rec),
                                                 "pending": None})
        self._table = None
        self.save()
        return rec

    # --- describing ----------------------------------------------------------------------

    def describe(self, rec: RideRecord) -> str:
        """A bout's result as a line a player reads."""
        a, b = self.name(rec.a), self.name(rec.b)
        if rec.winner is None:
            head = f"{a} and {b} draw"
        else:
            loser = b if rec.winner == rec.a else a
            how = {"unhorsed": f"unhorses {loser}", "helm": f"tips {loser}'s helm off",
                   "injury": f"beats {loser}, who threw all 1s and injured him"}.get(
                rec.ended_by, f"beats {loser}")
            head = f"{self.name(rec.winner)} {how}"
        if rec.ended_by in ("pool", "max_throws"):
            mine, theirs = rec.pools if rec.winner != rec.b else rec.pools[::-1]
            head += f" ({mine}–{theirs} dice left)"
        outs = [self.name(o) for o in rec.out]
        if outs:
            head += "; out of the List: " + ", ".join(outs)
        return head


__all__ = ["ComputerFactory", "ListSession", "PersonBout", "TournamentError", "plain_computer",
           "window_computer"]
