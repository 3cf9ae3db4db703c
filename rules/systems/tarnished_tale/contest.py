"""The attack contest (TT-01, TT-06 ... TT-26): one pure function of the situation and the
rolls, played with real dice and enumerated for the exact odds.

Why this module exists: it is the page's Steps 3 and 4 in one place.  The rulings that fill
the page's gaps are cited where they act:

* R-TT-CONTEST (TT-12, TT-14): each side's check counts its successes, 0 for a failure, 1
  for a success, 2 for a defender's critical threat (TT-16); the attacker wins with more
  successes than the defender, fewer is a miss, as many a deadlock.  The rolls come in this
  order: the attacker's check, its confirmation if it threatens, the defender's check (always
  made: TT-14's "all three rolls"), its confirmation, then any weapon rolls a fumble calls
  for (TT-19), then the damage dice, the attacker's before the counter's.
* R-TT-CRIT (TT-13, TT-15): a threat is confirmed by a second check against the same skill
  that succeeds.  An attacker's threat deals his damage whatever the contest; confirmed, it
  is a Critical Hit (TT-26: times the weapon's multiplier, never sponged, TT-23).
* R-TT-SPONGE (TT-09): a Sponge defender fails the contest at once, so the blow lands unless
  the attacker fumbles; his Sponge roll decides only its critical (halving, TT-24) and its
  fumble (knock-back, TT-18).  His armour takes the blow (TT-21).
* R-TT-BLOCK (TT-08): a won Block stops the hit like a won Dodge (TT-20); the damage an
  attacker's threat deals anyway (TT-13) is reduced by the block amount.
* R-TT-PARRY (TT-11): a Parry defender who wins his counter takes no damage, unless the
  attacker threatened a critical (TT-13 says that damage lands whatever the outcome).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.data import DiceExpr
from rules.systems.tarnished_tale.checks import CRIT, FUMBLE, SUCCESS, Check, Roller

__all__ = ["Blow", "Harm", "Result", "Situation", "Stakes", "deal_damage", "resolve",
           "roll_checks", "successes"]


@dataclass(frozen=True, slots=True)
class Blow:
    """One side's check to hit and what it deals: skill, net boons (+) or banes (-), the
    threat range, the weapon's die, the bonus damage (TT-25) and critical multiplier."""

    skill: int
    net: int
    threat: int
    dice: DiceExpr
    bonus: int
    multiplier: int


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything the contest reads, as plain values (hashable: the odds are kept per
    situation)."""

    defence: str  # dodge, block, sponge, counter
    attack: Blow
    guard_skill: int
    guard_net: int
    threat: int  # the defender's threat range
    fumble: int
    counter: Blow | None = None  # the defender's blow, for a Counter Attack
    block: int = 0  # damage a won Block turns aside (TT-08)
    armour_dr: int = 0
    armour_hp: int = 0
    parry: bool = False
    formula: str = "roll_times"  # R-TT-CRIT-DMG
    halving: str = "once"  # R-TT-CRIT-SPONGE


@dataclass(frozen=True, slots=True)
class Result:
    """What the contest came to: every roll, who hit whom for how much, and the fumbles'
    consequences (applied by the caller: the board decides whether a knock-back cell is free)."""

    attack: Check
    attack_confirm: Check | None
    guard: Check
    guard_confirm: Check | None
    # hit, missed, deadlock, turned (a defender's confirmed critical), countered, sponged
    outcome: str
    hit: bool  # TT-20
    critical: bool  # the attacker's Critical Hit (TT-15)
    counter_critical: bool
    damage_roll: int = 0
    damage: int = 0  # the blow's damage before armour and block
    blocked: int = 0
    dr: int = 0
    halved: bool = False
    armour_loss: int = 0
    to_defender: int = 0
    counter_roll: int = 0
    to_attacker: int = 0
    prone: bool = False  # TT-17
    knocked_back: bool = False  # TT-18
    attacker_weapon_roll: Check | None = None  # TT-19
    defender_weapon_roll: Check | None = None

    @property
    def attacker_disarmed(self) -> bool:
        return self.attacker_weapon_roll is not None and not self.attacker_weapon_roll.success

    @property
    def defender_disarmed(self) -> bool:
        return self.defender_weapon_roll is not None and not self.defender_weapon_roll.success


def successes(c: Check, defender_check: bool) -> int:
    """R-TT-CONTEST: a check's successes; a defender's critical threat counts two (TT-16)."""
    if c.kind == CRIT:
        return 2 if defender_check else 1
    return 1 if c.kind == SUCCESS else 0


def _confirm(roller: Roller, c: Check, fumble: int, purpose: str) -> Check | None:
    """R-TT-CRIT: a threat is confirmed by a second check that succeeds (TT-15)."""
    if c.kind != CRIT:
        return None
    return roller.check(c.skill, c.net, 0, fumble, purpose)


def _weapon_damage(roll: int, blow: Blow, critical: bool, formula: str) -> int:
    """TT-25: the die plus the bonus; TT-26 (R-TT-CRIT-DMG) a Critical Hit multiplies the
    roll (or, under the other reading, roll and bonus together)."""
    if not critical:
        return max(0, roll + blow.bonus)
    if formula == "total_times":
        return max(0, (roll + blow.bonus) * blow.multiplier)
    return max(0, roll * blow.multiplier + blow.bonus)


@dataclass(frozen=True, slots=True)
class Stakes:
    """What the contest's checks decided, all that the damage dice then read."""

    hit: bool
    lands: bool  # the attacker's damage reaches the defender
    critical: bool
    defender_won: bool
    guard_critical: bool  # the defender confirmed a critical (a sponge's halving)
    counter_lands: bool
    counter_critical: bool


