"""Tarnished Tale in the GM's sandbox, in a player's words, and in the sample battle the
conformance tests and the demo play (R-TT-TEMPLATES)."""

from game.sandbox import Sandbox
from rules.commands import Attack, Choose
from rules.engine import ruleset_of, scripted, start, submit
from rules.systems.tarnished_tale.events import ContestRolled
from rules.systems.tarnished_tale.ruleset import RULESET
from rules.wording import Words
from tests.tarnished_tale.helpers import begin, duel


def test_the_sandbox_steps_through_and_rolls_a_contest_under_the_sensible_defence():
    """TT-06, R-TT-AI: the step-through shows every defence; rolled, the orc sponges (his
    leather takes 8 - 2 = 6, soaking its 5 HP: TT-21, TT-22)."""
    sb = Sandbox(duel("fighting_man", "orc").build())
    view = sb.exchange_steps("a", "d")
    assert view.needed == 55 and any("Sponge" in n for n in view.notes)
    rolled = sb.roll_exchange("a", "d", dice=[30, 50, 6])
    fought = next(e for e in rolled.events if isinstance(e, ContestRolled))
    assert fought.defence == "sponge" and fought.armour_loss == 5 and fought.to_defender == 1


def test_the_same_exchange_is_compared_under_every_ruleset():
    sb = Sandbox(duel("fighting_man", "orc").build())
    rows = sb.compare_rulesets("a", "d")
    assert any(r.cells()[0] == "Tarnished Tale" and r.odds is not None for r in rows)


def test_the_buttons_say_each_defence_with_its_odds():
    """TT-06: the defender's buttons carry the chance to be hit and the damage he takes."""
    st = begin(duel("fighting_man", "orc"))
    st, _ = submit(st, Attack(unit="a", target="d"), scripted())
    said = RULESET.word_command(st, Choose(unit="d", option="dodge"), Words.of(st))
    assert said is not None and said.startswith("Dodge: hit 44%")


def test_the_sample_battle_sets_up_with_tony_amy_and_their_friends():
    setup = ruleset_of("tarnished_tale").sample_setup("skirmish", 3)
    assert setup is not None
    state, _ = start(setup)
    names = {u.name for u in state.units}
    assert {"Tony", "Amy"} <= names and len({u.side for u in state.units}) == 2


def test_the_computer_plays_a_battle_to_its_end():
    """R-TT-TURN, R-TT-AI: two computer players finish the sample battle."""
    from game.ai.players import GreedyAI, Tactician
    from rules.engine import decider, legal_commands

    setup = ruleset_of("tarnished_tale").sample_setup("skirmish", 1)
    assert setup is not None
    state, _ = start(setup)
    players = {"watch": Tactician(seed=1), "bandits": GreedyAI(seed=2)}
    for _ in range(3000):
        side = decider(state)
        if side is None:
            break
        cmd = players[side].choose(state, side, legal_commands(state, side))
        assert cmd is not None
        state, _ = submit(state, cmd)
    assert state.outcome is not None
    assert not players["watch"].errors and not players["bandits"].errors
