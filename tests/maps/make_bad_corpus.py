"""Write the corpus of malformed and hostile maps in tests/maps/bad/.

    python3 -m tests.maps.make_bad_corpus

The files are kept in git; this script only says how each was made.  What Flank must say
about each one is in tests/maps/bad/expected.toml, written by hand: that table is the spec.
"""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

from tests.maps.tmx import BUILDING, GRASS, WALL, WATER, Obj, map_xml, tsx_xml, unit, write

BAD = Path(__file__).resolve().parent / "bad"
MEN = [unit("hero", "men", "fighting_man", 1, 4, 0), unit("orc", "orcs", "orc", 7, 4, 3)]


def grid(width: int = 9, height: int = 9, **cells: int) -> list[int]:
    """All grass, with `c{col}r{row}=gid` exceptions."""
    gids = [GRASS] * (width * height)
    for key, gid in cells.items():
        col, row = (int(v) for v in key[1:].split("r"))
        gids[row * width + col] = gid
    return gids


def b64(raw: bytes) -> str:
    return "\n   " + base64.b64encode(raw).decode() + "\n  "


def gid_bytes(gids: list[int]) -> bytes:
    return b"".join(g.to_bytes(4, "little") for g in gids)


def corpus() -> dict[str, str | bytes]:
    good = map_xml(units=MEN)
    files: dict[str, str | bytes] = {}

    # --- not a map at all -------------------------------------------------------------------
    files["truncated.tmx"] = good[: len(good) // 2]
    files["not_xml.tmx"] = "this is not a map, it is a shopping list\n"
    files["binary.tmx"] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
    files["empty.tmx"] = b""
    files["wrong_root.tmx"] = tsx_xml({})

    # --- hostile XML ------------------------------------------------------------------------
    lol = ('<!DOCTYPE map [\n <!ENTITY lol "lol">\n'
           + "".join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
                     for i in range(1, 10))
           + "]>\n")
    files["billion_laughs.tmx"] = map_xml(prolog=lol, props={"title": "&lol9;"}, units=MEN)
    files["xxe_passwd.tmx"] = map_xml(
        prolog='<!DOCTYPE map [\n <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n',
        props={"title": "&xxe;"}, units=MEN)
    files["xxe_parameter.tmx"] = map_xml(
        prolog='<!DOCTYPE map [\n <!ENTITY % remote SYSTEM "file:///etc/passwd">\n %remote;\n]>\n',
        units=MEN)

    # --- paths leaving the folder -----------------------------------------------------------
    files["tileset_escape.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="../../etc/passwd.tsx"/>\n', units=MEN)
    files["tileset_absolute.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="/etc/passwd"/>\n', units=MEN)
    files["image_escape.tsx"] = tsx_xml({0: {"terrain": "grass"}},
                                        image="../../../../../../../../etc/passwd")
    files["image_escape.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="image_escape.tsx"/>\n', units=MEN)
    files["embedded_image_escape.tmx"] = map_xml(
        tileset=(' <tileset firstgid="1" name="inline" tilewidth="70" tileheight="80" '
                 'tilecount="10" columns="5">\n'
                 '  <image source="../../../../../../../../root/.ssh/id_rsa" width="350" '
                 'height="160"/>\n </tileset>\n'), units=MEN)
    files["imagelayer_escape.tmx"] = map_xml(
        extra_layers=(' <imagelayer id="3" name="backdrop">\n'
                      '  <image source="../../../../../../../../etc/shadow"/>\n'
                      ' </imagelayer>\n'), units=MEN)
    files["missing_tileset.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="nowhere.tsx"/>\n', units=MEN)

    # --- not the kind of map Flank reads ----------------------------------------------------
    files["orthogonal.tmx"] = map_xml(orientation="orthogonal", units=MEN)
    files["huge_width.tmx"] = map_xml(width=100000, data="\n1\n", units=MEN)
    files["infinite.tmx"] = map_xml(map_attrs="", units=MEN).replace('infinite="0"',
                                                                       'infinite="1"')
    files["bad_stagger_axis.tmx"] = map_xml(units=MEN).replace('staggeraxis="y"',
                                                               'staggeraxis="z"')
    files["hexside_too_long.tmx"] = map_xml(side=90, units=MEN)

    # --- layer data -------------------------------------------------------------------------
    files["csv_wrong_count.tmx"] = map_xml(gids=[GRASS] * 80, units=MEN)
    files["csv_not_a_number.tmx"] = map_xml(gids=grid(c3r2=0)).replace(
        "\n1,1,1,0,", "\n1,1,1,grass,")
    files["gid_out_of_range.tmx"] = map_xml(gids=grid(c3r0=99), units=MEN)
    files["zlib_garbage.tmx"] = map_xml(
        data=b64(b"this is not zlib data at all, not even close"),
        data_attrs='encoding="base64" compression="zlib"', units=MEN)
    files["zlib_bomb.tmx"] = map_xml(
        data=b64(zlib.compress(bytes(16 * 1024 * 1024), 9)),
        data_attrs='encoding="base64" compression="zlib"', units=MEN)
    files["zstd.tmx"] = map_xml(data=b64(b"\x28\xb5\x2f\xfd"),
                                data_attrs='encoding="base64" compression="zstd"', units=MEN)
    files["base64_garbage.tmx"] = map_xml(data="\n  ###not base64###\n  ",
                                          data_attrs='encoding="base64"', units=MEN)
    files["base64_short.tmx"] = map_xml(data=b64(gid_bytes([GRASS] * 80)),
                                        data_attrs='encoding="base64"', units=MEN)
    files["xml_tile_format.tmx"] = map_xml(data="\n" + '   <tile gid="1"/>\n' * 81 + "  ",
                                           data_attrs="", units=MEN)
    files["layer_size_mismatch.tmx"] = map_xml(layer_size=(8, 9), gids=[GRASS] * 72, units=MEN)

    # --- properties -------------------------------------------------------------------------
    files["typed_int_garbage.tmx"] = map_xml(props={"feet_per_hex": ("int", "abc")}, units=MEN)
    files["class_property.tmx"] = map_xml(props={"stats": ("class", "")}, units=MEN)
    files["bad_move_cost.tsx"] = tsx_xml({0: {"terrain": "grass", "move_cost": "two"}})
    files["bad_move_cost.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="bad_move_cost.tsx"/>\n', units=MEN)
    files["bad_cover.tsx"] = tsx_xml({0: {"terrain": "forest", "cover": "maybe"}})
    files["bad_cover.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="bad_cover.tsx"/>\n', units=MEN)
    files["no_terrain.tsx"] = tsx_xml({0: {"colour": "green"}})
    files["tile_without_terrain.tmx"] = map_xml(
        tileset=' <tileset firstgid="1" source="no_terrain.tsx"/>\n', units=MEN)
    files["unknown_ruleset.tmx"] = map_xml(props={"ruleset": "chess"}, units=MEN)
    files["pc_side_unknown.tmx"] = map_xml(props={"pc_side": "elves"}, units=MEN)
    files["feet_zero.tmx"] = map_xml(props={"feet_per_hex": 0}, units=MEN)

    # --- units ------------------------------------------------------------------------------
    files["unknown_template.tmx"] = map_xml(
        units=[*MEN, unit("dragon", "orcs", "dragon", 4, 4, 3)])
    files["unit_off_map.tmx"] = map_xml(units=[*MEN, unit("lost", "men", "veteran", 12, 3)])
    files["unit_in_hole.tmx"] = map_xml(gids=grid(c0r0=0),
                                        units=[*MEN, unit("ghost", "men", "thief", 0, 0)])
    files["unit_on_water.tmx"] = map_xml(gids=grid(c4r4=WATER),
                                         units=[*MEN, unit("swimmer", "orcs", "goblin", 4, 4)])
    files["unit_by_pixel_off_map.tmx"] = map_xml(
        units=[*MEN, unit("faraway", "orcs", "wolf", x=5000, y=5000)])
    files["two_on_one_hex.tmx"] = map_xml(units=[*MEN, unit("twin", "men", "elf", 1, 4)])
    files["bad_facing.tmx"] = map_xml(units=[*MEN, unit("dizzy", "men", "dwarf", 2, 2, 7)])
    files["bad_facing_name.tmx"] = map_xml(
        axis="x", units=[unit("hero", "men", "fighting_man", 1, 4, "E"),
                         unit("orc", "orcs", "orc", 7, 4, "NW")])
    files["missing_side.tmx"] = map_xml(units=[*MEN, Obj("nobody", {"template": "orc"})])
    files["missing_template.tmx"] = map_xml(units=[*MEN, Obj("blank", {"side": "orcs"})])
    files["col_without_row.tmx"] = map_xml(units=[*MEN, unit("half", "men", "cleric", col=2)])
    files["duplicate_unit_name.tmx"] = map_xml(units=[*MEN, unit("orc", "orcs", "orc", 5, 5)])
    files["nan_position.tmx"] = map_xml(units=[*MEN, unit("nowhere", "orcs", "orc", x="nan",
                                                           y="10")])
    files["object_template_escape.tmx"] = map_xml(
        units=[*MEN, unit("copy", "orcs", "orc", 5, 5,
                          attrs='template="../../../../../../../../etc/passwd.tx"')])
    files["unit_in_building_is_fine_but_on_wall_is_not.tmx"] = map_xml(
        gids=grid(c2r2=BUILDING, c3r3=WALL),
        units=[*MEN, unit("inside", "men", "cleric", 2, 2), unit("atop", "men", "thief", 3, 3)])
    return files


def main() -> None:
    BAD.mkdir(exist_ok=True)
    for name, content in corpus().items():
        write(BAD / name, content)
        print(f"wrote tests/maps/bad/{name}")


if __name__ == "__main__":
    main()
