"""The round and the turn (ours: the page has no initiative, turn order or movement, which
belong to the Tactical Combat variant, not included).

Why this module exists: R-TT-TURN: each round the sides take turns activating one figure at
a time, the lead passing from side to side each round; an activated figure may move up to
`move_hexes` (R-TT-MOVE; a prone one must first stand, R-TT-PRONE) or turn in place, and
attack once (TT-01) or pick his dropped weapons up (R-TT-DISARM).  There are no opportunity
attacks (R-TT-ENGAGE): a figure walks away from a foe freely, and positioning counts
through the boons and banes of situation.py.  The defender's declaration (TT-06) is the
DefenceFrame's, decided by his side.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rules.commands import Attack, Choose, Command, EndPhase, Move, Pass
from rules.engine import Context, command_owner_refusal
from rules.events import RoundStarted, UnitFaced, UnitStepped, hx, unhx
from rules.positioning import path_is_walkable
from rules.procedures import battle_decided, out_of_rounds, path_refusal
from rules.state import Battle
from rules.systems.tarnished_tale.attack import play_contest
from rules.systems.tarnished_tale.events import (
    ActivationEnded,
    ActivationFrame,
    AttackDeclared,
    DefenceDeclared,
    DefenceFrame,
    Moved,
    SideDone,
    StoodUp,
    TurnBegan,
    TurnOffered,
    WeaponsPickedUp,
    system,
)
from rules.systems.tarnished_tale.listing import Attacks, Listing, Part, walks
from rules.systems.tarnished_tale.reuse import Kept
from rules.systems.tarnished_tale.situation import (
    attack_kinds,
    attack_radius,
    config_of,
    defences,
    open_attacks,
)
from rules.systems.tarnished_tale.units import TTUnit, tt

__all__ = ["check", "decide", "legal", "run_round"]

MODES = {"melee": (("normal", ()), ("defensive", ("defensive",))),
         "missile": (("normal", ()), ("called", ("called_shot",)))}
# Each kind's options, the plain attack's first (listing.Attacks lists them in this order).
_MODE_OPTIONS = {kind: (modes[0][1], modes[1][1]) for kind, modes in MODES.items()}


def _waiting(state: Battle, side: str) -> list[TTUnit]:
    return [u for u in state.side_units(side)
            if isinstance(u, TTUnit) and u.fighting and not u.acted]


def _after(state: Battle, side: str) -> str:
    """The side whose turn comes after `side`'s (R-TT-TURN)."""
    ids = [s.id for s in state.sides]
    return ids[(ids.index(side) + 1) % len(ids)]


def run_round(ctx: Context) -> None:
    """The engine's step when nobody is to choose: end the battle, begin a round, or offer
    the next side with a figure still to act its turn."""
    state = ctx.state
    if battle_decided(ctx, "every foe is down"):
        return
    ids = [s.id for s in state.sides]
    if state.round == 0 or not any(_waiting(state, s) for s in ids):
        if state.round and out_of_rounds(ctx, config_of(state).max_rounds):
            return
        ctx.emit(RoundStarted(round=state.round + 1))
        return
    start = ids.index(system(state).next_side) if system(state).next_side in ids else 0
    side = next(ids[(start + i) % len(ids)] for i in range(len(ids))
                if _waiting(state, ids[(start + i) % len(ids)]))
    ctx.emit(TurnOffered(side=side))


# --- what a figure may do on his turn --------------------------------------------------------


def _attacks(state: Battle, u: TTUnit) -> Attacks:
    """Every attack open to him (TT-01, TT-03): each foe in reach or range, each mode."""
    return Attacks(u, open_attacks(state, u), _MODE_OPTIONS)


def _may_pick_up(u: TTUnit) -> bool:
    return u.pos is not None and any((q, r) == (u.pos.q, u.pos.r) for _, _, q, r in u.dropped)


