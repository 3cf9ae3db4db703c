"""§3.10.1 Grappling and giant grapplers (EMP-76..82).

The position: the brawler (Toughness 15: +1) at (0, 0) facing east, a bare-handed villager
(Toughness 10: +0) beside him at (1, 0); both hardy enough (20 HP) to last.  (Against an
armed foe a grapple meets his longer reach first, EMP-73.)
"""

import pytest

from rules.commands import Attack, Move, Pass, React
from rules.engine import IllegalCommand
from rules.state import ACTIVE
from rules.systems.empress.combat import situation
from rules.systems.empress.events import (
    EmpAttackRolled,
    GrappleBroken,
    Grappled,
    Released,
    SaveRolled,
)
from tests.empress.helpers import act, act_exact, begin, duel, emp, mods, of_type, only, turn_of

GRAB = Attack(unit="me", target="foe", options=("grapple",))


def pair(me: str = "brawler", foe_over=None, me_over=None, **options):
    return begin(duel(("me", me, (0, 0), 0, {"initiative": 20, "hp": 20, **(me_over or {})}),
                      ("foe", "villager", (1, 0), 3, {"hp": 20, "initiative": 10,
                                                      "weapon": "", **(foe_over or {})}),
                      **options))


def test_a_grapple_is_an_unarmed_maneuver_resisted_with_reflexes():
    """EMP-76: PM, −2, no damage; on a hit the villager saves vs Reflexes, adjusted by the
    Toughness modifiers (0 − 1 = −1); failing, he is held."""
    st, ev = act_exact(pair(), GRAB, 14, 9)
    a = only(ev, EmpAttackRolled)
    assert mods(a) == {"EMP-73": 1, "EMP-74": -2} and a.damage_dice == ""
    save = only(ev, SaveRolled)
    assert (save.save, mods(save)) == ("reflexes", {"R-EMP-SAVES": 0, "EMP-76": -1})
    g = only(ev, Grappled)
    assert (g.count, g.pinned) == (1, False)
    assert st.unit("foe").grappled_by == ("me",)


def held_villager(weapon: str = "sword"):
    st = pair(foe_over={"weapon": weapon})
    if weapon == "sword":  # his longer reach gets the first blow (EMP-32, EMP-73): declined
        st, _ = act_exact(st, GRAB)
        st, _ = act_exact(st, React(unit="foe", accept=False), 14, 5)
    else:
        st, _ = act_exact(st, GRAB, 14, 5)
    assert turn_of(st) == "foe"
    return st


def test_a_held_man_cannot_move_and_strikes_only_with_a_very_short_weapon():
    """EMP-77: held, he cannot move, and can engage his holder only with very short weapons
    (a sword is refused; bare hands or a dagger will do) or try to escape."""
    st = held_villager()
    with pytest.raises(IllegalCommand, match="held and cannot move"):
        act(st, Move(unit="foe", path=((1, 0), (2, 0))))
    with pytest.raises(IllegalCommand, match="very short weapon"):
        act(st, Attack(unit="foe", target="me"))
    st2 = held_villager("dagger")
    _, ev = act_exact(st2, Attack(unit="foe", target="me"), 12, 2)
    assert mods(only(ev, EmpAttackRolled))["EMP-79"] == 1


def test_escaping():
    """EMP-77: an escape is an unarmed special maneuver (−2); the holder saves (Reflexes,
    Toughness +1 vs +0: +1) or loses his hold; the count of holds starts again."""
    st = held_villager()
    st, ev = act_exact(st, Attack(unit="foe", target="me", options=("escape",)), 16, 6)
    assert mods(only(ev, EmpAttackRolled))["EMP-74"] == -2
    assert mods(only(ev, SaveRolled))["EMP-76"] == 1
    broken = only(ev, GrappleBroken)
    assert broken.escaped and st.unit("foe").grappled_by == ()
    assert st.unit("foe").grapple_count == 0


def test_three_holds_pin_and_a_pinned_man_is_helpless():
    """EMP-78: grappled three times without escaping, he is pinned; a pinned man is helpless
    (EMP-85): any melee blow at him is an automatic critical."""
    st = pair(foe_over={"grapple_count": 2, "grappled_by": ["me"]})
    st, ev = act_exact(st, GRAB, 14, 5)
    g = only(ev, Grappled)
    assert (g.count, g.pinned) == (3, True) and st.unit("foe").pinned
    s = situation(st, "me", "foe")
    assert s.auto_hit and s.auto_critical


def test_a_save_failed_by_ten_pins_at_once():
    """EMP-78: a critical failure of the grapple save (by 10 or more) pins at once."""
    _st, ev = act_exact(pair(), GRAB, 14, 1)  # 1 − 1 = 0 ≤ 11 − 10
    assert only(ev, SaveRolled).critical_failure
    assert only(ev, Grappled).pinned


