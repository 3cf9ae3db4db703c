"""Fallen Empire between battles: what happens over days rather than rounds.

FE-37 Natural Healing Rates: "1 Hit Point is healed each night on the trail.  1d3 Hit Points
is healed per night of good bed rest back in town."  The amounts are GM options in data.toml
(`heal_trail`, `heal_rest`).
"""

from __future__ import annotations

from rules.data import DiceExpr
from rules.dice import Dice
from rules.systems.fallen_empire.tables import load_tables


def natural_healing(hp: int, max_hp: int, nights: int, in_town: bool, dice: Dice) -> int:
    """Hit points after `nights` nights of rest (FE-37), never above `max_hp`.

    On the trail each night heals `heal_trail` (1); in town each night of good bed rest heals
    `heal_rest` (1d3), thrown night by night.  Once he is whole no more dice are thrown.
    """
    if nights < 0:
        raise ValueError(f"nights must be 0 or more, not {nights}")
    if max_hp < 1:
        raise ValueError(f"max_hp must be at least 1, not {max_hp}")
    config = load_tables().config
    per_night: DiceExpr = config.heal_rest if in_town else config.heal_trail
    for _ in range(nights):
        if hp >= max_hp:
            break
        hp += dice.sum(per_night.count, per_night.sides, "natural healing") + per_night.bonus
    return min(hp, max_hp)



def subdual_wake(dice: Dice) -> tuple[int, int]:
    """FE-35: a figure knocked out with subdual damage "will wake up with 1-3 hit points in
    1-3 Turns" (10-minute Turns, so after the battle): (hit points, Turns), from the GM
    options `subdual_wake_hp` and `subdual_wake_turns`."""
    config = load_tables().config
    hp_dice, turn_dice = config.subdual_wake_hp, config.subdual_wake_turns
    hp = dice.sum(hp_dice.count, hp_dice.sides, "wake hit points") + hp_dice.bonus
    turns = dice.sum(turn_dice.count, turn_dice.sides, "wake Turns") + turn_dice.bonus
    return hp, turns


__all__ = ["natural_healing", "subdual_wake"]
