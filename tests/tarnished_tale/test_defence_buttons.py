"""The defender's buttons (TT-06 … TT-10, R-TT-AI), as a player met them in a battle against
the computer: each defence says the chance to be hit and the damage taken; a counter attack
also what it deals back (TT-10: both may be hurt); and the one a sensible defender declares
is marked on its button, since the odds box above may be scrolled past it; a sponge says
what the armour loses (TT-21), or a sponge taking nothing would look the better choice."""

from rules.commands import Attack, Choose
from rules.engine import scripted, submit
from rules.systems.tarnished_tale.odds import defence_odds, sensible
from rules.systems.tarnished_tale.ruleset import RULESET
from rules.wording import Words
from tests.tarnished_tale.helpers import begin, duel


def _labels(st) -> dict[str, str]:
    top = st.top
    return {o.defence: RULESET.word_command(st, Choose(unit="d", option=o.defence),
                                            Words.of(st))
            for o in defence_odds(st, top.attacker, top.defender, top.kind, top.mode)}


def test_exactly_the_sensible_defence_is_marked():
    st, _ = submit(begin(duel("fighting_man", "orc")), Attack(unit="a", target="d"),
                   scripted())
    labels = _labels(st)
    top = st.top
    best = sensible(defence_odds(st, top.attacker, top.defender, top.kind, top.mode))
    marked = [d for d, text in labels.items() if text.endswith("(sensible)")]
    assert marked == [best.defence], labels


def test_a_counter_attack_says_what_it_deals_back():
    st, _ = submit(begin(duel("fighting_man", "orc")), Attack(unit="a", target="d"),
                   scripted())
    labels = _labels(st)
    assert "counter_attack" in labels, labels
    assert ", deals " in labels["counter_attack"]
    assert all(", deals " not in text for d, text in labels.items() if d != "counter_attack")


def test_a_sponge_says_what_the_armour_loses():
    st, _ = submit(begin(duel("fighting_man", "orc")), Attack(unit="a", target="d"),
                   scripted())
    labels = _labels(st)
    assert ", armour loses " in labels["sponge"], labels
    assert ", armour loses " not in labels["dodge"], labels
