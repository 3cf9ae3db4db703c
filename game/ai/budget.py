"""How much a computer player may weigh in one decision, counted in positions, never in time.

A decision's cost grows with the battle: every charge run at every foe in reach, every
blow on offer, every place a figure could walk to.  Weighed in full, a 100-a-side battle
took minutes a side turn.  So the tactician first ranks the candidates of each kind by a
cheap prior (no copies of the state) and weighs in full only the best few of each kind.
The budget is a count, so the same seed still plays the same game on any machine, however
busy; a wall-clock limit would make the game depend on the machine.

The values were sized on `bench/ai.py`'s battles of 4 to 100 a side (bench/README.md, "AI";
what each value cost and saved: docs/AI_MEASUREMENTS.md, "Scaling").  At the mirror
skirmish's six a side the threat budget cannot be reached (six foes at most) and the 200
strength games a ruleset came out the same games with the charge budget as without, so the
win rates stand; from about 40 a side on the budget is what keeps a side turn to seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hexgrid import Hex
from rules.state import Unit


@dataclass(frozen=True, slots=True)
class Budget:
    """Candidates weighed in full per decision (None: all of them).

    charges   charge runs (each weighs the blow, the set spear it may meet, the free
              attacks on the run and the replies where it ends), the best by a prior
    threats   enemies whose blows are weighed against one place a figure may stand, the
              nearest first; for each of them, the other targets it might pick instead;
              and the targets of the figure's own blow from there (a bow reaches far)
    """

    charges: int | None = None
    threats: int | None = None

    def nearest(self, units: list[Unit], x: Hex, limit: int | None) -> list[Unit]:
        """`units` (standing) cut to the `limit` nearest `x`, in their own order; all of
        them if there are no more than that."""
        if limit is None or len(units) <= limit:
            return units
        far = [x.distance(u.pos) if u.pos is not None else 1 << 30 for u in units]
        ranked = sorted(range(len(units)), key=far.__getitem__)
        keep = set(ranked[:limit])
        return [u for i, u in enumerate(units) if i in keep]


UNLIMITED = Budget()
# The tactician's: see the module docstring and bench/README.md for how they were sized.
TACTICIAN = Budget(charges=12, threats=6)

__all__ = ["TACTICIAN", "UNLIMITED", "Budget"]
