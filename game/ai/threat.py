"""Who can strike where, worked out once per position and updated by the move being weighed.

`Model.exposure` asks, for one unit `u` standing on a hex `x`, which enemies could strike
it there and, for each, how many targets that enemy has to choose from.  Asked naively,
both are a scan of every unit for every hex weighed -- quadratic in the size of the battle
for each decision.  A `Threat` answers from what it worked out once for the position
(the state the model sees):

* `near(x)`: the enemies whose farthest strike (this round or next, by their `Profile`)
  reaches `x`, from a grid of buckets, so far-off enemies are never looked at;
* `targets_near(e, rng, u, x)`: how many of `e`'s enemies stand within `rng` of it with `u`
  moved to `x` -- the count for the position as it is, kept per (enemy, range), corrected
  by the one unit that moves: minus `u` where it stands, plus `u` on `x`.

Both give exactly what the scans give (tests/ai/test_threat.py checks them against the
scans over random positions), so the AI decides as it did, only sooner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.hexgrid import Hex

if TYPE_CHECKING:
    from game.ai.model import Model
    from rules.state import Unit

CELL = 8  # side of a bucket, in hexes (about one enemy's charge and reach)


class Threat:
    """The enemies of one side in one position, bucketed by where they stand."""

    def __init__(self, m: Model, side: str, counts: dict[tuple[str, int], int] | None = None
                 ) -> None:
        """The enemies of a unit of `side` as `m` sees them (`Model.enemies_of`).  `counts`
        may be shared by models of states where every unit stands where it stands here."""
        self.model = m
        self.side = side
        # in the model's order, so sums over them come out in the same order as a scan's
        self.enemies: list[Unit] = [e for e in (m.foes if side == m.side else m.own)
                                    if e.pos is not None]
        self._radius: dict[str, int] = {}
        self._cells: dict[tuple[int, int], list[tuple[int, Unit]]] | None = None
        self._span = 0
        self._counts: dict[tuple[str, int], int] = {} if counts is None else counts

    def radius(self, e: Unit) -> int:
        """The farthest hex `e` strikes, this round or next (its profile's tiers)."""
        r = self._radius.get(e.id)
        if r is None:
            p = self.model.profile(e)
            r = max([t.reach for t in p.now] + [t.reach for t in p.next] + [0])
            self._radius[e.id] = r
        return r

    def _build(self) -> dict[tuple[int, int], list[tuple[int, Unit]]]:
        cells: dict[tuple[int, int], list[tuple[int, Unit]]] = {}
        span = 0
        for i, e in enumerate(self.enemies):
            assert e.pos is not None
            span = max(span, self.radius(e))
            cells.setdefault((e.pos.q // CELL, e.pos.r // CELL), []).append((i, e))
        self._cells, self._span = cells, span
        return cells

    def _around(self, x: Hex, span: int) -> list[tuple[int, Unit]]:
        """Every enemy in the buckets that may hold hexes within `span` of `x`."""
        cells = self._cells if self._cells is not None else self._build()
        # A hex within d of x differs from it by at most d in q and in r.
        k = span // CELL + 1
        cq, cr = x.q // CELL, x.r // CELL
        out: list[tuple[int, Unit]] = []
        for dq in range(-k, k + 1):
            for dr in range(-k, k + 1):
                bucket = cells.get((cq + dq, cr + dr))
                if bucket:
                    out.extend(bucket)
        return out

    def near(self, x: Hex) -> list[Unit]:
        """The enemies whose farthest strike reaches `x`, in the model's order."""
        if self._cells is None:
            self._build()
        found = [(i, e) for i, e in self._around(x, self._span)
                 if e.pos is not None and e.pos.distance(x) <= self.radius(e)]
        found.sort(key=lambda t: t[0])
        return [e for _, e in found]

    def within(self, x: Hex, rng: int) -> list[Unit]:
        """The enemies standing within `rng` of `x`, in the model's order."""
        found = [(i, e) for i, e in self._around(x, rng)
                 if e.pos is not None and e.pos.distance(x) <= rng]
        found.sort(key=lambda t: t[0])
        return [e for _, e in found]

    def nearest(self, x: Hex) -> int:
        """The distance from `x` to the nearest enemy (0 if there is none)."""
        cells = self._cells if self._cells is not None else self._build()
        if not cells:
            return 0
        cq, cr = x.q // CELL, x.r // CELL
        best: int | None = None
        k = 0
        while True:
            # Ring k of buckets: every hex in it is at least (k - 1) * CELL + 1 from x.
            if best is not None and (k - 1) * CELL + 1 > best:
                return best
            ring = [(cq + dq, cr + dr) for dq in range(-k, k + 1) for dr in range(-k, k + 1)
                    if max(abs(dq), abs(dr)) == k]
            for c in ring:
                for _, e in cells.get(c, ()):
                    assert e.pos is not None
                    d = e.pos.distance(x)
                    if best is None or d < best:
                        best = d
            k += 1

    def targets_near(self, e: Unit, rng: int, u: Unit, x: Hex) -> int:
        """How many of `e`'s enemies stand within `rng` of it, `u` counted on `x` (at
        least 1): the position's count, less `u` where it stands, plus `u` on `x`."""
        assert e.pos is not None
        key = (e.id, rng)
        n = self._counts.get(key)
        if n is None:
            n = self._counts[key] = sum(1 for v in self.model.enemies_of(e)
                                        if v.pos is not None and e.pos.distance(v.pos) <= rng)
        listed = self.model.listed(e, u.id)
        if listed is not None:
            if listed.pos is not None and e.pos.distance(listed.pos) <= rng:
                n -= 1
            if e.pos.distance(x) <= rng:
                n += 1
        return max(1, n)


__all__ = ["CELL", "Threat"]
