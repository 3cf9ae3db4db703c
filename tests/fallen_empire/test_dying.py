"""FE-39 … FE-43 Character Death: "When characters reach zero Hit Points, they are hovering on
the brink of consciousness ... They cannot move ...  From -1 to -10 hits, you're on the edge
of consciousness, unable to act.  You can crawl 10 feet if the situation allows it.  At The
End Of Each Round (1 minute Round) you Save or Die.  If you miss it, you're dead. ...  If you
are stable, you cannot fight or cast spells, but you can move with the group.  You can apply
your own Bandages or drink a potion if you make a CON check ... This raises you to 0 HP and
you don't need to make any more checks."

Engine readings: FE-40 (a) below −10 is dead; FE-41 (b) only those at −1 to −10 save (a
level-1 Fighting-Man needs 12 on a d20, R-FE-SAVES); FE-43 the CON check is d20 at or under
CON (R-FE-CON-CHECK).  The fallen Fighting-Man is "fighter"; his friend "f2" and the orcs
stand well away unless a test says otherwise, so the battle goes on.
"""

import pytest

from rules.commands import Attack, Declare, Move, UseItem
from rules.engine import IllegalCommand, legal_commands
from rules.events import UnitDamaged, UnitHealed, UnitStatusChanged, UnitStepped
from rules.state import DEAD, DOWN, state_hash
from rules.systems.fallen_empire.events import ItemUsed, SaveOrDie
from rules.systems.fallen_empire.frames import DeclareFrame
from tests.fallen_empire.helpers import act, begin, declare, end_phase, fe, of_type, only, to_phase


def field(orc_at=(9, 0), orc=None, **fighter):
    return begin(fe().side("men", True).side("orcs")
                 .unit("fighter", "fighting_man", "men", (0, 0), facing=0, **fighter)
                 .unit("f2", "fighting_man", "men", (-8, 0), facing=0)
                 .unit("orc", "orc", "orcs", orc_at, facing=3, **(orc or {})))


def down(hp=-4, condition="dying", **more):
    return {"hp": hp, "max_hp": 6, "status": DOWN, "condition": condition, **more}


def finish_round(st, *dice):
    """End the remaining phases; `dice` are for the end of the round (Save or Die)."""
    events = []
    while not isinstance(st.top, DeclareFrame) and st.outcome is None:
        st, ev = end_phase(st, *dice)
        events += ev
    return st, events


def orc_hits_fighter(fighter_hp, damage_roll, str_dmg=0):
    """The orc (1 HD, needs 14 against chain) strikes the shieldless fighter for the sword's
    1d8 + `str_dmg`."""
    st = field(orc_at=(1, 0), orc={"str_dmg": str_dmg}, hp=fighter_hp, shield="")
    st, _ = declare(st, {"fighter": "melee", "f2": "melee", "orc": "melee"}, initiative=(1, 6))
    st = to_phase(st, "melee", "orcs")
    return act(st, Attack(unit="orc", target="fighter"), 14, damage_roll)


# --- FE-39: exactly 0 HP ---------------------------------------------------------------------

def test_at_zero_he_is_on_the_brink():
    """FE-39: "When characters reach zero Hit Points, they are hovering on the brink": 4 HP,
    4 damage → 0 HP, down."""
    st, ev = orc_hits_fighter(4, 4)
    assert only(ev, UnitDamaged).hp_after == 0
    change = only(ev, UnitStatusChanged)
    assert (change.unit, change.status, change.condition, change.rule) == (
        "fighter", DOWN, "at 0 HP, on the brink", "FE-39")
    assert not st.unit("fighter").fighting


def test_at_zero_no_save_or_die_reading_b():
    """FE-41 reading (b): at exactly 0 HP there is no Save or Die at the end of the round."""
    st, _ = orc_hits_fighter(4, 4)
    st, ev = finish_round(st)
    assert of_type(ev, SaveOrDie) == []
    assert st.unit("fighter").condition == "at 0 HP, on the brink"


def test_at_zero_he_cannot_move_or_fight():
    """FE-39: "They cannot move": next round he may only rest or (FE-43) tend himself; a move,
    a crawl or an attack is refused, with what he may declare."""
    st = field(**down(hp=0, condition="at 0 HP, on the brink"))
    options = {c.action for c in legal_commands(st) if c.unit == "fighter"}
    assert options == {"rest", "self_help"}
    snapshot = state_hash(st)
    for action in ("move", "crawl", "melee"):
        with pytest.raises(IllegalCommand) as err:
            act(st, Declare(unit="fighter", action=action))
        assert f"cannot declare {action!r}" in err.value.reason
        assert "rest, self_help" in err.value.reason
    assert state_hash(st) == snapshot


