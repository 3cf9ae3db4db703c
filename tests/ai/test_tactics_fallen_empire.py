"""The tactician in hand-built Fallen Empire positions: each test is a choice a good player
makes for a reason the rules give, set up the way a GM would show it."""

from __future__ import annotations

from game.ai import make_controller
from rules.commands import Attack, Command, Declare, Move, React
from rules.engine import legal_commands, ruleset_of, submit
from rules.hexgrid import Hex
from rules.state import Battle
from tests.fallen_empire.helpers import begin, declare, fe, to_phase


def test_it_takes_the_rear_attack_over_the_front_one() -> None:
    """FE-20: +2 to hit from behind, and the target's shield does not count.  Two orcs stand
    next to the fighting-man in the melee phase, alike in every way but their facing: one
    faces him, the other has its back to him.  He strikes the back."""
    sc = (fe().side("men", True).side("orcs")
          .unit("hero", "fighting_man", "men", (0, 0), facing=0)
          .unit("facing", "orc", "orcs", (1, 0), facing=3)
          .unit("turned", "orc", "orcs", (0, 1), facing=5))
    st = begin(sc)
    st, _ = declare(st, {"hero": "melee", "facing": "move", "turned": "move"},
                    initiative=(5, 2))
    st = to_phase(st, "melee", "men")
    legal = legal_commands(st, "men")
    assert Attack(unit="hero", target="facing") in legal
    cmd = make_controller("tactician", 1).choose(st, "men", legal)
    assert cmd == Attack(unit="hero", target="turned")


def _spear_and_passer(orc_action: str):  # type: ignore[no-untyped-def]
    """A spearman at (0, 0) facing east has set his spear (FE-19) and his side acts first;
    a goblin at his back walks away west, past his reach, and the orcs' turn to move is
    under way.  The orc nine hexes east has declared `orc_action`."""
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0)
          .unit("gob", "goblin", "orcs", (-1, 0), facing=0)
          .unit("orc", "orc", "orcs", (9, 0), facing=3))
    st = begin(sc)
    st, _ = declare(st, {"spear": "set_spear", "gob": "move", "orc": orc_action},
                    initiative=(5, 2))
    st = to_phase(st, "movement", "orcs")
    st, _ = submit(st, Move(unit="gob", path=((-1, 0), (-2, 0), (-3, 0))))
    legal = legal_commands(st, "men")
    assert set(legal) == {React(unit="spear", accept=True), React(unit="spear", accept=False)}
    return st, legal


def test_it_declines_a_free_attack_that_would_turn_its_back_on_a_charge() -> None:
    """FE-11 offers the spearman a free attack on the goblin leaving his reach.  But a free
    attack is struck facing the foe (R-FE-FACE-ATTACK): he would turn west, and the orc's
    charge -- which can only reach the hexes in front of him, nine hexes from the orc --
    would then land on his back: no set spear, since it no longer comes from his front
    (FE-19, R-FE-SPEAR), +2 for the rear and no shield (FE-20), +2 and double dice for the
    charge (FE-17, FE-18) against his 4 hit points.  Declining keeps the spear set: it strikes
    the charging orc first, with double damage, and a hit stops the charge.  A chance at a
    goblin is not worth his life."""
    st, legal = _spear_and_passer("charge")
    cmd = make_controller("tactician", 1).choose(st, "men", legal)
    assert cmd == React(unit="spear", accept=False)


def test_with_no_charge_coming_it_takes_the_free_attack() -> None:
    """The same goblin, but the orc only walks: the free attack costs nothing, so he takes it."""
    st, legal = _spear_and_passer("move")
    cmd = make_controller("tactician", 1).choose(st, "men", legal)
    assert cmd == React(unit="spear", accept=True)


