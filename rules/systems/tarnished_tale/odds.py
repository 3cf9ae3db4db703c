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
from math import lcm

from rules.dice import Odds
from rules.events import Modifier
from rules.ruleset import AttackOdds
from rules.state import Battle
from rules.systems.tarnished_tale.checks import count
from rules.systems.tarnished_tale.contest import Harm, Situation, deal_damage, roll_checks
from rules.systems.tarnished_tale.situation import (
    attacker_modifiers,
    config_of,
    defences,
    defender_modifiers,
    situation,
    situations,
)
from rules.systems.tarnished_tale.units import skill_for, tt

__all__ = ["DEFENCE_WORDS", "DefenceOdds", "attack_odds", "defence_odds", "sensible"]

DEFENCE_WORDS = {"dodge": "Dodge", "block": "Block", "sponge": "Sponge (trust the armour)",
                 "counter_attack": "Counter attack"}

# What a sensible defender weighs (R-TT-AI): a hit point of his own as one, his armour's as
# half (it soaks again next time), his fall or his foe's as this many hit points.
FALL_WORTH = 5
ARMOUR_WORTH = Fraction(1, 2)


@lru_cache(maxsize=4096)
def _contest(s: Situation) -> Odds[tuple[int, int, int, bool]]:
    """(damage to the defender, to the attacker, armour lost, hit) over every roll: the
    checks enumerated first, then the damage dice once for each different stake (the same
    two steps `resolve` takes, so the same rules; far fewer branches than every check
    against every die)."""
    stakes = count(lambda roller: roll_checks(roller, s)[1])
    ways: dict[tuple[int, int, int, bool], int] = {}
    harms = []
    for st, w in stakes.items():
        dealt = count(lambda roller, st=st: _harm_key(deal_damage(roller, s, st)))
        harms.append((st, w, dealt))
    den = lcm(*(stakes.denominator * d.denominator for _, _, d in harms))
    for st, w, dealt in harms:
        scale = den // (stakes.denominator * dealt.denominator)
        for (to_d, to_a, lost), w2 in dealt.items():
            key = (to_d, to_a, lost, st.hit)
            ways[key] = ways.get(key, 0) + w * w2 * scale
    return Odds.counted(ways)


def _harm_key(h: Harm) -> tuple[int, int, int]:
    return (h.to_defender, h.to_attacker, h.armour_loss)


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
        return _cost(self)


def defence_odds(state: Battle, attacker: str, target: str, kind: str, mode: str = "normal"
                 ) -> tuple[DefenceOdds, ...]:
    """The exact odds under each defence `target` may declare against this attack."""
    c = config_of(state)
    a, d = tt(state, attacker), tt(state, target)
    sits = situations(state, attacker, target, kind, mode,
                      defences(state, attacker, target, kind))
    return tuple(_summary(s, d.hp, a.hp, c.unconscious_at, c.hp_floor_zero) for s in sits)


@lru_cache(maxsize=16384)
def _summary(s: Situation, d_hp: int, a_hp: int, out_at: int, floor_zero: bool
             ) -> DefenceOdds:
    """One defence's odds from its contest and the two figures' hit points."""
    dist = _contest(s)
    den = dist.denominator
    dealt: dict[int, int] = {}
    hit = fall = back = back_fall = armour = 0
    for (to_d, to_a, lost, was_hit), w in dist.items():
        dealt[to_d] = dealt.get(to_d, 0) + w
        hit += w if was_hit else 0
        fall += w if to_d and _left(d_hp, to_d, floor_zero) <= out_at else 0
        back += to_a * w
        back_fall += w if to_a and _left(a_hp, to_a, floor_zero) <= out_at else 0
        armour += lost * w
    ordered = dict(sorted(dealt.items()))
    return DefenceOdds(s.defence, Odds(tuple(ordered), tuple(ordered.values()), den), hit,
                       fall, Fraction(back, den), Fraction(back_fall, den),
                       Fraction(armour, den))


@lru_cache(maxsize=16384)
def _cost(o: DefenceOdds) -> Fraction:
    return (o.mean + FALL_WORTH * o.fall + ARMOUR_WORTH * o.armour - o.back
            - FALL_WORTH * o.back_fall)


def sensible(options: tuple[DefenceOdds, ...]) -> DefenceOdds:
    """The defence a sensible defender declares: the least costly (R-TT-AI); ties go to the
    one offered first."""
    return min(options, key=lambda o: o.cost())


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


@lru_cache(maxsize=16384)
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
    a, d = tt(state, attacker), tt(state, target)
    skill = a.shoot if kind == "missile" else a.fight
    shown = next((o for o in options if o.defence == defence), None) or sensible(options)
    guard = skill_for(d, shown.defence, config_of(state).skill_cap)
    # The two skills in the contest first (worth 0: they are what the boons act on), then
    # the boons (+1) and banes (-1) of each side.
    mods = (Modifier(value=0, reason=f"attack skill {skill}", rule="TT-01, TT-12"),
            Modifier(value=0, reason=f"{DEFENCE_WORDS[shown.defence]} skill {guard}",
                     rule="TT-06"),
            *attacker_modifiers(state, attacker, target, kind, mode),
            *(m.model_copy(update={"value": -m.value, "reason": f"defender {m.reason}"})
              for m in defender_modifiers(state, target)))
    sit = situation(state, attacker, target, kind, mode, shown.defence)
    needs = (f"{roll_words(sit.attack.skill, sit.attack.net)}; his "
             f"{DEFENCE_WORDS[shown.defence]} needs {roll_words(sit.guard_skill, sit.guard_net)}")
    return _attack_odds(options, defence, mods, sit.attack.skill, needs)


def roll_words(skill: int, net: int) -> str:
    """The d% roll a check needs, in a player's words (TT-01: a roll below the skill
    succeeds; R-TT-BOON: a boon throws one more die and keeps the lowest, a bane keeps the
    highest): "54 or less on d%, the lowest of 2 (1 boon)"."""
    text = f"{skill - 1} or less on d%" if skill > 1 else "a d% roll he cannot make"
    if net > 0:
        text += f", the lowest of {1 + net} ({net} boon{'s' if net > 1 else ''})"
    elif net < 0:
        text += f", the highest of {1 - net} ({-net} bane{'s' if net < -1 else ''})"
    return text


@lru_cache(maxsize=8192)
def _attack_odds(options: tuple[DefenceOdds, ...], defence: str | None,
                 mods: tuple[Modifier, ...], skill: int, needs: str = "") -> AttackOdds:
    best = sensible(options)
    chosen = next((o for o in options if o.defence == defence), None) or best
    notes = [describe(o) + (" (what a sensible defender chooses)" if o is best else "")
             for o in options]
    if defence is None:
        notes.insert(0, f"Shown: against {DEFENCE_WORDS[chosen.defence]}.")
    return AttackOdds.counted(dict(chosen.dealt.items()), chosen.hit_ways, chosen.fall_ways,
                              mods, skill, tuple(notes), needed_words=needs)
