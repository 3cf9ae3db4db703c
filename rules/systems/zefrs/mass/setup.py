"""A mass battle's opening state (ZEF-58..61), the board it is fought on, and the sample the
conformance tests play.

Why a module: the ZeFRS ruleset opens a battle set up with the option `mode = "mass"` here
instead of its skirmish turn; the set-up's figures are units of fighters (troop types of
the mode's data file) and one ZeFRS figure a side with `role = "commander"` (ZEF-59).  The
units stand where the scenario put them only with `mass_deploy = "as_placed"` (a position
to study, a test); otherwise (`"secret"`, the text's way, ZEF-58) each side places them
in the deployment step and the scenario's squares are only where the map drew them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.hexgrid import Hex
from rules.rulings import OptionProblem
from rules.setup import BattleSetup, BoardSpec, SideSpec, TerrainSpec, UnitSpec, options_of
from rules.state import Battle, Side, Unit
from rules.systems.zefrs.events import ZefSystem
from rules.systems.zefrs.mass.frame import MassFrame
from rules.systems.zefrs.mass.grid import COLUMNS, FACINGS, ROWS, SLOTS, on_grid
from rules.systems.zefrs.mass.tables import MassRulings, load_mass
from rules.systems.zefrs.mass.units import MassUnit, build_leader, build_mass_unit
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import build_unit

__all__ = ["DEPLOY", "MASS_OPTIONS", "grid_board", "initial_state", "mass_option_keys",
           "sample_setup"]

DEPLOY = ("secret", "as_placed")
MASS_OPTIONS = frozenset({"mode", "mass_deploy"})


def mass_option_keys() -> set[str]:
    """Every option a mass battle takes beyond the ZeFRS rulings: the mode, the deployment
    and each mass ruling as `mass_<name>` (data.toml's [rulings])."""
    return set(MASS_OPTIONS) | {f"mass_{k}" for k in MassRulings.model_fields}


def grid_board(terrain: dict[tuple[int, int], str] | None = None) -> BoardSpec:
    """The 5 × 7 grid of 100-ft squares (ZEF-61), open ground unless `terrain` names a kind
    for a square (drawn as the hex maps draw it; mass combat gives terrain no rule)."""
    kinds = sorted({"grass", *(terrain or {}).values()})
    palette = {k: TerrainSpec(kind=k) for k in kinds}
    cells = tuple((x, y, (terrain or {}).get((x, y), "grass"))
                  for y in range(ROWS) for x in range(COLUMNS))
    return BoardSpec(width=COLUMNS, height=ROWS, feet_per_hex=100, stagger_axis="y",
                     stagger_index="odd", palette=palette, cells=cells)


def _check_options(setup: BattleSetup) -> tuple[tuple[str, Any], ...]:
    options = options_of(setup, mass_option_keys(), "ZeFRS", load_tables().config)
    mass = {k.removeprefix("mass_"): v for k, v in options if k.startswith("mass_")
            and k != "mass_deploy"}
    if mass:
        try:
            MassRulings.model_validate({**load_mass().rulings.model_dump(), **mass},
                                       strict=False)
        except ValueError as exc:
            raise OptionProblem(next(iter(mass)), f"a mass ruling is wrong: {exc}") from None
    deploy = dict(options).get("mass_deploy", "secret")
    if deploy not in DEPLOY:
        raise OptionProblem("mass_deploy", f"mass_deploy is one of {', '.join(DEPLOY)}, not "
                            f"{deploy!r}")
    return options


def initial_state(ruleset_id: str, setup: BattleSetup) -> Battle:
    """The battle before any event: units of fighters with their leaders, the commanders,
    and the MassFrame at deployment (or at the first round, as placed).  ValueError naming
    the unit or side when the set-up cannot be a mass battle."""
    options = _check_options(setup)
    board = setup.board.build()
    if (board.width, board.height) != (COLUMNS, ROWS) or len(board.cells) != COLUMNS * ROWS \
            or any(not on_grid(h) for h, _ in board.cells):
        raise ValueError(f"a mass battle is fought on a grid of {COLUMNS} x {ROWS} squares "
                         f"(ZEF-61), not {board.width} x {board.height}")
    if len(setup.sides) != 2:
        raise ValueError(f"a mass battle is between two sides (ZEF-58), not "
                         f"{len(setup.sides)}")
    sides = tuple(Side(s.id, s.name or s.id, s.player_characters) for s in setup.sides)
    placed = dict(options).get("mass_deploy", "secret") == "as_placed"
    m = load_mass()
    units: list[Unit] = []
    commanders: dict[str, str] = {}
    ids: set[str] = set()
    squares: dict[tuple[int, int], str] = {}
    for spec in setup.units:
        if spec.id in ids:
            raise ValueError(f"two units are called {spec.id!r}")
        ids.add(spec.id)
        if spec.side not in {s.id for s in sides}:
            raise ValueError(f"unit {spec.id!r} is on side {spec.side!r}, which is not in "
                             "the battle")
        if not on_grid(Hex(*spec.pos)):
            raise ValueError(f"unit {spec.id!r} stands at {spec.pos}, off the 5 x 7 grid")
        if spec.overrides.get("role") == "commander":
            if spec.side in commanders:
                raise ValueError(f"side {spec.side!r} has two commanders, {commanders[spec.side]!r}"
                                 f" and {spec.id!r} (ZEF-59: one overall commander a side)")
            over = {k: v for k, v in spec.overrides.items() if k != "role"}
            c = build_unit(spec.model_copy(update={"overrides": over}))
            commanders[spec.side] = spec.id
            units.append(replace(c, pos=Hex(*spec.pos) if placed else None))
            continue
        if spec.template not in m.troops:
            raise ValueError(f"unit {spec.id!r}: {spec.template!r} is no troop type of the "
                             f"mass tables ({', '.join(sorted(m.troops))}), and a ZeFRS "
                             "figure on the grid must be a side's commander (role = "
                             "\"commander\")")
        if spec.pos in squares:
            raise ValueError(f"units {squares[spec.pos]!r} and {spec.id!r} stand on the same "
                             f"square {spec.pos} (ZEF-61: one unit a square)")
        squares[spec.pos] = spec.id
        if spec.facing not in FACINGS:
            raise ValueError(f"unit {spec.id!r} faces {spec.facing}: on the grid 0 north, "
                             "1 east, 2 south or 3 west")
        u = build_mass_unit(spec, m)
        leader = build_leader(u, spec, m)
        if leader.id in ids:
            raise ValueError(f"unit {spec.id!r}: its leader's id {leader.id!r} is taken")
        ids.add(leader.id)
        pos = Hex(*spec.pos) if placed else None
        units += [replace(u, pos=pos, slot=(u.slot or "line") if placed else ""),
                  replace(leader, pos=pos)]
    for s in sides:
        mine = [u for u in units if u.side == s.id and isinstance(u, MassUnit)]
        if not mine:
            raise ValueError(f"side {s.id!r} has no unit (ZEF-58)")
        if len(mine) > len(SLOTS) * 2:
            raise ValueError(f"side {s.id!r} has {len(mine)} units: three in the line and up "
                             "to three in reserve make six (ZEF-58)")
        if s.id not in commanders:
            raise ValueError(f"side {s.id!r} has no overall commander: give one ZeFRS figure "
                             "role = \"commander\" (ZEF-59)")
    gap = int(dict(options).get("mass_start_gap", m.rulings.start_gap))
    frame = MassFrame(step="round" if placed else "deploy",
                      actor=None if placed else sides[0].id, side_a=sides[0].id,
                      side_b=sides[1].id, gap=gap,
                      commanders=tuple((s.id, commanders[s.id]) for s in sides))
    return Battle(ruleset=ruleset_id, seed=setup.seed, board=board, sides=sides,
                  units=tuple(sorted(units, key=lambda u: u.id)), system=ZefSystem(),
                  stack=(frame,), options=options, title=setup.title)


def sample_setup(ruleset_id: str, seed: int = 0) -> BattleSetup:
    """A small full battle: two line units and a reserve a side, with commanders."""
    a, b = "aquilonians", "picts"
    units = (
        UnitSpec(id="a-pikes", side=a, template="pikemen", pos=(2, 4), facing=0,
                 overrides={"fighters": 100, "leader": "veteran"}),
        UnitSpec(id="a-horse", side=a, template="armoured_cavalry", pos=(1, 4), facing=0,
                 overrides={"fighters": 50, "leader": "knight"}),
        UnitSpec(id="a-bows", side=a, template="archers", pos=(2, 5), facing=0,
                 overrides={"fighters": 60}),
        UnitSpec(id="a-general", side=a, template="captain", pos=(2, 5), facing=0,
                 overrides={"role": "commander"}),
        UnitSpec(id="p-warband", side=b, template="tribesmen", pos=(2, 2), facing=2,
                 overrides={"fighters": 150, "leader": "orc"}),
        UnitSpec(id="p-skirmish", side=b, template="bowmen", pos=(3, 2), facing=2,
                 overrides={"fighters": 60}),
        UnitSpec(id="p-band", side=b, template="tribesmen", pos=(2, 1), facing=2,
                 overrides={"fighters": 80}),
        UnitSpec(id="p-chief", side=b, template="cimmerian", pos=(2, 1), facing=2,
                 overrides={"role": "commander"}),
    )
    return BattleSetup(ruleset=ruleset_id, seed=seed, title="Border fight (mass battle)",
                       board=grid_board(), sides=(SideSpec(id=a, name="The Aquilonians",
                                                           player_characters=True),
                                                  SideSpec(id=b, name="The Picts")),
                       units=units, options={"mode": "mass"})
