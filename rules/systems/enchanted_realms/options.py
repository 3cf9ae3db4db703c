"""What a creature may do in his turn in Enchanted Realms, and why not: the turn's legal
commands and the refusals `submit` gives.

A turn (ER-02, ER-14): any number of moves, up to his movement rate in all, before, after
or around exactly one action: an attack (Attack; spinning moves as Choose "spin:a,b"), skill
use (Cast "field_medicine"), item use (UseItem "potion"), a deed (Choose "deed:<name>"),
defending (Choose "defend") or at the ready (Choose "ready:..."); there is no holding it
(ER-13).  Handling paid in movement (ER-15..18): Choose "draw", "ready_shield", "mount",
"dismount", "mode:fly" / "mode:walk", "stand", and "pick_up:<name>" (which is also the
action).  Pass ends his turn.  What each does is actions.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from rules.commands import Attack, Cast, Choose, Command, Move, Pass, UseItem
from rules.engine import command_owner_refusal
from rules.events import unhx
from rules.positioning import path_is_walkable
from rules.procedures import (
    frame_reactions,
    path_refusal,
    reaction_refusal,
    top_frame_commands,
)
from rules.state import ACTIVE, DOWN, Battle
from rules.systems.enchanted_realms import ready
from rules.systems.enchanted_realms.attack import attack_refusal_in_reach, skill_dice
from rules.systems.enchanted_realms.config import placed
from rules.systems.enchanted_realms.events import ALL_MOVEMENT
from rules.systems.enchanted_realms.frames import ReactionFrame, TurnFrame, system
from rules.systems.enchanted_realms.movement import feet_left, move_commands
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import ErUnit, cfg, er, held_weapon, speed_ft

__all__ = ["SECOND", "check", "handling_costs", "has_choice", "legal_commands",
           "second_refusal", "spin_refusal", "turn_choices", "turn_commands"]

SECOND = {"shield_blitz": ("shield_blitz", "shield"), "two_weapons": ("two_handed_fighting",
                                                                      "offhand")}
"""ER-06: the two ways of striking one target twice: option → (skill, second weapon)."""


# --- what may be done -----------------------------------------------------------------------


def _foes(state: Battle, u: ErUnit) -> list[ErUnit]:
    return [er(state, o.id) for o in state.units if o.side != u.side and o.fighting]


def _in_reach(state: Battle, u: ErUnit) -> list[ErUnit]:
    """The foes he may attack now with the weapon in his hand (ER-03, R-POS-REACH,
    R-ER-RANGE), in the battle's order: sought only among the fighting figures within the
    weapon's reach or range, since no other can pass `attack_refusal_in_reach`."""
    if u.pos is None:
        return []
    _, w = held_weapon(u)
    fph = state.board.feet_per_hex
    far = w.range_ft // fph if w.ranged else max(1, w.reach_ft // fph)
    near = state.where.fighting_near(u.pos, far)
    return [d for d in near if isinstance(d, ErUnit) and d.side != u.side
            and attack_refusal_in_reach(state, u, d) is None]


def _carers(state: Battle, u: ErUnit) -> list[str]:
    """Who he can tend or give a potion: himself or a hurt friend beside him, even one who
    has dropped (R-ER-DOWN), never the dead."""
    out = []
    for o in state.units:
        if o.side != u.side or o.status not in (ACTIVE, DOWN) or o.pos is None or o.hp >= o.max_hp:
            continue
        if o.id == u.id or (u.pos is not None and o.pos.distance(u.pos) <= 1):
            out.append(o.id)
    return out


def _objects_near(state: Battle, u: ErUnit, kind: str) -> list[str]:
    """Deeds (or items) on his hex or beside it, not yet done (or taken)."""
    c = cfg(state)
    done = system(state).deeds_done if kind == "deeds" else system(state).items_taken
    out = []
    for text in getattr(c, kind):
        name, at = placed(text)
        if name not in done and u.pos is not None and at.distance(u.pos) <= 1:
            out.append(name)
    return out


