"""The computer players as any caller meets them: named by a spec, deterministic by seed,
never playing an illegal command, and blind to what their side may not know."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import PLAYERS, GreedyAI, RandomAI, Tactician, make_controller
from game.ai.hooks import hooks_for
from game.turns import Seat, TurnManager
from rules.builder import Scenario
from rules.commands import Command, Declare
from rules.engine import catalogue, check, decider, legal_commands, start, submit
from rules.state import state_hash
from tests.fallen_empire.helpers import fe

TEMPLATES = ["fighting_man", "man_at_arms_spear", "pikeman", "crossbowman", "orc", "goblin",
             "gnoll", "wolf", "veteran", "elf"]


def small_battle(ruleset: str, seed: int, a: list[str], b: list[str]) -> object:
    sc = Scenario(ruleset, seed=seed, radius=6, title="small").side("a", True).side("b")
    for i, t in enumerate(a):
        sc.unit(f"a{i}", t, "a", (-3, i - 1), facing=0)
    for i, t in enumerate(b):
        sc.unit(f"b{i}", t, "b", (3, i - 1), facing=3)
    return sc.build()


@pytest.mark.parametrize("spec,kind", [
    ("random", RandomAI), ("greedy", GreedyAI), ("tactician", Tactician),
    ("ai:tactician", Tactician), ("AI:Greedy", GreedyAI), ("ai", Tactician),
    (" tactician ", Tactician)])
def test_a_player_is_made_from_its_name(spec: str, kind: type) -> None:
    ctl = make_controller(spec, seed=3)
    assert isinstance(ctl, kind) and ctl.seed == 3


@pytest.mark.parametrize("spec", ["", "human", "ai:", "ai:deep_blue", "tactitian", "random:3"])
def test_an_unknown_player_is_refused_with_the_names_that_exist(spec: str) -> None:
    with pytest.raises(ValueError) as err:
        make_controller(spec, seed=0)
    text = str(err.value)
    assert "\n" not in text and repr(spec) in text
    assert all(name in text for name in PLAYERS)


class Recording:
    """Wraps a controller and checks every command it returns against the rules."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.bad: list[str] = []

    def choose(self, state, side, legal):  # type: ignore[no-untyped-def]
        before = list(legal)
        cmd = self.inner.choose(state, side, legal)  # type: ignore[attr-defined]
        assert list(legal) == before, "choose changed the legal list it was handed"
        if not isinstance(cmd, Command) or (cmd not in legal and check(state, cmd) is not None):
            self.bad.append(f"{cmd!r} in {type(state.top).__name__}")
        return cmd


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), who=st.sampled_from(["tactician", "greedy"]),
       a=st.lists(st.sampled_from(TEMPLATES), min_size=1, max_size=3),
       b=st.lists(st.sampled_from(TEMPLATES), min_size=1, max_size=3),
       flip=st.booleans())
def test_the_ai_never_submits_an_illegal_command(seed: int, who: str, a: list[str],
                                                b: list[str], flip: bool) -> None:
    """Whatever the position and the dice, every command an AI returns is one the rules
    accept (`legal_commands` lists it or `check` passes it), and no search falls back."""
    setup = small_battle("fallen_empire", seed, a, b)
    ai = make_controller(who, seed)
    mine = Recording(ai)
    other = make_controller("random", seed + 1)
    seats = {"a": Seat("a", mine if not flip else other),
             "b": Seat("b", other if not flip else mine)}
    tm = TurnManager(setup, seats)
    results = tm.run(150)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    assert mine.bad == []
    assert ai.errors == []


def play(setup: object, specs: tuple[str, str], seeds: tuple[int, int]) -> TurnManager:
    sides = [s.id for s in setup.sides]  # type: ignore[attr-defined]
    seats = {s: Seat(s, make_controller(p, k)) for s, p, k in zip(sides, specs, seeds,
                                                                 strict=True)}
    tm = TurnManager(setup, seats)  # type: ignore[arg-type]
    tm.run(5000)
    return tm


