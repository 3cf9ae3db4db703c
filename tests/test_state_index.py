"""The battle's index of who stands where (`Battle.where`) and the facts read from it are the
same as counting from scratch, after every event of random games under every ruleset.

The index is derived from the state and patched from one state to the next as single units
change (`Battle.with_unit`); a figure's walk is kept on the board and reused while nothing
near it changes (`positioning.walk_paths`).  Whatever the shortcut, every answer must be the
one a scan of every unit would give (R-POS-THREAT, R-POS-ENGAGED, R-POS-BLOCK, FE-27, FE-33,
EMP-22), or a replay, the AI or the window would see a different battle.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import catalogue, evolve, initial_state
from rules.hexgrid import disk
from rules.paths import cheapest_paths
from rules.playout import random_playout
from rules.positioning import (
    adjacent_units,
    away_step_cost,
    engaged_with,
    in_line,
    on_road,
    reachable,
    step_cost,
    surrounders,
    threats_to,
    unit_reach,
    walk_paths,
)
from rules.scenarios import demo_setup, open_field
from rules.state import DEAD, GONE, Battle, Unit, Whereabouts

RULESETS = [rid for rid, _, _ in catalogue()]
FEW = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the facts, counted from scratch ---------------------------------------------------------


def scan_threatens(state: Battle, u: Unit, h: object) -> bool:
    return (u.fighting and u.pos is not None and h != u.pos
            and u.pos.distance(h) <= unit_reach(state, u))  # type: ignore[arg-type]


def scan_engaged_with(state: Battle, unit: Unit) -> tuple[Unit, ...]:
    if unit.pos is None:
        return ()
    return tuple(e for e in state.units if e.side != unit.side and e.fighting
                 and e.pos is not None
                 and (scan_threatens(state, unit, e.pos) or scan_threatens(state, e, unit.pos)))


def scan_adjacent(state: Battle, unit: Unit) -> tuple[Unit, ...]:
    if unit.pos is None:
        return ()
    ns = set(unit.pos.neighbors())
    return tuple(u for u in state.units if u.pos in ns and u.status not in (DEAD, GONE))


def scan_wall_role(state: Battle, d: Unit, wall_min: int) -> str:
    """EMP-22 (a) as it read before the index: a flood over every unit."""
    if not getattr(d, "shield", "") or d.pos is None or not d.fighting:
        return ""
    seen, todo = {d.id}, [d]
    while todo:
        u = todo.pop()
        for o in state.units:
            if (o.id not in seen and getattr(o, "shield", "") and o.fighting
                    and o.side == d.side and in_line(u, o)):
                seen.add(o.id)
                todo.append(o)
    if len(seen) < wall_min:
        return ""
    mates = sum(1 for o in state.units if o.id in seen and o.id != d.id and in_line(d, o))
    return "middle" if mates >= 2 else "end"


def assert_index_exact(state: Battle) -> None:
    w, fresh = state.where, Whereabouts(state)
    assert w.by_id == {u.id: u for u in state.units}
    assert w.standing == fresh.standing
    assert w.fighting == fresh.fighting
    expected: dict[object, list[str]] = {}
    for u in state.units:
        if u.fighting and u.pos is not None:
            for h in disk(u.pos, unit_reach(state, u)):
                if h != u.pos:
                    expected.setdefault(h, []).append(u.id)
    assert w.threats == {h: tuple(ids) for h, ids in expected.items()}
    for u in state.units:
        assert state.unit(u.id) is u
        assert engaged_with(state, u) == scan_engaged_with(state, u)
        assert adjacent_units(state, u) == scan_adjacent(state, u)
        assert surrounders(state, u) == tuple(
            o for o in scan_adjacent(state, u) if o.side != u.side and o.fighting)
        if u.pos is not None:
            first = next((o for o in state.units
                          if o.pos == u.pos and o.status not in (DEAD, GONE)), None)
            assert state.unit_at(u.pos) == first
            for side in state.sides:
                assert threats_to(state, u.pos, side.id) == tuple(
                    o for o in state.units if o.side != side.id
                    and scan_threatens(state, o, u.pos))


def assert_ruleset_facts_exact(state: Battle) -> None:
    if state.ruleset == "fallen_empire":
        from rules.systems.fallen_empire.combat import SHIELDMATE_KINDS, shieldmates

        for u in state.units:
            if u.pos is None:
                continue
            assert shieldmates(state, u) == tuple(  # type: ignore[arg-type]
                o for o in state.units if o.side == u.side and o.id != u.id and o.fighting
                and o.pos is not None and o.pos.distance(u.pos) == 1
                and o.kind in SHIELDMATE_KINDS and o.shield)  # type: ignore[attr-defined]
    if state.ruleset == "empress":
        from rules.systems.empress.armour import wall_role
        from rules.systems.empress.units import cfg

        for u in state.units:
            assert wall_role(state, u) == scan_wall_role(  # type: ignore[arg-type]
                state, u, cfg(state, "shield_wall_min"))


def assert_walks_exact(state: Battle) -> None:
    """A kept walk equals the walk worked out afresh, for every fighting figure."""
    for u in state.units:
        if not u.fighting or u.pos is None:
            continue
        for budget in (2, 5):
            for away in (False, True):
                cost = away_step_cost(state, u) if away else step_cost(state, u)
                assert walk_paths(state, u, budget, away=away) == cheapest_paths(
                    u.pos, budget, cost, along=on_road(state))


# --- random games -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@FEW
@given(seed=st.integers(0, 2**32), crowded=st.booleans())
def test_the_index_equals_a_scan_after_every_event(ruleset: str, seed: int,
                                                   crowded: bool) -> None:
    setup = open_field(ruleset, 6, seed=seed) if crowded else demo_setup(ruleset, seed=seed)
    play = random_playout(setup, seed, max_commands=120)
    state = initial_state(setup)
    state.where  # noqa: B018  (index the first state, so every later one is patched)
    for i, event in enumerate(play.events):
        state = evolve(state, event)
        assert_index_exact(state)
        assert_ruleset_facts_exact(state)
        if i % 7 == 0:
            assert_walks_exact(state)
    assert state == play.final


@pytest.mark.parametrize("ruleset", RULESETS)
@FEW
@given(seed=st.integers(0, 2**32))
def test_the_states_play_reaches_are_indexed_exactly(ruleset: str, seed: int) -> None:
    """The states the engine itself made while deciding (patched as it went, walks kept
    on the board from earlier states) answer as a scan does."""
    play = random_playout(open_field(ruleset, 6, seed=seed), seed, max_commands=120,
                          keep_states=True)
    for state in play.states:
        assert_index_exact(state)
        assert_ruleset_facts_exact(state)
        for u in state.units:
            if u.fighting and u.pos is not None:
                fresh = cheapest_paths(u.pos, 4, step_cost(state, u), along=on_road(state))[1]
                assert reachable(state, u, 4) == {
                    h: p for h, p in fresh.items() if h == u.pos or all(
                        o.id == u.id for o in state.units
                        if o.pos == h and o.status not in (DEAD, GONE))}


def test_a_copy_or_pickle_carries_no_index_and_answers_the_same() -> None:
    import copy
    import pickle

    play = random_playout(open_field("fallen_empire", 4, seed=1), 1, max_commands=40)
    state = play.final
    state.where  # noqa: B018
    for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state
        assert other._where is None
        assert other.board.memo == {}
        assert_index_exact(other)


def test_remade_is_dataclasses_replace_for_every_field_it_changes() -> None:
    """`Battle.remade` is the fast `replace` of the fields every event changes; it must carry
    every other field over as `replace` does, including any field added to `Battle` later."""
    import dataclasses

    state = random_playout(open_field("empress", 4, seed=2), 2, max_commands=30).final
    changes = {"units": state.units[1:], "stack": state.stack[:-1], "dice_counter": 99,
               "events_applied": 1234}
    for name, value in changes.items():
        assert state.remade(**{name: value}) == dataclasses.replace(state, **{name: value})
    assert state.remade(**changes) == dataclasses.replace(state, **changes)
    # every field is carried over: made distinct, each comes back as it went in
    marked = {f.name: object() for f in dataclasses.fields(Battle) if f.init}
    odd = Battle(**marked)
    again = odd.remade()
    assert all(getattr(again, name) is value for name, value in marked.items())
    assert again._where is None


def test_changed_is_dataclasses_replace() -> None:
    import dataclasses

    from rules.state import changed

    state = random_playout(open_field("fallen_empire", 4, seed=3), 3, max_commands=30).final
    unit = state.units[0]
    assert changed(unit, hp=unit.hp - 1) == dataclasses.replace(unit, hp=unit.hp - 1)
    assert changed(unit) == unit and changed(unit) is not unit
    assert changed(state, round=7) == dataclasses.replace(state, round=7)
