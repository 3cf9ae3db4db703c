"""Empress's exact odds of an attack, and the hit bands and defence in words for the odds
panel.

Why this module exists: it is the second driver of the one resolution function
(resolution.py's `resolve`), run under every roll instead of under the dice (DESIGN.md, "one
resolution function, two drivers"); what it shows the player beside the numbers is worded here
too.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rules.dice import Odds, count_outcomes
from rules.engine import AttackOdds
from rules.events import Modifier
from rules.state import Battle
from rules.systems.empress.resolution import Result, Situation, resolve
from rules.systems.empress.units import cfg

__all__ = ["describe_bands", "describe_defence", "odds_against", "odds_of", "outcome_odds"]


def public_notes(s: Situation) -> tuple[str, ...]:
    return s.notes


def odds_of(state: Battle, s: Situation) -> AttackOdds:
    """Exact odds of `s` by running `resolve` under every roll (the second driver)."""
    return odds_against(s, state.unit(s.target).hp, cfg(state, "incapacitated_at"))


@lru_cache(maxsize=1 << 14)
def odds_against(s: Situation, hp: int, out_at: int) -> AttackOdds:
    """The odds of `s` against a target of `hp` hit points, out of the fight at `out_at`.
    Memoised whole (the odds are immutable): the AI asks about the same blow again and
    again while it weighs its moves."""
    dealt: dict[int, int] = {}
    hit = kill = 0
    for (hits, damage), ways in _tally(_roll(s)).items():
        dealt[damage] = dealt.get(damage, 0) + ways
        if hits:
            hit += ways
            if not s.no_damage and hp - damage <= out_at:
                kill += ways
    modifiers, needed, notes = _words(s)
    return AttackOdds.counted(dealt, hit, kill, modifiers=modifiers, needed=needed,
                              notes=notes)


def outcome_odds(s: Situation) -> Odds[Result]:
    """The exact odds of every result of `s` before any venom (the faces and the words left
    out: what was hit, how hard, and for how much is what the odds are about)."""
    return _outcomes(_roll(s))


def _roll(s: Situation) -> Situation:
    """`s` with what the odds do not read made blank -- who strikes whom with what, the
    words and clauses beside the numbers, the modifiers as one total, and what only the venom
    reads (the odds leave venom out) -- so the same roll against the same numbers is
    enumerated once whoever makes it.  Everything `resolve` reads before the venom is kept
    (tests/test_odds_counts.py checks the blanked roll gives the same odds)."""
    total = s.total_modifier
    return replace(s, kind="", attacker="", target="", weapon="", weapon_key="",
                   modifiers=(Modifier(value=total, reason="", rule=""),) if total else (),
                   hc_parts=(), coverage_parts=(), protection_parts=(), venom=None,
                   target_hp=0, reflexes=0, fortitude=0, options=(), notes=())


@lru_cache(maxsize=1 << 14)
def _outcomes(roll: Situation) -> Odds[Result]:
    return count_outcomes(lambda dice: _strip(resolve(roll, dice, contact=False)))


@lru_cache(maxsize=1 << 14)
def _tally(roll: Situation) -> Odds[tuple[bool, int]]:
    return _outcomes(roll).regroup(lambda r: (r.hit, r.damage))


def _words(s: Situation) -> tuple[tuple[Modifier, ...], int, tuple[str, ...]]:
    """The modifiers, the number needed and the notes the odds panel shows beside `s`."""
    notes = (*describe_bands(s), *describe_defence(s), *public_notes(s))
    if s.venom is not None:
        notes = (*notes, "Venom is not included in these odds (EMP-87..89).")
    # As Fallen Empire does for AC: the defender's HC beyond its base is shown as to-hit
    # modifiers of the opposite sign, so "needs <base> on d20 before modifiers" holds.
    base, *rest = s.hc_parts
    every = (*s.modifiers, *(m.model_copy(update={"value": -m.value,
                                                  "reason": f"{s.target}'s HC: {m.reason}"})
                             for m in rest))
    return tuple(every), base.value, notes


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


def _strip(r: Result) -> Result:
    return Result(0, 0, r.hit, r.critical, r.band, 0, 0, r.damage)
