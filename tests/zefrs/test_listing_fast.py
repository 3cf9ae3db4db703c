"""The fast listing of what a ZeFRS figure may declare (ZEF-15, issue 36) against the plain
one it replaced: the same actions in the same order, in every position tried; `check`
answering for one stated action as the whole listing would; and the listing worked out
once a turn per figure rather than again at every declaration.

The plain listing is kept here as it was (`plain_declarable`: every foe of the battle, the
movement range over the whole board, every shot's line drawn afresh), so the property
reads "new == old" over random positions: random kits and ranks, knocked-down, lamed and
loading figures, walls that block lines and moves, the dead and the fled, and positions
played on by random declarations.  Seeded and fixed in number: deterministic.
"""

from __future__ import annotations

import random

import pytest

from rules.builder import Scenario
from rules.commands import Declare
from rules.engine import check, decider, legal_commands, start, submit
from rules.hexgrid import line, movement_range
from rules.positioning import reachable, step_cost
from rules.state import DEAD, DOWN, GONE, Battle
from rules.systems.zefrs import declare as declare_module
from rules.systems.zefrs import kept, options
from rules.systems.zefrs.catalogue import AREAS
from rules.systems.zefrs.declare import aims_against, in_reach, move_budget
from rules.systems.zefrs.events import DeclareFrame
from rules.systems.zefrs.missiles import range_band
from rules.systems.zefrs.round import to_declare
from rules.systems.zefrs.special import rush_line
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef
from rules.systems.zefrs.walk import path_to

KITS = ["cimmerian", "captain", "knight", "raider", "guard", "archer", "swordsman", "duelist",
        "pikeman", "crossbowman", "bandit_archer", "halberdier", "brawler", "orc", "wolf"]


# --- the listing as it was before issue 36 ------------------------------------------------
def _plain_destinations(state: Battle, u: ZefUnit, budget: int) -> tuple:
    assert u.pos is not None
    free = movement_range(u.pos, budget, step_cost(state, u))
    taken = {o.pos for o in state.units if o.pos is not None and o.id != u.id
             and o.status not in (DEAD, GONE)}
    return tuple(h for h in free if h not in taken)


def _plain_shot_refusal(state: Battle, a: ZefUnit, target: ZefUnit, engaged: bool) -> str | None:
    if not a.missile:
        return "nothing"
    if a.loading:
        return "loading"
    if a.pos is None or target.pos is None or a.pos.distance(target.pos) <= 1:
        return "beside"
    if engaged:
        return "engaged"
    if range_band(state, a, target) is None:
        return "range"
    if any(not state.board.passable(h) for h in line(a.pos, target.pos)[1:-1]):
        return "line"
    return None


