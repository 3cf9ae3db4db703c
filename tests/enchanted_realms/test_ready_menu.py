"""The trigger builder's menu (R-ER-READY-MENU, issue 25 item 4): the triggers the rules
offer, grouped by the kind of "if" in the order a player meets them, nothing else mixed in,
and none lost."""

from game.ready_menu import HEADINGS, groups, heading
from rules.commands import Choose
from rules.engine import legal_commands
from tests.enchanted_realms.helpers import begin, er


def test_every_trigger_offered_is_in_its_group_in_order() -> None:
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (0, 0)).unit("bob", "fighting_man", "pcs", (-1, 0))
    sc.unit("b", "orc", "foes", (6, 0), facing=3)
    st = begin(sc, 15, 3, 10)
    legal = legal_commands(st)
    by_kind = groups(legal)
    offered = [c for c in legal if isinstance(c, Choose) and c.option.startswith("ready:")]
    assert sorted(c.option for v in by_kind.values() for c in v) == \
        sorted(c.option for c in offered)
    assert list(by_kind) == [k for k in HEADINGS if k in by_kind]
    assert {"enter", "within", "drops"} <= set(by_kind)
    assert all(c.option.startswith(f"ready:{k}:") for k, v in by_kind.items() for c in v)
    assert heading("drops") == "If a foe drops a friend…"
