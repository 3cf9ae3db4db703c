"""Folding a save makes the states the plain fold made (issue 36 item 4, replay at JSON speed).

The fold got cheaper in three ways: `rules.state.changed` reads a record's fields in one call
and passes them by position (the evolvers use it where they used `dataclasses.replace`); a
unit is put back in `Battle.units` by its place, found once; and `engine.evolve` counts the
event in the state its evolver has just made, when nobody else holds that state yet, rather
than making a second state per event.  The plain fold is kept here as the reference: each
evolver's result copied by `dataclasses.replace` with the counters moved on.  On the bundled
save, on saves of random games under every ruleset written here, every state along the way
is the reference's, no state once made changes afterwards (the count in place never touches
a state someone holds), and the saves written here still load and verify against the
hashes recorded.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.saves import load_save
from rules.engine import catalogue, evolve
from rules.events import Event, evolver_for
from rules.state import Battle, changed, state_hash
from tests.saves.helpers import saved_battle

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(ROOT.glob("tests/**/saves/*.flank"))
RULESETS = [rid for rid, _, _ in catalogue()]


def plain_evolve(state: Battle, event: Event) -> Battle:
    """`engine.evolve` as it was: the evolver, then a second state with the counters on."""
    fn = evolver_for(state.ruleset, type(event))
    assert fn is not None
    new = fn(state, event)
    return dataclasses.replace(new, dice_counter=new.dice_counter + len(event.rolls),
                               events_applied=new.events_applied + 1)


def assert_folds_alike(initial: Battle, events: list[Event] | tuple[Event, ...]) -> Battle:
    fast, plain = initial, initial
    kept: list[tuple[Battle, str]] = []
    for e in events:
        fast, plain = evolve(fast, e), plain_evolve(plain, e)
        assert fast == plain, e.type
        kept.append((fast, state_hash(fast)))
    for i, (state, digest) in enumerate(kept):  # nothing made earlier changed later
        assert state_hash(state) == digest, f"the state after event {i} changed afterwards"
    return fast


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name for p in BUNDLED])
def test_the_bundled_saves_fold_as_the_plain_fold(path: Path) -> None:
    """Saves written by older Flank (the bundled one predates a change of ZeFRS's rules, so
    it folds and matches its last recorded hash, but is not decided again the same way)."""
    loaded = load_save(path)
    final = assert_folds_alike(loaded.initial, loaded.events)
    assert final == loaded.state


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_saved_random_game_folds_as_the_plain_fold(ruleset: str, tmp_path: Path) -> None:
    from rules.scenarios import demo_setup

    path = tmp_path / f"{ruleset}.flank"
    tm, writer = saved_battle(path, demo_setup(ruleset, seed=3), steps=150, seed=3)
    writer.close()
    loaded = load_save(path)
    assert assert_folds_alike(loaded.initial, loaded.events) == tm.state
    assert load_save(path, verify=True).state == tm.state


def test_an_event_makes_one_state_not_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """Folding a unit's damage makes the new state once (the unit put back), not a second
    time to count the event: no per-event work beyond what the event changes."""
    from rules.engine import start
    from rules.scenarios import demo_setup

    state, _ = start(demo_setup("fallen_empire", seed=1))
    made: list[int] = []
    real = Battle.remade

    def counting(self: Battle, **kw: object) -> Battle:
        made.append(1)
        return real(self, **kw)  # type: ignore[arg-type]

    from rules.events import UnitDamaged

    unit = next(u for u in state.units if u.pos is not None and u.hp > 1)
    monkeypatch.setattr(Battle, "remade", counting)
    after = evolve(state, UnitDamaged(unit=unit.id, amount=1, hp_after=unit.hp - 1))
    assert after.unit(unit.id).hp == unit.hp - 1 and after.events_applied == \
        state.events_applied + 1
    assert len(made) == 1


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.data())
def test_changed_is_dataclasses_replace_for_every_record_of_a_save(data: st.DataObject) -> None:
    """`changed` against `dataclasses.replace` on the units, frames and ruleset data of the
    bundled save, with any of their fields given new values (their own or another's)."""
    loaded = load_save(BUNDLED[0])
    state = loaded.state
    records = [*state.units, *state.stack, state]
    if state.system is not None:
        records.append(state.system)
    rec = data.draw(st.sampled_from(records))
    names = [f.name for f in dataclasses.fields(rec) if f.init]
    chosen = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=4))
    donor = data.draw(st.sampled_from([r for r in records if type(r) is type(rec)]))
    changes = {n: getattr(donor, n) for n in chosen}
    assert changed(rec, **changes) == dataclasses.replace(rec, **changes)
    with pytest.raises(TypeError):
        changed(rec, no_such_field=1)


def test_checking_a_hash_renders_the_field_that_changed_not_the_whole_unit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-deciding a save hashes every state (`StateHasher`): a unit whose hit points
    changed is rendered from the texts of the unit it was made from, its other fields
    not rendered again, and the hash is still `state_hash`'s."""
    from game.saves.hashing import StateHasher
    from rules.engine import start
    from rules.events import UnitDamaged
    from rules.scenarios import demo_setup

    state, _ = start(demo_setup("fallen_empire", seed=1))
    hasher = StateHasher()
    assert hasher(state) == state_hash(state)
    unit = next(u for u in state.units if u.pos is not None and u.hp > 1)
    after = evolve(state, UnitDamaged(unit=unit.id, amount=1, hp_after=unit.hp - 1))
    rendered: list[object] = []
    real = StateHasher._value

    def counting(self: StateHasher, value: object) -> str:
        rendered.append(value)
        return real(self, value)

    monkeypatch.setattr(StateHasher, "_value", counting)
    assert hasher(after) == state_hash(after)
    fields = [f for f in dataclasses.fields(unit) if f.compare]
    own = [v for v in rendered if any(v is getattr(after.unit(unit.id), f.name)
                                      for f in fields) and not isinstance(v, Battle)]
    assert len(own) <= 2, own  # the hit points (and nothing else of his) rendered again
