"""FE-27 / FE-28 / FE-29 Surrounding Individual Combatants: "up to six Men may encircle a
Man-sized opponent.  Up to eight Men may encircle a larger opponent.  Fighting requires 5' of
frontage per man in any case, unless in tight formation.  If a single target is at least
halfway surrounded, the majority attackers get a +1 to hit."

The engine takes FE-29 reading (a): halfway = enemies in at least 3 of the 6 hexes around a
man-sized target, and only those adjacent attackers get the +1.

Around the orc at (0,0), facing west (3): front (-1,0), (0,-1), (-1,1); flanks (1,-1),
(0,1); rear (1,0).
"""

from fractions import Fraction

import pytest

from rules.commands import Attack, Move
from rules.engine import IllegalCommand, ruleset_of
from rules.events import AttackRolled
from rules.state import state_hash
from tests.fallen_empire.helpers import act, begin, declare, fe, mods, only, to_phase

RING = {"w": (-1, 0), "nw": (0, -1), "sw": (-1, 1), "ne": (1, -1), "se": (0, 1), "e": (1, 0)}


def around(*places, extra=(), **options):
    """Fighting-Men of the men in the named hexes around the orc; `extra` adds
    (id, template, hex) units of the men."""
    sc = fe(**options).side("men", True).side("orcs")
    for p in places:
        sc = sc.unit(p, "fighting_man", "men", RING[p], facing=0)
    for uid, template, at in extra:
        sc = sc.unit(uid, template, "men", at, facing=0)
    sc = sc.unit("orc", "orc", "orcs", (0, 0), facing=3)
    return sc


def to_melee(sc):
    st = begin(sc)
    st, _ = declare(st, {u.id: "melee" for u in st.units}, initiative=(6, 1))
    return to_phase(st, "melee", "men")


def test_three_of_six_gives_the_surrounders_plus_one():
    """FE-29 (a): three men in three of the six hexes around the orc: "at least halfway
    surrounded": +1.  Needs 12 (leather), −1 the orc's shield: d20 12 + 1 − 1 = 12 hits."""
    st = to_melee(around("w", "sw", "se"))
    _, ev = act(st, Attack(unit="w", target="orc"), 12, 2)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-29 (a)": 1, "FE-30": -1}
    assert attack.needed == 12 and attack.hit
    assert any(m.reason == "target surrounded by 3" for m in attack.modifiers)


def test_two_of_six_gives_nothing():
    """FE-29 (a): two of six is less than half: no bonus, and d20 12 − 1 = 11 misses."""
    st = to_melee(around("w", "sw"))
    _, ev = act(st, Attack(unit="w", target="orc"), 12)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-30": -1} and not attack.hit


def test_attacker_at_reach_two_is_not_one_of_the_surrounders():
    """FE-29 (a): only those in the encircling hexes are "the majority attackers": a pikeman
    striking from two hexes away (10-ft pike) gets no +1 though three men ring the orc, and
    he does not count toward the three either."""
    pike = ("pike", "pikeman", (-2, 0))
    st = to_melee(around("w", "sw", "se", extra=(pike,)))
    _, ev = act(st, Attack(unit="pike", target="orc"), 12)
    attack = only(ev, AttackRolled)
    assert "FE-29 (a)" not in mods(attack)

    st = to_melee(around("w", "sw", extra=(pike,)))  # two adjacent + the pike: still two
    _, ev = act(st, Attack(unit="w", target="orc"), 12)
    assert "FE-29 (a)" not in mods(only(ev, AttackRolled))


def test_six_around_each_gets_plus_one():
    """FE-27: "up to six Men may encircle a Man-sized opponent": with all six hexes held, the
    one in front still gets just the +1 (the bonus does not grow with numbers)."""
    st = to_melee(around(*RING))
    _, ev = act(st, Attack(unit="nw", target="orc"), 12, 2)
    attack = only(ev, AttackRolled)
    assert mods(attack) == {"FE-29 (a)": 1, "FE-30": -1}
    assert any(m.reason == "target surrounded by 6" for m in attack.modifiers)


def test_a_seventh_man_finds_no_place():
    """FE-27 / FE-28: six encircle a man-sized figure, one man to each 5-ft hex: a seventh man
    may not step into a hex another already holds (refused, nothing changes)."""
    sc = around(*RING, extra=(("seventh", "fighting_man", (-2, 0)),))
    st = begin(sc)
    st, _ = declare(st, {u.id: "melee" for u in st.units}, initiative=(6, 1))
    st = to_phase(st, "movement", "men")
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, Move(unit="seventh", path=((-2, 0), (-1, 0))))
    assert "occupied" in err.value.reason
    assert state_hash(st) == snapshot


def test_two_figures_may_not_share_a_hex():
    """FE-28: "5' of frontage per man": a set-up putting two men on one hex is refused."""
    sc = (fe().side("men", True).side("orcs")
          .unit("a", "fighting_man", "men", (0, 1))
          .unit("b", "fighting_man", "men", (0, 1))
          .unit("orc", "orc", "orcs", (0, 0)))
    with pytest.raises(ValueError, match="same hex"):
        begin(sc)


def test_exact_odds_with_the_surround_bonus():
    """Odds worked by hand: a level-1 Fighting-Man needs 12 against leather (AC 7, R-FE-MATRIX);
    +1 surrounded, −1 shield: a natural 12..20 hits, 9 faces: 9/20.  Sword 1d8 on a 5-HP orc:
    each face 9/160, no damage 11/20, and 5..8 fells him: kill = 9/20 × 4/8 = 9/40."""
    st = begin(around("w", "sw", "se"))
    odds = ruleset_of(st).odds(st, "w", "orc", kind="melee")
    assert odds.needed == 12
    assert odds.hit == Fraction(9, 20)
    assert odds.damage == {0: Fraction(11, 20), **{k: Fraction(9, 160) for k in range(1, 9)}}
    assert odds.kill == Fraction(9, 40)
    assert odds.expected_damage == Fraction(9, 20) * Fraction(9, 2)
