"""Empress's GM options: every value of data.toml's ``[config]`` that a GM (or a scenario's
``options``) may change.

Why this module exists: each field names beside it the clause it sets or the ruling
(``R-EMP-...``, docs/RULINGS.md) that chose its value; kept apart from the table rows
(catalogue.py) so the list of what a GM may change reads as one page.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from rules.data import Dice, DiceRule, TableModel, as_tuple, dice_where, parse_dice

__all__ = ["Config"]

_Model = TableModel

# EMP-81 (R-FLANK-OPTION-DICE): a hurled foe takes damage; a GM's dice may be kinder, never a cure.
HurlDamage = dice_where(DiceRule("dice that never give less than 0, like 2d6 (EMP-81)",
                                 lowest=0))


class Config(_Model):
    """Every value a GM may change (data.toml ``[config]``; a scenario's ``options`` override
    one battle).  Defaults equal the shipped file (a test checks it)."""

    hc_base: int = Field(11, ge=0, le=30)  # R-EMP-HC
    save_target: int = Field(11, ge=1, le=30)  # R-EMP-SAVES
    critical_failure_margin: int = Field(10, ge=1, le=30)  # EMP-78
    initiative_mode: Literal["fixed", "rolled", "hybrid"] = "fixed"  # EMP-08, EMP-09
    initiative_die: Dice = parse_dice("1d6")  # EMP-08
    hybrid_default_segment: int = Field(10, ge=-20, le=60)  # EMP-09 (a)
    round_end: Literal["after_lowest", "any_two_empty"] = "after_lowest"  # EMP-06 (b)
    empty_segments_to_end: int = Field(2, ge=1, le=10)  # EMP-06
    hold_to_be_hit: int = Field(-2, ge=-10, le=10)  # EMP-03
    held_attack_bonus: int = Field(1, ge=-10, le=10)  # EMP-04
    counter_bonus: int = Field(1, ge=-10, le=10)  # EMP-05
    reach_ratio_num: int = Field(3, ge=1, le=10)  # EMP-31: 150 % → 3/2
    reach_ratio_den: int = Field(2, ge=1, le=10)
    reach_bonus: int = Field(1, ge=-10, le=10)  # EMP-31
    reach_mitigation: Literal["subtract", "whole"] = "subtract"  # EMP-36 (a)
    inside_bonus: int = Field(2, ge=-10, le=10)  # EMP-33
    inside_penalty: int = Field(-2, ge=-10, le=10)  # EMP-34
    cannot_parry_bonus: int = Field(1, ge=-10, le=10)  # EMP-40
    parry_min_length_ft: int = Field(2, ge=0, le=20)  # EMP-37
    armored_parry_margin: int = Field(2, ge=0, le=20)  # EMP-39
    unparryable_size_gap: int = Field(2, ge=1, le=6)  # EMP-38
    offhand_penalty: int = Field(-2, ge=-10, le=10)  # EMP-41
    dual_offense_bonus: int = Field(1, ge=-10, le=10)  # EMP-42
    dual_defense_hc: int = Field(1, ge=-10, le=10)  # EMP-43
    dual_reach_mitigation_ft: int = Field(1, ge=0, le=99)  # EMP-43
    dual_parry_sum: bool = True  # EMP-44 [GM]
    board_bonus: int = Field(1, ge=-10, le=10)  # EMP-46
    specialization_bonus: int = Field(1, ge=-10, le=10)  # R-EMP-SPECIALIZATION
    min_toughness_hc: int = Field(-2, ge=-10, le=10)  # EMP-25
    min_toughness_applies_to: Literal["am", "both"] = "am"  # EMP-25 (a)
    min_toughness_by_class: dict[str, int] = Field(
        default_factory=lambda: {"minor": 7, "small": 9, "medium": 11, "great": 13,
                                 "natural": 0})
    thrusting_coverage: int = Field(1, ge=0, le=10)  # EMP-26
    coverage_reduction_applies_to: Literal["armour", "total"] = "armour"  # EMP-26 (b)
    coverage_cap: int = Field(8, ge=0, le=30)  # EMP-16
    coverage_cap_reading: Literal["a", "b"] = "a"  # EMP-16 (a)
    complete_armour_criticals: Literal["bypass", "blocked"] = "bypass"  # EMP-14 (a)
    shield_arcs: Annotated[tuple[Literal["front", "flank", "rear"], ...],
                           BeforeValidator(as_tuple)] = ("front",)  # EMP-21 (a)
    shield_destroyed_by: Literal["raw", "past_protection"] = "raw"  # EMP-20 (a)
    shield_wall_min: int = Field(3, ge=2, le=20)  # EMP-22 (a)
    shield_wall_end: int = Field(1, ge=0, le=10)  # EMP-22
    shield_wall_middle: int = Field(2, ge=0, le=10)
    shield_wall_middle_attack: int = Field(-1, ge=-10, le=10)
    explosion_rounding: Literal["half_up", "half_down"] = "half_up"  # EMP-23 (a)
    critical_margin: int = Field(10, ge=1, le=30)  # EMP-50
    critical_damage: Literal["max", "second_die"] = "max"  # EMP-51 [GM]
    cleave_penalty: int = Field(-3, ge=-10, le=0)  # EMP-53
    warrior_cleave_penalty: int = Field(-2, ge=-10, le=0)  # EMP-53
    warrior_cleave_cumulative: bool = True  # EMP-53 (a); false is reading (b)
    incapacitated_at: int = Field(0, ge=-100, le=100)  # EMP-54
    critical_at: int = Field(-4, ge=-100, le=100)
    dead_at: int = Field(-8, ge=-100, le=100)
    fortitude_failures_to_die: int = Field(3, ge=1, le=10)
    oa_allotment: int = Field(1, ge=0, le=10)  # EMP-60
    warrior_oa_allotment: int = Field(2, ge=0, le=10)
    pure_defense_oa_multiplier: int = Field(2, ge=1, le=10)
    retreat_oa_spends_action: bool = True  # EMP-59 (a)
    graceful_retreat_provokes: bool = False  # EMP-56 (a); true is reading (b)
    moving_past: Literal["slide", "beyond"] = "slide"  # EMP-57 (a); "beyond" is (b)
    stance_step: int = Field(1, ge=0, le=10)  # EMP-61: +1 / −2
    stance_cost: int = Field(2, ge=0, le=10)
    warrior_stance_multiplier: int = Field(2, ge=1, le=5)
    pure_defense_min: int = Field(2, ge=0, le=10)  # EMP-62
    surprise_enabled: bool = False  # EMP-63: the scenario says whether the meeting is sudden
    stealth_modifier: int = Field(0, ge=-20, le=20)  # EMP-71 [GM]: noise, light, …
    hide_save_modifier: int = Field(-2, ge=-10, le=10)  # EMP-69 Table VIII
    hide_alert_save_modifier: int = Field(-2, ge=-10, le=10)  # EMP-69 (a)
    backstab_save_modifier: int = Field(0, ge=-10, le=10)  # EMP-70 (R-EMP-TABLE-VIII)
    maneuver_penalty: int = Field(-2, ge=-10, le=0)  # EMP-74
    combined_maneuver_penalty: int = Field(-4, ge=-10, le=0)  # EMP-75
    critical_save_penalty: int = Field(-4, ge=-10, le=0)  # EMP-74
    grapple_pin_count: int = Field(3, ge=1, le=10)  # EMP-78
    grapple_partner_bonus: int = Field(1, ge=-10, le=10)  # EMP-79
    grapple_others_penalty: int = Field(-1, ge=-10, le=10)
    grapple_coverage: int = Field(2, ge=0, le=10)  # EMP-80
    giant_grapple_size_gap: int = Field(2, ge=1, le=6)  # EMP-81 [GM]
    oversized_grapple_gap: int = Field(2, ge=1, le=6)  # EMP-82 [GM]
    hurl_damage: HurlDamage = parse_dice("2d6")  # EMP-81
    trick_suspect_bonus: int = Field(2, ge=0, le=10)  # EMP-83
    trick_known_bonus: int = Field(4, ge=0, le=10)
    trick_oa_penalty: int = Field(-2, ge=-10, le=0)  # EMP-84
    contact_penetration: int = Field(3, ge=0, le=20)  # EMP-87
    well_armored_coverage: int = Field(6, ge=0, le=20)  # EMP-86
    careless_base_hc: int = Field(2, ge=0, le=20)  # EMP-86
    missile_while_engaged: bool = False  # R-EMP-MISSILE-ENGAGED
    max_rounds: int = Field(50, ge=1, le=10_000)  # R-FLANK-MAX-ROUNDS (rules.rulings)
