"""A GM's house ruleset, installed beside Flank as a package of its own, is found through its
entry point and plays like a bundled one (issue 19: registries, not imports back).

The package is written to a temporary folder with a `.dist-info` beside it, as pip would
leave it, and that folder is put on `sys.path`: nothing in Flank names it.  It then shows in
`flank rulesets`, sets up a battle, is played to the end by two random players through the
turn manager, and its save replays with `--verify`.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli import main as flank
from game.turns import RandomController, Seat, TurnManager
from rules import registry
from rules.engine import (
    BattleSetup,
    BoardSpec,
    SideSpec,
    TerrainSpec,
    UnitSpec,
    catalogue,
    ruleset_of,
)

HOUSE = textwrap.dedent('''
    """Stones: two bands hurl stones in turn; a d6 of 4 or more hits and takes one hit point."""

    from dataclasses import dataclass
    from fractions import Fraction
    from typing import Any, ClassVar, Literal

    from rules.commands import Attack, Command, Pass
    from rules.engine import AttackOdds, BattleSetup, Context, Ruleset
    from rules.setup import options_of, units_of
    from rules.events import (AttackRolled, BattleEnded, Event, UnitDamaged,
                              UnitStatusChanged, evolver)
    from rules.hexgrid import Hex
    from rules.state import DEAD, Battle, Frame, Side, Unit


    @dataclass(frozen=True, slots=True)
    class Throw(Frame):
        """The side to throw next (`actor`)."""


    class ThrowPassed(Event):
        type: Literal["stones_throw_passed"] = "stones_throw_passed"
        side: str

        def narrate(self) -> str:
            return f"The {self.side} throw next."


    @evolver(ThrowPassed)
    def _passed(state: Battle, e: ThrowPassed) -> Battle:
        return state.replace_top(Throw(actor=e.side))


    class Stones(Ruleset):
        id: ClassVar[str] = "stones"
        name: ClassVar[str] = "Stones"
        source: ClassVar[str] = "a house rule"

        def initial_state(self, setup: BattleSetup) -> Battle:
            board = setup.board.build()
            sides = tuple(Side(s.id, s.name or s.id) for s in setup.sides)
            units = units_of(setup, board, lambda s: Unit(
                s.id, s.side, s.template, s.name or s.id, Hex(*s.pos), s.facing, 2, 2))
            return Battle(ruleset=self.id, seed=setup.seed, board=board, sides=sides,
                          units=units, stack=(Throw(actor=sides[0].id),),
                          options=options_of(setup, set(), self.name), title=setup.title)

        def run_frame(self, ctx: Context, frame: Frame) -> None:
            raise TypeError("every Stones frame waits on a side")

        def legal_commands(self, state: Battle, side: str) -> list[Command]:
            mine = [u for u in state.side_units(side) if u.fighting]
            foes = [u for u in state.units if u.side != side and u.fighting]
            out: list[Command] = [Attack(unit=u.id, target=f.id) for u in mine for f in foes]
            return out + [Pass(unit=u.id) for u in mine[:1]]

        def check(self, state: Battle, command: Command) -> str | None:
            ok = command in self.legal_commands(state, state.top.actor)
            return None if ok else "not a throw the Stones rules allow now"

        def decide(self, ctx: Context, command: Command) -> None:
            side = ctx.state.top.actor
            if isinstance(command, Attack):
                roll = ctx.dice.d(6, "stone")
                hit = roll >= 4
                ctx.emit(AttackRolled(attacker=command.unit, target=command.target,
                                      kind="missile", weapon="stone", roll=roll, needed=4,
                                      hit=hit, damage=int(hit)))
                target = ctx.state.unit(command.target)
                if hit:
                    ctx.emit(UnitDamaged(unit=target.id, amount=1, hp_after=target.hp - 1))
                    if target.hp - 1 <= 0:
                        ctx.emit(UnitStatusChanged(unit=target.id, status=DEAD))
                if not any(u.fighting for u in ctx.state.units if u.side != side):
                    ctx.emit(BattleEnded(winner=side, reason="the other band is down"))
                    return
            others = [s.id for s in ctx.state.sides if s.id != side]
            ctx.emit(ThrowPassed(side=others[0]))

        def odds(self, state: Battle, attacker: str, target: str, **options: Any
                 ) -> AttackOdds:
            half = Fraction(1, 2)
            kill = half if state.unit(target).hp == 1 else Fraction(0)
            return AttackOdds(hit=half, damage={0: half, 1: half}, kill=kill,
                              modifiers=(), needed=4)


    RULESET = Stones()
''')


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[Path]:
    """The house package and its dist-info on sys.path, as `pip install` would leave them."""
    (tmp_path / "flank_stones").mkdir()
    (tmp_path / "flank_stones" / "__init__.py").write_text(HOUSE)
    info = tmp_path / "flank_stones-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: flank-stones\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[flank.rulesets]\nstones = flank_stones:RULESET\n")
    sys.path.insert(0, str(tmp_path))
    registry.refresh()
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        registry.refresh()  # (the module stays imported: its event types are registered once)


def _setup(seed: int) -> BattleSetup:
    cells = tuple((q, 0, "grass") for q in range(4))
    return BattleSetup(
        ruleset="stones", seed=seed, title="Stones at the ford",
        board=BoardSpec(width=4, height=1, palette={"grass": TerrainSpec()}, cells=cells),
        sides=(SideSpec(id="hill", name="hill folk"), SideSpec(id="vale", name="vale folk")),
        units=(UnitSpec(id="h1", side="hill", template="slinger", pos=(0, 0)),
               UnitSpec(id="h2", side="hill", template="slinger", pos=(1, 0)),
               UnitSpec(id="v1", side="vale", template="slinger", pos=(3, 0), facing=3)))


def test_an_installed_house_ruleset_is_listed_beside_the_bundled_ones(installed, capsys):
    assert "stones" in [rid for rid, _, _ in catalogue()]
    assert catalogue()[0][0] == "fallen_empire"  # the bundled ones keep their place
    assert flank(["rulesets"]) == 0
    assert "stones\tStones\ta house rule" in capsys.readouterr().out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_random_players_play_a_house_battle_to_the_end_and_its_save_replays(
        installed, tmp_path, seed):
    from game.saves import load_save, start_autosave, verify_save

    setup = _setup(seed)
    seats = {s.id: Seat(s.id, RandomController(seed + i), False, s.name)
             for i, s in enumerate(setup.sides)}
    tm = TurnManager(setup, seats)
    save = tmp_path / "stones.flank"
    writer = start_autosave(tm, setup=setup, path=save, fsync=False)
    tm.run()
    writer.close()
    assert tm.is_over and tm.outcome is not None
    assert tm.outcome.winner in {"hill", "vale"}
    loser = "vale" if tm.outcome.winner == "hill" else "hill"
    assert not any(u.fighting for u in tm.state.side_units(loser))
    loaded = load_save(save)
    assert loaded.header.ruleset == "stones"
    assert verify_save(loaded).ok


def test_without_its_package_the_house_ruleset_is_unknown_and_said_so():
    assert "stones" not in [rid for rid, _, _ in catalogue()]
    with pytest.raises(KeyError, match=r"no ruleset called 'stones' .*fallen_empire"):
        ruleset_of("stones")
