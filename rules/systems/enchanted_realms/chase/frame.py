"""The frame of a chase on the engine's stack (DESIGN.md, "Modes"): who runs where on the
lane, the round's initiative order, the second being counted and whose moment it is.  It
names the "chase" mode and the "track" board, from which the game picks the scene, the
view and the computer's knowledge, and answers the chase's commands (choices.py) and runs
its seconds (procedure.py).

A module of its own so the import arrows point one way: the events' evolvers (events.py)
find the frame on the stack by its mode and never import this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.commands import Command
from rules.engine import Context
from rules.state import Battle, Frame
from rules.systems.enchanted_realms.chase import choices, procedure
from rules.systems.enchanted_realms.chase.runner import PURSUER, QUARRY, Runner
from rules.wording import Words, and_list

__all__ = ["PURSUER", "QUARRY", "ChaseFrame", "Runner"]

@dataclass(frozen=True, slots=True)
class ChaseFrame(Frame):
    """A chase under way.  Steps: begin → initiative → second (each runner in initiative
    order: his swing if it is his second, then his movement roll) → choose (a runner decides
    to swing, run or break off) → second … → initiative (next round) … → over."""

    step: str = "begin"
    quarry_side: str = ""
    runners: tuple[Runner, ...] = ()
    order: tuple[str, ...] = ()  # this round's initiative order (ER-29)
    second: int = 10
    index: int = 0  # whose moment in `order` during "second"
    swung: bool = False  # the runner at `index` has had his swing moment this second
    heavy_swing: bool = False  # ... and swung a heavy weapon: no movement (ER-28)
    deciding: str = ""  # the runner choosing, during "choose"
    turned: bool = False  # ... and has turned after another quarry (R-ER-CHASE-QUARRY)
    chase_round: int = 0
    returns: bool = False  # opened from a skirmish: it ends back on the map (offer.py)
    called: bool = False  # ... by the GM, outside the turn order: no turn is spent (called.py)

    mode: ClassVar[str | None] = "chase"
    board: ClassVar[str | None] = "track"
    owns_commands: ClassVar[bool] = True

    def legal(self, state: Battle, side: str) -> list[Command]:
        return choices.legal_commands(state, side)

    def check(self, state: Battle, command: Command) -> str | None:
        return choices.check(state, command)

    def decide(self, ctx: Context, command: Command) -> None:
        choices.decide(ctx, command)

    def run(self, ctx: Context) -> None:
        procedure.run_frame(ctx, self)

    def moment(self, state: Battle, words: Words) -> str:
        """A runner's moment in his second: swing on the run, run on, or break off (ER-22,
        ER-28, ER-31, ER-32)."""
        unit, opts = choices.options_now(state)
        if self.actor is None or not unit:
            return ""
        who = words.unit(unit)
        foes = [words.unit(o.partition(":")[2]) for o in opts if o.startswith("swing:")]
        off = ""
        if "break_off" in opts:
            turn = any(o.startswith("chase:") for o in opts)
            off = ("; or break off the chase" if not turn else
                   "; or break off or turn (R-ER-CHASE-QUARRY)")
        if foes:
            return (f"In second {self.second} (ER-29) {who} has {and_list(foes)} within reach: "
                    "swing on the run at the running penalty (ER-22), or run and roll for "
                    f"ground (ER-31){off}.")
        return (f"In second {self.second} (ER-29) nobody is within reach of {who} (ER-32): "
                f"run and roll for ground (ER-31){off}.")

    # --- reading ---------------------------------------------------------------------------
    def runner(self, unit: str) -> Runner:
        for r in self.runners:
            if r.unit == unit:
                return r
        raise KeyError(f"{unit!r} is not in the chase")

    def running(self, role: str | None = None) -> tuple[Runner, ...]:
        return tuple(r for r in self.runners if r.running and (role is None or r.role == role))

    def current(self) -> Runner | None:
        """The runner whose moment it is in this second, or None between seconds."""
        if self.step not in ("second", "choose") or self.index >= len(self.order):
            return None
        return self.runner(self.order[self.index])

    def quarry_of(self, pursuer: str) -> Runner | None:
        """The fleeing figure `pursuer` runs after, while he still runs (R-ER-CHASE-QUARRY)."""
        mark = self.runner(pursuer).chases
        if not mark:
            return None
        q = self.runner(mark)
        return q if q.running else None

    def chasers(self, quarry: str) -> tuple[Runner, ...]:
        """The pursuers still running after `quarry`, nearest him first."""
        q = self.runner(quarry)
        return tuple(sorted((p for p in self.running(PURSUER) if p.chases == quarry),
                            key=lambda p: (q.at - p.at, p.unit)))

    def gap(self, pursuer: str) -> int | None:
        """Hexes from `pursuer` to the one he chases (R-ER-CHASE-QUARRY), or None when that
        one has left the chase."""
        q = self.quarry_of(pursuer)
        return None if q is None else q.at - self.runner(pursuer).at

    def next_index(self, start: int) -> int:
        """The first place in `order` from `start` whose runner still runs (len if none):
        bookkeeping the evolvers share, so a runner out of the chase is passed over."""
        i = start
        while i < len(self.order) and not self.runner(self.order[i]).running:
            i += 1
        return i
