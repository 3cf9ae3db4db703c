"""The computer plays Enchanted Realms through the generic API (game.ai, its hooks in
game/ai/enchanted_realms.py): a whole battle to its end, a second attack struck whenever the
skill allows (ER-06), the sword drawn when a foe comes up to a bowman (ER-17), and triggers
set at the ready (ER-11)."""

from game.ai import make_controller
from rules.commands import Attack, Cast, Choose
from rules.engine import decider, legal_commands, ruleset_of, start, submit
from tests.enchanted_realms.helpers import begin, duel


def _decide(st, spec: str = "tactician"):
    side = decider(st)
    assert side is not None
    return make_controller(spec, 1).decide(st, side, legal_commands(st))


def test_the_tactician_fights_the_sample_battle_to_its_end_and_sets_triggers() -> None:
    """ER-11: at the ready is one of the things the computer does with its action."""
    st, _ = start(ruleset_of("enchanted_realms").sample_setup("skirmish", 0))
    players = {"heroes": make_controller("tactician", 0), "orcs": make_controller("tactician", 1)}
    readied = 0
    for _ in range(3000):
        side = decider(st)
        if side is None:
            break
        c = players[side].decide(st, side, legal_commands(st))
        readied += isinstance(c, Choose) and c.option.startswith("ready:")
        st, _ = submit(st, c)
    assert st.outcome is not None and readied > 0


def test_the_computer_strikes_with_a_shield_blitz_when_it_can() -> None:
    """ER-06: the second attack only adds, so the sellsword always follows with his shield."""
    st = begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    c = _decide(st)
    assert isinstance(c, Attack) and c.options == ("shield_blitz",)


def test_a_bowman_with_a_foe_beside_him_draws_his_sword() -> None:
    """ER-17: the bow is no use at arm's length; the sword costs 10 feet."""
    st = begin(duel(("a", "archer", (0, 0)), ("b", "orc", (1, 0))), 15, 3)
    assert _decide(st) == Choose(unit="a", option="draw")


def test_the_medic_tends_a_dropped_friend_beside_him() -> None:
    """ER-02, R-ER-DOWN: bringing a friend back into the fight comes before anything else."""
    from rules.builder import Scenario

    sc = Scenario("enchanted_realms", radius=6).side("pcs", True).side("foes")
    sc.unit("a", "cleric", "pcs", (0, 0))
    sc.unit("f", "fighting_man", "pcs", (1, 0), hp=-1, status="down", condition="dropped")
    sc.unit("b", "orc", "foes", (4, 0), facing=3)
    st = begin(sc, 15, 3)
    assert _decide(st) == Cast(unit="a", spell="field_medicine", target="f")
