"""What an Empress character may do now, and why not: the one place that answers it, so the
legal-command list (what the UI offers, the AI searches) and `check` (what `submit` accepts)
never disagree.

R-EMP-TURN: when his segment comes a character may move up to his movement rate and then
take one action (an attack, pure defence, a fall-back, hiding), or hold before doing
anything; a stance or a way of fighting may be chosen on the way, free.

Choices the text gives that are not moves or attacks are `Choose` options:

    hold                    EMP-02            counter:<foe>        EMP-05 (Warriors)
    counter_hex:<q>,<r>     EMP-05 (missile)  stance:<attack|guard|attack2|guard2>  EMP-61
    pure_defense            EMP-62            fall_back            EMP-58
    hide                    EMP-64, EMP-69    longsword:<thrust|power>              EMP-30
    dual:<offense|defense>  EMP-42/43         board:<attack|hc>                     EMP-46

Attack options (`Attack.options`): grapple, escape, disarm, force_back, trick, hurl (special
maneuvers, EMP-74..84), strike + an effect or two effects (combined, Warriors, EMP-75),
sneak (a hidden attacker closing unseen, EMP-67), sucker_punch (EMP-70), careless
(EMP-86).  `Attack.weapon` may name the off-hand weapon (EMP-41) or "unarmed" (EMP-73).
"""

from __future__ import annotations

from rules.commands import Attack, Choose, Command, Move, Pass
from rules.events import hx
from rules.hexgrid import Hex, line
from rules.positioning import engaged_with, is_engaged
from rules.state import Battle
from rules.systems.empress.combat import (
    APPROACHES,
    ATTACK_OPTIONS,
    EFFECTS,
    attack_weapon,
    helpless,
    well_armoured,
)
from rules.systems.empress.frames import TurnFrame
from rules.systems.empress.maneuvers import giant_grapple, oversized
from rules.systems.empress.movement import destinations
from rules.systems.empress.units import (
    EmpUnit,
    cfg,
    dual_perk,
    emp,
    held,
    is_emp,
    is_warrior,
    longsword_two_handed,
    tables,
)

STANCES = ("attack", "guard")
WARRIOR_STANCES = ("attack2", "guard2")
COMBOS = frozenset({("strike", "disarm"), ("strike", "force_back"), ("disarm", "force_back")})


