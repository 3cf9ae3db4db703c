"""At the ready (ER-11..13): the trigger a player builds, whether it is a valid "if", and
its firing in the middle of someone else's move or right after a friend drops.

Why this module exists: the trigger is data in the state (frames.Trigger), checked on every
step of every walk (movement.py) and after every blow (`after_blow`); the menu a player
builds it from (`menu`) and the checks on it (`refusal`) are the same code, so the AI, the
window and `submit` agree on what is valid.

R-ER-READY-MENU: the "if" conditions offered are: a foe steps onto a hex (enter: the narrow
places he watches, a doorway first, then the hexes nearest the foes) or off it (leave), or
into the ground around one (area: the hex and its six), within what he watches; a foe comes
within N feet (N from the rulings, no farther than he watches); a foe drops a named friend.
He watches as far as his weapon strikes for an attack, and as far as the farthest "within"
distance for any other action.  "when"/"after" triggers are refused (ER-11, EX-ER-03), and
so is a near-certain one: a hex a foe already stands on, a distance a foe is already inside
(ER-11: "cannot be a relatively obvious condition").

R-ER-READY-ACTIONS: the action it fires is one he could take as his action and that makes
sense in answer to the "if": attack the foe who set it off, run from him ("if the creature
approaches within 20 feet of me, I'll run away"), drink a healing potion he carries, tend the
friend who dropped (field medicine, a "drops" trigger only), or work a deed beside him (the
lever).  Each fires only when it can be done then; otherwise the trigger waits.  The run is
his walking rate straight away, and provokes no reaction and sets off no trigger itself.
"""

from __future__ import annotations

from itertools import pairwise

from rules.engine import Context
from rules.events import UnitStepped, hx
from rules.hexgrid import Hex
from rules.positioning import reachable, step_facing
from rules.state import ACTIVE, DOWN, Battle
from rules.systems.enchanted_realms.acts import heal, work_deed
from rules.systems.enchanted_realms.attack import attack_refusal_in_reach, plan, strike
from rules.systems.enchanted_realms.config import placed
from rules.systems.enchanted_realms.events import PotionUsed, ReadyFired, SkillUsed
from rules.systems.enchanted_realms.frames import MoveFrame, Trigger, system
from rules.systems.enchanted_realms.ready_menu import (
    MENU_AREAS,
    MENU_FOES,
    MENU_HEXES,
    MENU_NARROWS,
    narrow,
    triggers,
)
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import ErUnit, cfg, er, held_weapon, speed_ft

__all__ = ["MENU_AREAS", "MENU_FOES", "MENU_HEXES", "MENU_NARROWS", "actions", "after_blow",
           "fire_on_step", "menu", "narrow", "parse", "refusal", "run_path"]

KINDS = ("enter", "leave", "area", "within", "drops")


def reach_ft(state: Battle, u: ErUnit) -> int:
    """How far the weapon in his hand strikes, in feet."""
    _, w = held_weapon(u)
    return w.range_ft if w.ranged else max(state.board.feet_per_hex, w.reach_ft)


def watch_ft(state: Battle, u: ErUnit, action: str) -> int:
    """How far off a trigger for `action` may be (R-ER-READY-MENU): his weapon's reach for
    an attack; for anything else no less than the farthest "within" distance."""
    far = reach_ft(state, u)
    if action == "attack":
        return far
    return max(far, *cfg(state).ready_within_ft, state.board.feet_per_hex)


def parse(option: str) -> tuple[str, str, str] | None:
    """"ready:<kind>:<what>[:<action>]" → (kind, what, action), the action "attack" if it
    names none; None if it is not a ready option at all."""
    if not option.startswith("ready:"):
        return None
    kind, _, rest = option[6:].partition(":")
    what, _, action = rest.partition(":")
    return kind, what, action or "attack"


def _hex(text: str) -> Hex | None:
    q, sep, r = text.partition(",")
    try:
        return Hex(int(q), int(r)) if sep else None
    except ValueError:
        return None


def _foes(state: Battle, u: ErUnit) -> list[ErUnit]:
    return [er(state, o.id) for o in state.units if o.side != u.side and o.fighting]


def _deeds_beside(state: Battle, u: ErUnit) -> list[str]:
    """The scenario's deeds on his hex or beside it, not yet done (R-ER-DEED)."""
    done = system(state).deeds_done
    out = []
    for text in cfg(state).deeds:
        name, at = placed(text)
        if name not in done and u.pos is not None and at.distance(u.pos) <= 1:
            out.append(name)
    return out


def actions(state: Battle, u: ErUnit, kind: str) -> list[str]:
    """The actions a trigger of `kind` may fire for him now (R-ER-READY-ACTIONS)."""
    out = ["attack", "run"]
    if u.potions > 0:
        out.append("potion")
    if kind == "drops" and u.has("field_medicine"):
        out.append("medicine")
    return out + [f"deed:{n}" for n in _deeds_beside(state, u)]


