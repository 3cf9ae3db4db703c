"""Motion that explains (issue 28, item 3): a blow is a lunge out and back with the struck
figure jolting, a hit shakes, a figure that dies topples before it lies as a marker, a free
attack flashes, and all of it at the speed setting and skippable; what is shown is always
a state the rules produced."""

from __future__ import annotations

import math

import pygame
import pytest

from game.render.animation import Animator
from game.render.camera import Camera
from rules.builder import Scenario
from rules.engine import start
from rules.events import AttackRolled, UnitDamaged, UnitStatusChanged


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def _anim(speed: float = 1.0) -> Animator:
    sc = Scenario("fallen_empire").side("men", True).side("orcs")
    sc.unit("f", "fighting_man", "men", (0, 0), facing=0)
    sc.unit("o", "orc", "orcs", (1, 0), facing=3)
    state, _ = start(sc.build())
    return Animator(state, Camera(hex_size=(40.0, 40.0), screen=(400, 400)), speed=speed)


def blow(hit: bool = True, kind: str = "melee") -> AttackRolled:
    return AttackRolled(attacker="f", target="o", kind=kind, weapon="sword", roll=15,
                        needed=10, hit=hit, damage=3 if hit else 0)


def test_a_blow_lunges_toward_the_target_and_comes_back():
    anim = _anim()
    anim.push([blow()])
    anim.update(0.001)
    anim.update(0.15)  # 30 % into the half second a blow plays
    out = anim.motion("f")
    a = anim.camera.layout().hex_to_pixel(anim.shown.unit("f").pos)
    b = anim.camera.layout().hex_to_pixel(anim.shown.unit("o").pos)
    toward = (out.dx * (b[0] - a[0]) + out.dy * (b[1] - a[1])) / math.dist(a, b)
    assert toward > 0.2 * math.dist(a, b)
    struck = anim.motion("o")
    assert (struck.dx, struck.dy) != (0.0, 0.0)  # the hit one jolts back
    anim.update(0.2)
    assert anim.motion("f").dx == anim.motion("f").dy == 0.0  # back on its hex


def test_a_miss_leaves_the_target_standing_still():
    anim = _anim()
    anim.push([blow(hit=False)])
    anim.update(0.001)
    anim.update(0.2)
    still = anim.motion("o")
    assert (still.dx, still.dy) == (0.0, 0.0)


def test_a_hit_shakes_and_a_death_topples():
    anim = _anim()
    anim.push([UnitDamaged(unit="o", amount=5, hp_after=0),
               UnitStatusChanged(unit="o", status="dead", condition="dead")])
    anim.update(0.001)
    anim.update(0.04)
    assert anim.motion("o").dx != 0.0
    anim.update(0.25 - 0.04 + 0.3)  # into the fall
    fall = anim.motion("o")
    assert fall.pose == "lying" and fall.turn > 0
    anim.update(1.0)
    assert not anim.busy and anim.shown.unit("o").status == "dead"


def test_the_speed_setting_makes_it_quicker_and_skip_shows_the_end_at_once():
    slow, fast = _anim(1.0), _anim(4.0)
    for anim in (slow, fast):
        anim.push([blow(), UnitStatusChanged(unit="o", status="dead", condition="dead")])
        anim.update(0.3)
    assert slow.busy and isinstance(slow.current, AttackRolled)
    assert isinstance(fast.current, UnitStatusChanged) or not fast.busy
    slow.skip()
    assert not slow.busy and slow.shown.unit("o").status == "dead"
    assert slow.motion("o") is None


def test_a_free_attack_flashes_on_the_hex_that_provoked_it():
    anim = _anim()
    surf = pygame.Surface((400, 400))
    anim.camera.look_at(0, 0)
    anim.push([blow(kind="opportunity")])
    anim.update(0.001)
    anim.update(0.05)
    before = pygame.image.tobytes(surf, "RGB")
    anim.draw_effects(surf)
    assert pygame.image.tobytes(surf, "RGB") != before
    assert any(f.text == "FREE ATTACK" for f in anim.floaters)


def test_a_walker_faces_the_way_he_steps():
    from rules.events import UnitStepped

    anim = _anim()
    anim.push([UnitStepped(unit="f", from_hex=(0, 0), to_hex=(0, 1), facing=2)])
    anim.update(0.001)
    anim.update(0.05)
    assert anim.motion("f").facing == 2
    assert anim.position("f") != anim.camera.layout().hex_to_pixel(anim.shown.unit("f").pos)


def test_space_while_figures_move_shows_the_rest_at_once():
    """In the window: the blow still playing, Space skips it (the end state is the one the
    rules made); F makes the next ones quicker."""
    from game.app import App
    from game.content import ScenarioEntry, find_scenario
    from game.maps import load_map
    from game.ui.launch import start_battle

    app = App((1280, 800))
    path = find_scenario("duel")
    sc = load_map(path)
    entry = ScenarioEntry.of(sc, path)
    scene = start_battle(app, entry, sc.ruleset, ["human", "human"], on_exit=lambda: None)
    app.switch(scene)
    app.step(1 / 30)
    shown_before = scene.anim.shown
    first, other = (u.id for u in shown_before.units)
    scene.anim.push([AttackRolled(attacker=first, target=other, kind="melee", weapon="sword",
                                  roll=15, needed=10, hit=False)])
    app.step(1 / 30)
    assert scene.anim.busy
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=0))
    app.step(1 / 30)
    assert not scene.anim.busy
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f",
                                         scancode=0))
    app.step(1 / 30)
    assert scene.anim.speed == 2.0 and app.settings["anim_speed"] == 2.0
