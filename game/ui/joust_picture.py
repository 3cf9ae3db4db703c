"""What the lists show, read from a joust's state for one viewer (headless apart from the
picture types): the riders' names, colours, pools and fates, and whose secret is whose.

A throw chosen in secret (FE-48) is in the state from the moment it is chosen; the picture
shows that a rider has chosen, and how many dice only to the side that chose them.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.render.knight_sprite import COATS
from game.render.lists_view import ListsPicture, ListsView, RiderPicture
from game.render.palette import side_colour
from rules.state import DOWN, Battle
from rules.systems.fallen_empire.joust_mode import entrant_pool, joust_frame, joust_rules
from rules.systems.fallen_empire.units import is_fe


def full_pool(state: Battle, unit_id: str) -> int:
    """The dice a rider had when the round began (FE-47)."""
    return entrant_pool(is_fe(state.unit(unit_id)))[0]


def short(condition: str) -> str:
    """A rider's condition in a few words for his plate: "injured, out of the tournament
    to recover; ejected for dishonour" -> "injured; ejected for dishonour"."""
    return "; ".join(part.split(",")[0].strip() for part in condition.split(";") if part)


def picture_of(state: Battle, names: dict[str, str], viewer: str | None, *,
               prompt: str = "", banner: str = "", banner_alpha: float = 0.0
               ) -> ListsPicture:
    frame = joust_frame(state)
    assert frame is not None, "the lists are drawn only for a joust"
    order = [s.id for s in state.sides]
    bout = frame.bout
    over = bout.winner is not None or state.outcome is not None
    winner = state.outcome.winner if state.outcome is not None else None

    def rider(letter: str) -> RiderPicture:
        uid, side = (frame.unit_a, frame.side_a) if letter == "a" else (frame.unit_b,
                                                                        frame.side_b)
        u = state.unit(uid)
        i = order.index(side)
        chosen = frame.chosen_a if letter == "a" else frame.chosen_b
        condition = getattr(u, "condition", "") or ""
        return RiderPicture(
            name=names.get(uid, uid), colour=side_colour(i), coat=COATS[i % len(COATS)],
            pool=bout.pool_a if letter == "a" else bout.pool_b, full=full_pool(state, uid),
            chosen=chosen > 0, chosen_dice=chosen if chosen and viewer == side else 0,
            choosing=frame.step == "choose" and frame.actor == side,
            mounted=bool(getattr(u, "mounted", True)), helm_off="helm" in condition,
            slumped="injured" in condition, down=u.status == DOWN,
            plate=("Winner" + (f" - {short(condition)}" if condition else "")) if winner == side
            else short(condition).capitalize(),
            winner=winner == side)

    limit = joust_rules(state).max_throws
    return ListsPicture(a=rider("a"), b=rider("b"),
                        pass_no=bout.throws if over else bout.throws + 1, passes=limit,
                        over=over, ridden=bout.throws, prompt=prompt, banner=banner,
                        banner_alpha=banner_alpha)


__all__ = ["full_pool", "picture_of", "short"]


class ListsStateView:
    """The lists as a state shows them, with nothing animated and no secret of either side
    shown: what a replay draws at its cursor (found by board kind, ``flank.views: lists``).
    Same shape as the hex board's view: made from a state, a camera and the map's art (the
    lists need neither), fitted, then drawn."""

    def __init__(self, state: Battle, camera: Any = None, painter: Any = None) -> None:
        self.view = ListsView()
        self.names = {u.id: u.name for u in state.units}

    def fit(self) -> None:
        """The lists always fill the surface they are drawn on."""

    def draw(self, surf: pygame.Surface, state: Battle) -> None:
        self.view.draw(surf, picture_of(state, self.names, None))
