"""The grid sandbox's round: the GM gives any unit its order and any commander his ride,
checked as that side's would be (ZEF-62..69, ZEF-63); the round is fought by the rules core
at once (the GM's orders, the others standing to defend; a duelling leader the GM has not
declared for strikes at his foe's chest, ZEF-70) and shown stage by stage.

A part of `game.sandbox.mass.MassSandbox` (a mixin): it reads the session's state and
drafts and adds positions to its log.
"""

from __future__ import annotations

from dataclasses import replace

from game.sandbox.common import SandboxError
from game.sandbox.mass_log import MassLog, MassMoment
from game.sandbox.mass_round import split_round, stage_label
from rules.commands import Command, Declare
from rules.dice import Dice
from rules.engine import IllegalCommand, evolve_all, submit
from rules.events import Event
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.duel import awaiting, foe_of
from rules.systems.zefrs.mass.events import mass_frame, waiting_for_orders
from rules.systems.zefrs.mass.orders import (
    MassLead,
    MassOrder,
    check,
    commander_rides,
    order_words,
    square_key,
    unit_orders,
)
from rules.systems.zefrs.mass.units import MassUnit
from rules.wording import Words

__all__ = ["MassOrders"]


class MassOrders(MassLog):
    """Orders, rides and the round of `MassSandbox`."""

    drafts: dict[str, Command]

    def unit(self, uid: str) -> MassUnit:
        raise NotImplementedError  # the session's

    def legal_orders(self, uid: str) -> list[Command]:
        st = self.state
        f = mass_frame(st)
        if f is None or f.step != "orders":
            return []
        u = st.unit(uid)
        if isinstance(u, MassUnit):
            return list(unit_orders(st, u)) if u.on_grid else []
        return list(commander_rides(st, f, uid)) if u.fighting and u.pos else []

    def order(self, uid: str, order: str, facing: int | None = None, to: str = "",
              target: str = "") -> Command:
        """The GM's order for a unit this round (ZEF-66), checked as its side would be."""
        u = self.unit(uid)
        cmd = MassOrder(unit=uid, order=order, facing=u.facing if facing is None else facing,
                        to=to, target=target)
        self._check_order(cmd, u.side)
        self.drafts[uid] = cmd
        self._changed()
        return cmd

    def ride(self, cid: str, to: Hex | tuple[int, int], lead: bool = False) -> Command:
        """The force commander's ride this round (ZEF-63)."""
        st = self.state
        if not st.has_unit(cid):
            raise SandboxError(f"there is no commander {cid!r}")
        sq = to if isinstance(to, Hex) else Hex(*to)
        cmd = MassLead(unit=cid, to=square_key(sq), lead=lead)
        self._check_order(cmd, st.unit(cid).side)
        self.drafts[cid] = cmd
        self._changed()
        return cmd

    def _check_order(self, cmd: Command, side: str) -> None:
        st = self.state
        f = mass_frame(st)
        if f is None or f.step != "orders":
            raise SandboxError("no orders now: the battle is over" if st.outcome
                               else "no orders now")
        as_side = replace(st, stack=(*st.stack[:-1], replace(f, actor=side)))
        why = check(as_side, cmd)
        if why:  # the rules name figures by id; the GM reads their names
            raise SandboxError(Words.of(st).text(why), cmd)

    def order_of(self, uid: str) -> str:
        """The order a unit will fight the round under, in words."""
        cmd = self.drafts.get(uid) or self._default(uid)
        w = Words.of(self.state)
        if isinstance(cmd, MassOrder):
            return order_words(cmd.order, cmd.facing, cmd.to, cmd.target, w)
        if isinstance(cmd, MassLead):
            return cmd.say(w)
        return ""

    def _default(self, uid: str) -> Command | None:
        """A unit the GM did not order stands and defends, facing as it does; a commander
        stays where he is."""
        u = self.state.unit(uid)
        if isinstance(u, MassUnit):
            return MassOrder(unit=uid, order="defend", facing=u.facing)
        if u.pos is not None:
            return MassLead(unit=uid, to=square_key(u.pos))
        return None

    def fight_round(self, dice: Dice | None = None) -> MassMoment:
        """Every unit's order (the GM's, else defend), then the round fought by the rules
        core at once, each duelling leader declaring as the GM set him (`declare`), else a
        plain blow at his foe's chest; the sandbox moves to its first stage, and
        `next_stage` shows the rest (`stages_ahead`)."""
        st, events = self._orders_given(dice)
        declared = dict(self.moment.declared)
        while (f := mass_frame(st)) is not None and f.step == "duels" and f.actor:
            leader = awaiting(st, f, f.actor)[0]
            cmd: Command = Declare(unit=leader, action=declared.get(leader, ""))
            if check(st, cmd):
                cmd = Declare(unit=leader, action=f"fight:{foe_of(st, f, leader)}:chest")
            st, ev = submit(st, cmd, dice)
            events += ev
        n = self.state.round
        before = self.state
        moments = []
        for stage, evs in split_round(events):
            before = evolve_all(before, evs)
            moments.append(MassMoment(f"Round {max(1, n)}: {stage_label(stage, evs)}", before,
                                      tuple(evs), "round"))
        moments[-1] = replace(moments[-1], state=st)  # the core's own state at the end
        self.drafts = {}
        first = self._push(moments[0])
        self.stages_ahead = moments[1:]
        return first

    def _orders_given(self, dice: Dice | None) -> tuple[Battle, list[Event]]:
        """The battle once every unit has its order for the round (the GM's, else defend)
        and every commander his ride: the orders opened and the moves made, up to the
        leaders' declarations if any meet, and what happened on the way."""
        st = self.state
        f = mass_frame(st)
        if f is None or f.step != "orders":
            raise SandboxError("the battle is over" if st.outcome else "no round to fight now")
        events: list[Event] = []
        for side in (f.side_a, f.side_b):
            for uid in waiting_for_orders(st, side):
                legal = self.legal_orders(uid)
                cmd = self.drafts.get(uid)
                if cmd is None or cmd not in legal:
                    cmd = self._default(uid)
                if cmd not in legal:  # e.g. an enemy stands on the commander's square
                    cmd = legal[0] if legal else None
                if cmd is None:
                    continue
                try:
                    st, ev = submit(st, cmd, dice)
                except IllegalCommand as exc:
                    raise SandboxError(Words.of(st).text(str(exc))) from None
                events += ev
        return st, events

    def next_stage(self) -> MassMoment:
        if not self.stages_ahead:
            raise SandboxError("the round is over: give the orders for the next")
        return self._push(self.stages_ahead.pop(0), keep_ahead=True)
