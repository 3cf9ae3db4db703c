"""Stateful fuzzing of every mode of every ruleset (Hypothesis `RuleBasedStateMachine`, one per
battleground the registry gives, tests/conformance/harness.py): random sequences of legal
commands mixed with illegal ones — a unit of the wrong side, a side that is not to act, a
Move path that jumps across the board, targets that do not exist, commands of a kind the
moment does not call for, and arbitrary made-up commands — with the battle's promises
checked after every step:

* a command the rules refuse raises `IllegalCommand` (nothing else) and changes nothing;
* the board kind's invariants (rules/invariants.py): on a hex map no two units still in the
  battle (not dead, not gone) stand on one hex, every unit on the board stands on a hex of
  it facing one of six; on the lists the joust's own; hit points never above the maximum;
* status agrees with hit points (Fallen Empire: a unit fights only above 0 HP, FE-39; at
  0 HP it is "on the brink" (FE-39), below 0 it is dying (FE-40) down to the dying floor
  (R-FE, FE-40 reading (a): below -10 it is dead), unless knocked out by subdual damage
  (FE-35), stabilised (FE-42/FE-43) or dead;
* replaying the events from the initial state rebuilds the live state;
* at the end, the whole battle written as a save loads back to the same state.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from rules.builder import Scenario
from rules.commands import (
    Attack,
    Cast,
    Choose,
    Command,
    Declare,
    EndPhase,
    Move,
    Pass,
    React,
    Turn,
    UseItem,
)
from rules.engine import (
    BattleSetup,
    IllegalCommand,
    check,
    decider,
    evolve_all,
    initial_state,
    legal_commands,
    ruleset_of,
    start,
    submit,
)
from rules.hexgrid import Hex
from rules.invariants import violations
from rules.state import ACTIVE, DEAD, DOWN, GONE, Battle, Unit, state_hash
from tests.conformance.harness import Battleground, battlegrounds

GROUNDS = battlegrounds()
STATEFUL = settings(max_examples=25, stateful_step_count=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.filter_too_much])


# --- positions ------------------------------------------------------------------------------


def position(ground: Battleground, seed: int, kind: int) -> BattleSetup:
    """The ruleset's sample battle in the mode, or (kind 1, a skirmish) a small one of the
    ruleset's first templates."""
    if kind == 0 or ground.mode != "skirmish":
        return ground.setup(seed)
    ruleset = ground.ruleset
    templates = ruleset_of(ruleset).templates() or ["figure"]
    if ruleset == "fallen_empire":
        templates = ["fighting_man", "orc", "man_at_arms_spear", "ogre"]
    a, b = templates[0], templates[min(1, len(templates) - 1)]
    return (Scenario(ruleset, seed=seed, radius=5, title="fuzz")
            .side("blue", player_characters=True).side("red")
            .unit("b1", a, "blue", (-2, 0), facing=0)
            .unit("b2", b, "blue", (-2, 1), facing=0)
            .unit("r1", b, "red", (2, 0), facing=3)
            .unit("r2", a, "red", (2, -1), facing=3)
            .build())


# --- invariants -----------------------------------------------------------------------------


def moving(state: Battle) -> set[str]:
    """Units in the middle of a move (a move frame on the stack): one may be passing through a
    friend's hex when a reaction interrupts it."""
    return {f.unit for f in state.stack if hasattr(f, "path") and isinstance(
        getattr(f, "unit", None), str)}


TOLERATE_PASSING_ON_ONE_HEX = False
"""Once a rules bug (the tests at the end): a move may pass through a friend's hex or a fallen
man's, and a free attack that stopped it there (FE-12) left both on one hex.  Fixed by
R-FE-STOPPED-SHORT; kept as a switch in case another ruleset needs the same tolerance while a
fix is made."""


def common_invariants(state: Battle, tolerate_passing: bool = False) -> None:
    taken: dict[Hex, Unit] = {}
    passing = moving(state)
    for u in state.units:
        assert u.hp <= u.max_hp, f"{u.id}: {u.hp} HP of {u.max_hp}"
        if u.pos is not None:
            assert u.pos in state.board, f"{u.id} at {u.pos} is off the board"
            if u.status not in (DEAD, GONE) and u.id not in passing:
                there = taken.get(u.pos)
                passable = there is not None and (
                    there.side == u.side or not there.fighting or not u.fighting)
                if there is not None and not (tolerate_passing and passable):
                    raise AssertionError(f"{u.id} and {there.id} share {u.pos}")
                taken[u.pos] = u