def plain_declarable(state: Battle, unit_id: str) -> tuple[str, ...]:
    """ZEF-15: the listing before issue 36, line for line."""
    u = zef(state, unit_id)
    t = load_tables()
    out = ["defend"] + (["stand"] if u.knocked_down else []) + (
        ["reload"] if u.loading else [])
    if u.pos is None:
        return tuple(out)
    two = bool(u.offhand) and u.two_weapons
    melee = t.weapon(u.weapon or None).melee
    budget = move_budget(state, u)
    walks = not u.knocked_down
    paths = _plain_destinations(state, u, budget) if walks else ()
    reach = max(1, u.reach_ft // state.board.feet_per_hex)
    foes = [f for f in state.units if f.side != u.side and f.fighting and f.pos is not None]
    engaged = any(in_reach(state, f, u) for f in foes if isinstance(f, ZefUnit))
    may_close = walks and not u.enemy and not u.lamed
    for f in foes:
        assert isinstance(f, ZefUnit) and f.pos is not None
        gap = u.pos.distance(f.pos)
        aims = aims_against(u, f) if melee else ()
        if gap <= reach:
            modes = ["", "ko", *(["both", "guard"] if two else []),
                     *(["twice"] if not u.enemy else [])]
            for mode in modes:
                out += [f"fight:{f.id}:{aim}" + (f":{mode}" if mode else "") for aim in aims]
            out += [f"wait:{f.id}:{aim}" for aim in aims]
        elif may_close and melee and gap <= budget + reach and any(
                h.distance(f.pos) <= reach for h in paths):
            out += [f"close:{f.id}:{aim}" for aim in aims]
        if u.missile and _plain_shot_refusal(state, u, f, engaged) is None:
            out.append(f"shoot:{f.id}")
            out += [f"shoot:{f.id}:{aim}" for aim in AREAS]
        if gap == 1:
            out.append(f"wrestle:{f.id}")
            if u.shield:
                out.append(f"bash:{f.id}")
        if walks and not u.lamed and gap < budget and rush_line(state, u, f, budget):
            out.append(f"rush:{f.id}")
    for h in paths:
        if h != u.pos:
            out.append(f"move:{h.q},{h.r}")
    return tuple(out)


# --- random positions -----------------------------------------------------------------------
def _position(seed: int) -> Battle:
    """A crowded little field: 3-9 figures a side of random kit on random hexes, a few
    walls (R-ZEF-LOS, R-POS-BLOCK), hexes of 5 or 10 feet (reach and range in hexes)."""
    rng = random.Random(seed)
    radius = rng.choice([4, 5, 6])
    sc = Scenario("zefrs", seed=seed, radius=radius).options(surprise=rng.random() < 0.3)
    sc.side("heroes", True).side("foes")
    hexes = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if abs(q + r) <= radius]
    rng.shuffle(hexes)
    for at in hexes[: rng.randint(0, 6)]:
        sc.terrain(at, "wall", impassable=True)
    for at in hexes[6:][: rng.randint(0, 12)]:  # what a path prefers and avoids (R-POS-PATH)
        sc.terrain(at, *rng.choice([("road",), ("rough", )]),
                   **({"move_cost": 2} if rng.random() < 0.5 else {}))
    spots = hexes[6:]
    n = 0
    for side in ("heroes", "foes"):
        for _ in range(rng.randint(3, 9)):
            over = {}
            if rng.random() < 0.3:
                over["rank"] = rng.choice(["foe", "enemy"])
            sc.unit(f"{side[0]}{n}", rng.choice(KITS), side, spots[n], facing=rng.randrange(6),
                    **over)
            n += 1
    state, _ = start(sc.build())
    for u in state.units:  # what a turn leaves behind: the fallen, the lamed, the unloaded
        roll = rng.random()
        if roll < 0.08:
            state = state.update_unit(u.id, knocked_down=True)
        elif roll < 0.14:
            state = state.update_unit(u.id, lamed=True)
        elif roll < 0.2:
            state = state.update_unit(u.id, status=rng.choice([DEAD, GONE, DOWN]))
        elif roll < 0.25 and isinstance(u, ZefUnit) and u.missile:
            state = state.update_unit(u.id, loading=2)
        elif roll < 0.3:
            state = state.update_unit(u.id, mounted=True)
    return state


def _candidates(state: Battle, listed: dict[str, tuple[str, ...]]) -> list[str]:
    """Actions worth asking `check` about: every listed one, and the same kinds aimed at
    every figure and hex (most of them not allowed)."""
    out = {a for acts in listed.values() for a in acts}
    for u in state.units:
        out |= {f"fight:{u.id}:chest", f"fight:{u.id}:head:twice", f"close:{u.id}:gut",
                f"wait:{u.id}:left_arm", f"shoot:{u.id}", f"shoot:{u.id}:head",
                f"wrestle:{u.id}", f"bash:{u.id}", f"rush:{u.id}"}
        if u.pos is not None:
            out |= {f"move:{u.pos.q},{u.pos.r}", f"move:{u.pos.q + 1},{u.pos.r}",
                    f"move:{u.pos.q + 5},{u.pos.r - 5}"}
    out |= {"defend", "stand", "reload", "move:0,0", "move:00,0"}
    return sorted(out)


def test_listing_equals_plain_listing() -> None:
    """ZEF-15: in each random position every figure's listing is the plain one, in the same
    order, asked cold and asked again; and `may_declare` (what `check` asks) says of every
    candidate action, with nothing kept yet, what membership of the plain listing says."""
    for s in range(50):
        state = _position(s)
        ids = [u.id for u in state.units]
        plain = {i: plain_declarable(state, i) for i in ids}
        state.board.memo.clear()
        asked = _candidates(state, plain)
        rng = random.Random(s)
        for uid in ids:  # cold: only the part of the listing the action belongs to
            for action in {*plain[uid], *rng.sample(asked, min(len(asked), 40))}:
                assert options.may_declare(state, uid, action) == (action in plain[uid]), (
                    s, uid, action)
        for uid in ids:
            assert options.declarable(state, uid) == plain[uid], (s, uid)
            assert options.declarable(state, uid) == plain[uid], (s, uid)  # kept
            assert options.declarations(state, uid) == tuple(
                Declare(unit=uid, action=a) for a in plain[uid])


