"""The GM's dice: "what if it had been a 12".

`dice=None` rolls from the battle's counter-based stream.  A list of faces (`[12]`) sets the
first dice and the stream carries on for the rest, from the roll number it would have reached
anyway; a `rules.dice.Dice` (e.g. `ScriptedDice`) is used as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.dice import Dice, face
from rules.state import Battle

DiceLike = Sequence[int] | Dice | None


class DiceError(Exception):
    """A face the GM set cannot come up on the die the rules asked for."""


@dataclass
class FirstFaces:
    """The GM's faces for the first dice, then the battle's stream for the rest (from the same
    roll number on, as if the set dice had used their places in the stream)."""

    faces: list[int]
    seed: int
    counter: int
    made: list[int] = field(default_factory=list)

    def d(self, sides: int, purpose: str = "") -> int:
        n = len(self.made)
        if n < len(self.faces):
            value = self.faces[n]
            if not 1 <= value <= sides:
                raise DiceError(f"die {n + 1} was set to {value}, but the rules rolled a "
                                f"d{sides} there ({purpose or 'roll'})")
        else:
            value = face(self.seed, self.counter + n, sides)
        self.made.append(value)
        return value

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


def dice_for(state: Battle, dice: DiceLike) -> Dice | None:
    """The dice to hand the rules for `dice` as the GM gave it (None: the battle's stream)."""
    if dice is None:
        return None
    if isinstance(dice, (list, tuple)):
        faces = [int(f) for f in dice]
        return FirstFaces(faces, state.seed, state.dice_counter)
    return dice  # type: ignore[return-value]
