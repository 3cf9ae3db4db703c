"""FE-04 Morale timing and FE-05 Morale result.

Step 1: "Each side checks morale, if appropriate. First the monsters, then the Henchmen of the
Player-Characters and other NPCs on the side of the good guys. Check Morale for either side
first when one side or the other has their first casualty, and then again when half of that
side or more has been defeated. If the side passes both Morale checks, they will fight until
death. Otherwise someone will surrender or try to run away."

The roll itself is not in the text (FE-05 [TABLE]): R-FE-MORALE throws 2d6 and passes at or
under the steadiest checker's morale score.  Player characters never check (data.toml).
"""

from rules.commands import Attack, EndPhase
from rules.engine import scripted, start
from rules.events import BattleEnded, UnitStatusChanged
from rules.systems.fallen_empire.events import MoraleChecked, system
from rules.systems.fallen_empire.frames import DeclarationsOpened
from tests.fallen_empire.helpers import (
    act_exact,
    begin,
    declare,
    fe,
    of_type,
    only,
    to_phase,
)

DEAD = {"status": "dead", "condition": "dead", "hp": -11}


def test_first_casualties_monsters_check_first_then_the_henchmen():
    """FE-04: in round 1 each side loses a man; at step 1 of round 2 the orcs check first
    ("First the monsters"), then the men's henchmen ("then the Henchmen of the
    Player-Characters"), and both checks come before anyone declares (step 1 before step 2).
    The fighting-man is a player character and does not check: the men's score is the
    surviving veteran's 8, not his 12."""
    sc = (fe(morale_enabled=True).side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("vet", "veteran", "men", (0, 3), facing=0, shield="", hp=1)
          .unit("vet2", "veteran", "men", (-3, 3), facing=0)
          .unit("grunt", "orc", "orcs", (1, 0), facing=3, shield="", hp=1)
          .unit("brute", "orc", "orcs", (1, 3), facing=3)
          .unit("boss", "orc", "orcs", (4, 0), facing=3))
    st, ev = start(sc.build())
    assert of_type(ev, MoraleChecked) == []  # nobody has fallen yet
    st, _ = declare(st, {u: "melee" for u in ("fighter", "vet", "vet2", "grunt", "brute",
                                             "boss")}, initiative=(5, 2))
    st = to_phase(st, "melee", "men")
    st, _ = act_exact(st, Attack(unit="fighter", target="grunt"), 15, 1)  # grunt to 0 HP
    st = to_phase(st, "melee", "orcs")
    # The brute fells the veteran; the round ends and round 2's morale dice are thrown:
    # orcs 2+3 = 5 vs 6, men 4+4 = 8 vs 8.
    st, ev = act_exact(st, Attack(unit="brute", target="vet"), 15, 1, 2, 3, 4, 4)
    checks = of_type(ev, MoraleChecked)
    assert [(c.side, c.reason, c.roll, c.score, c.passed) for c in checks] == [
        ("orcs", "first", 5, 6, True), ("men", "first", 8, 8, True)]
    assert st.round == 2
    assert ev.index(checks[-1]) < ev.index(only(ev, DeclarationsOpened))
    assert all(st.unit(u).fighting for u in ("fighter", "vet2", "brute", "boss"))


def test_a_failed_check_makes_them_surrender_or_run():
    """FE-05 "Otherwise someone will surrender or try to run away": the orcs have lost one of
    three; at step 1 of round 1 they throw 5+6 = 11 against their 6 and break.  The orc
    standing beside the fighting-man surrenders, the one away from the melee flees, and with
    no orc left the battle is over."""
    sc = (fe(morale_enabled=True).side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("corpse", "orc", "orcs", (5, 5), **DEAD)
          .unit("near", "orc", "orcs", (1, 0), facing=3)
          .unit("far", "orc", "orcs", (6, -3), facing=3))
    st, ev = start(sc.build(), scripted(5, 6))
    check = only(ev, MoraleChecked)
    assert (check.side, check.reason, check.roll, check.score, check.passed) == (
        "orcs", "first", 11, 6, False)
    gone = {e.unit: (e.status, e.condition, e.rule) for e in of_type(ev, UnitStatusChanged)}
    assert gone == {"near": ("gone", "surrendered", "FE-05"), "far": ("gone", "fled", "FE-05")}
    assert system(st).broken == ("orcs",)
    assert only(ev, BattleEnded).winner == "men"