def test_at_zero_with_nothing_to_use_he_declares_nothing():
    """FE-39: without Bandages or potion he has nothing to declare at all."""
    st = field(**down(hp=0, condition="at 0 HP, on the brink", bandages=0, potions=0))
    assert not any(c.unit == "fighter" for c in legal_commands(st))


# --- FE-40: −1 to −10 dying, below −10 dead ----------------------------------------------

def test_minus_ten_is_dying():
    """FE-40: "From -1 to -10 hits ... unable to act": 1 HP, 6 + 5 = 11 damage → −10, dying."""
    st, ev = orc_hits_fighter(1, 6, str_dmg=5)
    assert only(ev, UnitDamaged).hp_after == -10 and st.unit("fighter").hp == -10
    change = only(ev, UnitStatusChanged)
    assert (change.status, change.condition, change.rule) == (DOWN, "dying", "FE-40")


def test_below_minus_ten_is_dead_reading_a():
    """FE-40 reading (a): one more point (12 damage → −11) and he is dead at once."""
    st, ev = orc_hits_fighter(1, 7, str_dmg=5)
    assert only(ev, UnitDamaged).hp_after == -11
    change = only(ev, UnitStatusChanged)
    assert (change.status, change.condition, change.rule) == (DEAD, "dead", "FE-40 (a)")
    st, ev = finish_round(st)
    assert of_type(ev, SaveOrDie) == []


def test_dying_he_may_crawl_ten_feet():
    """FE-40: "You can crawl 10 feet": two hexes."""
    st = field(**down(bandages=0, potions=0))
    st, _ = declare(st, {"fighter": "crawl", "f2": "melee", "orc": "melee"}, initiative=(6, 1))
    st = to_phase(st, "movement", "men")
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, Move(unit="fighter", path=((0, 0), (-1, 0), (-2, 0), (-3, 0))))
    assert "costs 3 but only 2 is allowed" in err.value.reason
    assert state_hash(st) == snapshot
    st, ev = act(st, Move(unit="fighter", path=((0, 0), (-1, 0), (-2, 0))))
    assert [e.to_hex for e in of_type(ev, UnitStepped)] == [(-1, 0), (-2, 0)]
    assert st.unit("fighter").pos.q == -2 and st.unit("fighter").condition == "dying"


def test_dying_he_cannot_act():
    """FE-40: "unable to act": melee, missile or an ordinary move may not be declared."""
    st = field(**down(bandages=0, potions=0))
    options = {c.action for c in legal_commands(st) if c.unit == "fighter"}
    assert options == {"rest", "crawl"}
    for action in ("melee", "move", "other"):
        with pytest.raises(IllegalCommand):
            act(st, Declare(unit="fighter", action=action))


# --- FE-41: Save or Die at the end of each round -----------------------------------------

def test_save_or_die_made():
    """FE-41: at the end of the round he saves: d20 12 against 12 — he hangs on."""
    st = field(**down(bandages=0, potions=0))
    st, _ = declare(st, {"fighter": "rest", "f2": "melee", "orc": "melee"}, initiative=(6, 1))
    st, ev = finish_round(st, 12)
    save = only(ev, SaveOrDie)
    assert (save.unit, save.roll, save.needed, save.survived) == ("fighter", 12, 12, True)
    assert save.rolls == (12,)
    assert st.unit("fighter").condition == "dying"


def test_save_or_die_missed_is_death():
    """FE-41: "If you miss it, you're dead": 11 against 12."""
    st = field(**down(bandages=0, potions=0))
    st, _ = declare(st, {"fighter": "rest", "f2": "melee", "orc": "melee"}, initiative=(6, 1))
    st, ev = finish_round(st, 11)
    assert not only(ev, SaveOrDie).survived
    change = only(ev, UnitStatusChanged)
    assert (change.unit, change.status, change.condition, change.rule) == (
        "fighter", DEAD, "dead", "FE-41")
    assert st.unit("fighter").status == DEAD


def test_save_or_die_every_round():
    """FE-41: "At The End Of Each Round": he hangs on in round 1 (15), then misses in round 2
    (3) and dies."""
    st = field(**down(bandages=0, potions=0))
    acts = {"fighter": "rest", "f2": "melee", "orc": "melee"}
    st, _ = declare(st, acts, initiative=(6, 1))
    st, ev = finish_round(st, 15)
    assert only(ev, SaveOrDie).survived and st.round == 2
    st, _ = declare(st, acts, initiative=(6, 1))
    st, ev = finish_round(st, 3)
    assert not only(ev, SaveOrDie).survived
    assert st.unit("fighter").status == DEAD


