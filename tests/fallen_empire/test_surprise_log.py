"""FE-02 in the log: "It is possible for both sides to be Surprised at once!"  A newcomer saw
"men, orcs achieve surprise; men, orcs may not act" and then an empty initiative line
("Initiative (1d6 per side):  —  (FE-07).") and could not tell what had happened (issue 20,
item 4).  The log now says what it means: nobody acts in round 1."""

from rules.systems.fallen_empire.events import SurpriseRolled
from tests.fallen_empire.helpers import only
from tests.fallen_empire.test_surprise import ambush


def round_one_log(*surprise_dice: int) -> list[str]:
    _, ev = ambush(*surprise_dice)
    lines = []
    for e in ev:
        text = e.narrate()
        if text:
            lines.append(text)
        if text == "End of the round.":
            break
    return lines


def test_both_sides_surprised_the_log_says_nobody_acts_in_round_one():
    """FE-02: men throw 6, orcs 5: both achieve surprise, so neither side acts in round 1."""
    lines = round_one_log(6, 5)
    surprise = next(x for x in lines if x.startswith("Surprise rolls"))
    assert "both sides surprised each other" in surprise.lower()
    assert "nobody acts in round 1 (FE-02)" in surprise
    initiative = [x for x in lines if "initiative" in x.lower() and x != "Roll initiative "
                  "(FE-07)."]
    assert len(initiative) == 1 and "nobody rolls for initiative" in initiative[0]


def test_no_line_of_the_round_is_left_empty():
    """The empty initiative line is gone: every line has words after each dash and colon."""
    for line in round_one_log(6, 5):
        assert ":  " not in line and " —  " not in line and "— (" not in line, line


def test_one_side_surprised_still_names_who_may_not_act():
    """FE-02 as before when only one side surprises the other: the orcs may not act."""
    _, ev = ambush(6, 2)
    line = only(ev, SurpriseRolled).narrate()
    assert "orcs may not act in round 1 (FE-02)" in line and "nobody" not in line
