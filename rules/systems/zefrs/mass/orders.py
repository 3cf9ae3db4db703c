"""What a commander may ask of a mass battle, and the frame's answers: deployment (ZEF-58,
ZEF-60), each unit's order for the round (ZEF-62, ZEF-64, ZEF-66..69), the force
commander's ride (ZEF-63) and each duelling leader's declaration (ZEF-15, ZEF-70: the
skirmish's own `Declare`, in its grammar, as duel.py offers it).

Why the commands are the mode's own: each says what the text lets a commander decide (a
place in the line, an order with its move and facing, a square to ride to and whether to
take a unit over), so a save reads as the battle was fought and `say` speaks it plainly.
Every field is checked: a command is legal exactly when it is one of those `legal_commands`
offers, and a refusal says what is wrong in a commander's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rules.commands import Command, Declare
from rules.engine import Context
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.duel import awaiting, duel_actions, foe_of
from rules.systems.zefrs.mass.events import (
    MassCommanderOrdered,
    MassDeployed,
    MassDuelDeclared,
    MassOrdered,
    mass_frame,
    square_word,
    waiting_for_orders,
)
from rules.systems.zefrs.mass.grid import (
    FACING_WORDS,
    FACINGS,
    SLOTS,
    adjacent,
    distance,
    on_grid,
    orthogonal,
    squares,
)
from rules.systems.zefrs.mass.units import MassUnit, mass_units
from rules.wording import PLAIN, Words

if TYPE_CHECKING:
    from rules.systems.zefrs.mass.frame import MassFrame

__all__ = [
    "ORDERS",
    "MassDeploy",
    "MassLead",
    "MassOrder",
    "check",
    "decide",
    "deploy_places",
    "in_contact",
    "legal_commands",
    "order_words",
    "shoot_targets",
    "square_key",
]

ORDERS = ("attack", "defend", "shoot", "withdraw")
"""ZEF-66: the four orders a unit may be given for a round."""


def square_key(sq: Hex) -> str:
    """How a command names a square: "x,y" (column, row from the north-west corner)."""
    return f"{sq.q},{sq.r}"


def _square(key: str) -> Hex:
    x, y = key.split(",")
    return Hex(int(x), int(y))


class MassDeploy(Command):
    """Place a unit (ZEF-58): `place` is "left", "centre", "right", or "reserve:<unit>" to
    stand behind that line unit (ZEF-60).  Both fields always used."""

    type: Literal["zef_mass_deploy"] = "zef_mass_deploy"
    unit: str
    place: str

    def say(self, w: Words = PLAIN) -> str:
        head, _, behind = self.place.partition(":")
        if behind:
            return f"{w.unit(self.unit)} stands in reserve behind {w.unit(behind)}"
        return f"{w.unit(self.unit)} takes the {head} of the line"


class MassOrder(Command):
    """A unit's order for the round (ZEF-66): `order` one of ORDERS; `facing` (0 north,
    1 east, 2 south, 3 west) the way it faces once it has moved (ZEF-62: any); `to` the
    square it moves to first ("x,y"; "" stays; only attack and defend may move, and only a
    unit not in contact); `target` the enemy unit it shoots at (shoot only, else "")."""

    type: Literal["zef_mass_order"] = "zef_mass_order"
    unit: str
    order: str
    facing: int
    to: str = ""
    target: str = ""

    def say(self, w: Words = PLAIN) -> str:
        words = order_words(self.order, self.facing, self.to, self.target, w)
        return f"{w.unit(self.unit)}: {words}"


class MassLead(Command):
    """The force commander rides to `to` ("x,y": his square or one next to it, diagonals
    too) and, with `lead`, takes over the friendly unit there for the round (ZEF-63)."""

    type: Literal["zef_mass_lead"] = "zef_mass_lead"
    unit: str
    to: str
    lead: bool = False

    def say(self, w: Words = PLAIN) -> str:
        where = square_word(_square(self.to)) if "," in self.to else self.to
        return (f"{w.unit(self.unit)} rides to {where}"
                + (" and leads the unit there" if self.lead else ""))


def order_words(order: str, facing: int, to: str = "", target: str = "",
                w: Words = PLAIN) -> str:
    """An order as a commander says it: "advance to C4 and attack, facing north"."""
    face = FACING_WORDS[facing] if facing in FACINGS else str(facing)
    if order == "shoot":
        return f"shoot at {w.unit(target)}"
    if order == "withdraw":
        return "withdraw a square, defending"
    move = f"advance to {square_word(_square(to))} and " if to else ""
    return f"{move}{order}, facing {face}"


# --- what may be asked now -----------------------------------------------------------------


def deploy_places(state: Battle, unit: MassUnit) -> list[str]:
    """ZEF-58, ZEF-60: a line slot nobody holds, or behind a line unit with nobody behind it
    yet (up to three reserves)."""
    mine = [u for u in mass_units(state, unit.side) if u.slot and u.id != unit.id]
    held = {u.slot for u in mine}
    places = [s for s in SLOTS if s not in held]
    behind = {u.slot.partition(":")[2] for u in mine if u.slot.startswith("reserve:")}
    if len(behind) < 3:
        places += [f"reserve:{u.id}" for u in mine if u.slot in SLOTS and u.id not in behind]
    return places


def in_contact(state: Battle, u: MassUnit) -> bool:
    """An enemy unit on a square orthogonally next to it (ZEF-62)."""
    assert u.pos is not None
    return any(v.on_grid and v.side != u.side and v.pos is not None and adjacent(u.pos, v.pos)
               for v in mass_units(state))


def _taken(state: Battle) -> set[Hex]:
    return {u.pos for u in mass_units(state) if u.on_grid and u.pos is not None}


def shoot_targets(state: Battle, u: MassUnit) -> list[MassUnit]:
    """ZEF-68, R-ZEF-MASS-SHOOT: enemy units not next to the shooters, within the volley's
    reach in squares (diagonal steps counting one)."""
    if not u.missile or u.pos is None:
        return []
    return [v for v in mass_units(state) if v.on_grid and v.side != u.side
            and v.pos is not None and not adjacent(u.pos, v.pos)
            and distance(u.pos, v.pos) <= u.reach_squares]


def unit_orders(state: Battle, u: MassUnit) -> list[MassOrder]:
    assert u.pos is not None
    out: list[MassOrder] = []
    contact = in_contact(state, u)
    taken = _taken(state)
    goals = [""] if contact else ["", *(square_key(s) for s in orthogonal(u.pos)
                                        if s not in taken)]
    for order in ("attack", "defend"):
        for to in goals:
            for f in FACINGS:
                out.append(MassOrder(unit=u.id, order=order, facing=f, to=to))
    for v in shoot_targets(state, u):
        out.append(MassOrder(unit=u.id, order="shoot", facing=u.facing, target=v.id))
    if contact:
        out.append(MassOrder(unit=u.id, order="withdraw", facing=u.facing))
    return out


def commander_rides(state: Battle, frame: MassFrame, cid: str) -> list[MassLead]:
    c = state.unit(cid)
    assert c.pos is not None
    enemy = {u.pos for u in mass_units(state) if u.on_grid and u.side != c.side}
    friends = {u.pos for u in mass_units(state) if u.on_grid and u.side == c.side}
    out: list[MassLead] = []
    for sq in squares():
        if distance(sq, c.pos) > 1 or sq in enemy or not on_grid(sq):
            continue
        out.append(MassLead(unit=cid, to=square_key(sq)))
        if sq in friends:
            out.append(MassLead(unit=cid, to=square_key(sq), lead=True))
    return out


def legal_commands(state: Battle, side: str) -> list[Command]:
    f = mass_frame(state)
    if f is None or f.actor != side:
        return []
    out: list[Command] = []
    if f.step == "deploy":
        for u in mass_units(state, side):
            if not u.slot:
                out += [MassDeploy(unit=u.id, place=p) for p in deploy_places(state, u)]
        return out
    if f.step == "orders":
        for uid in waiting_for_orders(state, side):
            u = state.unit(uid)
            if isinstance(u, MassUnit):
                out += unit_orders(state, u)
            else:
                out += commander_rides(state, f, uid)
    if f.step == "duels":
        for uid in awaiting(state, f, side):
            out += [Declare(unit=uid, action=a)
                    for a in duel_actions(state, uid, foe_of(state, f, uid))]
    return out


def _duel_refusal(state: Battle, f: MassFrame, side: str, cmd: Command) -> str | None:
    """Why a leader's duel declaration may not be made (ZEF-15, ZEF-70), or None."""
    if not isinstance(cmd, Declare):
        return ("segment 1: each duelling leader declares his blow or his defence "
                "(ZEF-15, ZEF-70): Declare(unit, action)")
    w = Words.of(state)
    waiting = awaiting(state, f, side)
    if cmd.unit not in waiting:
        return (f"{w.unit(cmd.unit)} has declared for the duel already, or duels nobody this "
                f"round; still to declare: {w.units_list(waiting) or 'nobody'}")
    foe = foe_of(state, f, cmd.unit)
    if cmd.action not in duel_actions(state, cmd.unit, foe):
        return (f"{w.unit(cmd.unit)} duels {w.unit(foe)}: he strikes at an aiming point he "
                f"can reach (fight:{foe}:<aim>, ZEF-24, ZEF-25), the same to knock him out "
                f"(:ko, ZEF-35), or defends (ZEF-36); not {cmd.action!r}")
    return None


