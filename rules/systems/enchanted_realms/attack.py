"""The Enchanted Realms attack: several d20s, each a hit or not (ER-01, ER-03..06, ER-09).

One resolution, two drivers (DESIGN.md): `plan` works out the situation (how many dice,
the modifier on each, the Armor Class, the damage that follows a hit, every figure with the
rule it comes from); `strike` throws the dice and deals the damage; `odds` counts the same
`die_hits` over every face to give the exact chances the odds panel shows.

    each d20: a natural 20 hits, a natural 1 misses (ER-01); else d20 + modifier >= AC hits
    damage:   1 a hitting die; if any hit, + Strength (melee) or Agility (missile) modifier
              + the weapon's weight, once per target (ER-04, R-ER-DAMAGE)
    dice:     the base die + the dice his skills give (R-ER-DICE); advantage adds one,
              disadvantage takes one (NOTES); one die at disadvantage: the lower of two
              (R-ER-ADVANTAGE)
    defending: attacks he can see come at disadvantage (ER-09, R-ER-DEFEND-SEE)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from rules.engine import AttackOdds, Context, face_target
from rules.events import Modifier, UnitDamaged, UnitStatusChanged
from rules.hexgrid import line
from rules.positioning import arc
from rules.state import DOWN, Battle
from rules.systems.enchanted_realms.catalogue import Weapon
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import ErUnit, cfg, er
from rules.wording import pronoun

__all__ = ["Blow", "attack_refusal_in_reach", "die_hits", "odds", "plan", "strike"]


def die_hits(face: int, bonus: int, ac: int) -> bool:
    """ER-01, ER-03: one d20 against Armor Class."""
    if face == 20:
        return True
    if face == 1:
        return False
    return face + bonus >= ac


@dataclass(frozen=True)
class Blow:
    attacker: str
    target: str
    kind: str
    weapon: str
    dice: int
    lower_of_two: bool
    bonus: int
    modifiers: tuple[Modifier, ...]
    ac: int
    ac_modifiers: tuple[Modifier, ...]
    damage_bonus: int
    damage_modifiers: tuple[Modifier, ...]
    notes: tuple[str, ...]
    minimum: int

    def damage(self, hits: int) -> int:
        """ER-04: 1 a hitting die, then the modifiers once; nothing if no die hit."""
        if hits == 0:
            return 0
        return max(self.minimum, hits + self.damage_bonus)


def skill_dice(u: ErUnit, missile: bool) -> int:
    t = load_tables()
    return sum(t.skills[s].ranged_dice if missile else t.skills[s].melee_dice
               for s in u.skills)


def sees(state: Battle, defender: ErUnit, attacker: ErUnit) -> bool:
    """R-ER-DEFEND-SEE: a defender sees what comes from the arcs named in the rulings."""
    if defender.pos is None or attacker.pos is None:
        return True
    return arc(defender, attacker.pos) in cfg(state).defend_sees


def plan(state: Battle, attacker: str, target: str, kind: str = "melee", weapon: str = "",
         dice: int | None = None, advantage: int = 0) -> Blow:
    """The situation of one attack on one target.  `weapon` "" is the one in his hand;
    `dice` given (a split or a second attack) replaces the dice his skills give."""
    c = cfg(state)
    t = load_tables()
    a, d = er(state, attacker), er(state, target)
    if not weapon:
        weapon = a.missile if a.in_hand == "missile" and a.missile else a.weapon
    w: Weapon = t.weapons[weapon]
    missile = w.ranged
    notes: list[str] = []
    if dice is None:
        extra = skill_dice(a, missile)
        dice = c.base_dice + extra
        if extra:
            notes.append(f"{extra} more d20 from {pronoun(a, 'his')} skills (R-ER-DICE)")
    adv = advantage
    if d.defending and sees(state, d, a):
        adv -= 1
        notes.append(f"disadvantage: {pronoun(d)} is defending and sees it coming (ER-09)")
    lower = False
    if adv > 0:
        dice += 1
        notes.append("advantage adds a die (R-ER-ADVANTAGE)")
    elif adv < 0:
        if dice > 1:
            dice -= 1
            notes.append("disadvantage takes a die (R-ER-ADVANTAGE)")
        elif c.one_die_disadvantage == "lower_of_two":
            lower = True
            notes.append("one die at disadvantage: two are thrown and the lower counts "
                         "(R-ER-ADVANTAGE)")
    dice = max(1, min(dice, c.max_dice))
    bonus = a.ranged if missile else a.melee
    mods = (Modifier(value=bonus, reason=f"{pronoun(a, 'his')} attack modifier", rule="ER-03"),
            ) if bonus else ()
    ac_mods: tuple[Modifier, ...] = ()
    if d.shield_ready:
        ac_mods = (Modifier(value=c.shield_ac, reason=f"{pronoun(d, 'his')} shield",
                            rule="R-ER-SHIELD"),)
    stat = a.agility if missile else a.strength
    dmods = []
    if stat:
        dmods.append(Modifier(value=stat, reason="Agility" if missile else "Strength",
                              rule="ER-04"))
    if w.damage:
        dmods.append(Modifier(value=w.damage, reason=f"{w.weight} weapon", rule="ER-04"))
    if adv > 0 and c.advantage_damage:
        dmods.append(Modifier(value=c.advantage_damage, reason="advantage",
                              rule="R-ER-ADVANTAGE"))
    return Blow(attacker=attacker, target=target, kind=kind, weapon=weapon, dice=dice,
                lower_of_two=lower, bonus=bonus, modifiers=mods,
                ac=d.ac + sum(m.value for m in ac_mods), ac_modifiers=ac_mods,
                damage_bonus=sum(m.value for m in dmods), damage_modifiers=tuple(dmods),
                notes=tuple(notes), minimum=c.minimum_damage)


def strike(ctx: Context, b: Blow, face: bool = True) -> int:
    """Throw the dice, deal the damage (ER-04), drop him if it takes him to the ruled
    hit points (R-ER-DOWN).  Returns the damage dealt.  `face` False: he does not turn on
    the map to strike (a blow on the run in a chase, where no map is drawn)."""
    if face:
        face_target(ctx, b.attacker, b.target)
    faces: list[int] = []
    counted: list[int] = []
    for _ in range(b.dice):
        if b.lower_of_two:
            pair = (ctx.dice.d(20, "attack"), ctx.dice.d(20, "attack"))
            faces += pair
            counted.append(min(pair))
        else:
            f = ctx.dice.d(20, "attack")
            faces.append(f)
            counted.append(f)
    hits = tuple(die_hits(f, b.bonus, b.ac) for f in counted)
    dealt = b.damage(sum(hits))
    ctx.emit(ErAttackRolled(attacker=b.attacker, target=b.target, kind=b.kind,
                            weapon=b.weapon, faces=tuple(faces), counted=tuple(counted),
                            hits=hits, bonus=b.bonus, modifiers=b.modifiers, ac=b.ac,
                            ac_modifiers=b.ac_modifiers, dice_notes=b.notes, damage=dealt,
                            damage_modifiers=b.damage_modifiers))
    if dealt:
        hurt(ctx, b.target, dealt, b.kind)
    return dealt


def hurt(ctx: Context, uid: str, amount: int, source: str) -> None:
    u = er(ctx.state, uid)
    after = u.hp - amount
    ctx.emit(UnitDamaged(unit=uid, amount=amount, hp_after=after, source=source))
    if after <= cfg(ctx.state).down_at and u.status != DOWN:
        ctx.emit(UnitStatusChanged(unit=uid, status=DOWN, condition="dropped",
                                   reason=f"{pronoun(u, 'his')} hit points are gone",
                                   rule="R-ER-DOWN"))


def odds(state: Battle, b: Blow) -> AttackOdds:
    """The exact chances of `b`: each die hits on the faces `die_hits` says, independently,
    so the hitting dice are binomial; damage and the chance to drop him follow."""
    k = sum(1 for f in range(1, 21) if die_hits(f, b.bonus, b.ac))
    # the lower of two hits only if both do
    per_die, den_die = (k * k, 400) if b.lower_of_two else (k, 20)
    target = er(state, b.target)
    dealt: dict[int, int] = {}
    hit_ways = kill_ways = 0
    for h in range(b.dice + 1):
        ways = comb(b.dice, h) * per_die ** h * (den_die - per_die) ** (b.dice - h)
        dmg = b.damage(h)
        dealt[dmg] = dealt.get(dmg, 0) + ways
        if h:
            hit_ways += ways
        if dmg and target.hp - dmg <= cfg(state).down_at:
            kill_ways += ways
    notes = b.notes + tuple(f"{m.value:+d} damage: {m.reason} ({m.rule})"
                            for m in b.damage_modifiers)
    return AttackOdds.counted(dealt, hit_ways, kill_ways, b.modifiers + b.ac_modifiers,
                              needed=b.ac, notes=notes)


def in_range(state: Battle, a: ErUnit, d: ErUnit, w: Weapon) -> bool:
    """A melee weapon reaches (R-POS-REACH); a missile flies `range_ft` with no impassable
    hex on the line (R-ER-RANGE)."""
    if a.pos is None or d.pos is None or a.pos == d.pos:
        return False
    dist = a.pos.distance(d.pos)
    fph = state.board.feet_per_hex
    if not w.ranged:
        return dist <= max(1, w.reach_ft // fph)
    if dist * fph > w.range_ft:
        return False
    return not any(not state.board.passable(h) for h in line(a.pos, d.pos)[1:-1])


def attack_refusal_in_reach(state: Battle, a: ErUnit, d: ErUnit, weapon: str = "") -> str | None:
    """Why `a` cannot attack `d` with the weapon in his hand now, or None."""
    if not d.fighting:
        return f"{d.id} is already out of the fight"
    if d.side == a.side:
        return f"{d.id} is on {pronoun(a, 'his')} own side"
    key = weapon or (a.missile if a.in_hand == "missile" and a.missile else a.weapon)
    w = load_tables().weapons[key]
    if not in_range(state, a, d, w):
        return (f"{d.id} is out of range of {pronoun(a, 'his')} {w.name.lower()}" if w.ranged
                else f"{d.id} is out of reach of {pronoun(a, 'his')} {w.name.lower()}")
    return None
