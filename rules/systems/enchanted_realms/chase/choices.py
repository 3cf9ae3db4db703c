"""The runners' choices in a chase: in his own second a runner with a foe within reach
swings or runs, and a pursuer may break off (ER-28, ER-32) or, first, turn after another
fleeing figure (R-ER-CHASE-QUARRY).  Nothing else is offered: no reaction, no spell, no
potion while the chase lasts (ER-26).

    Choose(unit, "swing:<foe>")  strike on the run with the ruleset's own several-d20
                                 attack, every d20 at the running penalty (ER-22..ER-25);
                                 with a heavy weapon he gains no ground this second (ER-28)
    Choose(unit, "run")          let the swing go and roll for movement (ER-28)
    Choose(unit, "break_off")    a pursuer gives up the chase
    Choose(unit, "chase:<foe>")  a pursuer turns after another fleeing figure still running
                                 ahead of him, once a moment; his moment goes on (he then
                                 swings, runs or breaks off)
"""

from __future__ import annotations

from dataclasses import replace

from rules.commands import Choose, Command
from rules.engine import Context
from rules.state import Battle
from rules.systems.enchanted_realms import attack
from rules.systems.enchanted_realms.chase.events import (
    ChaseBrokeOff,
    ChaseRan,
    ChaseRunnerOut,
    ChaseSwung,
    ChaseTookUp,
    chase_frame,
)
from rules.systems.enchanted_realms.chase.pace import end_gap_hexes, heavy, running_penalty
from rules.systems.enchanted_realms.chase.procedure import in_reach
from rules.systems.enchanted_realms.chase.quarry import opened_gap, turns_open
from rules.systems.enchanted_realms.units import er

__all__ = ["check", "decide", "legal_commands", "options_now", "running_blow"]


def options_now(state: Battle) -> tuple[str, list[str]]:
    """(the runner deciding, the options he has) or ("", [])."""
    f = chase_frame(state)
    if f is None or f.step != "choose" or not f.deciding:
        return "", []
    r = f.runner(f.deciding)
    opts = [f"swing:{u}" for u in in_reach(state, f, r)] + ["run"]
    if r.role == "pursuer":
        opts.append("break_off")
        if not f.turned:
            opts += [f"chase:{q}" for q in turns_open(f.runners, r)]
    return r.unit, opts


def legal_commands(state: Battle, side: str) -> list[Command]:
    f = chase_frame(state)
    if f is None or f.actor != side:
        return []
    unit, opts = options_now(state)
    return [Choose(unit=unit, option=o) for o in opts]


def check(state: Battle, cmd: Command) -> str | None:
    unit, opts = options_now(state)
    if not unit:
        return "nobody is to choose in the chase now"
    if not isinstance(cmd, Choose):
        return (f"in a chase the only command is Choose(unit={unit!r}, option=...): "
                f"{', '.join(opts)} (ER-26: no reactions or spells)")
    if cmd.unit != unit:
        return f"it is {unit}'s moment in the chase, not {cmd.unit}'s"
    if cmd.option not in opts:
        head = cmd.option.partition(":")[0]
        if head == "swing":
            return (f"{cmd.option.partition(':')[2]} is not within reach of {unit}'s weapon "
                    "now (ER-32)")
        if cmd.option == "break_off":
            return "only a pursuer may break off the chase"
        if head == "chase":
            return (f"{unit} cannot turn after {cmd.option.partition(':')[2]} now: a pursuer "
                    "turns once a moment, after a fleeing figure still running ahead of him "
                    "(R-ER-CHASE-QUARRY)")
        return f"{cmd.option!r} is not a choice now: {', '.join(opts)}"
    return None


def running_blow(state: Battle, attacker: str, target: str) -> attack.Blow:
    """The ruleset's own attack (attack.plan) with every d20 at the running penalty."""
    b = attack.plan(state, attacker, target, kind="melee")
    pen = running_penalty(er(state, attacker), er(state, target))
    return replace(b, bonus=b.bonus + sum(m.value for m in pen),
                   modifiers=(*b.modifiers, *pen))


def decide(ctx: Context, cmd: Command) -> None:
    f = chase_frame(ctx.state)
    assert f is not None and isinstance(cmd, Choose)
    if cmd.option == "run":
        ctx.emit(ChaseRan(unit=cmd.unit, second=f.second))
        return
    if cmd.option == "break_off":
        ctx.emit(ChaseBrokeOff(unit=cmd.unit, second=f.second))
        return
    if cmd.option.startswith("chase:"):
        me, q = f.runner(cmd.unit), f.runner(cmd.option.partition(":")[2])
        gap = q.at - me.at
        need = end_gap_hexes(me.speed, ctx.state.board.feet_per_hex)
        ctx.emit(ChaseTookUp(pursuer=me.unit, quarry=q.unit, second=f.second, gap=gap,
                             at=me.at, allowance=opened_gap(gap, need), chosen=True))
        return
    target = cmd.option.partition(":")[2]
    u = er(ctx.state, cmd.unit)
    blow = running_blow(ctx.state, cmd.unit, target)
    ctx.emit(ChaseSwung(unit=cmd.unit, target=target, second=f.second, heavy=heavy(u),
                        penalty=running_penalty(u, er(ctx.state, target))))
    attack.strike(ctx, blow, face=False)  # no map while the chase lasts (ER-21)
    if not ctx.state.unit(target).fighting:
        ctx.emit(ChaseRunnerOut(unit=target, why="down"))


