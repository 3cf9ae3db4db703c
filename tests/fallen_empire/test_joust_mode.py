"""The joust as a mode on the Fallen Empire engine: checklist FE-44..FE-54 and EX-FE-02.

Each test sets up what a GM would describe ("Sir Kay, a 3rd-level knight, rides against
Sir Bors, a 2nd-level knight; Kay throws three dice, Bors two") and plays it through the
engine's `submit` with scripted dice, as the tests of the skirmish rules do.  Side A is the
first side of the set-up; its rider chooses first, then B's; A's dice are rolled first.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.builder import Scenario
from rules.commands import Choose, Pass
from rules.engine import (
    IllegalCommand,
    check,
    decider,
    evolve_all,
    initial_state,
    legal_commands,
    scripted,
    start,
    submit,
)
from rules.events import (
    BattleEnded,
    UnitDamaged,
    UnitStatusChanged,
    event_from_json,
    event_to_json,
)
from rules.playout import random_playout
from rules.state import ACTIVE, DOWN, GONE, Battle, state_hash
from rules.systems.fallen_empire.frames import RoundFrame
from rules.systems.fallen_empire.joust import (
    JoustRules,
    JoustState,
    legal_throw_sizes,
    round_win_probability,
    uniform_policy,
)
from rules.systems.fallen_empire.joust_mode import (
    JoustBegan,
    JoustFrame,
    JoustStakesSettled,
    JoustThrowChosen,
    JoustThrown,
    joust_frame,
)
from rules.systems.fallen_empire.joust_odds import advise_throw, joust_odds
from tests.fallen_empire.helpers import of_type, only


def lists(a: str = "knight", b: str = "knight", seed: int = 0, a_over: dict | None = None,
          b_over: dict | None = None, pcs: str = "pcs", other: str = "rival",
          pcs_first: bool = True, **options) -> Scenario:
    """Two riders at either end of the lists: A (side `pcs`) at (0,0), B at (6,0)."""
    sc = Scenario("fallen_empire", seed=seed)
    sc = sc.side(pcs, player_characters=True).side(other) if pcs_first else \
        sc.side(other).side(pcs, player_characters=True)
    side_a, side_b = (pcs, other) if pcs_first else (other, pcs)
    sc = sc.unit("kay", a, side_a, (0, 0), facing=0, **(a_over or {}))
    sc = sc.unit("bors", b, side_b, (6, 0), facing=3, **(b_over or {}))
    return sc.options(**{"mode": "joust", **options})


def begin(sc: Scenario) -> Battle:
    state, events = start(sc.build())
    assert [type(e) for e in events] == [JoustBegan]
    return state


def throw(state: Battle, n_a: int, n_b: int, *dice: int) -> tuple[Battle, list]:
    """Both riders choose (A then B); the scripted `dice` are A's, then B's, then any injury
    damage.  Returns the state and every event of the throw."""
    state, ev_a = submit(state, Choose(unit="kay", option=str(n_a)), scripted())
    state, ev_b = submit(state, Choose(unit="bors", option=str(n_b)), scripted(*dice))
    return state, ev_a + ev_b


def frame(state: Battle) -> JoustFrame:
    f = joust_frame(state)
    assert f is not None
    return f


def replays(setup, events, final: Battle) -> bool:
    return state_hash(evolve_all(initial_state(setup), events)) == state_hash(final)


# --- FE-44: who may joust; FE-47: pools ------------------------------------------------------

def test_fe44_joust_mode_starts_with_a_joust_frame_not_a_round():
    """FE-44/FE-47: a 3rd-level knight (pool 3) against a 1st-level Fighting-Man (pool 1).
    The battle opens on the joust, with side A's rider to choose first."""
    state = begin(lists(b="fighting_man"))
    f = frame(state)
    assert isinstance(state.top, JoustFrame) and f.step == "choose"
    assert (f.bout.pool_a, f.bout.pool_b) == (3, 1)
    assert decider(state) == "pcs"
    assert legal_commands(state) == [Choose(unit="kay", option=o) for o in ("1", "2", "3")]


