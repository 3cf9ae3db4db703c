"""FE-36 Poisons, Toxins, Venoms: "Not all poisons kill you instantly ... 'Save versus Poison'
is not an instant death sentence, but it usually serious."  R-FE-POISON: a poisoned weapon's
victim saves (R-FE-SAVES) or takes the venom's extra damage; a failed save never kills outright.

A giant spider (venomous bite 1d4, venom 2d6) bites a Fighting-Man (level 1: saves on 12)."""

from rules.commands import Attack
from rules.events import AttackRolled, UnitDamaged
from tests.fallen_empire.helpers import act, begin, declare, fe, only, to_phase


def bitten():
    st = begin(fe().side("men", True).side("spiders")
               .unit("fighter", "fighting_man", "men", (0, 0), facing=0, shield="", hp=20)
               .unit("spider", "giant_spider", "spiders", (1, 0), facing=3))
    st, _ = declare(st, {"fighter": "melee", "spider": "melee"}, initiative=(1, 6))
    return to_phase(st, "melee", "spiders")


def test_a_failed_save_adds_the_venom_but_does_not_kill_outright():
    """FE-36: bite hits (d20 18), 1d4 → 3; save d20 5 < 12 fails; venom 2d6 → 4 + 6."""
    st, ev = act(bitten(), Attack(unit="spider", target="fighter"), 18, 3, 5, 4, 6)
    attack = only(ev, AttackRolled)
    assert attack.hit and attack.damage == 3 + 10
    assert any("failed" in n and "FE-36" in n for n in attack.notes)
    assert only(ev, UnitDamaged).hp_after == 20 - 13
    assert st.unit("fighter").status == "active"  # poisoned, hurt, not dead


def test_a_made_save_resists_the_venom():
    """FE-36 with the save made (d20 12 vs 12): only the bite's 3 damage."""
    _st, ev = act(bitten(), Attack(unit="spider", target="fighter"), 18, 3, 12)
    attack = only(ev, AttackRolled)
    assert attack.damage == 3
    assert any("resisted" in n for n in attack.notes)


def test_the_odds_include_the_venom():
    """One resolution function, two drivers: the exact odds see the save and the venom."""
    from rules.engine import ruleset_of

    st = bitten()
    odds = ruleset_of(st).odds(st, "spider", "fighter")
    assert sum(odds.damage.values()) == 1
    assert max(odds.damage) == 4 + 12  # the bite's best plus the venom's best
