"""The chase is a battleground the conformance tests find, and its "track" board's invariants
(nobody on the lane twice, no pursuer past a fleeing figure, the seconds 10 to 1) can fail.
Its random chases under the engine's promises, its events through JSON and its runners
finishing the sprint are played with every other mode's in tests/test_engine_conformance.py
and tests/test_ruleset_conformance.py."""

from rules.invariants import violations
from tests.conformance.harness import Battleground, battlegrounds

GROUND = Battleground("enchanted_realms", "chase")


def test_the_chase_is_a_mode_the_conformance_tests_find() -> None:
    assert GROUND in battlegrounds()


def test_a_pursuer_past_the_thief_is_reported() -> None:
    """The track's invariant can fail: a lane with the pursuer ahead of the thief."""
    from dataclasses import replace

    from rules.engine import initial_state
    from rules.systems.enchanted_realms.chase.events import chase_frame

    st = initial_state(GROUND.setup(0))
    f = chase_frame(st)
    assert f is not None
    bad = replace(f, runners=tuple(replace(r, at=50) if r.role == "pursuer" else r
                                   for r in f.runners))
    broken = violations(st.remade(stack=(bad,)))
    assert broken and "has passed" in broken[0]
