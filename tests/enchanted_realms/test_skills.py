"""Every skill the Enchanted Realms text names can be given to a figure -- in the data file,
a scenario, a map and the GM sandbox's figure edit -- by its key or its name, and shows on
his card (R-ER-SKILLS-NAMED; its effects in a chase are tests/er_chase/test_named_skills.py).
A skill the tables lack is one line naming the figure and the skill."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import MapError, load_map
from game.sandbox import Sandbox, SandboxError
from rules.builder import Scenario
from rules.engine import initial_state, ruleset_of
from rules.systems.enchanted_realms.tables import DEFAULT_DATA_PATH, load_tables
from rules.systems.enchanted_realms.units import er
from tests.maps.tmx import ASSETS, map_xml, unit, write

# (the words of the text, the clause that names it)
NAMED = [
    ("spinning moves", "ER-05"), ("Shield-Blitz", "ER-06"), ("two-handed fighting", "ER-06"),
    ("martial arts", "ER-07"), ("grappling", "ER-07"), ("field medicine", "ER-02"),
    ("engineering", "ER-02"), ("sorcery", "ER-02"), ("priestly incantations", "ER-02"),
    ("shield-use", "ER-17"), ("mountsmanship", "ER-16"), ("charging", "ER-23"),
    ("weapon forte", "ER-23"), ("ambidexterity", "ER-23"), ("drive", "ER-23"),
    ("footwork", "ER-23"), ("grappler's shield", "ER-23"), ("dodge", "ER-24"),
    ("treachery", "ER-24"), ("takedown", "ER-24"), ("mounted fighting", "ER-25"),
    ("aerial fighting", "ER-25"), ("abandonment", "ER-27"),
]
WORDS = [w for w, _ in NAMED]


def keys() -> list[str]:
    t = load_tables()
    found = [t.skill_key(w) for w in WORDS]
    assert None not in found
    return [k for k in found if k is not None]


@pytest.mark.parametrize(("words", "clause"), NAMED)
def test_every_skill_the_text_names_is_in_the_tables(words: str, clause: str) -> None:
    assert load_tables().skill_key(words) is not None, f"{words} ({clause})"


def duo(**over: object) -> Scenario:
    return (Scenario("enchanted_realms", seed=0, radius=4).side("men", True).side("orcs")
            .unit("bran", "fighting_man", "men", (0, 0), name="Bran", **over)
            .unit("grish", "orc", "orcs", (3, 0)))


def test_a_scenario_gives_a_figure_every_named_skill_by_key_or_by_name() -> None:
    st = initial_state(duo(skills=keys()).build())
    assert er(st, "bran").skills == tuple(keys())
    st = initial_state(duo(skills=WORDS).build())  # as the text writes them
    assert er(st, "bran").skills == tuple(keys())
    lines = ruleset_of(st).unit_lines(st, "bran")
    assert any(line.startswith("skills: ") and "Grappler's shield" in line
               and "Martial arts" in line for line in lines)


def test_an_unknown_skill_in_a_scenario_is_one_line_naming_the_figure_and_the_skill() -> None:
    with pytest.raises(ValueError) as err:
        initial_state(duo(skills=["martial arts", "kung fu"]).build())
    text = str(err.value)
    assert "\n" not in text and "Bran" in text and "'kung fu'" in text
    assert "martial arts" in text  # the list of what may be given


def test_the_data_file_gives_a_template_every_named_skill(tmp_path: Path) -> None:
    text = DEFAULT_DATA_PATH.read_text(encoding="utf-8")
    head, tail = text.split("[units.brawler]", 1)
    body, rest = tail.split("\n\n", 1)
    assert 'skills = ["weapon_training"]' in body
    given = ", ".join(f'"{k}"' for k in keys())
    body = body.replace('skills = ["weapon_training"]', f"skills = [{given}]")
    path = write(tmp_path / "data.toml", head + "[units.brawler]" + body + "\n\n" + rest)
    assert load_tables(path).units["brawler"].skills == tuple(keys())


def skilled_map(folder: Path, skills: object) -> Path:
    props = {"ruleset": "enchanted_realms"}
    return write(folder / "skills.tmx", map_xml(
        props=props, assets=str(ASSETS),
        units=[unit("bran", "men", "fighting_man", 2, 4,
                    props={"name": "Bran", "skills": skills}),
               unit("grish", "orcs", "orc", 6, 4)]))


def test_a_map_gives_a_figure_skills_by_name(tmp_path: Path) -> None:
    sc = load_map(skilled_map(tmp_path, "weapon training, martial arts, grappler's shield"))
    st = initial_state(sc.setup)
    assert er(st, "bran").skills == ("weapon_training", "martial_arts", "grapplers_shield")


def test_an_unknown_skill_on_a_map_is_one_line_naming_the_file_figure_and_skill(
        tmp_path: Path) -> None:
    with pytest.raises(MapError) as err:
        load_map(skilled_map(tmp_path, "martial arts, kung fu"))
    text = str(err.value)
    assert "\n" not in text and "skills.tmx" in text and "Bran" in text and "kung fu" in text


def sandbox() -> Sandbox:
    return Sandbox(duo().build())


def test_the_sandbox_offers_every_skill_for_a_figure_and_edits_them() -> None:
    sb = sandbox()
    info = sb.editable_fields("bran")["skills"]
    assert set(keys()) <= set(info.allowed or ())
    sb.edit("bran", skills=keys())
    assert er(sb.state, "bran").skills == tuple(keys())
    sb.edit("bran", skills=["Martial arts", "treachery"])  # by name, as typed
    assert er(sb.state, "bran").skills == ("martial_arts", "treachery")
    assert sb.replayed()[-1] == sb.state


def test_an_unknown_skill_in_the_sandbox_is_refused_naming_the_figure_and_the_skill() -> None:
    sb = sandbox()
    with pytest.raises(SandboxError) as err:
        sb.edit("bran", skills=["martial_arts", "kung fu"])
    text = str(err.value)
    assert "\n" not in text and "Bran" in text and "kung fu" in text
    assert er(sb.state, "bran").skills == ("weapon_training", "shield_use", "shield_blitz")


def test_skills_the_gm_gave_stay_with_the_figure_in_an_exported_map(tmp_path: Path) -> None:
    """A map can hold a figure's skills (the unit property `skills`), so the GM's edit is
    written into the exported scenario, not lost."""
    sb = sandbox()
    sb.edit("bran", skills=["martial_arts", "grapplers_shield"])
    done = sb.export_tmx(tmp_path / "out.tmx", "Skills")
    assert not any("bran" in n and "skills" in n for n in done.notes), done.notes
    st = initial_state(load_map(done.path).setup)
    assert er(st, "bran").skills == ("martial_arts", "grapplers_shield")
    assert er(st, "grish").skills == er(sb.state, "grish").skills  # the template's own
