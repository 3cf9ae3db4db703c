"""How the computer players see a battle: worth, exact odds, threat, and safe paths.

One `Model` is built per decision from the state the deciding side may see.  Everything it
computes is a plain value derived from immutable states; its caches belong to it (or to the
controller's `Memory`), so a controller never touches anything another thread can see.

The currency is *worth*: a fighting unit is worth ``off × (hp + K_KILL)``, where ``off`` is
its expected damage per attack against the foes it faces (measured once with the ruleset's
exact odds, from the front) and ``K_KILL`` is a bonus in hit points for putting it out of the
fight (3, or the ruleset's `RulesetHooks.kill_bonus` for the tactician; the greedy player
keeps 3, `Model.k_kill`).  So a blow of ``d`` on a unit with ``hp`` left costs its side
``off × (min(d, hp) + K_KILL·[d ≥ hp])``, and the exact damage distribution of an attack turns
into an exact expected change of worth (`Model.harm`).  Lanchester's square law is the
reason for ``off × hp``: a unit's contribution to a fight is how hard it hits times how long
it lasts.

Kept whole, though long: the worth, the threat a figure stands under and the safe paths
share the model's caches and one reading of the state, and are tuned together (see
docs/AI_MEASUREMENTS.md); splitting them would spread one formula over several files.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.ai.budget import UNLIMITED, Budget
from game.ai.hooks import K_KILL, Profile, RulesetHooks, Strike
from game.ai.threat import Threat
from rules.engine import ruleset_of
from rules.hexgrid import DIRECTIONS, Hex, arc_of, line
from rules.positioning import step_cost, unit_reach
from rules.state import DEAD, GONE, Battle, Unit

W_NEXT = 0.3  # weight of next round's blows against this round's
PROGRESS = 0.25  # worth per hex of closing on the foe, per unit of `off`
MIN_OFF = 0.25
MARGIN_MIX = 0.7  # how surely a foe strikes the target that suits him best

ARC_RANK = {"rear": 0, "flank": 1, "front": 2}


@dataclass(frozen=True, slots=True)
class FOdds:
    """An attack's exact odds, as floats for arithmetic."""

    hit: float
    dist: tuple[tuple[int, float], ...]  # damage > 0 → probability
    kill: float

    @property
    def mean(self) -> float:
        return sum(d * p for d, p in self.dist)


NO_ODDS = FOdds(0.0, (), 0.0)


@dataclass
class Memory:
    """What one controller remembers between its decisions (never shared)."""

    off: dict[tuple[str, str, int], float] = field(default_factory=dict)
    notes: dict[Any, Any] = field(default_factory=dict)  # hooks' plans, by their own keys


