"""Saving throws and skill rolls, the two rolls §3 calls for but does not define (EMP-72).

R-EMP-SAVES: a save is d20 + the Table II modifier of its attribute (Fortitude: Toughness,
Reflexes: Agility, Wits: Perception, Will: Nerve, Mind: Intellect; NOTES Table I) + the
situation's modifiers, and succeeds at `config.save_target` (11) or more: an average man
saves half the time.  Failing by 10 or more is a critical failure (EMP-78).

R-EMP-SKILLS: Stealth and Deception are LotFP-style x-in-6 skills: 1d6 at or under the
rating succeeds.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import Context
from rules.events import Modifier
from rules.systems.empress.events import SaveRolled, SkillRolled
from rules.systems.empress.units import EmpUnit, cfg, save_modifier


@dataclass(frozen=True, slots=True)
class SaveOutcome:
    success: bool
    critical_failure: bool
    total: int

    def __bool__(self) -> bool:
        return self.success


def roll_save(ctx: Context, u: EmpUnit, save: str, extra: tuple[Modifier, ...] = (),
              purpose: str = "", rule: str = "") -> SaveOutcome:
    mods = (*save_modifier(u, save), *extra)
    roll = ctx.dice.d(20, f"{save} save")
    target = cfg(ctx.state, "save_target")
    total = roll + sum(m.value for m in mods)
    ok = total >= target
    crit = not ok and target - total >= cfg(ctx.state, "critical_failure_margin")
    ctx.emit(SaveRolled(unit=u.id, save=save, roll=roll, modifiers=mods, target=target,
                        success=ok, critical_failure=crit, purpose=purpose, rule=rule))
    return SaveOutcome(ok, crit, total)


def roll_skill(ctx: Context, u: EmpUnit, skill: str, purpose: str = "", rule: str = ""
               ) -> bool:
    rating = getattr(u, skill)
    roll = ctx.dice.d(6, skill)
    ok = roll <= rating
    ctx.emit(SkillRolled(unit=u.id, skill=skill.capitalize(), roll=roll, rating=rating,
                         success=ok, purpose=purpose, rule=rule))
    return ok
