"""Waiting (ZEF-20, ZEF-21; R-ZEF-WAIT, R-ZEF-WAIT-CASCADE): the check when the awaited foe
acts, and the cascade of a waiter beaten to the punch who must turn on someone else.

Why a module: a wait is the one action whose timing moves within the turn; who is waiting
for whom, the checks and the retargeting are kept together here, apart from the turn's
order (round.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rules.engine import Context
from rules.events import Event, evolver
from rules.procedures import system_of, with_system
from rules.state import Battle
from rules.systems.zefrs.combat import own_shifts
from rules.systems.zefrs.declare import aims_against, in_reach, parse
from rules.systems.zefrs.events import ActionDone, WaitChecked, ZefSystem
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef
from rules.wording import PLAIN, Words

__all__ = ["WaitRetargeted", "check_wait", "foe_of", "late_strike", "waiting_for"]


class WaitRetargeted(Event):
    """ZEF-21: beaten to the punch by his foe and unable to strike him, the waiter turns on
    another, who beat him too: he now acts after that one."""

    type: Literal["zef_wait_retargeted"] = "zef_wait_retargeted"
    unit: str
    foe: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} turns on {w.unit(self.foe)}, too late again (ZEF-21)."


@evolver(WaitRetargeted)
def _retargeted(state: Battle, e: WaitRetargeted) -> Battle:
    sysm = state.system
    assert isinstance(sysm, ZefSystem)
    kept = tuple(p for p in sysm.rewait if p[0] != e.unit)
    return with_system(state, rewait=(*kept, (e.unit, e.foe)))


def foe_of(state: Battle, waiter: ZefUnit) -> str:
    """The foe a waiter is waiting on now: the one he named, or the one he turned on."""
    sysm = system_of(state, ZefSystem)
    for unit, foe in sysm.rewait:
        if unit == waiter.id:
            return foe
    d = parse(waiter.declared)
    return d.target if d is not None and d.kind == "wait" else ""


def waiting_for(ctx: Context, uid: str, late: bool = False) -> list[str]:
    """R-ZEF-WAIT: the waiters whose condition is `uid` acting, not yet done (`late`: those
    whose check failed, against him or the one they turned on), in id order."""
    sysm = system_of(ctx.state, ZefSystem)
    out = []
    for u in ctx.state.units:  # (the declaration first: most figures do not wait)
        if not isinstance(u, ZefUnit) or not u.declared.startswith("wait:"):
            continue
        if not u.fighting or u.id in sysm.acted:
            continue
        d = parse(u.declared)
        if d is None or d.kind != "wait" or foe_of(ctx.state, u) != uid:
            continue
        if (u.id in sysm.late) == late:
            out.append(u.id)
    return out


def check_wait(ctx: Context, waiter: str, foe: str) -> bool:
    """ZEF-20: Animal Reflexes or General Prowess, nothing subtracted: any colour, first."""
    t = load_tables()
    cfg = config_of(ctx.state)
    w = zef(ctx.state, waiter)
    col = t.chart.walk(w.reflexes(), own_shifts(ctx.state, w, cfg), cfg.columns_per_point)
    roll = ctx.dice.d(100)
    colour = t.chart.colour(col.column, roll)
    ctx.emit(WaitChecked(unit=waiter, foe=foe, roll=roll, column=col.column,
                         colour=colour.word))
    return colour.success


def late_strike(ctx: Context, waiter: str, foe: str, yet_to_act: Callable[[str], bool],
                strike: Callable[[Context, str, str, str], None]) -> None:
    """A waiter beaten to the punch acts after his foe.  If he can still strike him, he
    does.  If not, ZEF-21 (R-ZEF-WAIT-CASCADE): he turns on the nearest foe in reach
    (lowest id among equals); against one still to act this turn he checks again, striking
    at once on a colour and waiting for him on white; one who has acted cannot beat him to
    it, so he simply strikes.  An unbroken run of white leaves him last."""
    w = zef(ctx.state, waiter)
    d = parse(w.declared)
    assert d is not None
    first = ctx.state.unit(foe)
    assert isinstance(first, ZefUnit)
    if first.fighting and in_reach(ctx.state, w, first):
        strike(ctx, waiter, foe, _aim(w, first, d.aim))
        ctx.emit(ActionDone(unit=waiter))
        return
    others = [f for f in ctx.state.units if isinstance(f, ZefUnit) and f.side != w.side
              and f.fighting and f.id != foe and in_reach(ctx.state, w, f)]
    if not others or w.pos is None:
        ctx.emit(ActionDone(unit=waiter, note="has nobody left in reach"))
        return
    here = w.pos
    new = min(others, key=lambda f: (here.distance(f.pos), f.id))  # type: ignore[arg-type]
    if yet_to_act(new.id) and not check_wait(ctx, waiter, new.id):
        ctx.emit(WaitRetargeted(unit=waiter, foe=new.id))
        return
    strike(ctx, waiter, new.id, _aim(w, new, d.aim))
    ctx.emit(ActionDone(unit=waiter))


def _aim(w: ZefUnit, foe: ZefUnit, aim: str) -> str:
    """His declared point if he can reach it on this foe (ZEF-25), else the chest."""
    return aim if aim in aims_against(w, foe) else "chest"
