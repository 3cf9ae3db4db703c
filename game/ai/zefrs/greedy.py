"""The greedy ZeFRS player's declaration: the baseline the tactician is measured against.

Why apart from the planner: it is the plain reading of "the best immediate expected value
from the exact odds" -- the blow or shot with the most damage and kill now, at the aiming
point whose odds give the most (no wounds, knock-outs, extra actions, defence or wait), and
otherwise a walk straight at the nearest foe -- and it should stay that plain while the
tactician changes.
"""

from __future__ import annotations

from game.ai.zefrs.reading import Reader
from rules.hexgrid import Hex
from rules.systems.zefrs.declare import parse
from rules.systems.zefrs.units import ZefUnit

__all__ = ["greedy_choice"]


def greedy_choice(r: Reader, u: ZefUnit, options: list[str]) -> str:
    """The plain blow or shot with the most damage and kill now; else walk at the nearest
    foe; else load, get up, or defend."""
    best: tuple[float, str] | None = None
    for a in options:
        d = parse(a)
        if d is None or d.mode or d.kind not in ("fight", "shoot"):
            continue
        f = r.unit(d.target)
        o = r.blow_odds(u, f, d.aim) if d.kind == "fight" else r.shot(u, f, d.aim)
        v = r.value(f, o, d.aim)
        if best is None or v > best[0]:
            best = (v, a)
    if best is not None and best[0] > 0:
        return best[1]
    for pref in ("stand", "reload"):
        if pref in options:
            return pref
    moves = [(a, d.to) for a in options if (d := parse(a)) is not None and d.to is not None]
    if moves:
        foes = r.foes_of(u)

        def gap(h: Hex) -> int:
            return min((h.distance(f.pos) for f in foes if f.pos is not None), default=0)

        near = min(gap(h) for _, h in moves)
        here = gap(u.pos) if u.pos is not None else 99
        if near < here:
            return min((a for a, h in moves if gap(h) == near), key=options.index)
    return "defend" if "defend" in options else options[0]

