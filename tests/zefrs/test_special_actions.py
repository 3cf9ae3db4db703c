"""Wrestling, the rush and the shield bash (ZEF-27..30; R-ZEF-WRESTLE, R-ZEF-RUSH,
R-ZEF-STAND), and fighting from the ground (ZEF-41)."""

from rules.commands import Declare
from rules.engine import legal_commands
from rules.events import UnitDamaged, UnitStepped
from rules.hexgrid import Hex
from rules.systems.zefrs.events import ActionDone, ZefAttackRolled
from rules.systems.zefrs.special import KnockedDown, ManoeuvreRolled, StoodUp
from tests.zefrs.helpers import begin, declare, duel, every, only, zef

ESMIS = {"name": "Esmis", "general_fighting": 2, "wrestling": 5, "strength": 7}


def _cellar() -> object:
    return begin(duel(("esmis", "thief", (0, 0)), ("warrior", "guard", (1, 0)), a_over=ESMIS))


def test_esmis_sweeps_the_warriors_feet() -> None:
    """EX-ZEF-07 / ZEF-27: Wrestling 5 − Movement 2 = column 3; 27 is orange: the warrior
    goes down (R-ZEF-WRESTLE) and, short of red, takes no damage."""
    st = _cellar()
    st, _ = declare(st, esmis="wrestle:warrior")
    st, ev = declare(st, 5, 27, warrior="defend")
    check = only(ev, ManoeuvreRolled)
    assert (check.rating, check.subtracted, check.column, check.colour) == (5, 2, 3, "orange")
    assert only(ev, KnockedDown).unit == "warrior" and not every(ev, UnitDamaged)
    assert st.unit("warrior").knocked_down


def test_a_red_grapple_hurts_one_point_and_the_strength_bonus() -> None:
    """ZEF-27: red does 1 + Strength Bonus (Strength 24: +2), whatever the armour."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    st, _ = declare(st, a="wrestle:b")
    st, ev = declare(st, 5, 3, b="defend")
    assert only(ev, UnitDamaged).amount == 3


def test_down_he_fights_from_below_and_gets_up_as_his_action() -> None:
    """ZEF-41: a fallen man strikes 2 columns left and is struck 2 columns right;
    R-ZEF-STAND: getting up is his action, and he cannot walk off while down."""
    st = _cellar()
    st, _ = declare(st, esmis="wrestle:warrior")
    st, _ = declare(st, 5, 27, warrior="defend")
    actions = {c.action for c in legal_commands(st, "pcs") if isinstance(c, Declare)}
    st, _ = declare(st, esmis="fight:warrior:chest")
    mine = {c.action for c in legal_commands(st, "foes") if isinstance(c, Declare)}
    assert "stand" in mine and not any(a.startswith(("move:", "rush:")) for a in mine)
    assert "stand" not in actions
    st, ev = declare(st, 5, 5, 99, 99, warrior="fight:esmis:chest")
    mine_blow, his_blow = every(ev, ZefAttackRolled)
    assert [(m.value, m.rule) for m in mine_blow.shifts] == [(2, "ZEF-41")]
    assert [(m.value, m.rule) for m in his_blow.shifts] == [(-2, "ZEF-41")]
    st, _ = declare(st, esmis="defend")
    st, ev = declare(st, 5, warrior="stand")
    assert only(ev, StoodUp).unit == "warrior" and not st.unit("warrior").knocked_down


def test_a_shield_bash_knocks_down_only_on_red() -> None:
    """ZEF-30: General Fighting 4 − Movement 3 = column 1; orange does nothing, red knocks
    him down; never damage."""
    st = begin(duel(("a", "legionary", (0, 0)), ("b", "bandit", (1, 0))))
    st, _ = declare(st, a="bash:b")
    st, ev = declare(st, 5, 20, b="defend")
    assert only(ev, ManoeuvreRolled).column == 1 and not every(ev, KnockedDown)
    st, _ = declare(st, a="bash:b")
    st, ev = declare(st, 5, 5, b="defend")
    assert only(ev, KnockedDown).unit == "b" and not every(ev, UnitDamaged)


def _rush_line() -> object:
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a", "cimmerian", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (2, 0), facing=3)
    sc.unit("c", "guard", "foes", (1, 0), facing=3)
    return begin(sc)


def test_a_rush_goes_through_everyone_in_its_line() -> None:
    """ZEF-28, ZEF-29 (R-ZEF-RUSH): Movement 6 − 2 = column 4. The guard in the way is
    rushed too (20, orange: through, and he strikes as the rusher passes); the target is
    bowled over (05, red) and can do nothing else this turn. The rusher lands beyond."""
    st = _rush_line()
    st, _ = declare(st, a="rush:b")
    st, ev = declare(st, 9, 1, 20, 99, 5, b="defend", c="fight:a:chest")
    checks = every(ev, ManoeuvreRolled)
    assert [(e.target, e.column, e.colour) for e in checks] == [("c", 4, "orange"),
                                                                 ("b", 4, "red")]
    assert only(ev, ZefAttackRolled).attacker == "c"  # his blow as the rusher passed
    assert st.unit("a").pos == Hex(3, 0) and len(every(ev, UnitStepped)) == 3
    assert st.unit("b").knocked_down and not every(ev, UnitDamaged)
    assert any(isinstance(e, ActionDone) and e.unit == "b" for e in ev)


def test_a_white_rush_leaves_the_rusher_on_the_ground() -> None:
    """ZEF-29: white, the rush fails and he is knocked down where he stands."""
    st = _rush_line()
    st, _ = declare(st, a="rush:b")
    st, ev = declare(st, 9, 1, 90, 99, b="defend", c="fight:a:chest")
    assert only(ev, KnockedDown).unit == "a" and st.unit("a").pos == Hex(0, 0)


def test_striking_down_from_higher_ground() -> None:
    """ZEF-41: "atop a wall, or otherwise at a higher elevation": the man on the rise
    strikes 2 columns right, the one below 2 columns left."""
    sc = zef().side("pcs", True).side("foes")
    sc.unit("a", "guard", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (1, 0), facing=3)
    sc.terrain((0, 0), "rise", elevation=1)
    st = begin(sc)
    st, _ = declare(st, a="fight:b:chest")
    st, ev = declare(st, 9, 1, 99, 99, b="fight:a:chest")
    high, low = every(ev, ZefAttackRolled)
    assert [(m.value, m.rule) for m in high.shifts] == [(2, "ZEF-41")]
    assert [(m.value, m.rule) for m in low.shifts] == [(-2, "ZEF-41")]
