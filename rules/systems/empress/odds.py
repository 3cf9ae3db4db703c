"""Empress's exact odds of an attack, and the hit bands and defence in words for the odds
panel.

Why this module exists: it is the second driver of the one resolution function
(resolution.py's `resolve`), run under every roll instead of under the dice (DESIGN.md, "one
resolution function, two drivers"); what it shows the player beside the numbers is worded here
too.
"""

from __future__ import annotations

from fractions import Fraction

from rules.dice import OutcomeCache
from rules.engine import AttackOdds
from rules.state import Battle
from rules.systems.empress.resolution import Result, Situation, resolve
from rules.systems.empress.units import cfg

__all__ = ["describe_bands", "describe_defence", "odds_of"]


def public_notes(s: Situation) -> tuple[str, ...]:
    return s.notes


def odds_of(state: Battle, s: Situation) -> AttackOdds:
    """Exact odds of `s` by running `resolve` under every roll (the second driver)."""
    dist = _distribution(s)
    hit = Fraction(0)
    damage: dict[int, Fraction] = {}
    kill = Fraction(0)
    hp = state.unit(s.target).hp
    for r, p in dist.items():
        if r.hit:
            hit += p
        damage[r.damage] = damage.get(r.damage, Fraction(0)) + p
        if r.hit and not s.no_damage and hp - r.damage <= cfg(state, "incapacitated_at"):
            kill += p
    notes = (*describe_bands(s), *describe_defence(s), *public_notes(s))
    if s.venom is not None:
        notes = (*notes, "Venom is not included in these odds (EMP-87..89).")
    # As Fallen Empire does for AC: the defender's HC beyond its base is shown as to-hit
    # modifiers of the opposite sign, so "needs <base> on d20 before modifiers" holds.
    base, *rest = s.hc_parts
    every = (*s.modifiers, *(m.model_copy(update={"value": -m.value,
                                                  "reason": f"{s.target}'s HC: {m.reason}"})
                             for m in rest))
    return AttackOdds(hit=hit, damage=dict(sorted(damage.items())), kill=kill,
                      modifiers=tuple(every), needed=base.value, notes=notes)


def describe_defence(s: Situation) -> tuple[str, ...]:
    """AC and Protection in words, each part with its clause (for the odds panel)."""
    out = []
    if s.ac:
        parts = ", ".join(f"{m.reason} {m.value:+d} ({m.rule})" for m in s.coverage_parts)
        out.append(f"AC {s.ac} = HC {s.hc} + Coverage: {parts}.")
    if s.intercepted_by:
        parts = ", ".join(f"{m.reason} {m.value:+d} ({m.rule})" for m in s.protection_parts)
        out.append(f"A protected hit meets the {s.intercepted_by}: Protection {s.protection} "
                   f"({parts}).")
    return tuple(out)


def describe_bands(s: Situation) -> tuple[str, ...]:
    """The hit bands in words (EMP-48/50), as EX-EMP-01 states them."""
    if s.auto_hit:
        return ("Automatic hit" + (", critical" if s.auto_critical else "") + ".",)
    mod_total = s.total_modifier
    crit = s.hc + s.crit_margin
    if s.lands:
        armour = ("every hit below a critical is protected (EMP-14 (a))" if s.complete else
                  f"totals below {s.ac} are protected hits, {s.ac}+ direct")
        text = (f"The blow lands whatever the roll; against base HC {s.hc}, {armour}, {crit}+ "
                "or a natural 20 critical (EMP-86, R-EMP-CARELESS).")
    elif s.ac:
        if s.complete:
            text = (f"HC {s.hc}, complete armour: every hit below a critical is protected "
                    f"(EMP-14 (a)); critical at {crit}+ or a natural 20.")
        else:
            text = (f"HC {s.hc}, AC {s.ac}: totals below {s.hc} miss, {s.hc}–{s.ac - 1} are "
                    f"protected hits, {s.ac}+ direct hits, {crit}+ or a natural 20 critical "
                    "(EMP-48, EMP-50).")
    else:
        text = (f"HC {s.hc}, no armour: {s.hc}+ is a direct hit, {crit}+ or a natural 20 a "
                "critical (EMP-48, EMP-50).")
    return (text, f"Attack modifiers total {mod_total:+d}.")


_ODDS: OutcomeCache[Situation, Result] = OutcomeCache()


def _distribution(s: Situation) -> dict[Result, Fraction]:
    return _ODDS.get(s, lambda dice: _strip(resolve(s, dice, contact=False)))


def _strip(r: Result) -> Result:
    return Result(0, 0, r.hit, r.critical, r.band, 0, 0, r.damage)