def test_listing_equals_plain_listing_through_random_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """ZEF-15: through random games (declarations, turns played out, figures moving and
    falling), at every declaration the side's legal commands are the plain listing of each
    figure still to declare, in order; `check` passes each and refuses a foreign one.  The
    worlds kept are cut to four, so forgetting old ones is played through too."""
    monkeypatch.setattr(kept, "TOKEN_LIMIT", 4)
    for seed in range(3):
        state = _position(100 + seed)
        rng = random.Random(seed)
        for _ in range(120):
            side = decider(state)
            if side is None:
                break
            legal = legal_commands(state, side)
            if isinstance(state.top, DeclareFrame):
                want = [Declare(unit=u.id, action=a) for u in to_declare(state, side)
                        for a in plain_declarable(state, u.id)]
                assert legal == want, (seed, state.round)
                other = [u for u in state.units if u.side != side and u.fighting]
                if other:
                    stray = Declare(unit=other[0].id, action="defend")
                    assert check(state, stray) is not None
            pick = rng.choice(legal)
            assert check(state, pick) is None
            state, _ = submit(state, pick)


def test_each_figure_listed_once_a_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: while a side declares only declarations change, so each figure's moves are
    worked out once a turn, not again at each of his side's declarations (before: the
    movement range of every figure still to declare at every declaration)."""
    sc = Scenario("zefrs", seed=3, radius=8).options(surprise=False)
    sc.side("men", True).side("orcs")
    for i in range(8):
        sc.unit(f"m{i}", "swordsman", "men", (-3, i - 4), facing=0)
        sc.unit(f"o{i}", "orc", "orcs", (3, i - 4), facing=3)
    state, _ = start(sc.build())
    state.board.memo.clear()
    calls: list[str] = []
    real = declare_module.movement_range

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append("range")
        return real(*args, **kwargs)

    monkeypatch.setattr(declare_module, "movement_range", counting)
    rng = random.Random(0)
    first = state.round
    declarations = 0
    while state.round == first and isinstance(state.top, DeclareFrame):
        side = decider(state)
        assert side is not None
        state, _ = submit(state, rng.choice(legal_commands(state, side)))
        declarations += 1
    assert declarations == 16
    assert len(calls) <= 16, f"{len(calls)} movement ranges for 16 figures' declarations"


def test_check_reads_one_part_not_the_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: `check` holds a stated action against the part of the listing it belongs
    to (the one foe it names, or the moves) without going through every foe of the battle
    (before: the whole listing, every foe's rush line drawn)."""
    sc = Scenario("zefrs", seed=3, radius=8).options(surprise=False)
    sc.side("men", True).side("orcs")
    sc.unit("m", "swordsman", "men", (0, 0), facing=0)
    sc.unit("o", "orc", "orcs", (1, 0), facing=3)
    sc.unit("p", "orc", "orcs", (3, 0), facing=3)
    state, _ = start(sc.build())
    state.board.memo.clear()
    looked_at: list[str] = []
    real = options.rush_line

    def recording(st, u, target, budget):  # type: ignore[no-untyped-def]
        looked_at.append(target.id)
        return real(st, u, target, budget)

    monkeypatch.setattr(options, "rush_line", recording)
    assert check(state, Declare(unit="m", action="fight:o:head")) is None
    assert looked_at == ["o"]
    assert check(state, Declare(unit="m", action="move:-1,0")) is None
    rush = check(state, Declare(unit="m", action="rush:p"))  # through o (ZEF-28)
    assert (rush is None) == ("rush:p" in plain_declarable(state, "m"))
    assert looked_at[:2] == ["o", "p"]


def test_one_path_is_the_path_reachable_chooses() -> None:
    """R-ZEF-MOVE, R-POS-PATH: the path of a declared move, found for that one hex
    (`walk.path_to`), is the one `positioning.reachable` chooses among all of his moves:
    the cheapest, then the straightest, then along roads; None where reachable has none."""
    for s in range(40):
        state = _position(s)
        rng = random.Random(s)
        for u in state.units:
            if not isinstance(u, ZefUnit) or u.pos is None or not u.fighting:
                continue
            budget = move_budget(state, u)
            every = reachable(state, u, budget)
            near = [h for h in state.board.hexes() if h.distance(u.pos) <= budget + 1]
            for to in rng.sample(near, min(len(near), 25)):
                assert path_to(state, u, budget, to) == every.get(to), (s, u.id, to)
