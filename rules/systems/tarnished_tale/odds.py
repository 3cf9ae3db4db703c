"""Exact odds of an attack, for each defence the defender may declare, and the defence a
sensible defender picks.

Why this module exists: the defender's choice is the heart of the page, so the attacker is
shown the contest under every defence open to his foe, and the defender the same before he
chooses; the computer picks its defence from these very numbers.  Each is the contest
(contest.py) enumerated (checks.count), kept per situation: the computer asks again and
again about the same few blows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.dice import Odds
from rules.ruleset import AttackOdds
from rules.state import Battle
from rules.systems.tarnished_tale.checks import count
from rules.systems.tarnished_tale.contest import Situation, resolve
from rules.systems.tarnished_tale.situation import (
    attacker_modifiers,
    config_of,
    defences,
    defender_modifiers,
    situation,
)
from rules.systems.tarnished_tale.units import tt

__all__ = ["DEFENCE_WORDS", "DefenceOdds", "attack_odds", "defence_odds", "sensible"]

DEFENCE_WORDS = {"dodge": "Dodge", "block": "Block", "sponge": "Sponge (trust the armour)",
                 "counter_attack": "Counter attack"}

# What a sensible defender weighs (R-TT-AI): a hit point of his own as one, his armour's as
# half (it soaks again next time), his fall or his foe's as this many hit points.
FALL_WORTH = 5
ARMOUR_WORTH = Fraction(1, 2)


@lru_cache(maxsize=4096)
def _contest(s: Situation) -> Odds[tuple[int, int, int, bool]]:
    """(damage to the defender, to the attacker, armour lost, hit) over every roll."""
    def key(roller: object) -> tuple[int, int, int, bool]:
        r = resolve(roller, s)  # type: ignore[arg-type]
        return (r.to_defender, r.to_attacker, r.armour_loss, r.hit)
    return count(key)


def _left(hp: int, damage: int, floor_zero: bool) -> int:
    return max(0, hp - damage) if floor_zero else hp - damage


@dataclass(frozen=True, slots=True)
class DefenceOdds:
    """One defence's exact outcome: the attack's hit chance, the damage the defender takes
    (`dealt`), his chance to fall, what the attacker takes back (a counter) and the armour
    lost, as ways over `dealt.denominator`."""

    defence: str
    dealt: Odds[int]
    hit_ways: int
    fall_ways: int
    back: Fraction  # mean damage the attacker takes
    back_fall: Fraction  # the attacker's chance to fall
    armour: Fraction  # mean armour hit points lost

    @property
    def hit(self) -> Fraction:
        return Fraction(self.hit_ways, self.dealt.denominator)

    @property
    def fall(self) -> Fraction:
        return Fraction(self.fall_ways, self.dealt.denominator)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(d * w for d, w in self.dealt.items()), self.dealt.denominator)

    def cost(self) -> Fraction:
        """How bad this defence is for the defender (R-TT-AI): lower is better."""
        return (self.mean + FALL_WORTH * self.fall + ARMOUR_WORTH * self.armour
                - self.back - FALL_WORTH * self.back_fall)


def defence_odds(state: Battle, attacker: str, target: str, kind: str, mode: str = "normal"
                 ) -> tuple[DefenceOdds, ...]:
    """The exact odds under each defence `target` may declare against this attack."""
    c = config_of(state)
    a, d = tt(state, attacker), tt(state, target)
    out_at = c.unconscious_at
    out = []
    for defence in defences(state, attacker, target, kind):
        dist = _contest(situation(state, attacker, target, kind, mode, defence))
        den = dist.denominator
        dealt: dict[int, int] = {}
        hit = fall = 0
        back = back_fall = armour = 0
        for (to_d, to_a, lost, was_hit), w in dist.items():
            dealt[to_d] = dealt.get(to_d, 0) + w
            hit += w if was_hit else 0
            fall += w if to_d and _left(d.hp, to_d, c.hp_floor_zero) <= out_at else 0
            back += to_a * w
            back_fall += w if to_a and _left(a.hp, to_a, c.hp_floor_zero) <= out_at else 0
            armour += lost * w
        ordered = dict(sorted(dealt.items()))
        out.append(DefenceOdds(defence, Odds(tuple(ordered), tuple(ordered.values()), den),
                               hit, fall, Fraction(back, den), Fraction(back_fall, den),
                               Fraction(armour, den)))
    return tuple(out)


def sensible(options: tuple[DefenceOdds, ...]) -> DefenceOdds:
    """The defence a sensible defender declares: the least costly (R-TT-AI); ties go to the
    one offered first."""
    return min(options, key=lambda o: o.cost())


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def describe(o: DefenceOdds) -> str:
    """One line of the odds panel: what this defence comes to."""
    text = (f"{DEFENCE_WORDS[o.defence]}: hit {_pct(o.hit)}, mean damage "
            f"{float(o.mean):.1f}, falls {_pct(o.fall)}")
    if o.back:
        text += f"; the attacker takes {float(o.back):.1f} back"
    if o.armour:
        text += f"; armour loses {float(o.armour):.1f}"
    return text


def attack_odds(state: Battle, attacker: str, target: str, kind: str, mode: str = "normal",
                defence: str | None = None) -> AttackOdds:
    """The odds of the attack against `defence` (default: the one a sensible defender
    picks), with every defence's line in its notes."""
    options = defence_odds(state, attacker, target, kind, mode)
    chosen = next((o for o in options if o.defence == defence), None) or sensible(options)
    mods = attacker_modifiers(state, attacker, target, kind, mode) + tuple(
        m.model_copy(update={"value": -m.value, "reason": f"defender {m.reason}"})
        for m in defender_modifiers(state, target))
    a = tt(state, attacker)
    notes = [describe(o) + ("  <- a sensible defender's choice"
                            if o.defence == sensible(options).defence else "")
             for o in options]
    if defence is None:
        notes.insert(0, f"Shown: against {DEFENCE_WORDS[chosen.defence]}.")
    skill = a.shoot if kind == "missile" else a.fight
    return AttackOdds.counted(dict(chosen.dealt.items()), chosen.hit_ways, chosen.fall_ways,
                              mods, skill, tuple(notes))
