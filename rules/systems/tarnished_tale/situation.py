"""An attack as the board makes it: which attacks and defences are open, the boons and banes
each side has, and the contest's `Situation` under each defence.

Why this module exists: the page's "calculate the total boons and banes each player receives
according to their situation" (TT-12) needs the Tactical Combat variant, which is not
included; its sources here are ours (R-TT-POSITION, R-TT-PRONE, R-TT-RANGED), named with
their rule in every `Modifier` so the log and the odds panel say why.  A boon is +1, a bane
-1; they cancel one for one (R-TT-BOON).
"""

from __future__ import annotations

from rules import rulings
from rules.events import Modifier
from rules.positioning import arc
from rules.state import Battle
from rules.systems.tarnished_tale.config import Config
from rules.systems.tarnished_tale.contest import Blow, Situation
from rules.systems.tarnished_tale.tables import TTTables, load_tables
from rules.systems.tarnished_tale.units import TTUnit, armour_dr, melee_weapon, skill_for, tt

__all__ = ["attack_kinds", "attack_radius", "attacker_modifiers", "config_of", "defences",
           "defender_modifiers", "melee_bonus", "net", "open_attacks", "situation", "situations"]

def config_of(state: Battle) -> Config:
    """The rulings in force: data.toml's `[config]` with the battle's overrides."""
    return rulings.merged(load_tables().config, state.options)


def _gap_ft(state: Battle, a: TTUnit, d: TTUnit) -> int:
    assert a.pos is not None and d.pos is not None
    return a.pos.distance(d.pos) * state.board.feet_per_hex


def _ranges(a: TTUnit, t: TTTables) -> tuple[int, int]:
    """How far `a` strikes in melee and shoots at the most (R-TT-RANGED), in feet; -1 for
    no missile weapon."""
    return melee_weapon(a, t).reach_ft, t.weapons[a.missile].long_ft if a.missile else -1


def _kinds(gap: int, melee_ft: int, long_ft: int) -> tuple[str, ...]:
    """TT-01, R-TT-RANGED: "melee" within his weapon's reach, "missile" beyond his own hex
    and within his missile weapon's long range."""
    if gap <= melee_ft:
        return ("melee", "missile") if 0 < gap <= long_ft else ("melee",)
    return ("missile",) if 0 < gap <= long_ft else ()


def attack_kinds(state: Battle, attacker: str, target: str) -> tuple[str, ...]:
    """How `attacker` may attack `target` now (TT-01: with the weapons he has equipped):
    "melee" if his weapon reaches him, "missile" if he is within his missile weapon's long
    range (R-TT-RANGED)."""
    a, d = tt(state, attacker), tt(state, target)
    if not (a.fighting and d.fighting) or a.side == d.side:
        return ()
    return _kinds(_gap_ft(state, a, d), *_ranges(a, load_tables()))


def attack_radius(state: Battle, a: TTUnit) -> int:
    """How many hexes off `a` may strike or shoot at the most: no foe farther off can be
    attacked by him."""
    return max(_ranges(a, load_tables())) // state.board.feet_per_hex


def open_attacks(state: Battle, a: TTUnit) -> list[tuple[str, str]]:
    """(foe, kind) for every attack open to `a` now, foes in `Battle.units` order and for
    each "melee" before "missile": what `attack_kinds` says of each foe, asked only of the
    fighting figures within his farthest reach or range (no other can be attacked, and at
    a hundred a side asking every figure at every decision was most of a round's work)."""
    if not a.fighting:
        return []
    assert a.pos is not None
    melee_ft, long_ft = _ranges(a, load_tables())
    fph = state.board.feet_per_hex
    out = []
    for f in state.where.fighting_near(a.pos, attack_radius(state, a)):
        if f.side != a.side:
            assert f.pos is not None
            out += [(f.id, k) for k in _kinds(a.pos.distance(f.pos) * fph, melee_ft, long_ft)]
    return out


def defences(state: Battle, attacker: str, defender: str, kind: str) -> tuple[str, ...]:
    """The responses `defender` may declare (TT-06): Dodge always; Block with a weapon or
    shield in hand, not against a missile unless a trait allows (NOTES); Sponge while his
    armour holds (TT-22); a Counter Attack if his weapon reaches the attacker
    (R-TT-COUNTER)."""
    a, d = tt(state, attacker), tt(state, defender)
    t = load_tables()
    out = ["dodge"]
    if (d.weapon or d.shield) and (kind == "melee" or "block_missiles" in d.traits):
        out.append("block")
    if d.armour and d.armour_hp > 0:
        out.append("sponge")
    if _gap_ft(state, a, d) <= melee_weapon(d, t).reach_ft:
        out.append("counter_attack")
    return tuple(out)


def _mod(value: int, reason: str, rule: str) -> Modifier:
    return Modifier(value=value, reason=reason, rule=rule)


