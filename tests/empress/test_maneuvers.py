"""§3.9 Unarmed combat and §3.10 special maneuvers: forcing back, disarming, combined
maneuvers (EMP-73..75).

The position: the attacker at (0, 0) facing east, his foe at (1, 0) facing west.
"""

import pytest

from rules.commands import Attack, React
from rules.engine import IllegalCommand
from rules.state import state_hash
from rules.systems.empress.combat import situation
from rules.systems.empress.events import Disarmed, EmpAttackRolled, ForcedBack, SaveRolled
from rules.systems.empress.move_events import ReactionOffered
from tests.empress.helpers import act_exact, begin, duel, mods, of_type, only


def pair(me: str, foe: str = "villager", me_over=None, foe_over=None, **options):
    return begin(duel(("me", me, (0, 0), 0, {"initiative": 20, **(me_over or {})}),
                      ("foe", foe, (1, 0), 3, {"hp": 20, **(foe_over or {})}), **options))


def test_unarmed_attacks():
    """EMP-73: bare-handed the brawler always uses his PM, does 1d2 and counts as Thrusting
    (light mail 4 → 3)."""
    st = pair("brawler", "villager", foe_over={"armour": "light_mail_suit", "weapon": ""})
    s = situation(st, "me", "foe")
    assert s.modifiers[0].rule == "EMP-73" and s.modifiers[0].value == 1
    assert str(s.damage) == "1d2" and mods(s.coverage_parts)["EMP-26 (b)"] == -1


def test_unarmed_against_an_armed_foe_reach_applies():
    """EMP-73: "if one's opponent is armed, all the usual considerations of weapon reach and
    parrying surfaces apply": punching a swordsman (4 ft against 2) gives him the first
    blow (EMP-32)."""
    st = pair("brawler", "villager", foe_over={"weapon": "sword"})
    st, ev = act_exact(st, Attack(unit="me", target="foe"))
    assert only(ev, ReactionOffered).trigger == "reach"


def test_forcing_back():
    """EMP-74: a special maneuver is −2 to hit and does no damage; the target saves (here
    vs Fortitude, R-EMP-MANEUVER-SAVES) and, failing, is forced back a hex."""
    st = pair("orc")
    st, ev = act_exact(st, Attack(unit="me", target="foe", options=("force_back",)), 15, 3)
    a = only(ev, EmpAttackRolled)
    assert mods(a)["EMP-74"] == -2 and a.damage == 0 and a.damage_dice == ""
    assert only(ev, SaveRolled).save == "fortitude"
    moved = only(ev, ForcedBack)
    assert (moved.from_hex, moved.to_hex) == ((1, 0), (2, 0))
    assert st.unit("foe").pos == (2, 0) and st.unit("foe").hp == 20


def test_the_save_is_minus_4_after_a_critical():
    """EMP-74: the target's save is −4 if the maneuver's roll was a critical."""
    st = pair("orc")
    _, ev = act_exact(st, Attack(unit="me", target="foe", options=("disarm",)), 20, 14)
    save = only(ev, SaveRolled)
    assert mods(save)["EMP-74"] == -4 and not save.success  # 14 − 4 = 10
    assert only(ev, Disarmed).weapon == "broom_handle"


def test_disarming():
    """EMP-74: disarmed (a failed Reflexes save), the villager fights on bare-handed."""
    st = pair("orc")
    st, ev = act_exact(st, Attack(unit="me", target="foe", options=("disarm",)), 15, 4)
    assert only(ev, Disarmed).now == "" and st.unit("foe").weapon == ""
    assert st.unit("foe").reach_ft == 2


def test_combined_maneuvers_are_for_warriors_at_minus_4():
    """EMP-75: a blow and a disarm at once: −4, damage and the effect; a man without Warrior
    levels is refused, and nothing changes."""
    st = pair("fighting_man")
    st, ev = act_exact(st, Attack(unit="me", target="foe", options=("strike", "disarm")),
                       19, 5, 3)
    a = only(ev, EmpAttackRolled)
    assert mods(a)["EMP-75"] == -4 and a.damage == 5
    assert only(ev, Disarmed)
    st = pair("orc")
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="only Warriors may combine"):
        act_exact(st, Attack(unit="me", target="foe", options=("strike", "disarm")))
    assert state_hash(st) == h


def test_maneuvers_need_the_foe_close():
    """R-EMP-MANEUVER-RANGE: a special maneuver is made on a foe in the next hex, even with
    a long weapon."""
    st = begin(duel(("me", "halberdier", (0, 0), 0, {"initiative": 20}),
                    ("foe", "villager", (2, 0), 3, {})))
    with pytest.raises(IllegalCommand, match="close at hand"):
        act_exact(st, Attack(unit="me", target="foe", options=("force_back",)))
    assert of_type([], React) == []
