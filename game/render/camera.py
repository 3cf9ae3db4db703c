"""The view onto the board: which part is on screen and how large.

World space is the hex layout at zoom 1 (`base` Layout); the camera keeps an offset (the world
point at the screen's top-left) and a zoom level from a fixed ladder, so terrain can be
pre-rendered once per level.  A board shown whole is drawn bigger as a whole (`scale`, set by
`BoardView.fit`) so that it fills the screen, the ladder's levels staying the same steps: a
small map opens filling the window, not small in its middle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.hexgrid import FLAT, POINTY, Hex, Layout

ZOOMS = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0)


@dataclass
class Camera:
    orientation: str = "pointy"  # or "flat"
    hex_size: tuple[float, float] = (20.0, 20.0)
    zoom_index: int = 4
    x: float = 0.0  # world pixel (at this zoom) shown at the screen's left edge
    y: float = 0.0
    screen: tuple[int, int] = (1280, 800)
    scale: float = 1.0  # the map's hexes drawn this much bigger at every level (a small map)
    _layouts: dict[int, Layout] = field(default_factory=dict, repr=False)

    @property
    def zoom(self) -> float:
        return ZOOMS[self.zoom_index]

    def layout(self, zoom_index: int | None = None) -> Layout:
        """The hex layout at a zoom level, with the world origin at (0, 0)."""
        zi = self.zoom_index if zoom_index is None else zoom_index
        if zi not in self._layouts:
            z = ZOOMS[zi]
            orient = POINTY if self.orientation == "pointy" else FLAT
            z *= self.scale
            self._layouts[zi] = Layout(orient, (self.hex_size[0] * z, self.hex_size[1] * z),
                                       (0.0, 0.0))
        return self._layouts[zi]

    def magnification(self, zoom_index: int | None = None) -> float:
        """How many screen pixels a pixel of the map's own tile art takes at a level."""
        zi = self.zoom_index if zoom_index is None else zoom_index
        return ZOOMS[zi] * self.scale

    def set_scale(self, scale: float) -> bool:
        """Draw the map's hexes `scale` times bigger at every level; True if that changed
        (what was drawn at the old scale must then be drawn again)."""
        if scale == self.scale:
            return False
        self.scale = scale
        self._layouts.clear()
        return True

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return wx - self.x, wy - self.y

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return sx + self.x, sy + self.y

    def hex_at(self, sx: float, sy: float) -> Hex:
        return self.layout().pixel_to_hex(*self.to_world(sx, sy))

    def centre_of(self, h: Hex) -> tuple[float, float]:
        """Screen position of a hex centre."""
        return self.to_screen(*self.layout().hex_to_pixel(h))

    def pan(self, dx: float, dy: float) -> None:
        self.x += dx
        self.y += dy

    def look_at(self, wx: float, wy: float) -> None:
        """Centre the screen on a world point (at the current zoom)."""
        self.x = wx - self.screen[0] / 2
        self.y = wy - self.screen[1] / 2

    def zoom_by(self, steps: int, anchor: tuple[float, float] | None = None) -> None:
        """Step the zoom ladder keeping the world point under `anchor` (screen) in place."""
        new = max(0, min(len(ZOOMS) - 1, self.zoom_index + steps))
        if new == self.zoom_index:
            return
        ax, ay = anchor if anchor is not None else (self.screen[0] / 2, self.screen[1] / 2)
        wx, wy = self.to_world(ax, ay)
        ratio = ZOOMS[new] / ZOOMS[self.zoom_index]
        self.zoom_index = new
        self.x = wx * ratio - ax
        self.y = wy * ratio - ay
