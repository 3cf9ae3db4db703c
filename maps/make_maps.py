"""Write Flank's bundled scenarios as Tiled maps (.tmx) beside this script.

    python3 maps/make_maps.py            # (re)write them, then load each one to check it
    python3 maps/make_maps.py --check    # exit 1 if any file differs from what would be written

Each map is a hexagonal Tiled map with CSV layer data, the external tileset
`../assets/terrain_<pointy|flat>.tsx`, a tile layer `terrain`, an object layer `units` (point
objects at the hex centres, with `col`/`row` properties too) and the map properties Flank
reads.  Open them in Tiled to change them by hand, or change this script and run it again;
the output is the same bytes every run.

| map                | size    | hexes                     | units   |
| duel.tmx           | 9x9     | pointy, stagger y odd     | 1 v 1   |
| river_ford.tmx     | 24x18   | flat, stagger x odd       | 6 v 6   |
| walled_village.tmx | 24x20   | pointy, stagger y even    | 7 v 7   |
| open_field.tmx     | 30x20   | flat, stagger x even      | 12 v 12 |
| stress_128.tmx     | 128x128 | pointy, stagger y odd     | 50 v 50 |
| shield_wall.tmx    | 20x14   | pointy, stagger y odd     | 6 v 7   |
| tournament.tmx     | 15x7    | pointy, stagger y even    | 1 v 1 (a joust) |
| the_bowman_at_the_door.tmx | 13x9 | pointy, stagger y odd | 3 v 4 (Enchanted Realms) |
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.maps import HexTiling, load_map  # noqa: E402
from rules.hexgrid import Hex, offset_to_hex  # noqa: E402


def _load_tiles_module():  # assets/make_tiles.py: the tile order (imports pygame lazily)
    spec = importlib.util.spec_from_file_location("flank_make_tiles",
                                                  ROOT / "assets" / "make_tiles.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[spec.name] = module  # type: ignore[union-attr]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


TILES = _load_tiles_module()
TILE_ID: dict[str, int] = TILES.TILE_ID
FIRSTGID = 1


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    template: str
    col: int
    row: int
    facing: int
    name: str = ""
    gender: str = ""  # "female" for a woman, so the log says "her" (rules.wording.pronoun)


@dataclass
class MapSpec:
    file: str
    title: str
    description: str
    orientation: str  # "pointy" (stagger axis y) or "flat" (stagger axis x)
    stagger_index: str
    width: int
    height: int
    pc_side: str
    side_names: dict[str, str]
    terrain: dict[tuple[int, int], str] = field(default_factory=dict)  # missing: no hex
    units: list[Unit] = field(default_factory=list)
    feet_per_hex: int = 5
    ruleset: str = "fallen_empire"
    victory: str = "last_side_standing"
    options: dict[str, object] = field(default_factory=dict)  # written as option.<key>
    properties: dict[str, object] = field(default_factory=dict)  # other map properties

    @property
    def axis(self) -> str:
        return TILES.ORIENTATIONS[self.orientation][2]

    def hex(self, col: int, row: int) -> Hex:
        return offset_to_hex(col, row, self.axis, self.stagger_index)  # type: ignore[arg-type]

    def cells(self) -> list[tuple[int, int]]:
        return [(c, r) for r in range(self.height) for c in range(self.width)]

    def fill(self, kind: str) -> None:
        for cell in self.cells():
            self.terrain[cell] = kind

    def blob(self, col: int, row: int, radius: int, kind: str) -> None:
        """Paint every hex within `radius` of (col, row)."""
        centre = self.hex(col, row)
        for cell in self.cells():
            if self.hex(*cell).distance(centre) <= radius:
                self.terrain[cell] = kind

    def unit(self, uid: str, side: str, template: str, col: int, row: int, facing: int,
             name: str = "", gender: str = "") -> None:
        kind = self.terrain.get((col, row))
        assert kind is not None and kind not in ("water", "wall"), (self.file, uid, kind)
        self.units.append(Unit(uid, side, template, col, row, facing, name, gender))


# --- the scenarios ---------------------------------------------------------------------------


def duel() -> MapSpec:
    m = MapSpec("duel.tmx", "Duel", "A man-at-arms meets an orc in a ring of open ground: the "
                "smallest fight, to learn facing, reach and the attack odds.",
                "pointy", "odd", 9, 9, "men",
                {"men": "The champion", "orcs": "The orc"})
    centre = m.hex(4, 4)
    for cell in m.cells():  # a round arena: hexes farther than 4 from the middle are no hex
        if m.hex(*cell).distance(centre) <= 4:
            m.terrain[cell] = "grass"
    m.terrain[(4, 1)] = "forest"
    m.terrain[(3, 7)] = "forest"
    m.terrain[(4, 4)] = "hills"
    m.unit("champion", "men", "fighting_man", 1, 4, 0, "Aldric the Bold")
    m.unit("orc", "orcs", "orc", 7, 4, 3, "Gorbag")
    return m


def river_ford() -> MapSpec:
    m = MapSpec("river_ford.tmx", "River ford",
                "A river runs north to south.  The road crosses it on a narrow bridge; farther "
                "south the water is shallow enough to wade.  Hold the crossings or force them.",
                "flat", "odd", 24, 18, "men",
                {"men": "The border watch", "orcs": "The raiders"})
    m.fill("grass")
    m.blob(3, 2, 2, "forest")
    m.blob(19, 15, 2, "forest")
    m.blob(18, 2, 1, "forest")
    m.blob(5, 14, 2, "hills")
    m.blob(20, 9, 1, "hills")
    m.blob(2, 9, 1, "field")
    for row in range(m.height):  # the river: two columns wide, meandering
        c = 11 + round(1.6 * math.sin(row / 2.5))
        for col in (c, c + 1):
            m.terrain[(col, row)] = "water"
    for col in range(m.width):  # the road along row 5, bridging the river
        m.terrain[(col, 5)] = "bridge" if m.terrain[(col, 5)] == "water" else "road"
    for col in range(m.width):  # the ford on row 13
        if m.terrain[(col, 13)] == "water":
            m.terrain[(col, 13)] = "ford"
    men = [("knight", 5, 5), ("fighting_man", 6, 4), ("man_at_arms_spear", 6, 6),
           ("man_at_arms_spear", 7, 12), ("crossbowman", 5, 8), ("crossbowman", 6, 13)]
    orcs = [("orc", 17, 5), ("orc", 16, 4), ("hobgoblin", 16, 6), ("orc", 16, 13),
            ("goblin", 17, 12), ("goblin", 18, 14)]
    for i, (template, col, row) in enumerate(men):
        m.unit(f"m{i + 1}", "men", template, col, row, 1 if i % 2 else 0)
    for i, (template, col, row) in enumerate(orcs):
        m.unit(f"o{i + 1}", "orcs", template, col, row, 3 if i % 2 else 4)
    return m


def walled_village() -> MapSpec:
    m = MapSpec("walled_village.tmx", "Walled village",
                "Bandits come for the harvest.  The villagers hold a stone wall with two gates; "
                "houses inside give cover to their crossbows.",
                "pointy", "even", 24, 20, "village",
                {"village": "The villagers", "bandits": "The bandits"})
    m.fill("grass")
    m.blob(2, 2, 2, "field")
    m.blob(20, 17, 2, "field")
    m.blob(21, 2, 2, "forest")
    m.blob(2, 17, 2, "forest")
    m.blob(4, 8, 1, "forest")
    left, right, top, bottom = 7, 16, 5, 14
    for col in range(left, right + 1):
        m.terrain[(col, top)] = "wall"
        m.terrain[(col, bottom)] = "wall"
    for row in range(top, bottom + 1):
        m.terrain[(left, row)] = "wall"
        m.terrain[(right, row)] = "wall"
    for col in range(m.width):  # the road through both gates
        m.terrain[(col, 10)] = "road"
    for col, row in ((9, 7), (10, 7), (13, 7), (14, 8), (9, 12), (10, 12), (14, 12), (13, 12)):
        m.terrain[(col, row)] = "building"
    village = [("man_at_arms_spear", 8, 10, 3), ("man_at_arms_spear", 15, 10, 0),
               ("crossbowman", 11, 7, 2), ("crossbowman", 11, 12, 4), ("veteran", 12, 9, 3),
               ("cleric", 12, 11, 3), ("pikeman", 9, 9, 3)]
    bandits = [("bandit", 3, 10, 0), ("bandit", 4, 11, 0), ("bandit", 3, 12, 0),
               ("bandit", 11, 2, 5), ("bandit_archer", 2, 5, 5), ("bandit_archer", 13, 2, 5),
               ("thief", 5, 3, 5)]
    for i, (template, col, row, facing) in enumerate(village):
        m.unit(f"v{i + 1}", "village", template, col, row, facing)
    for i, (template, col, row, facing) in enumerate(bandits):
        m.unit(f"b{i + 1}", "bandits", template, col, row, facing)
    return m


def open_field() -> MapSpec:
    m = MapSpec("open_field.tmx", "Open field",
                "Two lines of twelve meet on open ground between farms and a wood: no walls, no "
                "river, just the lines, their flanks and their rears.",
                "flat", "even", 30, 20, "men",
                {"men": "The levy", "orcs": "The horde"})
    m.fill("grass")
    m.blob(3, 3, 2, "field")
    m.blob(26, 16, 2, "field")
    m.blob(15, 2, 2, "forest")
    m.blob(14, 17, 1, "forest")
    m.blob(15, 10, 1, "hills")
    for row in range(m.height):
        m.terrain[(1, row)] = "road"
    pcs = ["fighting_man", "man_at_arms_spear", "crossbowman", "pikeman", "veteran", "elf"]
    foes = ["orc", "orc", "hobgoblin", "goblin", "gnoll", "orc"]
    for i in range(12):
        row = 4 + i
        m.unit(f"m{i + 1:02d}", "men", pcs[i % len(pcs)], 7 - (i % 2), row, 0 if i % 2 else 1)
        m.unit(f"o{i + 1:02d}", "orcs", foes[i % len(foes)], 22 + (i % 2), row,
               3 if i % 2 else 4)
    return m


def shield_wall() -> MapSpec:
    """An Empress scenario: a legion's shield wall (EMP-22) holds a ford, a halberd reaching
    over it (EMP-31); raiders with a grappler, an ogre, and a bugbear hidden in a thicket."""
    m = MapSpec("shield_wall.tmx", "Shield wall at the ford",
                "Three legionaries lock shields across the ford with a halberdier behind them; "
                "a crossbowman and an elf archer cover the flanks.  The raiders must break the "
                "wall or find a way around it.  Plays under Empress.",
                "pointy", "odd", 20, 14, "legion",
                {"legion": "The legion", "raiders": "The raiders"}, ruleset="empress")
    m.fill("grass")
    for row in range(m.height):  # a stream, wadeable only at the ford
        for col in (10, 11):
            m.terrain[(col, row)] = "ford" if 5 <= row <= 8 else "water"
    m.blob(13, 11, 1, "forest")  # the thicket the bugbear waits in
    m.blob(4, 2, 1, "forest")
    m.blob(16, 2, 1, "hills")
    m.blob(3, 11, 1, "field")
    for i, row in enumerate((5, 6, 7)):
        m.unit(f"leg{i + 1}", "legion", "legionary", 8, row, 0)
    m.unit("halb", "legion", "halberdier", 7, 6, 0)
    m.unit("xbow", "legion", "crossbowman", 6, 3, 0)
    m.unit("archer", "legion", "elf", 6, 9, 0)
    for uid, template, col, row in (("duelist", "duelist", 14, 6), ("orc1", "orc", 14, 5),
                                     ("orc2", "orc", 14, 7), ("hob", "hobgoblin", 15, 6),
                                     ("brawler", "brawler", 15, 4), ("ogre", "ogre", 16, 8),
                                     ("bugbear", "bugbear", 13, 11)):
        m.unit(uid, "raiders", template, col, row, 3)
    return m


def _noise(rng: random.Random, size: int, cells: int) -> list[list[float]]:
    """Smooth value noise in [0, 1): random values on a coarse grid, interpolated."""
    grid = [[rng.random() for _ in range(cells + 2)] for _ in range(cells + 2)]
    step = size / cells
    out = []
    for y in range(size):
        gy, fy = divmod(y / step, 1)
        row = []
        for x in range(size):
            gx, fx = divmod(x / step, 1)
            i, j = int(gx), int(gy)
            sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
            top = grid[j][i] * (1 - sx) + grid[j][i + 1] * sx
            bottom = grid[j + 1][i] * (1 - sx) + grid[j + 1][i + 1] * sx
            row.append(top * (1 - sy) + bottom * sy)
        out.append(row)
    return out


def stress_128() -> MapSpec:
    m = MapSpec("stress_128.tmx", "Stress test (128 × 128)",
                "A big mixed map with fifty figures a side, for benchmarks: lakes and fords, "
                "woods, hills, fields, two roads and a walled farm.",
                "pointy", "odd", 128, 128, "men",
                {"men": "The men", "orcs": "The orcs"},
                properties={"menu": False})  # for bench/frame.py, not a player's scenario
    rng = random.Random(128)
    height = _noise(rng, 128, 10)
    growth = _noise(rng, 128, 14)
    for col, row in m.cells():
        h, g = height[row][col], growth[row][col]
        if h < 0.2:
            kind = "water"
        elif h < 0.24:
            kind = "ford"
        elif h > 0.76:
            kind = "hills"
        elif g > 0.66:
            kind = "forest"
        elif g < 0.22:
            kind = "field"
        else:
            kind = "grass"
        m.terrain[(col, row)] = kind
    wet = ("water", "ford")
    for i in range(128):
        for cell in ((i, 64), (64, i)):
            m.terrain[cell] = "bridge" if m.terrain[cell] in wet else "road"
    for col in range(70, 78):  # a walled farm by the crossroads
        m.terrain[(col, 56)] = m.terrain[(col, 62)] = "wall"
    for row in range(56, 63):
        m.terrain[(70, row)] = m.terrain[(77, row)] = "wall"
    m.terrain[(77, 59)] = "road"
    for cell in ((72, 58), (73, 58), (74, 60), (75, 60)):
        m.terrain[cell] = "building"
    pcs = ["fighting_man", "man_at_arms_spear", "crossbowman", "pikeman", "veteran", "knight",
           "elf", "dwarf", "cleric", "magic_user"]
    foes = ["orc", "orc", "goblin", "hobgoblin", "gnoll", "bugbear", "ogre", "wolf", "orc",
            "goblin"]
    for side, cols, templates, facing in (("men", range(22, 42, 2), pcs, 0),
                                          ("orcs", range(104, 84, -2), foes, 3)):
        placed = 0
        for row in range(36, 100, 6):  # a block ten files wide, skipping water
            for col in cols:
                if placed == 50 or m.terrain[(col, row)] in ("water", "wall"):
                    continue
                uid = f"{side[0]}{placed + 1:02d}"
                m.unit(uid, side, templates[placed % len(templates)], col, row, facing)
                placed += 1
        assert placed == 50
    return m


def tournament() -> MapSpec:
    """The lists (FE-44..FE-54): a joust of two mounted knights.  The map property
    ``option.mode = joust`` makes the battle a joust; the field itself is only where the
    riders stand (the joust has no movement).  The menu's Joust entry and ``flank joust``
    ride single bouts and whole Lists on it."""
    m = MapSpec("tournament.tmx", "The tournament field",
                "Two mounted knights ride at each other down the lists. Each secretly chooses "
                "to throw one, two or three dice from his pool (a die for each level); the "
                "dice are paired high against high, and every pair lost costs a die. When a "
                "pool runs dry the larger pool wins. A triple unhorses the other rider; all "
                "1s injure him and disgrace the thrower. Joust in the menu holds a whole List "
                "of 4 to 16 knights.",
                "pointy", "even", 15, 7, "challenger",
                {"challenger": "The challenger", "defender": "The defender"},
                options={"mode": "joust"})
    m.fill("grass")
    for col in range(m.width):  # the tilt lane, trampled bare
        m.terrain[(col, 3)] = "road"
    for col in range(4, 11):  # the gallery, and the field below it
        m.terrain[(col, 0)] = "building"
        m.terrain[(col, 6)] = "field"
    for cell in ((0, 0), (14, 0), (0, 6), (14, 6)):  # the riders' pavilions
        m.terrain[cell] = "building"
    m.unit("aldric", "challenger", "knight", 1, 3, 0, "Sir Aldric")
    m.unit("bertrand", "defender", "knight", 13, 3, 3, "Sir Bertrand")
    return m


def bowman_at_the_door() -> MapSpec:
    """An Enchanted Realms scenario (issue 25): a crypt wall with one door; a bowman covers
    it at the ready (ER-11), a sellsword and a field medic wait beside it.  The orcs must
    come through; the idol behind them wins for whoever works it (R-ER-DEED), and a healing
    potion lies on the heroes' side (R-ER-PICK-UP)."""
    m = MapSpec("the_bowman_at_the_door.tmx", "The bowman at the door",
                "A crypt wall with one door.  Your bowman covers the doorway at the ready, a "
                "sellsword and a field medic wait beside it; the orcs must come through.  "
                "The idol behind them wins the fight for whoever works it, and a healing "
                "potion lies on your side.  Plays under Enchanted Realms.",
                "pointy", "odd", 13, 9, "heroes",
                {"heroes": "The heroes", "orcs": "The orcs"}, ruleset="enchanted_realms")
    m.fill("grass")
    door = (6, 4)
    for row in range(m.height):
        if row != door[1]:
            m.terrain[(door[0], row)] = "wall"
    m.blob(1, 1, 1, "forest")
    m.blob(11, 7, 1, "hills")
    idol, potion = m.hex(12, 4), m.hex(3, 6)
    m.options = {"deeds": json.dumps([f"idol@{idol.q},{idol.r}"]),
                 "items": json.dumps([f"potion@{potion.q},{potion.r}"]),
                 "winning_deed": "idol"}
    m.unit("h1", "heroes", "archer", 2, 4, 0, "Wenna the bowman", "female")
    m.unit("h2", "heroes", "fighting_man", 5, 3, 0, "Brannoc")
    m.unit("h3", "heroes", "cleric", 4, 5, 0, "Sister Ide", "female")
    for uid, template, col, row in (("o1", "orc", 9, 3), ("o2", "orc", 9, 5),
                                    ("o3", "gnoll", 10, 4), ("o4", "goblin", 11, 2)):
        m.unit(uid, "orcs", template, col, row, 3)
    return m


