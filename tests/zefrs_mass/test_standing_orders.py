"""The order a unit would take by its kind and place, offered first on the order panel
(R-ZEF-MASS-STANDING; ZEF-66: every unit gets an order each round, and the text names no
default): bowmen shoot when an enemy is in their reach and hold otherwise, reserves hold,
a line unit attacks the enemy next to it and holds when none is.  Each is a legal order, so
giving it as it stands never fails."""

from __future__ import annotations

from rules.commands import Declare
from rules.engine import legal_commands, submit
from rules.systems.zefrs.mass.events import mass_frame, waiting_for_orders
from rules.systems.zefrs.mass.orders import MassLead, MassOrder, square_key
from rules.systems.zefrs.mass.standing import is_reserve, standing_order
from tests.zefrs_mass.helpers import army, begin, unit


def _said(order: MassOrder) -> tuple[str, int, str, str]:
    return order.order, order.facing, order.to, order.target


def test_bowmen_in_reserve_with_nobody_in_reach_hold_and_do_not_attack():
    """The Bossonian bows behind the pikes, the enemy three squares off (longbow: 2 squares,
    R-ZEF-MASS-SHOOT): they hold where they stand, facing as they do (ZEF-67)."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=120),
                    unit("bows", "a", "archers", (2, 5), 0, fighters=60, slot="reserve"),
                    unit("picts", "b", "tribesmen", (2, 2), 2, fighters=100)))
    assert _said(standing_order(st, "bows")) == ("defend", 0, "", "")


def test_bowmen_with_an_enemy_in_reach_shoot_at_the_nearest():
    """ZEF-68: missile troops shoot at an enemy unit not next to them, within reach; the
    nearest is the one they would choose (ties by name)."""
    st = begin(army(unit("bows", "a", "archers", (2, 4), 0, fighters=60),
                    unit("near", "b", "tribesmen", (2, 2), 2, fighters=100),
                    unit("far", "b", "tribesmen", (0, 2), 2, fighters=100)))
    assert _said(standing_order(st, "bows")) == ("shoot", 0, "", "near")


def test_bowmen_an_enemy_has_reached_hold_and_face_him():
    """An enemy next to them: they cannot shoot at him (ZEF-68) and a bow unit does not go
    into melee: it holds, turned to face him."""
    st = begin(army(unit("bows", "a", "archers", (2, 4), 0, fighters=60),
                    unit("picts", "b", "tribesmen", (3, 4), 3, fighters=100)))
    assert _said(standing_order(st, "bows")) == ("defend", 1, "", "")


def test_a_reserve_behind_a_friend_holds():
    """Reserves hold: one placed in the rear rank, or one standing behind a friend it
    faces though the scenario called it nothing."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=120),
                    unit("spears", "a", "spearmen", (2, 5), 0, fighters=80),
                    unit("horse", "a", "cavalry", (1, 5), 0, fighters=40, slot="reserve"),
                    unit("picts", "b", "tribesmen", (2, 3), 2, fighters=100)))
    assert is_reserve(st, st.unit("spears")) and is_reserve(st, st.unit("horse"))
    assert not is_reserve(st, st.unit("pikes"))
    assert _said(standing_order(st, "spears")) == ("defend", 0, "", "")
    assert _said(standing_order(st, "horse")) == ("defend", 0, "", "")


def test_a_line_unit_attacks_what_it_faces_else_turns_to_a_flank():
    """ZEF-64: a unit attacks only the enemy it faces; with one ahead it attacks it, with
    one only at its flank it turns to it, and with nobody next to it it holds (ZEF-67)."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=120),
                    unit("legion", "a", "legionaries", (0, 4), 0, fighters=80),
                    unit("horse", "a", "cavalry", (4, 5), 0, fighters=40),
                    unit("ahead", "b", "tribesmen", (2, 3), 2, fighters=100),
                    unit("flank", "b", "tribesmen", (1, 4), 1, fighters=100)))
    assert _said(standing_order(st, "pikes")) == ("attack", 0, "", "")  # ahead, not the flank
    assert _said(standing_order(st, "legion")) == ("attack", 1, "", "")  # turns east
    assert _said(standing_order(st, "horse")) == ("defend", 0, "", "")  # nobody in reach


def test_the_standing_order_is_always_a_legal_one():
    """Every unit waiting for its order, round after round while both sides give the
    standing orders and their commanders stay: each order offered first is one of those the
    rules offer."""
    st = begin(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=120),
                    unit("bows", "a", "archers", (2, 5), 0, fighters=60, slot="reserve"),
                    unit("horse", "a", "cavalry", (1, 4), 0, fighters=60),
                    unit("picts", "b", "tribesmen", (2, 2), 2, fighters=100),
                    unit("pbows", "b", "bowmen", (3, 2), 2, fighters=60),
                    unit("wolves", "b", "tribesmen", (2, 1), 2, fighters=80, slot="reserve"),
                    seed=3))
    checked = 0
    for _ in range(200):
        f = mass_frame(st)
        if f is None or f.actor is None:
            break
        legal = legal_commands(st, f.actor)
        if f.step == "orders":
            uid = waiting_for_orders(st, f.actor)[0]
            u = st.unit(uid)
            if isinstance(next(c for c in legal if getattr(c, "unit", "") == uid), MassLead):
                cmd = MassLead(unit=uid, to=square_key(u.pos))
            else:
                cmd = standing_order(st, uid)
                assert cmd in legal
                checked += 1
        else:
            cmd = next(c for c in legal if isinstance(c, Declare))
        st, _ = submit(st, cmd)
    assert checked >= 10