def test_the_same_seed_plays_the_same_game() -> None:
    setup = small_battle("fallen_empire", 5, ["fighting_man", "pikeman", "orc"],
                         ["gnoll", "man_at_arms_spear", "goblin"])
    one = play(setup, ("tactician", "greedy"), (11, 12))
    two = play(setup, ("tactician", "greedy"), (11, 12))
    assert one.is_over
    assert [c for c, _ in one.history] == [c for c, _ in two.history]
    assert state_hash(one.state) == state_hash(two.state)


def test_choose_leaves_the_state_and_the_legal_list_as_they_were() -> None:
    """Safe for a worker thread: the state is immutable and nothing handed in is changed."""
    setup = small_battle("fallen_empire", 2, ["fighting_man", "orc"], ["gnoll", "pikeman"])
    state, _ = start(setup)
    for _ in range(30):
        side = decider(state)
        if side is None:
            break
        legal = legal_commands(state, side)
        frozen, h = list(legal), state_hash(state)
        cmd = make_controller("tactician", 1).choose(state, side, legal)
        assert legal == frozen and state_hash(state) == h
        state, _ = submit(state, cmd)


def test_foes_secret_declarations_are_masked_until_initiative() -> None:
    """FE-06/07: a side declares in secret.  The AI looks at the battle through
    `visible(state, side)`, which blanks the other sides' declared actions until initiative is
    rolled, so its own declarations are the same whatever the foe secretly chose."""
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (-3, 0), facing=0)
          .unit("hero", "fighting_man", "men", (-3, 1), facing=0)
          .unit("orc", "orc", "orcs", (4, 0), facing=3)
          .unit("gnoll", "gnoll", "orcs", (4, 1), facing=3))
    base, _ = start(sc.build())
    picks = []
    for actions in ({"spear": "set_spear", "hero": "melee"}, {"spear": "charge", "hero": "move"}):
        state = base
        for uid, action in actions.items():
            state, _ = submit(state, Declare(unit=uid, action=action))
        assert decider(state) == "orcs"
        view = hooks_for(state.ruleset).visible(state, "orcs")
        assert all(getattr(u, "declared", "") == "" for u in view.units if u.side == "men")
        assert view.unit("spear").pos == state.unit("spear").pos
        ai = make_controller("tactician", 4)
        picks.append(ai.choose(state, "orcs", legal_commands(state, "orcs")))
    assert picks[0] == picks[1]


@pytest.mark.skipif("empress" not in {rid for rid, _, _ in catalogue()},
                    reason="the Empress ruleset is not bundled")
def test_a_ruleset_without_hooks_of_its_own_gets_a_working_ai() -> None:
    """The AI plays through the generic rules API: a whole Empress game, legal throughout."""
    setup = small_battle("empress", 3, ["fighting_man", "orc"], ["gnoll", "pikeman"])
    ai = make_controller("tactician", 1)
    rec = Recording(ai)
    tm = TurnManager(setup, {"a": Seat("a", rec), "b": Seat("b", make_controller("greedy", 2))})
    results = tm.run(3000)
    assert all(r.ok for r in results)
    assert tm.is_over
    assert rec.bad == [] and ai.errors == []


def test_a_background_controller_never_blocks_the_turn_manager() -> None:
    """The window's loop: step() returns None while the AI thinks in its worker thread, and
    the AI's command is played once it is ready -- the same game as playing it directly."""
    from game.threaded import ThreadedController

    setup = small_battle("fallen_empire", 8, ["fighting_man", "orc"], ["gnoll", "pikeman"])
    direct = play(setup, ("tactician", "greedy"), (3, 4))
    bg = ThreadedController(make_controller("tactician", 3))
    tm = TurnManager(setup, {"a": Seat("a", bg), "b": Seat("b", make_controller("greedy", 4))})
    for _ in range(20_000):
        if tm.is_over:
            break
        res = tm.step()
        if res is None:
            assert bg.wait(30)
        else:
            assert res.ok
    assert [c for c, _ in tm.history] == [c for c, _ in direct.history]