def unit_parts(state: Battle, u: TTUnit, moved: bool, kept: Kept | None = None
               ) -> list[Part]:
    """What he may do now, in parts (listing.py): stand up or walk and turn (R-TT-PRONE,
    R-TT-MOVE) if he has not moved, attack (TT-01, TT-03), pick his weapons up (R-TT-DISARM),
    or pass.  His walks and attacks come from `kept` (reuse.py) where nothing they depend on
    has changed since the side's last listing."""
    walks_of, attacks = kept.get(u) if kept is not None else (None, None)
    out: list[Part] = []
    if moved or u.prone:
        walks_of = None
        if not moved:
            out.append([Choose(unit=u.id, option="stand")])
    else:
        if walks_of is None:
            walks_of = walks(state, u, config_of(state).move_hexes)
        out.append(walks_of)
    if attacks is None:
        attacks = _attacks(state, u)
    out.append(attacks)
    if kept is not None:
        kept.put(u, walks_of, attacks, attack_radius(state, u))
    if _may_pick_up(u):
        out.append([Choose(unit=u.id, option="pick_up")])
    out.append([Pass(unit=u.id)])
    return out


def legal(state: Battle, side: str) -> Sequence[Command]:
    """The legal commands of the side deciding, as a `Listing` (listing.py): a walk, with
    its path, and an attack are made only when read (issue 36); read whole, the full
    listing."""
    top = state.top
    if isinstance(top, DefenceFrame):
        kind = top.kind
        return [Choose(unit=top.defender, option=d)
                for d in defences(state, top.attacker, top.defender, kind)]
    if not isinstance(top, ActivationFrame):
        return []
    if top.unit:
        return Listing(unit_parts(state, tt(state, top.unit), top.moved))
    parts: list[Part] = []
    kept = Kept(state, side, config_of(state).move_hexes)
    for u in _waiting(state, side):
        parts += unit_parts(state, u, False, kept)
    return Listing([*parts, [EndPhase(side=side)]])


def _kind_and_mode(u: TTUnit, cmd: Attack) -> tuple[str, str] | str:
    kind = "missile" if cmd.weapon and cmd.weapon == u.missile else "melee"
    if cmd.weapon and cmd.weapon != u.missile:
        return f"{u.id} has no {cmd.weapon.replace('_', ' ')} to attack with (TT-01)"
    for mode, opts in MODES[kind]:
        if tuple(cmd.options) == opts:
            return kind, mode
    if "defensive" in cmd.options:
        return "fighting defensively is for melee only (TT-03)"
    if "called_shot" in cmd.options:
        return "a called shot is for ranged attacks only (TT-03)"
    # TT-02: spells (the magic module) and combat maneuvers (the Tactical Combat variant)
    # are not in the text.
    return (f"{' '.join(cmd.options)} is not a way to attack under Tarnished Tale (spells "
            "and maneuvers are not in its text, TT-02)")


def check(state: Battle, cmd: Command) -> str | None:
    why = command_owner_refusal(state, cmd)
    if why is not None:
        return why
    top = state.top
    if isinstance(top, DefenceFrame):
        if not isinstance(cmd, Choose) or cmd.unit != top.defender:
            return f"{top.defender} must first declare his defence (TT-06)"
        if cmd.option not in defences(state, top.attacker, top.defender, top.kind):
            return f"{top.defender} cannot answer with {cmd.option!r} now (TT-06)"
        return None
    if not isinstance(top, ActivationFrame):
        return "nobody is to act now"
    if isinstance(cmd, EndPhase):
        if cmd.side != top.actor:
            return f"it is {top.actor}'s turn, not {cmd.side}'s"
        return None if not top.unit else f"first finish {top.unit}'s turn"
    unit_id = getattr(cmd, "unit", None)
    if not isinstance(unit_id, str):
        return "that is not an order for a figure"
    u = tt(state, unit_id)
    if top.unit and unit_id != top.unit:
        return f"{top.unit}'s turn is under way: finish it first"
    if not u.fighting or u.acted:
        return f"{unit_id} has had his turn this round"
    if isinstance(cmd, Pass):
        return None
    if isinstance(cmd, Move):
        return _move_refusal(state, u, cmd, top.moved)
    if isinstance(cmd, Attack):
        got = _kind_and_mode(u, cmd)
        if isinstance(got, str):
            return got
        kind, _ = got
        if kind not in attack_kinds(state, u.id, cmd.target):
            return f"{cmd.target} is out of {u.id}'s reach or range"
        return None
    if isinstance(cmd, Choose):
        if cmd.option == "stand":
            return None if u.prone and not top.moved else f"{u.id} is not lying down to stand"
        if cmd.option == "pick_up":
            return None if _may_pick_up(u) else f"no weapon of {u.id}'s lies where he stands"
        return f"{cmd.option!r} is not something {u.id} can do on his turn"
    return f"{cmd.type} is not an order under Tarnished Tale"


