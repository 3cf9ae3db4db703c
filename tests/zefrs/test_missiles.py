"""Missile combat (ZEF-03, ZEF-04, ZEF-38..43; R-ZEF-NO-SHOOT-IN-MELEE, R-ZEF-RANGE,
R-ZEF-OBSCURED, R-ZEF-HIT-LOCATION, R-ZEF-THROWN, R-ZEF-LOS)."""

from rules.commands import Declare
from rules.engine import legal_commands
from rules.systems.zefrs.events import ZefAttackRolled
from rules.systems.zefrs.missiles import Reloaded
from tests.zefrs.helpers import begin, declare, only, zef

# The bandit bowman: Short Bow 5, short bow 50/110/200 ft; the guard's Movement is 2, so a
# shot at short range reads column 3 (red 01-09, orange 10-30, yellow 31-48, green 49-63).


def _range(at: tuple[int, int], **terrain: object) -> object:
    sc = zef(radius=21).side("pcs", True).side("foes")
    sc.unit("a", "bandit_archer", "pcs", (-20, 0), facing=0)
    sc.unit("b", "guard", "foes", at, facing=3)
    sc.unit("c", "guard", "foes", (-20, 20), facing=3)  # keeps the battle going
    if terrain:
        sc.terrain(at, "brush", **terrain)
    return begin(sc)


def _shots(st: object) -> set[str]:
    return {c.action for c in legal_commands(st, "pcs")  # type: ignore[arg-type]
            if isinstance(c, Declare) and c.action.startswith("shoot:b")}


def test_short_medium_and_long_range_in_feet() -> None:
    """EX-ZEF-09 / ZEF-38, ZEF-43 (R-ZEF-RANGE): 50 ft is short (no shift), 55 ft medium
    (−2), 115 ft long (−4), 200 ft still long, 205 ft beyond: no shot."""
    for at, shift in (((-10, 0), ()), ((-9, 0), ((-2, "ZEF-43"),)),
                      ((3, 0), ((-4, "ZEF-43"),)), ((20, 0), ((-4, "ZEF-43"),))):
        st = _range(at)
        assert "shoot:b" in _shots(st)
        st, _ = declare(st, a="shoot:b")
        st, ev = declare(st, 5, 99, b="defend", c="defend")
        shot = only(ev, ZefAttackRolled)
        assert [(m.value, m.rule) for m in shot.shifts] == list(shift), at
    assert _shots(_range((21, 0))) == set()


def test_a_hit_lands_where_a_d10_says() -> None:
    """ZEF-39 (R-ZEF-HIT-LOCATION): orange, then a 5 on the d10: the right arm, which has no
    armour and is off the shield's side: 3 damage, no Strength Bonus on a shot (ZEF-46)."""
    st = _range((-10, 0))
    st, _ = declare(st, a="shoot:b")
    st, ev = declare(st, 5, 20, 5, b="defend", c="defend")
    shot = only(ev, ZefAttackRolled)
    assert (shot.column, shot.colour, shot.aim, shot.damage) == (3, "orange", "right_arm", 3)
    assert [m.rule for m in shot.damage_parts] == ["ZEF-44"]


def test_a_called_shot_hits_only_on_red() -> None:
    """ZEF-40: orange misses entirely (and no d10 is thrown); red hits the called point."""
    st = _range((-10, 0))
    st, _ = declare(st, a="shoot:b:gut")
    st, ev = declare(st, 5, 20, b="defend", c="defend")
    shot = only(ev, ZefAttackRolled)
    assert shot.called and shot.hit is False and shot.damage == 0
    st = _range((-10, 0))
    st, _ = declare(st, a="shoot:b:gut")
    st, ev = declare(st, 5, 5, b="defend", c="defend")
    shot = only(ev, ZefAttackRolled)
    assert shot.hit and shot.aim == "gut" and shot.damage == 4 - 1 - 1  # jack 1, shield 1


def test_an_obscured_target() -> None:
    """ZEF-42 (R-ZEF-OBSCURED): a target standing in cover terrain, −2."""
    st = _range((-10, 0), cover=True)
    st, _ = declare(st, a="shoot:b")
    st, ev = declare(st, 5, 99, b="defend", c="defend")
    assert [(m.value, m.rule) for m in only(ev, ZefAttackRolled).shifts] == [(-2, "ZEF-42")]


def test_no_shot_at_a_foe_beside_him_nor_with_a_foe_at_his_throat() -> None:
    """ZEF-04: not at an adjacent foe; ZEF-03 (R-ZEF-NO-SHOOT-IN-MELEE): not at anyone
    while a foe has him in melee reach."""
    sc = zef(radius=8).side("pcs", True).side("foes")
    sc.unit("a", "bandit_archer", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (1, 0), facing=3)
    sc.unit("c", "guard", "foes", (5, 0), facing=3)
    st = begin(sc)
    assert not any(c.action.startswith("shoot:") for c in legal_commands(st, "pcs")
                   if isinstance(c, Declare))


def test_a_thrown_javelin_is_gone_and_an_arbalest_takes_three_turns_to_load() -> None:
    """R-ZEF-THROWN: a thrown weapon is thrown once; NOTES: the arbalest loads in 3 turns."""
    sc = zef(radius=8).side("pcs", True).side("foes")
    sc.unit("a", "goblin", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (4, 0), facing=3)
    st = begin(sc)
    st, _ = declare(st, a="shoot:b")
    st, _ = declare(st, 5, 99, b="defend")
    assert st.unit("a").missile == ""
    sc = zef(radius=8).side("pcs", True).side("foes")
    sc.unit("a", "crossbowman", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (4, 0), facing=3)
    st = begin(sc)
    st, _ = declare(st, a="shoot:b")
    st, _ = declare(st, 5, 99, b="defend")
    assert st.unit("a").loading == 3 and "shoot:b" not in {
        c.action for c in legal_commands(st, "pcs") if isinstance(c, Declare)}
    for left in (2, 1, 0):
        st, _ = declare(st, a="reload")
        st, ev = declare(st, 5, b="defend")
        assert only(ev, Reloaded).left == left
    assert "shoot:b" in {c.action for c in legal_commands(st, "pcs") if isinstance(c, Declare)}


def test_a_wall_stops_a_shot() -> None:
    """R-ZEF-LOS: nothing impassable between shooter and target."""
    sc = zef(radius=8).side("pcs", True).side("foes")
    sc.unit("a", "bandit_archer", "pcs", (0, 0), facing=0)
    sc.unit("b", "guard", "foes", (4, 0), facing=3)
    sc.terrain((2, 0), "wall", impassable=True)
    st = begin(sc)
    assert _shots(st) == set()


def test_the_odds_of_a_shot_random_or_called() -> None:
    """ZEF-39, ZEF-40: a shot at short range on column 3 hits on 01-63, landing where the
    d10 says (the odds sum the ten faces); a called shot hits only on red, 01-09."""
    from fractions import Fraction

    from rules.engine import ruleset_of

    st = _range((-10, 0))
    rs = ruleset_of("zefrs")
    anywhere = rs.odds(st, "a", "b", kind="missile")
    called = rs.odds(st, "a", "b", kind="missile", aim="right_arm")
    assert anywhere.hit == Fraction(63, 100) and called.hit == Fraction(9, 100)
    assert called.damage[4] == Fraction(9, 100)  # red on the bare right arm: 4 points
    assert max(anywhere.damage) == 4 and anywhere.damage[0] > Fraction(37, 100)