@dataclass(frozen=True, slots=True)
class Harm:
    """What the damage dice came to."""

    damage_roll: int = 0
    damage: int = 0
    blocked: int = 0
    dr: int = 0
    halved: bool = False
    armour_loss: int = 0
    to_defender: int = 0
    counter_roll: int = 0
    to_attacker: int = 0


def resolve(roller: Roller, s: Situation) -> Result:
    """One attack contest under a declared defence, from the rolls to the damage: the
    checks (`roll_checks`), then the damage dice (`deal_damage`)."""
    r, stakes = roll_checks(roller, s)
    h = deal_damage(roller, s, stakes)
    return Result(r.attack, r.attack_confirm, r.guard, r.guard_confirm, r.outcome, r.hit,
                  r.critical, r.counter_critical, h.damage_roll, h.damage, h.blocked, h.dr,
                  h.halved, h.armour_loss, h.to_defender, h.counter_roll, h.to_attacker,
                  r.prone, r.knocked_back, r.attacker_weapon_roll, r.defender_weapon_roll)


def roll_checks(roller: Roller, s: Situation) -> tuple[Result, Stakes]:
    """Steps 3's checks: who won, what lands, and the fumbles' consequences."""
    a = s.attack
    att = roller.check(a.skill, a.net, a.threat, s.fumble, "attack")
    att_conf = _confirm(roller, att, s.fumble, "confirm the attacker's threat")
    critical = att_conf is not None and att_conf.success
    counter = s.defence == "counter_attack"
    if counter:
        assert s.counter is not None
        guard = roller.check(s.counter.skill, s.counter.net, s.counter.threat, s.fumble,
                             "counter attack")
    else:
        guard = roller.check(s.guard_skill, s.guard_net, s.threat, s.fumble, s.defence)
    guard_conf = _confirm(roller, guard, s.fumble, "confirm the defender's threat")
    guard_crit = guard_conf is not None and guard_conf.success
    threat = att.kind == CRIT  # TT-13
    a_n, d_n = successes(att, False), successes(guard, not counter)
    defender_won = (guard_crit and not counter) or d_n > a_n
    if counter:
        outcome, hit = "countered", True  # TT-10, TT-20
        lands = threat or not (s.parry and d_n > a_n)  # TT-11, R-TT-PARRY
    elif s.defence == "sponge":
        outcome, hit = "sponged", att.kind != FUMBLE  # TT-09, R-TT-SPONGE
        lands = hit
    else:
        if guard_crit:
            outcome = "turned"  # TT-16: a confirmed critical wins outright
        else:
            outcome = "hit" if a_n > d_n else "missed" if a_n < d_n else "deadlock"
        hit = outcome == "hit"
        lands = hit or threat  # TT-07: a won dodge takes nothing, save a threat's (TT-13)
    counter_lands = counter and (d_n > a_n or guard.kind == CRIT)  # TT-10, TT-13
    prone = s.defence == "dodge" and guard.kind == FUMBLE  # TT-17
    knocked_back = s.defence in ("block", "sponge") and guard.kind == FUMBLE  # TT-18
    # TT-19: a fumbled attack or counter calls for a weapon roll (no boons or banes).
    att_weapon = (roller.check(a.skill, 0, 0, 0, "keep hold of the weapon")
                  if att.kind == FUMBLE else None)
    def_weapon = None
    if counter and guard.kind == FUMBLE:
        assert s.counter is not None
        def_weapon = roller.check(s.counter.skill, 0, 0, 0, "keep hold of the weapon")
    r = Result(att, att_conf, guard, guard_conf, outcome, hit, critical,
               counter and guard_crit, prone=prone, knocked_back=knocked_back,
               attacker_weapon_roll=att_weapon, defender_weapon_roll=def_weapon)
    return r, Stakes(hit, lands, critical, defender_won, guard_crit, counter_lands,
                     counter and guard_crit)


def deal_damage(roller: Roller, s: Situation, st: Stakes) -> Harm:
    """Step 4: the damage dice, the block, the armour (TT-21 ... TT-26)."""
    a = s.attack
    damage_roll = damage = blocked = dr = armour_loss = to_def = 0
    halved = False
    if st.lands:
        damage_roll = roller.damage(a.dice, "damage")
        damage = _weapon_damage(damage_roll, a, st.critical, s.formula)
        to_def = damage
        if s.defence == "block" and st.defender_won:  # R-TT-BLOCK
            blocked = min(damage, s.block)
            to_def = damage - blocked
        if s.defence == "sponge" and not st.critical and s.armour_hp > 0:  # TT-21, TT-23
            dr = min(damage, s.armour_dr)
            after = damage - dr
            halved = st.guard_critical  # TT-24
            if halved and s.halving == "once":
                after //= 2
            absorbed = min(after, s.armour_hp)
            rest = after - absorbed
            if halved and s.halving == "each_share":
                absorbed, rest = absorbed // 2, rest // 2
            armour_loss, to_def = absorbed, rest
    counter_roll = to_att = 0
    if st.counter_lands:
        assert s.counter is not None
        counter_roll = roller.damage(s.counter.dice, "counter damage")
        to_att = _weapon_damage(counter_roll, s.counter, st.counter_critical, s.formula)
    return Harm(damage_roll, damage, blocked, dr, halved, armour_loss, to_def, counter_roll,
                to_att)
