"""Drawing a List: the bracket of a single elimination and the table of a Swiss List.

It lays out what `game.lists.board` has already put into words (pygame only, no rules): a
column a round, a box a bout with the winner in gold and a rider put out in red, lines from
each winner to his next bout, the champion at the end; or the standings table and this
round's bouts.  Everything shrinks to fit the rectangle it is given.
"""

from __future__ import annotations

import pygame

from game.lists.board import BoutBox, Bracket, Row, Slot
from game.render import lettering
from game.render.tokens import font

BG = (24, 28, 34)
BOX = (44, 50, 62)
BOX_FUTURE = (34, 38, 46)
EDGE = (96, 110, 134)
GOLD = (255, 210, 122)
TEXT = (232, 232, 236)
DIM = (150, 154, 164)
FAINT = (100, 104, 112)
RED = (236, 96, 86)
PERSON = (140, 196, 255)  # a knight a person rides
LINE = (130, 140, 160)


def _text(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int,
          colour: tuple[int, int, int], bold: bool = True, right: int | None = None,
          width: int | None = None) -> int:
    """Draw one line, shortened with an ellipsis to `width` (the whole on hover:
    `lettering`); answer its width."""
    f = font(size, bold)
    room = width if width is not None else surf.get_width() - pos[0]
    if right is not None:
        return lettering.line(surf, f, text, colour, room, topright=(right, pos[1])).w
    return lettering.line(surf, f, text, colour, room, topleft=pos).w


def _round_title(i: int, rounds: int) -> str:
    return "The final" if i == rounds - 1 and i else f"Round {i + 1}"


def _slot_colour(s: Slot) -> tuple[int, int, int]:
    if s.out:
        return RED
    if s.won:
        return GOLD
    if s.lost:
        return FAINT
    if s.person:
        return PERSON
    return TEXT if s.name else FAINT


