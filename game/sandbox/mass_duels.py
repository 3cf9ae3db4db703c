"""The grid sandbox's duels before the round is fought: which leaders will meet in segment 1
with the orders given (ZEF-70, R-ZEF-MASS-DUEL), and the GM's declaration for each, as a
skirmish figure states it (ZEF-15: a blow at an aiming point he can reach, ZEF-24, ZEF-25;
the same meant to knock out, ZEF-35; or defend, ZEF-36).

Why a module: a GM showing a duel wants to choose the blows himself, and who meets whom is
known only once the orders are opened and the units have moved.  The pairs are read from
the battle as it will stand when the leaders declare (the orders given and the moves made,
no die thrown yet), and each declaration is a position of its own in the sandbox's log
(`MassMoment.declared`), so undo takes it back like any other change.  A leader the GM
leaves alone strikes at his foe's chest.

A part of `game.sandbox.mass.MassSandbox` (a mixin beside `MassOrders`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.sandbox.common import SandboxError
from game.sandbox.mass_log import MassLog, MassMoment
from rules.dice import Dice, ScriptExhausted
from rules.engine import scripted
from rules.events import Event
from rules.state import Battle
from rules.systems.zefrs.declare import parse, say_action
from rules.systems.zefrs.mass.duel import duel_actions, duel_pairs, foe_of
from rules.systems.zefrs.mass.events import mass_frame
from rules.wording import Words

__all__ = ["MassDuels"]


class MassDuels(MassLog):
    """The duels ahead and the GM's declarations of `MassSandbox`."""

    if TYPE_CHECKING:  # MassOrders' (the session has both)
        def _orders_given(self, dice: Dice | None) -> tuple[Battle, list[Event]]: ...

    def duel_preview(self) -> Battle | None:
        """The battle as it will stand when the leaders declare this round, with the orders
        given so far (the others' standing to defend), or None if no leaders meet."""
        f = mass_frame(self.state)
        if f is None or f.step != "orders" or self.state.outcome is not None:
            return None
        try:  # no die is thrown before the duels; one asked for means none was joined
            st, _ = self._orders_given(scripted())
        except (ScriptExhausted, SandboxError):
            return None
        f = mass_frame(st)
        return st if f is not None and f.step == "duels" else None

    def duels(self) -> list[tuple[str, str, str]]:
        """(leader, the foe he duels, the unit he leads) for each duelling leader, side A's
        first, as the rules will ask them to declare."""
        st = self.duel_preview()
        if st is None:
            return []
        f = mass_frame(st)
        assert f is not None
        pairs = duel_pairs(st, f)
        order = {f.side_a: 0, f.side_b: 1}
        return sorted(pairs, key=lambda p: (order.get(st.unit(p[0]).side, 2), p[0]))

    def declaration_of(self, leader: str) -> str:
        """What `leader` will declare if the round is fought now: the GM's, else a plain blow
        at his foe's chest ("" if he duels nobody)."""
        st = self.duel_preview()
        f = mass_frame(st) if st is not None else None
        if st is None or f is None:
            return ""
        foe = foe_of(st, f, leader)
        if not foe:
            return ""
        given = dict(self.moment.declared).get(leader, "")
        return given if given in duel_actions(st, leader, foe) else f"fight:{foe}:chest"

    def declare(self, leader: str, action: str) -> MassMoment:
        """The GM's declaration for `leader`'s duel this round (the skirmish's grammar:
        fight:<foe>:<aim>[:ko], or defend), checked against what he can declare; a new
        position, undone like any other."""
        st = self.duel_preview()
        w = Words.of(self.state)
        f = mass_frame(st) if st is not None else None
        foe = foe_of(st, f, leader) if st is not None and f is not None else ""
        if st is None or not foe:
            raise SandboxError(f"{w.unit(leader)} duels nobody this round with the orders "
                               "given: only the leaders of units that attack in melee, and "
                               "of the units they attack, duel (ZEF-70)")
        offered = duel_actions(st, leader, foe)
        if action not in offered:
            aims = [d.aim.replace("_", " ") for a in offered
                    if (d := parse(a)) is not None and d.aim and not d.mode]
            raise SandboxError(f"{w.unit(leader)} cannot declare that against {w.unit(foe)}: "
                               f"he strikes at a point he can reach ({', '.join(aims)}; "
                               "ZEF-24, ZEF-25), the same to knock him out (ZEF-35), or "
                               "defends (ZEF-36)")
        declared = dict(self.moment.declared) | {leader: action}
        label = f"{w.unit(leader)}'s duel: {say_action(action, w)}"
        return self._push(MassMoment(label, self.state, declared=tuple(sorted(declared.items()))))
