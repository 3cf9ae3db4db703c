"""What the ZeFRS planner reads off a battle: worth, blows at each aiming point, the threat a
foe poses, initiative chances, the colour odds of a plain check.

Why a module apart from the planner: these are the measurements (each from the rules' own
functions, memoised in the controller's memory); the planner (planner.py) only compares
what they give.  Worth is the generic model's (``off × (hp + K_KILL)``, game/ai/model.py)
with one ZeFRS change: a PC or Foe at 0 Damage or below still fights (ZEF-52), so he is
worth his kill bonus rather than nothing, and `harm` counts damage only down to 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai.zefrs.odds import AimOdds, aim_odds, shot_odds, wound_worth
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import own_shifts
from rules.systems.zefrs.declare import aims_against, in_reach, move_budget
from rules.systems.zefrs.missiles import shot_refusal
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, initiative_rating

if TYPE_CHECKING:
    from game.ai.model import Model

MIN_OFF = 0.25


@dataclass(frozen=True, slots=True)
class Aimed:
    """The best blow (or shot) one figure has at one foe: its worth, the aiming point (""
    for an unaimed shot), the mode ("", "ko") and the odds."""

    value: float
    aim: str
    mode: str
    odds: AimOdds


class Reader:
    """One side's measurements of one state, for one decision (caches: the controller's)."""

    def __init__(self, model: Model, greedy: bool) -> None:
        self.m = model
        self.state: Battle = model.state
        self.greedy = greedy
        notes = model.mem.notes
        self.memo: dict[Any, Any] = notes.setdefault("zefrs_odds", {})
        self.offs: dict[Any, float] = notes.setdefault("zefrs_off", {})
        self.local: dict[Any, Any] = {}
        self.cfg = config_of(self.state)
        self.t = load_tables()

    # --- units ------------------------------------------------------------------------------

    def unit(self, uid: str, st: Battle | None = None) -> ZefUnit:
        u = (st or self.state).unit(uid)
        assert isinstance(u, ZefUnit)
        return u

    def foes_of(self, u: ZefUnit) -> list[ZefUnit]:
        return [f for f in self.state.units if isinstance(f, ZefUnit) and f.side != u.side
                and f.fighting and f.pos is not None]

    def friends_of(self, u: ZefUnit) -> list[ZefUnit]:
        return [f for f in self.state.units if isinstance(f, ZefUnit) and f.side == u.side
                and f.fighting and f.pos is not None]

    def reach(self, u: ZefUnit) -> int:
        return max(1, u.reach_ft // self.state.board.feet_per_hex)

    def walk(self, u: ZefUnit) -> int:
        return 0 if u.knocked_down else move_budget(self.state, u)

    def engaged(self, u: ZefUnit, at: Hex | None = None) -> bool:
        """R-ZEF-NO-SHOOT-IN-MELEE: a foe able to fight has him within his reach."""
        here = at or u.pos
        if here is None:
            return False
        return any(f.pos is not None and f.pos.distance(here) <= self.reach(f)
                   for f in self.foes_of(u))

    # --- free turns (ZEF-12) ---------------------------------------------------------------

    def acts_now(self, u: ZefUnit) -> bool:
        """Does he act this turn?  In a turn of free actions only those who have one do."""
        if not self._free_now():
            return True
        return u.free_actions > 0

    def acts_next(self, u: ZefUnit) -> bool:
        """Will he act next turn?  Each free turn spends one free action of everyone who
        has any; while someone has more than one, the next turn is free too."""
        if not any(f.free_actions > 1 for f in self.all_fighting()):
            return True
        return u.free_actions > 1

    def _free_now(self) -> bool:
        key = ("free_now",)
        if key not in self.local:
            self.local[key] = any(f.free_actions > 0 for f in self.all_fighting())
        return self.local[key]  # type: ignore[no-any-return]

    def all_fighting(self) -> list[ZefUnit]:
        return [f for f in self.state.units if isinstance(f, ZefUnit) and f.fighting]

    # --- worth ------------------------------------------------------------------------------

    def off(self, u: ZefUnit) -> float:
        """Expected damage of one of his blows (or shots, if better) on the foes he faces,
        from their front: how hard he hits, measured once a game."""
        key = (u.id, u.template, u.weapon, u.missile, u.wound_shift)
        v = self.offs.get(key)
        if v is None:
            total, n, seen = 0.0, 0, set()
            for e in self.foes_of(u):
                if e.template in seen or n >= 4:
                    continue
                seen.add(e.template)
                assert e.pos is not None
                front = e.pos.neighbor(e.facing)
                st = self.state.update_unit(u.id, pos=front, knocked_down=False)
                best = max((_mean(aim_odds(self.memo, st, u.id, e.id, a, defending=False))
                            for a in aims_against(u, e)), default=0.0)
                if u.missile and not u.loading:
                    far = e.pos + (front - e.pos).scale(3)
                    st = self.state.update_unit(u.id, pos=far)
                    if shot_refusal(st, self.unit(u.id, st), self.unit(e.id, st),
                                    engaged=False) is None:
                        best = max(best, _mean(shot_odds(self.memo, st, u.id, e.id)[0]))
                total += best
                n += 1
            v = max(MIN_OFF, total / n) if n else 1.0
            self.offs[key] = v
        return v

    def worth(self, u: ZefUnit) -> float:
        if not u.fighting:
            return 0.0
        return self.off(u) * (max(u.hp, 0) + self.m.k_kill)

    def harm(self, target: ZefUnit, o: AimOdds) -> float:
        """Worth `target`'s side loses to a blow with odds `o`.  The tactician's is exact:
        the damage he takes and stands, and all he is worth when he is out of the fight
        (a red knock-out, ZEF-35, or a failed Damage check, ZEF-52, takes a figure with
        many points left).  The greedy player's is the generic model's: damage down to 0
        and the kill bonus for the chance he is out."""
        if not target.fighting:
            return 0.0
        h = max(target.hp, 0)
        if self.greedy:
            dmg = sum(min(d, h) * p for d, p in o.dist)
            return self.off(target) * (dmg + self.m.k_kill * o.kill)
        return self.off(target) * (o.kept + (h + self.m.k_kill) * o.kill)

    def value(self, target: ZefUnit, o: AimOdds, aim: str, wounds: tuple[tuple[str, float],
              ...] = ()) -> float:
        """`harm`, and for the tactician the specific wound a red may leave (ZEF-54)."""
        v = self.harm(target, o)
        if self.greedy:
            return v
        w = self.worth(target)
        for area, p in wounds or ((aim, o.wound),):
            if p:
                v += p * wound_worth(self.state, target, area) * w
        return v

    # --- blows ------------------------------------------------------------------------------

    def best_blow(self, u: ZefUnit, f: ZefUnit, st: Battle | None = None,
                  defending: bool | None = None, tag: Any = None) -> Aimed:
        """`u`'s best aimed blow at `f` in `st` (the tactician weighs a knock-out too);
        remembered for this decision when `st` is the state itself or `tag` names it."""
        key = ("blow", u.id, f.id, tag, defending) if st is None or tag is not None else None
        st = st or self.state
        found = self.local.get(key) if key is not None else None
        if found is not None:
            return found  # type: ignore[no-any-return]
        best: Aimed | None = None
        target = self.unit(f.id, st)
        for aim in aims_against(u, f):
            o = aim_odds(self.memo, st, u.id, f.id, aim, defending=defending)
            cand = Aimed(self.value(target, o, aim), aim, "", o)
            if best is None or cand.value > best.value + 1e-12:
                best = cand
            if not self.greedy:
                ko = aim_odds(self.memo, st, u.id, f.id, aim, defending=defending,
                              knockout=True)
                cand = Aimed(self.value(target, ko, aim), aim, "ko", ko)
                if cand.value > best.value + 1e-12:
                    best = cand
        assert best is not None
        if key is not None:
            self.local[key] = best
        return best

    def blow_odds(self, u: ZefUnit, f: ZefUnit, aim: str) -> AimOdds:
        """`u`'s plain blow at `f`'s `aim`, where both stand."""
        return aim_odds(self.memo, self.state, u.id, f.id, aim)

    def shot(self, u: ZefUnit, f: ZefUnit, aim: str = "") -> AimOdds:
        """`u`'s shot at `f`, called at `aim` or (`""`) unaimed."""
        return shot_odds(self.memo, self.state, u.id, f.id, aim)[0]

    def best_shot(self, u: ZefUnit, f: ZefUnit, called: bool) -> Aimed:
        """`u`'s shot at `f`: unaimed (a d10 says where, ZEF-39) or, `called`, the best
        called shot (only red hits, ZEF-40)."""
        best = None
        for aim in (self.t.hit_location if called else ("",)):
            o, wounds = shot_odds(self.memo, self.state, u.id, f.id, aim)
            cand = Aimed(self.value(f, o, aim, wounds), aim, "", o)
            if best is None or cand.value > best.value + 1e-12:
                best = cand
        assert best is not None
        return best

    def threat(self, e: ZefUnit) -> float:
        """What `e` is likely to take from our side this turn: his best blow on the one of
        us in his reach it suits him best to strike, or his best shot."""
        key = ("threat", e.id)
        if key in self.local:
            return self.local[key]  # type: ignore[no-any-return]
        best = 0.0
        assert e.pos is not None
        for v in self.foes_of(e):
            assert v.pos is not None
            d = e.pos.distance(v.pos)
            if d <= self.reach(e):
                best = max(best, self.best_blow(e, v).value)
            elif e.missile and not e.loading and shot_refusal(self.state, e, v) is None:
                best = max(best, self.best_shot(e, v, False).value)
        self.local[key] = best
        return best

    # --- checks -----------------------------------------------------------------------------

    def chance(self, u: ZefUnit, rating: int, colour: Colour, st: Battle | None = None
               ) -> float:
        """The chance of `colour` or better on a check of `rating` with his own shifts."""
        st = st or self.state
        walk = self.t.chart.walk(rating, own_shifts(st, self.unit(u.id, st), self.cfg),
                                 self.cfg.columns_per_point)
        return self.t.chart.column(walk.column).at_least(colour) / 100

    def first(self, u: ZefUnit, e: ZefUnit) -> float:
        """The chance `u` acts before `e` when both strike (ZEF-17, ZEF-18;
        R-ZEF-INITIATIVE-TIES: the higher rating, then a roll-off)."""
        if self.cfg.initiative_by == "sides":
            return 0.5
        rnd = max(1, self.state.round)  # declarations come after the turn has begun
        a = initiative_rating(u, self.t) + self.t.weapon(u.weapon or None).initiative_bonus(rnd)
        b = initiative_rating(e, self.t) + self.t.weapon(e.weapon or None).initiative_bonus(rnd)
        ra, rb = initiative_rating(u, self.t), initiative_rating(e, self.t)
        wins = 0.0
        for x in range(1, 11):
            for y in range(1, 11):
                if a + x != b + y:
                    wins += a + x > b + y
                elif ra != rb:
                    wins += ra > rb
                else:
                    wins += 0.5
        return wins / 100

    def in_reach(self, u: ZefUnit, f: ZefUnit, at: Hex | None = None) -> bool:
        return in_reach(self.state, u, f, at=at)


def _mean(o: AimOdds) -> float:
    return sum(d * p for d, p in o.dist)


__all__ = ["Aimed", "Reader"]
