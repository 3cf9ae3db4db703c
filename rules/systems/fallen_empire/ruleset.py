"""Fallen Empire ("All the Fighting Rules", seed 004) as a Flank ruleset."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.commands import Command
from rules.engine import AttackOdds, BattleSetup, Context, Ruleset
from rules.state import Battle, Frame, Side
from rules.systems.fallen_empire import actions
from rules.systems.fallen_empire.combat import odds_of, situation, spell_situation
from rules.systems.fallen_empire.events import FESystem
from rules.systems.fallen_empire.frames import (
    ImpactFrame,
    MoveFrame,
    PhaseFrame,
    RoundFrame,
)
from rules.systems.fallen_empire.movement import run_impact, run_move
from rules.systems.fallen_empire.round import run_phase, run_round
from rules.systems.fallen_empire.tables import load_tables
from rules.systems.fallen_empire.units import build_unit


class FallenEmpire(Ruleset):
    id: ClassVar[str] = "fallen_empire"
    name: ClassVar[str] = "Fallen Empire"
    source: ClassVar[str] = "All the Fighting Rules (Fallen Empire, 2019) — seed 004"

    def initial_state(self, setup: BattleSetup) -> Battle:
        board = setup.board.build()
        sides = tuple(Side(s.id, s.name or s.id, s.player_characters) for s in setup.sides)
        side_ids = {s.id for s in sides}
        units = []
        seen: set[str] = set()
        taken: dict[tuple[int, int], str] = {}
        for spec in setup.units:
            if spec.id in seen:
                raise ValueError(f"two units are called {spec.id!r}")
            if spec.side not in side_ids:
                raise ValueError(f"unit {spec.id!r} is on side {spec.side!r}, which is not in "
                                 "the battle")
            if spec.pos in taken:
                raise ValueError(f"units {taken[spec.pos]!r} and {spec.id!r} stand on the same "
                                 f"hex {spec.pos}")
            seen.add(spec.id)
            taken[spec.pos] = spec.id
            unit = build_unit(spec, board.feet_per_hex)
            if not board.passable(unit.pos):  # type: ignore[arg-type]
                raise ValueError(f"unit {spec.id!r} stands on {spec.pos}, which is off the "
                                 "board or impassable")
            units.append(unit)
        known = set(type(load_tables().config).model_fields)
        options = []
        for key, value in sorted(setup.options.items()):
            if key not in known and key not in ("max_rounds",):
                raise ValueError(f"unknown Fallen Empire option {key!r}")
            options.append((key, value))
        return Battle(ruleset=self.id, seed=setup.seed, board=board, sides=sides,
                      units=tuple(sorted(units, key=lambda u: u.id)), system=FESystem(),
                      stack=(RoundFrame(),), options=tuple(options), title=setup.title)

    def run_frame(self, ctx: Context, frame: Frame) -> None:
        if isinstance(frame, RoundFrame):
            run_round(ctx, frame)
        elif isinstance(frame, PhaseFrame):
            run_phase(ctx, frame)
        elif isinstance(frame, MoveFrame):
            run_move(ctx, frame)
        elif isinstance(frame, ImpactFrame):
            run_impact(ctx, frame)
        else:
            raise TypeError(f"no procedure for {type(frame).__name__}")

    def legal_commands(self, state: Battle, side: str) -> list[Command]:
        return actions.legal_commands(state, side)

    def check(self, state: Battle, command: Command) -> str | None:
        return actions.check(state, command)

    def decide(self, ctx: Context, command: Command) -> None:
        actions.decide(ctx, command)

    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        """Exact odds of `attacker` hitting `target` now.  options: kind (melee, missile,
        charge, opportunity, retreat, set-spear, spell), weapon, subdual, spell."""
        kind = options.get("kind", "melee")
        if kind == "spell":
            s = spell_situation(state, attacker, target, options["spell"])
        else:
            s = situation(state, attacker, target, kind, weapon=options.get("weapon", ""),
                          subdual=bool(options.get("subdual", False)),
                          from_hex=options.get("from_hex"))
        return odds_of(state, s)

    def templates(self) -> list[str]:
        return sorted(load_tables().units)


RULESET = FallenEmpire()
