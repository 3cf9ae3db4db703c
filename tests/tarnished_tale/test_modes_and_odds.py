"""Attack modes (TT-02 ... TT-05), boons and banes from the board (TT-12, R-TT-BOON,
R-TT-POSITION), the turn (R-TT-TURN) and the exact odds per defence."""

from fractions import Fraction

from rules.commands import Attack, Choose
from rules.engine import check, legal_commands, ruleset_of, scripted, submit
from rules.systems.tarnished_tale.events import ContestRolled
from rules.systems.tarnished_tale.odds import defence_odds, sensible
from rules.systems.tarnished_tale.units import tt
from tests.tarnished_tale.helpers import attack, begin, duel, only, pass_turn


def test_spells_and_maneuvers_are_not_in_the_text():
    """TT-02: only the plain attack resolves here; a spell or maneuver option is refused."""
    st = begin(duel("fighting_man", "orc"))
    assert check(st, Attack(unit="a", target="d", options=("maneuver",))) is not None


def test_called_shots_are_ranged_only_and_defensive_fighting_melee_only():
    """TT-03: a called shot in melee and a defensive shot are refused."""
    st = begin(duel("fighting_man", "orc"))
    assert "ranged" in (check(st, Attack(unit="a", target="d", options=("called_shot",)))
                        or "")
    st = begin(duel("elf", "orc", gap=4))
    assert "melee" in (check(st, Attack(unit="a", target="d", weapon="long_bow",
                                        options=("defensive",))) or "")


def test_fighting_defensively_banes_the_attack_and_boons_his_next_defence():
    """TT-04: a bane (two dice, the higher kept: 20 and 60 -> 60, a failure) on his check;
    then the orc's attack meets his dodge with a boon (two dice, the lower kept)."""
    st = begin(duel("fighting_man", "orc"))
    st, ev = attack(st, "a", "d", 20, 60, 50, defence="dodge", options=("defensive",))
    c = only(ev, ContestRolled)
    assert c.checks[0][1] == 60 and c.attack_modifiers[0].rule == "TT-04"
    assert tt(st, "a").defensive
    st, ev = attack(st, "d", "a", 30, 90, 10, defence="dodge")
    c = only(ev, ContestRolled)
    assert c.checks[1][1:] == (10, 30, "success", (90, 10)) and c.outcome == "deadlock"


def test_a_called_shot_threatens_on_ten_or_less_with_a_bane():
    """TT-05, R-TT-CALLED: the elf's called shot, 8 (of 5 and 8, the higher kept for the
    bane) threatens; its confirmation (90, 95) fails; the dodge (50) fails."""
    st = begin(duel("elf", "orc", gap=4))
    _, ev = attack(st, "a", "d", 5, 8, 90, 95, 50, 3, defence="dodge", weapon="long_bow",
                   options=("called_shot",))
    c = only(ev, ContestRolled)
    assert c.checks[0][3] == "threat" and c.to_defender == 3  # missiles: no melee bonus


def test_block_is_not_offered_against_a_missile_unless_a_trait_allows():
    """TT-06, NOTES: the orc may not block an arrow; the knight (block_missiles) may."""
    st = begin(duel("elf", "orc", gap=4))
    st2, _ = submit(st, Attack(unit="a", target="d", weapon="long_bow"), scripted())
    assert {c.option for c in legal_commands(st2, "d")} == {"dodge", "sponge"}
    st = begin(duel("elf", "knight", gap=4))
    st2, _ = submit(st, Attack(unit="a", target="d", weapon="long_bow"), scripted())
    assert "block" in {c.option for c in legal_commands(st2, "d")}
    assert check(st2, Choose(unit="d", option="counter_attack")) is not None  # out of his reach


