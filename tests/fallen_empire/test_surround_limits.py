"""FE-27 Surrounding Individual Combatants: "up to six Men may encircle a Man-sized opponent.
Up to eight Men may encircle a larger opponent."  Reading (b): a large foe stands on one hex;
the two extra men strike from a second rank (R-FE-SURROUND)."""

from rules.commands import Attack
from rules.engine import legal_commands
from rules.hexgrid import Hex
from rules.systems.fallen_empire.options import melee_refusal
from tests.fallen_empire.helpers import act, begin, declare, fe, to_phase

RING = [Hex(0, 0).neighbor(d) for d in range(6)]
SECOND = [Hex(2, 0), Hex(-2, 0), Hex(0, 2)]


def around(target: str, n_second: int):
    sc = fe().side("men", True).side("foes").unit("foe", target, "foes", (0, 0), facing=0,
                                                  hp=200)
    men = []
    for i, h in enumerate(RING + SECOND[:n_second]):
        uid = f"m{i}"
        men.append(uid)
        sc.unit(uid, "fighting_man", "men", (h.q, h.r), facing=0)
    st = begin(sc)
    st, _ = declare(st, {u.id: "melee" for u in st.units}, initiative=(6, 1))
    return to_phase(st, "melee", "men"), men


def test_eight_men_may_engage_an_ogre_two_of_them_from_a_second_rank():
    """FE-27 (b): the six around the ogre and two more two hexes off may all strike it."""
    st, men = around("ogre", 2)
    legal = legal_commands(st)
    for uid in men:
        assert Attack(unit=uid, target="foe") in legal, uid


def test_a_ninth_man_may_not_join_against_the_ogre():
    """FE-27: once eight have engaged the ogre this round, the ninth is refused."""
    st, men = around("ogre", 3)
    for uid in men[:8]:
        st, _ = act(st, Attack(unit=uid, target="foe"), 2)  # d20 2: all miss
    assert Attack(unit=men[8], target="foe") not in legal_commands(st)
    why = melee_refusal(st, st.unit(men[8]), st.unit("foe"))
    assert why is not None and "8 attackers" in why and "FE-27" in why
    # With nothing else to do the ninth man's side is finished: the ogre's turn comes.
    assert st.top.actor == "foes"


def test_a_man_sized_foe_has_no_second_rank():
    """FE-27: against a man-sized orc a swordsman two hexes off cannot strike at all."""
    st, men = around("orc", 1)
    assert Attack(unit=men[6], target="foe") not in legal_commands(st)
    assert all(Attack(unit=m, target="foe") in legal_commands(st) for m in men[:6])
