"""Draw Flank's miniatures: one sheet per ruleset showing the figure of every unit template,
and one sheet of what a figure shows of its state.

    SDL_VIDEODRIVER=dummy python3 assets/make_figures.py [OUTDIR]   # default build/figures

Writes into OUTDIR (not kept in git: the board draws the same figures from code at run time,
so these sheets are a view of the art, not an input to the game):

    ABOUT.txt       which pygame-ce drew them (pixels may differ under another)
    <ruleset>.png   every template of the ruleset, in the order of its data file, each on
                    its base facing up, for the first side (blue) above and the second (red)
                    below it: the painted catalogue a GM or an artist checks the art by
    states.png      one figure standing, turned to each of the six hexsides, then lying,
                    dead, disarmed, its shield broken and unhorsed

The figures are composed at run time by `game.render.figure_art` and its parts (bodies,
kit, beasts) from what each template carries (`game.render.figure_facts`), so a ruleset added
later gets its figures with no new art; this script draws them through that same code, so
the sheets are what the board shows: draw them before and after a change of the art to
review it as pictures.  Rulesets are those registered (entry points) and every package under
rules/systems with a `ruleset.RULESET`, so a ruleset still waiting for its entry point is
drawn too.

The drawing is plain pygame drawing with no randomness, and the PNG is encoded by
make_tiles' encoder (no timestamps, fixed zlib level), so running the script twice gives
the same bytes.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "figures"
CELL = 176  # pixels per template on a sheet
RADIUS = 28  # a man's base radius on a sheet, in pixels (the board at zoom 1.1 or so)
COLUMNS = 8
BLUE, RED = (52, 110, 220), (210, 52, 48)
PAPER = (226, 216, 190, 255)


os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _imports() -> None:
    for p in (str(ROOT), str(HERE)):
        if p not in sys.path:
            sys.path.insert(0, p)


def rulesets() -> list[Any]:
    """Every ruleset to draw: the registered ones, then any in rules/systems not yet
    registered; by id."""
    _imports()
    import rules.systems
    from rules.engine import rulesets as registered

    found = {rs.id: rs for rs in registered()}
    for mod in pkgutil.iter_modules(rules.systems.__path__):
        if not mod.ispkg:
            continue
        try:
            rs = importlib.import_module(f"rules.systems.{mod.name}.ruleset").RULESET
        except (ImportError, AttributeError):
            continue
        found.setdefault(rs.id, rs)
    return [found[k] for k in sorted(found)]


def templates(ruleset: Any) -> list[str]:
    return list(getattr(ruleset.tables(), "units", {}))


def _cell(sheet: Any, facts: Any, colour: tuple[int, int, int], pose: str, angle: float,
          at: tuple[int, int], sprites: Any, radius: float = RADIUS) -> None:
    found = sprites.turned(facts, colour, pose, radius, angle)
    if found is not None:
        pic, dx, dy = found
        sheet.blit(pic, (at[0] - dx, at[1] - dy))


def ruleset_sheet(ruleset: Any) -> Any:
    import pygame

    from game.render.figure_facts import template_facts
    from game.render.figure_sprites import FigureSprites

    keys = templates(ruleset)
    rows = -(-len(keys) // COLUMNS)
    sheet = pygame.Surface((COLUMNS * CELL, rows * CELL * 2), pygame.SRCALPHA)
    sheet.fill(PAPER)
    sprites = FigureSprites()
    for i, key in enumerate(keys):
        facts = template_facts(ruleset, key)
        x = (i % COLUMNS) * CELL + CELL // 2
        y = (i // COLUMNS) * CELL * 2
        _cell(sheet, facts, BLUE, "stand", 0.0, (x, y + CELL * 3 // 5), sprites)
        _cell(sheet, facts, RED, "stand", 180.0, (x, y + CELL * 7 // 5), sprites)
    return sheet


def states_sheet() -> Any:
    import dataclasses

    import pygame

    from game.render.figure_facts import FigureFacts
    from game.render.figure_sprites import FigureSprites

    spear = FigureFacts(armour="mail", helm=True, weapon="spear", shield="medium")
    knight = FigureFacts(armour="plate", helm=True, weapon="lance", shield="medium",
                         mounted=True)
    row = [(spear, "stand", a) for a in (0, -60, -120, 180, 120, 60)]
    row += [(spear, "lying", 0), (spear, "dead", 0),
            (dataclasses.replace(spear, weapon="none", disarmed="spear"), "stand", 0),
            (dataclasses.replace(spear, shield="", shield_broken=True), "stand", 0),
            (knight, "stand", 0),
            (dataclasses.replace(knight, mounted=False, unhorsed=True), "stand", 0)]
    sheet = pygame.Surface((len(row) * CELL, CELL * 3 // 2), pygame.SRCALPHA)
    sheet.fill(PAPER)
    sprites = FigureSprites()
    for i, (facts, pose, angle) in enumerate(row):
        _cell(sheet, facts, BLUE, pose, float(angle), (i * CELL + CELL // 2, CELL * 3 // 4),
              sprites)
    return sheet


def build() -> dict[str, bytes]:
    """Every file this script makes: path under assets/ -> bytes."""
    _imports()
    import pygame
    from make_tiles import encode_png

    pygame.display.init()
    files = {f"figures/{rs.id}.png": encode_png(ruleset_sheet(rs)) for rs in rulesets()}
    files["figures/states.png"] = encode_png(states_sheet())
    files["figures/ABOUT.txt"] = (
        f"Drawn by assets/make_figures.py with pygame-ce {pygame.version.ver}. Do not edit: "
        "change the code in game/render/figure_*.py and run the script.\n").encode()
    return files


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    files = build()
    for n, data in files.items():
        path = out / Path(n).name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
