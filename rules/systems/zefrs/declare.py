"""What a ZeFRS figure may declare at the start of a combat turn (ZEF-15), written as the
`action` of a `Declare` command, and what each means.

Why a string: the shared `Declare` command carries one `action` field (as under Fallen
Empire), so a Fight carries its target and aiming point inside it: ``fight:<target>:<aim>``,
``wait:<foe>:<aim>`` (strike him at that point when he acts, ZEF-20), ``move:<q>,<r>``
(where to, ZEF-15), ``defend`` (ZEF-36).  Parsing is here, once, for the rules, the window
and the computer players.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hexgrid import Hex
from rules.positioning import reachable
from rules.state import Battle
from rules.systems.zefrs.catalogue import AREAS
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef
from rules.wording import PLAIN, Words

__all__ = ["Declared", "aims_against", "declarable", "in_reach", "move_budget", "parse",
           "say_action"]


@dataclass(frozen=True)
class Declared:
    kind: str  # fight, wait, move, defend
    target: str = ""
    aim: str = ""
    to: Hex | None = None


def parse(action: str) -> Declared | None:
    """The declared action, or None if it is not one a ZeFRS figure can state."""
    head, _, rest = action.partition(":")
    if head == "defend" and not rest:
        return Declared("defend")
    if head in ("fight", "wait"):
        target, _, aim = rest.partition(":")
        return Declared(head, target, aim) if target and aim in AREAS else None
    if head == "move":
        q, _, r = rest.partition(",")
        try:
            return Declared("move", to=Hex(int(q), int(r)))
        except ValueError:
            return None
    return None


def say_action(action: str, w: Words = PLAIN) -> str:
    d = parse(action)
    if d is None:
        return action
    if d.kind == "defend":
        return "defend"
    if d.kind == "move":
        assert d.to is not None
        return f"move to {w.hex((d.to.q, d.to.r))}"
    aim = d.aim.replace("_", " ")
    if d.kind == "wait":
        return f"wait for {w.unit(d.target)} to act, then strike at his {aim}"
    return f"strike at {w.unit(d.target)}'s {aim}"


def positive_initiative(weapon: str) -> bool:
    """ZEF-25 (R-ZEF-MOUNTED-AIM): a weapon whose chart lists a positive Initiative Bonus,
    in the first turn or after (the pike's +2/−3 counts)."""
    w = load_tables().weapon(weapon or None)
    return w.initiative > 0 or (w.initiative_first or 0) > 0


def aims_against(a: ZefUnit, target: ZefUnit) -> tuple[str, ...]:
    """ZEF-24, ZEF-25: the seven aiming points, less those a footman cannot reach on a rider
    (head and arms) or a rider on a footman (the legs), unless his weapon is quick."""
    if positive_initiative(a.weapon):
        return AREAS
    if target.mounted and not a.mounted:
        return tuple(x for x in AREAS if x in ("chest", "gut", "right_leg", "left_leg"))
    if a.mounted and not target.mounted:
        return tuple(x for x in AREAS if x not in ("right_leg", "left_leg"))
    return AREAS


def in_reach(state: Battle, a: ZefUnit, target: ZefUnit) -> bool:
    """ZEF-02: within his weapon's reach (R-POS-REACH: reach_ft // feet per hex, at least 1)."""
    if a.pos is None or target.pos is None:
        return False
    hexes = max(1, a.reach_ft // state.board.feet_per_hex)
    return a.pos.distance(target.pos) <= hexes


def move_budget(state: Battle, u: ZefUnit) -> int:
    """R-ZEF-MOVE: hexes a turn, on foot or in the saddle."""
    cfg = config_of(state)
    return cfg.mounted_move_hexes if u.mounted else cfg.move_hexes


def declarable(state: Battle, unit_id: str) -> tuple[str, ...]:
    """Every action `unit_id` may state now (ZEF-15): defend; a fight or a wait on each foe
    within reach, at each point he can aim at; a move to each hex he can reach this turn."""
    u = zef(state, unit_id)
    out = ["defend"]
    foes = [f for f in state.units if f.side != u.side and f.fighting]
    for f in foes:
        assert isinstance(f, ZefUnit)
        if in_reach(state, u, f):
            for aim in aims_against(u, f):
                out.append(f"fight:{f.id}:{aim}")
                out.append(f"wait:{f.id}:{aim}")
    if u.pos is not None:
        for h in sorted(reachable(state, u, move_budget(state, u))):
            if h != u.pos:
                out.append(f"move:{h.q},{h.r}")
    return tuple(out)
