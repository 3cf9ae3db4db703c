"""`load_map`: the three steps of reading a map, in order (the safety pass, pytmx, the
scenario), on one `_Reader` made of the steps' mixins.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.base import ASSETS_DIR, MapError, _q
from game.maps.mass_grid import is_mass_map, read_grid
from game.maps.scenario import Scenario, _ScenarioBuilder
from game.maps.tiled import _TiledStep


class _Reader(_ScenarioBuilder, _TiledStep):
    """One map being read: every step's mixin, run in order by `read`."""

    def read(self, ruleset: str | None, seed: int) -> Scenario:
        if not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise self.fail(f"seed {_q(seed)} must be a whole number from 0 to 2**63-1")
        data = self.read_bytes(self.file, "")
        try:
            self.file = self.file.resolve()
        except (OSError, RuntimeError):  # pragma: no cover - it was just read
            raise self.fail("cannot be read") from None
        self.roots = [self.file.parent] + ([ASSETS_DIR] if ASSETS_DIR.is_dir() else [])
        root = self.parse(data, "")
        if is_mass_map(root):  # a ZeFRS mass battle's 5 x 7 grid (game/maps/mass_grid.py)
            return read_grid(self.shown, self.strict, ruleset, seed)
        self.width, self.height, tiling = self.check_map(root)
        self.sweep(root, "")
        trees = self.load_tilesets(root)
        for tree, prefix in trees:
            self.sweep(tree, prefix)
        self.check_sources(root, self.file.parent, "")
        self.check_layers(root, self.width, self.height)
        tm = self.pytmx_map(root)
        return self.build(root, tm, tiling, ruleset, seed)


def load_map(path: str | Path, ruleset: str | None = None, seed: int = 0, *,
             strict: bool = False, to_play: bool = False) -> Scenario:
    """Read a hexagonal Tiled map.  `ruleset` overrides the map's `ruleset` property.

    Raises `MapError` (one line naming the file, the place and the problem) for anything a
    map may get wrong: bad XML, unsafe XML, paths leaving the map's folder, sizes, terrain
    properties, units, options.  A map someone made in Tiled without Flank's properties still
    loads: tiles that name no terrain are open ground, said in `Scenario.warnings`; with
    `strict` (``flank validate --strict``, for scenario authors) that is a `MapError` too.
    A map with nobody on it is a good map (the sandbox places figures on it), but not one to
    start a battle on: `to_play` (play, simulate) refuses it.
    """
    scenario = _Reader(path, strict).read(ruleset, seed)
    if to_play and not scenario.is_scenario:
        raise MapError(scenario.path, "there is nobody on this map to play: its units layer "
                       "is empty or missing (place figures with `flank sandbox "
                       f"{scenario.path}`, then Save as scenario)")
    return scenario
