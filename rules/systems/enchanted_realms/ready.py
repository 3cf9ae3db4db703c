"""At the ready (ER-11..13): the trigger a player builds, whether it is a valid "if", and
its firing in the middle of someone else's move or right after a friend drops.

Why this module exists: the trigger is data in the state (frames.Trigger), checked on every
step of every walk (movement.py) and after every blow (`after_blow`); the menu a player
builds it from (`menu`) and the checks on it (`refusal`) are the same code, so the AI, the
window and `submit` agree on what is valid.

R-ER-READY-MENU: the "if" conditions offered are: a foe steps onto a hex (enter) or off it
(leave), or into the ground around one (area: the hex and its six), within reach or range
of the weapon in his hand; a foe comes within N feet (N from the rulings, no farther than
his weapon reaches); a foe drops a named friend.  The action it
fires is an attack with the weapon in hand on the foe who set it off (R-ER-READY-ACTIONS).
"when"/"after" triggers are refused (ER-11, EX-ER-03), and so is a near-certain one: a hex a
foe already stands on, a distance a foe is already inside (ER-11: "cannot be a relatively
obvious condition").
"""

from __future__ import annotations

from rules.engine import Context
from rules.hexgrid import Hex, disk
from rules.state import Battle
from rules.systems.enchanted_realms.attack import attack_refusal_in_reach, plan, strike
from rules.systems.enchanted_realms.events import ReadyFired
from rules.systems.enchanted_realms.frames import MoveFrame, Trigger, system
from rules.systems.enchanted_realms.units import ErUnit, cfg, er, held_weapon

__all__ = ["after_blow", "fire_on_step", "menu", "parse", "refusal"]

KINDS = ("enter", "leave", "area", "within", "drops")
MENU_HEXES = 6  # R-ER-READY-MENU: the hexes offered to watch, nearest the foe first
MENU_AREAS = 2  # ... and the ground around the nearest of them (the hex and its six)
MENU_FOES = 3  # ... and the hexes foes stand on, to watch them step off, nearest first


def reach_ft(state: Battle, u: ErUnit) -> int:
    """How far the weapon in his hand strikes, in feet."""
    _, w = held_weapon(u)
    return w.range_ft if w.ranged else max(state.board.feet_per_hex, w.reach_ft)


def parse(option: str) -> tuple[str, str] | None:
    """"ready:<kind>:<what>" → (kind, what); None if it is not a ready option at all."""
    if not option.startswith("ready:"):
        return None
    kind, _, what = option[6:].partition(":")
    return kind, what


def _hex(text: str) -> Hex | None:
    q, sep, r = text.partition(",")
    try:
        return Hex(int(q), int(r)) if sep else None
    except ValueError:
        return None


def _foes(state: Battle, u: ErUnit) -> list[ErUnit]:
    return [er(state, o.id) for o in state.units if o.side != u.side and o.fighting]


def build(state: Battle, u: ErUnit, option: str) -> Trigger:
    """The trigger an option names (assumed valid: `refusal` said None)."""
    parsed = parse(option)
    assert parsed is not None
    kind, what = parsed
    if kind in ("enter", "leave", "area"):
        return Trigger(owner=u.id, kind=kind, hex=_hex(what), set_round=state.round)
    if kind == "within":
        return Trigger(owner=u.id, kind=kind, feet=int(what), set_round=state.round)
    return Trigger(owner=u.id, kind=kind, ally=what, set_round=state.round)


def refusal(state: Battle, u: ErUnit, option: str) -> str | None:
    """Why `option` is not a trigger he may set now (ER-11), or None."""
    parsed = parse(option)
    assert parsed is not None
    kind, what = parsed
    if kind in ("after", "when"):
        return ("a trigger must be an uncertain \"if\", not a \"when\" or \"after\" of "
                "something sure to come: that would be holding the action (ER-11, ER-13)")
    if kind not in KINDS:
        return f"{kind!r} is not a trigger (if a foe enters, leaves, comes within, drops)"
    assert u.pos is not None
    fph = state.board.feet_per_hex
    far = reach_ft(state, u)
    if kind in ("enter", "leave", "area"):
        h = _hex(what)
        if h is None or h not in state.board or not state.board.passable(h):
            return f"{what!r} is not a hex of the board a foe could step on"
        if h == u.pos or h.distance(u.pos) * fph > far:
            return "he can only watch a hex his weapon reaches (R-ER-READY-MENU)"
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
            return f"his weapon reaches only {far} feet (R-ER-READY-MENU)"
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
    """The valid triggers offered now (R-ER-READY-MENU)."""
    if u.pos is None:
        return []
    fph = state.board.feet_per_hex
    far = reach_ft(state, u)
    spots = [f.pos for f in _foes(state, u) if f.pos is not None]
    out: list[str] = []
    if spots:
        near = sorted((h for h in disk(u.pos, far // fph) if h != u.pos
                       and state.board.passable(h) and state.unit_at(h) is None),
                      key=lambda h: (min(h.distance(p) for p in spots), h))
        out += [f"ready:enter:{h.q},{h.r}" for h in near[:MENU_HEXES]]
        out += [f"ready:area:{h.q},{h.r}" for h in near[:MENU_AREAS]]
        watched = sorted((p for p in spots if p.distance(u.pos) * fph <= far),
                         key=lambda p: (p.distance(u.pos), p))
        out += [f"ready:leave:{p.q},{p.r}" for p in watched[:MENU_FOES]]
        closest = min(p.distance(u.pos) for p in spots) * fph
        out += [f"ready:within:{ft}" for ft in cfg(state).ready_within_ft
                if fph <= ft <= far and ft % fph == 0 and ft < closest]
    out += [f"ready:drops:{o.id}" for o in state.units
            if o.side == u.side and o.id != u.id and o.fighting]
    return [o for o in out if refusal(state, u, o) is None]


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
    return met and attack_refusal_in_reach(state, owner, mover) is None


def _fire(ctx: Context, t: Trigger, against: str) -> None:
    spends = cfg(ctx.state).ready_spends_reaction
    pos = ctx.state.unit(against).pos
    at = (pos.q, pos.r) if pos is not None and t.kind != "drops" else None
    ctx.emit(ReadyFired(unit=t.owner, against=against, kind=t.kind, spends_reaction=spends,
                        at=at))
    strike(ctx, plan(ctx.state, t.owner, against, kind="ready"))
    after_blow(ctx, t.owner, against)


def _by_initiative(state: Battle, triggers: tuple[Trigger, ...]) -> list[Trigger]:
    return sorted(triggers, key=lambda t: (-er(state, t.owner).initiative, t.owner))


def fire_on_step(ctx: Context, f: MoveFrame) -> bool:
    """ER-12: a trigger the mover has just met (on arriving at his hex) springs now, the
    mover standing where it fired while the attack resolves (R-ER-READY-TIMING).  True if
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
            if owner.fighting and attack_refusal_in_reach(ctx.state, owner, foe) is None:
                _fire(ctx, t, attacker)
