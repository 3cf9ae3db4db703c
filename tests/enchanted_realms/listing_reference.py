"""The Enchanted Realms turn's listing as it was built before issue 36: every open hex in
his watch sorted by its distance to every foe, every hex of it tested for a narrow place,
every option put through `ready.refusal`, every foe of the field asked whether he is in
reach; and whom a step provokes (R-ER-FLEE) asked of every figure on the field.

Kept here, plain and slow, as the yardstick the fast listing (`options.turn_commands`,
`ready_menu.menu`) is compared with over random positions
(`test_listing_equivalence.py`).  It calls the live `ready.refusal`, `actions`,
`watch_ft` and `reachable`, so a change to what a trigger or a move may be is a change to
both and the comparison stays about the search alone.
"""

from __future__ import annotations

from itertools import combinations

from rules.commands import Attack, Cast, Choose, Command, Move, Pass, UseItem
from rules.hexgrid import Hex, disk
from rules.positioning import reachable, threatens
from rules.procedures import WalkFrame
from rules.state import Battle
from rules.systems.enchanted_realms import ready
from rules.systems.enchanted_realms.attack import attack_refusal_in_reach
from rules.systems.enchanted_realms.frames import MoveFrame, TurnFrame
from rules.systems.enchanted_realms.movement import _turn_run_ft, feet_left
from rules.systems.enchanted_realms.options import (
    SECOND,
    _carers,
    _objects_near,
    handling_costs,
    second_refusal,
    spin_refusal,
)
from rules.systems.enchanted_realms.units import ErUnit, cfg, er, held_weapon


def _foes(state: Battle, u: ErUnit) -> list[ErUnit]:
    return [er(state, o.id) for o in state.units if o.side != u.side and o.fighting]


def narrow(state: Battle, h: Hex) -> bool:
    ring = [state.board.passable(n) for n in h.neighbors()]
    return sum(1 for i in range(6) if ring[i] and not ring[i - 1]) >= 2


def triggers_for(state: Battle, u: ErUnit, action: str) -> list[str]:
    assert u.pos is not None
    fph = state.board.feet_per_hex
    far = ready.watch_ft(state, u, action)
    tail = "" if action == "attack" else f":{action}"
    spots = [f.pos for f in _foes(state, u) if f.pos is not None]
    out: list[str] = []
    if spots and action != "medicine":
        open_ = [h for h in disk(u.pos, far // fph) if h != u.pos
                 and state.board.passable(h) and state.unit_at(h) is None]
        near = sorted(open_, key=lambda h: (min(h.distance(p) for p in spots), h))
        gaps = sorted((h for h in open_ if narrow(state, h)),
                      key=lambda h: (h.distance(u.pos), h))[:ready.MENU_NARROWS]
        out += [f"ready:enter:{h.q},{h.r}" for h in gaps]
        out += [f"ready:enter:{h.q},{h.r}" for h in near[:ready.MENU_HEXES] if h not in gaps]
        out += [f"ready:area:{h.q},{h.r}" for h in near[:ready.MENU_AREAS]]
        watched = sorted((p for p in spots if p.distance(u.pos) * fph <= far),
                         key=lambda p: (p.distance(u.pos), p))
        out += [f"ready:leave:{p.q},{p.r}" for p in watched[:ready.MENU_FOES]]
        closest = min(p.distance(u.pos) for p in spots) * fph
        out += [f"ready:within:{ft}" for ft in cfg(state).ready_within_ft
                if fph <= ft <= far and ft % fph == 0 and ft < closest]
    out += [f"ready:drops:{o.id}" for o in state.units
            if o.side == u.side and o.id != u.id and o.fighting]
    return [o + tail for o in out]


def menu(state: Battle, u: ErUnit) -> list[str]:
    if u.pos is None:
        return []
    acts = dict.fromkeys(a for k in ready.KINDS for a in ready.actions(state, u, k))
    out = [o for a in acts for o in triggers_for(state, u, a)]
    return [o for o in out if ready.refusal(state, u, o) is None]


def turn_commands(state: Battle, f: TurnFrame) -> list[Command]:
    u = er(state, f.unit)
    out: list[Command] = [Pass(unit=u.id)]
    if not u.fighting:
        return out
    budget = feet_left(state, f) // state.board.feet_per_hex
    if not u.prone and budget > 0:
        ways = {h: p for h, p in reachable(state, u, budget).items() if h != u.pos}
        out += [Move(unit=u.id, path=tuple((h.q, h.r) for h in p))
                for _, p in sorted(ways.items())]
    out += [Choose(unit=u.id, option=o) for o in handling_costs(state, f)]
    if f.acted:
        return out
    foes = [d for d in _foes(state, u) if attack_refusal_in_reach(state, u, d) is None]
    for d in foes:
        out.append(Attack(unit=u.id, target=d.id))
        if not held_weapon(u)[1].ranged:
            out += [Attack(unit=u.id, target=d.id, options=(o,)) for o in SECOND
                    if second_refusal(u, o) is None]
    if spin_refusal(state, u) is None:
        out += [Choose(unit=u.id, option=f"spin:{a.id},{b.id}")
                for a, b in combinations(foes, 2)]
    if u.has("field_medicine"):
        out += [Cast(unit=u.id, spell="field_medicine", target=t) for t in _carers(state, u)]
    if u.potions:
        out += [UseItem(unit=u.id, item="potion", target=t) for t in _carers(state, u)]
    out += [Choose(unit=u.id, option=f"deed:{n}") for n in _objects_near(state, u, "deeds")]
    if feet_left(state, f) >= cfg(state).pick_up_cost_ft:
        out += [Choose(unit=u.id, option=f"pick_up:{n}")
                for n in _objects_near(state, u, "items")]
    if u.reacted_round != state.round:
        out.append(Choose(unit=u.id, option="defend"))
    out += [Choose(unit=u.id, option=o) for o in menu(state, u)]
    return out


def reactions_at(state: Battle, f: WalkFrame, i: int) -> list[tuple[str, str]]:
    assert isinstance(f, MoveFrame)
    c = cfg(state)
    mover = er(state, f.unit)
    here, nxt = f.path[i], f.path[i + 1]
    found: list[tuple[str, str]] = []
    for o in state.units:
        if o.side == mover.side or o.id in f.asked or not o.fighting or o.pos is None:
            continue
        e = er(state, o.id)
        if not e.can_react(state.round) or e.in_hand != "weapon":
            continue
        if not threatens(state, e, here) or threatens(state, e, nxt):
            continue
        if e.id in f.start_near:
            found.append((e.id, "flee"))
            continue
        if not c.swing_on_the_run or _turn_run_ft(state, f, mover) > c.run_ft:
            found.append((e.id, "opportunity"))
    found.sort(key=lambda rt: (-er(state, rt[0]).initiative, rt[0]))
    return found
