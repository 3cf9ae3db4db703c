"""The computer in a chase (game/ai/er_chase.py): swing or run with a heavy weapon by the
exact odds (ER-28), always swing a light one in reach, break off a chase that is lost, and
play "The cutpurse's sprint" to its end from either side."""

from __future__ import annotations

import pytest

from game.ai import make_controller
from game.ai.er_chase import HOOKS, chase_choice
from game.ai.hooks import hooks_for, register_hooks
from rules.engine import decider, legal_commands, submit
from rules.systems.enchanted_realms.chase.odds import round_odds
from rules.systems.enchanted_realms.ruleset import RULESET
from tests.er_chase.helpers import chase, frame, open_chase

TOUGH_THIEF = {"hp": 30}


@pytest.fixture(autouse=True, scope="module")
def _hooks() -> None:
    register_hooks(HOOKS, "chase")  # until the entry point is in the installed metadata


def choice(*pursuer: object, quarry: object) -> str:
    st, _ = open_chase(chase(pursuer, quarry=(quarry,)), 15, 3)  # type: ignore[arg-type]
    cmd = chase_choice(st, legal_commands(st))
    assert cmd is not None
    return cmd.option  # type: ignore[attr-defined]


def test_the_chase_has_hooks_of_its_own() -> None:
    assert hooks_for("enchanted_realms", "chase") is HOOKS


def test_a_light_weapon_always_swings_in_reach() -> None:
    """ER-28 costs a light weapon nothing, so the swing is free."""
    assert choice("p", "swordsman", (-1, 0), quarry=("q", "thief", (0, 0), TOUGH_THIEF)) \
        == "swing:q"


def test_a_heavy_weapon_runs_when_the_swing_would_cost_the_chase() -> None:
    """ER-28: at 40 ft against a 40-ft thief two hexes ahead, swinging the halberd now makes
    losing him this round far likelier (0.74 against 0.53) for a blow that cannot drop
    him: he runs."""
    st, _ = open_chase(chase(("p", "halberdier", (-2, 0), {"walk_ft": 40}),
                             quarry=(("q", "thief", (0, 0), {"hp": 30, "walk_ft": 40}),)), 15, 3)
    swing, run = round_odds(st, "p", "q", "swing"), round_odds(st, "p", "q", "run")
    assert swing.escape - run.escape > 0.1
    assert chase_choice(st, legal_commands(st)).option == "run"  # type: ignore[union-attr]


def test_a_heavy_weapon_swings_when_the_blow_may_end_it() -> None:
    """A thief on 3 hit points is likely dropped by the halberd: worth the ground."""
    assert choice("p", "halberdier", (-2, 0), {"walk_ft": 40},
                  quarry=("q", "thief", (0, 0), {"hp": 3, "walk_ft": 40})) == "swing:q"


def test_a_lost_chase_is_broken_off() -> None:
    """A 25-ft watchman behind a 60-ft thief cannot reach him this round and is all but
    sure to be left behind (ER-33): he breaks off."""
    assert choice("p", "swordsman", (-2, 0), {"walk_ft": 25},
                  quarry=("q", "thief", (0, 0), {"walk_ft": 60})) == "break_off"


@pytest.mark.parametrize("player", ["ai:greedy", "ai:tactician"])
def test_the_computer_plays_the_cutpurses_sprint_to_its_end(player: str) -> None:
    for seed in range(2):
        setup = RULESET.sample_setup("chase", seed)
        assert setup is not None
        from rules.engine import start

        state, _ = start(setup)
        ctl = {s.id: make_controller(player, seed * 10 + i) for i, s in enumerate(setup.sides)}
        for _ in range(2000):
            side = decider(state)
            if side is None:
                break
            state, _ = submit(state, ctl[side].choose(state, side, legal_commands(state, side)))
        assert state.outcome is not None


HOUND = ("hound", "wolf", (-1, 0))  # 50 ft
FENN = ("fenn", "man_at_arms_spear", (-1, 1))  # 30 ft, at Wat's heels
WAT = ("wat", "bandit", (0, 0))  # 30 ft
JORY_40 = ("jory", "thief", (3, 0), {"walk_ft": 40})


def test_the_computer_hound_goes_after_the_thief_nobody_else_keeps() -> None:
    """R-ER-CHASE-QUARRY (the computer): the spearman is at Wat's heels and keeps pace with
    him; Jory, ahead, only the hound can run down, so at his moment the hound turns after
    Jory; the spearman, whose Wat is his to keep, does not turn."""
    st, _ = open_chase(chase(HOUND, FENN, quarry=(WAT, JORY_40)), 15, 3, 3, 2)  # fenn first
    assert frame(st).deciding == "fenn"
    cmd = chase_choice(st, legal_commands(st))
    assert cmd is not None and not cmd.option.startswith("chase:")  # type: ignore[attr-defined]
    st, _ = open_chase(chase(HOUND, FENN, quarry=(WAT, JORY_40)), 3, 15, 3, 2)  # the hound
    assert frame(st).deciding == "hound"
    cmd = chase_choice(st, legal_commands(st))
    assert cmd is not None and cmd.option == "chase:jory"  # type: ignore[attr-defined]
