"""Fallen Empire commands: which are legal now, why one is not, and what each one does."""

from __future__ import annotations

from rules.commands import (
    Attack,
    Cast,
    Choose,
    Command,
    Declare,
    EndPhase,
    Move,
    Pass,
    React,
    Turn,
    UseItem,
)
from rules.engine import Context, command_owner_refusal, face_target
from rules.events import UnitFaced, UnitStatusChanged, hx
from rules.procedures import reaction_commands, reaction_refusal
from rules.state import ACTIVE, DOWN, Battle
from rules.systems.fallen_empire.combat import situation, spell_situation
from rules.systems.fallen_empire.damage import deal, heal, strike, take
from rules.systems.fallen_empire.events import ItemUsed, SpellCast
from rules.systems.fallen_empire.frames import (
    ActionDeclared,
    ChoiceFrame,
    DeclarationsClosed,
    DeclareFrame,
    MoveBegan,
    PhaseFrame,
    ReactionAnswered,
    ReactionFrame,
    SplinterAnswered,
    SplinterFrame,
    UnitsDone,
)
from rules.systems.fallen_empire.movement import check_move, move_mode
from rules.systems.fallen_empire.options import (
    declarable,
    declaration_options,
    melee_refusal,
    phase_candidates,
    unit_commands,
)
from rules.systems.fallen_empire.units import FEUnit, cfg, is_fe, tables_for


def _phase_frame(state: Battle) -> PhaseFrame:
    for f in reversed(state.stack):
        if isinstance(f, PhaseFrame):
            return f
    raise LookupError("no phase is running")


def legal_commands(state: Battle, side: str) -> list[Command]:
    top = state.top
    if isinstance(top, DeclareFrame):
        return [Declare(unit=u.id, action=a) for u in state.side_units(side)
                if not is_fe(u).declared for a in declaration_options(state, u)]
    if isinstance(top, ReactionFrame):
        return reaction_commands(top)
    if isinstance(top, SplinterFrame):
        return [Choose(unit=top.unit, option="splinter"), Choose(unit=top.unit, option="take")]
    if isinstance(top, ChoiceFrame):
        pf = _phase_frame(state)
        tied = len(pf.sides) > 1 and pf.phase != "withdrawal"
        out: list[Command] = []
        for u in phase_candidates(state, pf.phase, pf.sides, pf.acted, pf.standing, only=side):
            out += unit_commands(state, u, pf.phase, tied, pf.standing)
            out.append(Pass(unit=u.id))
        out.append(EndPhase(side=side))
        return out
    return []


def check(state: Battle, cmd: Command) -> str | None:
    top = state.top
    side = top.actor if top else None
    refusal = command_owner_refusal(state, cmd)
    if refusal is not None:
        return refusal
    unit_id = getattr(cmd, "unit", None)
    if isinstance(top, DeclareFrame):
        if not isinstance(cmd, Declare):
            return f"{side} must declare its units' actions first (FE-06)"
        u = state.unit(cmd.unit)
        if is_fe(u).declared:
            return f"{u.id} has already declared"
        opts = declaration_options(state, u)
        if cmd.action not in opts:
            return (f"{u.id} cannot declare {cmd.action!r} now; it may declare "
                    f"{', '.join(opts) or 'nothing'}")
        return None
    if isinstance(top, ReactionFrame):
        return reaction_refusal(top, cmd, "free attack")
    if isinstance(top, SplinterFrame):
        if not isinstance(cmd, Choose) or cmd.unit != top.unit or cmd.option not in (
                "splinter", "take"):
            return f"{top.unit} must first choose: splinter the shield or take the damage"
        return None
    if not isinstance(top, ChoiceFrame):
        return "nobody is to choose now"
    pf = _phase_frame(state)
    if isinstance(cmd, EndPhase):
        return None if cmd.side == side else f"it is {side}'s turn to act, not {cmd.side}'s"
    waiting = {u.id: u for u in phase_candidates(state, pf.phase, pf.sides, pf.acted,
                                                  pf.standing, only=side)}
    if unit_id not in waiting:
        return f"{unit_id} has nothing left to do in the {pf.phase} phase"
    if isinstance(cmd, Pass):
        return None
    u = waiting[unit_id]
    if isinstance(cmd, Turn):
        cmd = Move(unit=cmd.unit, path=(hx(u.pos),), facing=cmd.facing) if u.pos else cmd
    if isinstance(cmd, Move):
        if pf.phase not in ("movement", "withdrawal"):
            return f"units do not move in the {pf.phase} phase (FE-09)"
        return check_move(state, u, cmd)
    tied = len(pf.sides) > 1
    if isinstance(cmd, Attack):
        cmd = _usual_weapon(u, cmd, pf.phase)
    if cmd in unit_commands(state, u, pf.phase, tied, pf.standing):
        return None
    return _why_not(state, u.id, cmd, pf.phase)


