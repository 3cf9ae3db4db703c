"""Tarnished Tale's GM options: every value of data.toml's ``[config]`` a GM (or a scenario's
``options``) may change.

Why this module exists: the "Attacking" page leaves the dice of its contest, its criticals,
its boons and banes and the whole Tactical Combat variant unsaid; each value here names the
clause (TT-nn) or our ruling (R-TT-..., docs/RULINGS.md) it sets, on one page.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.data import TableModel

__all__ = ["Config"]


class Config(TableModel):
    """Every value a GM may change.  Defaults equal the shipped file (a test checks it)."""

    skill_cap: int = Field(99, ge=1, le=99)  # TT-12, NOTES: skills cap at 99
    threat_range: int = Field(5, ge=1, le=50)  # TT-15, R-TT-CRIT: a success this low threatens
    fumble_range: int = Field(5, ge=0, le=50)  # TT-17..19, R-TT-FUMBLE: a failure this high
    called_shot_threat: int = Field(10, ge=1, le=50)  # TT-05, R-TT-CALLED
    max_boons: int = Field(3, ge=0, le=6)  # TT-12, R-TT-BOON: net boons or banes counted
    critical_formula: Literal["roll_times", "total_times"] = "roll_times"  # TT-26, R-TT-CRIT-DMG
    sponge_halving: Literal["once", "each_share"] = "once"  # TT-24, R-TT-CRIT-SPONGE
    hp_floor_zero: bool = True  # TT-27, R-TT-HP: hit points never go below 0
    unconscious_at: int = Field(2, ge=0, le=10)  # TT-27, NOTES: 2 to 1 HP unconscious
    strength_base: int = Field(5, ge=0, le=30)  # TT-25, R-TT-MELEE-BONUS
    strength_step: int = Field(2, ge=1, le=10)  # TT-25, R-TT-MELEE-BONUS
    move_hexes: int = Field(6, ge=1, le=30)  # R-TT-MOVE: 30 ft a turn
    max_rounds: int = Field(50, ge=1, le=10_000)  # R-FLANK-MAX-ROUNDS (rules.rulings)
