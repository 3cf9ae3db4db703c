"""Issue 20, item 4: in the sandbox a newcomer selected Aldric, right-clicked the orc six
hexes away and read "hit 40%" as a blow Aldric could strike.  An exchange out of the
attacker's reach now says so first, with the reach and the distance in feet and hexes
(R-POS-REACH: reach in hexes = feet // feet per hex, at least adjacent); the odds follow, as
the GM's what-if."""

from __future__ import annotations

import pytest

from game.content import find_scenario
from game.sandbox import Sandbox
from rules.engine import catalogue
from rules.hexgrid import Hex

RULESETS = [rid for rid, _, _ in catalogue()]


def duel(ruleset: str | None = None) -> Sandbox:
    """Aldric the Bold (sword, 5 ft) at (-1, 4) and Gorbag the orc at (5, 4): six hexes."""
    return Sandbox.from_map(find_scenario("duel"), ruleset=ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_exchange_out_of_reach_says_so_before_the_odds(ruleset):
    sb = duel(ruleset)
    view = sb.exchange_steps("champion", "orc")
    assert view.reach.startswith("Out of reach: Aldric the Bold's ")
    assert "reaches 5 ft (1 hex); Gorbag is 30 ft (6 hexes) away" in view.reach
    lines = view.lines()
    said = lines.index(view.reach)
    odds = next(i for i, line in enumerate(lines) if line.startswith("needed "))
    assert said == 1 < odds
    assert view.hit_pct > 0  # the what-if odds are still there, after the warning


@pytest.mark.parametrize("ruleset", RULESETS)
def test_next_to_the_foe_nothing_is_said(ruleset):
    sb = duel(ruleset)
    sb.move("champion", (4, 4))
    assert sb.exchange_steps("champion", "orc").reach == ""
    assert not any(line.startswith("Out of") for line in sb.exchange_steps(
        "champion", "orc").lines())


def test_a_what_if_from_beside_the_foe_is_in_reach():
    sb = duel()
    assert sb.exchange_steps("champion", "orc", from_hex=(5, 3)).reach == ""
    far = sb.exchange_steps("champion", "orc", from_hex=(3, 4)).reach
    assert "Gorbag is 10 ft (2 hexes) away" in far


def test_a_longer_reach_counts_in_feet_and_hexes():
    """A 10-ft weapon reaches two hexes on a 5-ft board (R-POS-REACH): in reach at two,
    out of reach at three."""
    sb = duel()
    sb.edit("champion", reach_ft=10)
    sb.move("champion", (3, 4))
    assert sb.exchange_steps("champion", "orc").reach == ""
    sb.move("champion", (2, 4))
    assert "reaches 10 ft (2 hexes); Gorbag is 15 ft (3 hexes) away" in sb.exchange_steps(
        "champion", "orc").reach


def test_the_window_shows_the_reach_before_the_odds():
    from tests.ui.test_sandbox_window import GM

    gm = GM()
    gm.click_hex(Hex(-1, 4))
    gm.click_hex(Hex(5, 4), button=3)
    assert (gm.scene.selected, gm.scene.target) == ("champion", "orc")
    text = gm.scene.steps.html_text
    assert "Out of reach" in text and "30 ft (6 hexes)" in text
    assert text.index("Out of reach") < text.index("needs") < text.index("hit ")
    gm.sb.move("champion", (4, 4))
    gm.frames(2)
    assert "Out of reach" not in gm.scene.steps.html_text
    assert "needs" in gm.scene.steps.html_text
