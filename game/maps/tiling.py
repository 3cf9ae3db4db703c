"""Tiled's hexagonal pixel geometry (`HexTiling`: where each tile's box is, which tile is under
a pixel) and how one tile is drawn (`TileArt`).  Pure arithmetic: no files, no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class HexTiling:
    """Where Tiled draws the tiles of a hexagonal map, in map pixels (y down).

    This follows Tiled's hexagonal renderer: the tile size is rounded down to even numbers;
    with ``stagger_axis == "y"`` (pointy-top hexes) rows are ``(tile_height + side) / 2``
    apart and the staggered rows (odd or even, by ``stagger_index``) are shifted right by half
    a tile; with ``"x"`` (flat-top hexes) columns are ``(tile_width + side) / 2`` apart and the
    staggered columns are shifted down by half a tile.  A tile's image is drawn with its
    bottom-left corner at the bottom-left of the tile's box.
    """

    tile_width: int
    tile_height: int
    hexside_length: int
    stagger_axis: str = "y"
    stagger_index: str = "odd"

    @property
    def _tw(self) -> int:
        return self.tile_width & ~1

    @property
    def _th(self) -> int:
        return self.tile_height & ~1

    @property
    def column_width(self) -> int:
        """Horizontal distance between neighbouring columns' boxes (x-staggered maps)."""
        side = self.hexside_length if self.stagger_axis == "x" else 0
        return (self._tw - side) // 2 + side

    @property
    def row_height(self) -> int:
        """Vertical distance between neighbouring rows' boxes (y-staggered maps)."""
        side = self.hexside_length if self.stagger_axis == "y" else 0
        return (self._th - side) // 2 + side

    def _staggered(self, n: int) -> bool:
        return bool((n & 1) ^ (self.stagger_index == "even"))

    def tile_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of tile ``(col, row)``'s box."""
        if self.stagger_axis == "x":
            y = row * self._th + (self.row_height if self._staggered(col) else 0)
            return col * self.column_width, y
        x = col * self._tw + (self.column_width if self._staggered(row) else 0)
        return x, row * self.row_height

    def tile_center(self, col: int, row: int) -> tuple[float, float]:
        """Centre pixel of tile ``(col, row)``."""
        x, y = self.tile_origin(col, row)
        return x + self._tw / 2, y + self._th / 2

    def tile_at(self, x: float, y: float) -> tuple[int, int]:
        """The tile ``(col, row)`` under pixel ``(x, y)``: the one whose centre is nearest.

        As in Tiled, nearness is plain distance to the tile centres.  A point exactly as far
        from two centres goes to the upper one on a pointy-top map (then the left one) and to
        the left one on a flat-top map (then the upper one).  The answer may lie outside the
        map; the caller checks.
        """
        tw, th = self._tw, self._th
        candidates: list[tuple[float, int, int, int, int]] = []
        if self.stagger_axis == "x":
            c0 = math.floor((x - tw / 2) / self.column_width + 0.5)
            for col in (c0 - 1, c0, c0 + 1):
                shift = self.row_height if self._staggered(col) else 0
                r0 = math.floor((y - th / 2 - shift) / th + 0.5)
                for row in (r0 - 1, r0, r0 + 1):
                    cx, cy = self.tile_center(col, row)
                    candidates.append(((cx - x) ** 2 + (cy - y) ** 2, col, row, col, row))
        else:
            r0 = math.floor((y - th / 2) / self.row_height + 0.5)
            for row in (r0 - 1, r0, r0 + 1):
                shift = self.column_width if self._staggered(row) else 0
                c0 = math.floor((x - tw / 2 - shift) / tw + 0.5)
                for col in (c0 - 1, c0, c0 + 1):
                    cx, cy = self.tile_center(col, row)
                    candidates.append(((cx - x) ** 2 + (cy - y) ** 2, row, col, col, row))
        best = min(candidates)
        return best[3], best[4]

    def pixel_size(self, cols: int, rows: int) -> tuple[int, int]:
        """Width and height in pixels of a whole ``cols`` x ``rows`` map."""
        if self.stagger_axis == "x":
            side_offset_x = (self._tw - self.hexside_length) // 2
            return (cols * self.column_width + side_offset_x,
                    rows * self._th + (self.row_height if cols > 1 else 0))
        side_offset_y = (self._th - self.hexside_length) // 2
        return (cols * self._tw + (self.column_width if rows > 1 else 0),
                rows * self.row_height + side_offset_y)


@dataclass(frozen=True)
class TileArt:
    """How to draw one tile: the part `rect` (x, y, w, h) of the picture `image`.

    Draw it as Tiled does: flip/rotate as flagged, then put the image's bottom-left corner at
    the bottom-left of the tile's box (`HexTiling.tile_origin` + tile height), moved by the
    tileset's `offset`.
    """

    image: str  # absolute path of the picture
    rect: tuple[int, int, int, int]
    offset: tuple[int, int] = (0, 0)
    flip_x: bool = False
    flip_y: bool = False
    flip_diagonal: bool = False  # on a hexagonal map Tiled means: rotated 60 degrees
    rotate_120: bool = False
    tileset: str = ""
    tile_id: int = 0