FE_DOWN = {"at 0 HP, on the brink", "dying", "stable", "unconscious", "injured in the joust"}


def fallen_empire_invariants(state: Battle) -> None:
    from rules.systems.fallen_empire.units import cfg

    floor = cfg(state, "dying_floor")
    for u in state.units:
        assert u.status in (ACTIVE, DOWN, DEAD, GONE), f"{u.id}: status {u.status!r}"
        if u.status == ACTIVE:  # FE-39: at 0 HP or below nobody fights
            assert u.hp > 0, f"{u.id} fights on at {u.hp} HP"
        elif u.status == DOWN:
            assert u.hp <= 0, f"{u.id} is down ({u.condition}) at {u.hp} HP"
            assert u.condition in FE_DOWN, f"{u.id}: down but {u.condition!r}"
            if u.condition == "at 0 HP, on the brink":  # FE-39
                assert u.hp == 0
            if u.condition == "dying":  # FE-40: below 0, down to the floor (reading (a))
                assert floor <= u.hp < 0, f"{u.id} dying at {u.hp} HP"
            if u.condition == "stable":  # FE-42/FE-43: bandaged or tended at 0 HP or below
                assert floor <= u.hp <= 0
        elif u.status == DEAD:
            assert u.condition == "dead"


INVARIANTS = {"fallen_empire": fallen_empire_invariants}


# --- the machine ----------------------------------------------------------------------------


