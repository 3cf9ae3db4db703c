"""The bundled maps every skirmish ruleset must play: each hex map under maps/ (lessons
included), but not the tournament field (the joust, a mode of Fallen Empire's text), the
mass battles' grids in maps/mass/ (a mode of ZeFRS's), chases (maps/*chase*.tmx, a mode of
Enchanted Realms'), nor a map that sets its own ruleset's GM options (`option.<key>`: the
Enchanted Realms door's idol), which another ruleset refuses (R-FLANK-FOREIGN-OPTION); those
are played in their own ruleset's tests.  Asked for one ruleset, a map whose figures that
ruleset does not have (a ZeFRS lesson's Cimmerian and legionary, figures of that text alone)
is left to the rulesets that have them and to its lesson."""

from __future__ import annotations

import re
from pathlib import Path

MAPS = Path(__file__).resolve().parents[1] / "maps"


_TEMPLATE = re.compile(r'name="template" value="([^"]+)"')


def skirmish_maps(ruleset: str | None = None) -> list[str]:
    """Paths relative to maps/, sorted, for test ids a reader recognises; with `ruleset`,
    only the maps whose every figure's template that ruleset has."""
    known: set[str] | None = None
    if ruleset is not None:
        from rules.engine import ruleset_of

        known = set(ruleset_of(ruleset).templates())
    out = []
    for p in MAPS.rglob("*.tmx"):
        text = p.read_text(encoding="utf-8")
        if p.name == "tournament.tmx" or "chase" in p.stem or "mass" in p.relative_to(MAPS).parts \
                or 'name="option.' in text:
            continue
        if known is not None and not set(_TEMPLATE.findall(text)) <= known:
            continue
        out.append(p.relative_to(MAPS).as_posix())
    return sorted(out)
