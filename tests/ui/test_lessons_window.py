"""Learn in the menu → the list of lessons → a lesson on screen, as a player clicks through
them (SDL's dummy driver); and the lesson's banner follows the steps as they are done."""

from __future__ import annotations

from game.app import App
from game.ui.lesson_list import LessonListScene
from game.ui.lesson_scene import LessonScene
from game.ui.menu_scene import MenuScene
from game.ui.sandbox_scene import SandboxScene
from rules.commands import Declare
from tests.ui.test_menu import press
from tests.ui.window import AtTheWindow


def _to_list(app: App) -> LessonListScene:
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 30)
    press(app, menu.learn)
    assert isinstance(app.scene, LessonListScene)
    return app.scene


def test_learn_opens_the_list_and_a_lesson_under_each_of_its_rulesets():
    app = App((1366, 768))
    lessons = _to_list(app)
    assert [x.id for x in lessons.lessons][:1] == ["rear_attack"] and not lessons.problem
    press(app, lessons.button_for("play", "rear_attack", "empress"))
    scene = app.scene
    assert isinstance(scene, LessonScene)
    assert scene.run.ruleset == "empress" and scene.run.index == 0
    for _ in range(5):
        app.step(1 / 30)
    text = scene.banner._shown
    assert "Step 1 of 2" in text and "EMP-21" in text
    assert "Bram strikes from behind" in text and "% to hit, " in text.replace("</b>", "")
    assert "fighter" not in text  # figures by name, not by id
    press(app, scene.banner.back)
    assert isinstance(app.scene, LessonListScene)


def test_the_free_attack_and_the_shield_wall_are_offered_under_empress():
    app = App((1366, 768))
    lessons = _to_list(app)
    for lesson_id in ("free_attack", "shields"):
        for ruleset in ("fallen_empire", "empress"):
            assert lessons.button_for("play", lesson_id, ruleset) is not None, (lesson_id,
                                                                                 ruleset)
    assert "Play: Empress" in lessons.button_for("play", "shields", "empress").text
    press(app, lessons.button_for("play", "shields", "empress"))
    scene = app.scene
    assert isinstance(scene, LessonScene) and scene.run.ruleset == "empress"
    assert {u.name for u in scene.tm.state.units} >= {"Bram", "Cole", "Edda"}  # its own map
    for _ in range(5):
        app.step(1 / 30)
    text = scene.banner._shown
    assert "Step 1 of 2" in text and "EMP-22" in text and "Bram and Cole" in text
    assert "FE-33" not in text and "cole" not in text


def test_the_banner_moves_on_when_the_player_does_the_step():
    app = App((1366, 768))
    lessons = _to_list(app)
    press(app, lessons.button_for("play", "charge", "fallen_empire"))
    scene = app.scene
    for _ in range(5):
        app.step(1 / 30)
    assert "set spear" in scene.banner._shown.lower()
    scene.submit(Declare(unit="spear", action="set_spear"))  # the card's button does this
    for _ in range(5):
        app.step(1 / 30)
    assert scene.run.index >= 1  # the orc's charge may already have run onto the spear
    assert "Done. Osric braces his spear" in scene.banner._shown or scene.run.done
    assert "Step 1 of 2" not in scene.banner._shown


def test_a_lesson_opens_in_the_sandbox_for_the_gm():
    app = App((1366, 768))
    lessons = _to_list(app)
    press(app, lessons.button_for("sandbox", "shields"))
    assert isinstance(app.scene, SandboxScene)


def test_enchanted_realms_and_tarnished_tale_lessons_are_offered_under_their_rulesets():
    """Issue #35: two lessons of each one's own ideas, in the list under its name."""
    app = App((1366, 768))
    lessons = _to_list(app)
    for lesson_id, ruleset in (("at_the_ready", "enchanted_realms"),
                               ("run_past", "enchanted_realms"),
                               ("defences", "tarnished_tale"),
                               ("knock_back", "tarnished_tale")):
        assert lessons.button_for("play", lesson_id, ruleset) is not None, lesson_id
    assert "Play: Tarnished Tale" in lessons.button_for("play", "knock_back",
                                                        "tarnished_tale").text
    # more lessons than the window holds: the list scrolls, as under the mouse wheel
    wanted = lessons.button_for("play", "defences", "tarnished_tale")
    assert not lessons.list_box.get_abs_rect().contains(wanted.get_abs_rect())
    person = AtTheWindow()
    person.app = app
    person.scroll_to(lessons.list_box, wanted)
    assert lessons.back.get_abs_rect().bottom <= 768  # "Back" stays in sight below the list
    press(app, wanted)
    scene = app.scene
    assert isinstance(scene, LessonScene) and scene.run.ruleset == "tarnished_tale"
    for _ in range(5):
        app.step(1 / 30)
    text = scene.banner._shown.replace("</b>", "").replace("<b>", "")
    assert "Step 1 of 2" in text and "TT-06" in text
    assert "If he blocks: " in text and "% to hit" in text and "ugluk" not in text