def _usual_weapon(u: FEUnit, cmd: Attack, phase: str) -> Attack:
    """`Attack.weapon` "" means the unit's usual weapon for the phase: spell it the way the
    legal-command list does (the missile named in the missile phase, "" in melee)."""
    if phase == "missile" and not cmd.weapon and u.missile:
        return cmd.model_copy(update={"weapon": u.missile})
    if phase == "melee" and cmd.weapon and cmd.weapon == u.weapon:
        return cmd.model_copy(update={"weapon": ""})
    return cmd


def _why_not(state: Battle, unit_id: str, cmd: Command, phase: str) -> str:
    u = is_fe(state.unit(unit_id))
    if isinstance(cmd, Attack):
        if not state.has_unit(cmd.target):
            return f"there is no unit {cmd.target!r}"
        unknown = [o for o in cmd.options if o != "subdual"]
        if unknown:
            return f"unknown attack option {unknown[0]!r} (only 'subdual', FE-34)"
        if phase == "melee" and "subdual" in cmd.options and not (
                u.weapon and tables_for().weapons[u.weapon].can_subdue):
            return f"{u.id}'s weapon cannot be used with the flat of the blade (FE-34)"
        if phase == "melee":
            return melee_refusal(state, u, state.unit(cmd.target)) or (
                f"{u.id} cannot strike {cmd.target} now")
        if phase == "missile":
            if u.retainer:
                return (f"{cmd.target} is out of range or in melee, and retainers never fire "
                        "into a melee (FE-23)")
            return f"{cmd.target} is out of range or out of sight"
        return f"{u.id} declared {u.declared or 'nothing'}, not an attack in the {phase} phase"
    if isinstance(cmd, Cast):
        return f"{u.id} cannot cast {cmd.spell} at {cmd.target} now"
    if isinstance(cmd, UseItem):
        return f"{u.id} cannot use {cmd.item} on {cmd.target} now"
    return f"{cmd.type} is not something {u.id} can do in the {phase} phase"


# --- deciding ------------------------------------------------------------------------------


def decide(ctx: Context, cmd: Command) -> None:
    state = ctx.state
    top = state.top
    if isinstance(top, DeclareFrame):
        assert isinstance(cmd, Declare)
        ctx.emit(ActionDeclared(unit=cmd.unit, action=cmd.action))
        side = top.actor or ""
        if not any(not is_fe(u).declared and declarable(ctx.state, u)
                   for u in ctx.state.side_units(side)):
            ctx.emit(DeclarationsClosed(side=side))
        return
    if isinstance(top, ReactionFrame):
        assert isinstance(cmd, React)
        ctx.emit(ReactionAnswered(reactor=top.reactor, accept=cmd.accept))
        if cmd.accept:
            kind = "retreat" if top.trigger == "retreat" else "opportunity"
            face_target(ctx, top.reactor, top.mover)
            s = situation(ctx.state, top.reactor, top.mover, kind)
            deal(ctx, s, strike(ctx, s))
        return
    if isinstance(top, SplinterFrame):
        assert isinstance(cmd, Choose)
        _splinter(ctx, top, cmd.option == "splinter")
        return
    assert isinstance(top, ChoiceFrame)
    side = top.actor or ""
    if isinstance(cmd, EndPhase):
        pf = _phase_frame(state)
        rest = tuple(u.id for u in phase_candidates(state, pf.phase, pf.sides, pf.acted,
                                                     pf.standing, only=side))
        ctx.emit(UnitsDone(units=rest, side=side))
        return
    unit_id = getattr(cmd, "unit", "")
    ctx.emit(UnitsDone(units=(unit_id,), side=side))
    if isinstance(cmd, Turn):
        ctx.emit(UnitFaced(unit=cmd.unit, facing=cmd.facing))
    elif isinstance(cmd, Move):
        _move(ctx, cmd)
    elif isinstance(cmd, Attack):
        _attack(ctx, cmd)
    elif isinstance(cmd, Cast):
        _cast(ctx, cmd)
    elif isinstance(cmd, UseItem):
        _use_item(ctx, cmd)


def _move(ctx: Context, cmd: Move) -> None:
    u = is_fe(ctx.state.unit(cmd.unit))
    if len(cmd.path) == 1:
        if cmd.facing is not None and cmd.facing != u.facing:
            ctx.emit(UnitFaced(unit=u.id, facing=cmd.facing))
        return
    ctx.emit(MoveBegan(unit=u.id, path=cmd.path, mode=move_mode(u), target=cmd.target,
                       facing=cmd.facing))


