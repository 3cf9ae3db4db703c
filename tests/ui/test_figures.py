"""The miniatures on the board (issue 28): every template of every ruleset gets a painted
figure composed from what it carries, never a letter; a pike is drawn longer than a spear
and a spear than a sword; the figure points at the hexside its unit faces; what has
happened to a unit (down, dead, disarmed, its shield broken) changes its figure; and the
script that draws the catalogue sheets gives the same pictures every time."""

from __future__ import annotations

import dataclasses
import importlib.util
import math
import sys
from pathlib import Path

import pygame
import pytest

from game.render.board_view import BoardView
from game.render.camera import Camera
from game.render.figure_facts import FigureFacts, template_facts, unit_facts
from game.render.figure_kit import length_of
from game.render.figure_master import master
from game.render.figure_sprites import FigureSprites, Look, pose_of
from rules.builder import Scenario
from rules.engine import ruleset_of, start
from rules.hexgrid import Hex

ASSETS = Path(__file__).resolve().parents[2] / "assets"
BLUE = (52, 110, 220)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def _script():
    spec = importlib.util.spec_from_file_location("make_figures", ASSETS / "make_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_figures"] = module
    spec.loader.exec_module(module)
    return module


MAKE = _script()
RULESETS = MAKE.rulesets()
TEMPLATES = [(rs, key) for rs in RULESETS for key in MAKE.templates(rs)]


def test_every_bundled_ruleset_is_drawn():
    assert {"fallen_empire", "empress", "zefrs"} <= {rs.id for rs in RULESETS}


@pytest.mark.parametrize(("ruleset", "key"), TEMPLATES,
                         ids=[f"{rs.id}-{k}" for rs, k in TEMPLATES])
def test_every_template_gets_a_figure_not_a_letter(ruleset, key):
    """A figure standing on its base: the base's painted ground is mostly covered, as it
    is by no letter and by nothing but a figure."""
    from game.render.figure_art import GROUND, Pen, base_radii, canvas, draw_base

    facts = template_facts(ruleset, key)
    pic, _, _ = master(facts, BLUE, "stand")
    bare = canvas()
    draw_base(Pen(bare), BLUE, *base_radii(facts))

    def ground(surf: pygame.Surface) -> int:
        return pygame.mask.from_threshold(surf, (*GROUND, 255), (4, 4, 4, 255)).count()

    assert ground(pic) < 0.8 * ground(bare), f"{ruleset.id} {key}: nothing on the base"


def test_a_pike_is_longer_than_a_spear_and_a_spear_than_a_sword():
    """Reach you can see (issue 28): the figure's picture, facing up, reaches further ahead
    of its base with a pike than with a spear, and with a spear than with a sword."""
    from rules.systems.fallen_empire.ruleset import RULESET as FE

    def ahead(key: str) -> int:
        _, _, cy = master(template_facts(FE, key), BLUE, "stand")
        return cy  # how far the picture reaches above the figure's centre

    assert ahead("pikeman") > ahead("man_at_arms_spear") + 20 > ahead("fighting_man") + 40
    assert length_of("pike") > length_of("spear") > length_of("sword") > length_of("dagger")


def test_a_crossbowman_and_a_pikeman_are_told_apart_by_what_they_hold():
    from rules.systems.fallen_empire.ruleset import RULESET as FE

    xbow, pike = template_facts(FE, "crossbowman"), template_facts(FE, "pikeman")
    assert (xbow.missile, pike.weapon) == ("crossbow", "pike")
    a, _, _ = master(xbow, BLUE, "stand")
    b, _, _ = master(pike, BLUE, "stand")
    assert a.get_size() != b.get_size()


def _battle_with(template: str, facing: int, at: tuple[int, int] = (0, 0),
                 ruleset: str = "fallen_empire"):
    sc = Scenario(ruleset).side("men", True).side("orcs")
    sc.unit("p", template, "men", at, facing=facing)
    sc.unit("o", "orc", "orcs", (9, -9), facing=3)
    return start(sc.build())[0]


def _draw(state) -> pygame.Surface:
    cam = Camera(orientation="pointy", hex_size=(40.0, 40.0), screen=(900, 700))
    view = BoardView(state, cam)
    view.camera.look_at(0, 0)
    surf = pygame.Surface((900, 700))
    view.draw(surf, state)
    return surf, view