def second_refusal(u: ErUnit, option: str) -> str | None:
    skill, _ = SECOND[option]
    if not u.has(skill):
        return f"{u.id} lacks the skill {skill.replace('_', ' ')} (ER-06)"
    if u.in_hand != "weapon":
        return f"{u.id} must have his melee weapon in hand"
    if option == "shield_blitz" and not u.shield_ready:
        return f"{u.id} has no shield ready (ER-17)"
    if option == "two_weapons" and not u.offhand:
        return f"{u.id} carries no second weapon"
    return None


def handling_costs(state: Battle, f: TurnFrame) -> dict[str, tuple[int, str]]:
    """The handling he can pay for now: option → (feet, rule).  R-ER-HANDLING: each is paid
    out of the movement he has left; a flying steed only before he has moved at all."""
    c = cfg(state)
    t = load_tables()
    u = er(state, f.unit)
    left = feet_left(state, f)
    out: dict[str, tuple[int, str]] = {}
    if u.prone:
        if u.can_react(state.round) and left >= c.stand_cost_ft:
            out["stand"] = (c.stand_cost_ft, "ER-18")
        return out
    if u.missile and u.weapon and left >= c.draw_cost_ft:
        out["draw"] = (c.draw_cost_ft, "ER-17")
    _, w = held_weapon(u)
    if u.shield and not u.shield_ready and not w.two_handed:
        cost = 0 if u.has("shield_use") else c.shield_cost_ft
        if left >= cost:
            out["ready_shield"] = (cost, "ER-17")
    if u.steed:
        steed = t.steeds[u.steed]
        what = "dismount" if u.mounted else "mount"
        if steed.fly_ft:
            if f.moved_ft == 0 and f.cost_ft == 0:
                out[what] = (ALL_MOVEMENT, "ER-16")
        else:
            cost = c.mount_skilled_cost_ft if u.has("mountsmanship") else c.mount_cost_ft
            if left >= cost:
                out[what] = (cost, "ER-16")
    for mode in ("walk", "fly"):
        if mode != f.mode and speed_ft(u, mode) - f.moved_ft - f.cost_ft > 0:
            out[f"mode:{mode}"] = (0, "ER-15")
    return out


def turn_commands(state: Battle, f: TurnFrame) -> list[Command]:
    """Everything he may do now: ending his turn, then `turn_choices` in order."""
    return [Pass(unit=f.unit), *turn_choices(state, f)]


def has_choice(state: Battle, f: TurnFrame) -> bool:
    """Has he anything left but to end his turn?  The same as `turn_commands` listing more
    than the Pass, found by building only as far as the first other command."""
    return next(turn_choices(state, f), None) is not None


def turn_choices(state: Battle, f: TurnFrame) -> Iterator[Command]:
    """What he may do now besides ending his turn (ER-02, ER-14), in the listing's order,
    built one kind at a time as they are asked for: his moves, the handling he can pay
    for, then (while his action is unspent) attacks, spins, tending, potions, deeds,
    picking up, defending and the at-the-ready menu."""
    u = er(state, f.unit)
    if not u.fighting:
        return
    yield from move_commands(state, f)
    for o in handling_costs(state, f):
        yield Choose(unit=u.id, option=o)
    if f.acted:
        return
    foes = _in_reach(state, u)
    melee = not held_weapon(u)[1].ranged
    for d in foes:
        yield Attack(unit=u.id, target=d.id)
        if melee:
            for o in SECOND:
                if second_refusal(u, o) is None:
                    yield Attack(unit=u.id, target=d.id, options=(o,))
    if foes and spin_refusal(state, u) is None:
        for a, b in combinations(foes, 2):
            yield Choose(unit=u.id, option=f"spin:{a.id},{b.id}")
    if u.has("field_medicine"):
        for t in _carers(state, u):
            yield Cast(unit=u.id, spell="field_medicine", target=t)
    if u.potions:
        for t in _carers(state, u):
            yield UseItem(unit=u.id, item="potion", target=t)
    for n in _objects_near(state, u, "deeds"):
        yield Choose(unit=u.id, option=f"deed:{n}")
    if feet_left(state, f) >= cfg(state).pick_up_cost_ft:
        for n in _objects_near(state, u, "items"):
            yield Choose(unit=u.id, option=f"pick_up:{n}")
    if u.reacted_round != state.round:
        yield Choose(unit=u.id, option="defend")
    for o in ready.menu(state, u):
        yield Choose(unit=u.id, option=o)


