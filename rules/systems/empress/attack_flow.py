"""One attack, from announcement to the blow (an `AttackFrame` run by the engine).

    approach  a hidden attacker sneaks close (EMP-67) or bursts out (EMP-68); a sucker
              punch tries Deception (EMP-70)
    counter   a Warrior holding for counter against the attacker strikes first, +1 (EMP-05;
              R-EMP-COUNTER: it springs by itself, if he can strike the attacker)
    reach     attacking a foe who out-reaches him gives that foe an opportunity attack,
              resolved before the blow (EMP-32) — if the foe has not yet acted
    press     after it, the attacker, if still standing, presses on or not; pressing after
              a miss is +2 and takes the foe's reach advantage away (EMP-33)
    strike    the blow itself, its damage, the maneuver's effects (EMP-74..84)
    cleave    felling the foe opens a blow at another, −3 (Warriors −2) per foe (EMP-53)

R-EMP-OA-NO-CHAIN: the counter and the opportunity attack are resolved directly and never
provoke another.
"""

from __future__ import annotations

from rules.commands import Attack
from rules.engine import Context, face_target
from rules.positioning import threatens
from rules.state import Battle
from rules.systems.empress.attack_events import AttackEnded, AttackStage, DecisionOffered
from rules.systems.empress.combat import EFFECTS, attack_weapon, situation
from rules.systems.empress.condition_events import ReachLost
from rules.systems.empress.damage import deal, strike
from rules.systems.empress.frames import AttackFrame, TurnFrame
from rules.systems.empress.maneuvers import apply_effects
from rules.systems.empress.move_events import CounterSprung, ReactionOffered
from rules.systems.empress.opportunity import can_oa
from rules.systems.empress.options import attack_refusal, board_reach, in_sight
from rules.systems.empress.reach import has_reach_advantage
from rules.systems.empress.stealth import ambush, sneak, sucker_punch
from rules.systems.empress.units import EmpUnit, emp, tables


def able(u: EmpUnit) -> bool:
    """Still fighting: on the board, or from inside a swallower (EMP-81)."""
    return u.fighting or (u.status == "active" and bool(u.swallowed_by))


def run_attack(ctx: Context, f: AttackFrame) -> None:
    {"approach": _approach, "counter": _counter, "reach": _reach, "await": _await,
     "press": _press, "strike": _strike, "cleave": _done, "done": _done}[f.stage](ctx, f)


def _await(ctx: Context, f: AttackFrame) -> None:
    """A reaction frame sits on top while the attack waits; never run by itself."""
    raise RuntimeError("the attack waits on a reaction")


def _approach(ctx: Context, f: AttackFrame) -> None:
    a, d = emp(ctx.state, f.unit), emp(ctx.state, f.target)
    unaware = surprised = False
    melee = f.kind == "melee"
    if melee and "sneak" in f.options:
        unaware = sneak(ctx, a, d)
    elif melee and a.hidden:
        surprised = ambush(ctx, a, d)
    elif "sucker_punch" in f.options:
        surprised = sucker_punch(ctx, a, d)
    ctx.emit(AttackStage(stage="counter", unaware=unaware, surprised=surprised))


def can_strike(state: Battle, u: EmpUnit, t: EmpUnit) -> str:
    """The weapon `u` could strike `t` with right now ("" none): melee first, else missile."""
    if not u.fighting or u.pos is None or t.pos is None:
        return ""
    if threatens(state, u, t.pos):
        return u.weapon or "unarmed"
    if u.missile:
        rng = tables().weapon(u.missile).range_ft // state.board.feet_per_hex
        if u.pos.distance(t.pos) <= rng and in_sight(state, u.pos, t.pos):
            return u.missile
    return ""


def _counter(ctx: Context, f: AttackFrame) -> None:
    a, d = emp(ctx.state, f.unit), emp(ctx.state, f.target)
    if not able(a):
        ctx.emit(AttackEnded(unit=a.id, reason="never gets his blow in"))
        return
    if d.counter == a.id and not f.unaware and not d.surprised:
        weapon = can_strike(ctx.state, d, a)
        if weapon:
            ctx.emit(CounterSprung(unit=d.id, against=a.id))
            face_target(ctx, d.id, a.id)
            s = situation(ctx.state, d.id, a.id, "counter",
                          weapon="" if weapon == d.weapon else weapon)
            deal(ctx, s, strike(ctx, s))
    ctx.emit(AttackStage(stage="reach"))


