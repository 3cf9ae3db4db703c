"""Back on the map after a long chase (ER-33, R-ER-CHASE-RETURN): every pursuer stands on a
hex of his own, however far off the map the lane's gap would put him.

The position that broke it (the conformance game enchanted_realms.skirmish, seed 606): the
thief outran two pursuers by so much that the point "as many hexes from him as the gap"
fell far beyond the map's edge.  The first pursuer was given the free hex nearest his point,
which was the hex the second still stood on; the second found no free hex within a dozen of
his own point and was left on his old hex, so both stood on one hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.builder import Scenario
from rules.commands import Choose
from rules.engine import decider, legal_commands, start, submit
from rules.gm import StartChase, gm_submit
from rules.hexgrid import Hex
from rules.invariants import violations
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import ChaseEnded, ChaseRunnerOut, chase_frame
from rules.systems.enchanted_realms.chase.landing import ChaseReturned
from tests.er_chase.helpers import of


@dataclass
class ByPurpose:
    """Dice named by what they are for: the chase's rolls say whose they are ("chase
    movement, hound").  Scripted faces per purpose are used first, then `then`."""

    script: dict[str, list[int]]
    then: int = 10
    made: list[int] = field(default_factory=list)  # the faces, as the engine reads them

    def d(self, sides: int, purpose: str = "") -> int:
        faces = self.script.get(purpose, [])
        value = faces.pop(0) if faces else self.then
        assert 1 <= value <= sides
        self.made.append(value)
        return value

    def sum(self, count: int, sides: int, purpose: str = "") -> int:
        return sum(self.d(sides, purpose) for _ in range(count))


def street() -> Battle:
    """A thief (100 ft) in the middle of a small square; west of him, on the line back,
    a hound (100 ft) five hexes off and a fat watchman (25 ft) on the square's edge."""
    sc = (Scenario("enchanted_realms", seed=0, radius=6).side("watch", True).side("thieves")
          .unit("hound", "wolf", "watch", (-5, 0), facing=0, walk_ft=100, name="Grip")
          .unit("watchman", "man_at_arms_spear", "watch", (-6, 0), facing=0, walk_ft=25,
                name="Fenn")
          .unit("thief", "thief", "thieves", (0, 0), facing=0, walk_ft=100, name="Jory"))
    state, _ = start(sc.build())
    return state


def test_pursuers_far_behind_come_back_each_on_a_hex_of_his_own() -> None:
    """The watchman is left behind at once (ER-33: half his 25 ft); the hound stumbles twice
    (natural 1s, ER-31) and is nine hexes back when he breaks off in the second round, the
    thief by then twenty and more up the lane.  The hound's point nine hexes west of the
    thief is off the map, nearest the watchman's hex; the watchman's, some thirty hexes
    west, is far off it.  Each comes back on a free hex of the map."""
    dice = ByPurpose({"chase movement, hound": [1, 1]})
    st, ev = gm_submit(street(), StartChase(quarries=("thief",),
                                            pursuers=("hound", "watchman")), dice)
    for _ in range(200):
        if chase_frame(st) is None:
            break
        side = decider(st)
        assert side is not None
        legal = legal_commands(st, side)
        f = chase_frame(st)
        breaking = f is not None and f.chase_round >= 2
        want = "break_off" if breaking and side == "watch" else "run"
        cmd = next(c for c in legal if isinstance(c, Choose) and c.option == want)
        st, more = submit(st, cmd, dice)
        ev += more
    assert chase_frame(st) is None
    out = {e.unit: e for e in of(ev, ChaseRunnerOut)}
    assert out["watchman"].why == "left behind"
    assert of(ev, ChaseEnded)[-1].result == "escaped"
    placed = dict(of(ev, ChaseReturned)[-1].placements)
    assert set(placed) == {"hound", "watchman"}
    assert placed["hound"] != placed["watchman"]
    assert violations(st) == []
    for who in ("hound", "watchman"):
        assert st.board.passable(st.unit(who).pos)
    # The hound, nine hexes back, stands on the map's western edge on his line back.
    assert st.unit("hound").pos == Hex(-6, 0)
