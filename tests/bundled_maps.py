"""The bundled maps every skirmish ruleset must play: each hex map under maps/ (lessons
included), but not the tournament field (the joust, a mode of Fallen Empire's text), the
mass battles' grids in maps/mass/ (a mode of ZeFRS's), chases (maps/*chase*.tmx, a mode of
Enchanted Realms'), nor a map that sets its own ruleset's GM options (`option.<key>`: the
Enchanted Realms door's idol), which another ruleset refuses (R-FLANK-FOREIGN-OPTION); those
are played in their own ruleset's tests."""

from __future__ import annotations

from pathlib import Path

MAPS = Path(__file__).resolve().parents[1] / "maps"


def skirmish_maps() -> list[str]:
    """Paths relative to maps/, sorted, for test ids a reader recognises."""
    return sorted(p.relative_to(MAPS).as_posix() for p in MAPS.rglob("*.tmx")
                  if p.name != "tournament.tmx" and "chase" not in p.stem
                  and "mass" not in p.relative_to(MAPS).parts
                  and 'name="option.' not in p.read_text(encoding="utf-8"))
