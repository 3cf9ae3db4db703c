"""Empress's one resolution function: a Situation and the dice come to a Result.

`resolve(situation, dice)` turns everything an attack depends on (combat.py's `situation`
writes it down before any die is thrown) and the dice into a result and nothing else, so the
odds (odds.py) run the very same function under every roll (DESIGN.md, "one resolution
function, two drivers").  Why this module exists: it is that function, with the two records it
reads and writes, and nothing that reads the battle.

The hit bands (EMP-48): total < HC miss; HC ≤ total < AC protected hit (damage less the
intercepting Protection, EMP-49); total ≥ AC direct hit.  A natural 20 always hits, a
natural 1 always misses; a natural 20 or HC + 10 is a critical hit: maximum damage (or a
second die, EMP-51) that ignores armour unless it is completely enclosing (EMP-50..52).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.data import DiceExpr
from rules.dice import Dice
from rules.events import Modifier

__all__ = ["Result", "Situation", "resolve"]

_FIST = DiceExpr(1, 2)


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything one attack depends on, fixed before any die is thrown."""

    kind: str  # melee, missile, opportunity, counter, trick
    attacker: str
    target: str
    weapon: str  # the weapon's name, for the log
    weapon_key: str
    missile: bool
    modifiers: tuple[Modifier, ...]
    hc: int
    hc_parts: tuple[Modifier, ...]
    ac: int  # 0: no AC
    coverage_parts: tuple[Modifier, ...]
    complete: bool = False
    enclosing: bool = False
    crit_margin: int = 10
    auto_hit: bool = False
    auto_critical: bool = False
    lands: bool = False  # EMP-86: it hits whatever the roll, which decides band and critical
    damage: DiceExpr = _FIST
    damage2: DiceExpr | None = None  # EMP-42: a second weapon's damage, the higher is kept
    critical_damage: str = "max"  # EMP-51
    multiplier: int = 1  # EMP-65: sneak attack level
    no_damage: bool = False  # a special maneuver without a blow (EMP-74)
    protection: int = 0
    intercepted_by: str = ""  # shield / armour
    protection_parts: tuple[Modifier, ...] = ()
    penetrating: int = 0
    venom: DiceExpr | None = None
    venom_contact: str = "skin"
    contact_penetration: int = 3  # EMP-87
    critical_save_penalty: int = -4  # EMP-89
    blunt: bool = False
    target_hp: int = 0
    reflexes: int = 0  # the target's Reflexes save modifier (EMP-89)
    fortitude: int = 0  # and Fortitude (R-EMP-VENOM)
    save_target: int = 11
    options: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def melee(self) -> bool:
        return not self.missile


@dataclass(frozen=True, slots=True)
class Result:
    roll: int
    total: int
    hit: bool
    critical: bool = False
    band: str = "miss"  # miss, protected, direct
    damage_roll: int = 0
    raw: int = 0  # damage before Protection (after any multiplier)
    damage: int = 0
    intercepted: str = ""  # what took a protected hit: shield / armour
    contact: bool = False
    venom: int = 0
    notes: tuple[str, ...] = ()


def _damage(s: Situation, dice: Dice, critical: bool, expr: DiceExpr) -> int:
    if critical and s.critical_damage == "max":
        return expr.max()
    value = dice.sum(expr.count, expr.sides, "damage") + expr.bonus
    if critical:  # EMP-51, the other reading: a second damage die
        value += dice.sum(1, expr.sides, "critical die") if expr.count else 0
    return max(0, value)