def test_skirmish_is_still_the_default_mode():
    """Without `mode` (or with mode "skirmish") a battle is the ordinary round (FE-06...)."""
    base = Scenario("fallen_empire").side("a").side("b").unit("x", "knight", "a", (0, 0)) \
        .unit("y", "orc", "b", (3, 0))
    assert isinstance(initial_state(base.build()).top, RoundFrame)
    assert isinstance(initial_state(base.options(mode="skirmish").build()).top, RoundFrame)


@pytest.mark.parametrize("template", ["magic_user", "thief", "orc"])
def test_fe44_one_who_cannot_wear_plate_and_carry_lance_is_refused(template):
    """FE-44 / R-FE-JOUST-ENTRANT: a Magic-User (no armour), a Thief (leather only) or a
    monster cannot enter the lists; the refusal names the unit and the rule."""
    with pytest.raises(ValueError, match=r"'bors'.*may not joust.*FE-44.*R-FE-JOUST-ENTRANT"):
        initial_state(lists(b=template).build())


@pytest.mark.parametrize(("template", "pool"), [("cleric", 1), ("dwarf", 1), ("elf", 1),
                                                 ("man_at_arms_spear", 1), ("veteran", 1)])
def test_fe44_fighters_clerics_demi_men_and_men_at_arms_may_joust(template, pool):
    """FE-44 / R-FE-JOUST-ENTRANT: anyone who can wear plate and carry shield and lance -
    Fighting-Men, Clerics, demi-men, men-at-arms.  FE-47: a level-0 man-at-arms still has
    one die."""
    assert frame(begin(lists(b=template))).bout.pool_b == pool


@pytest.mark.parametrize(("template", "pool"), [("orc", 1), ("hobgoblin", 2), ("goblin", 1),
                                                 ("bugbear", 4)])
def test_fe47_gm_admits_a_monster_whose_pool_counts_a_fraction_as_a_die(template, pool):
    """FE-47 / R-FE-JOUST-POOL (a): with the GM's leave (joust_entrant_kinds) a hobgoblin
    (1+1 HD) has 2 dice, a bugbear (3+1) 4, a goblin (1-1) 1."""
    sc = lists(b=template, joust_entrant_kinds=["fighting-man", "monster"])
    assert frame(begin(sc)).bout.pool_b == pool


@pytest.mark.parametrize(("options", "units", "message"), [
    ({"mode": "tourney"}, None, 'mode: .tourney. is not "skirmish" or "joust"'),
    ({"joust_max_throws": 0}, None, "joust_max_throws"),
    ({"joust_stakes": "gold"}, None, 'joust_stakes: .gold. is not "none" or "black_knight"'),
    ({"joust_helm_tipping": "yes"}, None, "joust_helm_tipping"),
    ({}, "three", "exactly one rider"),
])
def test_bad_joust_set_ups_are_refused_with_a_reason(options, units, message):
    sc = lists(**options)
    if units == "three":
        sc = sc.unit("squire", "veteran", "pcs", (1, 0))
    with pytest.raises(ValueError, match=message):
        initial_state(sc.build())


def test_a_joust_is_between_exactly_two_sides():
    sc = lists().side("crowd").unit("herald", "veteran", "crowd", (0, 3))
    with pytest.raises(ValueError, match="exactly two sides"):
        initial_state(sc.build())


# --- FE-48: the secret throw -------------------------------------------------------------------

