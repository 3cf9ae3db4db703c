"""Frame time of the battle board: the 128×128 stress map, 100 units, overlays on, panning.

Draws `maps/stress_128.tmx` at 1920×1080 with the window's own BoardView (tile art, threat
overlay of every side, the selected unit's reach and movement range, every token) while the
camera pans in a fixed pattern: a slow diagonal that bounces off the board's edges, with a
zoom step every 100 frames so new chunks are built as a player would see them.  A frame is the
camera update, `view.draw` into a back buffer and the blit of that buffer to the display.
The overlay data (threat maps, reach, legal moves) is computed once before timing: only the
drawing is timed.  The first frame (every visible chunk built, a cold cache) is reported on
its own as `first`; median and p95 are over the frames after it.

Prints figures (with --json, one JSON object).  Baselines measured in the same run, so the
figures mean something on any machine:
  floor_blit_ms    one full-screen 1920×1080 blit of a prepared surface onto the display:
                   no frame can cost less than this
  pyscroll_ms      pyscroll's BufferedRenderer drawing an orthogonal TMX map of the same
                   size in tiles (128×128, 32×32 tiles, generated in a temp dir), panned
                   and zoomed the same way: what a well-tuned tile scroller pays
The target is a median frame under 16× the floor (`target_ratio`).  Runs headless (the SDL
dummy video driver unless SDL_VIDEODRIVER says otherwise).

    python bench/frame.py [--frames 300] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.choices import index  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.render.board_view import BoardView  # noqa: E402
from game.render.camera import ZOOMS, Camera  # noqa: E402
from game.render.overlays import Overlays  # noqa: E402
from game.render.snapshot import hex_size_for  # noqa: E402
from game.render.tiles import painter_for  # noqa: E402
from rules.engine import decider, legal_commands, start, submit  # noqa: E402
from rules.hexgrid import Hex  # noqa: E402
from rules.positioning import reachable, threat_map, threatened_hexes  # noqa: E402
from rules.state import Battle  # noqa: E402

SIZE = (1920, 1080)
MAP = ROOT / "maps" / "stress_128.tmx"
TARGET_RATIO = 16
START_ZOOM = ZOOMS.index(1.0)
ZOOM_EVERY = 100  # frames between zoom steps
ZOOM_PLAN = (0, -1, -2, -1, 0, 1)  # zoom ladder offset from START_ZOOM, one per ZOOM_EVERY
PAN = (9.0, 5.0)  # screen pixels per frame: a slow diagonal (540 × 300 px/s at 60 fps)


def p95(xs: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    s = sorted(xs)
    return s[max(0, math.ceil(0.95 * len(s)) - 1)]


def ms(x: float) -> float:
    return round(x * 1000, 3)


# --- the hex board -----------------------------------------------------------------------------


def battle_with_moves(state: Battle, limit: int = 400) -> tuple[Battle, str, frozenset[Hex]]:
    """Play declarations (choosing "move" where offered) until some unit has legal moves, as in
    the window's movement phase; return that state, the unit and its movement range.  If no
    unit gets there within `limit` commands, the first unit's walkable hexes stand in."""
    for _ in range(limit):
        who = decider(state)
        if who is None:
            break
        legal = legal_commands(state, who)
        if not legal:
            break
        choices = index(state, legal)
        for uid in choices.actors():
            moves = choices.for_unit(uid).moves
            if moves:
                return state, uid, frozenset(moves)
        pick = next((c for c in legal if getattr(c, "action", "") == "move"), legal[0])
        state, _ = submit(state, pick)
    unit = next(u for u in state.units if u.pos is not None)
    return state, unit.id, frozenset(reachable(state, unit, 12))


def overlays_for(state: Battle, selected: str, moves: frozenset[Hex]) -> Overlays:
    """Threat of every side, plus the selected unit's reach and movement range."""
    counts: dict[Hex, int] = {}
    for s in state.sides:
        for h, who in threat_map(state, s.id).items():
            counts[h] = counts.get(h, 0) + len(who)
    sel = state.unit(selected)
    return Overlays(threat=counts, reach=threatened_hexes(state, sel), move_range=moves)


