"""What the commands of an Enchanted Realms turn do (options.py says which are legal): the
attack and its second blow (ER-03..06), skill and item use (ER-02, ER-08), a deed, defending
(ER-09, ER-10), at the ready (ER-11), the handling paid in movement (ER-15..18), and the
answer to a reaction (ER-20).
"""

from __future__ import annotations

from rules.commands import Attack, Cast, Choose, Command, Move, Pass, React, UseItem
from rules.engine import Context
from rules.procedures import battle_decided
from rules.systems.enchanted_realms import ready
from rules.systems.enchanted_realms.acts import heal, work_deed
from rules.systems.enchanted_realms.attack import (
    plan,
    skill_dice,
    strike,
)
from rules.systems.enchanted_realms.combat_events import MoveBegan, ReactionAnswered
from rules.systems.enchanted_realms.events import (
    ActionTaken,
    Defended,
    Handled,
    ItemPicked,
    ModeSwitched,
    PotionUsed,
    ReadySet,
    SkillUsed,
    TurnEnded,
)
from rules.systems.enchanted_realms.frames import ReactionFrame, TurnFrame
from rules.systems.enchanted_realms.options import handling_costs, has_choice
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import ErUnit, cfg, er, held_weapon, speed_ft

__all__ = ["decide", "end_if_done", "split"]

# --- doing it --------------------------------------------------------------------------------


def decide(ctx: Context, cmd: Command) -> None:
    top = ctx.state.top
    if isinstance(top, ReactionFrame):
        assert isinstance(cmd, React)
        _react(ctx, top, cmd.accept)
        if ctx.state.outcome is None:
            battle_decided(ctx, "every foe is down")
        return
    assert isinstance(top, TurnFrame)
    _turn(ctx, top, cmd)
    end_if_done(ctx)


def end_if_done(ctx: Context) -> None:
    """The battle ends the moment the last foe drops; and a turn with nothing left in it
    but ending it ends by itself (asked of `has_choice`, which stops at the first thing
    he could do, so the turn's listing is built once a decision, by whoever asks for it)."""
    if ctx.state.outcome is None and battle_decided(ctx, "every foe is down"):
        return
    top = ctx.state.top
    if isinstance(top, TurnFrame) and ctx.state.outcome is None and \
            not has_choice(ctx.state, top):
        ctx.emit(TurnEnded(unit=top.unit))


def _turn(ctx: Context, f: TurnFrame, cmd: Command) -> None:
    state = ctx.state
    u = er(state, f.unit)
    if isinstance(cmd, Pass):
        ctx.emit(TurnEnded(unit=u.id))
    elif isinstance(cmd, Move):
        from rules.positioning import threatens

        near = tuple(o.id for o in state.units if o.side != u.side and o.fighting
                     and u.pos is not None and threatens(state, o, u.pos))
        ctx.emit(MoveBegan(unit=u.id, path=cmd.path, mode=f.mode, start_near=near,
                           before_ft=f.moved_ft, fph=state.board.feet_per_hex,
                           facing=cmd.facing))
    elif isinstance(cmd, Attack):
        ctx.emit(ActionTaken(unit=u.id, kind="attack"))
        kind = "missile" if held_weapon(u)[1].ranged else "melee"
        strike(ctx, plan(ctx.state, u.id, cmd.target, kind=kind))
        ready.after_blow(ctx, u.id, cmd.target)
        for o in cmd.options:  # ER-06, R-ER-SECOND-ATTACK: the second, resolved on its own
            if not ctx.state.unit(cmd.target).fighting or not ctx.state.unit(u.id).fighting:
                break
            weapon = "shield" if o == "shield_blitz" else u.offhand
            strike(ctx, plan(ctx.state, u.id, cmd.target, kind="second", weapon=weapon,
                             dice=cfg(ctx.state).base_dice))
            ready.after_blow(ctx, u.id, cmd.target)
    elif isinstance(cmd, Cast):
        ctx.emit(ActionTaken(unit=u.id, kind="skill"))
        ctx.emit(SkillUsed(unit=u.id, skill=cmd.spell, target=cmd.target))
        dice = load_tables().skills["field_medicine"].heal
        assert dice is not None
        heal(ctx, cmd.target, dice, "ER-02")
    elif isinstance(cmd, UseItem):
        ctx.emit(ActionTaken(unit=u.id, kind="item", rule="ER-08"))
        ctx.emit(PotionUsed(unit=u.id, target=cmd.target))
        heal(ctx, cmd.target, load_tables().potion.heal, "ER-08")
    elif isinstance(cmd, Choose):
        _choose(ctx, f, u, cmd.option)