def test_fe48_first_choice_is_kept_secret_until_both_have_chosen():
    """FE-48: "each player secretly chooses ... and hides the number".  Whatever Kay chose,
    the event the log gets reads the same, B is offered the same throws, and the number
    is only in the state (for the engine) until the dice are thrown."""
    state = begin(lists())
    seen = []
    for n in (1, 2, 3):
        after, events = submit(state, Choose(unit="kay", option=str(n)), scripted())
        e = only(events, JoustThrowChosen)
        assert (e.side, e.unit, e.rolls) == ("pcs", "kay", ())
        seen.append((e.narrate(), e.sealed))
        assert frame(after).chosen_a == n and decider(after) == "rival"
        assert legal_commands(after) == legal_commands(submit(state, Choose(
            unit="kay", option="1"), scripted())[0])
    assert len({text for text, _ in seen}) == 1  # the narration never differs
    assert sorted(sealed for _, sealed in seen) == [0, 1, 2]  # a permutation: a pad


def test_fe48_the_sealed_value_depends_on_the_battle_seed_not_the_choice_alone():
    """The sealed number is a one-time pad drawn from the seed: over different battles, the
    same choice (three dice) seals to every value, so the log alone reveals nothing."""
    sealed = set()
    for seed in range(12):
        state = begin(lists(seed=seed))
        _, ev = submit(state, Choose(unit="kay", option="3"), scripted())
        sealed.add(only(ev, JoustThrowChosen).sealed)
    assert sealed == {0, 1, 2}


def test_fe48_both_choose_then_the_dice_fly_at_the_signal():
    """FE-48/FE-50: Kay (3 dice) throws 6-4-2, Bors (2 dice) throws 5-4.  6 beats 5; the 4s
    tie and Bors threw fewer dice, so the tie is his (FE-49): each loses one die."""
    state = begin(lists(b_over={"level": 2}))
    state, ev = throw(state, 3, 2, 6, 4, 2, 5, 4)
    t = only(ev, JoustThrown)
    assert t.rolls == (6, 4, 2, 5, 4)  # every die is in the event that used it
    assert (t.dice_a, t.dice_b, t.lost_a, t.lost_b) == ((6, 4, 2), (5, 4), 1, 1)
    assert (t.pool_a, t.pool_b) == (2, 1)  # FE-50: each lost pair costs the loser a die
    cites = " ".join(c for _, c in t.notes)
    assert "FE-49" in cites and "FE-50" in cites
    assert (frame(state).bout.pool_a, frame(state).bout.pool_b) == (2, 1)
    assert decider(state) == "pcs" and frame(state).chosen_a == 0


def test_fe51_a_whole_joust_played_through_submit():
    """FE-48..FE-51, both pools tracked: Sir Kay (level 3, 3 dice) v Sir Bors (level 2,
    2 dice).  Ride 1: 6-4-2 v 5-4 → 2 v 1.  Ride 2: Kay 3-3 v Bors 3: the tie is Bors's
    (fewer dice), Kay loses one → 1 v 1.  Ride 3: 5 v 2 → Bors is out of dice; Kay wins
    with the larger pool (FE-51)."""
    sc = lists(b_over={"level": 2})
    setup = sc.build()
    state, events = start(setup)
    for n_a, n_b, dice in ((3, 2, (6, 4, 2, 5, 4)), (2, 1, (3, 3, 3)), (1, 1, (5, 2))):
        state, ev = throw(state, n_a, n_b, *dice)
        events += ev
    pools = [(e.pool_a, e.pool_b) for e in of_type(events, JoustThrown)]
    assert pools == [(2, 1), (1, 1), (1, 0)]
    assert [type(e).__name__ for e in events] == [
        "JoustBegan", "JoustThrowChosen", "JoustThrowChosen", "JoustThrown",
        "JoustThrowChosen", "JoustThrowChosen", "JoustThrown",
        "JoustThrowChosen", "JoustThrowChosen", "JoustThrown", "BattleEnded"]
    end = only(events, BattleEnded)
    assert end.winner == "pcs" and "FE-51" in end.reason and "bors is out of dice" in end.reason
    assert state.outcome is not None and decider(state) is None
    assert replays(setup, events, state)


# --- illegal throws -------------------------------------------------------------------------

