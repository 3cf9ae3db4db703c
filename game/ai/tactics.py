"""Scoring one unit's moves: where to stand, which way to face, which way to walk there.

A move's value is an expectimax over one exchange, in worth (see `game.ai.model`):

    value(x, f) = w · (best blow the unit can land from x this round, exact odds)
                − exposure(x, f)    (the enemies' replies, exact odds, shared among targets)
                + progress(x)       (closing on the foe when no blow is possible yet)
                − the free attacks the walk provokes (`Ruleset.path_reactions`, exact odds),
                  with the chance that a wound halts the walk short of x

Listed moves are first ranked by a cheap prior (no state copies, cached neutral odds), and
only the best `top_k` are scored in full; for each of those the walk is re-planned around
threatened hexes when the listed path provokes someone, and the unit may end facing its
target instead of its last step.  Every command it proposes is passed through
`engine.check`, so it is legal by the rules' own word.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.hooks import Strike
from game.ai.model import PROGRESS, W_NEXT, Model, facing_of
from rules.commands import Move
from rules.engine import check
from rules.events import hx
from rules.hexgrid import Hex, arc_of, sextant_direction
from rules.state import Unit

CHARGE_EXPOSURE = 1.25  # a charger's AC is worse for the round (FE-17): its exposure, scaled


@dataclass
class Scored:
    cmd: Move
    value: float
    dest: Hex
    facing: int
    target: str = ""


def _prior(m: Model, u: Unit, x: Hex, f: int, strike: tuple[str, int, float] | None,
           provokes: int) -> float:
    """A cheap guess at a destination's worth, to decide which to score in full."""
    v = 0.0
    off = m.off(u)
    if strike is not None:
        kind, rng, w = strike
        best = 0.0
        for t in m.enemies_within(u, x, rng):
            if t.pos is not None:
                arc_name = arc_of(t.facing, t.pos, x) if kind not in ("missile", "spell") else (
                    "front")
                best = max(best, m.neutral(u, t, kind, arc_name))
        v += w * best
        near = m.nearest_enemy(u, x)
        v -= PROGRESS * off * max(0, near - rng)
    else:
        near = m.nearest_enemy(u, x)
        v -= PROGRESS * off * max(0, near - m.reach(u))
    if m.myopic:
        return v  # the greedy player gives no thought to the replies or the free attacks
    for e in m.threat(u.side).near(x) if m.incremental else m.enemies_of(u):
        if e.pos is None:
            continue
        p = m.profile(e)
        d = e.pos.distance(x)
        t = p.tier_now(d) if p.now else None
        if t is not None:
            v -= p.w_now * m.neutral(e, u, t.kind, "front") * 0.5
        else:
            t = p.tier_next(d) if p.next else None
            if t is not None:
                v -= W_NEXT * m.neutral(e, u, t.kind, "front") * 0.5
    v -= provokes * off * 2.0
    return v


def provoked(m: Model, u: Unit, path: list[Hex]) -> int:
    """How many times a walk leaves an enemy-threatened hex (the cheap count of free attacks)."""
    zone = m.zone(u)
    n = 0
    for i in range(len(path) - 1):
        here = zone.get(path[i], 0)
        if here and (i > 0 or zone.get(path[i + 1], 0) < here):
            n += here
    return n


def walk_risk(m: Model, u: Unit, path: list[Hex]) -> tuple[float, float]:
    """(expected worth lost to the free attacks a walk provokes, chance it is not halted),
    by the ruleset's own `path_reactions` and exact odds; the reactors are assumed to strike."""
    if len(path) < 2 or m.myopic:
        return 0.0, 1.0
    zone = m.zone(u)
    if not any(h in zone for h in path):
        return 0.0, 1.0  # no enemy threatens any hex of it: nobody can be provoked
    try:
        reactions = m.rs.path_reactions(m.state, u.id, path)
    except (KeyError, ValueError, TypeError, AssertionError, LookupError):
        return 0.0, 1.0
    cost, ok = 0.0, 1.0
    for step, rid, trigger in reactions:
        r = m.units.get(rid)
        if r is None or r.side == u.side:
            continue
        here = path[step]
        f = facing_of(path[: step + 2], u.facing)
        st, vkey = m.variant(u, here, f)
        kind = "retreat" if trigger == "retreat" else "opportunity"
        fo = m.fodds(Strike(rid, u.id, kind, from_hex=r.pos), st, vkey)
        cost += ok * m.harm(u, fo)
        ok *= 1.0 - fo.hit
    return cost, ok