def test_it_does_not_walk_past_a_pike_when_a_safe_path_exists() -> None:
    """FE-11 (R-FE-LEAVE): leaving a hex a pike threatens (10 ft, two hexes) gives the
    pikeman a free attack, and a wound stops the move (FE-12).  The wolf wants the goblin's
    back (its flanks are walled off); the cheapest way there runs through the pike's reach,
    but a walk round the south, no longer than its free move, provokes nobody.  It takes it."""
    sc = (fe().side("beasts").side("men", True)
          .unit("wolf", "wolf", "beasts", (-1, 0), facing=0)
          .unit("pike", "pikeman", "men", (2, -2), facing=3, hp=30, armour="plate")
          .unit("gob", "goblin", "men", (5, 0), facing=0, hp=1)
          .terrain((4, 1), "rock", impassable=True)
          .terrain((5, -1), "rock", impassable=True))
    st = begin(sc)
    st, _ = declare(st, {"wolf": "melee", "pike": "melee", "gob": "move"}, initiative=(5, 2))
    st = to_phase(st, "movement", "beasts")
    legal = legal_commands(st, "beasts")
    rs = ruleset_of(st)
    cmd = make_controller("tactician", 1).choose(st, "beasts", legal)
    assert isinstance(cmd, Move) and cmd.path[-1] == (4, 0)
    listed = next(c for c in legal if isinstance(c, Move) and c.path[-1] == (4, 0))
    assert rs.path_reactions(st, "wolf", [Hex(*p) for p in listed.path])  # the pike's
    assert rs.path_reactions(st, "wolf", [Hex(*p) for p in cmd.path]) == []


def test_it_sets_spears_against_foes_who_can_charge_it() -> None:
    """FE-19: a spearman who acts first stops a charge from his front.  Two orcs (9" moves)
    stand nine hexes off, where they can charge him; he is slow (3"), so he can neither reach
    them nor get away.  He sets his spear rather than stepping out to meet them."""
    sc = (fe().side("men", True).side("orcs")
          .unit("spear", "man_at_arms_spear", "men", (0, 0), facing=0, move_in=3)
          .unit("o1", "orc", "orcs", (9, 0), facing=3)
          .unit("o2", "orc", "orcs", (9, -1), facing=3))
    st = begin(sc)
    legal = legal_commands(st, "men")
    assert Declare(unit="spear", action="melee") in legal
    cmd = make_controller("tactician", 1).choose(st, "men", legal)
    assert cmd == Declare(unit="spear", action="set_spear")


def _dagger_between_two_orcs(wounded: str, hp: int) -> tuple[Battle, list[Command]]:
    """A fighting-man armed only with a dagger (1d4) stands between two orcs in the melee
    phase, his side first; both face him, one from his front, one from his front-left, and
    `wounded` is down to `hp` of its 5 hit points."""
    sc = (fe().side("men", True).side("orcs")
          .unit("hero", "fighting_man", "men", (0, 0), facing=0, weapon="dagger")
          .unit("o1", "orc", "orcs", (1, 0), facing=3, **({"hp": hp} if wounded == "o1" else {}))
          .unit("o2", "orc", "orcs", (1, -1), facing=4, **({"hp": hp} if wounded == "o2" else {})))
    st = begin(sc)
    st, _ = declare(st, {"hero": "melee", "o1": "melee", "o2": "melee"}, initiative=(5, 2))
    st = to_phase(st, "melee", "men")
    legal = legal_commands(st, "men")
    assert {Attack(unit="hero", target="o1"), Attack(unit="hero", target="o2")} <= set(legal)
    return st, legal


def test_it_fells_the_wounded_foe_rather_than_scratching_a_fresh_one() -> None:
    """Focus fire.  A dagger's 1d4 (R-FE-WEAPON-DAMAGE) can never fell a fresh 5-HP orc in
    one blow, but fells an orc down to 2 HP on any 2 or more: a fallen orc strikes no more,
    where a scratched one strikes as hard as ever.  Whichever orc is wounded, he strikes it."""
    for wounded in ("o1", "o2"):
        st, legal = _dagger_between_two_orcs(wounded, 2)
        cmd = make_controller("tactician", 1).choose(st, "men", legal)
        assert cmd == Attack(unit="hero", target=wounded), wounded


def test_it_charges_a_foe_in_the_open_rather_than_walking_up() -> None:
    """FE-16..18: an orc six hexes from a goblin -- at least half its move away, so it may
    charge -- gets +2 to hit and twice the damage dice by charging, and the goblin has no
    spear to set (FE-19).  It declares the charge, not a walk or a plain melee."""
    sc = (fe().side("orcs", True).side("gobs")
          .unit("orc", "orc", "orcs", (0, 0), facing=0)
          .unit("gob", "goblin", "gobs", (6, 0), facing=3))
    st = begin(sc)
    legal = legal_commands(st, "orcs")
    assert {Declare(unit="orc", action=a) for a in ("charge", "move", "melee")} <= set(legal)
    cmd = make_controller("tactician", 1).choose(st, "orcs", legal)
    assert cmd == Declare(unit="orc", action="charge")
