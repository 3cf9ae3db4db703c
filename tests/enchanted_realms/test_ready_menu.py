"""The trigger builder's menu (R-ER-READY-MENU, issue 25 item 4): the triggers the rules
offer, grouped by the kind of "if" in the order a player meets them, nothing else mixed in,
and none lost."""

from game.ready_menu import HEADINGS, action_heading, by_action, groups, heading
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


def test_each_kind_splits_by_what_he_does_then() -> None:
    """R-ER-READY-ACTIONS: within a kind of "if", the attacks first, then the other
    actions, each under its own heading."""
    sc = er(deeds=("lever@0,1",)).side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (0, 0), potions=1)
    sc.unit("b", "orc", "foes", (6, 0), facing=3)
    st = begin(sc, 15, 3)
    within = by_action(groups(legal_commands(st))["within"])
    assert list(within) == ["attack", "run", "potion", "deed:lever"]
    assert all(c.option.endswith(":run") for c in within["run"])
    assert [action_heading(a) for a in within] == [
        "…he attacks the foe", "…he runs from the foe", "…he drinks a healing potion",
        "…he works the lever"]
