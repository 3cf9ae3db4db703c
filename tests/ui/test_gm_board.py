"""A GM's board (issue 35, "What a player sees", item 9): every overlay the sandbox and the
battle screen turn on has a legend in the board's corner, each tint drawn in the colour the
board paints it with a player's label (the arcs in the ruleset's own words, FE-20 for the
rear); the exchange's step-through says when the defender turns to face his attacker
(R-FE-FACE-ATTACK) and the board shows the way he turns; "Under every ruleset" gives every
number its label."""

from __future__ import annotations

import re

import pygame
import pytest

from game.app import App
from game.render.legend import FILL, OUTLINE, RING, seen_colour
from game.render.overlay_legend import threat_tint
from game.render.palette import ARC_COLOURS, PROVOKE, REACH, TARGET, TURN
from game.sandbox import Sandbox
from game.ui.sandbox_scene import LEFT, SandboxScene
from rules.hexgrid import sextant_direction
from rules.positioning import arc
from tests.fallen_empire.helpers import fe
from tests.ui.test_window_play import Player
from tests.ui.window import AtTheWindow


class GM(AtTheWindow):
    """Aldric (men) faces the orc beside him; the orc looks away, so Aldric stands in his
    flank: "an orc struck from the flank"."""

    def __init__(self) -> None:
        self.app = App((1366, 768))
        self.sb = Sandbox(fe().side("men", True).side("orcs").build())
        self.sb.place("fighting_man", "men", (0, 0), facing=0, unit_id="f", name="Aldric")
        self.sb.place("orc", "orcs", (1, 0), facing=1, unit_id="o", name="Gorbag")
        self.sb.place("orc", "orcs", (1, 2), facing=3, unit_id="o2", name="Ugluk")
        self.scene = SandboxScene(self.app, self.sb)
        self.app.switch(self.scene)
        self.scene.selected, self.scene.target = "f", "o"
        self.frames(2)

    def legend(self) -> list[tuple[pygame.Rect, object]]:
        return self.scene.view.legend_drawn

    def shown(self, rect: pygame.Rect, dx: int = 0) -> tuple[int, int, int]:
        """The screen's colour at a swatch's middle (`dx` along from its left edge)."""
        x = rect.left + dx if dx else rect.centerx
        return tuple(self.app.screen.get_at((x + LEFT, rect.centery)))[:3]


def close(a, b, within: int = 3) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def gm():
    g = GM()
    yield g
    pygame.quit()


def test_each_sandbox_overlay_shows_its_legend_in_its_colours(gm) -> None:
    s = gm.scene
    assert [sw.kind for _, sw in gm.legend()] == ["arrow"]  # only the exchange's turn
    assert "Rear arc" not in str(gm.legend())
    # T: threat, per side then every side, then off
    gm.key(pygame.K_t)
    labels = {sw.label: (r, sw) for r, sw in gm.legend()}
    one = labels["One foe can strike a figure standing here (R-POS-THREAT)"]
    assert one[1].colour == threat_tint(1) and one[1].kind == FILL
    assert close(gm.shown(one[0]), seen_colour(one[1]))
    for _ in range(3):
        gm.key(pygame.K_t)
    assert s.overlays_on["threat"] is None
    assert not any("R-POS-THREAT" in sw.label for _, sw in gm.legend())
    # A: Aldric's arcs in Fallen Empire's words, each tint as the board paints it
    gm.key(pygame.K_a)
    arcs = {sw.label: (r, sw) for r, sw in gm.legend() if sw.kind == FILL}
    rear = arcs["Rear arc — +2 to strike him here, and his shield does not count (FE-20)"]
    assert rear[1].colour == ARC_COLOURS["rear"]
    assert close(gm.shown(rear[0]), seen_colour(rear[1]))
    front = next(v for k, v in arcs.items() if k.startswith("Front arc — he fights this way"))
    assert front[1].colour == ARC_COLOURS["front"]
    assert close(gm.shown(front[0]), seen_colour(front[1]))
    assert any(k.startswith("Flank arc") for k in arcs)
    gm.key(pygame.K_a)
    assert not any(sw.label.startswith("Rear arc") for _, sw in gm.legend())
    # R: reach, an outline in its own colour
    gm.key(pygame.K_r)
    reach = next((r, sw) for r, sw in gm.legend() if sw.kind == OUTLINE)
    assert reach[1].colour == REACH and "R-POS-REACH" in reach[1].label
    assert close(gm.shown(reach[0], dx=1), REACH)
    gm.key(pygame.K_r)
    assert all(sw.kind != OUTLINE for _, sw in gm.legend())
    # W, P, F: who can strike the hex, the way there, who flanks the target
    gm.key(pygame.K_w)
    assert any(sw.colour == TARGET for _, sw in gm.legend())
    gm.key(pygame.K_w)
    gm.key(pygame.K_p)
    ring = next(sw for _, sw in gm.legend() if sw.kind == RING)
    assert ring.colour == PROVOKE and "free blow" in ring.label
    gm.key(pygame.K_p)
    gm.key(pygame.K_f)
    flank = [sw.label for _, sw in gm.legend() if sw.kind == FILL]
    assert flank == ["A foe in the flank arc — no bonus to strike him here (FE-20 counts "
                     "only the rear)"]  # Aldric, in Gorbag's flank
    gm.key(pygame.K_f)
    assert [sw.kind for _, sw in gm.legend()] == ["arrow"]


