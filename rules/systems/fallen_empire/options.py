"""What each Fallen Empire unit may declare, and what it may do in each phase.

One place answers "what can this unit do now?", so the round (who still has to act), the
legal-command list (what the UI offers and the AI searches) and the checks (what `submit`
accepts) never disagree.
"""

from __future__ import annotations

from rules.commands import Attack, Cast, Command, Move, Pass, UseItem
from rules.events import hx
from rules.hexgrid import Hex, line
from rules.positioning import engaged_with, is_engaged, threatens
from rules.state import DEAD, DOWN, GONE, Battle, Unit
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.units import SPEAR_SETTERS, FEUnit, cfg, is_fe, tables_for

# Declared action → the phase it is carried out in (FE-06, FE-09).  Every declared action
# except a set spear and a withdrawal may also move in the movement phase (FE-08).
ACTION_PHASE = {"missile": "missile", "melee": "melee", "set_spear": "melee", "spell": "spell",
                "other": "other", "self_help": "other"}


def declarable(state: Battle, u: Unit) -> bool:
    return bool(declaration_options(state, u))


def declaration_options(state: Battle, u: Unit) -> tuple[str, ...]:
    """FE-06: full movement, missile, spell, melee or other, with the tactical moves
    (charge FE-16, fighting withdrawal FE-13, full retreat FE-14, set spear FE-19)."""
    f = is_fe(u)
    if f.pos is None or f.status in (DEAD, GONE):
        return ()
    if state.round == 1 and f.side in system(state).surprised:
        return ()  # FE-02: the surprised side may not act in the first round
    if f.status == DOWN:
        opts = ["rest"]
        if f.condition == "dying" or (f.condition == "stable" and f.hp < 0):
            # FE-40: the dying may crawl 10 ft; FE-42: the stable move with the group; but at
            # exactly 0 HP a character "cannot move" (FE-39), stable or not.
            opts.append("crawl")
        if f.condition in ("dying", "at 0 HP, on the brink") and (f.bandages or f.potions):
            opts.append("self_help")  # FE-43
        return tuple(opts) if len(opts) > 1 else ()
    opts = ["melee", "move"]
    if can_shoot(f):
        opts.append("missile")
    if f.spells:
        opts.append("spell")
    if f.bandages or f.potions:
        opts.append("other")
    from rules.systems.fallen_empire.movement import can_charge

    if can_charge(f):
        opts.append("charge")
    if is_engaged(state, f):
        opts += ["withdraw", "retreat"]
    if f.kind in SPEAR_SETTERS and f.weapon and tables_for().weapons[f.weapon].can_set:
        opts.append("set_spear")
    return tuple(opts)


def _can_still_fight(u: FEUnit, standing: tuple[str, ...], tied: bool) -> bool:
    # FE-07 tie: "everybody does everything simultaneously", so a unit felled earlier in this
    # same phase still delivers the blow or shot it was making (R-FE-SIMULTANEOUS).
    return u.fighting or (tied and u.id in standing and u.status != GONE and u.pos is not None)


def unit_commands(state: Battle, u: FEUnit, phase: str, tied: bool = False,
                  standing: tuple[str, ...] = ()) -> list[Command]:
    """Everything `u` may do in `phase` (without Pass); empty if nothing."""
    from rules.systems.fallen_empire.movement import (
        allowance,
        charge_moves,
        move_commands,
        move_mode,
    )

    if u.pos is None:
        return []
    if phase == "withdrawal":
        if u.declared != "withdraw" or not u.fighting or u.moved:
            return []
        return move_commands(state, u)
    if phase == "movement":
        if u.declared in ("withdraw", "set_spear", "rest", "self_help", "") or u.moved:
            return []
        if u.status == DOWN and u.declared != "crawl":
            return []
        if u.status not in (DOWN,) and not u.fighting:
            return []
        if allowance(state, u) <= 0:
            return []
        if move_mode(u) == "charge":
            return list(charge_moves(state, u))
        cmds = move_commands(state, u)
        if u.declared != "crawl":
            cmds += [Move(unit=u.id, path=(hx(u.pos),), facing=f) for f in range(6)
                     if f != u.facing]
        return cmds
    if ACTION_PHASE.get(u.declared) != phase:
        return []
    if phase == "other" and u.declared == "self_help":
        return [UseItem(unit=u.id, item=item, target=u.id) for item in _items(u)]
    if not _can_still_fight(u, standing, tied):
        return []
    if phase == "melee":
        if u.spear_used or u.charged:
            return []  # his set spear or charge was his attack this round
        return melee_attacks(state, u)
    if phase == "missile":
        return missile_attacks(state, u)
    if phase == "spell":
        return spell_casts(state, u)
    if phase == "other":
        return item_uses(state, u)
    return []


def surround_limit(state: Battle, target: Unit) -> int:
    """FE-27: up to six men may encircle a man-sized foe, up to eight a larger one."""
    key = "large_surround_limit" if target.size == "large" else "man_surround_limit"
    return cfg(state, key)


