"""Tarnished Tale's fast listing of legal commands gives exactly what the full listing gave
(issue 36).

`turn.legal` used to build, at every decision, a `Move` along its whole path to every hex
every figure could reach (through `positioning.reachable`, which copied the walk and asked
`occupied` of every hex in it) and asked every figure on the board whether it could be
attacked.  Now a figure's moves are kept on the board with his walk (`walk_key`) and only
the figures within his farthest reach or range are asked about.  The full listing is kept
here, word for word as it was, as the reference: along random games on the sample gate, the
open field and bundled maps with roads, rivers and woods (figures prone, disarmed, down, in
a defence), both give the same commands in the same order, so the random player, the
computer, the window and the conformance test see what they saw before (R-TT-TURN,
R-TT-MOVE, R-POS-BLOCK, R-POS-PATH, TT-01, TT-03).
"""

from __future__ import annotations

import random

import pytest

from game.content import load_setup
from rules.commands import Attack, Choose, Command, EndPhase, Move, Pass
from rules.engine import decider, start, submit
from rules.events import hx
from rules.positioning import reachable
from rules.scenarios import open_field
from rules.state import Battle
from rules.systems.tarnished_tale import turn
from rules.systems.tarnished_tale.events import ActivationFrame, DefenceFrame
from rules.systems.tarnished_tale.ruleset import RULESET
from rules.systems.tarnished_tale.situation import attack_kinds, config_of, defences
from rules.systems.tarnished_tale.units import TTUnit, tt
from tests.bundled_maps import MAPS

# --- the full listing, as it was before issue 36 ---------------------------------------------


def full_moves(state: Battle, u: TTUnit) -> list[Command]:
    assert u.pos is not None
    out: list[Command] = []
    for h, path in sorted(reachable(state, u, config_of(state).move_hexes).items()):
        if h != u.pos:
            out.append(Move(unit=u.id, path=tuple(hx(p) for p in path)))
    out += [Move(unit=u.id, path=(hx(u.pos),), facing=f) for f in range(6) if f != u.facing]
    return out


def full_attacks(state: Battle, u: TTUnit) -> list[Command]:
    out: list[Command] = []
    for f in state.units:
        if f.side == u.side or not f.fighting:
            continue
        for kind in attack_kinds(state, u.id, f.id):
            weapon = u.missile if kind == "missile" else ""
            out += [Attack(unit=u.id, target=f.id, weapon=weapon, options=opts)
                    for _, opts in turn.MODES[kind]]
    return sorted(out, key=lambda c: len(getattr(c, "options", ())))


def full_unit_commands(state: Battle, u: TTUnit, moved: bool) -> list[Command]:
    out: list[Command] = []
    if not moved:
        if u.prone:
            out.append(Choose(unit=u.id, option="stand"))
        else:
            out += full_moves(state, u)
    out += full_attacks(state, u)
    if turn._may_pick_up(u):
        out.append(Choose(unit=u.id, option="pick_up"))
    out.append(Pass(unit=u.id))
    return out


def full_legal(state: Battle, side: str) -> list[Command]:
    top = state.top
    if isinstance(top, DefenceFrame):
        return [Choose(unit=top.defender, option=d)
                for d in defences(state, top.attacker, top.defender, top.kind)]
    if not isinstance(top, ActivationFrame):
        return []
    if top.unit:
        return full_unit_commands(state, tt(state, top.unit), top.moved)
    out: list[Command] = []
    for u in turn._waiting(state, side):
        out += full_unit_commands(state, u, False)
    return [*out, EndPhase(side=side)]


# --- the sweep ---------------------------------------------------------------------------------


def _sweep(state: Battle, seed: int, steps: int) -> tuple[int, set[str]]:
    """Play `steps` random commands from `state`, comparing both listings at each decision;
    the number of decisions compared and the kinds of moment met."""
    rng = random.Random(seed)
    seen: set[str] = set()
    compared = 0
    for _ in range(steps):
        side = decider(state)
        if side is None:
            break
        full = full_legal(state, side)
        fast = turn.legal(state, side)  # read one at a time, as the random player does
        assert len(fast) == len(full), f"lengths differ at step {compared}"
        assert [fast[i] for i in range(len(fast))] == full, f"items differ at step {compared}"
        assert list(turn.legal(state, side)) == full, f"listings differ at step {compared}"
        assert fast[-1] == full[-1] and fast[1:4] == full[1:4]
        compared += 1
        seen.add(type(state.top).__name__)
        if any(isinstance(u, TTUnit) and (u.prone or u.dropped) for u in state.units):
            seen.add("prone or disarmed")
        if any(not u.fighting for u in state.units):
            seen.add("someone down")
        state, _ = submit(state, rng.choice(fast))
    return compared, seen


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_listing_equals_the_full_one_at_the_gate(seed: int) -> None:
    setup = RULESET.sample_setup(seed=seed)
    assert setup is not None
    state, _ = start(setup)
    compared, seen = _sweep(state, seed, 200)
    assert compared > 100
    assert {"ActivationFrame", "DefenceFrame", "someone down"} <= seen


def test_the_listing_equals_the_full_one_on_the_open_field() -> None:
    """Twelve a side: the bands close, figures fall and others walk round them."""
    state, _ = start(open_field("tarnished_tale", 12, seed=2))
    compared, seen = _sweep(state, 2, 80)
    assert compared > 75 and "someone down" in seen


@pytest.mark.parametrize("name", ["river_ford.tmx", "walled_village.tmx"])
def test_the_listing_equals_the_full_one_on_rough_ground(name: str) -> None:
    """Roads, fords, walls and woods: the paths chosen among equally cheap ones
    (R-POS-PATH) and the hexes no walk can enter come out the same."""
    setup, _ = load_setup(MAPS / name, ruleset="tarnished_tale", seed=5)
    state, _ = start(setup)
    compared, _ = _sweep(state, 5, 60)
    assert compared > 30


def test_a_hex_someone_steps_onto_is_no_longer_a_walks_end() -> None:
    """R-POS-BLOCK through the kept walks: once a figure of his own side stands on a hex,
    the walk kept from before still passes it but no move ends there, and when that figure
    walks on, the hex is open again."""
    from tests.tarnished_tale.helpers import duel

    sc = duel("fighting_man", "orc", gap=5)
    sc.unit("b", "fighting_man", "a", (-3, 0), facing=0)
    state, _ = start(sc.build())
    ends = {m.path[-1] for m in turn.legal(state, "a")
            if isinstance(m, Move) and m.unit == "a" and m.facing is None}
    assert (1, 0) in ends
    state, _ = submit(state, Move(unit="b", path=((-3, 0), (-2, 0), (-1, 0), (0, 0),
                                                  (1, 0))))
    assert tt(state, "b").pos == (1, 0)  # passed through "a" (R-POS-BLOCK), his turn over
    state, _ = submit(state, Pass(unit="d"))  # the orc's turn
    assert decider(state) == "a"
    listed = turn.legal(state, "a")
    assert listed == full_legal(state, "a")
    ends = {m.path[-1] for m in listed if isinstance(m, Move) and m.unit == "a"}
    assert (1, 0) not in ends and (2, 0) in ends