def _attack(ctx: Context, cmd: Attack) -> None:
    u = is_fe(ctx.state.unit(cmd.unit))
    kind = "missile" if u.declared == "missile" else "melee"
    face_target(ctx, u.id, cmd.target)
    s = situation(ctx.state, u.id, cmd.target, kind, weapon=cmd.weapon,
                  subdual="subdual" in cmd.options)
    deal(ctx, s, strike(ctx, s))


def _cast(ctx: Context, cmd: Cast) -> None:
    """FE-10: a Magic-User hit before his spell goes off loses it (reading (a): by missiles;
    the GM option `spell_disrupted_by = "missile_or_melee"` is reading (b))."""
    u = is_fe(ctx.state.unit(cmd.unit))
    spoilers = {"missile"} if cfg(ctx.state, "spell_disrupted_by") == "missile" else {
        "missile", "melee"}
    if spoilers & set(u.hit_by):
        rule = "FE-10 (a)" if spoilers == {"missile"} else "FE-10 (b)"
        ctx.emit(SpellCast(unit=u.id, spell=cmd.spell, target=cmd.target, ruined=True,
                           rule=rule))
        return
    ctx.emit(SpellCast(unit=u.id, spell=cmd.spell, target=cmd.target))
    face_target(ctx, u.id, cmd.target)
    s = spell_situation(ctx.state, u.id, cmd.target, cmd.spell)
    deal(ctx, s, strike(ctx, s))


def _use_item(ctx: Context, cmd: UseItem) -> None:
    """Bandages (FE-38, FE-42) and potions (R-FE-POTION); on oneself while dying only after a
    CON check (FE-43), which then raises him to 0 HP and ends his saves."""
    state = ctx.state
    u = is_fe(state.unit(cmd.unit))
    target = is_fe(state.unit(cmd.target))
    if u.status == DOWN:
        dice = cfg(state, "con_check_dice")
        roll = ctx.dice.sum(dice.count, dice.sides, "CON check") + dice.bonus
        ok = roll <= u.con
        notes = ["Raised to 0 HP; no more saves (FE-43)."] if ok else []
        spent = ok and cmd.item == "potion"
        if ok and cmd.item == "bandages":
            # FE-38: "After you use one supply of Bandages, roll 1d6" — his own too.
            b = ctx.dice.d(6, "bandages expended?")
            spent = b in tuple(cfg(state, "bandage_expended_on"))
            notes.append(f"Bandages d6 {b}: {'used up' if spent else 'some left'} (FE-38).")
        ctx.emit(ItemUsed(unit=u.id, item=cmd.item, target=u.id, check=roll, check_needed=u.con,
                          succeeded=ok, expended=spent, notes=tuple(notes)))
        if ok:
            if u.hp < 0:
                heal(ctx, u.id, -u.hp, "FE-43")
            ctx.emit(UnitStatusChanged(unit=u.id, status=DOWN, condition="stable",
                                       reason="tended his own wounds", rule="FE-43"))
        return
    if cmd.item == "bandages":
        roll = ctx.dice.d(6, "bandages expended?")
        spent = roll in tuple(cfg(state, "bandage_expended_on"))
        note = f"Bandages d6 {roll}: {'used up' if spent else 'some left'} (FE-38)."
        if target.hp < 0:
            ctx.emit(ItemUsed(unit=u.id, item="bandages", target=target.id, expended=spent,
                              notes=("Stabilised: no more Save or Die (FE-42).", note)))
            ctx.emit(UnitStatusChanged(unit=target.id, status=DOWN, condition="stable",
                                       reason="bandaged", rule="FE-42"))
        else:
            ctx.emit(ItemUsed(unit=u.id, item="bandages", target=target.id, expended=spent,
                              notes=(note,)))
            heal(ctx, target.id, cfg(state, "bandage_heal"), "FE-38")
        return
    dice = cfg(state, "potion_heal")
    amount = ctx.dice.sum(dice.count, dice.sides, "potion") + dice.bonus
    ctx.emit(ItemUsed(unit=u.id, item="potion", target=target.id))
    heal(ctx, target.id, amount, "R-FE-POTION")


def _splinter(ctx: Context, f: SplinterFrame, splinter: bool) -> None:
    """FE-31/32: the shield takes the blow; a magic shield the first time only loses its magic."""
    u = is_fe(ctx.state.unit(f.unit))
    kept = bool(splinter and u.shield and tables_for().shields[u.shield].magic
                and u.shield_magic)
    ctx.emit(SplinterAnswered(unit=u.id, splinter=splinter, shield_kept=kept))
    if not splinter:
        take(ctx, u.id, f.amount, f.subdual, f.source)


__all__ = ["ACTIVE", "check", "decide", "legal_commands"]