def attacker_modifiers(state: Battle, attacker: str, target: str, kind: str, mode: str
                       ) -> tuple[Modifier, ...]:
    """The attacker's boons (+1) and banes (-1) on his check to hit."""
    a, d = tt(state, attacker), tt(state, target)
    assert a.pos is not None and d.pos is not None
    out: list[Modifier] = []
    if mode == "defensive":
        out.append(_mod(-1, "fighting defensively", "TT-04"))
    if mode == "called":
        out.append(_mod(-1, "a called shot", "TT-05, R-TT-CALLED"))
    if a.prone:
        out.append(_mod(-1, "fighting from the ground", "TT-17, R-TT-PRONE"))
    if d.prone:
        out.append(_mod(1, "the target is on the ground", "TT-17, R-TT-PRONE") if kind == "melee"
                   else _mod(-1, "the target lies flat", "TT-17, R-TT-PRONE"))
    if kind == "melee":
        if arc(d, a.pos) == "rear":
            out.append(_mod(1, "from behind", "R-TT-POSITION"))
        helpers = [u for u in state.units if u.side == a.side and u.id != a.id and u.fighting
                   and u.pos is not None and u.pos.distance(d.pos) == 1]
        if helpers:
            out.append(_mod(1, "the target is outnumbered", "R-TT-POSITION"))
    else:
        t = load_tables()
        if _gap_ft(state, a, d) > t.weapons[a.missile].short_ft:
            out.append(_mod(-1, "beyond short range", "R-TT-RANGED"))
        if any(u.side != a.side and u.fighting and u.pos is not None
               and u.pos.distance(a.pos) == 1 for u in state.units):
            out.append(_mod(-1, "shooting with a foe at his side", "R-TT-RANGED"))
        ground = state.board.terrain(d.pos)
        if ground is not None and ground.cover:
            out.append(_mod(-1, "the target is in cover", "R-TT-RANGED"))
    here, there = state.board.terrain(a.pos), state.board.terrain(d.pos)
    if here is not None and there is not None and here.elevation > there.elevation:
        out.append(_mod(1, "from higher ground", "R-TT-POSITION"))
    return tuple(out)


def defender_modifiers(state: Battle, defender: str) -> tuple[Modifier, ...]:
    """The defender's boons and banes on his check to react."""
    d = tt(state, defender)
    out: list[Modifier] = []
    if d.defensive:
        out.append(_mod(1, "fighting defensively", "TT-04"))
    if d.prone:
        out.append(_mod(-1, "on the ground", "TT-17, R-TT-PRONE"))
    return tuple(out)


def net(mods: tuple[Modifier, ...], cap: int) -> int:
    """R-TT-BOON: boons and banes cancel one for one; at most `cap` count either way."""
    total = sum(m.value for m in mods)
    return max(-cap, min(cap, total))


def melee_bonus(u: TTUnit, c: Config) -> int:
    """TT-25, R-TT-MELEE-BONUS: (Strength - base) / step, rounded down, never below 0."""
    return max(0, (u.strength - c.strength_base) // c.strength_step)


def _blow(u: TTUnit, kind: str, skill: int, n: int, threat: int, c: Config, t: TTTables) -> Blow:
    w = t.weapons[u.missile] if kind == "missile" else melee_weapon(u, t)
    bonus = melee_bonus(u, c) if kind == "melee" else 0
    return Blow(skill=max(1, min(c.skill_cap, skill)), net=n, threat=threat, dice=w.damage,
                bonus=bonus, multiplier=w.critical)


def situation(state: Battle, attacker: str, target: str, kind: str, mode: str,
              defence: str) -> Situation:
    """The contest's situation now, for one declared defence."""
    return situations(state, attacker, target, kind, mode, (defence,))[0]


def situations(state: Battle, attacker: str, target: str, kind: str, mode: str,
               defences: tuple[str, ...]) -> tuple[Situation, ...]:
    """The contest's situation now under each of `defences` (the boons and banes, the
    attacker's blow and the armour worked out once for all of them)."""
    c, t = config_of(state), load_tables()
    a, d = tt(state, attacker), tt(state, target)
    a_net = net(attacker_modifiers(state, attacker, target, kind, mode), c.max_boons)
    d_net = net(defender_modifiers(state, target), c.max_boons)
    skill = a.shoot if kind == "missile" else (a.fight if a.weapon else a.fight // 2)
    threat = c.called_shot_threat if mode == "called" else c.threat_range
    attack = _blow(a, kind, skill, a_net, threat, c, t)
    dr, armour_hp = armour_dr(d, t), (d.armour_hp if d.armour else 0)
    out = []
    for defence in defences:
        counter = None
        if defence == "counter_attack":
            counter = _blow(d, "melee", skill_for(d, "counter_attack", c.skill_cap, t), d_net,
                            c.threat_range, c, t)
        block = 0
        if defence == "block":
            block = t.shields[d.shield].block if d.shield else melee_weapon(d, t).block
        out.append(Situation(defence=defence, attack=attack,
                             guard_skill=skill_for(d, defence, c.skill_cap, t),
                             guard_net=d_net, threat=c.threat_range, fumble=c.fumble_range,
                             counter=counter, block=block, armour_dr=dr, armour_hp=armour_hp,
                             parry="parry" in d.traits, formula=c.critical_formula,
                             halving=c.sponge_halving))
    return tuple(out)
