"""Enchanted Realms' own bundled scenario, the bowman at the door (issue 25).  That every
bundled hex map plays under Enchanted Realms (R-ER-TEMPLATES) is tests/test_ruleset_maps.py,
one test over the registry's rulesets."""

from game.content import load_setup
from rules.engine import decider, legal_commands, start, submit
from tests.bundled_maps import MAPS

DOOR = MAPS / "the_bowman_at_the_door.tmx"


def test_the_bowman_at_the_door_is_an_enchanted_realms_scenario() -> None:
    """Issue 25: the bundled door a bowman covers at the ready (ER-11), with the idol that
    wins behind the orcs (R-ER-DEED) and a potion on the heroes' side (R-ER-PICK-UP), both
    drawn on the board (`hex_markers`)."""
    from game.maps import load_map
    from rules.commands import Choose, Pass
    from rules.engine import ruleset_of

    setup, _ = load_setup(DOOR, seed=3)
    assert setup.ruleset == "enchanted_realms"
    state, _ = start(setup)
    marks = {m.name: m for m in ruleset_of(state).hex_markers(state)}
    assert set(marks) == {"Idol", "Healing potion"}
    assert "wins the battle" in marks["Idol"].note
    door = load_map(DOOR).hex_at(6, 4)
    assert state.board.passable(door)
    assert not any(state.board.passable(h) for h in (load_map(DOOR).hex_at(6, 3),
                                                     load_map(DOOR).hex_at(6, 5)))
    for _ in range(10):  # everyone before the bowman passes
        if getattr(state.top, "unit", "") == "h1":  # Wenna the bowman
            break
        state, _ = submit(state, Pass(unit=state.top.unit))  # type: ignore[attr-defined]
    door_trigger = f"ready:enter:{door.q},{door.r}"
    assert ruleset_of(state).check(state, Choose(unit="h1", option=door_trigger)) is None
    offered = [c.option for c in legal_commands(state) if isinstance(c, Choose)
               and c.option.startswith("ready:enter:")]
    assert offered[0] == door_trigger  # the doorway first (R-ER-READY-MENU)


def test_the_computer_fights_the_door_to_its_end() -> None:
    """Both sides played by the tactician: the battle ends (a side down or the idol worked)
    and the heroes' computer sets triggers at the ready (ER-11)."""
    from game.ai import make_controller
    from rules.commands import Choose

    setup, _ = load_setup(DOOR, seed=5)
    state, _ = start(setup)
    players = {"heroes": make_controller("tactician", 0), "orcs": make_controller("tactician", 1)}
    readied = 0
    for _ in range(3000):
        side = decider(state)
        if side is None:
            break
        c = players[side].decide(state, side, legal_commands(state, side))
        readied += isinstance(c, Choose) and c.option.startswith("ready:")
        state, _ = submit(state, c)
    assert state.outcome is not None and readied > 0