def position_value(m: Model, u: Unit, x: Hex, f: int, strike: tuple[str, int, float] | None,
                   ) -> tuple[float, str]:
    """Worth of `u` standing on `x` facing `f`, worked out once per model (see
    `_position_value`): a charge weighs staying put once, not once per run."""
    key = ("position", u.id, x, f, strike)
    found = m.memo.get(key)
    if found is None:
        found = m.memo[key] = _position_value(m, u, x, f, strike)
    return found  # type: ignore[no-any-return]


def _position_value(m: Model, u: Unit, x: Hex, f: int, strike: tuple[str, int, float] | None,
                    ) -> tuple[float, str]:
    """Worth of `u` standing on `x` facing `f` (before any walk): its blow, less what the
    enemies can do to it, plus progress.  Returns (value, the target of its blow).

    Its blow this round is the best of those it can land from `x` on foes already in reach
    and, when its blow comes after the foes' moves, on the foes likely to come to it
    (a foe who closes in gives the man waiting for him the first swing of the melee phase).
    Next round's blows count at `W_NEXT`: its own best, and every foe's against it."""
    v = 0.0
    target = ""
    kill_first: dict[str, float] = {}
    off = m.off(u)
    me = m.profile(u)
    if strike is not None:
        kind, rng, w = strike
        val, t, fo = m.opportunity(u, x, f, kind, rng)
        late = 1.0 - me.p_first
        coming = m.coming(u, x, f) * late if kind not in ("missile", "spell") else 0.0
        v += w * max(val, coming)
        if t is not None:
            target = t.id
            if me.p_first > 0:
                kill_first[t.id] = w * me.p_first * fo.kill
        near = m.nearest_enemy(u, x)
        v -= PROGRESS * off * max(0, near - rng)
    else:
        near = m.nearest_enemy(u, x)
        v -= PROGRESS * off * max(0, near - m.reach(u))
    v += m.next_opportunity(u, x, f)
    if target:
        turned = m.hooks.strike_facing(m, u, x, target)
        if turned is not None:
            f = turned  # its blow will turn it: that is the facing it stands the replies in
    v -= exposure_at(m, u, x, f, kill_first)
    return v, target


def exposure_at(m: Model, u: Unit, x: Hex, f: int, kill_first: dict[str, float] | None = None
                ) -> float:
    """`Model.exposure` of `u` ending on `x`, with this round's blows that come before its
    move (`Model.pre_move`) taken where it stands now."""
    q = m.pre_move
    if q <= 0.0 or u.pos is None or x == u.pos:
        return m.exposure(u, x, f, kill_first=kill_first)
    return ((1.0 - q) * m.exposure(u, x, f, kill_first=kill_first, nxt=False)
            + q * m.exposure(u, u.pos, u.facing, now=True, nxt=False)
            + m.exposure(u, x, f, now=False))


def best_facing(m: Model, u: Unit, x: Hex, f_walk: int, target: str) -> list[int]:
    """Facings worth trying at `x`: the walk's own, and toward the target or nearest foe."""
    out = [f_walk]
    aim: Hex | None = None
    if target and m.units[target].pos is not None:
        aim = m.units[target].pos
    else:
        best = None
        for e in m.enemies_of(u):
            if e.pos is not None and e.pos != x:
                d = e.pos.distance(x)
                if best is None or d < best[0]:
                    best = (d, e.pos)
        if best is not None:
            aim = best[1]
    if aim is not None and aim != x:
        f = sextant_direction(x, aim)
        if f not in out:
            out.append(f)
    return out


