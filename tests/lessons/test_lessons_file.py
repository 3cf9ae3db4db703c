"""maps/lessons/lessons.toml and the lesson maps: checked as a GM editing them would want,
with one clear line for a broken file."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from game.lessons import LESSONS_FILE, LessonError, load_lessons
from game.maps import load_map

REPO = Path(__file__).resolve().parents[2]


def test_every_lesson_map_loads_under_every_ruleset_it_lists():
    for lesson in load_lessons():
        for ruleset in lesson.rulesets:
            sc = load_map(lesson.path_under(ruleset), ruleset=ruleset)
            assert sc.pc_side == "pupil" and len(sc.setup.units) >= 2


def test_the_lesson_maps_are_what_their_script_makes():
    spec = importlib.util.spec_from_file_location("flank_make_lessons",
                                                  REPO / "maps/lessons/make_lessons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0


def test_flank_validate_maps_covers_the_lessons_folder():
    out = subprocess.run([sys.executable, "-m", "game", "validate", "maps/lessons"], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = LESSONS_FILE.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "lessons.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    for tmx in LESSONS_FILE.parent.glob("*.tmx"):
        (tmp_path / tmx.name).write_bytes(tmx.read_bytes())
    return p


@pytest.mark.parametrize(("old", "new", "says"), [
    ('rulesets = ["fallen_empire", "empress"]', 'rulesets = ["fallen_empire", "chess"]',
     "step 1 cites no rule for chess"),
    ('map = "charge.tmx"', 'map = "lost.tmx"', "its map lost.tmx is missing"),
    ('goal = { kind = "stand", arc = "rear" }', 'goal = { kind = "stand" }',
     "a stand goal needs an arc"),
    ('rule.empress = "EMP-21 Shields: a shield', 'rule.empres = "EMP-21 Shields: a shield',
     "cites no rule for empress"),
    ('id = "reach"', 'id = "rear_attack"', "two lessons are called 'rear_attack'"),
    ('[[lesson]]\nid = "reach"', '[[lesson]\nid = "reach"', "not valid TOML"),
    ('goal_for.empress = { kind = "rank", unit = "right", size = 3 }',
     'goal_for.empress = { kind = "rank", unit = "right" }', "a rank goal needs its size"),
    ('map_for = { empress = "shields_wall.tmx" }', 'map_for = { empress = "wall.tmx" }',
     "its map wall.tmx is missing"),
    ('map_for = { empress = "shields_wall.tmx" }', 'map_for = { chess = "shields_wall.tmx" }',
     "map_for names chess, which is not among its rulesets"),
])
def test_a_broken_lessons_file_is_one_clear_line(tmp_path, old, new, says):
    with pytest.raises(LessonError) as err:
        load_lessons(_broken(tmp_path, old, new))
    message = str(err.value)
    assert says in message and "\n" not in message and "lessons.toml: " in message
    assert "Value error" not in message


@pytest.mark.parametrize(("old", "new", "says"), [
    ('goal = { kind = "at", unit = "edda", cell = [5, 1] }',
     'goal = { kind = "at", unit = "edda" }',
     "an at goal needs the unit it is about and its cell"),
    ('goal = { kind = "defend", unit = "bram", action = "block" }',
     'goal = { kind = "defend", unit = "bram" }',
     "a defend goal needs the defence declared, as its action"),
    ('opponent = "blocker"', 'opponent = "wall"', "opponent"),
])
def test_a_broken_goal_of_the_new_kinds_is_one_clear_line(tmp_path, old, new, says):
    with pytest.raises(LessonError) as err:
        load_lessons(_broken(tmp_path, old, new))
    message = str(err.value)
    assert says in message and "\n" not in message and "lessons.toml: " in message