@pytest.mark.parametrize(("cmd", "why"), [
    (Choose(unit="bors", option="1"), "pcs's turn to choose a throw in secret; bors chooses"),
    (Choose(unit="kay", option="4"), "at most three dice"),
    (Choose(unit="kay", option="0"), "at least one die"),
    (Choose(unit="kay", option="two"), "number of dice to throw"),
    (Choose(unit="ghost", option="1"), "no unit 'ghost'"),
    (Pass(unit="kay"), "only command is Choose"),
])
def test_fe48_illegal_choices_are_refused_with_a_reason_and_change_nothing(cmd, why):
    state = begin(lists())
    before = state_hash(state)
    assert why in (check(state, cmd) or "")
    with pytest.raises(IllegalCommand, match=why):
        submit(state, cmd, scripted())
    assert state_hash(state) == before


def test_fe48_no_more_dice_than_remain_in_the_pool():
    """FE-48: a 1st-level Fighting-Man has one die: he may not throw two.  And once Kay has
    chosen he may not choose again."""
    state = begin(lists(b="fighting_man"))
    state, _ = submit(state, Choose(unit="kay", option="3"), scripted())
    assert legal_commands(state) == [Choose(unit="bors", option="1")]
    assert "only 1 die left in his pool" in check(state, Choose(unit="bors", option="2"))
    assert "already chosen" in check(state, Choose(unit="kay", option="2"))
    before = state_hash(state)
    with pytest.raises(IllegalCommand):
        submit(state, Choose(unit="bors", option="2"), scripted())
    assert state_hash(state) == before


# --- FE-52 / EX-FE-02: unhorsing -------------------------------------------------------------

def test_ex_fe02_three_fives_unhorse_and_end_the_round():
    """EX-FE-02 / FE-52: Kay throws 5-5-5 against 6-4-3: Bors is unhorsed, the round ends
    at once and Kay wins it, though Bors's 6 beat a 5 (no dice are counted)."""
    state = begin(lists())
    state, ev = throw(state, 3, 3, 5, 5, 5, 6, 4, 3)
    t = only(ev, JoustThrown)
    assert (t.ended_by, t.unhorsed, t.winner, t.lost_a, t.lost_b) == (
        "unhorsed", ("bors",), "pcs", 0, 0)
    s = only(ev, UnitStatusChanged)
    assert (s.unit, s.status, s.condition, s.rule) == ("bors", ACTIVE, "unhorsed", "FE-52")
    assert state.unit("bors").mounted is False and state.unit("kay").mounted is True
    end = only(ev, BattleEnded)
    assert end.winner == "pcs" and "FE-52" in end.reason and "unhorsed bors" in end.reason


def test_fe52_referee_may_rule_the_helm_tipped_off_instead():
    """FE-52: "the Referee may say that the helm is tipped off rather than the rider being
    unhorsed" - same result, the rider stays in the saddle."""
    state = begin(lists(joust_helm_tipping=True))
    state, ev = throw(state, 1, 1, 4, 4)  # a level ride first: nobody loses a die
    assert only(ev, JoustThrown).ended_by == ""
    state, ev = throw(state, 3, 3, 6, 6, 6, 5, 4, 1)
    assert only(ev, UnitStatusChanged).condition == "helm tipped off"
    assert state.unit("bors").mounted is True
    assert "tipped the helm off" in only(ev, BattleEnded).reason


# --- FE-53 / EX-FE-02: injury ----------------------------------------------------------------