def spin_refusal(state: Battle, u: ErUnit) -> str | None:
    if not u.has("spinning_moves"):
        return f"{u.id} lacks the skill spinning moves (ER-05)"
    if held_weapon(u)[1].ranged:
        return f"{u.id} must have his melee weapon in hand"
    if cfg(state).base_dice + skill_dice(u, False) < 2:
        return f"{u.id} has only one d20 to split (ER-05)"
    return None


def legal_commands(state: Battle, side: str) -> list[Command]:
    return top_frame_commands(state, ((TurnFrame, turn_commands),
                                      (ReactionFrame, frame_reactions)))


# --- why not ---------------------------------------------------------------------------------


def check(state: Battle, cmd: Command) -> str | None:
    top = state.top
    why = command_owner_refusal(state, cmd)
    if why is not None:
        return why
    if isinstance(top, ReactionFrame):
        return reaction_refusal(top, cmd, "reaction")
    if not isinstance(top, TurnFrame):
        return "nobody is to choose now"
    unit_id = getattr(cmd, "unit", None)
    if unit_id != top.unit:
        return f"it is {top.unit}'s turn, not {unit_id or 'a whole side'}'s"
    if isinstance(cmd, Pass):
        return None
    u = er(state, top.unit)
    if not u.fighting:
        return f"{u.id} is {u.condition or u.status}: he can only end his turn"
    if isinstance(cmd, Move):
        return _move_refusal(state, top, u, cmd)
    if isinstance(cmd, Choose) and cmd.option in handling_costs(state, top):
        return None
    if isinstance(cmd, Choose) and cmd.option.split(":")[0] in (
            "stand", "draw", "ready_shield", "mount", "dismount", "mode"):
        return _handling_refusal(state, top, u, cmd.option)
    if isinstance(cmd, Choose) and (cmd.option in ("hold", "delay")
                                    or cmd.option.startswith("hold:")):
        return "an action cannot be held for later; at the ready is the way (ER-13)"
    if isinstance(cmd, Choose) and cmd.option.partition(":")[0] in ("grapple", "martial_arts"):
        return ("grappling and martial arts are played from the Grappling section, which "
                "the text leaves out (ER-07, R-ER-GRAPPLE)")
    if top.acted:
        return f"{u.id} has already taken his one action this turn (ER-02)"
    if isinstance(cmd, Attack):
        return _attack_refusal(state, u, cmd)
    if isinstance(cmd, Cast):
        if cmd.spell != "field_medicine" or not u.has("field_medicine"):
            return f"{u.id} has no skill {cmd.spell!r} to use"
        if cmd.target not in _carers(state, u):
            return f"{cmd.target} is not hurt and within his reach to tend"
        return None
    if isinstance(cmd, UseItem):
        if cmd.item != "potion" or u.potions <= 0:
            return f"{u.id} has no {cmd.item.replace('_', ' ')} (ER-08)"
        if cmd.target not in _carers(state, u):
            return f"{cmd.target} is not hurt and within his reach"
        return None
    if isinstance(cmd, Choose):
        return _choose_refusal(state, top, u, cmd.option)
    return f"{cmd.type.replace('_', ' ')} is not something {u.id} can do in Enchanted Realms"


