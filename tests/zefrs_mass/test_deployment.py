"""Secret deployment and the reveal (ZEF-58, ZEF-60, ZEF-61): each side divides its army into
left, centre and right and up to three reserves, in secret; then both reveal, the lines
facing each other as the text pairs them, each reserve behind a unit of its own side."""

import pytest

from rules.engine import IllegalCommand, decider, legal_commands, start, submit
from rules.hexgrid import Hex
from rules.systems.zefrs.mass.events import MassDeployed, MassRevealed, mass_frame
from rules.systems.zefrs.mass.orders import MassDeploy
from tests.zefrs_mass.helpers import army, every, unit


def _armies(**options):
    return army(unit("a-pikes", "a", "pikemen", (2, 5), 0, fighters=100),
                unit("a-horse", "a", "cavalry", (1, 5), 0, fighters=50),
                unit("a-bows", "a", "archers", (3, 5), 0, fighters=60),
                unit("a-reserve", "a", "spearmen", (2, 6), 0, fighters=80),
                unit("b-horde", "b", "tribesmen", (2, 1), 2, fighters=150),
                unit("b-bows", "b", "bowmen", (1, 1), 2, fighters=60),
                placed=False, **options)


def _deploy(state, **places):
    events = []
    for uid, place in places.items():
        state, ev = submit(state, MassDeploy(unit=uid, place=place))
        events += ev
    return state, events


def test_each_side_places_in_secret_and_the_reveal_pairs_the_lines():
    """ZEF-58, ZEF-60: A's left faces B's right, the centres each other; side A (the
    players') draws up at the south facing north, B at the north facing south; with one
    empty square between the lines (R-ZEF-MASS-DISTANCE)."""
    st, _ = start(_armies())
    assert decider(st) == "a" and all(u.pos is None for u in st.units)
    st, ev_a = _deploy(st, **{"a-pikes": "centre", "a-horse": "left", "a-bows": "right",
                              "a-reserve": "reserve:a-pikes"})
    assert decider(st) == "b"
    assert all(e.secret is not None for e in every(ev_a, MassDeployed))  # hidden from b
    assert all(st.unit(u).pos is None for u in ("a-pikes", "b-horde"))  # nothing shown yet
    st, ev_b = _deploy(st, **{"b-horde": "centre", "b-bows": "right"})
    reveal = every(ev_b, MassRevealed)[0]
    assert reveal.type in MassDeployed.secret.until
    sq = {u: st.unit(u).pos for u in ("a-pikes", "a-horse", "a-bows", "a-reserve",
                                      "b-horde", "b-bows")}
    assert sq["a-horse"].q == sq["b-bows"].q  # A's left faces B's right
    assert sq["a-pikes"].q == sq["b-horde"].q  # the centres face each other
    assert sq["a-reserve"] == Hex(sq["a-pikes"].q, sq["a-pikes"].r + 1)  # behind the centre
    assert sq["a-pikes"].r - sq["b-horde"].r == 2  # one empty square between
    assert st.unit("a-pikes").facing == 0 and st.unit("b-horde").facing == 2
    assert st.unit(st.unit("a-pikes").leader).pos == sq["a-pikes"]
    assert mass_frame(st).step == "orders" and decider(st) == "a"


def test_the_referee_sets_the_distance():
    """ZEF-61 [GM]: the lines may start in contact (gap 0) where terrain hid them."""
    st, _ = start(_armies(start_gap=0))
    st, _ = _deploy(st, **{"a-pikes": "centre", "a-horse": "left", "a-bows": "right",
                           "a-reserve": "reserve:a-pikes", "b-horde": "centre",
                           "b-bows": "left"})
    assert st.unit("a-pikes").pos.r - st.unit("b-horde").pos.r == 1


def test_a_reserve_stands_only_behind_a_line_unit_of_its_own_side():
    """ZEF-60: "each reserve unit may be positioned behind any other unit"; one a square."""
    st, _ = start(_armies())
    offered = {c.place for c in legal_commands(st, "a") if c.unit == "a-reserve"}
    assert offered == {"left", "centre", "right"}  # no line unit to stand behind yet
    st, _ = _deploy(st, **{"a-pikes": "centre"})
    offered = {c.place for c in legal_commands(st, "a") if c.unit == "a-reserve"}
    assert offered == {"left", "right", "reserve:a-pikes"}
    with pytest.raises(IllegalCommand, match="places left are"):
        submit(st, MassDeploy(unit="a-reserve", place="reserve:b-horde"))
    with pytest.raises(IllegalCommand, match="places left are"):
        submit(st, MassDeploy(unit="a-horse", place="centre"))