def score_moves(m: Model, u: Unit, moves: list[Move] | list[list[Hex]],
                strike: tuple[str, int, float] | None, top_k: int = 6,
                free_facing: bool = True, safe_paths: bool = True, budget: int | None = None,
                real: bool = True) -> list[Scored]:
    """Score `u`'s (non-charging) moves, best first.  `moves` are listed Move commands, or
    bare paths (`real=False`: a hypothetical, as when weighing a declaration).  For a real
    move the proposed command may be a variant of the listed one -- another path round the
    threatened hexes, or a facing toward the foe -- and is always one `check` accepts."""
    assert u.pos is not None
    if not moves:
        return []
    paths: list[list[Hex]] = []
    facings: list[int | None] = []
    for mv in moves:
        if isinstance(mv, Move):
            paths.append([Hex(*p) for p in mv.path])
            facings.append(mv.facing)
        else:
            paths.append(mv)
            facings.append(None)
    if budget is None:
        budget = m.hooks.move_budget(m, u, [mv for mv in moves if isinstance(mv, Move)])
    pri: list[tuple[float, int]] = []
    for i, path in enumerate(paths):
        f = facings[i] if facings[i] is not None else facing_of(path, u.facing)
        n = provoked(m, u, path)
        if n and safe_paths:
            n = min(n, m.least_provoking(u, path[-1], budget) or 0)
        pri.append((_prior(m, u, path[-1], f, strike, n), i))
    pri.sort(key=lambda t: -t[0])
    out: list[Scored] = []
    stay_v: float | None = None
    for _, i in pri[:top_k]:
        path, fixed = paths[i], facings[i]
        listed = moves[i] if isinstance(moves[i], Move) else None
        x = path[-1]
        f_walk = fixed if fixed is not None else facing_of(path, u.facing)
        risk, ok = walk_risk(m, u, path)
        if risk > 0 and safe_paths and len(path) > 1:
            alt = m.safe_path(u, x, budget)
            if alt is not None and alt != path:
                arisk, aok = walk_risk(m, u, alt)
                if arisk < risk:
                    good = True
                    if real:
                        cand = Move(unit=u.id, path=tuple(hx(h) for h in alt), facing=fixed)
                        good = check(m.state, cand) is None
                        if good:
                            listed = cand
                    if good:
                        path, risk, ok = alt, arisk, aok
                        f_walk = fixed if fixed is not None else facing_of(path, u.facing)
        best: tuple[float, int, str] | None = None
        for f in ([f_walk] if not free_facing or len(path) < 2 or fixed is not None
                  else best_facing(m, u, x, f_walk, "")):
            v, target = position_value(m, u, x, f, strike)
            if best is None or v > best[0]:
                best = (v, f, target)
        assert best is not None
        v, f, target = best
        if f != f_walk and real:
            cand = Move(unit=u.id, path=tuple(hx(h) for h in path), facing=f)
            if check(m.state, cand) is None:
                listed = cand
            else:
                v, target = position_value(m, u, x, f_walk, strike)
                f = f_walk
        if ok < 1.0:
            if stay_v is None:
                stay_v, _ = position_value(m, u, u.pos, u.facing, strike)
            v = ok * v + (1.0 - ok) * stay_v
        v -= risk
        cmd = listed if listed is not None else Move(unit=u.id, path=tuple(hx(h) for h in path))
        out.append(Scored(cmd, v, x, f, target))
    out.sort(key=lambda s: -s.value)
    return out


def charge_prior(m: Model, u: Unit, target: str, end: Hex) -> float:
    """A cheap guess at a charge run's worth: the blow from the arc it ends in, with the odds
    of the position as it is (`Model.neutral`, no copy of the state)."""
    t = m.units[target]
    if t.pos is None or end == t.pos:
        return 0.0
    return m.neutral(u, t, "charge", arc_of(t.facing, t.pos, end))


def shortlist_charges(m: Model, u: Unit, runs: list[tuple[str, list[Hex]]]
                      ) -> list[tuple[str, list[Hex]]]:
    """The runs (target, path) to weigh in full: all of them within the budget
    (`Model.budget.charges`), else the best by `charge_prior`, in their listed order."""
    k = m.budget.charges
    if k is None or len(runs) <= k:
        return runs
    ranked = sorted(range(len(runs)),
                    key=lambda i: -charge_prior(m, u, runs[i][0], runs[i][1][-1]))
    keep = set(ranked[:k])
    return [r for i, r in enumerate(runs) if i in keep]


def charge_value(model: Model, u: Unit, mv: Move) -> float:
    """A charging move's worth: its blow at the end (exact odds, kind "charge"), less the
    ruleset's counter to it (`counter_risk`: a set spear in Fallen Empire), the free attacks
    on the run and what the foes can do to the charger afterwards (a charger is easier to
    hit in Fallen Empire, FE-17, hence the margin)."""
    path = [Hex(*p) for p in mv.path]
    t = model.units[mv.target]
    assert t.pos is not None and u.pos is not None
    end = path[-1]
    f = sextant_direction(end, t.pos) if end != t.pos else u.facing
    st, vkey = model.variant(u, end, f)
    fo = model.fodds(Strike(u.id, t.id, "charge", from_hex=end), st, vkey)
    gain = model.harm(t, fo)
    hooks = model.hooks
    p_neg, spear_harm = hooks.counter_risk(model, u, t, end, f)
    kill = (1.0 - p_neg) * fo.kill
    v = (1.0 - p_neg) * gain - spear_harm
    first = model.profile(u).p_first
    expo = exposure_at(model, u, end, f, {t.id: kill * first} if first else None) * (
        CHARGE_EXPOSURE)
    risk, ok = walk_risk(model, u, path)
    stay, _ = position_value(model, u, u.pos, u.facing, None)
    return ok * (v - expo) + (1.0 - ok) * stay - risk


__all__ = ["Scored", "best_facing", "charge_prior", "charge_value", "position_value", "provoked",
           "score_moves", "shortlist_charges", "walk_risk"]
