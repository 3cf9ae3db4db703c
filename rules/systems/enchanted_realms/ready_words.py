"""An at-the-ready trigger in a player's words: the "if" and the action it fires
("if a foe comes within 20 feet, he runs from him").

Why its own module: the sentence is said by the event that sets the trigger, the event that
fires it, the button that offers it and the side panel; one place keeps them the same.
"""

from __future__ import annotations

from rules.systems.enchanted_realms.frames import Trigger
from rules.wording import PLAIN, Words

__all__ = ["say_action", "say_condition", "say_trigger"]


def say_condition(t: Trigger, w: Words = PLAIN) -> str:
    """The "if": "if a foe steps onto D5"."""
    if t.kind in ("enter", "leave", "area"):
        assert t.hex is not None
        verb = {"enter": "steps onto", "leave": "steps off",
                "area": "steps into the ground around"}[t.kind]
        return f"if a foe {verb} {w.hex(t.hex)}"
    if t.kind == "within":
        return f"if a foe comes within {t.feet} feet"
    return f"if a foe drops {w.unit(t.ally)}"


def say_action(t: Trigger, w: Words = PLAIN) -> str:
    """What he does then (R-ER-READY-ACTIONS): "he attacks him", "he runs from him"."""
    head, _, name = t.action.partition(":")
    if head == "run":
        return "he runs from him"
    if head == "potion":
        return "he drinks a healing potion"
    if head == "medicine":
        return f"he tends {w.unit(t.ally)} (field medicine)"
    if head == "deed":
        return f"he works the {name.replace('_', ' ')}"
    return "he attacks him"


def say_trigger(t: Trigger, w: Words = PLAIN) -> str:
    """The whole trigger: "if a foe steps onto D5, he attacks him"."""
    return f"{say_condition(t, w)}, {say_action(t, w)}"