# --- FE-42: stable ---------------------------------------------------------------------------

def test_stable_makes_no_saves_and_moves_but_cannot_fight():
    """FE-42: "If you are stable, you cannot fight or cast spells, but you can move with the
    group", and the saves stop."""
    st = field(**down(condition="stable", bandages=0, potions=0))
    options = {c.action for c in legal_commands(st) if c.unit == "fighter"}
    assert "crawl" in options and "melee" not in options and "spell" not in options
    with pytest.raises(IllegalCommand):
        act(st, Declare(unit="fighter", action="melee"))
    st, _ = declare(st, {"fighter": "rest", "f2": "melee", "orc": "melee"}, initiative=(6, 1))
    st, ev = finish_round(st)
    assert of_type(ev, SaveOrDie) == []


# --- FE-43: self-help ----------------------------------------------------------------------

def self_help(**more):
    st = field(**down(**more))
    st, _ = declare(st, {"fighter": "self_help", "f2": "melee", "orc": "melee"},
                    initiative=(6, 1))
    return to_phase(st, "other", "men")


def test_own_bandages_with_a_con_check():
    """FE-43: "You can apply your own Bandages ... if you make a CON check ... This raises you
    to 0 HP and you don't need to make any more checks": CON 15, d20 15 passes; the Bandages
    d6 (FE-38) is 4, so the supply lasts.  −4 → 0 HP, stable, and no save at the round's end."""
    st = self_help()
    assert st.unit("fighter").con == 15
    st, ev = act(st, UseItem(unit="fighter", item="bandages", target="fighter"), 15, 4)
    used = only(ev, ItemUsed)
    assert (used.check, used.check_needed, used.succeeded, used.expended) == (15, 15, True, False)
    assert used.rolls == (15, 4)
    healed = only(ev, UnitHealed)
    assert (healed.amount, healed.hp_after, healed.rule) == (4, 0, "FE-43")
    last = of_type(ev, UnitStatusChanged)[-1]
    assert (last.condition, last.rule) == ("stable", "FE-43")
    assert st.unit("fighter").bandages == 2
    st, ev = finish_round(st)
    assert of_type(ev, SaveOrDie) == []
    assert st.unit("fighter").hp == 0


def test_own_bandages_may_be_used_up():
    """FE-38 for his own Bandages: after the use the d6 is thrown, and on a 1 it is spent."""
    st, ev = act(self_help(), UseItem(unit="fighter", item="bandages", target="fighter"), 3, 1)
    assert only(ev, ItemUsed).expended
    assert st.unit("fighter").bandages == 1


def test_own_potion_with_a_con_check():
    """FE-43: "or drink a potion": CON check 10 passes; the potion is gone, he is at 0 HP."""
    st, ev = act(self_help(), UseItem(unit="fighter", item="potion", target="fighter"), 10)
    used = only(ev, ItemUsed)
    assert used.succeeded and used.expended and used.rolls == (10,)
    fighter = st.unit("fighter")
    assert (fighter.hp, fighter.potions, fighter.condition) == (0, 0, "stable")


def test_failed_con_check_changes_nothing_and_he_still_saves():
    """FE-43: without the CON check (16 > 15) he cannot tend himself: still −4, dying, the
    Bandages unused, and he must Save or Die at the end of the round (13 saves)."""
    st, ev = act(self_help(), UseItem(unit="fighter", item="bandages", target="fighter"), 16)
    used = only(ev, ItemUsed)
    assert (used.check, used.succeeded, used.expended) == (16, False, False)
    assert of_type(ev, UnitHealed) == []
    fighter = st.unit("fighter")
    assert (fighter.hp, fighter.condition, fighter.bandages) == (-4, "dying", 2)
    st, ev = finish_round(st, 13)
    assert only(ev, SaveOrDie).survived


def test_self_help_is_for_himself_only():
    """FE-43: "apply your own Bandages" — on himself: tending his friend is refused."""
    st = self_help()
    snapshot = state_hash(st)
    with pytest.raises(IllegalCommand) as err:
        act(st, UseItem(unit="fighter", item="bandages", target="f2"), 15, 4)
    assert "cannot use bandages on f2" in err.value.reason
    assert state_hash(st) == snapshot


def test_no_self_help_without_bandages_or_potion():
    """FE-43 needs something to use: with neither he may not declare self-help."""
    st = field(**down(bandages=0, potions=0))
    with pytest.raises(IllegalCommand) as err:
        act(st, Declare(unit="fighter", action="self_help"))
    assert "cannot declare 'self_help'" in err.value.reason
