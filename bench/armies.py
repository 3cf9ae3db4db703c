"""Two armies of N a side on open ground, for the benchmarks that grow with the battle.

`rules.scenarios.open_field` draws one line a side on a board of radius 14, which holds
at most a couple of dozen figures; at 40 or 100 a side the lines would run off the board.
Here each side stands in ranks of at most `WIDTH` figures, one behind the other, the two
fronts eight hexes apart as in the open field, on a board just big enough for both (plus
room to manoeuvre).  The figures are the open field's men and orcs in the same order, so
12 a side here stands as the open field's twelve, with the same ids.  Fallen Empire's
morale checks (FE-04) are switched off: otherwise the first casualty may rout a side in
round 2 and a benchmark would time only the approach, never the melee where the thinking
is.

    from bench.armies import armies
    setup = armies("fallen_empire", 40, seed=3)
"""

from __future__ import annotations

from rules.builder import Scenario
from rules.engine import BattleSetup
from rules.hexgrid import Hex

MEN = ["fighting_man", "man_at_arms_spear", "crossbowman", "pikeman", "veteran", "elf"]
ORCS = ["orc", "orc", "hobgoblin", "goblin", "gnoll", "orc"]
WIDTH = 20  # figures a rank: 100 a side stand five deep
GAP = 4  # each front stands this many hexes from the centre line


def _place(i: int, per_side: int, sign: int) -> tuple[int, int]:
    """Where figure `i` of a side stands: rank `i // WIDTH`, file `i % WIDTH`, the files
    running straight down the board (q shifts by half a hex a row, as in the open field)."""
    width = min(per_side, WIDTH)
    rank, file = divmod(i, width)
    r = file - width // 2
    return (sign * (GAP + rank) - (r + 1) // 2, r)


def armies(ruleset: str, per_side: int, seed: int = 0) -> BattleSetup:
    """Men against orcs, `per_side` figures each, in ranks facing across open ground."""
    if per_side < 1:
        raise ValueError("an army needs at least one figure")
    spots = [(_place(i, per_side, -1), _place(i, per_side, 1)) for i in range(per_side)]
    far = max(Hex(*h).distance(Hex(0, 0)) for pair in spots for h in pair)
    sc = Scenario(ruleset, seed=seed, radius=max(14, far + 4),
                  title=f"Open field, {per_side} a side")
    sc.side("men", True).side("orcs")
    for i, (m, o) in enumerate(spots):
        sc.unit(f"m{i:02d}", MEN[i % len(MEN)], "men", m, facing=0)
        sc.unit(f"o{i:02d}", ORCS[i % len(ORCS)], "orcs", o, facing=3)
    if ruleset == "fallen_empire":
        sc.options(morale_enabled=False)
    return sc.build()


__all__ = ["GAP", "WIDTH", "armies"]
