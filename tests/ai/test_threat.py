"""The threat the tactician reads off a position (`game.ai.threat`), worked out once and
corrected for the move being weighed, is exactly what scanning every unit gives: over
random battles of both rulesets, part-played, every unit weighed on hexes around it.

Also the search budget (`game.ai.budget`): a count of candidates, so it cuts the same way
every time, and only when there are more candidates than it allows."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import GreedyAI, Tactician
from game.ai.budget import TACTICIAN, UNLIMITED, Budget
from game.ai.hooks import hooks_for
from game.ai.model import Memory, Model
from game.ai.tactics import charge_prior, position_value, shortlist_charges
from rules.builder import Scenario
from rules.commands import Declare, Move
from rules.engine import decider, legal_commands, start, submit
from rules.hexgrid import Hex
from rules.state import Battle

FE = ["fighting_man", "man_at_arms_spear", "pikeman", "crossbowman", "veteran", "elf", "orc",
      "goblin", "gnoll", "hobgoblin"]
EMPRESS = ["fighting_man", "elf", "dwarf", "cleric", "thief", "magic_user"]


@st.composite
def positions(draw: st.DrawFn) -> Battle:
    """A battle of 2-9 a side scattered over a small board, played on a few commands by
    random legal play (so declarations, initiative and wounds come into it)."""
    ruleset = draw(st.sampled_from(["fallen_empire", "empress"]))
    kinds = FE if ruleset == "fallen_empire" else EMPRESS
    n = draw(st.integers(2, 9))
    spots = draw(st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
                          min_size=2 * n, max_size=2 * n, unique=True)
                 .filter(lambda hs: all(Hex(*h).distance(Hex(0, 0)) <= 7 for h in hs)))
    sc = Scenario(ruleset, seed=draw(st.integers(0, 999)), radius=8).side("a", True).side("b")
    for i, h in enumerate(spots):
        side = "a" if i < n else "b"
        sc.unit(f"{side}{i}", draw(st.sampled_from(kinds)), side, h,
                facing=draw(st.integers(0, 5)))
    state, _ = start(sc.build())
    rng = random.Random(draw(st.integers(0, 10_000)))
    for _ in range(draw(st.integers(0, 40))):
        side = decider(state)
        if side is None:
            break
        state, _ = submit(state, rng.choice(legal_commands(state, side)))
    return state


def models(state: Battle, side: str) -> tuple[Model, Model]:
    hooks = hooks_for(state.ruleset, state.mode)
    seen = hooks.visible(state, side)
    fast = Model(seen, side, hooks, Memory())
    scan = Model(seen, side, hooks, Memory())
    scan.incremental = False
    return fast, scan


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 10_000))
def test_exposure_from_the_threat_equals_a_scan_of_every_unit(state: Battle, seed: int
                                                              ) -> None:
    rng = random.Random(seed)
    for side in [s.id for s in state.sides]:
        fast, scan = models(state, side)
        for u in fast.fighting:
            assert u.pos is not None
            spots = [u.pos, *(h for h in u.pos.neighbors() if h in state.board),
                     *rng.sample([h for h in state.board.hexes() if h.distance(u.pos) <= 4],
                                 3)]
            for x in spots:
                f = rng.randrange(6)
                assert fast.exposure(u, x, f) == scan.exposure(u, x, f)
                assert fast.exposure(u, x, f, now=False) == scan.exposure(u, x, f, now=False)
                assert fast.nearest_enemy(u, x) == scan.nearest_enemy(u, x)
                assert fast.coming(u, x, f) == scan.coming(u, x, f)
                assert fast.next_opportunity(u, x, f) == scan.next_opportunity(u, x, f)
                for e in fast.enemies_of(u):
                    for r in (1, 3, 6):
                        assert (fast._targets_near(e, r, u, x)
                                == scan._targets_near(e, r, u, x))
                        assert ([v.id for v in fast.enemies_within(u, x, r)]
                                == [v.id for v in scan.enemies_within(u, x, r)])
                strike = ("melee", fast.reach(u), 1.0)
                assert (position_value(fast, u, x, f, strike)
                        == position_value(scan, u, x, f, strike))


def test_a_budget_cuts_only_when_there_are_more_runs_than_it_allows() -> None:
    state, _ = start(Scenario("fallen_empire", seed=1, radius=8).side("a", True).side("b")
                     .unit("knight", "fighting_man", "a", (0, 0), facing=0)
                     .unit("o1", "orc", "b", (3, 0), facing=3)
                     .unit("o2", "goblin", "b", (3, -2), facing=3)
                     .unit("o3", "gnoll", "b", (2, 2), facing=2)
                     .build())
    m = Model(state, "a", hooks_for("fallen_empire"), Memory())
    u = m.units["knight"]
    runs = [(t, [Hex(0, 0), Hex(1, 0), end]) for t, end in
            [("o1", Hex(2, 0)), ("o2", Hex(2, -1)), ("o3", Hex(1, 1)), ("o1", Hex(3, -1))]]
    assert shortlist_charges(m, u, runs) == runs  # no budget: every run
    m.budget = Budget(charges=4)
    assert shortlist_charges(m, u, runs) == runs
    m.budget = Budget(charges=2)
    short = shortlist_charges(m, u, runs)
    priors = sorted((charge_prior(m, u, t, p[-1]) for t, p in runs), reverse=True)
    assert len(short) == 2
    assert sorted((charge_prior(m, u, t, p[-1]) for t, p in short),
                  reverse=True) == priors[:2]
    assert short == [r for r in runs if r in short]  # in the order they were listed
    assert shortlist_charges(m, u, runs) == short  # and the same every time


def test_the_tactician_has_a_budget_the_greedy_player_has_none() -> None:
    assert Tactician.budget == TACTICIAN
    assert TACTICIAN.charges is not None
    assert GreedyAI.budget == UNLIMITED  # the baseline weighs everything, as it always has


def _charges_on_offer() -> tuple[Battle, str, list]:  # type: ignore[type-arg]
    """Five fighting-men a few hexes from five orcs, every man declared to charge (FE-16),
    at the first decision of the movement phase: more charge runs than the budget allows."""
    sc = Scenario("fallen_empire", seed=5, radius=9).side("men", True).side("orcs")
    for i in range(5):
        sc.unit(f"m{i}", "fighting_man", "men", (-2, i - 2), facing=0)
        sc.unit(f"o{i}", "orc", "orcs", (3, i - 3), facing=3)
    state, _ = start(sc.options(surprise_enabled=False).build())
    for _ in range(200):
        side = decider(state)
        assert side is not None
        legal = legal_commands(state, side)
        runs = [c for c in legal if isinstance(c, Move) and c.target]
        if side == "men" and runs:
            return state, side, legal
        declare = [c for c in legal if isinstance(c, Declare)
                   and c.action == ("charge" if side == "men" else "melee")]
        state, _ = submit(state, declare[0] if declare else legal[0])
    raise AssertionError("the charges never came up")


def test_the_budget_cuts_the_charges_weighed_yet_the_same_seed_decides_the_same() -> None:
    state, side, legal = _charges_on_offer()
    runs = [c for c in legal if isinstance(c, Move) and c.target]
    assert len(runs) > TACTICIAN.charges  # type: ignore[operator]
    ai = Tactician(seed=3)
    m = ai.model(state, side)
    by_unit: dict[str, list] = {}  # type: ignore[type-arg]
    for c in legal:
        if getattr(c, "unit", None):
            by_unit.setdefault(c.unit, []).append(c)
    weighed = ai.weighed_blows(m, by_unit)
    assert sum(1 for _, c in weighed if isinstance(c, Move) and c.target) == TACTICIAN.charges
    assert len(weighed) == sum(map(len, by_unit.values())) - len(runs) + TACTICIAN.charges
    # a count, not a clock: two players with the same seed make the same choice
    assert Tactician(seed=3).choose(state, side, legal) == Tactician(seed=3).choose(
        state, side, legal)
