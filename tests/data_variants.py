"""A ruleset's shipped data file with one line changed, as a GM editing it would: for the
tests that a bad or changed table is refused or honoured."""

from __future__ import annotations

from pathlib import Path


def data_variant(shipped: Path, tmp_path: Path, old: str, new: str) -> Path:
    """A copy of `shipped` in `tmp_path` with the one place `old` stands replaced by `new`."""
    text = shipped.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "data.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path