def board_reach(state: Battle, weapon_reach_ft: int) -> int:
    return max(1, weapon_reach_ft // state.board.feet_per_hex)


def in_sight(state: Battle, a: Hex, b: Hex) -> bool:
    """R-EMP-LOS: nothing impassable on the line between."""
    for h in line(a, b)[1:-1]:
        t = state.board.terrain(h)
        if t is None or t.impassable:
            return False
    return True


def attack_refusal(state: Battle, u: EmpUnit, cmd: Attack) -> str | None:
    """Why `u` may not make this attack now (None: he may)."""
    if not state.has_unit(cmd.target):
        return f"there is no unit {cmd.target!r}"
    t = emp(state, cmd.target)
    opts = cmd.options
    unknown = [o for o in opts if o not in ATTACK_OPTIONS]
    if unknown:
        return (f"unknown attack option {unknown[0]!r} (known: "
                f"{', '.join(sorted(ATTACK_OPTIONS))})")
    if len(set(opts)) != len(opts):
        return "an option is named twice"
    if t.side == u.side:
        return f"{t.id} is on his own side"
    if u.swallowed_by:
        return _from_inside(state, u, t, cmd)
    if not t.fighting or t.pos is None or u.pos is None:
        return f"{t.id} is not a foe who can be struck"
    if t.hidden:
        return f"{t.id} is hidden: {u.id} cannot see him (EMP-69)"
    effects = [o for o in opts if o in EFFECTS]
    approaches = [o for o in opts if o in APPROACHES]
    if len(approaches) > 1:
        return "only one way of closing at a time"
    if "strike" in opts and not effects:
        return "'strike' goes with a special effect (a combined maneuver, EMP-75)"
    combined = len(effects) + ("strike" in opts) >= 2
    if combined:
        key = tuple(sorted(o for o in opts if o in EFFECTS or o == "strike"))
        if key not in {tuple(sorted(c)) for c in COMBOS}:
            return "that pair of effects cannot be combined (R-EMP-COMBINED)"
        if not is_warrior(u):
            return "only Warriors may combine an effect with an attack or two effects (EMP-75)"
    if cmd.weapon and cmd.weapon not in (u.weapon, u.offhand, u.missile, "unarmed"):
        return f"{u.id} has no {cmd.weapon!r}"
    kind = "missile" if cmd.weapon and cmd.weapon == u.missile else "melee"
    key = attack_weapon(u, kind, cmd.weapon, opts)
    w = tables().weapon(key)
    if u.pinned and opts != ("escape",):
        return f"{u.id} is pinned: he can only try to escape (EMP-78)"
    if held(u):
        if t.id not in u.grappled_by:
            return f"{u.id} is held and can only strike the one who holds him (EMP-77)"
        if key and not w.short_stab:
            return f"held, {u.id} can only use a very short weapon, not a {w.name} (EMP-77)"
    if "escape" in opts and t.id not in u.grappled_by:
        return f"{t.id} is not holding {u.id}"
    if w.kind == "missile":
        return _missile_refusal(state, u, t, w, opts)
    if "hurl" in opts and not (u.id in t.grappled_by and t.pinned
                               and giant_grapple(state, u, t)):
        return "only a giant may hurl a foe he has pinned (EMP-81)"
    dist = u.pos.distance(t.pos)
    if dist > board_reach(state, w.reach_ft):
        return f"{t.id} is beyond the reach of his {w.name}"
    if effects and dist != 1:
        return "a special maneuver needs the foe close at hand (R-EMP-MANEUVER-RANGE)"
    if "grapple" in opts and oversized(state, u, t):
        return f"grappling {t.id}, two sizes larger, is doomed to failure (EMP-82)"
    if "disarm" in opts and not t.weapon:
        return f"{t.id} holds no weapon to lose"
    if "sneak" in opts and not u.hidden:
        return f"{u.id} must be hidden to sneak up (EMP-67)"
    if "sucker_punch" in opts and (u.in_fight or t.in_fight):
        return "a sucker punch opens a fight; these two are already in one (R-EMP-SUCKER-PUNCH)"
    if "careless" in opts and not (helpless(state, t, u.id) and well_armoured(t, state)):
        return "attacking without thought only matters against a helpless, well-armoured foe"
    return None


def _missile_refusal(  # R-EMP-RANGE: one range, no range penalties
state: Battle, u: EmpUnit, t: EmpUnit, w: object,
                     opts: tuple[str, ...]) -> str | None:
    assert u.pos is not None and t.pos is not None
    if any(o in EFFECTS or o == "strike" for o in opts) or {"sneak", "sucker_punch",
                                                            "careless"} & set(opts):
        return "that is a melee option"
    if held(u):
        return f"{u.id} is held (EMP-77)"
    if is_engaged(state, u) and not cfg(state, "missile_while_engaged"):
        return f"{u.id} is engaged in melee and cannot shoot (R-EMP-MISSILE-ENGAGED)"
    rng = getattr(w, "range_ft", 0) // state.board.feet_per_hex
    if u.pos.distance(t.pos) > rng:
        return f"{t.id} is out of range"
    if not in_sight(state, u.pos, t.pos):
        return f"{u.id} has no line of sight to {t.id}"
    return None


def _from_inside(state: Battle, u: EmpUnit, t: EmpUnit, cmd: Attack) -> str | None:
    """EMP-81: from inside a swallower only short stabbing weapons, after a Reflexes save."""
    if t.id != u.swallowed_by:
        return f"{u.id} is inside {u.swallowed_by} and can only strike it"
    if cmd.options:
        return "no maneuvers inside a gullet"
    key = cmd.weapon or u.weapon
    w = tables().weapon(key)
    if not (key and w.short_stab and w.damage_type == "piercing"):
        return "only a short stabbing weapon can be used inside (EMP-81)"
    if not u.swallow_armed:
        return f"{u.id} could not free a blade when he was swallowed (EMP-81)"
    return None


def attack_commands(state: Battle, u: EmpUnit) -> list[Command]:
    out: list[Command] = []
    if u.swallowed_by:
        for key in (u.weapon, u.offhand):
            cmd = Attack(unit=u.id, target=u.swallowed_by, weapon="" if key == u.weapon else key)
            if key and attack_refusal(state, u, cmd) is None:
                out.append(cmd)
        return out
    if u.pos is None:
        return out
    for o in state.units:
        t = is_emp(o)
        if t.side == u.side or not t.fighting or t.pos is None or t.hidden:
            continue
        dist = u.pos.distance(t.pos)
        tries: list[Attack] = []
        if u.missile:
            tries.append(Attack(unit=u.id, target=t.id, weapon=u.missile))
        if dist <= max(board_reach(state, tables().weapon(k).reach_ft)
                       for k in (u.weapon, u.offhand)):
            tries.append(Attack(unit=u.id, target=t.id))
            # EMP-86: a blow without thought goes wherever a blow goes, not only at hand.
            tries.append(Attack(unit=u.id, target=t.id, options=("careless",)))
            if u.offhand:
                tries.append(Attack(unit=u.id, target=t.id, weapon=u.offhand))
        if dist == 1:
            for opts in (("grapple",), ("disarm",), ("force_back",), ("trick",), ("escape",),
                         ("hurl",), ("sneak",), ("sucker_punch",),
                         ("strike", "disarm"), ("strike", "force_back")):
                tries.append(Attack(unit=u.id, target=t.id, options=opts))
            if held(u) and u.weapon and not tables().weapon(u.weapon).short_stab:
                tries.append(Attack(unit=u.id, target=t.id, weapon="unarmed"))
        for cmd in tries:
            if attack_refusal(state, u, cmd) is None:
                out.append(cmd)
    return out


def choose_options(state: Battle, f: TurnFrame, u: EmpUnit) -> list[str]:
    """The `Choose` options of a turn (see the module docstring)."""
    out: list[str] = []
    if u.swallowed_by:
        return out
    if u.pinned:
        return out
    if not f.moved:
        out.append("hold")
        if is_warrior(u):
            for o in state.units:
                e = is_emp(o)
                if e.side != u.side and e.fighting and not e.hidden:
                    out.append(f"counter:{e.id}")
            if u.missile and u.pos is not None:
                rng = tables().weapon(u.missile).range_ft // state.board.feet_per_hex
                for h, terrain in state.board.cells:
                    if terrain.cover and not terrain.impassable and 0 < h.distance(
                            u.pos) <= rng:
                        out.append(f"counter_hex:{h.q},{h.r}")
    if not f.stance_set:
        out += [f"stance:{s}" for s in STANCES]
        if is_warrior(u):
            out += [f"stance:{s}" for s in WARRIOR_STANCES]
    if longsword_two_handed(u):
        out.append("longsword:" + ("thrust" if u.longsword_mode == "power" else "power"))
    if dual_perk(u):
        out.append("dual:" + ("defense" if u.dual_mode == "offense" else "offense"))
    if u.shield and "sword_and_board" in u.perks:
        out.append("board:" + ("hc" if u.board_mode == "attack" else "attack"))
    out.append("pure_defense")
    if engaged_with(state, u) and not held(u):
        out.append("fall_back")
    if not is_engaged(state, u) and not u.hidden:
        out.append("hide")
    return out


def turn_commands(state: Battle, f: TurnFrame) -> list[Command]:
    u = emp(state, f.unit)
    out: list[Command] = []
    if u.status != "active":
        return [Pass(unit=u.id)]
    if not f.moved and u.pos is not None:
        for _, path in sorted(destinations(state, u).items()):
            out.append(Move(unit=u.id, path=tuple(hx(h) for h in path)))
        if not held(u) and not u.pinned:
            out += [Move(unit=u.id, path=(hx(u.pos),), facing=d) for d in range(6)
                    if d != u.facing]
    out += [Choose(unit=u.id, option=o) for o in choose_options(state, f, u)]
    out += attack_commands(state, u)
    out.append(Pass(unit=u.id))
    return out


def choose_refusal(state: Battle, f: TurnFrame, u: EmpUnit, option: str) -> str | None:
    if option in choose_options(state, f, u):
        return None
    if option == "hold" and f.moved:
        return "he has already begun to act: too late to hold (EMP-02)"
    if option.startswith("counter") and not is_warrior(u):
        return "only a character with Warrior levels may hold for counter (EMP-05)"
    if option.startswith("counter_hex") and not u.missile:
        return "holding for counter at a place is for missile weapons (EMP-05)"
    if option.startswith("counter:"):
        return f"{option[8:]} is not a foe he can hold for"
    if option.startswith("stance:"):
        if option[7:] in WARRIOR_STANCES and not is_warrior(u):
            return "only Warriors may double the trade-off (EMP-61, EX-EMP-07)"
        if f.stance_set:
            return "he has already chosen his stance this turn"
    if option == "fall_back":
        return "he is not engaged in melee (EMP-58)"
    if option == "hide":
        return "he cannot hide while engaged, or is hidden already (EMP-69)"
    if option.startswith("dual:"):
        return "only with the Dual Weapon perk and two weapons in hand (EMP-42, EMP-43)"
    if option.startswith("board:"):
        return "only with the sword-and-board perk and a shield (EMP-46)"
    if option.startswith("longsword:"):
        return "only a longsword in both hands has modes (EMP-30)"
    return f"{option!r} is not one of his choices now"


__all__ = ["attack_commands", "attack_refusal", "choose_refusal", "turn_commands"]
