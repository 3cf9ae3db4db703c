"""Text from the rules as pygame-gui HTML, in glyphs the bundled font can draw.

pygame-gui's Noto Sans has no arrows or comparison signs, and draws a box where the rules'
narrations say "1d8 rolls 4 → 4 damage" or "HC ≥ 13"; those few are spelled in ASCII here.
"""

from __future__ import annotations

import html
from fractions import Fraction

# Glyphs the rules' texts use that pygame-gui's Noto Sans lacks (tests/ui check the rest).
_UNDRAWABLE = str.maketrans({"→": "->", "≥": ">=", "≤": "<="})


def escape(text: str) -> str:
    """`text` escaped for pygame-gui HTML, every glyph one the UI font can draw."""
    return html.escape(text.translate(_UNDRAWABLE))


__all__ = ["escape"]


def pct(p: Fraction | float) -> str:
    """A chance as a percentage: one decimal, never rounded to a false certainty (a chance
    of 99.97% is ">99.9%", not "100.0%")."""
    value = float(p) * 100
    if 0 < value < 0.05:
        return "<0.1%"
    if 99.95 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


def moment_html(text: str) -> str:
    """The moment's line (`Ruleset.moment`: what the player is asked now and why) as its box
    above the buttons shows it: bright, so it reads before the buttons; "" for none."""
    return f"<font color='#ffe6a8'>{escape(text)}</font>" if text else ""
