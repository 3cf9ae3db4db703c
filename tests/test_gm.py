"""The GM's hand (rules/gm.py): figures placed, moved, turned, edited and removed, and
rulings overridden, as events that replay and round-trip like any other."""

from __future__ import annotations

import pytest

from rules.commands import Attack, command_from_json
from rules.engine import IllegalCommand, UnitSpec, evolve_all, initial_state, ruleset_of
from rules.events import AttackRolled, event_from_json, event_to_json
from rules.gm import EditUnit, OverrideRuling, PlaceUnit, RelocateUnit, RemoveUnit, gm_submit
from rules.hexgrid import Hex
from rules.state import state_hash
from tests.fallen_empire.helpers import act, begin, declare, fe, mods, only, to_phase


def position():
    sc = (fe().side("men", True).side("orcs")
          .unit("f", "fighting_man", "men", (0, 0), facing=0)
          .unit("o", "orc", "orcs", (3, 0), facing=3))
    return sc, begin(sc)


def test_place_relocate_edit_remove_and_replay():
    sc, st = position()
    log = []
    for cmd in (PlaceUnit(unit=UnitSpec(id="p", side="men", template="pikeman", pos=(0, 2))),
                RelocateUnit(unit="o", to=(1, 0), facing=2),
                EditUnit(unit="f", changes={"weapon": "pole_arm", "shield": "", "hp": "9"}),
                RemoveUnit(unit="p")):
        st, ev = gm_submit(st, cmd)
        log += ev
        assert command_from_json(cmd.model_dump_json()) == cmd
    f = st.unit("f")
    assert (f.weapon, f.shield, f.hp) == ("pole_arm", "", 9)
    assert f.reach_ft == 10  # re-derived from the new weapon (R-POS-REACH)
    assert st.unit("o").pos == Hex(1, 0) and st.unit("o").facing == 2
    assert not st.has_unit("p")
    for e in log:
        assert event_from_json(event_to_json(e)) == e
    opening = begin(sc)
    # GM events replay onto the opening state like any others
    rebuilt = evolve_all(opening, log)
    assert state_hash(rebuilt) == state_hash(st)
    assert initial_state(sc.build()).units == opening.units


@pytest.mark.parametrize("cmd, words", [
    (PlaceUnit(unit=UnitSpec(id="o", side="orcs", template="orc", pos=(5, 0))), "already"),
    (PlaceUnit(unit=UnitSpec(id="x", side="elves", template="orc", pos=(5, 0))), "no side"),
    (PlaceUnit(unit=UnitSpec(id="x", side="orcs", template="dragon", pos=(5, 0))),
     "unknown template"),
    (PlaceUnit(unit=UnitSpec(id="x", side="orcs", template="orc", pos=(3, 0))), "taken by o"),
    (PlaceUnit(unit=UnitSpec(id="x", side="orcs", template="orc", pos=(99, 0))), "off the"),
    (RelocateUnit(unit="f", to=(3, 0), facing=0), "taken by o"),
    (RelocateUnit(unit="nobody", to=(1, 1), facing=0), "no unit"),
    (EditUnit(unit="f", changes={"wings": 2}), "no field 'wings'"),
    (EditUnit(unit="f", changes={"hp": "lots"}), "hp = 'lots'"),
    (EditUnit(unit="f", changes={"side": "orcs"}), "cannot be edited"),
    (EditUnit(unit="f", changes={"weapon": "laser"}), "not in the Fallen Empire tables"),
    (EditUnit(unit="f", changes={"weapon": "long_bow"}), "not a melee weapon"),
    (OverrideRuling(key="charge_hit", value="two"), "charge_hit"),
    (OverrideRuling(key="gravity", value=1), "no ruling 'gravity'"),
])
def test_bad_gm_commands_are_refused_with_a_reason(cmd, words):
    _, st = position()
    before = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        gm_submit(st, cmd)
    assert words in err.value.reason
    assert state_hash(st) == before


def test_an_overridden_ruling_changes_the_next_exchange():
    """The GM sets the rear-attack bonus (FE-20) to +4 for this battle: the next rear attack
    shows +4, cited as FE-20, and the odds see it too."""
    _, st = position()
    st, _ = gm_submit(st, RelocateUnit(unit="o", to=(1, 0), facing=0))  # back to the fighter
    st, ev = gm_submit(st, OverrideRuling(key="rear_hit", value=4))
    assert ev[0].narrate() == "GM ruling: rear hit is now 4."
    assert ruleset_of(st).option_values(st)["rear_hit"] == 4
    st, _ = declare(st, {"f": "melee", "o": "melee"}, initiative=(6, 1))
    st = to_phase(st, "melee", "men")
    _, ev = act(st, Attack(unit="f", target="o"), 10, 3)
    assert mods(only(ev, AttackRolled))["FE-20"] == 4


def test_dice_rulings_go_in_as_text_and_come_back_as_dice():
    _, st = position()
    st, ev = gm_submit(st, OverrideRuling(key="potion_heal", value="2d4"))
    assert ev[0].value == "2d4"
    from rules.systems.fallen_empire.units import cfg

    d = cfg(st, "potion_heal")
    assert (d.count, d.sides, d.bonus) == (2, 4, 0)


def test_an_exchange_outside_the_round_with_the_gms_own_dice():
    """The GM shows one blow: the fighter strikes the orc from behind with a 12, and again
    "what if it had been a 2" from the same position; both replay from their events."""
    from rules.engine import scripted
    from rules.events import UnitDamaged
    from rules.gm import Exchange

    _, st = position()
    st, _ = gm_submit(st, RelocateUnit(unit="o", to=(1, 0), facing=0))
    hit_state, ev = gm_submit(st, Exchange(attacker="f", target="o"), dice=scripted(12, 4))
    attack = only(ev, AttackRolled)
    assert attack.roll == 12 and attack.hit and mods(attack)["FE-20"] == 2
    assert only(ev, UnitDamaged).amount == 4
    _, ev = gm_submit(st, Exchange(attacker="f", target="o"), dice=scripted(2))
    assert not only(ev, AttackRolled).hit
    assert state_hash(evolve_all(st, gm_submit(st, Exchange(attacker="f", target="o"),
                                                dice=scripted(12, 4))[1])) == state_hash(
        hit_state)


def test_an_exchange_may_splinter_the_shield():
    from rules.engine import scripted
    from rules.gm import Exchange

    _, st = position()
    st, _ = gm_submit(st, RelocateUnit(unit="f", to=(2, 0), facing=0))
    st2, ev = gm_submit(st, Exchange(attacker="f", target="o", options={"splinter": True}),
                        dice=scripted(19, 5))
    assert st2.unit("o").shield == "" and st2.unit("o").hp == st.unit("o").hp
    assert state_hash(evolve_all(st, ev)) == state_hash(st2)
