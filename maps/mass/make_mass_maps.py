"""Write the bundled ZeFRS mass battles (orthogonal Tiled maps of 5 × 7 squares, ZEF-61)
beside this script, then load each one to check it.

    python3 maps/mass/make_mass_maps.py            # (re)write them
    python3 maps/mass/make_mass_maps.py --check    # exit 1 if a file differs

Each map: the hex terrain tileset `../../assets/terrain_pointy.tsx` (a square shows the
terrain of its tile; the window draws squares of its own), a tile layer `terrain`, an
object layer `units` (point objects in the middle of their squares, with `col`/`row` too)
and the map properties the grid reader takes (game/maps/mass_grid.py, docs/MAPS.md).

| map                   | units a side                           |
| pikes_and_horse.tmx   | 1 v 1: 100 pikemen against 50 horse (EX-ZEF-11, EX-ZEF-12) |
| border_battle.tmx     | 3 in the line and 2 or 3 in reserve    |
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TILE = {"grass": 1, "field": 2, "forest": 3, "hills": 4, "road": 5}  # gid = tile id + 1
TW, TH = 70, 80


def _props(items: dict[str, object], indent: str) -> str:
    lines = [f"{indent}<properties>"]
    for key, value in sorted(items.items()):
        kind = ' type="int"' if isinstance(value, int) else ""
        lines.append(f"{indent} <property name={quoteattr(key)}{kind} "
                     f"value={quoteattr(str(value))}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines)


def map_xml(props: dict[str, object], terrain: list[str], units: list[dict[str, object]]
            ) -> str:
    rows = [",".join(str(TILE[c]) for c in row.split()) for row in terrain]
    objects = []
    for i, u in enumerate(units, start=1):
        col, row = int(u["col"]), int(u["row"])  # type: ignore[call-overload]
        name = u.pop("id")
        x, y = col * TW + TW // 2, row * TH + TH // 2
        objects.append(f'  <object id="{i}" name={quoteattr(str(name))} type="unit" x="{x}" '
                       f'y="{y}">\n{_props(u, "   ")}\n   <point/>\n  </object>')
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            f'renderorder="right-down" width="5" height="7" tilewidth="{TW}" '
            f'tileheight="{TH}" infinite="0" nextlayerid="3" '
            f'nextobjectid="{len(units) + 1}">\n'
            f"{_props(props, ' ')}\n"
            ' <tileset firstgid="1" source="../../assets/terrain_pointy.tsx"/>\n'
            ' <layer id="1" name="terrain" width="5" height="7">\n'
            '  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>\n </layer>\n"
            ' <objectgroup id="2" name="units">\n' + "\n".join(objects) +
            "\n </objectgroup>\n</map>\n")


def pikes_and_horse() -> str:
    return map_xml(
        {"mode": "mass", "ruleset": "zefrs", "title": "Pikes and horse",
         "description": "A hundred pikemen stand against fifty arrogant horsemen who wear no "
                        "armour: the text's own example of mass combat (EX-ZEF-11, EX-ZEF-12).",
         "pc_side": "foot", "side.foot": "The pike company", "side.horse": "The horsemen"},
        ["grass grass field grass grass"] * 7,
        [{"id": "pikes", "name": "Pike company",
          "side": "foot", "troop": "pikemen", "fighters": 100,
          "leader": "veteran", "leader_name": "Sergeant Brann", "slot": "centre",
          "facing": "north", "col": 2, "row": 4},
         {"id": "captain", "side": "foot", "role": "commander", "template": "captain",
          "name": "Captain Amalric", "col": 2, "row": 5},
         {"id": "riders", "name": "Horsemen",
          "side": "horse", "troop": "cavalry", "fighters": 50,
          "leader": "raider", "leader_name": "Khan Bartatua", "slot": "centre",
          "facing": "south", "col": 2, "row": 2},
         {"id": "khan", "side": "horse", "role": "commander", "template": "knight",
          "name": "Lord of the horse", "col": 2, "row": 1}])


def border_battle() -> str:
    return map_xml(
        {"mode": "mass", "ruleset": "zefrs", "title": "Battle at the border fort",
         "description": "The Aquilonian border army, pikes in the centre and horse on the "
                        "wings with archers in reserve, meets the massed Pictish clans with "
                        "their bowmen: three units in the line and reserves behind, a side.",
         "pc_side": "aquilonians", "side.aquilonians": "The Aquilonians",
         "side.picts": "The Picts"},
        ["forest grass grass grass forest",
         "grass grass grass grass grass",
         "grass grass field grass grass",
         "hills grass grass grass hills",
         "grass grass field grass grass",
         "grass grass road grass grass",
         "grass grass road grass grass"],
        [{"id": "a-horse", "name": "Poitain horse",
          "side": "aquilonians", "troop": "armoured_cavalry", "fighters": 60,
          "leader": "knight", "leader_name": "Sir Gerard", "slot": "left", "facing": "north",
          "col": 1, "row": 4},
         {"id": "a-pikes", "name": "Gunderland pikes",
          "side": "aquilonians", "troop": "pikemen", "fighters": 120,
          "leader": "veteran", "leader_name": "Sergeant Brann", "slot": "centre",
          "facing": "north", "col": 2, "row": 4},
         {"id": "a-legion", "name": "Nemedian legion",
          "side": "aquilonians", "troop": "legionaries", "fighters": 80,
          "leader": "captain", "leader_name": "Centurion Valerius", "slot": "right",
          "facing": "north", "col": 3, "row": 4},
         {"id": "a-bows", "name": "Bossonian bows",
          "side": "aquilonians", "troop": "archers", "fighters": 60,
          "leader_name": "Bossonian bowmaster", "slot": "reserve", "facing": "north",
          "col": 2, "row": 5},
         {"id": "a-spears", "name": "Border spears",
          "side": "aquilonians", "troop": "spearmen", "fighters": 60,
          "slot": "reserve", "facing": "north", "col": 3, "row": 5},
         {"id": "general", "side": "aquilonians", "role": "commander", "template": "knight",
          "name": "Count Trocero", "col": 2, "row": 6},
         {"id": "p-wolves", "name": "Wolf clan",
          "side": "picts", "troop": "tribesmen", "fighters": 110,
          "leader": "orc", "leader_name": "Wolf clan chief", "slot": "right", "facing": "south",
          "col": 1, "row": 2},
         {"id": "p-ravens", "name": "Raven clan",
          "side": "picts", "troop": "tribesmen", "fighters": 150,
          "leader": "orc", "leader_name": "Raven clan chief", "slot": "centre",
          "facing": "south", "col": 2, "row": 2},
         {"id": "p-turtles", "name": "Turtle clan",
          "side": "picts", "troop": "tribesmen", "fighters": 110,
          "leader": "orc", "leader_name": "Turtle clan chief", "slot": "left",
          "facing": "south", "col": 3, "row": 2},
         {"id": "p-bows", "name": "Pictish bowmen",
          "side": "picts", "troop": "bowmen", "fighters": 70,
          "slot": "reserve", "facing": "south", "col": 2, "row": 1},
         {"id": "p-boys", "name": "Pictish boys",
          "side": "picts", "troop": "tribesmen", "fighters": 60,
          "slot": "reserve", "facing": "south", "col": 1, "row": 1},
         {"id": "p-hawks", "name": "Hawk clan",
          "side": "picts", "troop": "tribesmen", "fighters": 60,
          "slot": "reserve", "facing": "south", "col": 3, "row": 1},
         {"id": "shaman", "side": "picts", "role": "commander", "template": "cimmerian",
          "name": "Sagayetha the war chief", "col": 2, "row": 0}])


MAPS = {"pikes_and_horse.tmx": pikes_and_horse, "border_battle.tmx": border_battle}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    bad = 0
    for name, make in MAPS.items():
        path = HERE / name
        text = make()
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path}: differs from what {Path(__file__).name} writes")
                bad += 1
            continue
        path.write_text(text, encoding="utf-8")
    if not check:
        from rules.engine import register_ruleset
        from rules.systems.zefrs.ruleset import RULESET

        register_ruleset(RULESET)  # until ZeFRS's entry point is installed
        from game.maps import load_map

        for name in MAPS:
            sc = load_map(HERE / name)
            print(f"{name}: {sc.title}, {len(sc.setup.units)} units and commanders")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
