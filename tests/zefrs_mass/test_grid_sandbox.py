"""The GM sandbox on the grid, headless, as a GM uses it (issue #24, item 6): units placed and
edited, the orders given, a round stepped through stage by stage (the duels, each segment,
morale), undone, the mass rulings overridden, and the battle told in a transcript."""

import pytest

from game.sandbox import SandboxError
from game.sandbox.mass import MassSandbox
from rules.engine import scripted
from rules.hexgrid import Hex
from rules.systems.zefrs.mass.events import MassDuelsOpened, MassUnitChecked, mass_frame
from tests.zefrs_mass.helpers import WHITE, army, unit

GREEN_ON_5 = 60  # green on the pikemen's column 5 (test_unit_combat)
DUEL_MISSES = [5, 3, WHITE, WHITE]
EX_ZEF_11 = DUEL_MISSES + [WHITE, GREEN_ON_5] + [WHITE] * 4


def pikes_and_horse(**options) -> MassSandbox:
    return MassSandbox(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                            unit("cav", "b", "cavalry", (2, 3), 2, fighters=50), **options))


def test_a_gm_places_a_unit_of_a_troop_type_and_edits_what_the_text_gives_a_unit():
    """ZEF-72, ZEF-74, ZEF-59: fighters, talent, Will, the armour value from the kit by the
    text's formula (EX-ZEF-12's kit makes 1), the leader a ZeFRS figure, the facing."""
    sb = pikes_and_horse()
    uid = sb.place("spearmen", "a", (1, 4), facing=0, fighters=60)
    u = sb.unit(uid)
    assert (u.pos, u.fighters, u.side) == (Hex(1, 4), 60, "a")
    sb.edit(uid, fighters="45", talent="6", will="5", facing="east", leader="knight",
            leader_name="Sir Ulric",
            kit="leather jack, leather arm protectors, steel helmet; small shield")
    u = sb.unit(uid)
    assert (u.fighters, u.start, u.talent, u.will, u.facing, u.armour_value) == \
        (45, 45, 6, 5, 1, 1)
    leader = sb.state.unit(u.leader)
    assert (leader.name, leader.template, leader.pos) == ("Sir Ulric", "knight", Hex(1, 4))
    sb.undo()
    assert sb.unit(uid).fighters == 60
    sb.undo()
    assert not sb.state.has_unit(uid)
    sb.redo()
    sb.redo()
    assert sb.unit(uid).armour_value == 1


def test_the_gm_is_refused_in_a_sentence_and_nothing_changes():
    sb = pikes_and_horse()
    with pytest.raises(SandboxError, match="one unit a square"):
        sb.place("archers", "b", (2, 3))
    with pytest.raises(SandboxError, match="no armour called 'paper hat'"):
        sb.edit("pikes", kit="paper hat")
    with pytest.raises(SandboxError, match="ZEF-68"):
        sb.order("pikes", "shoot", 0, target="cav")
    assert sb.position == 0 and sb.unit("pikes").armour_value == 0


def test_a_round_is_stepped_through_stage_by_stage_each_result_shown():
    """EX-ZEF-11 in the sandbox: the pikes' green check in segment 2 takes 10 riders, seen
    at that stage and not before (ZEF-70, ZEF-72, ZEF-73)."""
    sb = pikes_and_horse()
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    first = sb.fight_round(scripted(*EX_ZEF_11))
    assert first.label == "Round 1: orders and moves"
    assert sb.unit("cav").fighters == 50
    duel = sb.next_stage()
    assert duel.label == "Round 1: segment 1: the leaders' duels"
    assert any(isinstance(e, MassDuelsOpened) for e in duel.events)
    seg2 = sb.next_stage()
    check = next(e for e in seg2.events if isinstance(e, MassUnitChecked)
                 and e.attacker == "pikes")
    assert (check.colour, check.lost) == ("green", 10)
    assert sb.unit("cav").fighters == 40
    assert any("10 fighters down" in line for line in seg2.narration())
    labels = [sb.next_stage().label for _ in range(len(sb.stages_ahead))]
    assert labels == [f"Round 1: {s}" for s in ("segment 3", "segment 4", "withdrawals",
                                                "morale", "end of the round")]
    assert sb.state.round == 2
    for _ in labels:
        sb.undo()
    assert sb.moment.label == "Round 1: segment 2"
    sb.undo()
    assert sb.unit("cav").fighters == 50  # before segment 2
    with pytest.raises(SandboxError, match="the round is being shown"):
        sb.edit("cav", fighters=60)  # mid-round: the position is the round's, not the GM's
    sb.redo()
    assert sb.unit("cav").fighters == 40