def _move_refusal(state: Battle, f: TurnFrame, u: ErUnit, cmd: Move) -> str | None:
    if u.prone:
        return f"{u.id} is prone: he must stand up first (ER-18)"
    if cmd.target:
        return "an Enchanted Realms move does not name a target"
    path = [unhx(p) for p in cmd.path]
    if len(path) < 2:
        return f"{u.id}'s move must leave his hex"
    why = path_refusal(path, cmd.facing)
    if why:
        return why
    left = feet_left(state, f)
    why = path_is_walkable(state, u, path, left // state.board.feet_per_hex)
    if why and "costs" in why:
        return f"he has {left} feet of movement left this turn (ER-14)"
    return why


def _handling_refusal(state: Battle, f: TurnFrame, u: ErUnit, option: str) -> str:
    c = cfg(state)
    if option == "stand":
        if not u.prone:
            return f"{u.id} is not prone"
        if not u.can_react(state.round):
            return "standing up is a reaction, and his is spent this round (ER-18, ER-20)"
        return f"standing up costs {c.stand_cost_ft} feet of movement (ER-18)"
    if u.prone:
        return f"{u.id} is prone: he must stand up first (ER-18)"
    if option == "draw":
        if not (u.missile and u.weapon):
            return f"{u.id} has no other weapon to draw"
        return f"drawing a weapon costs {c.draw_cost_ft} feet of movement (ER-17)"
    if option == "ready_shield":
        if not u.shield or u.shield_ready:
            return f"{u.id} has no shield to ready"
        if held_weapon(u)[1].two_handed:
            return f"{u.id}'s weapon needs both hands"
        return f"readying a shield costs {c.shield_cost_ft} feet of movement (ER-17)"
    if option in ("mount", "dismount"):
        if not u.steed or (option == "mount") == u.mounted:
            return f"{u.id} cannot {option} now"
        if load_tables().steeds[u.steed].fly_ft:
            return "mounting a flying creature takes all his movement for the round (ER-16)"
        return "he has not the movement left to do it (ER-16)"
    if option in ("mode:fly", "mode:walk"):
        if option[5:] == f.mode:
            return f"{u.id} already moves that way"
        if speed_ft(u, option[5:]) == 0:
            return f"{u.id} cannot {option[5:]}"
        return (f"{option[5:]}ing he moves {speed_ft(u, option[5:])} feet and has already "
                f"used {f.moved_ft + f.cost_ft}: nothing is left (ER-15)")
    return f"{option!r} is not a choice here"


def _attack_refusal(state: Battle, u: ErUnit, cmd: Attack) -> str | None:
    key, w = held_weapon(u)
    if cmd.weapon and cmd.weapon != key:
        return (f"{u.id} holds his {w.name.lower()}: taking the other in hand costs "
                "movement first (draw, ER-17)")
    if len(cmd.options) > 1 or any(o not in SECOND for o in cmd.options):
        return "the ways of striking twice are shield_blitz and two_weapons, one at a time"
    d = er(state, cmd.target)
    why = attack_refusal_in_reach(state, u, d)
    if why:
        return why
    if cmd.options:
        if w.ranged:
            return "a second attack goes with a melee weapon (ER-06)"
        return second_refusal(u, cmd.options[0])
    return None


def _choose_refusal(state: Battle, f: TurnFrame, u: ErUnit, option: str) -> str | None:
    if option == "defend":
        if u.reacted_round == state.round:
            return ("he has already used his reaction this round, so he cannot defend "
                    "(ER-10)")
        return None
    if ready.parse(option) is not None:
        return ready.refusal(state, u, option)
    head, _, rest = option.partition(":")
    if head == "spin":
        why = spin_refusal(state, u)
        if why:
            return why
        names = rest.split(",")
        if len(names) != 2 or names[0] == names[1]:
            return "spinning moves name two different foes (ER-05)"
        for n in names:
            if not state.has_unit(n):
                return f"there is no unit {n!r}"
            why = attack_refusal_in_reach(state, u, er(state, n))
            if why:
                return why
        return None
    if head == "deed":
        if rest not in _objects_near(state, u, "deeds"):
            return f"there is no {rest.replace('_', ' ')} beside him to work (ER-02)"
        return None
    if head == "pick_up":
        if rest not in _objects_near(state, u, "items"):
            return f"there is no {rest.replace('_', ' ')} beside him to pick up"
        return (f"picking up costs {cfg(state).pick_up_cost_ft} feet of movement (ER-17)"
                if feet_left(state, f) < cfg(state).pick_up_cost_ft else None)
    return f"{option!r} is not a choice in an Enchanted Realms turn"
