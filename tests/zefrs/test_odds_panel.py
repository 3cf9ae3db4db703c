"""What the odds panel shows of a ZeFRS blow (issue 23, item 7): the five colours' chances
on the blow's column (ZEF-07), the roll it needs in d100 terms, the chance of a specific
wound (ZEF-54..56), the column walk with every shift and its clause (ZEF-08), and whether
the shield can be brought to bear from where the blow comes (ZEF-48, R-ZEF-SHIELD-ARC)."""

from fractions import Fraction

from rules.commands import Declare
from rules.engine import ruleset_of
from rules.systems.zefrs.tables import load_tables
from tests.zefrs.helpers import begin, duel

RS = ruleset_of("zefrs")


def test_the_five_colours_are_the_columns_own() -> None:
    """ZEF-07: white, green, yellow, orange and red, in that order, as the chart's column
    gives them; a hit is anything but white."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    odds = RS.odds(st, "a", "b", aim="chest")
    names = [n for n, _ in odds.outcomes]
    assert names == ["white", "green", "yellow", "orange", "red"]
    assert sum(p for _, p in odds.outcomes) == 1
    ways = load_tables().chart.column(9).ways()
    assert [p * 100 for _, p in odds.outcomes] == [ways[c] for c in sorted(ways)]
    assert odds.hit == 1 - dict(odds.outcomes)["white"]
    assert odds.needed_words == "79 or less on d100 to hit (column 9), 12 or less for red"


def test_an_enemy_takes_the_wound_of_every_red_hit_he_survives() -> None:
    """ZEF-56: an Enemy does not check; a red blow that leaves him standing wounds him. The
    guard (Damage 7) survives any one blow of the Cimmerian's, so the wound is red's 12%."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    odds = RS.odds(st, "a", "b", aim="head")
    assert dict(odds.outcomes)["red"] == Fraction(12, 100)
    assert "A specific wound (a red hit, ZEF-54, ZEF-55): 12.0%" in odds.notes


def test_a_hero_may_shrug_a_wound_off() -> None:
    """ZEF-55: a PC checks to avoid the wound, so his chance of one is below red's."""
    st = begin(duel(("a", "captain", (0, 0)), ("b", "cimmerian", (1, 0))))
    odds = RS.odds(st, "a", "b", aim="gut")
    red = float(dict(odds.outcomes)["red"]) * 100
    line = next(n for n in odds.notes if n.startswith("A specific wound"))
    wound = float(line.rsplit(" ", 1)[1].rstrip("%"))
    assert 0 < wound < red


def test_the_walk_names_every_shift_and_its_clause() -> None:
    """ZEF-41: on foot against a rider, −2 from the column; the walk is the first note and
    each shift is also a modifier the panel lists with its clause."""
    st = begin(duel(("a", "guard", (0, 0)), ("b", "knight", (1, 0))))
    odds = RS.odds(st, "a", "b", aim="chest")
    assert odds.notes[0] == "column 5, \N{MINUS SIGN}2 fighting from below (ZEF-41) → 3"
    assert ("fighting from below", "ZEF-41", -2) in [(m.reason, m.rule, m.value)
                                                     for m in odds.modifiers]


def test_the_shield_is_not_brought_across_to_the_other_flank() -> None:
    """R-ZEF-SHIELD-ARC: the guard carries his shield on his left arm; facing west, his
    left is the south. A blow at his chest from his front is blocked by it; the same blow
    from his north-east (his right, the other flank) is not, and the panel says why."""
    front = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    odds = RS.odds(front, "a", "b", aim="chest")
    assert "His shield guards the chest: −1 (ZEF-48)." in odds.notes
    flank = begin(duel(("a", "cimmerian", (2, -1)), ("b", "guard", (1, 0))))
    side = RS.odds(flank, "a", "b", aim="chest")
    assert any("not brought across" in n and "R-ZEF-SHIELD-ARC" in n for n in side.notes)
    assert side.expected_damage > odds.expected_damage


