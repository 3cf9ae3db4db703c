"""Frame time of the battle board: the 128×128 stress map, 100 units, overlays on, panning.

Draws `maps/stress_128.tmx` at 1920×1080 with the window's own BoardView (tile art, threat
overlay of every side, the selected unit's reach and movement range, every token) while the
camera pans in a fixed pattern: a slow diagonal that bounces off the board's edges, with a
zoom step every ZOOM_EVERY frames walking the whole zoom ladder (1.0 down to 0.25, back up to
2.0 and back), so every level is measured and new chunks are needed as a player would need
them.  A frame is the camera update and `view.draw` straight onto the display surface, as the
window draws (`BattleScene.draw` paints a subsurface of the display).  The overlay data
(threat maps, reach, legal moves) is computed before timing: only the drawing is timed.
Half-way through each zoom visit the selection switches between two units, so some frames
pay for an overlay change as a player's click would; those frames are reported on their
own (`overlay_change_ms`) and stay in the medians.  The first frame (a cold cache) is
reported on its own as `first`; median and p95 are over the frames after it, overall and
per zoom level.

Prints figures (with --json, one JSON object).  Baselines measured in the same run, so the
figures mean something on any machine:
  floor_blit_ms    one full-screen 1920×1080 blit of a prepared surface onto the display:
                   no frame can cost less than this
  pyscroll_ms      pyscroll's BufferedRenderer drawing an orthogonal TMX map of the same
                   size in tiles (128×128, 32×32 tiles, generated in a temp dir), panned
                   and zoomed the same way: what a well-tuned tile scroller pays
The targets (issue 22): a median frame at most 12× the floor overall (`target_ratio`), and
at every zoom level a median frame no slower than pyscroll's at that zoom (`per_zoom`, ratio
≤ 1).  Runs headless (the SDL dummy video driver unless SDL_VIDEODRIVER says otherwise).

    python bench/frame.py [--frames 720] [--json] [--clock wall|cpu]
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
TARGET_RATIO = 12
START_ZOOM = ZOOMS.index(1.0)
ZOOM_EVERY = 100  # frames between zoom steps (as before per-zoom figures were added)
# zoom ladder offset from START_ZOOM, one per ZOOM_EVERY frames: every level of the ladder
ZOOM_PLAN = (0, -1, -2, -3, -4, -3, -2, -1, 0, 1, 2, 1)
PAN = (9.0, 5.0)  # screen pixels per frame: a slow diagonal (540 × 300 px/s at 60 fps)
# What a frame's time is read from: wall time, or with --clock cpu the process's CPU time,
# which leaves out the time other programs on a shared machine take the CPU away from it.
CLOCK = [time.perf_counter]


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
    other = next(u.id for u in state.units if u.pos is not None and u.id != selected)
    # the second selection: its reach and the same threat, as a click on another unit shows
    overlays2 = overlays_for(state, other, frozenset())
    acting = frozenset(index(state, legal_commands(state, decider(state))).actors())
    cam = Camera(orientation=sc.orientation, hex_size=hex_size_for(sc), screen=SIZE,
                 zoom_index=START_ZOOM)
    view = BoardView(state, cam, painter_for(sc))
    pan = Pan(cam.layout().hex_to_pixel(state.unit(selected).pos))
    cam.look_at(pan.cx, pan.cy)

    t0 = CLOCK[0]()
    view.draw(display, state, overlays, selected, acting)
    first = CLOCK[0]() - t0

    times, zooms, changed = [], [], []
    shown = (overlays, selected)
    for f in range(1, frames + 1):
        switch = f % ZOOM_EVERY == ZOOM_EVERY // 2
        if switch:
            shown = (overlays2, other) if shown[0] is overlays else (overlays, selected)
        t0 = CLOCK[0]()
        pan.step(f, view.terrain.bounds(pan.zoom_for(f)))
        cam.zoom_index = pan.zi
        cam.look_at(pan.cx, pan.cy)
        view.draw(display, state, shown[0], shown[1], acting)
        times.append(CLOCK[0]() - t0)
        zooms.append(pan.zi)
        if switch:
            changed.append(times[-1])
    return {
        "first": first,
        "times": times,
        "zooms": zooms,
        "overlay_change": changed,
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
        t0 = CLOCK[0]()
        display.blit(src, (0, 0))
        times.append(CLOCK[0]() - t0)
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

    t0 = CLOCK[0]()
    renderer = pyscroll.BufferedRenderer(data, SIZE, zoom=ZOOMS[START_ZOOM])
    pan = Pan((mw / 2 * ZOOMS[START_ZOOM], mh / 2 * ZOOMS[START_ZOOM]))
    renderer.center((pan.cx / ZOOMS[pan.zi], pan.cy / ZOOMS[pan.zi]))
    renderer.draw(display, rect)
    first = CLOCK[0]() - t0

    times, zooms = [], []
    for f in range(1, frames + 1):
        t0 = CLOCK[0]()
        z = ZOOMS[pan.zoom_for(f)]
        if pan.step(f, (0.0, 0.0, mw * z, mh * z)):
            renderer.zoom = z
        renderer.center((pan.cx / z, pan.cy / z))
        renderer.draw(display, rect)
        times.append(CLOCK[0]() - t0)
        zooms.append(pan.zi)
    return {"first": first, "times": times, "zooms": zooms}


# --- main --------------------------------------------------------------------------------------


def by_zoom(times: list[float], zooms: list[int]) -> dict[int, list[float]]:
    out: dict[int, list[float]] = {}
    for t, zi in zip(times, zooms, strict=True):
        out.setdefault(zi, []).append(t)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=ZOOM_EVERY * len(ZOOM_PLAN))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time frames by the wall clock or by this process's CPU time")
    args = ap.parse_args()
    frames = max(1, args.frames)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter

    pygame.display.init()
    pygame.font.init()
    display = pygame.display.set_mode(SIZE)

    floor = bench_floor(display)
    hexes = bench_hex(display, frames)
    ortho = bench_pyscroll(display, frames, 128, 128)

    frame_median = statistics.median(hexes["times"])
    figures: dict = {
        "frame_ms": {"median": ms(frame_median), "p95": ms(p95(hexes["times"])),
                     "max": ms(max(hexes["times"])), "first": ms(hexes["first"])},
        "overlay_change_ms": {"median": ms(statistics.median(hexes["overlay_change"])),
                              "max": ms(max(hexes["overlay_change"]))}
        if hexes["overlay_change"] else None,
        "floor_blit_ms": ms(floor),
        "pyscroll_ms": None,
        "ratio_to_floor": round(frame_median / floor, 2),
        "target_ratio": TARGET_RATIO,
        "ratio_to_pyscroll": None,
        "per_zoom": {},
        "clock": args.clock,
        "map": MAP.stem,
        "units": hexes["units"],
        "size": list(SIZE),
        "frames": frames,
        "overlay_hexes": hexes["overlay_hexes"],
    }
    ours = by_zoom(hexes["times"], hexes["zooms"])
    theirs = by_zoom(ortho["times"], ortho["zooms"]) if ortho is not None else {}
    for zi in sorted(ours):
        row = {"frames": len(ours[zi]), "median_ms": ms(statistics.median(ours[zi])),
               "p95_ms": ms(p95(ours[zi]))}
        if zi in theirs:
            row["pyscroll_median_ms"] = ms(statistics.median(theirs[zi]))
            row["ratio_to_pyscroll"] = round(
                statistics.median(ours[zi]) / statistics.median(theirs[zi]), 2)
        figures["per_zoom"][str(ZOOMS[zi])] = row
    if ortho is not None:
        their_median = statistics.median(ortho["times"])
        figures["pyscroll_ms"] = {"median": ms(their_median), "p95": ms(p95(ortho["times"])),
                                  "first": ms(ortho["first"])}
        figures["pyscroll_ratio_to_floor"] = round(their_median / floor, 2)
        figures["ratio_to_pyscroll"] = round(frame_median / their_median, 2)
    pygame.quit()

    if args.json:
        print(json.dumps(figures))
        return 0
    for k, v in figures.items():
        if k != "per_zoom":
            print(f"{k:>24}: {v}")
    print(f"{'zoom':>8} {'frames':>7} {'median ms':>10} {'p95 ms':>8} {'pyscroll ms':>12} "
          f"{'ratio':>6}")
    for z, row in figures["per_zoom"].items():
        print(f"{z:>8} {row['frames']:>7} {row['median_ms']:>10.3f} {row['p95_ms']:>8.3f} "
              f"{row.get('pyscroll_median_ms', float('nan')):>12.3f} "
              f"{row.get('ratio_to_pyscroll', float('nan')):>6.2f}")
    verdict = "within" if frame_median / floor <= TARGET_RATIO else "ABOVE"
    print(f"median frame {frame_median / floor:.1f}× the floor: {verdict} {TARGET_RATIO}×")
    if ortho is None:
        print("(pyscroll not installed: pip install -e '.[bench]')")
    else:
        slower = [z for z, row in figures["per_zoom"].items()
                  if row.get("ratio_to_pyscroll", 0) > 1]
        print("no slower than pyscroll at any zoom" if not slower
              else f"slower than pyscroll at zoom {', '.join(slower)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