class Model:
    """One side's view of one state, with caches for the decision being made."""

    def __init__(self, state: Battle, side: str, hooks: RulesetHooks, memory: Memory) -> None:
        self.state = state
        self.side = side
        self.hooks = hooks
        self.mem = memory
        self.rs = ruleset_of(state)
        self.units: dict[str, Unit] = {u.id: u for u in state.units}
        self.fighting = [u for u in state.units if u.fighting]
        self.own = [u for u in self.fighting if u.side == side]
        self.foes = [u for u in self.fighting if u.side != side]
        self._own_ids = {u.id: u for u in self.own}
        self._foe_ids = {u.id: u for u in self.foes}
        self.taken: dict[Hex, Unit] = {u.pos: u for u in state.units
                                       if u.pos is not None and u.status not in (DEAD, GONE)}
        self._odds: dict[Any, FOdds] = {}
        self._prof: dict[str, Profile] = {}
        self._variants: dict[Any, Battle] = {}
        self._neutral: dict[Any, float] = {}
        self._fall: dict[str, float] = {}
        self._threat: dict[str, Threat] = {}
        self._counts: dict[tuple[str, int], int] = {}  # `Threat` counts, by positions alone
        # What the tactics worked out for this model (`position_value`, `exposure`), by
        # their arguments: the same place weighed twice in one decision is weighed once.
        self.memo: dict[Any, Any] = {}
        # Answer "which enemies could strike here, among how many targets" from `Threat`
        # (worked out once for the position) rather than by scanning every unit; False
        # scans, as the tests do to check the two agree.
        self.incremental = True
        self.budget: Budget = UNLIMITED  # the player's (`game.ai.budget`)
        self.myopic = False
        # a kill's worth in hit points: the ruleset's tuning (`RulesetHooks.kill_bonus`)
        self.k_kill = hooks.kill_bonus
        # The chance this round's enemy blows land before our unit's move, so they find it
        # where it stands (a declaration weighed before initiative is rolled); 0 once the
        # order is known, since by then the enemies still to strike strike after us.
        self.pre_move = 0.0  # the greedy player's view: no enemy replies, no free attacks

    def share_caches(self, other: Model) -> None:
        """Use `other`'s odds caches: for states that differ only in what units intend
        (not where they stand or how they are hurt), the odds are the same."""
        self._odds = other._odds
        self._neutral = other._neutral
        if [(u.id, u.pos) for u in self.fighting] == [(u.id, u.pos) for u in other.fighting]:
            self._counts = other._counts
        self.myopic = other.myopic
        self.budget = other.budget
        self.k_kill = other.k_kill
        self.pre_move = other.pre_move

    # --- basics -----------------------------------------------------------------------------

    def reach(self, u: Unit) -> int:
        return unit_reach(self.state, u)

    def enemies_of(self, u: Unit) -> list[Unit]:
        return self.foes if u.side == self.side else self.own

    def friends_of(self, u: Unit) -> list[Unit]:
        return self.own if u.side == self.side else self.foes

    def listed(self, e: Unit, uid: str) -> Unit | None:
        """The unit `uid` as it stands among `e`'s enemies (`enemies_of`), if it is one."""
        return (self._foe_ids if e.side == self.side else self._own_ids).get(uid)

    def enemies_within(self, u: Unit, x: Hex, rng: int) -> list[Unit]:
        """`u`'s enemies standing within `rng` of `x`, in `enemies_of` order."""
        if self.incremental:
            return self.threat(u.side).within(x, rng)
        return [e for e in self.enemies_of(u) if e.pos is not None and e.pos.distance(x) <= rng]

    def threat(self, side: str) -> Threat:
        """Who can strike a unit of `side` where, in this position (`game.ai.threat`)."""
        t = self._threat.get(side)
        if t is None:
            t = self._threat[side] = Threat(self, side, self._counts)
        return t

    def profile(self, u: Unit) -> Profile:
        p = self._prof.get(u.id)
        if p is None:
            p = self._prof[u.id] = self.hooks.profile(self, u)
        return p

    def variant(self, u: Unit, pos: Hex, facing: int) -> tuple[Battle, Any]:
        """The state with `u` standing on `pos` facing `facing` (a hypothetical, for odds)."""
        if pos == u.pos and facing == u.facing:
            return self.state, None
        key = (u.id, pos, facing)
        st = self._variants.get(key)
        if st is None:
            st = self._variants[key] = self.state.update_unit(u.id, pos=pos, facing=facing)
        return st, key

    def path_cost(self, u: Unit, path: list[Hex]) -> int:
        cost = step_cost(self.state, u)
        total = 0
        for a, b in itertools.pairwise(path):
            total += cost(a, b) or 0
        return total

    # --- odds and worth -----------------------------------------------------------------------

    def fodds(self, s: Strike, st: Battle | None = None, vkey: Any = None) -> FOdds:
        key = (vkey, s)
        found = self._odds.get(key)
        if found is None:
            o = self.hooks.fast_odds(self, st if st is not None else self.state, s)
            found = NO_ODDS if o is None else FOdds(*o)
            self._odds[key] = found
        return found

    def off(self, u: Unit) -> float:
        """Expected damage of one of `u`'s attacks on the foes it faces (from their front)."""
        key = (u.id, u.template, u.max_hp)
        v = self.mem.off.get(key)
        if v is None:
            foes = [e for e in self.state.units if e.side != u.side and e.pos is not None]
            seen: set[str] = set()
            sample = []
            for e in foes:
                if e.template not in seen:
                    seen.add(e.template)
                    sample.append(e)
            total, n = 0.0, 0
            for e in sample[:4]:
                assert e.pos is not None
                front = e.pos.neighbor(e.facing)
                fo = self.fodds(Strike(u.id, e.id, "melee", from_hex=front))
                total += fo.mean
                n += 1
            v = max(MIN_OFF, total / n) if n else 1.0
            self.mem.off[key] = v
        return v

    def mean_off_against(self, u: Unit) -> float | None:
        """The mean `off` of `u`'s enemies (None if it has none), once per model and side."""
        key = ("mean_off", u.side)
        if key not in self.memo:
            victims = self.enemies_of(u)
            self.memo[key] = (sum(self.off(v) for v in victims) / len(victims)
                              if victims else None)
        return self.memo[key]  # type: ignore[no-any-return]

    def worth(self, u: Unit, hp: float | None = None) -> float:
        h = u.hp if hp is None else hp
        if h <= 0 or not u.fighting:
            return 0.0
        return self.off(u) * (h + self.k_kill)

    def harm(self, target: Unit, fo: FOdds, hp: int | None = None) -> float:
        """Expected worth `target`'s side loses to an attack with odds `fo`."""
        h = target.hp if hp is None else hp
        if h <= 0:
            return 0.0
        dmg = sum(min(d, h) * p for d, p in fo.dist)
        return self.off(target) * (dmg + self.k_kill * fo.kill) + fo.kill * self.fall_value(target)

    def fall_value(self, u: Unit) -> float:
        v = self._fall.get(u.id)
        if v is None:
            v = self._fall[u.id] = self.hooks.fall_value(self, u)
        return v

    def strike_value(self, s: Strike, st: Battle | None = None, vkey: Any = None) -> float:
        """Worth gained by the striker's side, net of friendly fire."""
        fo = self.fodds(s, st, vkey)
        v = self.harm(self.units[s.target], fo)
        if s.kind == "missile":
            v -= self.hooks.friendly_fire(self, s)
        return v

    # --- threat --------------------------------------------------------------------------------

    def approaches(self, e: Unit, u: Unit, x: Hex, f: int, move: int) -> list[Hex]:
        """Hexes from which `e` could strike `u` standing on `x` facing `f`, within `move`
        of it and free: where `e` stands if `u` is already in its reach, else the nearest
        free hex of each of `u`'s arcs (rear, flank, front)."""
        assert e.pos is not None
        r = self.reach(e)
        if e.pos.distance(x) <= r:
            return [e.pos]
        best: dict[int, tuple[int, Hex]] = {}
        for h in x.neighbors():
            if not self.state.board.passable(h):
                continue
            other = self.taken.get(h)
            if other is not None and other.id not in (e.id, u.id):
                continue
            d = e.pos.distance(h)
            if d > move:
                continue
            rank = ARC_RANK[arc_of(f, x, h)]
            if rank not in best or (d, h) < best[rank]:
                best[rank] = (d, h)
        return [best[k][1] for k in sorted(best)]

    def approach(self, e: Unit, u: Unit, x: Hex, f: int, move: int) -> Hex | None:
        """The hex from which `e` would most likely strike `u`: rear, then flank, then
        front, the nearest of each."""
        found = self.approaches(e, u, x, f, move)
        return found[0] if found else None

    def zone_units(self, side: str) -> dict[Hex, tuple[str, ...]]:
        """Hexes `side`'s fighting units threaten, with who threatens each."""
        key = ("zone_units", side)
        z = self._variants.get(key)
        if z is None:
            out: dict[Hex, list[str]] = {}
            for v in self.fighting:
                if v.side != side or v.pos is None:
                    continue
                for h in _disk(v.pos, self.reach(v)):
                    out.setdefault(h, []).append(v.id)
            z = {h: tuple(ids) for h, ids in out.items()}
            self._variants[key] = z  # type: ignore[assignment]
        return z  # type: ignore[return-value]

    def gauntlet(self, e: Unit, u: Unit, x: Hex, frm: Hex) -> tuple[float, dict[str, float]]:
        """`e` walking straight to `frm` to strike `u` (standing on `x`): the chance no free
        attack on the way halts it, and the worth it loses to each reactor.  Every hex of
        the walk it leaves that another of `u`'s side threatens provokes that unit once; the
        reactors are assumed to strike.  (`u`'s own free attack is left out: it has one a
        round, and which foe will come past it first is anyone's guess.)"""
        assert e.pos is not None
        if self.myopic or frm == e.pos:
            return 1.0, {}
        key = ("gauntlet", e.id, u.id, frm)
        found = self._neutral.get(key)
        if found is not None:
            return found  # type: ignore[return-value]
        zone = self.zone_units(u.side)
        reactors: list[str] = []
        for h in line(e.pos, frm)[:-1]:
            for rid in zone.get(h, ()):
                if rid != u.id and rid not in reactors and self.hooks.can_react(self, rid):
                    reactors.append(rid)
        through = 1.0
        lost: dict[str, float] = {}
        for rid in reactors:
            r = self.units[rid]
            fo = self.fodds(Strike(rid, e.id, "opportunity", from_hex=r.pos))
            lost[rid] = through * self.harm(e, fo)
            through *= 1.0 - fo.hit
        self._neutral[key] = (through, lost)  # type: ignore[assignment]
        return through, lost

    def _marginal(self, e: Unit, u: Unit, rng: int, kind: str, h_u: float, n: int) -> float:
        """What `u` standing in `e`'s reach costs its side: `e` strikes once, at the target
        that suits it best, so `u` only adds what its blow is worth over the best other
        target `e` has (all of it if `u` is the only one).  Mixed with the plain share
        (`MARGIN_MIX`), since a foe's choice is not so certain."""
        key = ("others", e.id, u.id, rng, kind)
        h_o = self._neutral.get(key)
        if h_o is None:
            h_o = 0.0
            assert e.pos is not None
            others = [v for v in self.enemies_within(e, e.pos, rng) if v.id != u.id]
            for v in self.budget.nearest(others, e.pos, self.budget.threats):
                h_o = max(h_o, self.neutral(e, v, kind, "front"))
            self._neutral[key] = h_o
        return MARGIN_MIX * max(0.0, h_u - h_o) + (1.0 - MARGIN_MIX) * h_u / n

    def _targets_near(self, e: Unit, rng: int, u: Unit, x: Hex) -> int:
        """How many targets `e` has within `rng` with `u` standing on `x`."""
        if self.incremental:
            return self.threat(u.side).targets_near(e, rng, u, x)
        assert e.pos is not None
        n = 0
        for v in self.enemies_of(e):
            pos = x if v.id == u.id else v.pos
            if pos is not None and e.pos.distance(pos) <= rng:
                n += 1
        return max(1, n)

    def neutral(self, e: Unit, u: Unit, kind: str, arc_name: str) -> float:
        """Harm of `e` striking `u` with `kind` from `u`'s `arc_name`, in the current state
        (positions aside): next round's threats are weighed with this cheaper figure."""
        key = (e.id, u.id, kind, arc_name)
        v = self._neutral.get(key)
        if v is None:
            assert u.pos is not None
            turn = {"front": 0, "flank": 2, "rear": 3}[arc_name]
            h = u.pos.neighbor(u.facing + turn)
            v = self._neutral[key] = self.harm(u, self.fodds(Strike(e.id, u.id, kind,
                                                                    from_hex=h)))
        return v

    def exposure(self, u: Unit, x: Hex, f: int, skip: Iterable[str] = (),
                 kill_first: dict[str, float] | None = None, now: bool = True,
                 nxt: bool = True) -> float:
        """Expected worth `u` loses standing on `x` facing `f` to the blows its enemies can
        still land: this round's by exact odds from the hex each would strike from, next
        round's at `W_NEXT`, each enemy's blow shared among the targets it could pick.

        Blows compound rather than add (a unit can only be felled once): with each blow
        taking a fraction c_i of the unit's worth, the loss is worth·(1 − Π(1 − c_i)).  What
        the unit deals back to a blow (a set spear) is subtracted outright."""
        if self.myopic:
            return 0.0
        key = ("exposure", u.id, x, f, tuple(sorted(set(skip))),
               tuple(sorted(kill_first.items())) if kill_first else (), now, nxt)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._exposure(u, x, f, skip, kill_first, now, nxt)
        return found

    def _exposure(self, u: Unit, x: Hex, f: int, skip: Iterable[str],
                  kill_first: dict[str, float] | None, now: bool, nxt: bool) -> float:
        st, vkey = self.variant(u, x, f)
        w_u = self.worth(u) + self.fall_value(u)
        if w_u <= 0:
            return 0.0
        keep = 1.0
        counters = 0.0
        oa: dict[str, float] = {}  # reactor → the best free attack it may get (one a round)
        skipped = set(skip)
        if self.incremental:
            enemies = self.budget.nearest(self.threat(u.side).near(x), x, self.budget.threats)
        else:
            enemies = self.enemies_of(u)
        for e in enemies:
            if e.id in skipped or e.pos is None:
                continue
            p = self.profile(e)
            d = e.pos.distance(x)
            t = p.tier_now(d) if p.now else None
            if t is not None and not now:
                continue
            if t is not None:
                cands = ([e.pos] if t.kind in ("missile", "spell")
                         else self.approaches(e, u, x, f, t.move))
                best: tuple[float, float, float, dict[str, float]] | None = None
                for frm in cands:
                    kind = t.kind if frm != e.pos or t.kind != "charge" else "melee"
                    fo = self.fodds(Strike(e.id, u.id, kind, from_hex=frm), st, vkey)
                    through, lost = self.gauntlet(e, u, x, frm)
                    factor, counter = self.hooks.counter_threat(self, e, u, x, f, frm, kind)
                    h = through * factor * self.harm(u, fo)
                    back = sum(lost.values()) + through * counter
                    if best is None or h - back > best[0]:
                        best = (h - back, h, through * counter, lost)
                if best is not None:
                    n = self._targets_near(e, t.reach, u, x)
                    w = p.w_now / n
                    if kill_first and e.id in kill_first:
                        w *= 1.0 - kill_first[e.id]
                    h = self._marginal(e, u, t.reach, t.kind, best[1], n)
                    keep *= 1.0 - min(1.0, p.w_now * h * (w * n / p.w_now) / w_u)
                    counters += w * best[2]
                    for rid, v in best[3].items():
                        oa[rid] = max(oa.get(rid, 0.0), w * v)
                    continue
            t = p.tier_next(d) if p.next and nxt else None
            if t is not None:
                if t.kind in ("missile", "spell"):
                    arc_name = "front"
                    through = 1.0
                else:
                    frm = self.approach(e, u, x, f, t.move)
                    if frm is None:
                        continue
                    arc_name = "front" if frm == e.pos else arc_of(f, x, frm)
                    through, _ = self.gauntlet(e, u, x, frm)
                n = self._targets_near(e, t.reach, u, x)
                h = self._marginal(e, u, t.reach, t.kind,
                                   through * self.neutral(e, u, t.kind, arc_name), n)
                keep *= 1.0 - min(1.0, W_NEXT * h / w_u)
        return w_u * (1.0 - keep) - counters - sum(oa.values())

    def opportunity(self, u: Unit, x: Hex, f: int, kind: str, rng: int
                    ) -> tuple[float, Unit | None, FOdds]:
        """The best blow `u` could land from `x` on an enemy within `rng` hexes."""
        st, vkey = self.variant(u, x, f)
        best: tuple[float, Unit | None, FOdds] = (0.0, None, NO_ODDS)
        for t in self.budget.nearest(self.enemies_within(u, x, rng), x, self.budget.threats):
            if (t.pos is None or t.pos.distance(x) > rng
                    or not self.hooks.can_strike_from(self, u, x, t, kind)):
                continue
            s = Strike(u.id, t.id, kind, from_hex=x)
            v = self.strike_value(s, st, vkey)
            if v > best[0]:
                best = (v, t, self.fodds(s, st, vkey))
        return best

    def coming(self, u: Unit, x: Hex, f: int) -> float:
        """The blow `u` on `x` may land on foes who come to it this round (not yet in its
        reach): each foe whose strike this round can reach `x`, at the chance it picks `u`,
        struck from the front as it arrives."""
        if self.myopic:
            return 0.0
        r = self.reach(u)
        best = 0.0
        total = 0.0
        for e in self.threat(u.side).near(x) if self.incremental else self.enemies_of(u):
            if e.pos is None:
                continue
            d = e.pos.distance(x)
            if d <= r:
                continue
            p = self.profile(e)
            t = p.tier_now(d) if p.now else None
            if t is None or t.kind in ("missile", "spell"):
                continue
            h = self.neutral(u, e, "melee", "front")
            best = max(best, h)
            total += p.w_now * h / self._targets_near(e, t.reach, u, x)
        return min(best, total)

    def next_opportunity(self, u: Unit, x: Hex, f: int) -> float:
        """Next round's best blow for `u` from `x`, at `W_NEXT`."""
        if self.myopic:
            return 0.0
        p = self.profile(u)
        best = 0.0
        for e in self.enemies_within(u, x, max((t.reach for t in p.next), default=0)):
            if e.pos is None:
                continue
            t = p.tier_next(e.pos.distance(x)) if p.next else None
            if t is not None:
                best = max(best, self.neutral(u, e, t.kind, "front"))
        return W_NEXT * best

    def nearest_enemy(self, u: Unit, x: Hex) -> int:
        if self.incremental:
            return self.threat(u.side).nearest(x)
        return min((e.pos.distance(x) for e in self.enemies_of(u) if e.pos is not None),
                   default=0)

    # --- paths ----------------------------------------------------------------------------------

    def zone(self, u: Unit) -> dict[Hex, int]:
        """Hexes `u`'s enemies threaten, with how many threaten each."""
        key = ("zone", u.side)
        z = self._variants.get(key)
        if z is None:
            out: dict[Hex, int] = {}
            for e in self.enemies_of(u):
                if e.pos is None:
                    continue
                r = self.reach(e)
                for dq in range(-r, r + 1):
                    for dr in range(max(-r, -dq - r), min(r, -dq + r) + 1):
                        h = Hex(e.pos.q + dq, e.pos.r + dr)
                        if h != e.pos:
                            out[h] = out.get(h, 0) + 1
            self._variants[key] = z = out  # type: ignore[assignment]
        return z  # type: ignore[return-value]

    def safe_field(self, u: Unit, budget: int) -> tuple[dict[Hex, list[tuple[int, int]]],
                                                        dict[Any, Any]]:
        """Every hex `u` can reach within `budget` with the Pareto-best (free attacks
        provoked, cost) pairs of the walks there, and the predecessors to rebuild them.
        Leaving a hex an enemy threatens provokes him (the first step only if it leaves his
        reach), so the count is of threatened hexes left on the way."""
        key = ("field", u.id, budget)
        found = self._variants.get(key)
        if found is not None:
            return found  # type: ignore[return-value]
        assert u.pos is not None
        zone = self.zone(u)
        cost = step_cost(self.state, u)
        start = u.pos
        best: dict[Hex, list[tuple[int, int]]] = {start: [(0, 0)]}
        pred: dict[Any, Any] = {(start, 0, 0): None}
        heap: list[tuple[int, int, Hex]] = [(0, 0, start)]
        while heap:
            pen, spent, here = heapq.heappop(heap)
            if (pen, spent) not in best.get(here, ()):
                continue
            leave = zone.get(here, 0)
            for d in DIRECTIONS:
                nxt = here + d
                c = cost(here, nxt)
                if c is None or spent + c > budget:
                    continue
                if here == start:
                    add = leave if zone.get(nxt, 0) < leave else 0
                else:
                    add = leave
                npen, nsp = pen + add, spent + c
                labels = best.setdefault(nxt, [])
                if any(p <= npen and q <= nsp for p, q in labels):
                    continue
                labels[:] = [(p, q) for p, q in labels if not (npen <= p and nsp <= q)]
                labels.append((npen, nsp))
                pred[(nxt, npen, nsp)] = (here, pen, spent)
                heapq.heappush(heap, (npen, nsp, nxt))
        self._variants[key] = (best, pred)  # type: ignore[assignment]
        return best, pred

    def least_provoking(self, u: Unit, goal: Hex, budget: int) -> int | None:
        """The fewest threatened hexes a walk to `goal` within `budget` must leave."""
        best, _ = self.safe_field(u, budget)
        labels = best.get(goal)
        return min(p for p, _ in labels) if labels else None

    def safe_path(self, u: Unit, goal: Hex, budget: int) -> list[Hex] | None:
        """A path to `goal` within `budget` that crosses as few threatened hexes as it can
        (leaving a threatened hex is what provokes a free attack), then the cheapest."""
        best, pred = self.safe_field(u, budget)
        labels = best.get(goal)
        if not labels:
            return None
        pen, spent = min(labels)
        path = []
        node: Any = (goal, pen, spent)
        while node is not None:
            path.append(node[0])
            node = pred[node]
        path.reverse()
        return path


def _disk(center: Hex, r: int) -> list[Hex]:
    """Hexes within `r` of `center`, itself excluded."""
    out = []
    for dq in range(-r, r + 1):
        for dr in range(max(-r, -dq - r), min(r, -dq + r) + 1):
            if dq or dr:
                out.append(Hex(center.q + dq, center.r + dr))
    return out


def facing_of(path: list[Hex], default: int) -> int:
    """The facing a walk along `path` ends with: the direction of its last step."""
    if len(path) < 2:
        return default
    d = path[-2].direction_to(path[-1])
    return default if d is None else d


__all__ = ["K_KILL", "W_NEXT", "FOdds", "Memory", "Model", "facing_of"]
