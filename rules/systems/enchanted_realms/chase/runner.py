"""One figure on the chase's lane: a plain record the frame, its events and the odds share.

Why a module of its own: the events' evolvers build runners and the frame holds them; kept
apart from both, neither has to import the other (no import circle).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PURSUER", "QUARRY", "Runner"]

QUARRY = "quarry"  # the fleeing figures, ahead on the lane
PURSUER = "pursuer"


@dataclass(frozen=True, slots=True)
class Runner:
    """One figure on the lane: `at` his hex along it (the quarry ahead, larger), `speed` his
    chase speed in feet (ER-27), `second` the second he swings in this round (ER-29), `out`
    why he has left the chase ("" while he runs: escaped, left behind, broke off, down).

    A pursuer's `chases` is the fleeing figure he runs after (R-ER-CHASE-QUARRY): the one
    whose heels he closes to (R-ER-CHASE-HEELS) and whose gap can leave him behind
    (R-ER-CHASE-END).  `allowance` is the gap in hexes at which he took that one up when
    it was already half his speed or more (else 0): he is left behind only once the gap is
    half his speed wider than that (R-ER-CHASE-END)."""

    unit: str
    role: str
    at: int
    speed: int
    second: int = 0
    out: str = ""
    chases: str = ""
    allowance: int = 0

    @property
    def running(self) -> bool:
        return not self.out
