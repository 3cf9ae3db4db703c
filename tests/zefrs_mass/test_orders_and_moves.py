"""Orders, movement and facing (ZEF-62..64, ZEF-66, ZEF-68, ZEF-69): before each round every
unit gets one order, sealed from the other side; a unit not in contact moves a square along
the grid and faces any way; the commander rides a square in any direction and may take a
unit over; a unit attacks only the enemy it faces, orthogonally next to it."""

import pytest

from rules.engine import IllegalCommand, legal_commands, submit
from rules.hexgrid import Hex
from rules.systems.zefrs.mass.events import (
    MassCommanderMoved,
    MassOrdered,
    MassOrdersOpened,
    MassUnitChecked,
    MassUnitMoved,
    MassWithdrew,
)
from rules.systems.zefrs.mass.orders import MassOrder
from tests.zefrs_mass.helpers import (
    WHITE,
    army,
    attack,
    begin,
    defend,
    every,
    ride,
    round_of,
    shoot,
    unit,
    withdraw,
)


def _apart():
    """Pikes at C5, riders at C3: a square between them."""
    return begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                      unit("cav", "b", "cavalry", (2, 2), 2, fighters=50)))


def test_a_unit_not_in_contact_moves_one_square_along_the_grid_and_faces_any_way():
    """ZEF-62: one square on the X or Y axis, never diagonally, then any facing."""
    st = _apart()
    goals = {c.to for c in legal_commands(st, "a") if isinstance(c, MassOrder) and c.to}
    assert goals == {"2,3", "1,4", "3,4", "2,5"}
    st, ev = round_of(st, [], pikes=defend(1, to=(3, 4)), cav=defend(2))
    moved = every(ev, MassUnitMoved)[0]
    assert (moved.unit, moved.to, moved.facing) == ("pikes", (3, 4), 1)
    assert st.unit(st.unit("pikes").leader).pos == Hex(3, 4)  # the leader goes with it


def test_orders_are_sealed_until_both_sides_have_given_them():
    """ZEF-66: each commander decides in secret; the orders are opened together."""
    st = _apart()
    st, ev = submit(st, MassOrder(unit="pikes", order="defend", facing=0))
    assert every(ev, MassOrdered)[0].secret.until == frozenset({"zef_mass_orders_opened"})
    st, ev = round_of(st, [], cav=defend(2))
    opened = every(ev, MassOrdersOpened)[0]
    assert dict(opened.orders)["pikes"] == "defend, facing north"


def test_a_unit_in_contact_cannot_move_but_may_turn_or_withdraw():
    """ZEF-62: a unit in contact must flee or withdraw to move; it may face any way."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    mine = [c for c in legal_commands(st, "a") if isinstance(c, MassOrder)]
    assert not any(c.to for c in mine)
    assert {c.facing for c in mine if c.order == "attack"} == {0, 1, 2, 3}
    assert any(c.order == "withdraw" for c in mine)
    with pytest.raises(IllegalCommand, match="must withdraw to move"):
        submit(st, MassOrder(unit="pikes", order="attack", facing=0, to="1,4"))


def test_a_unit_attacks_only_the_enemy_it_faces():
    """ZEF-64: facing is the position: pikes facing east strike nobody though the riders
    stand to their north; the riders, facing them, strike."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    # segment 1: the riders' leader attacks, the pikes' leader answers (d10s, two blows)
    st, ev = round_of(st, [5, 3, WHITE, WHITE, WHITE, WHITE, WHITE],
                      pikes=attack(1), cav=attack(2))
    assert {e.attacker for e in every(ev, MassUnitChecked)} == {"cav"}


def test_the_commander_rides_diagonally_and_takes_a_unit_over():
    """ZEF-63: one square in any direction; in a friendly unit's square he may lead it for
    the round, and it carries him when it moves; his presence gives it +1 (ZEF-80)."""
    st = begin(army(unit("pikes", "a", "pikemen", (1, 5), 0, fighters=100),
                    unit("cav", "b", "cavalry", (1, 1), 2, fighters=50)))
    st, ev = round_of(st, [], pikes=defend(0, to=(1, 4)), cav=defend(2),
                      ca=ride((1, 5), lead=True))
    assert every(ev, MassCommanderMoved)[0].leads == "pikes"
    assert st.unit("ca").pos == Hex(1, 4)  # carried along with the pikes


def test_archers_shoot_at_a_unit_they_are_not_next_to():
    """ZEF-68, R-ZEF-MASS-SHOOT: longbows reach 2 squares; the volley is a check at −1."""
    st = begin(army(unit("bows", "a", "archers", (2, 4), 0, fighters=60),
                    unit("cav", "b", "cavalry", (2, 2), 2, fighters=50)))
    targets = {c.target for c in legal_commands(st, "a")
               if isinstance(c, MassOrder) and c.order == "shoot"}
    assert targets == {"cav"}
    st, ev = round_of(st, [1, WHITE, WHITE], bows=shoot("cav", 0), cav=defend(2))
    volley = every(ev, MassUnitChecked)[0]
    assert volley.kind == "shot" and "ZEF-68" in volley.walk
    # 60 archers, red (25%) less the riders' defence: column 6 −1 −2 = 3, a 01 is red
    assert (volley.colour, volley.lost) == ("red", 15)


def test_a_withdrawing_unit_falls_back_and_the_enemy_follows_for_free():
    """ZEF-69, R-ZEF-MASS-FOLLOW."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                    unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    st, ev = round_of(st, [5, 3, WHITE, WHITE, WHITE, WHITE, WHITE],
                      pikes=withdraw(0), cav=attack(2))
    back = every(ev, MassWithdrew)[0]
    assert (back.to, back.follower, back.follower_to) == ((2, 5), "cav", (2, 4))
    assert st.unit("pikes").pos == Hex(2, 5) and st.unit("cav").pos == Hex(2, 4)
