"""A figure given an item its ruleset does not have is refused at set-up (issue 34, item 7).

A Fallen Empire crossbowman given `missile="longbow"` by a scenario's overrides (or a save's,
or the sandbox's) was built as asked, and the battle died later, in the missile phase, with
a bare `KeyError: 'longbow'`.  Every ruleset built on a data file now refuses such a figure
when the battle is set up, with one line naming the figure and the unknown item.

The parametrized test finds each ruleset's item fields without naming them: a template's
field whose value is a key of one of the ruleset's tables (weapons, armours, shields,
spells, skills, steeds ...) is an item field, and an unknown key there must be refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.cli import main
from rules.builder import Scenario
from rules.engine import BattleSetup, initial_state, ruleset_of, rulesets
from rules.ruleset_base import TableRuleset

NOWHERE = "longbow-of-nowhere"


def one_figure_setup(ruleset: str, template: str, **overrides: Any) -> BattleSetup:
    foe = sorted(ruleset_of(ruleset).templates())[0]
    return (Scenario(ruleset, seed=1, radius=5, title="unknown item")
            .side("blue", player_characters=True).side("red")
            .unit("archer", template, "blue", (0, 0), facing=0, **overrides)
            .unit("foe", foe, "red", (3, 0), facing=3)
            .build())


def item_fields(rs: TableRuleset) -> list[tuple[str, str]]:
    """(template, field) for each item field of the ruleset's figures: the first template
    whose field names an entry of one of its tables (a field only a template has, such as
    a Fallen Empire sidearm, is no figure's and cannot be overridden)."""
    t = rs.tables()
    tables = [getattr(t, name) for name in type(t).model_fields
              if name != "units" and isinstance(getattr(t, name), dict)]
    found: dict[str, str] = {}
    for tid, tpl in sorted(t.units.items()):
        figure = initial_state(one_figure_setup(rs.id, tid)).unit("archer")
        for name in type(tpl).model_fields:
            if not hasattr(figure, name):
                continue
            value = getattr(tpl, name)
            keys = value if isinstance(value, tuple | list) else (value,)
            if any(isinstance(k, str) and k and any(k in table for table in tables)
                   for k in keys):
                found.setdefault(name, tid)
    return [(tid, name) for name, tid in sorted(found.items())]


CASES = [(rs.id, tid, name) for rs in rulesets() if isinstance(rs, TableRuleset)
         for tid, name in item_fields(rs)]


def test_the_item_fields_are_found() -> None:
    """The discovery is not empty: the fields the GM asked about are there."""
    fe = {name for rs, _, name in CASES if rs == "fallen_empire"}
    assert {"weapon", "missile", "armour", "shield", "spells"} <= fe
    assert {rs for rs, _, _ in CASES} >= {"fallen_empire", "empress", "tarnished_tale"}


@pytest.mark.parametrize(("ruleset", "template", "field"), CASES,
                         ids=[f"{r}-{f}" for r, _, f in CASES])
def test_an_unknown_item_is_refused_naming_the_figure_and_the_item(
        ruleset: str, template: str, field: str) -> None:
    tpl = ruleset_of(ruleset).tables().units[template]  # type: ignore[attr-defined]
    many = isinstance(getattr(tpl, field), tuple | list)
    value: Any = (NOWHERE,) if many else NOWHERE
    with pytest.raises(ValueError) as err:
        initial_state(one_figure_setup(ruleset, template, **{field: value}))
    why = str(err.value)
    assert "\n" not in why
    assert "archer" in why and NOWHERE in why


def test_a_fallen_empire_longbow_is_refused_listing_the_missiles() -> None:
    """The case found: `missile="longbow"` on a Fallen Empire crossbowman."""
    with pytest.raises(ValueError) as err:
        initial_state(one_figure_setup("fallen_empire", "crossbowman", missile="longbow"))
    assert str(err.value) == (
        "Crossbowman ('archer'): missile 'longbow' is not a missile weapon of the Fallen "
        "Empire tables (did you mean 'long_bow'? they have heavy_crossbow, javelin, "
        "light_crossbow, long_bow, short_bow, sling)")


def test_a_fallen_empire_missile_in_hand_is_refused() -> None:
    """A missile weapon is no melee weapon, nor a sword a missile (as the data file's own
    cross-check says of a template)."""
    with pytest.raises(ValueError, match=r"'archer'\): missile 'sword' is not a missile "
                                         "weapon"):
        initial_state(one_figure_setup("fallen_empire", "crossbowman", missile="sword"))
    with pytest.raises(ValueError, match=r"'archer'\): weapon 'light_crossbow' is not a "
                                         "melee weapon"):
        initial_state(one_figure_setup("fallen_empire", "crossbowman",
                                       weapon="light_crossbow"))


def test_a_known_item_still_may_be_given() -> None:
    state = initial_state(one_figure_setup("fallen_empire", "crossbowman",
                                           missile="short_bow"))
    assert state.unit("archer").missile == "short_bow"  # type: ignore[attr-defined]


def test_a_map_giving_a_longbow_is_refused_in_one_line_exit_2(capsys, tmp_path,
                                                            monkeypatch) -> None:
    """A map whose crossbowman carries `set.missile` = longbow: `flank validate` and
    `flank play` each say so in one line naming the map, the ruleset by its name, the
    figure and the missiles there are, exit 2, and no window opens."""
    from tests.maps.tmx import ASSETS, map_xml, unit, write

    figures = [unit("archer", "men", "crossbowman", 2, 2,
                    props={"name": "Wat the archer", "set.missile": "longbow"}),
               unit("orc", "orcs", "orc", 3, 2, facing=3)]
    path = write(tmp_path / "longbow.tmx", map_xml(props={"ruleset": "fallen_empire"},
                                                   units=figures, assets=str(ASSETS)))
    opened: list[str] = []
    monkeypatch.setattr("game.app.App.run", lambda *a, **k: opened.append("window"))
    for command, stream in ((["validate", str(path)], "out"),
                            (["play", str(path), "--seed", "1"], "err")):
        code = main(command)
        said = getattr(capsys.readouterr(), stream)
        assert code == 2 and not opened, command
        assert said.count("\n") == 1 and "Traceback" not in said and "KeyError" not in said
        assert "longbow.tmx" in said and "the Fallen Empire rules refuse" in said
        assert "Wat the archer" in said and "missile 'longbow' is not a missile weapon" in said
        assert "long_bow" in said


@pytest.mark.parametrize(("field", "given", "words"), [
    ("hp", "lots", "hp must be a whole number, not 'lots'"),
    ("hp", True, "hp must be a whole number, not True"),
    ("missile", 5, "missile must be a word, not 5"),
])
def test_a_map_override_of_the_wrong_kind_is_refused_by_name(field, given, words, capsys,
                                                             tmp_path) -> None:
    """A map's `set.hp` = lots was taken as given and failed later inside the rules as
    "'>' not supported between instances of 'str' and 'int'"; a value of the wrong kind
    for the field is refused naming the figure, the field and what it must be."""
    from tests.maps.tmx import ASSETS, map_xml, unit, write

    figures = [unit("archer", "men", "crossbowman", 2, 2,
                    props={"name": "Wat the archer", f"set.{field}": given}),
               unit("orc", "orcs", "orc", 3, 2, facing=3)]
    path = write(tmp_path / "kinds.tmx", map_xml(props={"ruleset": "fallen_empire"},
                                                 units=figures, assets=str(ASSETS)))
    assert main(["validate", str(path)]) == 2
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and "not supported between" not in said
    assert f"Wat the archer ('archer'): {words}" in said


def test_a_save_with_a_longbow_is_refused_in_one_line_exit_2(capsys, tmp_path,
                                                             monkeypatch) -> None:
    """`flank play --load SAVE` of a save whose set-up gives the longbow (a sandbox's, or
    one written by an older Flank): refused as a save the rules cannot set up."""
    from game.saves import SaveWriter, new_header

    setup = one_figure_setup("fallen_empire", "crossbowman", missile="longbow")
    path = tmp_path / "longbow.flank"
    with SaveWriter(path, new_header(setup), fsync=False):
        pass
    before = path.read_bytes()
    opened: list[str] = []
    monkeypatch.setattr("game.app.App.run", lambda *a, **k: opened.append("window"))
    code = main(["play", "--load", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and not opened
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(path) in err and "missile 'longbow' is not a missile weapon" in err
    assert path.read_bytes() == before