SCENARIOS = (duel, river_ford, walled_village, open_field, stress_128, shield_wall, tournament,
             bowman_at_the_door)


# --- writing TMX -----------------------------------------------------------------------------


def _attr(value: object) -> str:
    text = str(value)
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"),
                 ("\n", "&#10;")):
        text = text.replace(a, b)
    return text


def _property(name: str, value: object, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name="{_attr(name)}" type="bool" value="{str(value).lower()}"/>'
    kind = ' type="int"' if isinstance(value, int) else ""
    return f'{indent}<property name="{_attr(name)}"{kind} value="{_attr(value)}"/>'


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def to_tmx(m: MapSpec) -> str:
    tw, th, axis = TILES.ORIENTATIONS[m.orientation]
    tiling = HexTiling(tw, th, TILES.HEX_SIDE, axis, m.stagger_index)
    version, tiled = TILES.TILED_VERSION
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="{version}" tiledversion="{tiled}" orientation="hexagonal" '
        f'renderorder="right-down" width="{m.width}" height="{m.height}" tilewidth="{tw}" '
        f'tileheight="{th}" infinite="0" hexsidelength="{TILES.HEX_SIDE}" staggeraxis="{axis}" '
        f'staggerindex="{m.stagger_index}" nextlayerid="3" nextobjectid="{len(m.units) + 1}">',
        " <properties>",
    ]
    props: dict[str, object] = {
        "title": m.title, "description": m.description, "ruleset": m.ruleset,
        "feet_per_hex": m.feet_per_hex, "victory": m.victory, "pc_side": m.pc_side,
    }
    props.update({f"side.{k}": v for k, v in m.side_names.items()})
    props.update({f"option.{k}": v for k, v in m.options.items()})
    props.update(m.properties)
    out += [_property(k, v, "  ") for k, v in sorted(props.items())]
    out += [
        " </properties>",
        f' <tileset firstgid="{FIRSTGID}" source="../assets/terrain_{m.orientation}.tsx"/>',
        f' <layer id="1" name="terrain" width="{m.width}" height="{m.height}">',
        '  <data encoding="csv">',
    ]
    rows = []
    for row in range(m.height):
        gids = []
        for col in range(m.width):
            kind = m.terrain.get((col, row))
            gids.append("0" if kind is None else str(FIRSTGID + TILE_ID[kind]))
        rows.append(",".join(gids))
    out.append(",\n".join(rows))
    out += ["</data>", " </layer>", ' <objectgroup id="2" name="units">']
    for oid, u in enumerate(m.units, start=1):
        x, y = tiling.tile_center(u.col, u.row)
        out.append(f'  <object id="{oid}" name="{_attr(u.id)}" type="unit" x="{_number(x)}" '
                   f'y="{_number(y)}">')
        out.append("   <properties>")
        uprops: dict[str, object] = {"col": u.col, "row": u.row, "side": u.side,
                                     "template": u.template, "facing": u.facing}
        if u.name:
            uprops["name"] = u.name
        if u.gender:
            uprops["set.gender"] = u.gender
        out += [_property(k, v, "    ") for k, v in sorted(uprops.items())]
        out += ["   </properties>", "   <point/>", "  </object>"]
    out += [" </objectgroup>", "</map>"]
    return "\n".join(out) + "\n"


def build() -> dict[str, bytes]:
    """Every file this script makes: file name -> bytes."""
    return {m.file: to_tmx(m).encode() for m in (make() for make in SCENARIOS)}


def write_or_check(files: dict[str, bytes], folder: Path, shown: str, script: str,
                   check: bool) -> int:
    """Write the maps a script makes into `folder` and say what each holds, or with `check`
    only list those out of date (exit status 1): what every map-making script ends with."""
    if check:
        stale = [n for n, data in files.items()
                 if not (folder / n).is_file() or (folder / n).read_bytes() != data]
        for n in stale:
            print(f"{shown}/{n} is out of date: run {script}")
        return 1 if stale else 0
    for n, data in files.items():
        (folder / n).write_bytes(data)
        scenario = load_map(folder / n)
        print(f"wrote {shown}/{n}: {scenario.title}, {scenario.width}×{scenario.height}, "
              f"{len(scenario.setup.units)} units")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return write_or_check(build(), HERE, "maps", "maps/make_maps.py", "--check" in args)


if __name__ == "__main__":
    raise SystemExit(main())
