"""The board as one picture: terrain, overlays, units, animations.  Used by the window every
frame and by `flank screenshot` once, so both show exactly the same thing.

A frame is mostly copies of pictures made earlier: the terrain with the standing overlays
painted in (chunks per zoom level, `TerrainCache` and `OverlayLayer`), then the figures
(miniatures: pictures per zoom, facing and state, `FigureSprites`), then what of each
figure reaches past its base (a pike's head over the figure it threatens, in a pass after
every body), then the few things that follow the mouse.  After drawing, a bounded amount
of the chunks the next pan or zoom step would show is built (`game.render.ahead`), so
panning and zooming find them ready.

Drawing never changes the battle: every cache here is the view's own, keyed by what it
shows, and the state is only read.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from game.render import ahead
from game.render.camera import ZOOMS, Camera
from game.render.figure_facts import unit_facts
from game.render.figure_motion import Motion
from game.render.figure_sprites import FigureSprites, Look, facing_angle, marks_of, pose_of
from game.render.hex_labels import draw_hex_labels
from game.render.hex_markers import draw_marker_names, draw_markers
from game.render.legend import Swatch, draw_legend
from game.render.overlay_layer import OverlayLayer
from game.render.overlays import Overlays, draw_labels, draw_pointer
from game.render.palette import side_colour
from game.render.terrain import BACKGROUND, CHUNK, MIN_CHUNKS, Key, TerrainCache, TilePainter
from rules.engine import ruleset_of
from rules.hexgrid import Hex
from rules.positioning import is_engaged
from rules.ruleset import HexMarker
from rules.state import ACTIVE, GONE, Battle, Unit

# Where to draw a unit right now (animations move tokens between hexes): unit id → (x, y)
# in world pixels, or None to draw it at its hex.
PositionHook = Callable[[str], tuple[float, float] | None]
# How an animation moves, turns or lays down a figure right now (see `figure_motion`).
MotionHook = Callable[[str], Motion | None]

# How much building ahead a frame may do, in the terrain cache's cost units (about a hex
# painted each, 15-30 µs on the two-core test machine): a few milliseconds, in a burst of a
# few frames after a zoom step or when the view reaches a new chunk, so most frames build
# nothing and none comes near the 16.7 ms of a 60 fps frame.
AHEAD_BUDGET = 500


READABLE = ZOOMS.index(0.5)  # the least zoom at which a figure still reads as a miniature
FRAMING_MOST = ZOOMS.index(1.0)  # framing the figures never zooms in past this
# A board shown whole is drawn bigger so that it fills the screen at this level (or the
# closest level it fits at, if less), leaving the closer levels to zoom in further ...
FILLED_AT = ZOOMS.index(1.0)
MOST_HEX = 120.0  # ... but never with a hex more than this many pixels from centre to corner

class BoardView:
    def __init__(self, state: Battle, camera: Camera, painter: TilePainter | None = None) -> None:
        self.camera = camera
        self.terrain = TerrainCache(state.board, camera, painter)
        self.layer = OverlayLayer(self.terrain)
        self.sprites = FigureSprites()
        self.side_index = {s.id: i for i, s in enumerate(state.sides)}
        self.ruleset = ruleset_of(state)
        self.built_while_drawing = 0  # chunks a frame had to build on the spot (bench, tests)
        self.legend_drawn: list[tuple[pygame.Rect, Swatch]] = []  # the overlays' legend
        self.hex_labels = False  # each hex's label drawn ("D5", game.render.hex_labels)
        self._plan: tuple = ()
        self._heading = 0  # the way the last zoom step went: -1 out, 1 in, 0 none yet
        self._pending: list[Key] = []
        self._placed: tuple[Battle | None, int, list[tuple[Unit, float, float]]] = (None, -1, [])
        self._looks: dict[str, Look] = {}
        self._acted: frozenset[str] | None = None
        # unit id -> (look, flags, radius, facing, picture, reach) of the last frame it was
        # drawn in (reach: what of it lies past its base, drawn after every body)
        self._memo: dict[str, tuple] = {}
        self._angles: dict[int, list[float]] = {}  # zoom level -> the six facings' turns
        self._ground: pygame.Surface | None = None
        self._ground_key: tuple = ()
        self._markers: tuple[Battle | None, tuple[HexMarker, ...]] = (None, ())

    def markers(self, state: Battle) -> tuple[HexMarker, ...]:
        """What lies on the hexes besides the figures (`Ruleset.hex_markers`), asked once
        per state."""
        if self._markers[0] is not state:
            self._markers = (state, self.ruleset.hex_markers(state))
        return self._markers[1]

    def centre_on_board(self) -> None:
        x0, y0, x1, y1 = self.terrain.bounds(self.camera.zoom_index)
        self.camera.look_at((x0 + x1) / 2, (y0 + y1) / 2)

    def fit(self, state: Battle | None = None) -> None:
        """Pick the largest zoom at which the whole board fits the screen, and centre it.
        A board too big to show whole at a zoom where a figure still reads as a miniature is
        framed on its figures instead (`state`), so a player opening a big map sees the
        armies rather than an empty stretch of it; a board shown whole is drawn bigger, to
        fill the screen (`magnify`)."""
        self.magnify()
        sw, sh = self.camera.screen
        best = 0
        for zi in range(len(ZOOMS)):
            x0, y0, x1, y1 = self.terrain.bounds(zi)
            if x1 - x0 <= sw and y1 - y0 <= sh:
                best = zi
        self.camera.zoom_index = best
        spots = [u.pos for u in state.units if u.pos is not None] if state is not None else []
        if best >= READABLE or not spots:
            self.centre_on_board()
            return
        if not self._fits(self._frame(spots, READABLE)):  # armies far apart: the first side's
            first = state.sides[0].id if state is not None and state.sides else ""
            spots = [u.pos for u in state.units  # type: ignore[union-attr]
                     if u.pos is not None and u.side == first] or spots
        zoom, box = READABLE, self._frame(spots, READABLE)
        for zi in range(FRAMING_MOST, READABLE, -1):
            if self._fits(self._frame(spots, zi)):
                zoom, box = zi, self._frame(spots, zi)
                break
        self.camera.zoom_index = zoom
        self.camera.look_at((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def magnify(self) -> None:
        """Draw a board that is shown whole a little or a lot bigger (`Camera.scale`), so that
        at the level it is shown at (`FILLED_AT` at most) the board just fits the screen, as
        wide or as high as it is: a small map fills the window instead of sitting small in
        its middle.  A board too big to show whole at a level where a figure reads is drawn
        at its own size (it is framed on its figures).  Whatever was drawn at another size is
        dropped."""
        sw, sh = self.camera.screen
        changed = self.camera.set_scale(1.0)
        whole = [zi for zi in range(READABLE, len(ZOOMS)) if self._fits(self.terrain.bounds(zi))]
        if whole:
            level = min(max(whole), FILLED_AT)
            x0, y0, x1, y1 = self.terrain.bounds(level)
            scale = min(sw / (x1 - x0), sh / (y1 - y0)) * 0.999  # 0.999: floats still fit
            most = MOST_HEX / (max(self.camera.hex_size) * ZOOMS[level])
            changed |= self.camera.set_scale(max(1.0, min(scale, most)))
        if changed:
            self.layer.forget()
            self._placed = (None, -1, [])
            self._memo.clear()
            self._ground_key = ()

    def _fits(self, box: tuple[float, float, float, float]) -> bool:
        sw, sh = self.camera.screen
        return box[2] - box[0] <= sw and box[3] - box[1] <= sh

    def _frame(self, spots: list[Hex], zi: int) -> tuple[float, float, float, float]:
        """World pixel bounds of the hexes `spots` at zoom `zi`, with a hex of room round."""
        lay = self.camera.layout(zi)
        points = [lay.hex_to_pixel(h) for h in spots]
        pad = max(lay.size) * 2.5
        return (min(x for x, _ in points) - pad, min(y for _, y in points) - pad,
                max(x for x, _ in points) + pad, max(y for _, y in points) + pad)

    def draw(self, surf: pygame.Surface, state: Battle, overlays: Overlays | None = None,
             selected: str | None = None, acting: frozenset[str] = frozenset(),
             position: PositionHook | None = None,
             after_units: Callable[[pygame.Surface], None] | None = None,
             motion: MotionHook | None = None) -> None:
        self.layer.update(overlays)
        before = self.terrain.built + self.layer.built
        self._draw_ground(surf)
        self.built_while_drawing = self.terrain.built + self.layer.built - before
        if overlays is not None:
            draw_pointer(surf, self.camera, overlays)
        markers = self.markers(state)
        draw_markers(surf, self.camera, markers)
        if self.hex_labels:  # on the ground: a figure standing there is drawn over it
            draw_hex_labels(surf, self.camera, state.board)
        self._draw_tokens(surf, state, selected, acting, position, motion)
        if overlays is not None:
            draw_labels(surf, self.camera, overlays)
            draw_marker_names(surf, self.camera, markers, overlays.hover)
        # where the legend's swatches went, for a test to look at
        self.legend_drawn = draw_legend(surf, overlays.legend if overlays is not None else ())
        if after_units is not None:
            after_units(surf)
        if not self.built_while_drawing:
            self.build_ahead(surf.get_size())

    def _draw_ground(self, surf: pygame.Surface) -> None:
        """Terrain and standing overlays, from the ground buffer: the chunks under the screen
        laid edge to edge on a surface aligned with the chunk grid, made again only when the
        view reaches another chunk, changes level or the standing overlays change.  One blit
        a frame rather than one a chunk, and from a buffer one pixel wider than the chunks it
        holds: SDL copies rows with aligned moves only when the rows start on 16-byte
        boundaries and otherwise, if their stride is a multiple of 8 bytes, with 8-byte moves
        that cost four times a plain copy on unaligned rows (as most are when panning); an odd
        width makes SDL use a plain row copy, as fast aligned or not."""
        zi = self.camera.zoom_index
        w, h = surf.get_size()
        x0, y0, _, _ = ahead.view_rect(self.camera, (w, h))
        cx0, cy0 = math.floor(x0 / CHUNK), math.floor(y0 / CHUNK)
        cols, rows = -(-w // CHUNK) + 1, -(-h // CHUNK) + 1
        key = (zi, cx0, cy0, cols, rows, self.layer.version)
        if key != self._ground_key:
            self._ground_key = key
            size = (cols * CHUNK + 1, rows * CHUNK)
            if self._ground is None or self._ground.get_size() != size:
                self._ground = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    self._ground = self._ground.convert()
            blits = []
            for j in range(rows):
                for i in range(cols):
                    chunk = self.layer.surface((zi, cx0 + i, cy0 + j))
                    if chunk is None:
                        self._ground.fill(BACKGROUND[:3], (i * CHUNK, j * CHUNK, CHUNK, CHUNK))
                    else:
                        blits.append((chunk, (i * CHUNK, j * CHUNK)))
            self._ground.fblits(blits)
        surf.blit(self._ground, (0, 0), (x0 - cx0 * CHUNK, y0 - cy0 * CHUNK, w, h))

    def build_ahead(self, size: tuple[int, int], budget: int = AHEAD_BUDGET) -> int:
        """Build up to `budget` worth of the chunks the next pan or zoom step would show;
        how much was spent.  Called after each frame is drawn."""
        cam = self.camera
        plan = (cam.zoom_index, math.floor(cam.x / CHUNK), math.floor(cam.y / CHUNK), size,
                self.layer.version)
        if plan != self._plan:
            if self._plan and plan[0] != self._plan[0]:
                self._heading = 1 if plan[0] > self._plan[0] else -1
            wanted = ahead.wanted(cam, size, self.terrain.bounds, self._heading)
            shown = len(ahead.cells(cam.zoom_index, ahead.view_rect(cam, size),
                                    self.terrain.bounds(cam.zoom_index)))
            # Keep everything on screen and everything wanted: the bound on memory is set
            # by the screen's size, whatever the map's.
            cap = max(MIN_CHUNKS, shown + len(wanted) + 16)
            self.terrain.cap = self.layer.cap = cap
            for key in wanted:
                self.layer.touch(key)
            self._pending = wanted[::-1]
            self._plan = plan
        spent = 0
        while self._pending and spent < budget:
            key = self._pending.pop()
            cost = self.layer.cost(key)
            if cost:
                self.layer.surface(key)
                spent += cost
        return spent

    def _units_placed(self, state: Battle, zi: int) -> list[tuple[Unit, float, float]]:
        """The units on the board in drawing order (the fallen under the standing) with their
        world positions at this zoom; worked out once per state and zoom."""
        known, kzi, placed = self._placed
        if known is state and kzi == zi:
            return placed
        if known is not state:
            self._looks = {}
            self._acted = None
        lay = self.camera.layout(zi)
        order = sorted(state.units, key=lambda u: (u.status == "active", u.id))
        placed = [(u, *lay.hex_to_pixel(u.pos)) for u in order if u.pos is not None]
        self._placed = (state, zi, placed)
        return placed

    def look_of(self, state: Battle, u: Unit) -> Look:
        """What the unit's miniature shows in this state (before selection and turn marks):
        worked out once per state."""
        look = self._looks.get(u.id)
        if look is None:
            if self._acted is None:
                self._acted = acted_in(state)
            armour = self.ruleset.unit_armour(state, u.id) or (0, 0)
            look = self._looks[u.id] = Look(
                facts=unit_facts(self.ruleset, u),
                colour=side_colour(self.side_index[u.side]), pose=pose_of(u), hp=u.hp,
                max_hp=u.max_hp, armour_hp=armour[0], max_armour_hp=armour[1],
                badge=self.ruleset.unit_badge(state, u.id),
                marks=marks_of(u, u.status == ACTIVE and u.pos is not None
                               and is_engaged(state, u)),
                spent=u.status == ACTIVE and (u.id in self._acted
                                              or bool(getattr(u, "spent", ""))))
        return look

    def _draw_tokens(self, surf: pygame.Surface, state: Battle, selected: str | None,
                     acting: frozenset[str], position: PositionHook | None,
                     motion: MotionHook | None = None) -> None:
        cam = self.camera
        zi = cam.zoom_index
        lay = cam.layout()
        radius = min(lay.size) * 0.62
        angles = self._angles.get(zi)
        if angles is None:
            ox, oy = lay.hex_to_pixel(Hex(0, 0))
            angles = self._angles[zi] = [facing_angle((ex - ox, ey - oy)) for ex, ey in
                                         (lay.edge_midpoint(Hex(0, 0), f) for f in range(6))]
        x0, y0 = math.floor(cam.x), math.floor(cam.y)
        sw, sh = surf.get_size()
        margin = radius * 4
        left, top, right, bottom = x0 - margin, y0 - margin, x0 + sw + margin, y0 + sh + margin
        memo = self._memo
        blits = []
        reach = []  # drawn after every body: a neighbour never hides a pike's head
        for u, wx, wy in self._units_placed(state, zi):
            if u.status == GONE:
                continue
            if position is not None:
                moved = position(u.id)
                if moved is not None:
                    wx, wy = moved
            m = motion(u.id) if motion is not None else None
            if m is not None:
                wx, wy = wx + m.dx, wy + m.dy
            if not (left <= wx <= right and top <= wy <= bottom):
                continue
            base = self.look_of(state, u)
            flags = (selected == u.id, u.id in acting)
            seen = memo.get(u.id)
            if (m is None and seen is not None and seen[0] is base and seen[1] == flags
                    and seen[2] == radius and seen[3] == u.facing):
                found, over = seen[4], seen[5]  # as last frame: no key, no cache to ask
            else:
                look = base if flags == (False, False) else replace(
                    base, selected=flags[0], acting=flags[1])
                angle = angles[u.facing]
                if m is not None:
                    angle = angles[m.facing if m.facing is not None else u.facing] + m.turn
                    if m.pose:
                        look = replace(look, pose=m.pose)
                found = self.sprites.get(look, radius, angle)
                over = self.sprites.beyond(look, radius, angle)
                if m is None:
                    memo[u.id] = (base, flags, radius, u.facing, found, over)
            if found is not None:
                picture, dx, dy = found
                blits.append((picture, (math.floor(wx) - x0 - dx, math.floor(wy) - y0 - dy)))
            if over is not None:
                picture, dx, dy = over
                reach.append((picture, (math.floor(wx) - x0 - dx, math.floor(wy) - y0 - dy)))
        surf.fblits(blits)
        if reach:
            surf.fblits(reach)


def acted_in(state: Battle) -> frozenset[str]:
    """The units that have had their turn in what is under way: any frame on the stack that
    keeps the units done (`acted`, as a Fallen Empire phase does).  An `acted` that is a
    flag (Enchanted Realms' turn: "his action is spent") names nobody and is passed over."""
    done: set[str] = set()
    for frame in state.stack:
        acted = getattr(frame, "acted", ())
        if isinstance(acted, (tuple, list, set, frozenset)):
            done.update(acted)
    return frozenset(done)
