"""Fitting a column of boxes into the window's height."""

from __future__ import annotations

from collections.abc import Sequence


def stack_heights(available: int, preferred: Sequence[int], minimum: Sequence[int]
                  ) -> list[int]:
    """Heights for boxes stacked in `available` pixels: as designed when they fit, else all
    shrunk by one factor (a short window, a laptop's), none below its minimum -- a box
    that shows a few lines and scrolls the rest."""
    total = sum(preferred)
    if available >= total:
        return list(preferred)
    scale = max(0, available) / total
    return [max(lo, int(p * scale)) for p, lo in zip(preferred, minimum, strict=True)]
