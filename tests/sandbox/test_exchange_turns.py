"""Who turns to face whom in the sandbox's exchange, as each ruleset's own exchange turns
them (R-POS-FACE): the attacker as he strikes (R-FE-FACE-ATTACK, R-EMP-FACE), the defender
when he strikes back, and nobody who cannot strike back."""

from __future__ import annotations

from game.sandbox import Sandbox
from rules.hexgrid import sextant_direction
from tests.fallen_empire.helpers import fe


def facing_away() -> Sandbox:
    """Aldric looks west, away from the orc east of him; the orc looks north-east."""
    sb = Sandbox(fe().side("men", True).side("orcs").build())
    sb.place("fighting_man", "men", (0, 0), facing=3, unit_id="f", name="Aldric")
    sb.place("orc", "orcs", (1, 0), facing=1, unit_id="o", name="Gorbag")
    return sb


def test_the_attacker_turns_as_he_strikes_and_the_orc_when_he_strikes_back() -> None:
    sb = facing_away()
    toward_orc = sextant_direction(sb.state.unit("f").pos, sb.state.unit("o").pos)
    toward_aldric = sextant_direction(sb.state.unit("o").pos, sb.state.unit("f").pos)
    view = sb.exchange_steps("f", "o")
    assert [(t.unit, t.facing, t.rule, t.answer) for t in view.turns] == [
        ("f", toward_orc, "R-FE-FACE-ATTACK", False),
        ("o", toward_aldric, "R-FE-FACE-ATTACK", True)]
    assert view.turns[0].text == "Aldric turns to face Gorbag as he strikes (R-FE-FACE-ATTACK)"
    assert "Aldric turns to face Gorbag as he strikes (R-FE-FACE-ATTACK)" in view.lines()
    sb.roll_exchange("f", "o", dice=[3, 1])  # a miss: Aldric has turned all the same
    assert sb.state.unit("f").facing == toward_orc


def test_empress_turns_the_striker_in_the_sandbox_as_in_play() -> None:
    """R-EMP-FACE: the sandbox's Empress exchange turns the attacker as play does."""
    sb = facing_away()
    sb.switch_ruleset("empress")
    toward_orc = sextant_direction(sb.state.unit("f").pos, sb.state.unit("o").pos)
    view = sb.exchange_steps("f", "o")
    assert view.turns and view.turns[0].rule == "R-EMP-FACE" and not view.turns[0].answer
    sb.roll_exchange("f", "o", dice=[1, 1, 1, 1])
    assert sb.state.unit("f").facing == toward_orc


def test_a_defender_out_of_reach_does_not_turn() -> None:
    sb = facing_away()
    sb.move("o", (4, 0))
    assert [t.unit for t in sb.exchange_steps("f", "o").turns] == ["f"]