def test_the_gm_overrides_a_mass_ruling_and_the_next_round_fights_under_it():
    """R-ZEF-MASS-CASUALTIES: with green ruled 20%, EX-ZEF-11's check takes 20 riders."""
    sb = pikes_and_horse()
    sb.override("casualty_percent", {"white": 0, "green": 20, "yellow": 25, "orange": 30,
                                     "red": 35})
    ruling = next(r for r in sb.rulings() if r.key == "casualty_percent")
    assert ruling.overridden and ruling.clause == "ZEF-73"
    sb.override("duels", "every_round")
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    sb.fight_round(scripted(*EX_ZEF_11, 1))  # 20 of 50 down is a third: morale, held (01)
    while sb.stages_ahead:
        sb.next_stage()
    assert sb.unit("cav").fighters == 30
    with pytest.raises(SandboxError, match="duels"):
        sb.override("duels", "sometimes")
    with pytest.raises(SandboxError, match="no mass ruling"):
        sb.override("morale_colour", 3)


def test_the_transcript_tells_the_battle_with_its_clauses():
    sb = pikes_and_horse()
    sb.edit("pikes", leader_name="Sergeant Brann")
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    sb.fight_round(scripted(*EX_ZEF_11))
    while sb.stages_ahead:
        sb.next_stage()
    text = sb.transcript("Pikes and horse")
    assert text.startswith("# Pikes and horse")
    assert "| Pikemen | C5 | 100 of 100 | 5 | 3 | 0 | Pikeman |" in text
    assert "*The GM: Edit Pikemen: leader name Sergeant Brann.*" in text
    assert "## Round 1" in text
    assert "Segment 2: Pikemen attacks Light horse: 60 on" in text
    assert "(ZEF-72, ZEF-73, ZEF-75): 10 fighters down, 40 left." in text
    assert "**End of round 1:" in text


def test_a_unit_is_given_a_missile_weapon_that_reaches_past_the_next_square():
    """ZEF-68, R-ZEF-MASS-SHOOT: a unit shoots at an enemy not next to it within its
    weapon's long range in squares; a sling's 150 ft reaches only the next square."""
    sb = MassSandbox(army(unit("pikes", "a", "pikemen", (2, 5), 0, fighters=100),
                          unit("cav", "b", "cavalry", (2, 3), 2, fighters=50)))
    assert sb.fields("pikes")["weapon"] == "hand to hand"
    sb.edit("pikes", weapon="Longbow")
    assert (sb.unit("pikes").missile, sb.unit("pikes").reach_squares) == ("longbow", 2)
    sb.order("pikes", "shoot", 0, target="cav")  # two squares off: within a longbow's reach
    with pytest.raises(SandboxError, match="reaches 1 square"):
        sb.edit("pikes", weapon="sling")
    sb.edit("pikes", weapon="hand to hand")
    assert sb.unit("pikes").missile == ""


def test_the_gm_sets_the_commander_and_has_him_ride_to_lead_a_unit():
    """ZEF-63: the force commander rides a square, diagonals too, and may lead the unit he
    reaches; ZEF-80: that unit fights with his presence."""
    sb = pikes_and_horse()
    assert sb.commander_at((0, 6)) == "ca"
    sb.set_commander("ca", (1, 5))
    assert sb.state.unit("ca").pos == Hex(1, 5)
    with pytest.raises(SandboxError, match="alone or with a unit of his own side"):
        sb.set_commander("ca", (2, 3))
    sb.ride("ca", (2, 4), lead=True)
    assert sb.order_of("ca") == "Aquilonian captain 1 rides to C5 and leads the unit there"
    with pytest.raises(SandboxError, match="ZEF-63"):
        sb.ride("ca", (3, 3))
    sb.order("pikes", "attack", 0)
    sb.order("cav", "attack", 2)
    sb.fight_round(scripted(*EX_ZEF_11))
    assert mass_frame(sb.state).led_by("pikes") == "ca"


def test_a_commander_who_cannot_stay_rides_to_a_square_he_may_take():
    """ZEF-63: never onto an enemy, so with an enemy unit set on his square by the GM the
    commander the GM did not order rides off it rather than stay."""
    sb = pikes_and_horse()
    sb.move("cav", (0, 6))  # onto Aquilonian commander ca's square
    sb.fight_round(scripted())  # no unit in contact: no die is thrown
    assert sb.state.unit("ca").pos != Hex(0, 6)
