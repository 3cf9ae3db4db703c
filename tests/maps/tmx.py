"""Write small Tiled maps for tests (and for the hostile corpus in bad/, see bad/make_corpus.py).

Not a test module: helpers only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ASSETS = REPO / "assets"

# Gids of the bundled tilesets (firstgid 1): see assets/make_tiles.py TERRAINS.
GRASS, FIELD, FOREST, HILLS, ROAD, WATER, FORD, BRIDGE, WALL, BUILDING = range(1, 11)

# Tile sizes of the bundled tilesets, by stagger axis.
TILE = {"y": (70, 80), "x": (80, 70)}
HEX_SIDE = 40


def esc(value: Any) -> str:
    text = str(value)
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        text = text.replace(a, b)
    return text


def props_xml(props: dict[str, Any], indent: str = "  ") -> str:
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for name, value in props.items():
        if isinstance(value, tuple):  # (type, value) for typed properties written as given
            kind, value = value
            lines.append(f'{indent} <property name="{esc(name)}" type="{kind}" '
                         f'value="{esc(value)}"/>')
        elif isinstance(value, bool):
            lines.append(f'{indent} <property name="{esc(name)}" type="bool" '
                         f'value="{str(value).lower()}"/>')
        elif isinstance(value, int):
            lines.append(f'{indent} <property name="{esc(name)}" type="int" value="{value}"/>')
        else:
            lines.append(f'{indent} <property name="{esc(name)}" value="{esc(value)}"/>')
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


@dataclass
class Obj:
    """An object of the `units` layer."""

    name: str = ""
    props: dict[str, Any] = field(default_factory=dict)
    x: Any = 0
    y: Any = 0
    width: Any = None
    height: Any = None
    gid: int | None = None
    rotation: Any = None
    shape: str = "<point/>"  # "" for a rectangle (or a tile object with gid)
    attrs: str = ""

    def xml(self, oid: int) -> str:
        a = f'id="{oid}"'
        if self.name:
            a += f' name="{esc(self.name)}"'
        if self.gid is not None:
            a += f' gid="{self.gid}"'
        a += f' x="{self.x}" y="{self.y}"'
        if self.width is not None:
            a += f' width="{self.width}" height="{self.height}"'
        if self.rotation is not None:
            a += f' rotation="{self.rotation}"'
        if self.attrs:
            a += " " + self.attrs
        shape = f"   {self.shape}\n" if self.shape else ""
        return f"  <object {a}>\n{props_xml(self.props, '   ')}{shape}  </object>\n"


def unit(name: str, side: str, template: str, col: int | None = None, row: int | None = None,
         facing: Any = None, **kw: Any) -> Obj:
    """A unit placed by col/row properties (or by position, if col is None)."""
    props: dict[str, Any] = {"side": side, "template": template}
    if col is not None:
        props["col"] = col
    if row is not None:
        props["row"] = row
    if facing is not None:
        props["facing"] = facing
    props.update(kw.pop("props", {}))
    return Obj(name=name, props=props, **kw)


def csv(gids: list[int], width: int) -> str:
    rows = [",".join(str(g) for g in gids[i:i + width]) for i in range(0, len(gids), width)]
    return "\n" + ",\n".join(rows) + "\n"


def map_xml(*, width: int = 9, height: int = 9, axis: str = "y", index: str = "odd",
            orientation: str = "hexagonal", tile: tuple[int, int] | None = None,
            side: int = HEX_SIDE, tileset: str | None = None, gids: list[int] | None = None,
            data: str | None = None, data_attrs: str = 'encoding="csv"',
            props: dict[str, Any] | None = None, units: list[Obj] | None = None,
            extra_layers: str = "", map_attrs: str = "", prolog: str = "",
            assets: str = "../../../assets", layer_size: tuple[int, int] | None = None) -> str:
    """A complete .tmx document; every argument has a sane default."""
    tw, th = tile or TILE[axis]
    if tileset is None:
        kind = "pointy" if axis == "y" else "flat"
        tileset = f' <tileset firstgid="1" source="{assets}/terrain_{kind}.tsx"/>\n'
    if data is None:
        data = csv(gids if gids is not None else [GRASS] * (width * height), width)
    lw, lh = layer_size or (width, height)
    units_xml = ""
    if units is not None:
        units_xml = ' <objectgroup id="2" name="units">\n'
        units_xml += "".join(u.xml(i + 1) for i, u in enumerate(units))
        units_xml += " </objectgroup>\n"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n' + prolog
        + f'<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{tw}" '
        f'tileheight="{th}" infinite="0" hexsidelength="{side}" staggeraxis="{axis}" '
        f'staggerindex="{index}" nextlayerid="3" nextobjectid="{len(units or []) + 1}"'
        f"{(' ' + map_attrs) if map_attrs else ''}>\n"
        + props_xml(props or {}, " ")
        + tileset
        + f' <layer id="1" name="terrain" width="{lw}" height="{lh}">\n'
        + f"  <data {data_attrs}>{data}</data>\n"
        + " </layer>\n"
        + extra_layers
        + units_xml
        + "</map>\n"
    )


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode()
    path.write_bytes(text)
    return path


def tsx_xml(tiles: dict[int, dict[str, Any]], image: str = "../../../assets/terrain_pointy.png",
            tile: tuple[int, int] = (70, 80), count: int = 10, columns: int = 5,
            image_size: tuple[int, int] = (350, 160), name: str = "test") -> str:
    """An external tileset over an image, with the given tiles' properties."""
    body = "".join(f' <tile id="{tid}">\n{props_xml(p, "  ")} </tile>\n'
                   for tid, p in tiles.items())
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{tile[0]}" '
            f'tileheight="{tile[1]}" tilecount="{count}" columns="{columns}">\n'
            f' <image source="{image}" width="{image_size[0]}" height="{image_size[1]}"/>\n'
            + body + "</tileset>\n")
