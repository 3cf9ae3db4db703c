"""Words the game draws itself, never cut without a way to read them (issue 35, item 5).

Every line drawn on the board, the chase's street, the mass battle's trays or a List's
board is measured in its own font against the room it has: it is drawn whole when it fits,
else wrapped (`wrap`) where there is room for more lines, else shortened with an ellipsis
(`shorten`).  Each line drawn through `line` is recorded with its whole text and where it
stands on the screen, so hovering a shortened one shows the whole (`whole_text_at`, drawn
over everything by the window each frame: `draw_hover`); the record is begun afresh each
frame (`new_frame`).  pygame-gui's own buttons and labels are measured the same way by the
screens that make them, and shortened with the whole text as their tool tip (`fit_label`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.render.tokens import font as board_font

ELLIPSIS = "…"
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Line:
    """One line drawn: where it stands on the screen, the words shown, the whole text they
    are of (a wrapped text's lines each hold the whole), and whether any of it was left
    out (`cut`: hovering the line shows the whole)."""

    rect: pygame.Rect
    shown: str
    text: str
    cut: bool = False


_drawn: list[Line] = []
# Lines kept at most: a view drawn again and again with no window to begin each frame (a
# picture exported, a replay rendered) must not pile its lines up without end.
MOST_KEPT = 4000


def new_frame() -> None:
    """Forget the lines of the last frame (the window calls this before drawing)."""
    _drawn.clear()


def drawn() -> tuple[Line, ...]:
    """The lines drawn this frame, in the order drawn."""
    return tuple(_drawn)


def shorten(measure: Callable[[str], int], text: str, width: int) -> str:
    """`text` as it fits `width` pixels as `measure` measures it: whole if it fits, else cut
    between words where it can (a character where one word is too long) and ended with an
    ellipsis; just the ellipsis if not even a letter fits."""
    if measure(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest start that fits with the ellipsis after it
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    if " " in cut.strip() and lo < len(text) and text[lo] != " ":
        by_word = cut[:cut.rstrip().rfind(" ")]
        if measure(by_word) >= width * 2 // 3:  # a whole word dropped, if that costs little
            cut = by_word
    return cut.rstrip(" ,·:;-") + ELLIPSIS


def wrap(measure: Callable[[str], int], text: str, width: int,
         most: int | None = None) -> list[str]:
    """`text` in lines no wider than `width`, broken between words (a word too long for a
    line shortened); at most `most` lines, the last shortened if the text goes on."""
    lines: list[str] = []
    line_ = ""
    for word in text.split():
        trial = f"{line_} {word}".strip()
        if line_ and measure(trial) > width:
            lines.append(line_)
            line_ = word
        else:
            line_ = trial
    if line_:
        lines.append(line_)
    lines = [shorten(measure, x, width) for x in lines]
    if most is not None and len(lines) > most:
        head = lines[:most - 1]
        rest = " ".join(text.split()[sum(len(x.split()) for x in head):])
        lines = [*head, shorten(measure, rest, width)]
    return lines


def by_last_word(measure: Callable[[str], int], name: str, width: int) -> str:
    """A name that will not fit, by its last word ("Sergeant Brann" -> "Brann"), which reads
    better than a name cut short; a leading "* " (a commander's star) kept; a number
    keeps the word it counts ("Pictish warrior 2" -> "warrior 2", never a bare "2").  The
    name as it is if it fits or is one word (`shorten` then cuts it)."""
    if measure(name) <= width or " " not in name.strip():
        return name
    star = "* " if name.startswith("* ") else ""
    words = name.removeprefix(star).split()
    keep = 2 if words[-1].isdigit() else 1
    return name if keep >= len(words) else star + " ".join(words[-keep:])


def note(surf: pygame.Surface, rect: pygame.Rect, shown: str, text: str,
         cut: bool | None = None) -> None:
    """Record a line drawn on `surf` at `rect` (in the surface's own place: a subsurface of
    the window is found on the screen); `cut` if words of `text` were left out (by default,
    if the line is not the whole text)."""
    dx, dy = surf.get_abs_offset()
    if len(_drawn) >= MOST_KEPT:
        del _drawn[:MOST_KEPT // 2]
    _drawn.append(Line(rect.move(dx, dy), shown, text, shown != text if cut is None else cut))


def line(surf: pygame.Surface, f: pygame.font.Font, text: str, colour: Colour,
         width: int, *, topleft: tuple[int, int] | None = None,
         center: tuple[int, int] | None = None, midbottom: tuple[int, int] | None = None,
         topright: tuple[int, int] | None = None, midleft: tuple[int, int] | None = None,
         short: str | None = None) -> pygame.Rect:
    """Draw `text` in `f` in no more than `width` pixels (shortened with an ellipsis if it
    is wider; `short`, a shorter form such as `by_last_word`, tried first), placed by one of
    the anchors; recorded so hovering it shows the whole.  Answers where it stands."""
    shown = text
    if f.size(text)[0] > width:
        shown = shorten(lambda s: f.size(s)[0], short if short is not None else text, width)
    img = f.render(shown, True, colour)
    r = img.get_rect()
    if center is not None:
        r.center = center
    elif midbottom is not None:
        r.midbottom = midbottom
    elif topright is not None:
        r.topright = topright
    elif midleft is not None:
        r.midleft = midleft
    else:
        r.topleft = topleft or (0, 0)
    surf.blit(img, r)
    note(surf, r, shown, text)
    return r


def banner(surf: pygame.Surface, f: pygame.font.Font, text: str, colour: Colour) -> None:
    """`text` in the middle of `surf` on a shaded plate ringed in `colour` (a battle's end),
    wrapped to the surface's width so no word of it is lost."""
    w, h = surf.get_size()
    rows = wrap(lambda s: f.size(s)[0], text, max(40, w - 80))
    if not rows:
        return
    imgs = [f.render(x, True, colour) for x in rows]
    tall = sum(i.get_height() for i in imgs)
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs), tall).inflate(40, 24)
    box.center = (w // 2, h // 2)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((10, 10, 10, 215))
    surf.blit(shade, box.topleft)
    pygame.draw.rect(surf, colour, box, 3)
    y = box.y + 12
    for x, img in zip(rows, imgs, strict=True):
        r = img.get_rect(midtop=(w // 2, y))
        surf.blit(img, r)
        note(surf, r, x, x)
        y += img.get_height()


def lines(surf: pygame.Surface, f: pygame.font.Font, text: str, colour: Colour, width: int,
          at: tuple[int, int], most: int = 2, upward: bool = False, left: bool = False
          ) -> int:
    """`text` wrapped to `width` in at most `most` lines (the last shortened if it must be),
    each centred on `at`'s x (`left`: starting there), the first line's middle on `at` and
    the rest below it (`upward`: the last on `at` and the rest above it); every line
    recorded with the whole text.  Answers how many lines it took."""
    rows = wrap(lambda s: f.size(s)[0], text, width, most)
    step = f.get_linesize()
    cut = bool(rows) and rows[-1].endswith(ELLIPSIS) and not text.endswith(ELLIPSIS)
    first = at[1] - (len(rows) - 1) * step if upward else at[1]
    for i, row in enumerate(rows):
        img = f.render(row, True, colour)
        r = img.get_rect(center=(at[0], first + i * step))
        if left:
            r.left = at[0]
        surf.blit(img, r)
        note(surf, r, row, text, cut)
    return len(rows)


def whole_text_at(pos: tuple[int, int]) -> str | None:
    """The whole text of the line drawn last under `pos` this frame, if any."""
    for x in reversed(_drawn):
        if x.rect.collidepoint(pos):
            return x.text
    return None


def draw_hover(surf: pygame.Surface, pos: tuple[int, int]) -> None:
    """The whole text of a shortened line under the mouse, on a plate beside it."""
    for x in reversed(_drawn):
        if x.rect.collidepoint(pos):
            if not x.cut:
                return
            f = board_font(20, False)
            w, h = surf.get_size()
            img = f.render(x.text, True, (250, 244, 226))
            plate = img.get_rect().inflate(12, 8)
            plate.topleft = (pos[0] + 14, pos[1] + 18)
            plate.clamp_ip(pygame.Rect(0, 0, w, h))
            pygame.draw.rect(surf, (28, 26, 24), plate, border_radius=4)
            pygame.draw.rect(surf, (200, 180, 120), plate, 1, border_radius=4)
            surf.blit(img, img.get_rect(center=plate.center))
            return


def fit_label(measure: Callable[[str], int], text: str, width: int, keep: str = ""
              ) -> tuple[str, str | None]:
    """A pygame-gui button's or label's words in `width` pixels, and the tool tip that says
    them whole (None when nothing was cut).  `keep`, the end of `text` that matters most
    (a header's "- pass 2"), stays whole while the words before it are shortened."""
    shown = shorten(measure, text, width)
    if shown != text and keep and text.endswith(keep) and measure(keep) < width // 2:
        head = text[:len(text) - len(keep)].rstrip()
        shown = f"{shorten(measure, head, width - measure(' ' + keep))} {keep}"
    return shown, (None if shown == text else text)
