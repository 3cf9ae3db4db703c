"""The board's lettering is set in a real bold face, bundled with the game (#35: the bold
pygame fakes from its default font spaced "at tack" and "initia tive" unevenly)."""

from pathlib import Path

import pygame
import pytest

from game.fonts import face_file
from game.render.tokens import font
from game.ui.title_art import title_font


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield
    pygame.font.quit()


def test_the_board_sets_bold_in_noto_sans_bold_not_a_faked_bold() -> None:
    bold, plain = font(18, bold=True), font(18, bold=False)
    assert (bold.name, bold.style_name) == ("Noto Sans", "Bold")
    assert (plain.name, plain.style_name) == ("Noto Sans", "Regular")


def _ink_gaps(f: pygame.font.Font, word: str) -> list[int]:
    """The widths of the blank columns between one letter's ink and the next's."""
    img = f.render(word, True, (0, 0, 0), (255, 255, 255))
    w, h = img.get_size()
    ink = [any(img.get_at((x, y))[0] < 128 for y in range(h)) for x in range(w)]
    gaps, blank, started = [], 0, False
    for inked in ink:
        if inked:
            if started and blank:
                gaps.append(blank)
            blank, started = 0, True
        else:
            blank += 1
    return gaps


@pytest.mark.parametrize("size", [16, 18, 20])
@pytest.mark.parametrize("word", ["attack", "initiative"])
def test_a_bold_word_is_evenly_spaced(size: int, word: str) -> None:
    """No letter stands apart: the gaps between letters differ by a pixel at most, where
    the faked bold left "at tack" with a gap four times the others."""
    gaps = _ink_gaps(font(size, bold=True), word)
    assert max(gaps) - min(gaps) <= 1, gaps


def test_the_title_and_the_motto_use_the_bundled_faces() -> None:
    assert title_font(40).style_name == "Bold"
    assert title_font(14, bold=False).style_name == "Italic"


def test_the_faces_and_their_licence_ship_with_the_game() -> None:
    folder = Path(face_file()).parent
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf"):
        assert (folder / name).stat().st_size > 100_000
    assert "SIL OPEN FONT LICENSE" in (folder / "OFL.txt").read_text(encoding="utf-8")
    assert '"game.fonts" = ["*.ttf", "OFL.txt"]' in (
        Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
