"""The bundled rulesets.  Importing this package registers every one of them."""

from __future__ import annotations

from rules.systems import empress, fallen_empire  # noqa: F401

# One line per ruleset: (id, name, source text in ../shared/seeds).
CATALOGUE: tuple[tuple[str, str, str], ...] = (
    ("fallen_empire", "Fallen Empire", "004_af2ab96343bd3c66.txt — All the Fighting Rules"),
    ("empress", "Empress", "000_d264cbf8c6f036ad.txt — Empress core rules, Section 3"),
)
