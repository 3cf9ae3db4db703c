"""Fallen Empire attacks: who gets what modifier, and one pure function that resolves it.

`situation(...)` reads the battle and writes down everything an attack depends on, each
modifier with its reason and clause.  `resolve(situation, dice)` turns a situation and dice
into a result and nothing else, so `odds(...)` can run it under every roll and the numbers a
player sees before attacking are the very numbers the dice will be thrown against.

To-hit follows the OD&D matrix (FE-01, R-FE-MATRIX): the number needed against the target's
armour, then every adjustment to the defender's Armor Class is shown as a to-hit modifier of
the opposite sign ("−1 shield, FE-30"), which is the same arithmetic and easier to explain.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.data import DiceExpr
from rules.dice import Dice, Odds, count_outcomes
from rules.engine import AttackOdds
from rules.events import Modifier
from rules.hexgrid import Hex, line
from rules.positioning import REAR, arc, engaged_with, surrounders
from rules.state import Battle
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.units import (
    SHIELDMATE_KINDS,
    FEUnit,
    cfg,
    is_fe,
    tables_for,
)

MELEE_KINDS = frozenset({"melee", "opportunity", "charge", "set-spear", "retreat"})


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything one attack depends on, fixed before any die is thrown."""

    kind: str
    attacker: str
    target: str
    weapon: str
    needed: int
    modifiers: tuple[Modifier, ...]
    damage: DiceExpr
    damage_modifiers: tuple[Modifier, ...] = ()
    auto_hit: bool = False
    natural_20_hits: bool = True
    natural_1_misses: bool = True
    subdual: bool = False
    melee_pool: tuple[str, ...] = ()  # FE-22: who a shot into melee may strike (target first)
    cover: str = ""  # FE-21: "" none, "terrain", or the id of a unit covering the target
    cover_hits_on: tuple[int, ...] = (1, 2, 3)
    damage_multiplier: int = 1  # FE-19 reading (b): a set spear doubles the total
    poison: DiceExpr | None = None  # FE-36: extra damage if the target fails a save
    poison_save: int = 0  # the target's save vs poison (R-FE-SAVES)
    notes: tuple[str, ...] = ()

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)


@dataclass(frozen=True, slots=True)
class Result:
    roll: int
    hit: bool
    struck: str  # who took the blow: the target, someone else in the melee, a bodyguard, or
    #              "cover" when the cover itself was hit
    damage_roll: int = 0
    damage: int = 0
    notes: tuple[str, ...] = ()


def resolve(s: Situation, dice: Dice) -> Result:
    """The one resolution function: to-hit, who is struck, damage (FE-01, -18, -21, -22)."""
    roll = 0 if s.auto_hit else dice.d(20, "to hit")
    total = roll + s.total_modifier
    if s.auto_hit or (roll == 20 and s.natural_20_hits):
        hit = True
    elif roll == 1 and s.natural_1_misses:
        hit = False
    else:
        hit = total >= s.needed
    if not hit:
        return Result(roll, False, "")
    notes: list[str] = []
    struck = s.target
    if len(s.melee_pool) > 1:
        pick = dice.d(len(s.melee_pool), "who in the melee is struck")
        struck = s.melee_pool[pick - 1]
        notes.append(f"Fired into melee: d{len(s.melee_pool)} {pick} strikes {struck} (FE-22).")
    if s.cover and struck == s.target:
        c = dice.d(6, "cover")
        if c in s.cover_hits_on:
            if s.cover == "terrain":
                notes.append(f"Cover d6 {c}: the shot hits the cover instead (FE-21).")
                return Result(roll, True, "cover", notes=tuple(notes))
            notes.append(f"Cover d6 {c}: {s.cover} takes the shot instead (FE-21).")
            struck = s.cover
        else:
            notes.append(f"Cover d6 {c}: the shot gets through (FE-21).")
    droll = dice.sum(s.damage.count, s.damage.sides, "damage")
    total = droll + s.damage.bonus + sum(m.value for m in s.damage_modifiers)
    amount = max(1, total * s.damage_multiplier)
    if s.poison is not None and struck == s.target:
        save = dice.d(20, "save vs poison")
        if save >= s.poison_save:
            notes.append(f"Save vs poison d20 {save} vs {s.poison_save}: resisted (FE-36).")
        else:
            venom = max(0, dice.sum(s.poison.count, s.poison.sides, "poison") + s.poison.bonus)
            amount += venom
            notes.append(f"Save vs poison d20 {save} vs {s.poison_save}: failed, the venom "
                         f"does {venom} more ({s.poison}), not instant death (FE-36, "
                         "R-FE-POISON).")
    return Result(roll, True, struck, droll, amount, tuple(notes))


# --- building a situation ------------------------------------------------------------------


def level_or_hd(u: FEUnit) -> int | str:
    return u.hit_dice if u.hit_dice else u.level


def armour_ac(u: FEUnit) -> int:
    return tables_for().armours[u.armour].ac


def shield_bonus(u: FEUnit) -> int:
    if not u.shield:
        return 0
    return tables_for().shields[u.shield].bonus(u.shield_magic)