def build(state: Battle, u: ErUnit, option: str) -> Trigger:
    """The trigger an option names (assumed valid: `refusal` said None)."""
    parsed = parse(option)
    assert parsed is not None
    kind, what, action = parsed
    if kind in ("enter", "leave", "area"):
        return Trigger(owner=u.id, kind=kind, hex=_hex(what), set_round=state.round,
                       action=action)
    if kind == "within":
        return Trigger(owner=u.id, kind=kind, feet=int(what), set_round=state.round,
                       action=action)
    return Trigger(owner=u.id, kind=kind, ally=what, set_round=state.round, action=action)


def _action_refusal(state: Battle, u: ErUnit, kind: str, action: str) -> str | None:
    if action in actions(state, u, kind):
        return None
    head, _, name = action.partition(":")
    if head == "potion":
        return f"{u.id} carries no healing potion (ER-08)"
    if head == "medicine":
        return ("field medicine at the ready tends the friend who drops: a \"drops\" "
                "trigger, by one with the skill (R-ER-READY-ACTIONS)")
    if head == "deed":
        return f"there is no {name.replace('_', ' ')} beside him to work (R-ER-DEED)"
    return (f"{action!r} is not an action a trigger fires (attack, run, potion, medicine, "
            "deed: R-ER-READY-ACTIONS)")


def refusal(state: Battle, u: ErUnit, option: str) -> str | None:
    """Why `option` is not a trigger he may set now (ER-11), or None."""
    parsed = parse(option)
    assert parsed is not None
    kind, what, action = parsed
    if kind in ("after", "when"):
        return ("a trigger must be an uncertain \"if\", not a \"when\" or \"after\" of "
                "something sure to come: that would be holding the action (ER-11, ER-13)")
    if kind not in KINDS:
        return f"{kind!r} is not a trigger (if a foe enters, leaves, comes within, drops)"
    why = _action_refusal(state, u, kind, action)
    if why:
        return why
    assert u.pos is not None
    fph = state.board.feet_per_hex
    far = watch_ft(state, u, action)
    if kind in ("enter", "leave", "area"):
        h = _hex(what)
        if h is None or h not in state.board or not state.board.passable(h):
            return f"{what!r} is not a hex of the board a foe could step on"
        if h == u.pos or h.distance(u.pos) * fph > far:
            return (f"he can watch a hex only {far} feet off for that: "
                    + ("his weapon's reach" if action == "attack" else "the farthest "
                       "distance a trigger watches") + " (R-ER-READY-MENU)")
        near = 1 if kind == "area" else 0
        if kind != "leave" and any(f.pos is not None and f.pos.distance(h) <= near
                                   for f in _foes(state, u)):
            return ("a foe already stands there: that is no \"if\" but a certainty "
                    "(ER-11)")
        return None
    if kind == "within":
        if not what.isdigit() or int(what) < fph or int(what) % fph:
            return f"{what!r} is not a distance in whole hexes of {fph} feet"
        if int(what) > far:
            return f"he watches only {far} feet for that (R-ER-READY-MENU)"
        if any(f.pos is not None and f.pos.distance(u.pos) * fph <= int(what)
               for f in _foes(state, u)):
            return ("a foe is already that close: that is no \"if\" but a certainty "
                    "(ER-11)")
        return None
    if not state.has_unit(what) or what == u.id or state.unit(what).side != u.side:
        return f"{what!r} is not a friend of his"
    if not state.unit(what).fighting:
        return f"{what} is already down"
    return None


def menu(state: Battle, u: ErUnit) -> list[str]:
    """The valid triggers offered now (R-ER-READY-MENU), the attacks first, then each other
    action's (R-ER-READY-ACTIONS): for each action the "if"s `ready_menu.triggers` finds
    from the foes and hexes in his watch, each one `refusal` passes."""
    if u.pos is None:
        return []
    spots = [o.pos for o in state.units
             if o.side != u.side and o.fighting and o.pos is not None]
    friends = [o.id for o in state.units if o.side == u.side and o.id != u.id and o.fighting]
    acts = dict.fromkeys(a for k in KINDS for a in actions(state, u, k))
    return [o for a in acts
            for o in triggers(state, u, a, spots, watch_ft(state, u, a), friends)]


