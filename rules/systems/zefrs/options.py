"""The actions a ZeFRS figure may declare now (ZEF-15): the list the window offers, the
computer players search and `check` holds a declaration against.

Why a module of its own: it reads every kind of action's own conditions (a shot's, a rush's,
a blow's), so it sits above the modules that define them (declare.py is the grammar and the
geometry they share) and no import runs in a circle.

Why it is built in parts (issue 36): a big battle asks this of every figure at every
declaration.  What one figure may do is read once per figure (`_Figure`: where he can walk,
whether a foe is at his throat), then per foe (`_against`) for the foes near enough for any
action to reach them, and kept for the turn (`kept.py`: only declarations change while a
side declares).  `may_declare` answers for one stated action from the one part it belongs
to, without listing the rest.
"""

from __future__ import annotations

from functools import cached_property

from rules.commands import Declare
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.catalogue import AREAS
from rules.systems.zefrs.declare import (
    aims_against,
    destinations,
    in_reach,
    move_budget,
    parse,
)
from rules.systems.zefrs.kept import kept, peek
from rules.systems.zefrs.missiles import shot_refusal
from rules.systems.zefrs.special import rush_line
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef

__all__ = ["declarable", "declarations", "may_declare"]


def declarable(state: Battle, unit_id: str) -> tuple[str, ...]:
    """Every action `unit_id` may state now (ZEF-15): defend; a fight or a wait on each foe
    within reach, at each point he can aim at (a knock-out too; both weapons or one on guard
    for a two-weapon fighter, ZEF-32; a PC or Foe may strike twice, ZEF-22, ZEF-23); a
    PC or Foe may close with a foe he can reach this turn; a grapple, a bash, a rush, a
    shot; a move to each hex he can reach.  In that order, foes in the order of the
    battle's figures; worked out once while only declarations change (`kept`)."""
    return kept(state, ("declarable", unit_id), lambda: _listing(state, zef(state, unit_id)))


def declarations(state: Battle, unit_id: str) -> tuple[Declare, ...]:
    """`declarable` as the commands that state them, built once while it is kept, each
    made once per board (`_commands`)."""
    return kept(state, ("declarations", unit_id), lambda: _commands(state, unit_id))


COMMANDS_KEPT = 100_000  # declarations remembered per board, for the next turns
_COMMANDS = ("zefrs", "declare commands")


def _commands(state: Battle, unit_id: str) -> tuple[Declare, ...]:
    """The commands stating each of `declarable`, each made once per board: a figure
    offered the same move or blow next turn is offered the same (immutable) command."""
    made = state.board.memo.get(_COMMANDS)
    if made is None or len(made) >= COMMANDS_KEPT:
        made = state.board.memo[_COMMANDS] = {}
    out = []
    for action in declarable(state, unit_id):
        found = made.get((unit_id, action))
        if found is None:
            # (validated: pydantic's check of two strings costs less than model_construct)
            found = made[unit_id, action] = Declare(unit=unit_id, action=action)
        out.append(found)
    return tuple(out)


def may_declare(state: Battle, unit_id: str, action: str) -> bool:
    """Whether `action` is one of `declarable(state, unit_id)`, read from the part of the
    listing it belongs to (the figure's own, one foe's, or his moves) rather than from the
    whole, unless the whole is already kept."""
    listed = peek(state, ("declarable", unit_id))
    if listed is not None:
        return action in listed
    d = parse(action)
    if d is None:
        return False
    fig = _Figure(state, zef(state, unit_id))
    if d.kind in ("defend", "stand", "reload"):
        return action in fig.own()
    if fig.u.pos is None:
        return False
    if d.kind == "move":
        return d.to is not None and f"move:{d.to.q},{d.to.r}" == action and \
            d.to != fig.u.pos and d.to in fig.paths
    f = state.where.by_id.get(d.target)
    if not isinstance(f, ZefUnit) or f.side == fig.u.side or not f.fighting:
        return False
    return action in _against(fig, f)


