"""Empress commands: which are legal now, why one is not, and what each one does."""

from __future__ import annotations

from rules.commands import Attack, Choose, Command, Move, Pass, React
from rules.engine import Context, command_owner_refusal, face_target
from rules.events import hx, unhx
from rules.positioning import engaged_with
from rules.procedures import (
    frame_reactions,
    reaction_refusal,
    top_frame_commands,
)
from rules.state import Battle
from rules.systems.empress.attack_events import AttackBegan, AttackEnded, AttackStage, DecisionMade
from rules.systems.empress.combat import situation
from rules.systems.empress.condition_events import HiddenChanged
from rules.systems.empress.damage import deal, let_go, strike
from rules.systems.empress.frames import (
    AttackFrame,
    DecisionFrame,
    FallBackFrame,
    ReactionFrame,
    TurnFrame,
)
from rules.systems.empress.move_events import (
    FallBackDeclared,
    FallBackStage,
    MoveBegan,
    ReactionAnswered,
)
from rules.systems.empress.movement import (
    check_move,
    fall_back_destinations,
    follow_up,
    move_mode,
    walk,
)
from rules.systems.empress.opportunity import spends_action
from rules.systems.empress.options import (
    attack_refusal,
    choose_refusal,
    turn_commands,
)
from rules.systems.empress.round_events import Held, ModeSet, StanceTaken, TurnEnded
from rules.systems.empress.stealth import hide
from rules.systems.empress.units import emp, is_emp

MODES = {"longsword": ("longsword_mode", "EMP-30"), "dual": ("dual_mode", "EMP-42, EMP-43"),
         "board": ("board_mode", "EMP-46")}


def legal_commands(state: Battle, side: str) -> list[Command]:
    return top_frame_commands(state, ((TurnFrame, turn_commands),
                                      (ReactionFrame, frame_reactions),
                                      (DecisionFrame, _decision_commands),
                                      (FallBackFrame, _fall_back_commands)))


def _decision_commands(state: Battle, f: DecisionFrame) -> list[Command]:
    return [Choose(unit=f.unit, option=o) for o in f.options]


def _fall_back_commands(state: Battle, f: FallBackFrame) -> list[Command]:
    if f.stage != "move":
        return []
    u = emp(state, f.unit)
    return [Move(unit=u.id, path=tuple(hx(h) for h in p))
            for _, p in sorted(fall_back_destinations(state, u).items())] + [Pass(unit=u.id)]


def check(state: Battle, cmd: Command) -> str | None:
    top = state.top
    refusal = command_owner_refusal(state, cmd)
    if refusal is not None:
        return refusal
    unit_id = getattr(cmd, "unit", None)
    if isinstance(top, ReactionFrame):
        return reaction_refusal(top, cmd, "opportunity attack")
    if isinstance(top, DecisionFrame):
        if not isinstance(cmd, Choose) or cmd.unit != top.unit:
            return f"{top.unit} must first choose: {', '.join(top.options)}"
        if cmd.option not in top.options:
            return f"{cmd.option!r} is not a choice here ({', '.join(top.options)})"
        return None
    if isinstance(top, FallBackFrame):
        if isinstance(cmd, Pass) and cmd.unit == top.unit:
            return None
        if not isinstance(cmd, Move) or cmd.unit != top.unit:
            return f"{top.unit} must first choose where to fall back to (EMP-58)"
        u = emp(state, top.unit)
        path = [unhx(p) for p in cmd.path]
        dests = fall_back_destinations(state, u)
        if len(path) < 2 or dests.get(path[-1]) is None:
            return "a fall-back goes up to half his move, never toward a foe (EMP-58)"
        if path != dests[path[-1]]:
            return "fall back along the path offered (R-EMP-FALLBACK)"
        if cmd.facing is not None:
            return (f"{u.id} cannot turn as he falls back: a fall-back keeps his facing "
                    "(EMP-58); leave the facing out")
        if cmd.target:
            return f"a fall-back strikes nobody (EMP-58): {u.id}'s move names no target"
        return None
    if not isinstance(top, TurnFrame):
        return "nobody is to choose now"
    if unit_id is None:
        return (f"Empress has no {cmd.type.replace('_', ' ')} for a whole side: it is "
                f"{top.unit}'s turn (segment {top.segment}), and he acts on his own")
    if unit_id != top.unit:
        return f"it is {top.unit}'s turn (segment {top.segment}), not {unit_id}'s"
    u = emp(state, top.unit)
    if isinstance(cmd, Pass):
        return None
    if u.status != "active":
        return f"{u.id} is {u.condition or u.status}: he can do nothing more"
    if isinstance(cmd, Move):
        if top.moved:
            return "he has already moved this turn"
        return check_move(state, u, cmd)
    if isinstance(cmd, Attack):
        return attack_refusal(state, u, cmd)
    if isinstance(cmd, Choose):
        return choose_refusal(state, top, u, cmd.option)
    return f"{cmd.type} is not something {u.id} can do in Empress"


# --- deciding ------------------------------------------------------------------------------