def draw_bracket(surf: pygame.Surface, rect: pygame.Rect, bracket: Bracket) -> None:
    """The single-elimination bracket in `rect`: a column a round, then the champion, and
    a line saying what the colours mean."""
    legend_y = rect.bottom - 18
    rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - 28)
    cols = len(bracket.rounds) + 1
    col_w = int(rect.w / (cols - 0.3))  # the champion's column is narrower
    tallest = max((len(r) for r in bracket.rounds), default=1)
    head = 34
    pitch = (rect.h - head) / max(tallest, 1)
    scale = max(0.62, min(1.0, pitch / 74))
    big, small = round(22 * scale), round(17 * scale)
    box_h = round(64 * scale)
    where: dict[tuple[int, str], tuple[int, int]] = {}  # (round, name) -> left point
    boxes: list[tuple[pygame.Rect, BoutBox]] = []
    for i, bouts in enumerate(bracket.rounds):
        x = rect.x + i * col_w + 10
        _text(surf, _round_title(i, len(bracket.rounds)), (x, rect.y + 4), 24, GOLD)
        step = (rect.h - head) / max(len(bouts), 1)
        for j, box in enumerate(bouts):
            y = round(rect.y + head + step * (j + 0.5) - box_h / 2)
            r = pygame.Rect(x, y, min(col_w - 34, 320), box_h)
            boxes.append((r, box))
            for k, slot in enumerate((box.top, box.bottom)):
                if slot is not None and slot.name:
                    where[(box.round, slot.name)] = (r.x, r.y + 4 + k * round(24 * scale)
                                                     + big // 2)
    for r, box in boxes:  # lines from each winner to where he rides next
        for k, slot in enumerate((box.top, box.bottom)):
            if slot is None or not slot.won or slot.out:
                continue
            to = where.get((box.round + 1, slot.name))
            if to is not None:
                y0 = r.y + 4 + k * round(24 * scale) + big // 2
                mid = (r.right + to[0]) // 2
                pygame.draw.lines(surf, LINE, False, [(r.right, y0), (mid, y0), (mid, to[1]),
                                                      to], 2)
    for r, box in boxes:
        _draw_box(surf, r, box, big, small, scale)
    x = rect.x + (cols - 1) * col_w + 10
    _text(surf, "Champion", (x, rect.y + 4), 24, GOLD)
    cy = rect.y + head + (rect.h - head) // 2
    if bracket.champion:
        _text(surf, bracket.champion, (x, cy - 16), 30, GOLD, width=col_w - 20)
        won = [(r, k) for r, b in boxes for k, sl in enumerate((b.top, b.bottom))
               if sl is not None and sl.won and sl.name == bracket.champion]
        if won:  # from his last win
            r, k = won[-1]
            y0 = r.y + 4 + k * round(24 * scale) + big // 2
            pygame.draw.lines(surf, GOLD, False, [(r.right, y0), (x - 12, y0), (x - 12, cy),
                                                  (x - 4, cy)], 2)
    else:
        _text(surf, "?", (x, cy - 16), 30, FAINT)
    legend = [("ridden by a person", PERSON), ("won", GOLD), ("out of the List (FE-53)", RED)]
    lx = rect.x + 10
    for words, colour in legend:
        lx += _text(surf, words, (lx, legend_y), 16, colour, bold=False) + 24


def _draw_box(surf: pygame.Surface, r: pygame.Rect, box: BoutBox, big: int, small: int,
              scale: float) -> None:
    future = box.state == "future"
    pygame.draw.rect(surf, BOX_FUTURE if future else BOX, r, border_radius=6)
    edge, width = (GOLD, 3) if box.state == "next" else (EDGE, 1)
    pygame.draw.rect(surf, edge, r, width, border_radius=6)
    line = round(24 * scale)
    for k, slot in enumerate((box.top, box.bottom)):
        y = r.y + 4 + k * line
        if slot is None:
            _text(surf, "bye", (r.x + 10, y), big, DIM, bold=False)
            continue
        text = (slot.name or "—") + ("  out" if slot.out else "")
        dice = slot.detail.split(" · ")[0]
        room = r.w - 20 - (font(small, False).size(dice)[0] + 10 if dice else 0)
        if font(big).size(text)[0] > room:
            dice, room = "", r.w - 16  # the name first; the dice are in the side panel
        _text(surf, text, (r.x + 10, y), big, _slot_colour(slot), bold=slot.won or not future,
              width=room)
        if dice:
            _text(surf, dice, (r.x + 10, y), small, DIM, bold=False, right=r.right - 8)
    note = "ride now" if box.state == "next" and not box.note else box.note
    if note:
        _text(surf, note, (r.x + 10, r.y + 4 + 2 * line), small,
              GOLD if box.state == "next" else DIM, bold=False, width=r.w - 16)


COLUMNS = (("#", 0), ("Knight", 40), ("Dice", 280), ("Rider", 340), ("Points", 450),
           ("Buchholz", 530), ("W–D–L", 640), ("Byes", 730), ("", 790))


def draw_standings(surf: pygame.Surface, rect: pygame.Rect, rows: tuple[Row, ...],
                   bouts: tuple[tuple[str, str], ...], heading: str) -> None:
    """The Swiss table (points, then Buchholz, then seed) and this round's bouts below."""
    n = len(rows) + 2 + len(bouts) + 2
    pitch = max(18, min(30, (rect.h - 10) // max(n, 1)))
    size = max(15, min(22, pitch - 6))
    stretch = max(0.8, min(1.4, rect.w / 900))
    x0, y = rect.x + 10, rect.y + 4
    for title, dx in COLUMNS:
        _text(surf, title, (x0 + round(dx * stretch), y), size, GOLD)
    y += pitch
    pygame.draw.line(surf, EDGE, (x0, y - 4), (rect.right - 10, y - 4), 1)
    for row in rows:
        colour = (GOLD if row.status == "champion" else RED if row.status else
                  PERSON if row.rider == "a person" else TEXT)
        cells = (str(row.rank), row.name, str(row.dice), row.rider, row.points, row.buchholz,
                 row.record, str(row.byes), row.status)
        for (_, dx), cell in zip(COLUMNS, cells, strict=True):
            _text(surf, cell, (x0 + round(dx * stretch), y), size,
                  colour if dx in (0, 40, 450, 790) else DIM if not row.status else colour,
                  bold=dx in (40, 450))
        y += pitch
    y += pitch // 2
    _text(surf, heading, (x0, y), size + 2, GOLD)
    y += pitch + 2
    for text, state in bouts:
        colour = GOLD if state in ("next", "champion") else DIM if state == "waiting" else TEXT
        label = "next:  " if state == "next" else "to ride:  " if state == "waiting" else ""
        _text(surf, label + text, (x0, y), size, colour, bold=state in ("next", "champion"),
              width=rect.w - 20)
        y += pitch
