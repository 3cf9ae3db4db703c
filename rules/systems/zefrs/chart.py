"""The ZeFRS resolution chart (ZEF-07, ZEF-08; ruling R-ZEF-CHART): a d100 roll, low is good,
read on the column of a rating, gives a colour, white (failure), green, yellow, orange or red.

Why it is built this way:

* The text lost the chart's numbers; the shape NOTES recovered is one narrow column per
  rating number, so a column here is one rating, and its four numbers are the highest roll
  that still gives red, orange, yellow and green (above the last, white).  The numbers are
  data (data.toml `[[chart]]`), so a GM who owns the printed chart types his own in.
* A modifier shifts the column, right if favourable, left if not (ZEF-08), one column a
  point by default: the only reading that fits the one published hint (a −6 shift took a
  marginal success from about 72 % to 54 % and a red from about 10 % to 7 % on one column);
  the other reading players argue for, a band of five columns a point, is a GM option
  (`config.shift_reading`, `config.band_width`).
* A column beyond the chart's edges reads the edge column (R-ZEF-CHART-EDGES): a rating far
  above the best column is no surer than the best column says, and one far below still
  keeps the edge column's slim chance.
* The colour of a roll and the count of rolls per colour come from the same table, so the
  odds the panel shows are the odds the dice give.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Annotated

from pydantic import BeforeValidator, Field, model_validator

from rules.data import FieldProblem, TableModel, as_tuple

__all__ = ["Chart", "ChartColumn", "Colour", "ColumnWalk", "Shift", "d100_face"]


class Colour(IntEnum):
    """A chart result; its value is its degree of success (ZEF-12 advantages, ZEF-44 damage
    points): white 0 (failure), green 1, yellow 2, orange 3, red 4."""

    WHITE = 0
    GREEN = 1
    YELLOW = 2
    ORANGE = 3
    RED = 4

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def success(self) -> bool:
        return self is not Colour.WHITE


class ChartColumn(TableModel):
    """One column: the highest d100 roll that gives each colour, best first."""

    column: int = Field(ge=-100, le=100)
    red: int = Field(ge=0, le=100)
    orange: int = Field(ge=0, le=100)
    yellow: int = Field(ge=0, le=100)
    green: int = Field(ge=0, le=100)

    @model_validator(mode="after")
    def _rising(self) -> ChartColumn:
        if not self.red <= self.orange <= self.yellow <= self.green:
            raise FieldProblem("", f"column {self.column}: the highest rolls must rise "
                               "red ≤ orange ≤ yellow ≤ green")
        return self

    def bounds(self) -> tuple[int, int, int, int]:
        """(red, orange, yellow, green): the highest roll of each colour."""
        return (self.red, self.orange, self.yellow, self.green)

    def colour(self, roll: int) -> Colour:
        """The colour a d100 roll (1–100) gives on this column (ZEF-07: low is good)."""
        if not 1 <= roll <= 100:
            raise ValueError(f"a d100 roll is 1 to 100, not {roll}")
        for colour, top in zip((Colour.RED, Colour.ORANGE, Colour.YELLOW, Colour.GREEN),
                               self.bounds(), strict=True):
            if roll <= top:
                return colour
        return Colour.WHITE

    def ways(self) -> dict[Colour, int]:
        """How many of the hundred rolls give each colour, white first."""
        r, o, y, g = self.bounds()
        return {Colour.WHITE: 100 - g, Colour.GREEN: g - y, Colour.YELLOW: y - o,
                Colour.ORANGE: o - r, Colour.RED: r}

    def at_least(self, colour: Colour) -> int:
        """How many of the hundred rolls give `colour` or better."""
        return sum(w for c, w in self.ways().items() if c >= colour)


@dataclass(frozen=True)
class Shift:
    """One column shift: its points (+ right, − left), a short reason, the clause or ruling."""

    points: int
    reason: str
    clause: str


@dataclass(frozen=True)
class ColumnWalk:
    """How a check found its column, for the log and the sandbox's step-through."""

    start: int  # the rating, less what the defender subtracts (ZEF-06)
    shifts: tuple[Shift, ...]
    reached: int  # where the shifts took it, perhaps off the chart
    column: int  # the column read (the edge, if `reached` is beyond it)
    columns_per_point: int

    def describe(self) -> str:
        """"column 7, −2 lower position (ZEF-41) → 5" in a player's words."""
        text = f"column {_signed(self.start, plus=False)}"
        at = self.start
        for s in self.shifts:
            at += s.points * self.columns_per_point
            text += f", {_signed(s.points)} {s.reason} ({s.clause}) → {_signed(at, plus=False)}"
        if self.column != self.reached:
            text += (f", read on the edge column {_signed(self.column, plus=False)} "
                     "(R-ZEF-CHART-EDGES)")
        return text


def _signed(n: int, plus: bool = True) -> str:
    """A number as print sets it: a true minus sign (the clause ids keep their hyphens)."""
    return (f"{n:+d}" if plus else str(n)).replace("-", "\N{MINUS SIGN}")


def d100_face(roll: int) -> str:
    """How a d100 roll is read out: two digits, 100 as "00"."""
    return "00" if roll == 100 else f"{roll:02d}"


class Chart(TableModel):
    """The whole chart: one column per rating, left (worst) to right (best), no gaps."""

    columns: Annotated[tuple[ChartColumn, ...], BeforeValidator(as_tuple)]

    @model_validator(mode="after")
    def _whole(self) -> Chart:
        if not self.columns:
            raise FieldProblem("columns", "the chart needs at least one column")
        for i, (a, b) in enumerate(zip(self.columns, self.columns[1:], strict=False)):
            if b.column != a.column + 1:
                raise FieldProblem(f"columns.{i + 1}.column",
                                   f"after column {a.column} comes {a.column + 1}, "
                                   f"not {b.column}")
            for name, lo, hi in zip(("red", "orange", "yellow", "green"), a.bounds(),
                                    b.bounds(), strict=True):
                if hi < lo:
                    raise FieldProblem(f"columns.{i + 1}.{name}",
                                       f"column {b.column} gives {name} on fewer rolls "
                                       f"({hi}) than column {a.column} ({lo}); a column "
                                       "to the right is never worse")
        return self

    @property
    def lowest(self) -> int:
        return self.columns[0].column

    @property
    def highest(self) -> int:
        return self.columns[-1].column

    def column(self, number: int) -> ChartColumn:
        """The column numbered `number`, or the edge column beyond the chart
        (R-ZEF-CHART-EDGES)."""
        n = min(max(number, self.lowest), self.highest)
        return self.columns[n - self.lowest]

    def walk(self, start: int, shifts: tuple[Shift, ...] = (), per: int = 1) -> ColumnWalk:
        """The column a check reads: `start` (rating less the defender's rating, ZEF-06)
        moved by every shift (ZEF-08), `per` columns a point (R-ZEF-CHART: 1, or the band
        width under the band reading), then held to the chart's edges."""
        reached = start + per * sum(s.points for s in shifts)
        column = min(max(reached, self.lowest), self.highest)
        return ColumnWalk(start, tuple(shifts), reached, column, per)

    def colour(self, column: int, roll: int) -> Colour:
        return self.column(column).colour(roll)
