"""The hand-over screen between two people at one machine says the seat's name as it reads
inside a sentence (issue 35, the small wrongs): a seat named after its side, "The
champion", is passed "to the champion", never "to The champion"; a person's name stays."""

from __future__ import annotations

from pathlib import Path

from game.app import App
from game.content import load_setup
from game.ui.handover import HandoverCover
from game.ui.launch import open_setup
from rules.wording import inside_sentence
from tests.ui.window import AtTheWindow

MAP = Path(__file__).resolve().parents[2] / "maps" / "duel.tmx"


class Window(AtTheWindow):
    def __init__(self) -> None:
        self.app = App((1280, 800))
        setup, _ = load_setup(MAP)
        self.scene = open_setup(self.app, setup, ["human", "human"], title="Duel")
        self.app.switch(self.scene)
        self.frames(3)


def test_the_seat_is_passed_to_the_side_in_lower_case():
    """The duel's sides are "The champion" and "The orc"; the first seat is the one whose
    turn opens the battle."""
    w = Window()
    cover = w.scene.cover
    assert isinstance(cover, HandoverCover) and cover.name in ("The champion", "The orc")
    said = "the " + cover.name[4:]
    assert f"Pass the seat to {said}" in cover.words.html_text
    assert cover.name not in cover.words.html_text
    assert cover.button.text == f"I am {said}: show me the board"


def test_a_persons_name_stays_as_it_is():
    assert inside_sentence("Anna") == "Anna"
    assert inside_sentence("Theodric") == "Theodric"
    assert inside_sentence("The orc") == "the orc"
