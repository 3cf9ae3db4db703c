"""Initiative by sides (ZEF-19 [GM]): one d10 a side, its best rating, and a weapon's bonus
only when everyone of the side who strikes uses the same weapon."""

from rules.systems.zefrs.events import InitiativeRolled
from tests.zefrs.helpers import begin, declare, only, zef


def test_each_side_rolls_once_and_its_figures_act_together() -> None:
    """The duelists (best rating 6, both with rapiers: +1) roll 3 → 10; the guard and the
    halberdier (best 2, different weapons: no bonus) roll 9 → 11 and act first."""
    sc = zef(initiative_by="sides").side("pcs", True).side("foes")
    sc.unit("a", "duelist", "pcs", (0, 0), facing=0)
    sc.unit("a2", "duelist", "pcs", (0, 1), facing=0)
    sc.unit("b", "guard", "foes", (1, 0), facing=3)
    sc.unit("b2", "halberdier", "foes", (1, 1), facing=3)
    st = begin(sc)
    st, _ = declare(st, a="fight:b:chest", a2="fight:b2:chest")
    st, ev = declare(st, 3, 9, 99, 99, 99, 99, b="fight:a:chest", b2="fight:a2:chest")
    ini = only(ev, InitiativeRolled)
    assert ini.order == ("b", "b2", "a", "a2")
    assert set(ini.entries) == {("a", 3, 6, 1), ("a2", 3, 6, 1), ("b", 9, 2, 0),
                                ("b2", 9, 2, 0)}