def shieldmates(state: Battle, u: FEUnit) -> tuple[FEUnit, ...]:
    """FE-33 reading (a): fighting Fighting-Men and Demi-Men with shields standing next to him."""
    if u.pos is None:
        return ()
    out = []
    for other in state.where.standing_around(u.pos):  # the state's index, not a scan
        if other.side == u.side and other.id != u.id and other.fighting:
            o = is_fe(other)
            if o.kind in SHIELDMATE_KINDS and o.shield:
                out.append(o)
    return tuple(out)


def defence_modifiers(state: Battle, attacker: FEUnit, target: FEUnit, kind: str,
                      from_hex: Hex) -> list[Modifier]:
    """The target's Armor Class adjustments, as to-hit modifiers (AC −1 → −1 to hit)."""
    mods: list[Modifier] = []
    melee = kind in MELEE_KINDS
    rear = melee and target.pos is not None and arc(target, from_hex) == REAR
    retreating = kind == "retreat"
    if target.shield and not rear and not retreating:
        t = tables_for().shields[target.shield]
        mods.append(Modifier(value=-t.ac_bonus, reason=f"{target.id}'s shield", rule="FE-30"))
        if t.magic and target.shield_magic and t.magic_bonus:
            mods.append(Modifier(value=-t.magic_bonus, reason="magic shield", rule="FE-32"))
    elif target.shield and rear:
        mods.append(Modifier(value=0, reason="no shield against a rear attack", rule="FE-20"))
    elif target.shield and retreating:
        mods.append(Modifier(value=0, reason="no shield in a full retreat", rule="FE-14"))
    if target.dex_ac and not retreating:
        mods.append(Modifier(value=target.dex_ac, reason="DEX adjustment to AC", rule="FE-14"))
    mates = shieldmates(state, target)
    if mates and not rear:
        count = len(mates) if cfg(state, "shieldmates_stack") else 1
        bonus = sum(sorted((tables_for().shields[m.shield].ac_bonus for m in mates),
                           reverse=True)[:count])
        names = ", ".join(m.id for m in mates[:count])
        mods.append(Modifier(value=-bonus, reason=f"shieldmate {names}",
                             rule="FE-33, R-FE-SHIELDMATE-STACK"))
    if target.charged:
        mods.append(Modifier(value=cfg(state, "charge_ac_penalty"),
                             reason=f"{target.id} charged: AC worse", rule="FE-17"))
    return mods


def situation(state: Battle, attacker_id: str, target_id: str, kind: str,
              weapon: str = "", subdual: bool = False,
              from_hex: Hex | None = None) -> Situation:
    """Read the battle into a Situation.  `kind` is melee, opportunity, retreat (a free attack
    on a full retreat), charge, set-spear, missile or spell."""
    t = tables_for()
    a, d = is_fe(state.unit(attacker_id)), is_fe(state.unit(target_id))
    from_hex = from_hex or a.pos
    assert from_hex is not None and d.pos is not None
    melee = kind in MELEE_KINDS
    key = weapon or (a.missile if kind == "missile" else a.weapon)
    w = t.weapons[key]
    mods: list[Modifier] = []
    dmods: list[Modifier] = []
    notes: list[str] = []
    sysd = system(state)
    if state.round == 1 and a.side in sysd.surprisers and d.side in sysd.surprised:
        mods.append(Modifier(value=cfg(state, "surprise_bonus"), reason="surprise round",
                             rule="FE-03"))
    if melee and a.str_hit:
        mods.append(Modifier(value=a.str_hit, reason="strength", rule="R-FE-STRENGTH"))
    if kind == "charge":
        mods.append(Modifier(value=cfg(state, "charge_hit"), reason="charging", rule="FE-17"))
    if melee and arc(d, from_hex) == REAR:
        mods.append(Modifier(value=cfg(state, "rear_hit"), reason="rear attack", rule="FE-20"))
    if melee:
        ring = surrounders(state, d)
        if len(ring) >= cfg(state, "surround_threshold") and any(u.id == a.id for u in ring):
            mods.append(Modifier(value=cfg(state, "surround_bonus"),
                                 reason=f"target surrounded by {len(ring)}",
                                 rule="FE-29 (a)"))
    if a.mounted and not d.mounted and melee:
        mods.append(Modifier(value=cfg(state, "mounted_hit"), reason="mounted vs foot",
                             rule="FE-24"))
        dmods.append(Modifier(value=cfg(state, "mounted_dmg"), reason="mounted vs foot",
                              rule="FE-24"))
    if a.mounted and kind == "missile":
        mods.append(Modifier(value=cfg(state, "horse_archery_hit"),
                             reason="shooting from horseback", rule="FE-26"))
    if subdual:
        mods.append(Modifier(value=cfg(state, "subdual_hit"), reason="flat of the blade",
                             rule="FE-34"))
    if melee and a.str_dmg:
        dmods.append(Modifier(value=a.str_dmg, reason="strength", rule="R-FE-STRENGTH"))
    mods.extend(defence_modifiers(state, a, d, kind, from_hex))
    damage = w.damage
    if kind == "charge":
        damage = damage.doubled_dice()
        notes.append("Charge: twice the damage dice (FE-18).")
    multiplier = 1
    if kind == "set-spear":
        if cfg(state, "set_spear_double") == "dice":
            damage = damage.doubled_dice()
            notes.append("Set spear: double damage, twice the dice (FE-19 (a)).")
        else:
            multiplier = 2
            notes.append("Set spear: double damage, the total doubled (FE-19 (b)).")
    needed = t.matrix.needed(a.kind, level_or_hd(a), armour_ac(d))
    poison = w.poison if melee else None
    poison_save = t.saves.death(d.kind, level_or_hd(d)) if poison is not None else 0
    pool: tuple[str, ...] = ()
    cover = ""
    if kind == "missile":
        pool = melee_pool(state, d, shooter=a.id)
        cover = cover_for(state, from_hex, d)
    return Situation(
        kind=kind, attacker=a.id, target=d.id, weapon=w.name, needed=needed,
        modifiers=tuple(mods), damage=damage, damage_modifiers=tuple(dmods),
        natural_20_hits=cfg(state, "natural_20_hits"),
        natural_1_misses=cfg(state, "natural_1_misses"), subdual=subdual, melee_pool=pool,
        cover=cover, cover_hits_on=tuple(cfg(state, "cover_hits_cover_on")),
        damage_multiplier=multiplier, poison=poison, poison_save=poison_save,
        notes=tuple(notes))