def test_a_passed_check_means_they_fight_on():
    """FE-05: the same orcs throw 3+3 = 6 against 6 and hold: nobody leaves."""
    sc = (fe(morale_enabled=True).side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("corpse", "orc", "orcs", (5, 5), **DEAD)
          .unit("near", "orc", "orcs", (1, 0), facing=3)
          .unit("far", "orc", "orcs", (6, -3), facing=3))
    st = begin(sc, 3, 3)
    assert system(st).morale_checked == (("orcs", "first"),)
    assert system(st).broken == ()
    assert st.unit("near").fighting and st.unit("far").fighting and st.outcome is None


def test_half_defeated_checks_again_and_then_they_fight_to_the_death():
    """FE-04: four orcs, one already dead: "first" check at round 1 (passed).  The fighting-man
    fells a second in round 1, so at round 2 "half of that side or more has been defeated":
    a second check (passed).  When a third falls in round 2 there is no third check: "If the
    side passes both Morale checks, they will fight until death"."""
    sc = (fe(morale_enabled=True).side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("corpse", "orc", "orcs", (5, 5), **DEAD)
          .unit("o1", "orc", "orcs", (1, 0), facing=3, shield="", hp=1)
          .unit("o2", "orc", "orcs", (0, 1), facing=2, shield="", hp=1)
          .unit("o3", "orc", "orcs", (6, -3), facing=3))
    st = begin(sc, 2, 2)  # round 1: first casualty, 4 vs 6: holds
    assert system(st).morale_checked == (("orcs", "first"),)
    st, _ = declare(st, {"fighter": "melee", "o1": "melee", "o2": "melee", "o3": "melee"},
                    initiative=(5, 2))
    st = to_phase(st, "melee", "men")
    st, _ = act_exact(st, Attack(unit="fighter", target="o1"), 15, 1)
    st = to_phase(st, "melee", "orcs")
    # o2 misses (2); round 2 begins: 2 of 4 are down → the "half" check, 3+3 = 6: holds.
    st, ev = act_exact(st, Attack(unit="o2", target="fighter"), 2, 3, 3)
    check = only(ev, MoraleChecked)
    assert (check.side, check.reason, check.roll, check.passed) == ("orcs", "half", 6, True)
    st, _ = declare(st, {"fighter": "melee", "o2": "melee", "o3": "melee"},
                    initiative=(5, 2))
    st = to_phase(st, "melee", "men")
    st, _ = act_exact(st, Attack(unit="fighter", target="o2"), 15, 1)
    st = to_phase(st, "movement", "orcs")
    st, ev = act_exact(st, EndPhase(side="orcs"))  # round 3 begins: no dice, no check
    assert st.round == 3
    assert of_type(ev, MoraleChecked) == []
    assert st.unit("o3").fighting


def test_player_characters_alone_never_check():
    """FE-04 names the monsters and the PCs' henchmen and NPCs: a party of player characters
    with a fallen member does not check morale (they have no morale roll to make)."""
    sc = (fe(morale_enabled=True).side("men", True).side("orcs")
          .unit("fighter", "fighting_man", "men", (0, 0), facing=0)
          .unit("fallen", "fighting_man", "men", (-3, 0), **DEAD)
          .unit("orc", "orc", "orcs", (3, 0), facing=3))
    _, ev = start(sc.build())
    assert of_type(ev, MoraleChecked) == []
    assert only(ev, DeclarationsOpened).side == "men"
