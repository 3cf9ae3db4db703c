"""The computer offered a chase in a skirmish (R-ER-CHASE-OFFER, ER-21) gives chase or lets
him go (R-ER-CHASE-OFFER-AI) by the chase's own exact odds (game/ai/er_chase.py
`weigh_offer`): the chance of having him in reach at the end of the first round against the
chance of losing him in it, less what the fight on the map loses when the pursuers run off
after him."""

from __future__ import annotations

from game.ai import make_controller
from game.ai.er_chase import offer_choice, weigh_offer
from rules.builder import Scenario
from rules.commands import Choose, Move, React
from rules.engine import decider, legal_commands
from rules.state import Battle
from tests.er_chase.helpers import act, open_chase

RUN = tuple((q, 0) for q in range(0, 8))  # seven hexes east: a 35-ft runner's whole move


def flight(pursuer: str, quarry: str, *others: tuple[str, str, str, tuple[int, int]],
           **quarry_stats: object) -> Battle:
    """`quarry` (of the thieves) wins the initiative and runs his full 35 ft east from
    beside `pursuer` (of the watch); free attacks on the way are let go."""
    sc = (Scenario("enchanted_realms", seed=0, radius=9).side("watch", True).side("thieves")
          .unit("p", pursuer, "watch", (-1, 0), facing=0)
          .unit("q", quarry, "thieves", (0, 0), facing=0, **quarry_stats))
    for uid, template, side, at in others:
        sc.unit(uid, template, side, at, facing=0)
    st, _ = open_chase(sc, 1, 20, *([1] * len(others)))
    st, _ = act(st, Move(unit="q", path=RUN))
    while decider(st) == "watch" and all(isinstance(c, React) for c in legal_commands(st)):
        st, _ = act(st, React(unit="p", accept=False))
    assert [c.option for c in legal_commands(st)] == ["give_chase", "let_go"]  # type: ignore[attr-defined]
    return st


def test_a_hound_gives_chase_to_a_wounded_thief() -> None:
    """A 50-ft wolf after a 35-ft thief on 3 hit points: the chart gives the hound more
    hexes every second, so he is far likelier to have the thief in reach when the round
    ends than to lose him, and nobody else is left fighting: give chase."""
    st = flight("wolf", "thief", hp=3)
    w = weigh_offer(st)
    assert w is not None and w.pursuer == "p"
    assert w.reach > w.escape and w.cost == 0
    assert offer_choice(st, legal_commands(st)) == Choose(unit="p", option="give_chase")


def test_an_armoured_dwarf_lets_a_swift_elf_go() -> None:
    """A 25-ft dwarf behind a 35-ft elf ranger: losing him this round is far likelier than
    having him in reach (ER-33 leaves the dwarf behind at half his speed): let go."""
    st = flight("dwarf", "elf")
    w = weigh_offer(st)
    assert w is not None and w.escape > w.reach
    assert offer_choice(st, legal_commands(st)) == Choose(unit="p", option="let_go")


def test_the_hound_stays_when_running_off_leaves_a_foe_unopposed() -> None:
    """The same hound and thief, but a bandit stands two hexes from the hound: the chase
    would take the watch's only fighting figure off the map, more than the odds are worth."""
    st = flight("wolf", "thief", ("z", "bandit", "thieves", (-3, 0)), hp=3)
    w = weigh_offer(st)
    assert w is not None and w.reach > w.escape and w.cost == 1
    assert offer_choice(st, legal_commands(st)) == Choose(unit="p", option="let_go")


def test_the_computer_players_answer_the_offer_by_the_odds() -> None:
    """Both computer players take the offer through the ruleset's hooks, not the search."""
    for player in ("ai:greedy", "ai:tactician"):
        for st, answer in ((flight("wolf", "thief", hp=3), "give_chase"),
                           (flight("dwarf", "elf"), "let_go")):
            cmd = make_controller(player, 0).choose(st, "watch", legal_commands(st, "watch"))
            assert cmd == Choose(unit="p", option=answer), player
