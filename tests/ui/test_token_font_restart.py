"""A window opened again after `pygame.quit` (a second battle in one test session, or a
program that restarts pygame) still draws token glyphs: the cached font is made anew."""

import pygame

from game.render.tokens import font


def test_the_token_font_draws_after_pygame_is_shut_down_and_started_again() -> None:
    pygame.init()
    before = font(23)
    pygame.quit()
    pygame.init()
    after = font(23)
    assert after is not before
    assert after.render("S", True, (0, 0, 0)).get_width() > 0
    pygame.quit()
