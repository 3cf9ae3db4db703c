"""What a ZeFRS figure may declare at the start of a combat turn (ZEF-15), written as the
`action` of a `Declare` command, and what each means.

Why a string: the shared `Declare` command carries one `action` field (as under Fallen
Empire), so a Fight carries its target and aiming point inside it.  The grammar:

    fight:<foe>:<aim>            a blow at that point (ZEF-15, ZEF-24)
    fight:<foe>:<aim>:ko         ... meant to knock him out (ZEF-35)
    fight:<foe>:<aim>:both       ... with both weapons, the second at the turn's end (ZEF-33)
    fight:<foe>:<aim>:guard      one weapon strikes at the turn's end, the other defends
    fight:<foe>:<aim>:twice      two blows: an extra action (ZEF-22, R-ZEF-EXTRA)
    close:<foe>:<aim>            move up to him, then strike: an extra action (ZEF-22)
    wait:<foe>:<aim>             strike him there when he acts (ZEF-20, R-ZEF-WAIT)
    move:<q>,<r>                 where to (ZEF-15, R-ZEF-MOVE)
    defend                       ZEF-36
    wrestle:<foe>                a grapple that throws him down (ZEF-27, R-ZEF-WRESTLE)
    bash:<foe>                   a strike with the shield (ZEF-30)
    rush:<foe>                   through him in a straight line (ZEF-28, ZEF-29, R-ZEF-RUSH)
    stand                        climb to one's feet (R-ZEF-STAND)
    shoot:<foe>                  a missile, landing where a d10 says (ZEF-38, ZEF-39)
    shoot:<foe>:<aim>            a called shot: only red hits (ZEF-40)
    reload                       a turn's loading (the arbalest takes 3)

Parsing is here, once, for the rules, the window and the computer players.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.hexgrid import Hex, movement_range
from rules.positioning import hexes_near, reachable, remember, step_cost, walk_key
from rules.state import DEAD, GONE, Battle
from rules.systems.zefrs.catalogue import AREAS
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit
from rules.systems.zefrs.walk import kept_costs
from rules.wording import PLAIN, Words

__all__ = ["Declared", "aims_against", "closing_hexes", "destinations", "in_reach",
           "move_budget", "parse", "say_action"]

FIGHT_MODES = ("", "ko", "both", "guard", "twice")


@dataclass(frozen=True)
class Declared:
    kind: str  # fight, close, wait, move, defend
    target: str = ""
    aim: str = ""
    to: Hex | None = None
    mode: str = ""  # for a fight: "", ko, both, guard, twice

    @property
    def extra(self) -> bool:
        """An extra action, needing the ZEF-22 check (two weapons are not one, ZEF-32)."""
        return self.kind == "close" or self.mode == "twice"

    @property
    def strikes(self) -> bool:
        return self.kind in ("fight", "close")

    @property
    def weapon_bonus(self) -> bool:
        """Whether his weapon's Initiative Bonus counts (ZEF-17): a blow or a shot."""
        return self.kind in ("fight", "close", "shoot")

    @property
    def rolls_initiative(self) -> bool:
        """R-ZEF-INITIATIVE-WHO: everyone who does something but defend or wait; a blow
        held on guard falls at the turn's end instead (ZEF-33)."""
        return self.kind not in ("defend", "wait") and self.mode != "guard"

    @property
    def defends(self) -> bool:
        """An active defence this turn (ZEF-36): Defend, or a second weapon held to guard."""
        return self.kind == "defend" or self.mode == "guard"


@lru_cache(maxsize=8192)
def parse(action: str) -> Declared | None:
    """The declared action, or None if it is not one a ZeFRS figure can state.  (Kept per
    string: every step of a turn reads the declarations again; `Declared` is frozen.)"""
    parts = action.split(":")
    head = parts[0]
    if head == "shoot" and len(parts) in (2, 3) and parts[1]:
        aim = parts[2] if len(parts) == 3 else ""
        return Declared("shoot", parts[1], aim) if not aim or aim in AREAS else None
    if head in ("defend", "stand", "reload") and len(parts) == 1:
        return Declared(head)
    if head in ("wrestle", "bash", "rush") and len(parts) == 2 and parts[1]:
        return Declared(head, parts[1])
    if head in ("fight", "close", "wait") and len(parts) in (3, 4):
        target, aim = parts[1], parts[2]
        mode = parts[3] if len(parts) == 4 else ""
        if not target or aim not in AREAS or (mode and (head != "fight" or mode not in
                                                        FIGHT_MODES)):
            return None
        return Declared(head, target, aim, mode=mode)
    if head == "move" and len(parts) == 2:
        q, _, r = parts[1].partition(",")
        try:
            return Declared("move", to=Hex(int(q), int(r)))
        except ValueError:
            return None
    return None


