"""The chase's pursuit track (ER-21..ER-34): a market street seen from above with the runners
on one lane, the gap between each pursuer and the one he chases in hexes and feet, and the
countdown clock of seconds 10 → 1 with who swings in each, the last roll beside each runner.

Why a view of its own: the track is the board kind "track" (`flank.views: track`); the
scene (game/ui/chase_scene.py) and a replay both draw it from a state, never computing a
rule.  The figures are the same painted miniatures as on the hex map (game/render/
figure_*.py), all facing the way they run.  Pure drawing: pygame only, no pygame-gui.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.render import lettering
from game.render.figure_facts import FigureFacts, unit_facts
from game.render.figure_sprites import FigureSprites, Look, facing_angle, pose_of
from game.render.palette import side_colour
from game.render.tokens import font as board_font
from rules.engine import ruleset_of
from rules.state import Battle
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.wording import Words, plural

__all__ = ["ChaseView", "TrackPicture", "TrackRunner", "TrackStateView", "picture_of"]

BG = (30, 28, 26)
STREET = (150, 132, 104)
STONE = (132, 116, 92)
INK = (240, 236, 224)
DIM = (150, 146, 138)
GOLD = (255, 214, 90)
AWNINGS = ((176, 58, 46), (64, 112, 160), (206, 170, 60), (84, 140, 80))
OUT_WORDS = {"escaped": "got away", "left behind": "left behind", "broke off": "broke off",
             "down": "down", "caught": "run to ground"}


@dataclass(frozen=True)
class TrackRunner:
    unit: str
    name: str
    role: str
    at: int
    side_index: int
    facts: FigureFacts
    pose: str
    hp: int
    max_hp: int
    second: int
    out: str = ""
    note: str = ""  # the last roll or blow, in a few words


@dataclass
class TrackPicture:
    runners: list[TrackRunner]
    second: int
    chase_round: int
    order: tuple[str, ...]
    deciding: str = ""
    feet_per_hex: int = 5
    gaps: list[tuple[str, str, int]] = field(default_factory=list)  # pursuer, quarry, hexes
    banner: str = ""
    caption: str = ""
    title: str = ""


def picture_of(state: Battle, notes: dict[str, str] | None = None, title: str = ""
               ) -> TrackPicture:
    """What the track shows of `state`; `notes` the last thing each runner did."""
    f = chase_frame(state)
    if f is None:
        raise ValueError("the track shows a chase, and this battle is not in one")
    w = Words.of(state)
    rs = ruleset_of(state)
    sides = [s.id for s in state.sides]
    runners = []
    for r in f.runners:
        u = state.unit(r.unit)
        runners.append(TrackRunner(
            unit=r.unit, name=w.unit(r.unit), role=r.role, at=r.at,
            side_index=sides.index(u.side), facts=unit_facts(rs, u), pose=pose_of(u),
            hp=u.hp, max_hp=u.max_hp, second=r.second, out=r.out,
            note=(notes or {}).get(r.unit, "")))
    gaps = []
    for p in f.running("pursuer"):  # each to the one he chases (R-ER-CHASE-QUARRY)
        q = f.quarry_of(p.unit)
        if q is not None:
            gaps.append((p.unit, q.unit, q.at - p.at))
    return TrackPicture(runners=runners, second=f.second, chase_round=f.chase_round,
                        order=f.order, deciding=f.deciding,
                        feet_per_hex=state.board.feet_per_hex, gaps=gaps, title=title)


class ChaseView:
    """Draws a `TrackPicture` on a surface, the lane fitted to it."""

    def __init__(self) -> None:
        self.sprites = FigureSprites()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The board's lettering at `size` (`game.render.tokens.font`: made once, made again
        after a `pygame.quit`)."""
        return board_font(size, bold)

    def text(self, surf: pygame.Surface, text: str, at: tuple[int, int], size: int = 20,
             colour: tuple[int, int, int] = INK, bold: bool = False, centre: bool = True,
             width: int | None = None, right: bool = False) -> pygame.Rect:
        """A line centred on `at` (`centre` False: its top left there; `right`: its top
        right), in no more than `width` pixels (the surface's width if None): shortened
        with an ellipsis if it must be, the whole on hover (`lettering`)."""
        room = width if width is not None else surf.get_width() - 8
        f = self.font(size, bold)
        if right:
            return lettering.line(surf, f, text, colour, room, topright=at)
        if centre:
            return lettering.line(surf, f, text, colour, room, center=at)
        return lettering.line(surf, f, text, colour, room, topleft=at)

    # --- the whole ---------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, pic: TrackPicture) -> None:
        w, h = surf.get_size()
        surf.fill(BG)
        clock_h = max(110, h // 7)
        self._clock(surf, pic, pygame.Rect(0, 0, w, clock_h))
        street = pygame.Rect(0, clock_h + 8, w, max(160, h - clock_h - 56))
        self._street(surf, street)
        self._lane(surf, pic, street)
        if pic.caption:
            self.text(surf, pic.caption, (w // 2, h - 24), 22, INK, width=w - 24)
        if pic.banner:
            self._banner(surf, pic.banner)

    # --- the countdown clock (ER-29) ------------------------------------------------------------

    def _clock(self, surf: pygame.Surface, pic: TrackPicture, area: pygame.Rect) -> None:
        head = f"Chase round {max(1, pic.chase_round)}" + (f": {pic.title}" if pic.title else "")
        self.text(surf, head, (area.centerx, area.y + 14), 24, INK, bold=True,
                  width=area.w - 16)
        step = area.w / 10
        r = max(12, min(22, int(step / 3)))
        names = {x.unit: x.name for x in pic.runners}
        swing: dict[int, list[str]] = {}
        for uid in pic.order:
            x = next((t for t in pic.runners if t.unit == uid), None)
            if x is not None and not x.out and 1 <= x.second <= 10:
                swing.setdefault(x.second, []).append(names[uid])
        for i, sec in enumerate(range(10, 0, -1)):
            cx, cy = int(step * i + step / 2), area.y + 30 + r
            now, past = sec == pic.second, sec > pic.second
            fill = GOLD if now else ((70, 66, 60) if past else (110, 104, 94))
            pygame.draw.circle(surf, fill, (cx, cy), r)
            pygame.draw.circle(surf, INK if now else DIM, (cx, cy), r, 2)
            self.text(surf, str(sec), (cx, cy), int(r * 1.3), (20, 20, 20) if now else INK,
                      bold=True)
            for j, n in enumerate(swing.get(sec, [])[:3]):
                self.text(surf, n, (cx, cy + r + 10 + 14 * j), 17, GOLD if now else DIM,
                          width=int(step) - 4)

    # --- the street and the lane ---------------------------------------------------------------

    def _street(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(surf, STREET, r)
        for y in range(r.y + 6, r.bottom - 6, 18):  # cobbles
            shift = 0 if (y - r.y) // 18 % 2 else 14
            for x in range(r.x - 14 + shift, r.right, 28):
                pygame.draw.ellipse(surf, STONE, pygame.Rect(x, y, 24, 14), 1)
        band = max(18, r.h // 9)
        for i, x in enumerate(range(r.x, r.right, 90)):  # market stalls on both sides
            colour = AWNINGS[i % len(AWNINGS)]
            for y in (r.y, r.bottom - band):
                awning = pygame.Rect(x + 6, y, 78, band)
                pygame.draw.rect(surf, colour, awning)
                for sx in range(awning.x, awning.right, 13):
                    pygame.draw.line(surf, (240, 230, 210), (sx, awning.y),
                                     (sx, awning.bottom - 1), 3)

    def _lane(self, surf: pygame.Surface, pic: TrackPicture, street: pygame.Rect) -> None:
        running = [x for x in pic.runners if x.out != "escaped"]
        ats = [x.at for x in running] or [0]
        lo, hi = min(ats) - 1, max(ats) + 2
        n = hi - lo + 1
        cell = max(28, min(110, (street.w - 40) // n, int(street.h / 6)))
        x0 = street.x + (street.w - cell * n) // 2
        mid = street.y + street.h * 2 // 5 + 4
        half = cell // 2
        for i in range(n):  # the lane's hexes, 5 ft each
            cx = x0 + i * cell + half
            pts = [(cx + half * dx, mid + half * dy * 1.1) for dx, dy in
                   ((0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5))]
            pygame.draw.polygon(surf, (120, 104, 82), pts, 2)
        stack: dict[int, int] = {}
        place: dict[str, tuple[int, int]] = {}
        for x in sorted(running, key=lambda t: (t.at, t.role, t.unit)):
            k = stack.get(x.at, 0)
            stack[x.at] = k + 1
            cx = x0 + (x.at - lo) * cell + half
            below = k % 2 == 1  # a second on one hex stands below, a third above
            cy = mid + (1 if below else -1) * ((k + 1) // 2) * int(cell * 1.3)
            place[x.unit] = (cx, cy)
            where = "below" if below else ("above" if k else "lane")
            self._runner(surf, x, (cx, cy), cell, x.unit == pic.deciding, where)
        # the brackets clear a runner stacked below the lane and his note (a pursuer beside
        # a fleeing figure he runs past, R-ER-CHASE-HEELS)
        self._gaps(surf, pic, place, mid + int(cell * 1.3) + int(cell * 0.52) + 56)
        away = [x.name for x in pic.runners if x.out == "escaped"]
        if away:
            self.text(surf, "Got away: " + ", ".join(away), (street.right - 10, street.y + 40),
                      22, GOLD, width=street.w - 20, right=True)

    def _runner(self, surf: pygame.Surface, x: TrackRunner, at: tuple[int, int], cell: int,
                deciding: bool, where: str = "lane") -> None:
        """His figure, facing the way he runs, his name and the last thing he did: over
        him on the lane and above it, under him below it, so no two labels meet."""
        look = Look(facts=x.facts, colour=side_colour(x.side_index), pose=x.pose, hp=x.hp,
                    max_hp=x.max_hp, selected=deciding, spent=bool(x.out))
        got = self.sprites.get(look, cell * 0.36, facing_angle((1.0, 0.0)))
        if got is not None:
            img, fx, fy = got
            surf.blit(img, (at[0] - fx, at[1] - fy))
        under = OUT_WORDS.get(x.out, x.out) if x.out else x.note
        edge = int(cell * 0.52)
        width = int(cell * 1.25)
        if where == "below":
            rows = [(x.name, at[1] + edge), (under, at[1] + edge + 16)]
        elif where == "above":
            rows = [(x.name, at[1] - edge), (under, at[1] - edge - 16)]
        else:
            rows = [(x.name, at[1] - edge), (under, at[1] + edge)]
        (name, ny), (note, uy) = rows
        # the name in two lines where one is too narrow, growing away from the lane; the
        # note beyond it moves over to make room
        f = self.font(19, deciding)
        up = where != "below"
        taken = lettering.lines(surf, f, name, GOLD if deciding else INK,
                                cell - 6 if where == "lane" else width, (at[0], ny),
                                most=3 if where == "lane" else 2, upward=up)
        if where != "lane":
            uy += (taken - 1) * f.get_linesize() * (-1 if up else 1)
        if note:
            self.text(surf, note, (at[0], uy), 17, DIM if x.out else GOLD, width=width)

    def _gaps(self, surf: pygame.Surface, pic: TrackPicture, place: dict[str, tuple[int, int]],
              top: int) -> None:
        """A bracket a pursuer, from him to the one he chases, under the lane."""
        names = {x.unit: x.name for x in pic.runners}
        for i, (p, q, gap) in enumerate(sorted(pic.gaps, key=lambda g: g[2])):
            if p not in place or q not in place:
                continue
            a, b = place[p][0], place[q][0]
            yy = top + 21 * i
            pygame.draw.line(surf, INK, (a, yy), (b, yy), 2)
            for xx in (a, b):
                pygame.draw.line(surf, INK, (xx, yy - 6), (xx, yy + 6), 2)
            label = (f"{names[p]} to {names[q]}: {plural(gap, 'hex')}, "
                     f"{gap * pic.feet_per_hex} ft")
            self.text(surf, label, ((a + b) // 2, yy - 10), 17, INK,
                      width=2 * min((a + b) // 2, surf.get_width() - (a + b) // 2) - 8)

    def _banner(self, surf: pygame.Surface, text: str) -> None:
        lettering.banner(surf, self.font(max(34, surf.get_width() // 20), True), text, GOLD)


class TrackStateView:
    """The track as a state shows it: what a replay draws at its cursor
    (``flank.views: track``), the same shape as the hex board's view."""

    def __init__(self, state: Battle, camera: Any = None, painter: Any = None) -> None:
        self.view = ChaseView()

    def fit(self) -> None:
        """The lane fits itself to the surface it is drawn on."""

    def draw(self, surf: pygame.Surface, state: Battle) -> None:
        self.view.draw(surf, picture_of(state))
