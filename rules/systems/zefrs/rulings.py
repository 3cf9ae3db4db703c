"""ZeFRS's rulings as one battle reads them: the data file's `[config]` with the GM's and the
scenario's overrides on top (R-FLANK-OPTIONS).

Why this exists: the resolution code wants the whole `Config` (its derived values, such as
`columns_per_point`, included), not key by key; overrides are few and change rarely, so the
merged model is kept per set of overrides.
"""

from __future__ import annotations

from rules import rulings
from rules.state import Battle
from rules.systems.zefrs.config import Config
from rules.systems.zefrs.tables import load_tables

__all__ = ["config_of"]

def config_of(state: Battle) -> Config:
    """The rulings in force in this battle."""
    return rulings.merged(load_tables().config, state.options)