def test_inside_the_grapple():
    """EMP-79: disarming the other grappler is unpenalised; he is +1 to hit his grappler and
    −1 to hit anyone else.  EMP-80: attacks within the grapple take 2 off the defender's
    armour Coverage."""
    sc = (emp().side("pcs", True).side("foes")
          .unit("me", "brawler", "pcs", (0, 0), initiative=20, hp=20)
          .unit("foe", "villager", "foes", (1, 0), facing=3, hp=20, armour="light_mail_suit",
                grappled_by=["me"], grapple_count=1)
          .unit("other", "villager", "foes", (0, 1), facing=2, hp=20))
    st = begin(sc)
    s = situation(st, "me", "foe", options=("disarm",))
    assert mods(s)["EMP-79"] == 1 and "EMP-74" not in mods(s)
    assert mods(s.coverage_parts)["EMP-26, EMP-80 (b)"] == -3  # thrusting fist + grapple
    assert mods(situation(st, "me", "other"))["EMP-79"] == -1


def test_a_giant_pins_utterly_and_may_hurl():
    """EMP-81 [GM]: a hill giant (huge, two sizes up) grapples a man: a failed save pins him
    utterly; next round the giant hurls him for 2d6, two hexes away, and lets go."""
    st = begin(duel(("me", "hill_giant", (0, 0), 0, {"initiative": 20}),
                    ("foe", "villager", (1, 0), 3, {"hp": 30, "weapon": ""})))
    st, ev = act_exact(st, GRAB, 18, 5)
    g = only(ev, Grappled)
    assert g.pinned and g.rule == "EMP-81"
    while turn_of(st) != "me":
        st, _ = act(st, Pass(unit=turn_of(st)))
    st, ev = act_exact(st, Attack(unit="me", target="foe", options=("hurl",)), 4, 5)
    a = only(ev, EmpAttackRolled)
    assert (a.roll, a.damage) == (0, 9)
    assert st.unit("foe").pos == (3, 0) and st.unit("foe").grappled_by == ()


def test_the_gm_may_make_the_hurl_harder():
    """EMP-81 [GM]: "2d6 damage and up, depending on nearby surfaces": with the GM's
    `hurl_damage = "3d6"` (a rocky slope) the hurl rolls three dice."""
    st = begin(duel(("me", "hill_giant", (0, 0), 0, {"initiative": 20}),
                    ("foe", "villager", (1, 0), 3, {"hp": 30, "weapon": "",
                                                    "grappled_by": ["me"], "pinned": True}),
                    hurl_damage="3d6"))
    _, ev = act_exact(st, Attack(unit="me", target="foe", options=("hurl",)), 4, 5, 6)
    assert only(ev, EmpAttackRolled).damage == 15


def test_a_swallower_swallows():
    """EMP-81 (R-EMP-SWALLOW): the giant toad's successful grapple swallows the villager: he
    leaves the board, takes 1d6 every round inside, may stab from within with a short
    piercing blade if he made his Reflexes save, and comes out when the toad falls."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "giant_toad", "pcs", (0, 0), initiative=20)
               .unit("foe", "villager", "foes", (1, 0), facing=3, hp=30, weapon="dagger",
                     initiative=10)
               .unit("friend", "villager", "foes", (-5, 0), facing=0))
    st, ev = act_exact(st, GRAB, 15, 5, 14)  # hit, failed save; Reflexes 14: blade free
    assert only(ev, Grappled).swallowed
    foe = st.unit("foe")
    assert foe.pos is None and foe.swallowed_by == "me" and foe.swallow_armed
    assert foe.status == ACTIVE and turn_of(st) == "foe"
    st, ev = act(st, Attack(unit="foe", target="me"), 15, 4, 3)
    assert only(ev, EmpAttackRolled).attacker == "foe"
    st, _ = act(st, Pass(unit="friend"), 3)
    assert st.round == 2 and st.unit("foe").hp < 30
    from dataclasses import replace

    from rules.engine import Context
    from rules.systems.empress.damage import take

    ctx = Context(replace(st, stack=st.stack))
    take(ctx, "me", 40, "melee")
    assert only(ctx.events, Released).unit == "foe" and ctx.state.unit("foe").pos is not None


def test_grappling_the_oversized_is_doomed():
    """EMP-82 [GM]: grappling a foe two or more sizes larger is refused, nothing changes."""
    st = begin(duel(("me", "brawler", (0, 0), 0, {"initiative": 20}),
                    ("foe", "hill_giant", (1, 0), 3, {})))
    with pytest.raises(IllegalCommand, match="doomed to failure"):
        act(st, GRAB)
    assert of_type([], Grappled) == []


def test_inside_a_grapple_reach_does_not_matter():
    """R-EMP-GRAPPLE-REACH: a halberdier who holds a man bare-handed gets no first blow when
    the man tries to escape, and no +1 for his reach."""
    st = begin(emp().side("pcs", True).side("foes")
               .unit("me", "villager", "pcs", (0, 0), initiative=20, weapon="",
                     grappled_by=["hal"], grapple_count=1)
               .unit("hal", "halberdier", "foes", (1, 0), facing=3))
    st, ev = act_exact(st, Attack(unit="me", target="hal", options=("escape",)), 5)
    assert [e.attacker for e in of_type(ev, EmpAttackRolled)] == ["me"]
    assert "EMP-31" not in mods(situation(st, "hal", "me"))
