"""The mass battle's battlefield (ZEF-58..80): a 5 × 7 grid of 100-ft squares, the terrain
coloured as the hex maps colour it, and each unit a tray of miniatures (game/render/
mass_figures.py) under its banner, thinning as its men fall, facing its way, with how many
of its fighters are left, its order and its leader.

Why a view of its own: the grid is the board kind "grid" (`flank.views: grid`); the scene
(game/ui/mass_scene.py) and a replay both draw it from a state and a viewer, never
computing a rule.  What a side may not see (the other side's placement before the reveal,
its orders before they are opened) is not drawn: `MassPicture` is made from what the viewer
may know.  Pure drawing: pygame only, no pygame-gui.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.render import lettering
from game.render.mass_figures import TroopFigures
from game.render.palette import side_colour, terrain_colour
from game.render.tokens import font as board_font
from rules.hexgrid import Hex
from rules.state import Battle
from rules.systems.zefrs.mass.events import mass_frame, square_word
from rules.systems.zefrs.mass.grid import COLUMNS, ROWS
from rules.systems.zefrs.mass.units import mass_units
from rules.wording import Words

__all__ = ["Block", "Float", "GridStateView", "MassPicture", "MassView", "order_icon",
           "picture_of"]

BG = (24, 26, 30)
INK = (235, 232, 220)
DIM = (150, 150, 150)


@dataclass(frozen=True)
class Block:
    """A unit as the viewer may see it."""

    id: str
    name: str
    side_index: int
    square: Hex
    facing: int
    fighters: int
    start: int
    leader: str  # the leader's name, or "" (leaderless)
    order: str = ""  # shown only once it is the viewer's to know
    goal: Hex | None = None
    commander: str = ""  # the commander's name if he is on this square
    shaken: bool = False
    reserve: bool = False
    troop: str = ""  # its troop type: the miniatures drawn on its tray ("" a plain block)


@dataclass(frozen=True)
class Float:
    """A number rising from a square (casualties), `age` 0..1."""

    square: Hex
    text: str
    colour: tuple[int, int, int]
    age: float


@dataclass
class MassPicture:
    blocks: list[Block] = field(default_factory=list)
    commanders: list[tuple[str, int, Hex]] = field(default_factory=list)  # alone on a square
    terrain: dict[Hex, str] = field(default_factory=dict)
    highlight: dict[Hex, tuple[int, int, int]] = field(default_factory=dict)
    selected: str = ""
    banner: str = ""
    banner_colour: tuple[int, int, int] = (240, 210, 120)
    caption: str = ""


def picture_of(state: Battle, viewer: str | None) -> MassPicture:
    """What the grid shows `viewer` (None: what everybody may see)."""
    f = mass_frame(state)
    pic = MassPicture()
    for h, t in state.board.cells:
        pic.terrain[h] = t.kind
    if f is None:
        return pic
    index = {s.id: i for i, s in enumerate(state.sides)}
    w = Words.of(state)  # names a player reads, never ids (a replacement's too)
    led = dict(f.led)
    by_square: dict[Hex, str] = {}
    for u in mass_units(state):
        if not u.on_grid or u.pos is None:
            continue
        by_square[u.pos] = u.id
    for side, cid in f.commanders:
        if not state.has_unit(cid):
            continue
        c = state.unit(cid)
        if c.pos is not None and c.fighting and c.pos not in by_square:
            pic.commanders.append((w.unit(c.id), index[side], c.pos))
    for u in mass_units(state):
        if not u.on_grid or u.pos is None:
            continue
        mine = viewer is not None and viewer == u.side
        open_orders = f.step not in ("orders", "deploy", "reveal", "round")
        leader = ""
        if u.leader and state.has_unit(u.leader) and state.unit(u.leader).fighting:
            leader = w.unit(u.leader)
        cmd = next((w.unit(c) for c, uid in led.items() if uid == u.id), "")
        if not cmd:
            cmd = next((w.unit(cid) for _, cid in f.commanders
                        if state.has_unit(cid) and state.unit(cid).fighting
                        and state.unit(cid).pos == u.pos), "")
        pic.blocks.append(Block(
            id=u.id, name=w.unit(u.id), side_index=index[u.side], square=u.pos, facing=u.facing,
            fighters=u.fighters, start=u.start, leader=leader,
            order=u.order if (mine or open_orders) else "",
            goal=u.goal if mine and f.step == "orders" else None, commander=cmd,
            shaken=u.shaken,
            reserve=u.slot == "reserve", troop=u.template))
    return pic


class MassView:
    """Draws a `MassPicture` on a surface, the grid fitted to it."""

    def __init__(self) -> None:
        self.figures = TroopFigures()
        self.origin = (0, 0)
        self.cell = 80

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The board's lettering at `size` (`game.render.tokens.font`: made once, made again
        after a `pygame.quit`)."""
        return board_font(size, bold)

    def fit(self, size: tuple[int, int]) -> None:
        w, h = size
        margin_top, margin = 44, 28
        self.cell = max(24, min((w - 2 * margin) // COLUMNS, (h - margin_top - margin) // ROWS))
        gw, gh = self.cell * COLUMNS, self.cell * ROWS
        self.origin = ((w - gw) // 2, margin_top + (h - margin_top - margin - gh) // 2)

    def rect(self, sq: Hex) -> pygame.Rect:
        x0, y0 = self.origin
        return pygame.Rect(x0 + sq.q * self.cell, y0 + sq.r * self.cell, self.cell, self.cell)

    def square_at(self, pos: tuple[int, int]) -> Hex | None:
        x0, y0 = self.origin
        x, y = (pos[0] - x0) // self.cell, (pos[1] - y0) // self.cell
        return Hex(x, y) if 0 <= x < COLUMNS and 0 <= y < ROWS else None

    def draw(self, surf: pygame.Surface, pic: MassPicture, floats: tuple[Float, ...] = ()
             ) -> None:
        self.fit(surf.get_size())
        surf.fill(BG)
        for y in range(ROWS):
            for x in range(COLUMNS):
                sq = Hex(x, y)
                r = self.rect(sq)
                pygame.draw.rect(surf, terrain_colour(pic.terrain.get(sq, "grass")), r)
                pygame.draw.rect(surf, (30, 36, 30), r, 1)
                if sq in pic.highlight:
                    overlay = pygame.Surface(r.size, pygame.SRCALPHA)
                    overlay.fill((*pic.highlight[sq], 90))
                    surf.blit(overlay, r.topleft)
                    pygame.draw.rect(surf, pic.highlight[sq], r.inflate(-4, -4), 3)
                label = self.font(16).render(square_word(sq), True, (20, 30, 20))
                surf.blit(label, (r.x + 3, r.y + 2))
        x0, y0 = self.origin
        gw, gh = self.cell * COLUMNS, self.cell * ROWS
        pygame.draw.rect(surf, (200, 190, 150), (x0 - 2, y0 - 2, gw + 4, gh + 4), 2)
        lettering.line(surf, self.font(18), "each square 100 ft (ZEF-61)", DIM, gw,
                       topleft=(x0, y0 + gh + 6))
        if pic.caption:
            lettering.line(surf, self.font(26, True), pic.caption, INK,
                           surf.get_width() - x0 - 8, topleft=(x0, 12))
        for b in pic.blocks:
            self._block(surf, b, b.id == pic.selected)
        for name, side, sq in pic.commanders:
            self._commander(surf, name, side, self.rect(sq))
        for fl in floats:
            r = self.rect(fl.square)
            img = self.font(max(20, self.cell // 3), True).render(fl.text, True, fl.colour)
            img.set_alpha(int(255 * (1 - fl.age)))
            surf.blit(img, (r.centerx - img.get_width() // 2,
                            r.y + int(r.h * 0.25) + int(fl.age * r.h * 0.6)))
        if pic.banner:
            self._banner(surf, pic.banner, pic.banner_colour)

    def _block(self, surf: pygame.Surface, b: Block, selected: bool) -> None:
        """A unit on its movement tray: the banner (its name, and its order once known)
        along the top, its men as miniatures facing its way and thinning as they fall
        (mass_figures), its leader and its fighters left of its start along the bottom,
        a bar of the share still standing, and the wedge on the edge it faces."""
        r = self.rect(b.square).inflate(-self.cell // 10, -self.cell // 10)
        colour = side_colour(b.side_index)
        dark = tuple(max(0, c - 110) for c in colour)
        tray = pygame.Surface(r.size, pygame.SRCALPHA)
        tray.fill((*dark, 150))
        surf.blit(tray, r.topleft)
        small = self.font(max(14, self.cell // 7 + 1))
        strip = small.get_height() + 2
        frac = max(0.0, min(1.0, b.fighters / max(1, b.start)))
        icon = strip - 2 if b.order else 0
        room = r.w - 8 - (icon + 4 if icon else 0)
        # the name in two lines on a tray tall enough to spare the second from its men
        names = lettering.wrap(lambda s: small.size(s)[0], b.name, room,
                               most=2 if r.h >= 7 * strip else 1)
        head = strip + (len(names) - 1) * small.get_linesize()
        body = pygame.Rect(r.x + 2, r.y + head, r.w - 4, r.h - head - strip - 4)
        if b.troop and body.h > 8:
            self.figures.draw(surf, body, b.troop, colour, b.facing, b.fighters, b.start)
        else:  # no troop type to draw: the block itself thins
            fill = pygame.Rect(r.x, r.y, max(2, int(r.w * frac)), r.h)
            pygame.draw.rect(surf, colour, fill, border_radius=4)
        # the share still standing, a bar along the tray's foot (ZEF-77: a third, two thirds)
        bar = pygame.Rect(r.x + 3, r.bottom - strip - 5, r.w - 6, 4)
        pygame.draw.rect(surf, (20, 20, 20), bar)
        pygame.draw.rect(surf, colour, (bar.x, bar.y, max(1, int(bar.w * frac)), bar.h))
        for third in (1, 2):
            x = bar.x + bar.w * third // 3
            pygame.draw.line(surf, (240, 240, 240), (x, bar.y - 1), (x, bar.bottom), 1)
        for y0, tall in ((r.y, head), (r.bottom - strip, strip)):  # dark under the words
            band = pygame.Surface((r.w, tall), pygame.SRCALPHA)
            band.fill((*dark, 215))
            surf.blit(band, (r.x, y0))
        if b.reserve:  # a reserve's tray has a white corner (ZEF-58)
            k = max(6, self.cell // 9)
            pygame.draw.polygon(surf, (250, 250, 250), [r.bottomleft, (r.x + k, r.bottom),
                                                        (r.x, r.bottom - k)])
        pygame.draw.rect(surf, (255, 236, 140) if selected else colour, r,
                         3 if selected else 2, border_radius=4)
        self._facing(surf, r, b.facing, (250, 250, 240))
        lettering.lines(surf, small, b.name, (255, 255, 255), room,
                        (r.x + 4, r.y + 2 + small.get_height() // 2), most=len(names), left=True)
        if b.order:
            order_icon(surf, b.order, pygame.Rect(r.right - icon - 2, r.y + 1, icon, icon))
        count = small.render(f"{b.fighters}/{b.start}", True, (255, 255, 255))
        surf.blit(count, (r.right - count.get_width() - 4, r.bottom - strip + 1))
        lead = f"* {b.commander}" if b.commander else (b.leader or "leaderless")
        tint = (255, 240, 180) if b.commander else (230, 230, 230)
        room = r.w - count.get_width() - 14
        lettering.line(surf, small, lead, tint, room, topleft=(r.x + 4, r.bottom - strip + 1),
                       short=lettering.by_last_word(lambda s: small.size(s)[0], lead, room))
        if b.shaken:
            s = small.render("shaken", True, (255, 120, 120))
            plate = s.get_rect(center=r.center).inflate(6, 2)
            pygame.draw.rect(surf, (30, 10, 10), plate, border_radius=3)
            surf.blit(s, s.get_rect(center=plate.center))
        if b.goal is not None and b.goal != b.square:
            g = self.rect(b.goal)
            pygame.draw.line(surf, (255, 255, 255), r.center, g.center, 3)
            pygame.draw.circle(surf, (255, 255, 255), g.center, 6)

    def _facing(self, surf: pygame.Surface, r: pygame.Rect, facing: int,
                colour: tuple[int, int, int]) -> None:
        """A wedge on the edge the unit faces: the only side it strikes from (ZEF-64)."""
        k = max(6, self.cell // 7)
        cx, cy = r.center
        tips = {0: [(cx - k, r.top + 2), (cx + k, r.top + 2), (cx, r.top - k)],
                1: [(r.right - 2, cy - k), (r.right - 2, cy + k), (r.right + k, cy)],
                2: [(cx - k, r.bottom - 2), (cx + k, r.bottom - 2), (cx, r.bottom + k)],
                3: [(r.left + 2, cy - k), (r.left + 2, cy + k), (r.left - k, cy)]}
        pygame.draw.polygon(surf, colour, tips[facing % 4])
        pygame.draw.polygon(surf, (10, 10, 10), tips[facing % 4], 1)

    def _commander(self, surf: pygame.Surface, name: str, side: int, r: pygame.Rect) -> None:
        pygame.draw.circle(surf, side_colour(side), r.center, max(8, self.cell // 6))
        pygame.draw.circle(surf, (255, 236, 140), r.center, max(8, self.cell // 6), 2)
        f = self.font(max(14, self.cell // 6))
        lettering.lines(surf, f, f"* {name}", (255, 255, 255), self.cell - 4,
                        (r.centerx, r.bottom - 2 - f.get_height() // 2), upward=True)

    def _banner(self, surf: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
        lettering.banner(surf, self.font(max(34, surf.get_width() // 18), True), text, colour)


def order_icon(surf: pygame.Surface, order: str, box: pygame.Rect) -> None:
    """A unit's order as a small sign on a light plate (ZEF-66), so that its name keeps the
    banner: crossed blades attack, a shield defends, an arrow shoots, a back-chevron
    withdraws."""
    pygame.draw.rect(surf, (245, 230, 160), box, border_radius=3)
    pygame.draw.rect(surf, (20, 20, 20), box, 1, border_radius=3)
    x, y, w, h = box.x, box.y, box.w, box.h
    ink, red = (25, 25, 25), (170, 30, 25)
    k = max(1, w // 8)
    if order == "attack":
        pygame.draw.line(surf, red, (x + k * 2, y + k * 2), (x + w - k * 2, y + h - k * 2), k + 1)
        pygame.draw.line(surf, red, (x + w - k * 2, y + k * 2), (x + k * 2, y + h - k * 2), k + 1)
    elif order == "defend":
        pts = [(x + k * 2, y + k * 2), (x + w - k * 2, y + k * 2), (x + w - k * 2, y + h // 2),
               (x + w // 2, y + h - k * 2), (x + k * 2, y + h // 2)]
        pygame.draw.polygon(surf, (60, 90, 150), pts)
        pygame.draw.polygon(surf, ink, pts, 1)
    elif order == "shoot":
        pygame.draw.line(surf, ink, (x + k * 2, y + h - k * 2), (x + w - k * 3, y + k * 3), k)
        pygame.draw.polygon(surf, ink, [(x + w - k * 2, y + k * 2), (x + w - k * 5, y + k * 3),
                                        (x + w - k * 3, y + k * 5)])
    else:  # withdraw
        pygame.draw.lines(surf, ink, False, [(x + w - k * 3, y + k * 2), (x + k * 3, y + h // 2),
                                             (x + w - k * 3, y + h - k * 2)], k + 1)


class GridStateView:
    """The grid as a state shows it, nothing secret shown: what a replay draws at its
    cursor (``flank.views: grid``), the same shape as the hex board's view."""

    def __init__(self, state: Battle, camera: Any = None, painter: Any = None) -> None:
        self.view = MassView()

    def fit(self) -> None:
        """The grid fills the surface it is drawn on."""

    def draw(self, surf: pygame.Surface, state: Battle) -> None:
        pic = picture_of(state, None)
        f = mass_frame(state)
        if f is not None and f.step == "deploy":
            pic.caption = "Secret deployment: each side places its units (ZEF-58)"
        elif f is not None:
            pic.caption = f"Round {max(1, state.round)}"
        self.view.draw(surf, pic)
