"""The frame of a mass battle on the engine's stack (DESIGN, "Modes"): its step, who must
choose, the sides and their commanders; it answers the commands of the mode (orders.py) and
runs the round (procedure.py), and it names the "mass" mode and the "grid" board, from which
the game picks the scene, the view and the computer's knowledge.

A module of its own so the import arrows point one way: the events' evolvers find the
frame on the stack by its mode, and this module imports the answers and the procedure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.commands import Command
from rules.engine import Context
from rules.state import Battle, Frame
from rules.systems.zefrs.mass import orders, procedure
from rules.wording import Words, pronoun

__all__ = ["MassFrame", "Square"]

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class MassFrame(Frame):
    """A mass battle under way: its step, who must choose, the two sides, the commanders.

    Steps: deploy (A, then B, in secret) → reveal → round → orders (A, then B, sealed) →
    open → move → duel → segment (2, 3, 4) → withdraw → morale → end → round … → over."""

    step: str = "deploy"
    segment: int = 0
    side_a: str = ""
    side_b: str = ""
    gap: int = 1  # empty squares between the lines at the start (ZEF-61)
    commanders: tuple[tuple[str, str], ...] = ()  # (side, commander's id) (ZEF-59)
    commander_goals: tuple[tuple[str, Square, bool], ...] = ()  # (commander, to, leads)
    led: tuple[tuple[str, str], ...] = ()  # (commander, unit he leads this round) (ZEF-63)
    commander_slain: tuple[str, ...] = ()  # sides whose commander died this round (ZEF-77)

    mode: ClassVar[str | None] = "mass"
    board: ClassVar[str | None] = "grid"
    # A figure on the grid (a leader turning to his foe, ZEF-70) faces a hexside of the
    # engine's geometry; the grid's squares are its axial steps read as columns and rows,
    # so the hexsides east, (1, -1), (0, -1), west, (-1, 1), (0, 1) read as these.
    facing_words: ClassVar[tuple[str, ...] | None] = (
        "east", "north-east", "north", "west", "south-west", "south")
    owns_commands: ClassVar[bool] = True

    def legal(self, state: Battle, side: str) -> list[Command]:
        return orders.legal_commands(state, side)

    def check(self, state: Battle, command: Command) -> str | None:
        return orders.check(state, command)

    def decide(self, ctx: Context, command: Command) -> None:
        orders.decide(ctx, command)

    def run(self, ctx: Context) -> None:
        procedure.run_frame(ctx, self)

    def moment(self, state: Battle, words: Words) -> str:
        """The commander's decision of this step: the secret deployment (ZEF-58, ZEF-60),
        the round's orders (ZEF-63..ZEF-69) or the leaders' duels (ZEF-70, ZEF-15)."""
        side = self.actor
        if side is None:
            return ""
        if self.step == "deploy":
            return (f"{words.side(side)}: place each unit in secret (ZEF-58): a left, a centre "
                    "and a right, and reserves behind them (ZEF-60); both sides show theirs "
                    "at once.")
        if self.step == "orders":
            ride = ("; the commander may ride to lead one (ZEF-63)"
                    if self.commander(side) else "")
            return ("Order each unit for the round, sealed (ZEF-66): attack the foe it faces "
                    "(ZEF-64), defend, shoot at a foe not beside it (ZEF-68) or withdraw "
                    f"(ZEF-69){ride}.")
        if self.step == "duels":
            from rules.systems.zefrs.mass.duel import awaiting, foe_of

            leaders = awaiting(state, self, side)
            if not leaders:
                return ""
            a = leaders[0]
            foe = foe_of(state, self, a)
            more = f" ({len(leaders) - 1} more to follow)" if len(leaders) > 1 else ""
            his = pronoun(state.unit(a), "his")
            return (f"Leaders duel first (ZEF-70): {words.unit(a)} faces {words.unit(foe)}"
                    f"{more}. Declare {his} blow at an aiming point (ZEF-24), a knock-out "
                    "(ZEF-35) or a defence (ZEF-36), sealed till both have (ZEF-15).")
        return ""

    # --- reading ---------------------------------------------------------------------------
    def commander(self, side: str) -> str:
        return dict(self.commanders).get(side, "")

    def leads(self, commander: str) -> str:
        return dict(self.led).get(commander, "")

    def led_by(self, unit: str) -> str:
        """The commander leading `unit` this round, or ""."""
        return next((c for c, u in self.led if u == unit), "")

    def other(self, side: str) -> str:
        return self.side_b if side == self.side_a else self.side_a