def say_action(action: str, w: Words = PLAIN) -> str:
    d = parse(action)
    if d is None:
        return action
    if d.kind in ("defend", "stand", "reload"):
        return {"defend": "defend", "stand": "climb to his feet",
                "reload": "load his weapon"}[d.kind]
    if d.kind == "shoot":
        at = f"{w.unit(d.target)}'s {d.aim.replace('_', ' ')}" if d.aim else w.unit(d.target)
        return f"shoot at {at}" + (" (a called shot)" if d.aim else "")
    if d.kind in ("wrestle", "bash", "rush"):
        verb = {"wrestle": "grapple", "bash": "bash with his shield", "rush": "rush"}
        return f"{verb[d.kind]} {w.unit(d.target)}"
    if d.kind == "move":
        assert d.to is not None
        return f"move to {w.hex((d.to.q, d.to.r))}"
    aim = d.aim.replace("_", " ")
    if d.kind == "wait":
        return f"wait for {w.unit(d.target)} to act, then strike at his {aim}"
    if d.kind == "close":
        return f"close with {w.unit(d.target)} and strike at his {aim} (an extra action)"
    how = {"": "", "ko": " to knock him out", "both": " with both weapons",
           "guard": ", the other weapon on guard", "twice": " twice (an extra action)"}
    return f"strike at {w.unit(d.target)}'s {aim}{how[d.mode]}"


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


def in_reach(state: Battle, a: ZefUnit, target: ZefUnit, at: Hex | None = None) -> bool:
    """ZEF-02: within his weapon's reach (R-POS-REACH: reach_ft // feet per hex, at least 1),
    from where he stands or from `at`."""
    here = at if at is not None else a.pos
    if here is None or target.pos is None:
        return False
    hexes = max(1, a.reach_ft // state.board.feet_per_hex)
    return here.distance(target.pos) <= hexes


def move_budget(state: Battle, u: ZefUnit) -> int:
    """R-ZEF-MOVE: hexes a turn, on foot or in the saddle."""
    cfg = config_of(state)
    if u.lamed:  # R-ZEF-WOUNDS
        return 1
    return cfg.mounted_move_hexes if u.mounted else cfg.move_hexes


def closing_hexes(state: Battle, u: ZefUnit, target: ZefUnit) -> list[Hex]:
    """The hexes he can reach this turn from which his weapon reaches `target`, nearest
    first (R-ZEF-EXTRA: where a Close ends)."""
    if u.pos is None:
        return []
    paths = reachable(state, u, move_budget(state, u))
    fits = [h for h in paths if in_reach(state, u, target, at=h)]
    return sorted(fits, key=lambda h: (len(paths[h]), h))


def destinations(state: Battle, u: ZefUnit, budget: int) -> tuple[Hex, ...]:
    """The hexes he can end a move on this turn (R-POS-BLOCK), in hex order: the same set
    `reachable` gives, without working out the straightest path to each (that is done
    once, for the hex he walks to)."""
    assert u.pos is not None
    board = state.board
    if board.cheapest_step < 1:  # free steps: a move may end anywhere, every figure counts
        free = movement_range(u.pos, budget, step_cost(state, u))
        taken = {o.pos for o in state.units if o.pos is not None and o.id != u.id
                 and o.status not in (DEAD, GONE)}  # as `occupied` reads the board
        return tuple(h for h in free if h not in taken)
    # Each step costs at least 1, so only the figures within `budget` can block or take a
    # hex of his move (issue 36): the walk is kept on the board under them.
    walk = walk_key(state, u, budget)
    standing = state.where.standing
    taken = frozenset(h for h in hexes_near(standing, u.pos, budget)
                      if any(i != u.id for i in standing[h]))  # as `occupied` reads it
    key = ("zef-destinations", walk, taken)
    found = board.memo.get(key)
    if found is None:
        free = sorted(kept_costs(state, u, budget, walk))
        found = tuple(h for h in free if h not in taken)
        remember(board, key, found)
    return found  # type: ignore[no-any-return]