def decide(ctx: Context, cmd: Command) -> None:
    top = ctx.state.top
    if isinstance(top, ReactionFrame):
        assert isinstance(cmd, React)
        _react(ctx, top, cmd.accept)
    elif isinstance(top, DecisionFrame):
        assert isinstance(cmd, Choose)
        _decision(ctx, top, cmd.option)
    elif isinstance(top, FallBackFrame):
        if isinstance(cmd, Move):
            walk(ctx, top.unit, [unhx(p) for p in cmd.path], keep_facing=True)
        ctx.emit(FallBackStage(unit=top.unit, stage="pace"))
    else:
        assert isinstance(top, TurnFrame)
        _turn(ctx, top, cmd)


def _turn(ctx: Context, f: TurnFrame, cmd: Command) -> None:
    u = emp(ctx.state, f.unit)
    if isinstance(cmd, Pass):
        end_turn(ctx, f, acted=f.moved)
    elif isinstance(cmd, Move):
        path = [unhx(p) for p in cmd.path]
        if len(path) > 1 and any(u.id in getattr(o, "grappled_by", ())
                                 for o in ctx.state.units):
            let_go(ctx, u.id, "he walked away")
        ctx.emit(MoveBegan(unit=u.id, path=cmd.path, mode=move_mode(ctx.state, u, path),
                           facing=cmd.facing,
                           start_engaged=tuple(e.id for e in engaged_with(ctx.state, u))))
    elif isinstance(cmd, Attack):
        kind = "missile" if cmd.weapon and cmd.weapon == u.missile else "melee"
        ctx.emit(AttackBegan(unit=u.id, target=cmd.target, weapon=cmd.weapon,
                             options=cmd.options, kind=kind, from_hold=f.from_hold))
    elif isinstance(cmd, Choose):
        _choose(ctx, f, cmd.option)


def _choose(ctx: Context, f: TurnFrame, option: str) -> None:
    u = emp(ctx.state, f.unit)
    if option == "hold":
        ctx.emit(Held(unit=u.id))
    elif option.startswith("counter:"):
        ctx.emit(Held(unit=u.id, counter=option[8:]))
    elif option.startswith("counter_hex:"):
        ctx.emit(Held(unit=u.id, counter="hex:" + option[12:]))
    elif option.startswith("stance:"):
        ctx.emit(StanceTaken(unit=u.id, stance=option[7:]))
    elif option == "pure_defense":
        ctx.emit(StanceTaken(unit=u.id, stance="pure_defense", rule="EMP-62"))
        end_turn(ctx, f, spent="pure_defense")
    elif option == "fall_back":
        ctx.emit(FallBackDeclared(unit=u.id))
        end_turn(ctx, f)
    elif option == "hide":
        hide(ctx, u)
        end_turn(ctx, f)
    else:
        key, value = option.split(":", 1)
        field, rule = MODES[key]
        ctx.emit(ModeSet(unit=u.id, field=field, value=value, rule=rule))


def end_turn(ctx: Context, f: TurnFrame, spent: str = "turn", acted: bool = True) -> None:
    """R-EMP-HIDDEN: a hidden man who ends his turn beside a foe without striking is seen."""
    u = emp(ctx.state, f.unit)
    if u.hidden and u.pos is not None and any(
            o.side != u.side and o.fighting and o.pos is not None
            and o.pos.distance(u.pos) == 1 for o in ctx.state.units):
        ctx.emit(HiddenChanged(unit=u.id, hidden=False, reason="he lingers beside a foe",
                               rule="R-EMP-HIDDEN"))
    ctx.emit(TurnEnded(unit=f.unit, spent=spent, acted=acted))


def _react(ctx: Context, f: ReactionFrame, accept: bool) -> None:
    ctx.emit(ReactionAnswered(reactor=f.reactor, accept=accept, trigger=f.trigger,
                              spends_action=spends_action(ctx.state, f.trigger)))
    below = ctx.state.top
    hit = False
    if accept:
        kind = "trick" if f.trigger == "trick" else "opportunity"
        face_target(ctx, f.reactor, f.mover)
        s = situation(ctx.state, f.reactor, f.mover, kind)
        r = strike(ctx, s)
        deal(ctx, s, r)
        hit = r.hit
    if f.trigger == "reach" and isinstance(below, AttackFrame):
        if not accept:
            ctx.emit(AttackStage(stage="strike", oa="declined"))
        else:
            ctx.emit(AttackStage(stage="press", oa="hit" if hit else "missed"))


def _decision(ctx: Context, f: DecisionFrame, option: str) -> None:
    ctx.emit(DecisionMade(unit=f.unit, kind=f.kind, option=option))
    if f.kind == "press":
        if option == "press":
            ctx.emit(AttackStage(stage="strike"))
        else:
            ctx.emit(AttackEnded(unit=f.unit, reason="thinks better of pressing the attack"))
    elif f.kind == "cleave":
        if option == "stop":
            ctx.emit(AttackStage(stage="done"))
        else:
            ctx.emit(AttackStage(stage="approach", target=option))
    elif f.kind == "follow" and option == "follow":
        follow_up(ctx, f.unit, f.about)


__all__ = ["check", "decide", "is_emp", "legal_commands"]