def run_path(state: Battle, u: ErUnit, foe: ErUnit) -> list[Hex] | None:
    """R-ER-READY-ACTIONS: the way he runs from `foe`, his whole walking rate, to the hex
    farthest from him (the nearest such, then the first in hex order); None if no hex he
    can reach is farther off than where he stands."""
    if u.pos is None or foe.pos is None or u.prone:
        return None
    fph, there = state.board.feet_per_hex, foe.pos
    ways = reachable(state, u, speed_ft(u, "walk") // fph)
    best = min(ways, key=lambda h: (-h.distance(there), len(ways[h]), h))
    return ways[best] if best.distance(there) > u.pos.distance(there) else None


def _can(state: Battle, t: Trigger, owner: ErUnit, against: ErUnit) -> bool:
    """Can the action of `t` be done now (else the trigger waits)?"""
    head, _, name = t.action.partition(":")
    if head == "run":
        return run_path(state, owner, against) is not None
    if head == "potion":
        return owner.potions > 0
    if head == "medicine":
        if not state.has_unit(t.ally):
            return False
        friend = state.unit(t.ally)
        return friend.status in (ACTIVE, DOWN) and friend.pos is not None and \
            owner.pos is not None and friend.pos.distance(owner.pos) <= 1
    if head == "deed":
        return name in _deeds_beside(state, owner)
    return attack_refusal_in_reach(state, owner, against) is None


def _springs(state: Battle, t: Trigger, mover: ErUnit, came_from: Hex | None) -> bool:
    owner = er(state, t.owner)
    if owner.side == mover.side or not owner.fighting or owner.pos is None or mover.pos is None:
        return False
    if t.kind == "enter":
        met = mover.pos == t.hex
    elif t.kind == "leave":
        met = came_from == t.hex
    elif t.kind == "area":  # into the ground around the hex, from outside it
        assert t.hex is not None
        met = mover.pos.distance(t.hex) <= 1 and (
            came_from is None or came_from.distance(t.hex) > 1)
    elif t.kind == "within":  # he comes within: from outside the distance to inside it
        fph = state.board.feet_per_hex
        met = mover.pos.distance(owner.pos) * fph <= t.feet and (
            came_from is None or came_from.distance(owner.pos) * fph > t.feet)
    else:
        return False
    return met and _can(state, t, owner, mover)


def _fire(ctx: Context, t: Trigger, against: str) -> None:
    """The trigger springs and its action is done (R-ER-READY-ACTIONS)."""
    state = ctx.state
    spends = cfg(state).ready_spends_reaction
    pos = state.unit(against).pos
    at = (pos.q, pos.r) if pos is not None and t.kind != "drops" else None
    owner, foe = er(state, t.owner), er(state, against)
    way = run_path(state, owner, foe) if t.action == "run" else None
    ctx.emit(ReadyFired(unit=t.owner, against=against, kind=t.kind, spends_reaction=spends,
                        at=at, action=t.action))
    head, _, name = t.action.partition(":")
    if head == "run":
        assert way is not None
        facing = owner.facing
        for a, b in pairwise(way):
            facing = step_facing(a, b, facing)
            ctx.emit(UnitStepped(unit=t.owner, from_hex=hx(a), to_hex=hx(b), facing=facing))
    elif head == "potion":
        ctx.emit(PotionUsed(unit=t.owner, target=t.owner))
        heal(ctx, t.owner, load_tables().potion.heal, "ER-08")
    elif head == "medicine":
        ctx.emit(SkillUsed(unit=t.owner, skill="field_medicine", target=t.ally))
        dice = load_tables().skills["field_medicine"].heal
        assert dice is not None
        heal(ctx, t.ally, dice, "ER-02")
    elif head == "deed":
        work_deed(ctx, t.owner, name)
    else:
        strike(ctx, plan(ctx.state, t.owner, against, kind="ready"))
        after_blow(ctx, t.owner, against)


def _by_initiative(state: Battle, triggers: tuple[Trigger, ...]) -> list[Trigger]:
    return sorted(triggers, key=lambda t: (-er(state, t.owner).initiative, t.owner))


def fire_on_step(ctx: Context, f: MoveFrame) -> bool:
    """ER-12: a trigger the mover has just met (on arriving at his hex) springs now, the
    mover standing where it fired while the action resolves (R-ER-READY-TIMING).  True if
    one fired (one a beat; the walk asks again)."""
    state = ctx.state
    mover = er(state, f.unit)
    if mover.pos is None or mover.pos not in f.path:
        return False
    i = f.path.index(mover.pos)
    if i == 0:
        return False
    for t in _by_initiative(state, system(state).triggers):
        if t.kind != "drops" and _springs(state, t, mover, f.path[i - 1]):
            _fire(ctx, t, mover.id)
            return True
    return False


def after_blow(ctx: Context, attacker: str, target: str) -> None:
    """ER-12: "if the monster drops Bob, then I'll fire my bow": right after the blow."""
    state = ctx.state
    if state.unit(target).fighting:
        return
    for t in _by_initiative(state, system(state).triggers):
        if t.kind == "drops" and t.ally == target and t in system(ctx.state).triggers:
            owner = er(ctx.state, t.owner)
            foe = er(ctx.state, attacker)
            if owner.fighting and _can(ctx.state, t, owner, foe):
                _fire(ctx, t, attacker)