def spell_situation(state: Battle, caster_id: str, target_id: str, spell: str) -> Situation:
    t = tables_for()
    sp = t.spells[spell]
    return Situation(kind="spell", attacker=caster_id, target=target_id, weapon=sp.name,
                     needed=0, modifiers=(), damage=sp.damage, auto_hit=sp.auto_hit)


def melee_pool(state: Battle, target: FEUnit, shooter: str = "") -> tuple[str, ...]:
    """FE-22 reading (a): a shot into a melee may strike the target or anyone engaged with it
    (the shooter's allies too), but never the shooter himself, when he is in that melee."""
    foes = [u for u in engaged_with(state, target) if u.id != shooter]
    if not foes:
        return ()
    return (target.id, *tuple(u.id for u in foes))


def cover_for(state: Battle, shooter_hex: Hex, target: FEUnit) -> str:
    """FE-21: is the target behind cover from `shooter_hex`?

    R-FE-COVER: it is if it stands in a cover hex, or if the line of fire enters its hex
    through a cover hex (a wall, a hedge) or through a hex held by one of its friends, who
    then acts as its bodyguard (reading (a): the bodyguard is struck on 1–3)."""
    assert target.pos is not None
    here = state.board.terrain(target.pos)
    if here is not None and here.cover:
        return "terrain"
    path = line(shooter_hex, target.pos)
    if len(path) < 3:
        return ""
    before = path[-2]
    terrain = state.board.terrain(before)
    if terrain is not None and terrain.cover:
        return "terrain"
    friend = state.unit_at(before)
    if friend is not None and friend.side == target.side and friend.fighting:
        return friend.id
    return ""


# --- odds ----------------------------------------------------------------------------------


def odds_of(state: Battle, s: Situation) -> AttackOdds:
    """Exact odds of `s` by running `resolve` under every roll (the second driver)."""
    return odds_against(s, state.unit(s.target).hp)


@lru_cache(maxsize=1 << 14)
def odds_against(s: Situation, hp: int) -> AttackOdds:
    """The odds of `s` against a target of `hp` hit points.  Memoised whole (the odds are
    immutable): the AI asks about the same blow again and again while it weighs its moves."""
    dealt: dict[int, int] = {}
    hit = kill = 0
    for (hits, damage), ways in _dealt(s).items():
        if hits:
            hit += ways
        dealt[damage] = dealt.get(damage, 0) + ways
        if damage and damage >= hp:
            kill += ways
    return AttackOdds.counted(dealt, hit, kill, modifiers=s.modifiers + s.damage_modifiers,
                              needed=s.needed,
                              notes=(*s.notes, "Before any shield is splintered (FE-31)."))


@lru_cache(maxsize=1 << 14)
def outcome_odds(s: Situation) -> Odds[Result]:
    """The exact odds of every result of `s`, without the faces thrown (who was struck and
    for how much is what the odds are about).  Memoised: the AI and the odds panel ask about
    the same situation again and again, and a situation holds all its outcome depends on."""
    return count_outcomes(lambda dice: _strip(resolve(s, dice)))


@lru_cache(maxsize=1 << 14)
def _dealt(s: Situation) -> Odds[tuple[bool, int]]:
    """(hit, damage dealt to the target) of `s`: whoever else a blow strikes, the target is
    dealt 0."""
    return outcome_odds(s).regroup(lambda r: (r.hit, r.damage if r.struck == s.target else 0))


def _strip(r: Result) -> Result:
    # The odds only care who was struck and for how much, not the exact faces.
    return Result(0, r.hit, r.struck, 0, r.damage)