def test_odds_from_another_hex_read_the_shield_from_there() -> None:
    """R-ZEF-SHIELD-ARC through the odds' `from_hex` (what a lesson shows: "had he struck
    from in front"): standing before the guard, the blow as if from his right flank is the
    blow struck there, and the other way round."""
    from rules.hexgrid import Hex

    front = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    flank = begin(duel(("a", "cimmerian", (2, -1)), ("b", "guard", (1, 0))))
    there = RS.odds(front, "a", "b", aim="chest", from_hex=Hex(2, -1))
    assert there.notes == RS.odds(flank, "a", "b", aim="chest").notes
    assert there.expected_damage == RS.odds(flank, "a", "b", aim="chest").expected_damage
    back = RS.odds(flank, "a", "b", aim="chest", from_hex=Hex(0, 0))
    assert "His shield guards the chest: −1 (ZEF-48)." in back.notes
    assert back.expected_damage < there.expected_damage


def test_the_arcs_overlay_marks_where_the_shield_is_brought_to_bear() -> None:
    """R-ZEF-SHIELD-ARC on the arcs overlay (A): the guard faces west with his shield on his
    left arm; it guards blows from his three front hexes and his left (south-east) flank,
    not from his right flank nor from behind, and his card says so in words."""
    from game.overlay_facts import facing_arcs

    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    marks = facing_arcs(st, "b", 1)
    assert {h: m for h, m in marks.items() if m == "unguarded"} == {
        (2, -1): "unguarded", (2, 0): "unguarded"}
    assert sorted(h for h, m in marks.items() if m == "guarded") == [
        (0, 0), (0, 1), (1, -1), (1, 1)]
    assert ("shield on his left arm: it guards blows from his front and left flank "
            "(R-ZEF-SHIELD-ARC)") in RS.unit_lines(st, "b")
    assert set(facing_arcs(st, "a", 1).values()) <= {"front", "flank", "rear"}  # no shield


def test_a_knock_out_shows_its_chance_against_the_damage_it_gives_up() -> None:
    """ZEF-35, R-ZEF-KO: a knock-out blow does no damage (red drops him; short of red it does
    nothing), so its odds are the red's chance to put him out of the fight, and its line says
    that chance against the expected damage of the same blow struck plainly."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0))))
    plain = RS.odds(st, "a", "b", aim="head")
    ko = RS.command_odds(st, Declare(unit="a", action="fight:b:head:ko"))
    assert ko is not None
    red = dict(plain.outcomes)["red"]
    assert ko.expected_damage == 0 and ko.kill == red == Fraction(12, 100)
    lost = float(plain.expected_damage)
    assert lost > 1
    assert ko.summary == f"12% KO, forgoes {lost:.1f} dmg"  # the blow list's button
    assert f"Knock-out: 12% to drop him; gives up {lost:.1f} expected damage." in ko.notes
    assert not any(n.startswith("A specific wound") for n in ko.notes)  # red knocks out
    assert RS.command_odds(st, Declare(unit="a", action="fight:b:head")).summary == ""


def test_with_the_gms_option_a_knock_out_gives_up_only_the_reds_damage() -> None:
    """R-ZEF-KO, `knockout_damage_on_failure = true`: short of red the knock-out wounds as
    an ordinary blow, so what it gives up is the damage a red would have done."""
    st = begin(duel(("a", "cimmerian", (0, 0)), ("b", "guard", (1, 0)),
                    knockout_damage_on_failure=True))
    plain = RS.odds(st, "a", "b", aim="head")
    ko = RS.command_odds(st, Declare(unit="a", action="fight:b:head:ko"))
    assert ko is not None
    lost = plain.expected_damage - ko.expected_damage
    assert 0 < lost < plain.expected_damage and ko.expected_damage > 0
    assert ko.summary.endswith(f"forgoes {float(lost):.1f} dmg")
    assert any(n.endswith(f"gives up {float(lost):.1f} expected damage.") for n in ko.notes)
    assert any("wounds as an ordinary blow" in n for n in ko.notes)