def test_the_step_through_says_the_orc_struck_from_the_flank_turns_to_face(gm) -> None:
    """R-FE-FACE-ATTACK: a figure turns to face the foe it strikes as it strikes; Gorbag,
    struck from his flank, turns to face Aldric when he strikes back -- the step list says
    so with the clause, the board draws the way he turns, and he does turn that way."""
    sb, s = gm.sb, gm.scene
    orc, aldric = sb.state.unit("o"), sb.state.unit("f")
    assert arc(orc, aldric.pos) == "flank"
    toward = sextant_direction(orc.pos, aldric.pos)
    text = s.steps.html_text
    assert "When he strikes back, Gorbag turns to face Aldric" in text
    assert "(R-FE-FACE-ATTACK)" in text and "Aldric is then in his front arc" in text
    assert s.overlays().turns == {orc.pos: (toward, TURN)}  # Aldric already faces him
    arrow, said = next((r, sw) for r, sw in gm.legend() if sw.colour == TURN)
    assert said.label == "The defender turns to face this way when he strikes back"
    assert close(gm.shown(arrow, dx=3), TURN)
    # the arrow on the board, across the hexside he turns to
    x, y = s.camera.centre_of(orc.pos)
    nx, ny = s.camera.centre_of(orc.pos.neighbor(toward))
    at = (int(x + (nx - x) * 0.3) + LEFT, int(y + (ny - y) * 0.3))
    assert close(tuple(gm.app.screen.get_at(at))[:3], TURN)
    # Aldric strikes (he already faces Gorbag); then Gorbag strikes back and turns so
    s.dice_entry.set_text("3, 1")
    gm.click(s.roll_b.get_abs_rect().center)
    assert sb.state.unit("o").facing == 1
    sb.roll_exchange("o", "f", dice=[3, 1])
    assert sb.state.unit("o").facing == toward
    assert arc(sb.state.unit("o"), aldric.pos) == "front"
    sb.undo()
    sb.undo()


def test_under_every_ruleset_every_number_has_its_label(gm) -> None:
    text = gm.scene.compare.html_text
    rows = [r for r in text.split("<br>")[1:] if r]
    assert len(rows) == 5
    fe_row = rows[0].split(" · ")
    assert fe_row[0] == "Fallen Empire"
    assert re.fullmatch(r"to hit \d+\.\d%", fe_row[1])
    assert re.fullmatch(r"damage 1–8 HP, mean \d\.\d\d", fe_row[2])
    assert re.fullmatch(r"out of the fight \d+\.\d%", fe_row[3])
    zefrs = next(r for r in rows if r.startswith("ZeFRS")).split(" · ")
    assert "Damage Points" in zefrs[2] and "on d100" in zefrs[1]
    for row in rows:
        for cell in row.split(" · ")[1:]:
            assert re.match(r"[A-Za-z]", cell), cell  # a label first, never a bare number


def test_the_battle_screens_overlays_have_their_legend() -> None:
    p = Player(seed=3)
    try:
        if p.scene.cover is not None:
            p.click(p.scene._cover_button.get_abs_rect().center)
        state = p.scene.tm.state
        mine = next(u for u in state.units if u.side == p.scene.viewer and u.pos is not None)
        p.scene.selected = mine.id
        for key in (pygame.K_t, pygame.K_r, pygame.K_a):
            p.key(key)
        drawn = p.scene.view.legend_drawn
        labels = [sw.label for _, sw in drawn]
        assert any("R-POS-THREAT" in x for x in labels)
        assert any("R-POS-REACH" in x for x in labels)
        rear = next(sw for _, sw in drawn if sw.label.startswith("Rear arc"))
        assert rear.colour == ARC_COLOURS["rear"] and "(FE-20)" in rear.label
        for r, sw in drawn:
            if sw.kind == FILL:
                assert close(tuple(p.app.screen.get_at(r.center))[:3], seen_colour(sw))
        for key in (pygame.K_t, pygame.K_r, pygame.K_a):
            p.key(key)
        assert p.scene.view.legend_drawn == []
    finally:
        pygame.quit()


def test_the_arcs_legend_speaks_each_rulesets_words() -> None:
    """Under ZeFRS facing bears only through the shield (R-ZEF-SHIELD-ARC): the arcs overlay
    marks the shield's side and the unguarded side, and the legend says so in those words
    and colours; under Empress the shield's arcs are EMP-21's."""
    from game.overlay_facts import facing_arcs
    from game.render.overlay_legend import arcs_part

    sb = Sandbox(fe().side("men", True).side("orcs").build())
    sb.place("fighting_man", "men", (0, 0), facing=0, unit_id="f", name="Aldric")
    sb.switch_ruleset("zefrs")
    part = arcs_part(sb.state, "f", facing_arcs(sb.state, "f", 3))
    assert [(sw.colour, sw.label) for sw in part.swatches] == [
        (ARC_COLOURS["guarded"], "Shield side — his shield is brought to bear on blows from "
                                 "here (R-ZEF-SHIELD-ARC)"),
        (ARC_COLOURS["unguarded"], "Unguarded — his shield does not cover blows from here "
                                   "(R-ZEF-SHIELD-ARC)")]
    sb.switch_ruleset("empress")
    labels = [sw.label for sw in arcs_part(sb.state, "f", facing_arcs(sb.state, "f", 3)
                                           ).swatches]
    assert labels[0].startswith("Front arc") and all("(EMP-21)" in x for x in labels)


def test_a_still_pictures_overlay_has_its_legend() -> None:
    """`flank screenshot --overlay` and the sandbox's PNG draw the same legend."""
    from game.render.snapshot import overlays_for

    sb = Sandbox(fe().side("men", True).side("orcs").build())
    for name, colour in (("threat", threat_tint(1)), ("reach", REACH),
                         ("facing", ARC_COLOURS["rear"])):
        (part,) = overlays_for(sb.state, name).legend
        assert colour in [sw.colour for sw in part.swatches]
    assert overlays_for(sb.state, "none").legend == ()
