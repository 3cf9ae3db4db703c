"""The computer commander (game/ai/zefrs_mass.py): it deploys, orders, commits reserves and
uses its commander, sees only what its side may, and beats a random commander on the
bundled full battle (bench/ai.py measures 200 games)."""

from pathlib import Path

import pytest

from game.ai import make_controller
from game.ai.hooks import hooks_for, register_hooks
from game.ai.zefrs_mass import HOOKS
from game.maps import load_map
from rules.engine import decider, legal_commands, start, submit
from rules.systems.zefrs.mass.orders import MassDeploy, MassLead, MassOrder
from rules.systems.zefrs.mass.units import MassUnit

FULL = Path(__file__).resolve().parents[2] / "maps" / "mass" / "border_battle.tmx"


@pytest.fixture(autouse=True, scope="module")
def _hooks():
    register_hooks(HOOKS, "mass")  # until the entry point is in the installed metadata


def _play(seed: int, players: dict[int, str]):
    setup = load_map(FULL).setup.model_copy(update={"seed": seed})
    state, _ = start(setup)
    sides = [s.id for s in setup.sides]
    ctl = {sides[i]: make_controller(name, seed * 10 + i) for i, name in players.items()}
    commands = []
    while state.outcome is None and len(commands) < 5000:
        side = decider(state)
        cmd = ctl[side].choose(state, side, legal_commands(state, side))
        commands.append(cmd)
        state, _ = submit(state, cmd)
    return state, sides, commands, ctl


def test_the_computer_commander_beats_a_random_one_from_either_side():
    won = 0
    for seed in range(10):
        mine = seed % 2
        state, sides, _, ctl = _play(seed, {mine: "greedy", 1 - mine: "random"})
        assert not ctl[sides[mine]].errors
        won += state.outcome is not None and state.outcome.winner == sides[mine]
    assert won >= 9


def test_it_deploys_orders_every_unit_and_rides_with_its_commander():
    state, _, commands, _ = _play(3, {0: "tactician", 1: "greedy"})
    assert state.outcome is not None
    kinds = {type(c) for c in commands}
    assert {MassDeploy, MassOrder, MassLead} <= kinds
    assert any(isinstance(c, MassLead) and c.lead for c in commands)  # ZEF-63
    moved_up = [c for c in commands if isinstance(c, MassOrder) and c.to]
    assert moved_up


def test_it_does_not_see_the_enemys_sealed_orders():
    """ZEF-66: the orders are sealed until both sides have given them."""
    state, _ = start(load_map(FULL).setup)
    while decider(state) == "aquilonians" or state.round == 0:
        side = decider(state)
        state, _ = submit(state, legal_commands(state, side)[0])
    ordered = [u for u in state.units if isinstance(u, MassUnit) and u.order]
    assert ordered and all(u.side == "aquilonians" for u in ordered)
    seen = hooks_for("zefrs", "mass").visible(state, "picts")
    assert not any(isinstance(u, MassUnit) and u.order for u in seen.units)
