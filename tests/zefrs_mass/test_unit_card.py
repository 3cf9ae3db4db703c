"""A mass unit's card and badge (issue #24, item 5): the ZeFRS card speaks of one fighter
(damage, a weapon column, armour by area), so a unit of fighters has its own: fighters now
of those at the start, how it fights, its armour value, its leader, and its order once both
sides' orders are open (ZEF-66)."""

from game.sandbox.mass import MassSandbox
from rules.engine import ruleset_of, scripted
from tests.zefrs_mass.helpers import WHITE, army, unit

GREEN_ON_5 = 60
EX_ZEF_12 = [5, 3, WHITE, WHITE] + [WHITE, GREEN_ON_5] + [WHITE] * 4


def test_the_card_of_a_unit_gives_its_fighters_armour_leader_and_order_once_open():
    """EX-ZEF-12: the armoured riders' value is 1; after the pikes' green check they are 45
    of 50 (ZEF-72..75); their order, given in secret, is on the card once opened."""
    sb = MassSandbox(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100,
                               leader_name="Sergeant Brann"),
                          unit("cav", "b", "armoured_cavalry", (2, 3), 2, fighters=50)))
    zefrs = ruleset_of(sb.state)
    before = zefrs.unit_lines(sb.state, "cav")
    assert before[0] == "Armoured horse — Armoured horse of The Nemedians"
    assert before[1] == "50 of 50 fighters, at C4, facing south"
    assert before[2] == "weapon talent 5, Will 3; fights hand to hand; mounted"
    assert before[3].startswith("armour value 1 (ZEF-74)")
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    assert not any(x.startswith("order:") for x in zefrs.unit_lines(sb.state, "cav"))
    sb.fight_round(scripted(*EX_ZEF_12))  # the orders are open from here
    assert "order: attack, facing south" in zefrs.unit_lines(sb.state, "cav")
    while sb.stages_ahead:
        sb.next_stage()
    assert zefrs.unit_lines(sb.state, "cav")[1] == "45 of 50 fighters, at C4, facing south"
    assert zefrs.unit_lines(sb.state, "pikes")[4] == "led by Sergeant Brann"
    assert zefrs.unit_badge(sb.state, "pikes") == "Pi"
    # the leaders are ZeFRS fighters and keep the skirmish's card
    assert zefrs.unit_lines(sb.state, "pikes-leader")[0].startswith("Sergeant Brann")