class _Figure:
    """What one figure's declarations read that does not depend on the foe: his weapons,
    his move this turn, whether a foe has him in melee reach; each worked out when first
    read."""

    def __init__(self, state: Battle, u: ZefUnit) -> None:
        self.state, self.u = state, u
        self.two = bool(u.offhand) and u.two_weapons
        self.melee = load_tables().weapon(u.weapon or None).melee
        self.walks = not u.knocked_down
        self.reach = max(1, u.reach_ft // state.board.feet_per_hex)
        self.may_close = self.walks and not u.enemy and not u.lamed

    def own(self) -> list[str]:
        u = self.u
        return ["defend"] + (["stand"] if u.knocked_down else []) + (
            ["reload"] if u.loading else [])

    @cached_property
    def budget(self) -> int:
        return move_budget(self.state, self.u)

    @cached_property
    def paths(self) -> tuple[Hex, ...]:
        """The hexes he can end a move on (R-POS-BLOCK), in hex order."""
        return destinations(self.state, self.u, self.budget) if self.walks else ()

    @cached_property
    def engaged(self) -> bool:
        """R-ZEF-NO-SHOOT-IN-MELEE: a foe able to fight has him within his melee reach."""
        u, state = self.u, self.state
        far = max(1, _longest_reach(state) // state.board.feet_per_hex)
        assert u.pos is not None
        return any(isinstance(f, ZefUnit) and f.side != u.side and in_reach(state, f, u)
                   for f in state.where.fighting_near(u.pos, far))

    def radius(self) -> int:
        """How far off a foe may stand and still be the object of some action: a blow or
        a wait (his reach), a close (his move and reach), a rush (his move), a grapple or
        a bash (beside him), a shot (the weapon's long range, ZEF-38)."""
        far = max(self.reach + self.budget, self.budget, 1)
        if self.u.missile:
            ranges = load_tables().weapons[self.u.missile].ranges_ft
            far = max(far, max(ranges, default=0) // self.state.board.feet_per_hex)
        return far


def _longest_reach(state: Battle) -> int:
    """The longest melee reach in feet of any figure in the battle (ZEF-02)."""
    return kept(state, "longest-reach", lambda: max(
        (u.reach_ft for u in state.units), default=0))


def _listing(state: Battle, u: ZefUnit) -> tuple[str, ...]:
    fig = _Figure(state, u)
    out = fig.own()
    if u.pos is None:
        return tuple(out)
    for f in state.where.fighting_near(u.pos, fig.radius()):
        # each foe's actions in the order a player meets them on his buttons
        if f.side != u.side:
            assert isinstance(f, ZefUnit)
            out += _against(fig, f)
    here = u.pos
    out += [f"move:{h.q},{h.r}" for h in fig.paths if h != here]
    return tuple(out)


def _against(fig: _Figure, f: ZefUnit) -> list[str]:
    """What `fig` may declare against the foe `f` (fighting, on the board)."""
    u, state = fig.u, fig.state
    assert u.pos is not None and f.pos is not None
    out: list[str] = []
    gap = u.pos.distance(f.pos)
    reach = fig.reach
    aims = aims_against(u, f) if fig.melee else ()
    if gap <= reach:  # a plain blow at each point first, then the other ways to strike
        modes = ["", "ko", *(["both", "guard"] if fig.two else []),
                 *(["twice"] if not u.enemy else [])]
        for mode in modes:
            out += [f"fight:{f.id}:{aim}" + (f":{mode}" if mode else "") for aim in aims]
        out += [f"wait:{f.id}:{aim}" for aim in aims]
    elif fig.may_close and fig.melee and gap <= fig.budget + reach and any(
            h.distance(f.pos) <= reach for h in fig.paths):
        out += [f"close:{f.id}:{aim}" for aim in aims]
    if u.missile and shot_refusal(state, u, f, engaged=fig.engaged) is None:
        out.append(f"shoot:{f.id}")  # ZEF-03, ZEF-04, ZEF-38
        out += [f"shoot:{f.id}:{aim}" for aim in AREAS]  # ZEF-40
    if gap == 1:
        out.append(f"wrestle:{f.id}")  # ZEF-27: anyone can try
        if u.shield:
            out.append(f"bash:{f.id}")  # ZEF-30
    if fig.walks and not u.lamed and gap < fig.budget and rush_line(state, u, f, fig.budget):
        out.append(f"rush:{f.id}")  # ZEF-28
    return out
