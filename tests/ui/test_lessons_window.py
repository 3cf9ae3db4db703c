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


def _press_in_list(app: App, lessons: LessonListScene, lesson_id: str, ruleset: str) -> None:
    """Scroll the list to a lesson's button, as the mouse wheel would, and press it."""
    wanted = lessons.button_for("play", lesson_id, ruleset)
    person = AtTheWindow()
    person.app = app
    person.scroll_to(lessons.list_box, wanted)
    press(app, wanted)


def test_zefrs_lessons_are_offered_under_zefrs_and_show_the_shields_side():
    """Issue 35: ZeFRS's own lessons in the list under ZeFRS; the shield's side opens with
    its rule (ZEF-48) and its two odds, figures by name."""
    app = App((1366, 768))
    lessons = _to_list(app)
    for lesson_id in ("zefrs_shield_side", "zefrs_aiming", "zefrs_rush", "zefrs_rider"):
        button = lessons.button_for("play", lesson_id, "zefrs")
        assert button is not None and "ZeFRS" in button.text, lesson_id
    _press_in_list(app, lessons, "zefrs_shield_side", "zefrs")
    scene = app.scene
    assert isinstance(scene, LessonScene) and scene.run.ruleset == "zefrs"
    for _ in range(5):
        app.step(1 / 30)
    text = scene.banner._shown
    assert "Step 1 of 2" in text and "ZEF-48" in text and "from his sword side" in text
    # the shield changes the damage, not the chance to hit: the lines show both
    assert "from in front: <b>83.0%</b> to hit, 0.0% to fell, 0.0 damage on average" in text
    assert "sword side: <b>83.0%</b> to hit, 0.0% to fell, 1.2 damage on average" in text
    assert "legion" not in text.replace("legionary", "") and "hero" not in text


def test_a_click_on_the_marked_hex_declares_the_zefrs_move_and_does_the_step():
    """ZEF-15: under ZeFRS a click on a hex states the move there; once Conan stands on the
    legionary's sword side (R-ZEF-SHIELD-ARC) the banner moves on to the blow."""
    import pygame

    app = App((1366, 768))
    lessons = _to_list(app)
    _press_in_list(app, lessons, "zefrs_shield_side", "zefrs")
    scene = app.scene
    app.step(1 / 30)
    x, y = scene.camera.centre_of(scene.run.cell_hex((4, 1)))
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {
            "button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=(int(x), int(y)), **extra))
        app.step(1 / 30)
    for _ in range(40):
        if scene.run.index:
            break
        app.step(1 / 30)
    assert scene.run.index == 1
    assert scene.tm.state.unit("hero").pos == scene.run.cell_hex((4, 1))
    text = scene.banner._shown
    assert "Step 2 of 2" in text and "Fight Nemedian legionary, aiming at the chest" in text


def test_the_list_scrolls_to_its_last_lesson_and_keeps_back_on_screen():
    """Thirteen lessons do not fit 1366 x 768: the rows scroll, the Back button stays
    in the window, and the last lesson opens once scrolled to."""
    app = App((1366, 768))
    lessons = _to_list(app)
    assert lessons.back.get_abs_rect().bottom <= 768
    last = lessons.lessons[-1]
    lessons.list_box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
    for _ in range(3):
        app.step(1 / 30)
    press(app, lessons.button_for("play", last.id, last.rulesets[0]))
    assert isinstance(app.scene, LessonScene) and app.scene.run.lesson.id == last.id
