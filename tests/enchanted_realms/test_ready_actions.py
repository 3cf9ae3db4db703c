"""What a trigger fires (ER-11, ER-12, R-ER-READY-ACTIONS): not only a blow at the foe who
set it off, but the text's own "if the creature approaches within 20 feet of me, I'll run
away", a potion drunk, the friend who dropped tended, a lever pulled -- each offered only
when he could do it, and each done in the middle of the foe's move."""

import pytest

from rules.commands import Attack, Choose, Move, Pass
from rules.engine import legal_commands, ruleset_of
from rules.events import UnitHealed, UnitStepped
from rules.hexgrid import Hex
from rules.systems.enchanted_realms.combat_events import ErAttackRolled
from rules.systems.enchanted_realms.events import (
    DeedDone,
    PotionUsed,
    ReadyFired,
    ReadySet,
    SkillUsed,
)
from rules.systems.enchanted_realms.frames import system
from rules.systems.enchanted_realms.units import er as er_unit
from rules.wording import Words
from tests.enchanted_realms.helpers import act, begin, duel, er, every, only, path

ORC_WALK = path((6, 0), (5, 0), (4, 0), (3, 0), (2, 0))


def _offered(st, unit: str) -> list[str]:
    return [c.option for c in legal_commands(st) if isinstance(c, Choose)
            and c.unit == unit and c.option.startswith("ready:")]


def _sellsword(a_over: dict | None = None, **options):
    """A sellsword (a sword, 30 feet of walking) at (0,0) against an orc at (6,0); the
    sellsword acts first."""
    return begin(duel(("a", "fighting_man", (0, 0)), ("b", "orc", (6, 0)), a_over=a_over,
                      **options), 15, 3)


def _readied(st, option: str):
    st, ev = act(st, Choose(unit="a", option=option))
    assert only(ev, ReadySet).action == (option.split(":", 3)[3:] or ["attack"])[0]
    st, _ = act(st, Pass(unit="a"))
    return st


def test_i_will_run_away_is_offered_beyond_the_reach_of_his_sword() -> None:
    """ER-11's own example, "if the creature approaches within 20 feet of me, I'll run
    away": a sword reaches 5 feet, yet he may watch 20 feet to run (R-ER-READY-MENU)."""
    st = _sellsword()
    offered = _offered(st, "a")
    assert "ready:within:20:run" in offered
    assert "ready:within:20" not in offered  # his sword cannot strike that far
    assert all(ruleset_of(st).check(st, Choose(unit="a", option=o)) is None for o in offered)


def test_he_runs_the_moment_the_foe_comes_within_twenty_feet() -> None:
    """ER-12: the orc's step to 20 feet sets it off; the sellsword runs his whole walking
    rate away from him, then the orc walks on."""
    st = _readied(_sellsword(), "ready:within:20:run")
    st, ev = act(st, Move(unit="b", path=ORC_WALK))
    fired = ev.index(only(ev, ReadyFired))
    assert [e.to_hex for e in every(ev[:fired], UnitStepped)] == [(5, 0), (4, 0)]
    ran = [e for e in every(ev[fired:], UnitStepped) if e.unit == "a"]
    assert ran and ran[0].from_hex == (0, 0)
    a, b = er_unit(st, "a"), er_unit(st, "b")
    assert a.pos == Hex(*ran[-1].to_hex) and b.pos == Hex(2, 0)
    assert a.pos.distance(Hex(4, 0)) > 4  # farther from where the orc stood than before
    assert not every(ev, ErAttackRolled)  # running provokes no blow (R-ER-READY-ACTIONS)
    assert "runs from" in only(ev, ReadyFired).narrate(Words.of(st))


def test_he_drinks_his_potion_when_the_foe_steps_into_the_doorway() -> None:
    """ER-08 item use at the ready: "if a foe steps onto that hex, I drink my potion"."""
    st = _readied(_sellsword({"potions": 1, "hp": 5}), "ready:enter:3,0:potion")
    st, ev = act(st, Move(unit="b", path=ORC_WALK), 3, 2)  # the potion's 2d4
    assert only(ev, PotionUsed).target == "a"
    assert only(ev, UnitHealed).hp_after == 10 and er_unit(st, "a").potions == 0
    assert er_unit(st, "b").pos == Hex(2, 0)


def test_the_potion_is_offered_only_to_one_who_carries_one() -> None:
    st = _sellsword({"potions": 0})
    assert not [o for o in _offered(st, "a") if o.endswith(":potion")]
    why = ruleset_of(st).check(st, Choose(unit="a", option="ready:within:20:potion"))
    assert why is not None and "ER-08" in why