def resolve(s: Situation, dice: Dice, contact: bool = True) -> Result:
    """The one resolution function: to-hit band, critical, damage, Protection, venom."""
    notes: list[str] = []
    if s.auto_hit:
        roll, total, hit, critical = 0, 0, True, s.auto_critical
    elif s.lands:
        roll = dice.d(20, "to hit")
        total = roll + s.total_modifier
        critical = roll == 20 or total >= s.hc + s.crit_margin
        notes.append("A helpless man is struck whatever the roll; against his base HC of "
                     f"{s.hc} it decides only the armour and the critical (EMP-86, "
                     "R-EMP-CARELESS).")
    else:
        roll = dice.d(20, "to hit")
        total = roll + s.total_modifier
        if roll == 1:
            return Result(roll, total, False, notes=("Natural 1: always a miss (EMP-50).",))
        hit = roll == 20 or total >= s.hc
        if not hit:
            return Result(roll, total, False)
        critical = roll == 20 or total >= s.hc + s.crit_margin
        if roll == 20 and total < s.hc:
            notes.append("Natural 20: always a hit (EMP-50).")
    if (critical and not s.enclosing) or s.ac == 0:
        band = "direct"
    elif s.complete or critical:
        band = "protected"
    else:
        band = "direct" if total >= s.ac else "protected"
    if s.no_damage:
        return Result(roll, total, True, critical, band, notes=tuple(notes))
    droll = _damage(s, dice, critical, s.damage)
    if s.damage2 is not None:
        other = _damage(s, dice, critical, s.damage2)
        if other > droll:
            notes.append(f"Off-hand damage {other} beats {droll}: the higher is kept (EMP-42).")
            droll = other
        else:
            notes.append(f"Off-hand damage {other}; the higher, {droll}, is kept (EMP-42).")
    raw = droll * s.multiplier
    intercepted = ""
    dealt = raw
    if band == "protected" and s.intercepted_by:
        dealt = max(0, raw - s.protection)
        intercepted = s.intercepted_by
    result = Result(roll, total, True, critical, band, droll, raw, dealt, intercepted,
                    notes=tuple(notes))
    if contact and s.venom is not None:
        result = _contact(s, dice, result)
    return result


def _contact(s: Situation, dice: Dice, r: Result) -> Result:
    """EMP-87..89 and R-EMP-VENOM: does the blow touch skin, and does the venom take?"""
    notes = list(r.notes)
    if s.venom_contact == "any":
        notes.append("Any hit will do for this venom (EMP-88).")
        return _venom(s, dice, r, notes)
    if s.venom_contact == "skin" and r.band == "protected" and r.intercepted:
        past = r.damage
        if s.blunt or past < s.contact_penetration:
            notes.append(f"The {r.intercepted} stops the venom: {past} past Protection "
                         "(EMP-87).")
            return replace(r, notes=tuple(notes))
    if s.target_hp - r.damage <= 0:
        notes.append("The blow wounds: the venom touches skin (EMP-89).")
    else:
        penalty = s.critical_save_penalty if r.critical else 0
        save = dice.d(20, "Reflexes save vs contact")
        total = save + s.reflexes + penalty
        if total >= s.save_target:
            notes.append(f"Reflexes save {save}{s.reflexes + penalty:+d} = {total} vs "
                         f"{s.save_target}: no contact (EMP-89).")
            return replace(r, notes=tuple(notes))
        notes.append(f"Reflexes save {save}{s.reflexes + penalty:+d} = {total} vs "
                     f"{s.save_target}: the venom touches skin (EMP-89).")
    return _venom(s, dice, r, notes)


def _venom(s: Situation, dice: Dice, r: Result, notes: list[str]) -> Result:
    assert s.venom is not None
    fort = dice.d(20, "Fortitude save vs venom")
    ftotal = fort + s.fortitude
    if ftotal >= s.save_target:
        notes.append(f"Fortitude save {fort}{s.fortitude:+d} = {ftotal}: the venom is "
                     "resisted (R-EMP-VENOM).")
        return replace(r, contact=True, notes=tuple(notes))
    venom = max(0, dice.sum(s.venom.count, s.venom.sides, "venom") + s.venom.bonus)
    notes.append(f"Fortitude save {fort}{s.fortitude:+d} = {ftotal}: the venom does "
                 f"{venom} more ({s.venom}) (R-EMP-VENOM).")
    return replace(r, contact=True, venom=venom, notes=tuple(notes))