def _reach(ctx: Context, f: AttackFrame) -> None:
    """EMP-32: attacking at a reach disadvantage gives the foe the first blow."""
    state = ctx.state
    a, d = emp(state, f.unit), emp(state, f.target)
    if not able(a):
        ctx.emit(AttackEnded(unit=a.id, reason="falls before his blow lands"))
        return
    key = attack_weapon(a, f.kind, f.weapon, f.options)
    melee = tables().weapon(key).kind == "melee"
    if (melee and not f.unaware and d.pos is not None and a.pos is not None
            and has_reach_advantage(state, d, a, None, key)
            and threatens(state, d, a.pos) and can_oa(state, d, a, "reach")):
        ctx.emit(AttackStage(stage="await"))
        ctx.emit(ReactionOffered(reactor=d.id, mover=a.id, trigger="reach", side=d.side))
        return
    ctx.emit(AttackStage(stage="strike"))


def _press(ctx: Context, f: AttackFrame) -> None:
    a = emp(ctx.state, f.unit)
    if not able(a):
        ctx.emit(AttackEnded(unit=a.id, reason="is felled before his blow lands (EMP-32)"))
        return
    if attack_refusal(ctx.state, a, _as_command(f)) is not None:
        ctx.emit(AttackEnded(unit=a.id, reason="can no longer make that attack"))
        return
    ctx.emit(DecisionOffered(unit=a.id, kind="press", options=("press", "abandon"),
                             side=a.side, about=f.target))


def _as_command(f: AttackFrame) -> Attack:
    return Attack(unit=f.unit, target=f.target, weapon=f.weapon, options=f.options)


def _strike(ctx: Context, f: AttackFrame) -> None:
    state = ctx.state
    a, d = emp(state, f.unit), emp(state, f.target)
    if not able(a) or not d.fighting:
        ctx.emit(AttackEnded(unit=a.id, reason="" if able(a) else "never gets his blow in"))
        return
    inside = f.oa == "missed"
    if inside:
        ctx.emit(ReachLost(unit=d.id, vs=a.id))
    face_target(ctx, a.id, d.id)
    s = situation(ctx.state, a.id, d.id, f.kind, weapon=f.weapon, options=f.options,
                  inside=inside, from_hold=f.from_hold, cleave=f.cleave, unaware=f.unaware,
                  surprised=f.surprised)
    r = strike(ctx, s)
    deal(ctx, s, r)
    felled = not emp(ctx.state, d.id).fighting
    below = ctx.state.stack[-2] if len(ctx.state.stack) >= 2 else None
    if (felled and s.melee and emp(ctx.state, a.id).fighting and isinstance(below, TurnFrame)
            and below.unit == a.id):
        targets = cleave_targets(ctx, a.id)
        if targets:
            ctx.emit(AttackStage(stage="cleave"))
            ctx.emit(DecisionOffered(unit=a.id, kind="cleave", options=(*targets, "stop"),
                                     side=a.side, about=d.id))
            return
    ctx.emit(AttackStage(stage="done"))
    if any(o in EFFECTS for o in f.options):
        apply_effects(ctx, s, r)


def cleave_targets(ctx: Context, unit_id: str) -> tuple[str, ...]:
    """EMP-53: foes within reach of his weapon for another blow this round."""
    u = emp(ctx.state, unit_id)
    out = []
    for o in ctx.state.units:
        if o.side != u.side and attack_refusal(ctx.state, u, Attack(
                unit=u.id, target=o.id)) is None:
            out.append(o.id)
    return tuple(out)


def _done(ctx: Context, f: AttackFrame) -> None:
    ctx.emit(AttackEnded(unit=f.unit))


__all__ = ["board_reach", "run_attack"]
