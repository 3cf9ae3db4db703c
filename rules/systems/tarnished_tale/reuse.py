"""A side's figures' moves and attacks carried over from its last listing (issue 36).

Why this module exists: at a side's turn every figure still to act is listed at every
decision, and between two decisions one or two figures have moved, stood, fallen or been
hurt.  Working out every figure's walk key and every foe in his range again made a round's
cost grow with the square of the figures.  So the parts listed for each figure (listing.py)
are kept with the figures they were listed among, and at the next decision a figure's are
used again when he is the very same figure and no figure that changed stood or stands
within the reach of what they depend on:

  * his walks (`Walks`): the hexes within his move (`move_hexes`), where the enemies that
    block him (R-POS-BLOCK) and the figures he may not stop on stand; only where every step
    costs at least 1, so no walk leaves that disk;
  * his attacks (`Attacks`): the figures within his farthest reach or range
    (`attack_radius`), the only ones he can attack (TT-01, R-TT-RANGED).

Anything else (other figures, a different board or budget, more than a few changes) and
they are worked out afresh.  tests/tarnished_tale/test_listing.py compares the listing with
the full one at every decision of random games, where this reuse is what is mostly tested.
"""

from __future__ import annotations

from rules.hexgrid import Hex
from rules.positioning import remember
from rules.state import Battle, Unit
from rules.systems.tarnished_tale.listing import Attacks, Walks

__all__ = ["Kept", "changed_hexes"]

MOST_CHANGES = 12  # past this many changed figures, everything is worked out afresh


def changed_hexes(before: tuple[Unit, ...], now: tuple[Unit, ...]) -> list[Hex] | None:
    """Where every figure that has moved, fallen, got up, fled or come back between two
    units tuples stood and stands; None if they are not the same figures in the same order
    or more than MOST_CHANGES have.  A figure hurt or done with his turn where he stands
    changes no other figure's walks or attacks: they read only where the others stand,
    whose side they are on and whether they fight (R-POS-BLOCK, `attack_kinds`)."""
    if before is now:
        return []
    if len(before) != len(now):
        return None
    out: list[Hex] = []
    changed = 0
    for a, b in zip(before, now, strict=True):
        if a is not b and (a.pos, a.status, a.side) != (b.pos, b.status, b.side):
            changed += 1
            if a.id != b.id or changed > MOST_CHANGES:
                return None
            if a.pos is not None:
                out.append(a.pos)
            if b.pos is not None:
                out.append(b.pos)
    return out


def _clear(pos: Hex, radius: int, changed: list[Hex]) -> bool:
    """No hex in `changed` within `radius` of `pos`."""
    q, r = pos
    twice = 2 * radius
    return all(abs(h[0] - q) + abs(h[1] - r) + abs(h[0] - q + h[1] - r) > twice
               for h in changed)


class Kept:
    """What a side's last listing found for each figure, with the state it was found in."""

    def __init__(self, state: Battle, side: str, budget: int) -> None:
        key = ("tt-kept", side)
        last = state.board.memo.get(key)
        self._changed: list[Hex] | None = None
        self._last: dict[str, tuple[Unit, Walks | None, Attacks, int]] = {}
        if last is not None and last[1] == budget and state.board.cheapest_step >= 1:
            self._changed = changed_hexes(last[0], state.units)
            self._last = last[2]
        self._budget = budget
        self._found: dict[str, tuple[Unit, Walks | None, Attacks, int]] = {}
        remember(state.board, key, (state.units, budget, self._found))

    def get(self, u: Unit) -> tuple[Walks | None, Attacks | None]:
        """His walks and attacks from the last listing, where nothing they depend on has
        changed (None for either that must be worked out afresh)."""
        changed = self._changed
        last = self._last.get(u.id) if changed is not None else None
        if last is None or last[0] is not u or u.pos is None:
            return None, None
        _, walks, attacks, radius = last
        assert changed is not None
        return (walks if walks is not None and _clear(u.pos, self._budget, changed) else None,
                attacks if _clear(u.pos, radius, changed) else None)

    def put(self, u: Unit, walks: Walks | None, attacks: Attacks, radius: int) -> None:
        self._found[u.id] = (u, walks, attacks, radius)