def melee_refusal(state: Battle, u: FEUnit, t: Unit) -> str | None:
    """Why `u` may not strike `t` in melee now (None: he may)."""
    if t.side == u.side or not t.fighting or t.pos is None or u.pos is None:
        return f"{t.id} is not a foe who can be struck"
    reach = threatens_even_if_down(state, u, t.pos)
    if not reach and t.size == "large" and u.size == "man":
        # FE-27 reading (b): eight may engage a large foe, two of them from a second rank.
        reach = u.pos.distance(t.pos) <= max(1, u.reach_ft // state.board.feet_per_hex) + 1
    if not reach:
        return f"{t.id} is not a foe within {u.id}'s reach"
    seen = getattr(t, "melee_attackers", ())
    limit = surround_limit(state, t)
    if u.id not in seen and len(seen) >= limit:
        return (f"{t.id} is already engaged by {limit} attackers this round, as many as can "
                "encircle it (FE-27)")
    return None


def melee_attacks(state: Battle, u: FEUnit) -> list[Command]:
    out: list[Command] = []
    if not u.weapon:
        return out
    subdue = tables_for().weapons[u.weapon].can_subdue
    for t in state.units:
        if melee_refusal(state, u, t) is None:
            out.append(Attack(unit=u.id, target=t.id))
            if subdue:
                out.append(Attack(unit=u.id, target=t.id, options=("subdual",)))
    return out


def threatens_even_if_down(state: Battle, u: FEUnit, h: Hex) -> bool:
    if u.pos is None:
        return False
    if u.fighting:
        return threatens(state, u, h)
    from rules.positioning import unit_reach

    return u.pos.distance(h) <= unit_reach(state, u)


def in_range(state: Battle, shooter: FEUnit, target: Unit, range_in: int) -> bool:
    """Within range (scale inches → hexes, R-FE-SCALE) with no wall in the way (R-FE-LOS)."""
    assert shooter.pos is not None and target.pos is not None
    hexes = range_in * cfg(state, "feet_per_inch") // state.board.feet_per_hex
    if shooter.pos.distance(target.pos) > hexes:
        return False
    for h in line(shooter.pos, target.pos)[1:-1]:
        terrain = state.board.terrain(h)
        if terrain is None or terrain.impassable:
            return False
    return True


def can_shoot(u: FEUnit) -> bool:
    """FE-26: "only Shortbows can be used from horseback" (a scenario may mount a bowman)."""
    return bool(u.missile) and (not u.mounted or tables_for().weapons[u.missile].shortbow)


def missile_attacks(state: Battle, u: FEUnit) -> list[Command]:
    if not can_shoot(u):
        return []
    w = tables_for().weapons[u.missile]
    out: list[Command] = []
    for t in state.units:
        if t.side == u.side or not t.fighting or t.pos is None:
            continue
        if not in_range(state, u, t, w.range_in):
            continue
        if u.retainer and engaged_with(state, t):
            continue  # FE-23: henchmen and retainers never fire into a melee
        out.append(Attack(unit=u.id, target=t.id, weapon=u.missile))
    return out


def spell_casts(state: Battle, u: FEUnit) -> list[Command]:
    t = tables_for()
    out: list[Command] = []
    for key in sorted(set(u.spells)):
        sp = t.spells[key]
        for foe in state.units:
            if foe.side != u.side and foe.fighting and foe.pos is not None and in_range(
                    state, u, foe, sp.range_in):
                out.append(Cast(unit=u.id, spell=key, target=foe.id))
    return out


def _items(u: FEUnit) -> list[str]:
    return (["bandages"] if u.bandages else []) + (["potion"] if u.potions else [])


def item_uses(state: Battle, u: FEUnit) -> list[Command]:
    """Bandages or a potion on himself or a hurt friend beside him (FE-38)."""
    out: list[Command] = []
    if u.pos is None:
        return out
    for item in _items(u):
        for t in state.units:
            if t.side != u.side or t.pos is None or t.status in (DEAD, GONE):
                continue
            if t.id != u.id and t.pos.distance(u.pos) != 1:
                continue
            if item == "potion" and t.id != u.id:
                continue  # R-FE-POTION: a potion is drunk, by its carrier
            if item == "bandages" and t.hp < 0 and is_fe(t).condition != "dying":
                continue  # FE-38 (a): below 0 HP Bandages only stabilise the dying
            if t.hp < t.max_hp or (is_fe(t).condition == "dying"):
                out.append(UseItem(unit=u.id, item=item, target=t.id))
    return out


def has_turn(state: Battle, u: FEUnit, phase: str, tied: bool, standing: tuple[str, ...]
             ) -> bool:
    """Does `u` still have a choice to make in `phase`?  The cheap twin of `unit_commands`:
    a moving unit always may (it can turn in place), so no path search is needed."""
    from rules.systems.fallen_empire.movement import allowance, move_mode

    if u.pos is None:
        return False
    if phase == "movement":
        if u.declared in ("withdraw", "set_spear", "rest", "self_help", "") or u.moved:
            return False
        if (u.status == DOWN and u.declared != "crawl") or (u.status != DOWN and not u.fighting):
            return False
        budget = allowance(state, u)
        if budget <= 0:
            return False
        if move_mode(u) == "charge":
            reach = budget + max(1, u.reach_ft // state.board.feet_per_hex)
            return any(t.side != u.side and t.fighting and t.pos is not None
                       and t.pos.distance(u.pos) <= reach for t in state.units)
        return True
    return bool(unit_commands(state, u, phase, tied, standing))


def phase_candidates(state: Battle, phase: str, sides: tuple[str, ...], acted: tuple[str, ...],
                     standing: tuple[str, ...] = (), only: str | None = None) -> list[FEUnit]:
    """Units of `sides` (or of `only`, one of them) that still have something to do in
    `phase`.  Whether the phase is tied (FE-07) depends on all the phase's sides, never on
    which one is asking."""
    tied = len(sides) > 1 and phase != "withdrawal"
    out = []
    for u in state.units:
        if u.side in sides and (only is None or u.side == only) and u.id not in acted:
            f = is_fe(u)
            if has_turn(state, f, phase, tied, standing):
                out.append(f)
    return out


def pass_for(u: Unit) -> Command:
    return Pass(unit=u.id)