def test_if_the_orc_drops_bob_the_medic_tends_him() -> None:
    """ER-02 field medicine at the ready, on a "drops" trigger: the orc drops Bob beside the
    medic; the medic tends him at once and he is back on his feet (R-ER-DOWN)."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "cleric", "pcs", (3, 0)).unit("bob", "fighting_man", "pcs", (4, 0), hp=1)
    sc.unit("b", "orc", "foes", (5, 0), facing=3)
    st = begin(sc, 15, 3, 10)
    st = _readied(st, "ready:drops:bob:medicine")
    st, _ = act(st, Pass(unit="bob"))
    st, ev = act(st, Attack(unit="b", target="bob"), 20, 6)  # the blow, then the 1d6
    assert ev.index(only(ev, ReadyFired)) < ev.index(only(ev, SkillUsed))
    assert only(ev, SkillUsed).target == "bob" and only(ev, UnitHealed).unit == "bob"
    assert er_unit(st, "bob").fighting and er_unit(st, "bob").hp > 0


def test_field_medicine_fires_only_on_a_friend_dropping() -> None:
    """R-ER-READY-ACTIONS: tending answers "if a foe drops Bob", not a foe's step."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "cleric", "pcs", (0, 0)).unit("bob", "fighting_man", "pcs", (1, 0))
    sc.unit("b", "orc", "foes", (6, 0), facing=3)
    st = begin(sc, 15, 3, 10)
    offered = _offered(st, "a")
    assert "ready:drops:bob:medicine" in offered
    assert not [o for o in offered if o.endswith(":medicine") and ":drops:" not in o]
    why = ruleset_of(st).check(st, Choose(unit="a", option="ready:within:20:medicine"))
    assert why is not None and "R-ER-READY-ACTIONS" in why


def test_a_medic_too_far_from_the_friend_waits() -> None:
    """R-ER-READY-ACTIONS: the action fires only when it can be done: Bob drops out of the
    medic's reach, so the trigger waits (and is lost at his next turn)."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "cleric", "pcs", (0, 0)).unit("bob", "fighting_man", "pcs", (4, 0), hp=1)
    sc.unit("b", "orc", "foes", (5, 0), facing=3)
    st = begin(sc, 15, 3, 10)
    st = _readied(st, "ready:drops:bob:medicine")
    st, _ = act(st, Pass(unit="bob"))
    st, ev = act(st, Attack(unit="b", target="bob"), 20)
    assert not every(ev, ReadyFired) and not er_unit(st, "bob").fighting
    assert system(st).triggers


def test_he_pulls_the_lever_when_the_foe_steps_onto_the_bridge() -> None:
    """A deed at the ready (R-ER-DEED): "if a foe steps onto that hex, I pull the lever";
    the orc walks on after it."""
    st = _readied(_sellsword(deeds=("lever@-1,0",)), "ready:enter:3,0:deed:lever")
    st, ev = act(st, Move(unit="b", path=ORC_WALK))
    assert only(ev, DeedDone).deed == "lever" and system(st).deeds_done == ("lever",)
    assert er_unit(st, "b").pos == Hex(2, 0)
    assert "works the lever" in only(ev, ReadyFired).narrate(Words.of(st))


def test_the_winning_deed_at_the_ready_ends_the_battle_mid_move() -> None:
    st = _readied(_sellsword(deeds=("idol@1,0",), winning_deed="idol"),
                  "ready:within:20:deed:idol")
    st, _ = act(st, Move(unit="b", path=ORC_WALK))
    assert st.outcome is not None and st.outcome.winner == "pcs"


@pytest.mark.parametrize("option, rule", [
    ("ready:within:20:deed:lever", "R-ER-DEED"),  # no lever here
    ("ready:within:20:dance", "R-ER-READY-ACTIONS"),
])
def test_actions_he_cannot_take_are_refused(option: str, rule: str) -> None:
    st = _sellsword()
    why = ruleset_of(st).check(st, Choose(unit="a", option=option))
    assert why is not None and rule in why


def test_the_button_says_the_whole_trigger() -> None:
    """The trigger in a player's words, the "if" and then what he does."""
    st = _sellsword({"potions": 1}, deeds=("lever@-1,0",))
    rs, w = ruleset_of(st), Words.of(st)
    said = {o: rs.word_command(st, Choose(unit="a", option=o), w) for o in (
        "ready:within:20:run", "ready:within:20:potion", "ready:within:20:deed:lever")}
    assert said == {
        "ready:within:20:run": "Stand at the ready: if a foe comes within 20 feet, he runs "
                               "from him",
        "ready:within:20:potion": "Stand at the ready: if a foe comes within 20 feet, he "
                                  "drinks a healing potion",
        "ready:within:20:deed:lever": "Stand at the ready: if a foe comes within 20 feet, "
                                      "he works the lever",
    }