def check(state: Battle, cmd: Command) -> str | None:
    f = mass_frame(state)
    if f is None or f.actor is None:
        return "nobody is to decide now"
    side = f.actor
    uid = getattr(cmd, "unit", None)
    if isinstance(uid, str) and state.has_unit(uid) and state.unit(uid).side != side:
        return f"{uid} is not {side}'s to command"
    if f.step == "deploy":
        if not isinstance(cmd, MassDeploy):
            return ("first each side places its units in secret: MassDeploy(unit, place) "
                    "(ZEF-58)")
        u = state.unit(cmd.unit)
        if not isinstance(u, MassUnit):
            return f"{cmd.unit} is a leader, not a unit of fighters: he goes with his unit"
        if u.slot:
            return f"{cmd.unit} is already placed"
        places = deploy_places(state, u)
        if cmd.place not in places:
            return (f"{cmd.unit} cannot stand at {cmd.place!r}: the places left are "
                    f"{', '.join(places)} (ZEF-58, ZEF-60)")
        return None
    if f.step == "duels":
        return _duel_refusal(state, f, side, cmd)
    if f.step != "orders":
        return "the round is being fought: no orders now"
    waiting = waiting_for_orders(state, side)
    if isinstance(cmd, MassOrder):
        u = state.unit(cmd.unit)
        if not isinstance(u, MassUnit):
            return f"{cmd.unit} is the commander: he rides (MassLead), he takes no order"
        if cmd.unit not in waiting:
            return f"{cmd.unit} has its order for this round already, or is off the field"
        if cmd.order not in ORDERS:
            return f"the orders are {', '.join(ORDERS)} (ZEF-66), not {cmd.order!r}"
        if cmd.facing not in FACINGS:
            return (f"on the grid a unit faces north, east, south or west (0 to 3), not "
                    f"{cmd.facing}")
        if cmd not in unit_orders(state, u):
            return _order_refusal(state, u, cmd)
        return None
    if isinstance(cmd, MassLead):
        if cmd.unit != f.commander(side):
            return f"{cmd.unit} is not {side}'s commander"
        if cmd.unit not in waiting:
            return f"{cmd.unit} has already chosen where to ride this round"
        if cmd not in commander_rides(state, f, cmd.unit):
            return (f"the commander rides one square in any direction, diagonals too, or "
                    f"stays, never onto an enemy, and leads only a friendly unit on the "
                    f"square he reaches (ZEF-63); {_ride_words(cmd)} is not that")
        return None
    return "each unit is given its order for the round (ZEF-66): MassOrder, or MassLead for " \
           "the commander"


