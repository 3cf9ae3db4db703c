"""F1 in the lists: what the dice mean, how a pass is decided, and the keys (FE-44..FE-54)."""

from __future__ import annotations

JOUST_CONTROLS = [
    ("1 / 2 / 3 or the buttons", "throw that many dice this pass, in secret"),
    ("Space or a click on the lists", "skip the pass being ridden"),
    ("F", "speed up the riders (x1, x2, x4)"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo, back to the last throw of the dice"),
    ("F1", "this help"),
    ("Esc", "close this help, or back to the menu"),
]

RULES = [
    ("Your dice", "each rider has a pool of one die for each hit die or level he has (FE-47): "
                  "the coloured cubes at his end of the table. A lost pair costs a die from it."),
    ("A pass", "each rider chooses in secret to throw 1, 2 or 3 dice, never more than he "
               "holds (FE-48); the riders charge and both throw at the signal. With two "
               "people at one machine a hand-over screen hides the first choice from the "
               "second rider."),
    ("Matching", "each throw is sorted high to low and matched highest with highest, second "
                 "with second (FE-50). The lower die of a pair loses, and its rider loses a "
                 "die from his pool. Dice without a mate do not count."),
    ("Ties", "a rider who threw fewer dice wins the ties (FE-49); when both threw as many, a "
             "tied pair costs nobody a die (R-FE-JOUST-TIES)."),
    ("Triples", "three dice all alike (but 1s) unhorse the other rider and win the round "
                "(FE-52); the referee may rule the helm tipped off instead. If both throw "
                "triples, the pass is scored as usual."),
    ("All 1s", "a throw of nothing but 1s, on one, two or three dice, injures the other "
               "rider: he takes that many d6 of real damage and leaves to recover, and the "
               "thrower is ejected in dishonour (FE-53)."),
    ("The round", "the passes go on until a rider is out of dice; the larger pool wins "
                  "(FE-51). The referee may limit the round to three rides (FE-46)."),
    ("The odds", "before you choose, the panel gives the exact chance that this pass goes "
                 "your way and that you win the round, for each throw, against a rider who "
                 "answers as the computer would."),
]


def joust_help_html() -> str:
    rules = "".join(f"<b>{k}</b>: {v}<br>" for k, v in RULES)
    keys = "".join(f"<b>{k}</b>: {v}<br>" for k, v in JOUST_CONTROLS)
    return (f"<font size=4><b>The joust</b></font><br><br>{rules}<br>"
            f"<font size=4><b>Controls</b></font><br><br>{keys}")


__all__ = ["JOUST_CONTROLS", "RULES", "joust_help_html"]