def test_an_ally_beside_the_target_gives_a_boon():
    """TT-12, R-TT-POSITION, R-TT-BOON: a second man beside the orc: the attacker throws two
    d% and keeps the lower (70 and 30 -> 30, a success)."""
    sc = duel("fighting_man", "orc")
    sc.unit("a2", "swordsman", "a", (1, -1), facing=0)
    _st, ev = attack(begin(sc), "a", "d", 70, 30, 50, 6, defence="dodge")
    c = only(ev, ContestRolled)
    assert c.attack_modifiers[0].rule == "R-TT-POSITION" and c.checks[0][1] == 30
    assert c.hit


def test_the_sides_take_turns_one_figure_at_a_time_and_the_lead_passes():
    """R-TT-TURN: side "a" acts first in round 1, "d" first in round 2."""
    st = begin(duel("fighting_man", "orc"))
    assert st.top is not None and st.top.actor == "a"
    st = pass_turn(st, "a")
    assert st.top is not None and st.top.actor == "d"
    st = pass_turn(st, "d")
    assert st.round == 2 and st.top is not None and st.top.actor == "d"


def test_the_odds_of_a_plain_dodge_contest_are_exact():
    """TT-12, R-TT-CONTEST: the attack (55) hits only if it succeeds (54 of 100 faces) and
    the dodge (20) fails (81 of 100, a roll of 20 or more): 54/100 x 81/100."""
    st = begin(duel("fighting_man", "orc"))
    by = {o.defence: o for o in defence_odds(st, "a", "d", "melee")}
    assert by["dodge"].hit == Fraction(54, 100) * Fraction(81, 100)
    assert sum(by["dodge"].dealt.ways) == by["dodge"].dealt.denominator
    assert by["counter_attack"].hit == 1 and by["sponge"].hit == Fraction(95, 100)


def test_the_odds_panel_shows_every_defence_and_the_sensible_choice():
    st = begin(duel("fighting_man", "orc"))
    odds = ruleset_of(st).odds(st, "a", "d", kind="melee")
    best = sensible(defence_odds(st, "a", "d", "melee")).defence
    assert len([n for n in odds.notes if ":" in n and "hit" in n]) == 4
    assert any("sensible" in n for n in odds.notes)
    chosen = ruleset_of(st).odds(st, "a", "d", kind="melee", defence=best)
    assert chosen.hit == odds.hit


def test_the_computer_declares_the_defence_the_odds_favour():
    """R-TT-AI: the computer's defence is the sensible one from the exact odds."""
    from game.ai.players import Tactician

    st = begin(duel("fighting_man", "orc"))
    st, _ = submit(st, Attack(unit="a", target="d"), scripted())
    legal = legal_commands(st, "d")
    got = Tactician(seed=1).choose(st, "d", legal)
    best = sensible(defence_odds(st, "a", "d", "melee")).defence
    assert got == Choose(unit="d", option=best)


def test_the_odds_from_another_hex_count_its_boons():
    """R-TT-POSITION: struck from behind the orc (2, 0), the odds carry the rear boon."""
    st = begin(duel("fighting_man", "orc", gap=2))
    odds = ruleset_of(st).odds(st, "a", "d", kind="melee", from_hex=(3, 0))
    assert [m.reason for m in odds.modifiers if m.value] == ["from behind"]
    assert odds.modifiers[0].reason == "attack skill 55"


def test_the_two_step_odds_equal_every_roll_enumerated_at_once():
    """The odds take the checks, then the dice once per stake; the same contest enumerated
    in one pass, every check against every die, gives the very same distribution."""
    from rules.systems.tarnished_tale.checks import count
    from rules.systems.tarnished_tale.contest import resolve
    from rules.systems.tarnished_tale.odds import _contest
    from rules.systems.tarnished_tale.situation import situation

    sc = duel("veteran", "duelist")
    sc.unit("a2", "orc", "a", (1, -1), facing=0)
    st = begin(sc)
    for defence in ("dodge", "block", "sponge", "counter_attack"):
        for mode in ("normal", "defensive"):
            s = situation(st, "a", "d", "melee", mode, defence)
            whole = count(lambda r, s=s: (lambda x: (x.to_defender, x.to_attacker,
                                                     x.armour_loss, x.hit))(resolve(r, s)))
            assert _contest(s) == whole