def _ride_words(cmd: MassLead) -> str:
    """A refused ride as the person who asked for it reads it: the square's name ("riding to
    A7 and leading the unit there"), or what he gave if it names no square of the grid."""
    try:
        sq = _square(cmd.to)
    except ValueError:
        return f"riding to \"{cmd.to}\""
    where = square_word(sq) if on_grid(sq) else "a square off the grid"
    return f"riding to {where}" + (" and leading the unit there" if cmd.lead else "")


def _order_refusal(state: Battle, u: MassUnit, cmd: MassOrder) -> str:
    contact = in_contact(state, u)
    if cmd.order == "withdraw" and not contact:
        return f"{u.id} is not in contact: there is nothing to withdraw from (ZEF-69)"
    if cmd.order in ("withdraw", "shoot") and cmd.to:
        return f"a unit ordered to {cmd.order} does not move first"
    if cmd.order == "shoot":
        if not u.missile:
            return f"{u.id} carries no missile weapons (ZEF-68)"
        return (f"{u.id} may shoot only at an enemy unit it is not next to, within "
                f"{u.reach_squares} squares (ZEF-68, R-ZEF-MASS-SHOOT)")
    if cmd.target:
        return "only a unit ordered to shoot names a target"
    if cmd.to and contact:
        return f"{u.id} is in contact with the enemy: it must withdraw to move (ZEF-62)"
    if cmd.to:
        return ("a unit moves one square along the grid, never diagonally, into an empty "
                "square (ZEF-61, ZEF-62)")
    return f"{u.id} cannot turn that way while withdrawing or shooting"


def decide(ctx: Context, cmd: Command) -> None:
    f = mass_frame(ctx.state)
    assert f is not None and f.actor is not None
    if isinstance(cmd, MassDeploy):
        ctx.emit(MassDeployed(side=f.actor, unit=cmd.unit, place=cmd.place))
    elif isinstance(cmd, Declare):
        ctx.emit(MassDuelDeclared(side=f.actor, unit=cmd.unit, action=cmd.action))
    elif isinstance(cmd, MassOrder):
        goal = _square(cmd.to) if cmd.to else None
        ctx.emit(MassOrdered(side=f.actor, unit=cmd.unit, order=cmd.order,
                             goal=None if goal is None else (goal.q, goal.r),
                             facing=cmd.facing, target=cmd.target))
    else:
        assert isinstance(cmd, MassLead)
        sq = _square(cmd.to)
        ctx.emit(MassCommanderOrdered(side=f.actor, unit=cmd.unit, goal=(sq.q, sq.r),
                                      lead=cmd.lead))