def machine_for(ground: Battleground) -> type[RuleBasedStateMachine]:
    ruleset = ground.ruleset

    class Battlefield(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.setup: BattleSetup | None = None
            self.state: Battle | None = None
            self.replayed: Battle | None = None
            self.opening: list = []
            self.history: list = []

        @initialize(seed=st.integers(0, 2**31 - 1), kind=st.integers(0, 1))
        def begin(self, seed: int, kind: int) -> None:
            self.setup = position(ground, seed, kind)
            self.state, opening = start(self.setup)
            self.opening = list(opening)
            self.replayed = evolve_all(initial_state(self.setup), opening)

        # --- helpers ----------------------------------------------------------------------

        def apply(self, command: Command, *, must_refuse: bool = False) -> None:
            before = self.state
            assert before is not None
            snapshot = state_hash(before)
            try:
                after, events = submit(before, command)
            except IllegalCommand as exc:
                assert exc.reason, "a refusal says why"
                assert state_hash(before) == snapshot, "a refused command changed the state"
                assert self.state is before
                return
            assert not must_refuse, f"{command.describe()} was accepted"
            assert state_hash(before) == snapshot, "submit changed the old state"
            self.state = after
            self.history.append((command, tuple(events)))
            self.replayed = evolve_all(self.replayed, events)

        def own_and_other_units(self) -> tuple[list[str], list[str]]:
            assert self.state is not None
            side = decider(self.state)
            own = [u.id for u in self.state.units if u.side == side]
            other = [u.id for u in self.state.units if u.side != side]
            return own, other

        # --- legal play -------------------------------------------------------------------

        @rule(data=st.data())
        def play_a_legal_command(self, data: st.DataObject) -> None:
            assert self.state is not None
            side = decider(self.state)
            if side is None:
                return
            legal = legal_commands(self.state, side)
            assert legal, f"{side} must decide but has nothing legal"
            cmd = data.draw(st.sampled_from(legal), label="legal")
            before = self.state
            self.apply(cmd)
            assert self.state is not before, f"legal {cmd.describe()} was refused"

        @rule(data=st.data(), n=st.integers(1, 8))
        def play_several_legal_commands(self, data: st.DataObject, n: int) -> None:
            for _ in range(n):
                self.play_a_legal_command(data)

        # --- illegal play -----------------------------------------------------------------

        @rule(data=st.data())
        def command_a_unit_of_the_wrong_side(self, data: st.DataObject) -> None:
            assert self.state is not None
            side = decider(self.state)
            _, other = self.own_and_other_units()
            legal = legal_commands(self.state, side) if side else []
            with_unit = [c for c in legal if hasattr(c, "unit")]
            if not other or not with_unit:
                return
            cmd = data.draw(st.sampled_from(with_unit))
            victim = data.draw(st.sampled_from(other))
            self.apply(cmd.model_copy(update={"unit": victim}), must_refuse=True)

        @rule()
        def end_the_phase_of_a_side_not_to_act(self) -> None:
            assert self.state is not None
            side = decider(self.state)
            for s in self.state.sides:
                if s.id != side:
                    self.apply(EndPhase(side=s.id), must_refuse=True)

        @rule(data=st.data(), far=st.integers(3, 30))
        def move_along_a_path_that_jumps(self, data: st.DataObject, far: int) -> None:
            assert self.state is not None
            own, _ = self.own_and_other_units()
            placed = [u for u in own if self.state.unit(u).pos is not None]
            if not placed:
                return
            uid = data.draw(st.sampled_from(placed))
            here = self.state.unit(uid).pos
            assert here is not None
            there = Hex(here.q + far, here.r - far // 2)
            self.apply(Move(unit=uid, path=((here.q, here.r), (there.q, there.r))),
                       must_refuse=True)
            self.apply(Move(unit=uid, path=((here.q + 1, here.r), (here.q + 2, here.r))),
                       must_refuse=True)  # a path that does not start where it stands

        @rule(data=st.data(), name=st.text("xyz-", min_size=1, max_size=8))
        def strike_a_made_up_target(self, data: st.DataObject, name: str) -> None:
            own, _ = self.own_and_other_units()
            if not own:
                return
            uid = data.draw(st.sampled_from(own))
            nobody = f"nobody-{name}"
            self.apply(Attack(unit=uid, target=nobody), must_refuse=True)
            self.apply(Cast(unit=uid, spell="sleep", target=nobody), must_refuse=True)
            self.apply(UseItem(unit=uid, item="bandages", target=nobody), must_refuse=True)
            self.apply(Attack(unit=nobody, target=uid), must_refuse=True)

        @rule(data=st.data())
        def give_a_command_of_the_wrong_kind(self, data: st.DataObject) -> None:
            assert self.state is not None
            side = decider(self.state)
            own, _ = self.own_and_other_units()
            if side is None or not own:
                return
            kinds = {c.type for c in legal_commands(self.state, side)}
            uid = data.draw(st.sampled_from(own))
            wrong = [React(unit=uid, accept=True), Choose(unit=uid, option="splinter"),
                     Declare(unit=uid, action="melee")]
            for cmd in wrong:
                if cmd.type not in kinds:  # the moment does not call for this kind at all
                    self.apply(cmd, must_refuse=True)
            if kinds and kinds <= {"declare", "react", "choose"}:
                for cmd in (Pass(unit=uid), Turn(unit=uid, facing=1), EndPhase(side=side)):
                    self.apply(cmd, must_refuse=True)

        @rule(data=st.data())
        def give_an_arbitrary_command(self, data: st.DataObject) -> None:
            assert self.state is not None
            ids = [u.id for u in self.state.units] + ["ghost"]
            unit = st.sampled_from(ids)
            hexes = st.tuples(st.integers(-12, 12), st.integers(-12, 12))
            cmd = data.draw(st.one_of(
                st.builds(Declare, unit=unit, action=st.sampled_from(
                    ["melee", "move", "charge", "missile", "spell", "other", "dance"])),
                st.builds(Move, unit=unit, path=st.lists(hexes, min_size=1, max_size=4)
                          .map(tuple), facing=st.none() | st.integers(0, 5)),
                st.builds(Turn, unit=unit, facing=st.integers(0, 5)),
                st.builds(Attack, unit=unit, target=unit),
                st.builds(React, unit=unit, accept=st.booleans()),
                st.builds(Choose, unit=unit, option=st.sampled_from(["splinter", "take", "x"])),
                st.builds(Pass, unit=unit),
                st.builds(EndPhase, side=st.sampled_from(
                    [s.id for s in self.state.sides] + ["nobody"])),
            ), label="arbitrary")
            self.apply(cmd)  # refused or accepted: either way the promises below hold

        # --- the promises -----------------------------------------------------------------

        @invariant()
        def units_keep_to_their_hexes_and_hit_points(self) -> None:
            if self.state is not None:
                assert violations(self.state) == []
                if self.state.board_kind == "hex":
                    common_invariants(self.state, TOLERATE_PASSING_ON_ONE_HEX)
                extra = INVARIANTS.get(ruleset)
                if extra is not None:
                    extra(self.state)

        @invariant()
        def replaying_the_events_rebuilds_the_live_state(self) -> None:
            if self.state is not None:
                assert self.replayed == self.state
                assert state_hash(self.replayed) == state_hash(self.state)

        def teardown(self) -> None:
            if self.state is None or self.setup is None:
                return
            from game.saves import SaveWriter, load_save, new_header

            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "fuzz.flank"
                with SaveWriter(path, new_header(self.setup), fsync=False) as writer:
                    writer.record_opening(self.opening)
                    for cmd, events in self.history:
                        writer.record_step(cmd, events)
                loaded = load_save(path)
                assert loaded.state == self.state
                assert loaded.history == self.history

    name = ground.id.replace(".", "_")
    Battlefield.__name__ = Battlefield.__qualname__ = f"Battlefield_{name}"
    return Battlefield


for _ground in GROUNDS:
    _case = machine_for(_ground).TestCase
    _case.settings = STATEFUL
    globals()[f"TestStateful_{_ground.id.replace('.', '_')}"] = _case
del _case  # pytest would collect it a second time under this name


# --- what the fuzzing found -----------------------------------------------------------------


_TO_THE_SECOND_ROUND = [
    Declare(unit="orc1", action="move"), Declare(unit="ogre", action="move"),
    Declare(unit="orc2", action="melee"),
    Move(unit="ogre", path=((4, -1), (3, -1), (2, -1), (1, -1), (0, -1), (-1, 0), (-2, 1),
                            (-3, 2))),
    Move(unit="orc1", path=((3, 0), (2, 0), (1, 0), (0, 0), (-1, 0), (-2, 1), (-3, 2), (-4, 2),
                            (-5, 2), (-6, 2))),
    Move(unit="orc2", path=((3, -1), (2, -1), (1, -1), (0, -1))),
    Declare(unit="xbow", action="move"), Declare(unit="sergeant", action="charge"),
    Declare(unit="spear", action="withdraw"), Declare(unit="ogre", action="melee"),
    Declare(unit="orc1", action="melee"), Declare(unit="orc2", action="melee"),
]
STOPPED_IN_AN_OCCUPIED_HEX = {
    # the crossbowman walks through the spearman's hex, orc1's free attack hits him there
    "a friend's hex": [
        Move(unit="spear", path=((-3, 1), (-4, 1), (-5, 1))),  # FE-13 withdrawal
        Move(unit="xbow", path=((-4, 1), (-5, 1), (-6, 1), (-7, 1), (-8, 1), (-8, 0))),
        React(unit="orc1", accept=True)],
    # the ogre fells the crossbowman (0 HP, FE-39), walks over him and the spear stops him
    "a fallen foe's hex": [
        Move(unit="spear", path=((-3, 1), (-4, 1), (-5, 2))),
        Move(unit="xbow", path=((-4, 1), (-4, 2), (-4, 3), (-3, 3))),
        React(unit="ogre", accept=True),
        Move(unit="ogre", path=((-3, 2), (-4, 2), (-5, 3), (-6, 3))),
        React(unit="spear", accept=True)],
}


@pytest.mark.parametrize("where", sorted(STOPPED_IN_AN_OCCUPIED_HEX))
def test_a_move_stopped_in_an_occupied_hex_leaves_one_unit_per_hex(where: str) -> None:
    from rules.scenarios import demo_setup

    state, _ = start(demo_setup("fallen_empire", seed=0))
    for cmd in _TO_THE_SECOND_ROUND + STOPPED_IN_AN_OCCUPIED_HEX[where]:
        # the fuzzer's own paths: legal walks, though not always the one the rules would
        # choose among equally cheap ones (R-POS-PATH)
        assert check(state, cmd) is None, cmd
        state, _ = submit(state, cmd)
    assert not moving(state)  # the move is over: it stopped (FE-12)
    common_invariants(state)