class Pan:
    """The fixed camera pattern: a diagonal bouncing inside the board (or map) rectangle, and a
    zoom step every ZOOM_EVERY frames.  `bounds(zoom)` gives (x0, y0, x1, y1) in screen pixels
    at that zoom; the view's centre stays where the view does not leave the rectangle."""

    def __init__(self, centre: tuple[float, float]) -> None:
        self.cx, self.cy = centre  # screen-pixel world centre at the current zoom
        self.dx, self.dy = PAN
        self.zi = START_ZOOM

    def zoom_for(self, frame: int) -> int:
        step = ZOOM_PLAN[(frame // ZOOM_EVERY) % len(ZOOM_PLAN)]
        return max(0, min(len(ZOOMS) - 1, START_ZOOM + step))

    def step(self, frame: int, bounds: tuple[float, float, float, float]) -> bool:
        """Advance one frame; True when the zoom changed (centre rescaled already)."""
        zi = self.zoom_for(frame)
        changed = zi != self.zi
        if changed:
            ratio = ZOOMS[zi] / ZOOMS[self.zi]
            self.cx, self.cy = self.cx * ratio, self.cy * ratio
            self.zi = zi
        x0, y0, x1, y1 = bounds
        hw, hh = SIZE[0] / 2, SIZE[1] / 2
        self.cx += self.dx
        self.cy += self.dy
        if self.cx + hw > x1 or self.cx - hw < x0:
            self.dx = -self.dx
            self.cx = max(x0 + hw, min(x1 - hw, self.cx)) if x1 - x0 > 2 * hw else (x0 + x1) / 2
        if self.cy + hh > y1 or self.cy - hh < y0:
            self.dy = -self.dy
            self.cy = max(y0 + hh, min(y1 - hh, self.cy)) if y1 - y0 > 2 * hh else (y0 + y1) / 2
        return changed


def bench_hex(display: pygame.Surface, frames: int) -> dict:
    sc = load_map(MAP)
    state, _ = start(sc.setup)
    state, selected, moves = battle_with_moves(state)
    overlays = overlays_for(state, selected, moves)
    acting = frozenset(index(state, legal_commands(state, decider(state))).actors())
    cam = Camera(orientation=sc.orientation, hex_size=hex_size_for(sc), screen=SIZE,
                 zoom_index=START_ZOOM)
    view = BoardView(state, cam, painter_for(sc))
    back = pygame.Surface(SIZE).convert(display)
    pan = Pan(cam.layout().hex_to_pixel(state.unit(selected).pos))
    cam.look_at(pan.cx, pan.cy)

    clock = time.perf_counter
    t0 = clock()
    view.draw(back, state, overlays, selected, acting)
    display.blit(back, (0, 0))
    first = clock() - t0

    times = []
    for f in range(1, frames + 1):
        t0 = clock()
        pan.step(f, view.terrain.bounds(pan.zoom_for(f)))
        cam.zoom_index = pan.zi
        cam.look_at(pan.cx, pan.cy)
        view.draw(back, state, overlays, selected, acting)
        display.blit(back, (0, 0))
        times.append(clock() - t0)
    return {
        "first": first,
        "times": times,
        "units": sum(1 for u in state.units if u.pos is not None),
        "selected": selected,
        "overlay_hexes": {"threat": len(overlays.threat), "reach": len(overlays.reach),
                          "move_range": len(overlays.move_range)},
    }


# --- the floor ---------------------------------------------------------------------------------


def bench_floor(display: pygame.Surface, n: int = 300) -> float:
    src = pygame.Surface(SIZE).convert(display)
    src.fill((40, 90, 50))
    pygame.draw.circle(src, (200, 180, 90), (SIZE[0] // 2, SIZE[1] // 2), 400)
    for _ in range(10):
        display.blit(src, (0, 0))
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        display.blit(src, (0, 0))
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


# --- the pyscroll baseline ---------------------------------------------------------------------

TILE = 32
COLOURS = [(86, 140, 70), (70, 120, 60), (120, 150, 80), (60, 90, 150),
           (140, 120, 80), (90, 90, 90), (40, 100, 50), (170, 160, 110)]


def write_ortho_map(folder: Path, cols: int, rows: int) -> Path:
    """An orthogonal Tiled map of cols × rows 32×32 tiles from a tileset drawn here."""
    sheet = pygame.Surface((TILE * len(COLOURS), TILE))
    for i, c in enumerate(COLOURS):
        r = pygame.Rect(i * TILE, 0, TILE, TILE)
        sheet.fill(c, r)
        pygame.draw.rect(sheet, [max(0, v - 30) for v in c], r, 1)
        pygame.draw.circle(sheet, [min(255, v + 40) for v in c], r.center, 5)
    pygame.image.save(sheet, str(folder / "tiles.png"))
    rows_csv = []
    for y in range(rows):
        # deterministic patches, like terrain: a few kinds in blobs
        rows_csv.append(",".join(str(1 + ((x // 7) * 3 + (y // 5) * 5 + (x * y) % 3)
                                     % len(COLOURS)) for x in range(cols)))
    body = ",\n".join(rows_csv)
    tmx = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" \
width="{cols}" height="{rows}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" \
nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="simple" tilewidth="{TILE}" tileheight="{TILE}" \
tilecount="{len(COLOURS)}" columns="{len(COLOURS)}">
  <image source="tiles.png" width="{TILE * len(COLOURS)}" height="{TILE}"/>
 </tileset>
 <layer id="1" name="ground" width="{cols}" height="{rows}">
  <data encoding="csv">
{body}
</data>
 </layer>
</map>
"""
    path = folder / "ortho.tmx"
    path.write_text(tmx, encoding="utf-8")
    return path


def bench_pyscroll(display: pygame.Surface, frames: int, cols: int, rows: int) -> dict | None:
    try:
        import pyscroll
        import pytmx
    except ImportError:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = write_ortho_map(Path(tmp), cols, rows)
        data = pyscroll.data.TiledMapData(pytmx.load_pygame(str(path)))
    mw, mh = data.map_size[0] * data.tile_size[0], data.map_size[1] * data.tile_size[1]
    rect = display.get_rect()
    clock = time.perf_counter

    t0 = clock()
    renderer = pyscroll.BufferedRenderer(data, SIZE, zoom=ZOOMS[START_ZOOM])
    pan = Pan((mw / 2 * ZOOMS[START_ZOOM], mh / 2 * ZOOMS[START_ZOOM]))
    renderer.center((pan.cx / ZOOMS[pan.zi], pan.cy / ZOOMS[pan.zi]))
    renderer.draw(display, rect)
    first = clock() - t0

    times = []
    for f in range(1, frames + 1):
        t0 = clock()
        z = ZOOMS[pan.zoom_for(f)]
        if pan.step(f, (0.0, 0.0, mw * z, mh * z)):
            renderer.zoom = z
        renderer.center((pan.cx / z, pan.cy / z))
        renderer.draw(display, rect)
        times.append(clock() - t0)
    return {"first": first, "times": times}


# --- main --------------------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    frames = max(1, args.frames)

    pygame.display.init()
    pygame.font.init()
    display = pygame.display.set_mode(SIZE)

    floor = bench_floor(display)
    hexes = bench_hex(display, frames)
    ortho = bench_pyscroll(display, frames, 128, 128)

    frame_median = statistics.median(hexes["times"])
    figures: dict = {
        "frame_ms": {"median": ms(frame_median), "p95": ms(p95(hexes["times"])),
                     "first": ms(hexes["first"])},
        "floor_blit_ms": ms(floor),
        "pyscroll_ms": None,
        "ratio_to_floor": round(frame_median / floor, 2),
        "target_ratio": TARGET_RATIO,
        "map": MAP.stem,
        "units": hexes["units"],
        "size": list(SIZE),
        "frames": frames,
        "zooms": sorted({ZOOMS[Pan((0, 0)).zoom_for(f)] for f in range(frames + 1)}),
        "overlay_hexes": hexes["overlay_hexes"],
    }
    if ortho is not None:
        figures["pyscroll_ms"] = {"median": ms(statistics.median(ortho["times"])),
                                  "p95": ms(p95(ortho["times"])), "first": ms(ortho["first"])}
        figures["pyscroll_ratio_to_floor"] = round(statistics.median(ortho["times"]) / floor, 2)
    pygame.quit()

    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:>24}: {v}")
        verdict = "within" if frame_median / floor < TARGET_RATIO else "ABOVE"
        print(f"{'':>24}  median frame {verdict} {TARGET_RATIO}× the floor")
        if ortho is None:
            print(f"{'':>24}  (pyscroll not installed: pip install -e '.[bench]')")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