def _move_refusal(state: Battle, u: TTUnit, cmd: Move, moved: bool) -> str | None:
    if moved:
        return f"{u.id} has already moved this turn"
    if u.prone:
        return f"{u.id} must stand up before he moves (R-TT-PRONE)"
    if cmd.target:
        return "Tarnished Tale has no charge: move, then attack"
    path = [unhx(p) for p in cmd.path]
    why = path_refusal(path, cmd.facing)
    if why is not None:
        return why
    if len(path) == 1:
        if cmd.facing is None or cmd.facing == u.facing:
            return f"{u.id} neither moves nor turns"
        return None
    if cmd.facing is not None:
        return "a move ends facing the way he walked"
    return path_is_walkable(state, u, path, config_of(state).move_hexes)


def _end_turn(ctx: Context, unit_id: str) -> None:
    side = tt(ctx.state, unit_id).side
    ctx.emit(ActivationEnded(unit=unit_id, next_side=_after(ctx.state, side)))


def _begin(ctx: Context, unit_id: str) -> None:
    top = ctx.state.top
    if isinstance(top, ActivationFrame) and not top.unit:
        ctx.emit(TurnBegan(unit=unit_id))


def decide(ctx: Context, cmd: Command) -> None:
    top = ctx.state.top
    if isinstance(top, DefenceFrame):
        assert isinstance(cmd, Choose)
        ctx.emit(DefenceDeclared(defender=top.defender, defence=cmd.option))
        play_contest(ctx, top.attacker, top.defender, top.kind, top.mode, cmd.option)
        after = ctx.state.top
        if isinstance(after, ActivationFrame) and after.unit == top.attacker:
            _end_turn(ctx, top.attacker)
        return
    assert isinstance(top, ActivationFrame)
    if isinstance(cmd, EndPhase):
        ctx.emit(SideDone(side=cmd.side, next_side=_after(ctx.state, cmd.side)))
        return
    unit_id = getattr(cmd, "unit", "")
    _begin(ctx, unit_id)
    if isinstance(cmd, Pass):
        _end_turn(ctx, unit_id)
    elif isinstance(cmd, Move):
        _walk(ctx, cmd)
    elif isinstance(cmd, Attack):
        u = tt(ctx.state, unit_id)
        got = _kind_and_mode(u, cmd)
        assert not isinstance(got, str)
        kind, mode = got
        weapon = u.missile if kind == "missile" else (u.weapon or "fists")
        ctx.emit(AttackDeclared(attacker=u.id, defender=cmd.target, kind=kind, mode=mode,
                                weapon=weapon, side=tt(ctx.state, cmd.target).side))
    elif isinstance(cmd, Choose) and cmd.option == "stand":
        ctx.emit(StoodUp(unit=unit_id))
        _maybe_done(ctx, unit_id)
    elif isinstance(cmd, Choose) and cmd.option == "pick_up":
        u = tt(ctx.state, unit_id)
        assert u.pos is not None
        ctx.emit(WeaponsPickedUp(unit=unit_id, weapons=tuple(
            w for _, w, q, r in u.dropped if (q, r) == (u.pos.q, u.pos.r))))
        _end_turn(ctx, unit_id)


def _walk(ctx: Context, cmd: Move) -> None:
    ctx.emit(Moved(unit=cmd.unit, path=cmd.path))
    path = [unhx(p) for p in cmd.path]
    if len(path) == 1:

        assert cmd.facing is not None
        ctx.emit(UnitFaced(unit=cmd.unit, facing=cmd.facing))
    for a, b in pairwise(path):
        facing = a.direction_to(b)
        ctx.emit(UnitStepped(unit=cmd.unit, from_hex=hx(a), to_hex=hx(b),
                             facing=tt(ctx.state, cmd.unit).facing if facing is None else facing))
    _maybe_done(ctx, cmd.unit)


def _maybe_done(ctx: Context, unit_id: str) -> None:
    """A figure with nothing left to do but stand ends his turn by himself."""
    left = Listing(unit_parts(ctx.state, tt(ctx.state, unit_id), True))
    if len(left) == 1:  # his Pass, always there, is all that is left
        _end_turn(ctx, unit_id)