def test_ex_fe02_triple_ones_injure_and_do_real_damage():
    """EX-FE-02 / FE-53: Kay throws 1-1-1 - no unhorsing: Bors is injured and takes 3d6
    real damage (6+6+5 = 17 against his 14 HP: he goes down), Kay is ejected for
    dishonour, and Bors wins the round."""
    state = begin(lists())
    state, ev = throw(state, 3, 3, 1, 1, 1, 6, 5, 4, 6, 6, 5)
    t = only(ev, JoustThrown)
    assert (t.ended_by, t.injured, t.ejected, t.injury_dice) == (
        "injury", ("bors",), ("kay",), (("bors", 3),))
    assert t.rolls == (1, 1, 1, 6, 5, 4)
    dmg = only(ev, UnitDamaged)
    assert (dmg.unit, dmg.amount, dmg.hp_after, dmg.rolls) == ("bors", 17, -3, (6, 6, 5))
    assert state.unit("bors").hp == -3
    status = {e.unit: (e.status, e.condition) for e in of_type(ev, UnitStatusChanged)}
    assert status == {"bors": (DOWN, "injured in the joust"),
                      "kay": (GONE, "ejected for dishonour")}
    end = only(ev, BattleEnded)
    assert end.winner == "rival" and "FE-53" in end.reason


def test_fe53_a_single_one_injures_for_one_die_and_he_leaves_to_recover():
    """FE-53: "all 1's on one, two or three dice": Bors's lone die shows 1, so Kay is
    injured for one die (4): still standing at 10 HP, he is out of the tournament."""
    state = begin(lists())
    state, ev = throw(state, 2, 1, 6, 5, 1, 4)
    assert only(ev, UnitDamaged).amount == 4 and state.unit("kay").hp == 10
    assert (state.unit("kay").status, state.unit("kay").condition) == (
        GONE, "injured, out of the tournament to recover")
    assert state.unit("bors").condition == "ejected for dishonour"
    assert only(ev, BattleEnded).winner == "pcs"


def test_fe53_both_throw_all_ones_both_injured_a_draw():
    """R-FE-JOUST-INJURY: both throw nothing but 1s: each takes dice equal to the other's
    throw (Kay 2d6 from Bors's two dice, Bors 1d6), both are out, nobody wins."""
    state = begin(lists())
    state, ev = throw(state, 1, 2, 1, 1, 1, 3, 4, 2)
    assert [(d.unit, d.amount, d.rolls) for d in of_type(ev, UnitDamaged)] == [
        ("kay", 7, (3, 4)), ("bors", 2, (2,))]
    assert state.unit("kay").condition.endswith("ejected for dishonour")
    end = only(ev, BattleEnded)
    assert end.winner is None and "draw" in end.reason


# --- FE-46 option (b): three rides ---------------------------------------------------------

def test_fe46_gm_three_rides_then_the_larger_pool_and_a_level_draw():
    """FE-46 (b), R-FE-JOUST-RIDES: with joust_max_throws=1, one ride decides: 5 v 5 on a
    die each costs nobody a die (R-FE-JOUST-TIES), so the pools stay level: a draw."""
    state = begin(lists(joust_max_throws=1))
    state, ev = throw(state, 1, 1, 5, 5)
    end = only(ev, BattleEnded)
    assert end.winner is None and "R-FE-JOUST-RIDES" in end.reason
    state2 = begin(lists(joust_max_throws=1))
    state2, ev2 = throw(state2, 1, 1, 6, 5)
    assert only(ev2, BattleEnded).winner == "pcs"


# --- FE-54: the black knight -----------------------------------------------------------------

def test_fe54_black_knight_wins_and_takes_horse_and_armour():
    """FE-54: the black knight (the side that is not the player characters') unhorses the
    PC: "he will take that character's horse and armor!" - the PC ends unarmoured and on
    foot, and the battle's end says so."""
    state = begin(lists(joust_stakes="black_knight"))
    state, ev = throw(state, 3, 3, 6, 5, 4, 2, 2, 2)
    stakes = only(ev, JoustStakesSettled)
    assert (stakes.winner, stakes.stripped) == ("rival", "kay")
    kay = state.unit("kay")
    assert (kay.armour, kay.mounted) == ("none", False)
    end = only(ev, BattleEnded)
    assert end.winner == "rival" and "FE-54" in end.reason
    assert "horse and armour" in end.reason


