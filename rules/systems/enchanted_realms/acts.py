"""What an action does that a turn and a fired trigger both do (R-ER-READY-ACTIONS): heal
(field medicine, a potion) and work a deed.

Why its own module: actions.py (a turn) and ready.py (a trigger firing in someone else's
turn) must do these the same way, and actions.py already depends on ready.py.
"""

from __future__ import annotations

from rules.data import DiceExpr
from rules.engine import Context
from rules.events import BattleEnded, UnitHealed, UnitStatusChanged
from rules.state import ACTIVE, DOWN
from rules.systems.enchanted_realms.events import DeedDone
from rules.systems.enchanted_realms.units import cfg, er

__all__ = ["heal", "work_deed"]


def heal(ctx: Context, uid: str, dice: DiceExpr, rule: str) -> None:
    """Roll `dice` of healing onto `uid`, no higher than his hit points; one who had dropped
    and is above `down_at` again is back on his feet (R-ER-DOWN)."""
    u = ctx.state.unit(uid)
    amount = max(0, ctx.dice.sum(dice.count, dice.sides, "healing") + dice.bonus)
    after = min(u.max_hp, u.hp + amount)
    ctx.emit(UnitHealed(unit=uid, amount=after - u.hp, hp_after=after, rule=rule))
    if u.status == DOWN and after > cfg(ctx.state).down_at:
        ctx.emit(UnitStatusChanged(unit=uid, status=ACTIVE, condition="",
                                   reason="back on his feet", rule="R-ER-DOWN"))


def work_deed(ctx: Context, uid: str, deed: str) -> None:
    """R-ER-DEED: the deed is done; the scenario's winning deed wins the battle for his side."""
    u = er(ctx.state, uid)
    ctx.emit(DeedDone(unit=uid, deed=deed))
    if deed == cfg(ctx.state).winning_deed:
        ctx.emit(BattleEnded(winner=u.side, reason=f"{uid} has done it: the "
                             f"{deed.replace('_', ' ')} is theirs"))
