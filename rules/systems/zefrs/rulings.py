"""ZeFRS's rulings as one battle reads them: the data file's `[config]` with the GM's and the
scenario's overrides on top (R-FLANK-OPTIONS).

Why this exists: the resolution code wants the whole `Config` (its derived values, such as
`columns_per_point`, included), not key by key; overrides are few and change rarely, so the
merged model is kept per set of overrides.
"""

from __future__ import annotations

import json

from rules.state import Battle
from rules.systems.zefrs.config import Config
from rules.systems.zefrs.tables import load_tables

__all__ = ["config_of"]

_MERGED: dict[str, Config] = {}


def config_of(state: Battle) -> Config:
    """The rulings in force in this battle."""
    base = load_tables().config
    mine = {k: v for k, v in state.options if k in Config.model_fields}
    if not mine:
        return base
    key = json.dumps(mine, sort_keys=True, default=str)
    if key not in _MERGED:
        _MERGED[key] = Config.model_validate({**base.model_dump(), **mine}, strict=False)
    return _MERGED[key]