def test_fe54_pc_wins_and_the_party_rests_at_the_castle():
    """FE-54: "If the PC wins, the whole party gets to stay at the castle, rest up, and get
    fresh horses" - nothing of the knight's is taken.  Here the black knight's side is
    listed first, so he is side A; the PCs are B."""
    state = begin(lists(joust_stakes="black_knight", pcs_first=False))
    state, _ = throw(state, 1, 1, 2, 6)  # Kay (A, the black knight) 2 v Bors (B, PC) 6
    state, _ = throw(state, 1, 1, 3, 4)
    state, ev3 = throw(state, 1, 1, 2, 5)
    end = only(ev3, BattleEnded)
    assert end.winner == "pcs"
    assert "rest" in end.reason and "castle" in end.reason and "fresh horses" in end.reason
    assert only(ev3, JoustStakesSettled).stripped == ""
    assert state.unit("kay").armour == "plate"


def test_fe54_a_drawn_challenge_changes_nothing():
    state = begin(lists(joust_stakes="black_knight", joust_max_throws=1))
    state, ev = throw(state, 2, 2, 4, 3, 4, 3)
    assert only(ev, BattleEnded).winner is None
    assert "nothing changes hands" in only(ev, JoustStakesSettled).forfeit
    assert state.unit("kay").armour == "plate"


# --- odds and advice -------------------------------------------------------------------------

def test_odds_are_exact_and_ignore_the_secret_choice():
    """The UI shows exact odds (both riders choosing uniformly): they sum to 1, the 3-die
    knight is favoured over the 2-die one (FE-51 "the higher-Level combatant enjoys a
    strong advantage"), and Kay's pending secret choice does not change them."""
    state = begin(lists(b_over={"level": 2}))
    odds = joust_odds(state)
    assert sum(odds.values()) == 1
    assert odds == {**{"pcs": odds["pcs"], "rival": odds["rival"]}, "draw": odds["draw"]}
    expected = round_win_probability(JoustState.start(3, 2), JoustRules(), uniform_policy,
                                     uniform_policy)
    assert (odds["pcs"], odds["rival"], odds["draw"]) == (
        expected["a"], expected["b"], expected["draw"])
    assert odds["pcs"] > odds["rival"]
    chosen, _ = submit(state, Choose(unit="kay", option="3"), scripted())
    assert joust_odds(chosen) == odds


def test_odds_of_equal_riders_are_even_and_a_finished_joust_is_certain():
    state = begin(lists())
    odds = joust_odds(state)
    assert odds["pcs"] == odds["rival"]
    state, _ = throw(state, 3, 3, 5, 5, 5, 6, 4, 3)
    assert joust_odds(state) == {"pcs": Fraction(1), "rival": Fraction(0), "draw": Fraction(0)}


def test_ai_advice_is_a_legal_throw():
    state = begin(lists(b="fighting_man"))
    assert advise_throw(state, "pcs") in legal_throw_sizes(3)
    state, _ = submit(state, Choose(unit="kay", option="2"), scripted())
    assert advise_throw(state, "rival") == 1


# --- replay ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_random_legal_joust_to_the_end_replays_exactly(seed):
    """Random legal throws to the end of the round, on the seeded dice stream: the battle
    ends, every die rolled is inside an event, the events survive JSON, and folding them
    onto the initial state rebuilds the final state exactly."""
    sc = lists(seed=seed, b_over={"level": 2}, joust_stakes="black_knight")
    setup = sc.build()
    p = random_playout(setup, seed)
    assert p.final.outcome is not None
    assert sum(len(e.rolls) for e in p.events) == p.final.dice_counter
    decoded = [event_from_json(event_to_json(e)) for e in p.events]
    assert decoded == p.events
    assert replays(setup, decoded, p.final)
    assert any(isinstance(e, JoustThrown) for e in p.events)
    for e in p.events:
        assert e.narrate()


def test_many_random_jousts_end_and_replay():
    for seed in range(40):
        setup = lists(seed=seed, a="knight", b="dwarf", joust_max_throws=None).build()
        p = random_playout(setup, seed + 100)
        assert p.final.outcome is not None
        assert replays(setup, p.events, p.final)