def _choose(ctx: Context, f: TurnFrame, u: ErUnit, option: str) -> None:
    state = ctx.state
    costs = handling_costs(state, f)
    if option in costs:
        feet, rule = costs[option]
        if option.startswith("mode:"):
            mode = option[5:]
            ctx.emit(ModeSwitched(unit=u.id, mode=mode,
                                  left_ft=speed_ft(u, mode) - f.moved_ft - f.cost_ft))
            return
        what = {"ready_shield": "shield"}.get(option, option)
        ctx.emit(Handled(unit=u.id, what=what, feet=feet, rule=rule,
                         reaction=option == "stand"))
        return
    head, _, rest = option.partition(":")
    if option == "defend":
        ctx.emit(ActionTaken(unit=u.id, kind="defend", rule="ER-09"))
        ctx.emit(Defended(unit=u.id, no_reactions_to=state.round + 1))
    elif head == "ready":
        t = ready.build(state, u, option)
        ctx.emit(ActionTaken(unit=u.id, kind="ready", rule="ER-11"))
        ctx.emit(ReadySet(unit=u.id, kind=t.kind, hex=(t.hex.q, t.hex.r) if t.hex else None,
                          feet=t.feet, ally=t.ally, set_round=t.set_round,
                          action=t.action))
    elif head == "spin":
        _spin(ctx, u, rest.split(","))
    elif head == "deed":
        ctx.emit(ActionTaken(unit=u.id, kind="deed"))
        work_deed(ctx, u.id, rest)
    elif head == "pick_up":
        ctx.emit(Handled(unit=u.id, what="pick_up", feet=cfg(state).pick_up_cost_ft,
                         rule="ER-17"))
        ctx.emit(ActionTaken(unit=u.id, kind="pick_up", rule="ER-17"))
        ctx.emit(ItemPicked(unit=u.id, item=rest))


def split(total: int, targets: int) -> list[int]:
    """R-ER-SPLIT: the dice dealt out as evenly as can be, the first named the extra."""
    return [total // targets + (1 if i < total % targets else 0) for i in range(targets)]


def _spin(ctx: Context, u: ErUnit, targets: list[str]) -> None:
    """ER-05: the dice split over the targets, each resolved as an attack of its own."""
    ctx.emit(ActionTaken(unit=u.id, kind="attack", rule="ER-05"))
    total = cfg(ctx.state).base_dice + skill_dice(u, False)
    for target, dice in zip(targets, split(total, len(targets)), strict=True):
        if dice == 0 or not ctx.state.unit(target).fighting or not ctx.state.unit(u.id).fighting:
            continue
        strike(ctx, plan(ctx.state, u.id, target, kind="melee", dice=dice))
        ready.after_blow(ctx, u.id, target)


def _react(ctx: Context, f: ReactionFrame, accept: bool) -> None:
    ctx.emit(ReactionAnswered(reactor=f.reactor, accept=accept))
    if accept and ctx.state.unit(f.mover).fighting:
        strike(ctx, plan(ctx.state, f.reactor, f.mover, kind=f.trigger))
        ready.after_blow(ctx, f.reactor, f.mover)