@pytest.mark.parametrize("facing", range(6))
def test_the_figure_points_at_the_hexside_its_unit_faces(facing):
    """Checked from the pixels: the paint a pikeman adds to the board (the board drawn with
    him, against the board with him elsewhere) lies toward the hexside he faces."""
    with_him, view = _draw(_battle_with("pikeman", facing))
    without, _ = _draw(_battle_with("pikeman", facing, at=(-9, 9)))
    cx, cy = view.camera.centre_of(Hex(0, 0))
    sx = sy = n = 0
    for y in range(int(cy) - 110, int(cy) + 110):
        for x in range(int(cx) - 110, int(cx) + 110):
            if with_him.get_at((x, y)) != without.get_at((x, y)):
                sx, sy, n = sx + x - cx, sy + y - cy, n + 1
    lay = view.camera.layout()
    ex, ey = lay.edge_midpoint(Hex(0, 0), facing)
    ox, oy = lay.hex_to_pixel(Hex(0, 0))
    want = math.atan2(ey - oy, ex - ox)
    got = math.atan2(sy / n, sx / n)
    off = abs((got - want + math.pi) % (2 * math.pi) - math.pi)
    assert off < math.radians(25), (facing, math.degrees(want), math.degrees(got))


def test_turning_a_unit_turns_its_picture():
    a, _ = _draw(_battle_with("pikeman", 0))
    b, _ = _draw(_battle_with("pikeman", 3))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def _look(facts: FigureFacts, **kw) -> Look:
    return Look(facts=facts, colour=BLUE, hp=4, max_hp=4, **kw)


def test_states_change_the_figure():
    """Down, dead, disarmed, shield broken, unhorsed, selected, holding: each a different
    picture of the same figure (issue 28, item 2)."""
    spear = FigureFacts(armour="mail", helm=True, weapon="spear", shield="medium")
    knight = FigureFacts(armour="plate", helm=True, weapon="lance", shield="medium",
                         mounted=True)
    sprites = FigureSprites()
    looks = [
        _look(spear), _look(spear, pose="lying"), _look(spear, pose="dead"),
        _look(dataclasses.replace(spear, weapon="none", disarmed="spear")),
        _look(dataclasses.replace(spear, shield="", shield_broken=True)),
        _look(knight), _look(dataclasses.replace(knight, mounted=False, unhorsed=True)),
        _look(spear, selected=True), _look(spear, marks=("hold",)),
        _look(spear, marks=("engaged",)), _look(spear, spent=True),
    ]
    pictures = [pygame.image.tobytes(sprites.get(lk, 30.0, 0.0)[0], "RGBA") for lk in looks]
    assert len(set(pictures)) == len(looks)


def test_a_units_state_picks_its_pose_and_kit():
    """What the rules say of a unit shows: a dead one lies as a marker, a disarmed one's
    weapon lies on its base, a ZeFRS figure knocked down lies (ZEF-29)."""
    state = _battle_with("man_at_arms_spear", 0)
    rs = ruleset_of(state)
    u = state.unit("p")
    assert pose_of(u) == "stand"
    assert pose_of(dataclasses.replace(u, status="dead")) == "dead"
    assert pose_of(dataclasses.replace(u, status="down", condition="unconscious")) == "lying"
    assert unit_facts(rs, dataclasses.replace(u, weapon="")).disarmed == "spear"
    assert unit_facts(rs, dataclasses.replace(u, shield="")).shield_broken
    from rules.engine import register_ruleset
    from rules.systems.zefrs.ruleset import RULESET as ZEFRS

    register_ruleset(ZEFRS)  # as tests/zefrs does, until its entry point is installed
    z = _battle_with("guard", 0, ruleset="zefrs")
    zu = z.unit("p")
    assert pose_of(dataclasses.replace(zu, knocked_down=True)) == "lying"


def test_a_later_ruleset_gets_figures_from_its_templates_facts():
    """No new art for a new ruleset: a template is read by its words and numbers."""
    from types import SimpleNamespace as NS

    tables = NS(weapons={"glaive": NS(name="Glaive", reach_ft=10, hands=2),
                         "arquebus": NS(name="Arquebus", kind="missile")},
                armours={"brig": NS(name="Brigandine")}, shields={},
                units={"yeoman": NS(name="Elven yeoman", weapon="glaive", armour="brig",
                                    missile="arquebus")})
    facts = template_facts(NS(tables=lambda: tables), "yeoman")
    assert (facts.kind, facts.armour, facts.weapon, facts.two_handed) == (
        "elf", "mail", "polearm", True)
    assert facts.missile == "bow"


def test_the_figure_sheets_are_drawn_alike_every_time_for_every_ruleset(tmp_path):
    made = MAKE.build()
    assert MAKE.build() == made  # no randomness, no timestamps: the same bytes twice
    assert sorted(made) == sorted(
        [f"figures/{rs.id}.png" for rs in RULESETS] + ["figures/states.png", "figures/ABOUT.txt"])
    assert MAKE.main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(n.split("/")[1] for n in made)


def test_a_unit_of_a_ruleset_with_no_tables_still_gets_a_figure():
    from types import SimpleNamespace as NS

    unit = NS(name="Swamp troll", template="troll", weapon="claws", armour=3, size="large")
    facts = unit_facts(NS(), unit)
    assert (facts.kind, facts.size, facts.armour, facts.weapon) == (
        "ogre", "large", "none", "natural")
