"""A mass battle saved before the leaders declared their duels (Flank at 44daeb1: one blow
each at the chest, initiative without the fighters' ratings; R-ZEF-MASS-DUEL) still
replays, and played on it is refused in one line at its first duel, offering to load the
battle up to the step before it.  The save was written by `flank simulate
maps/mass/pikes_and_horse.tmx --players greedy,greedy --games 1` at that commit."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.saves import SaveDiverges, load_save
from rules.systems.zefrs.mass.events import MassDuel, mass_frame

OLD = Path(__file__).parent / "saves" / "before_declared_duels.flank"


def test_an_old_mass_save_still_replays_its_recorded_duel():
    loaded = load_save(OLD)
    assert any(isinstance(e, MassDuel) for e in loaded.events)
    assert loaded.state.outcome is not None


def test_played_on_an_old_mass_save_is_refused_in_one_line_at_its_first_duel():
    with pytest.raises(SaveDiverges) as caught:
        load_save(OLD, verify=True)
    problem = caught.value
    assert "\n" not in str(problem)
    assert "step 6" in str(problem) and problem.up_to == 5
    good = problem.good
    assert mass_frame(good.state).step == "orders"  # the battle up to its last order
