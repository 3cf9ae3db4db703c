"""A ZeFRS declaration in a player's words, as a button and a caption say it (ZEF-15).

Why a module: a declared action is a string of declare.py's grammar ("fight:g1:chest:ko"),
which a player should never read; `Ruleset.word_command` hands it here, and the window,
the replay and the log say "Knock Guard 2 out, aiming at the head".  The log's
own sentence for a declaration ("Conan will strike at Guard 2's chest") is
`declare.say_action`; this is the imperative a player clicks.
"""

from __future__ import annotations

from rules.systems.zefrs.declare import parse
from rules.wording import PLAIN, Words

__all__ = ["aim_words", "declaration_words"]


def aim_words(aim: str) -> str:
    """An aiming point as it is said ("right_arm" -> "right arm")."""
    return aim.replace("_", " ")


def declaration_words(action: str, w: Words = PLAIN) -> str | None:
    """The declared `action` as a button says it, or None if it is not one of ZeFRS's."""
    d = parse(action)
    if d is None:
        return None
    plain = {"defend": "Defend",
             "stand": "Climb to his feet", "reload": "Load his weapon"}
    if d.kind in plain:
        return plain[d.kind]
    if d.kind == "move":
        assert d.to is not None
        return f"Move to {w.hex((d.to.q, d.to.r))}"
    foe = w.unit(d.target)  # always as an object: the window may say "him" (declare_picker)
    at = aim_words(d.aim)
    if d.kind == "shoot":
        if d.aim:
            return f"Shoot at {foe}, aiming at the {at} (a called shot: only red hits)"
        return f"Shoot at {foe} (a d10 says where it lands)"
    if d.kind == "wrestle":
        return f"Grapple {foe} and throw him down"
    if d.kind == "bash":
        return f"Bash {foe} with the shield"
    if d.kind == "rush":
        return f"Rush {foe}, straight through"
    if d.kind == "wait":
        return f"Wait for {foe}, then strike at the {at}"
    if d.kind == "close":
        return f"Close with {foe} and strike at the {at}"
    return {"": f"Fight {foe}, aiming at the {at}",
            "ko": f"Knock {foe} out, aiming at the {at}",
            "both": f"Fight {foe} with both weapons, aiming at the {at}",
            "guard": f"Fight {foe}, aiming at the {at}, the other weapon on guard",
            "twice": f"Strike {foe} twice, aiming at the {at}"}[d.mode]
