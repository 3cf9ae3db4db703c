"""The Fallen Empire joust for the computer players (FE-48): the throw of one to three dice.

Found through the entry point ``flank.ai: fallen_empire.joust``, by the battle's mode, so
the skirmish hooks know nothing of jousting.  The throw is the rules core's own
best-response policy (`joust_odds.advise_throw`), chosen from what the rider may know: the
two pools and the pass, never the other rider's sealed choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.hooks import RulesetHooks
from rules.commands import Choose, Command
from rules.systems.fallen_empire import joust_mode, joust_odds

if TYPE_CHECKING:
    from game.ai.model import Model


class JoustHooks(RulesetHooks):
    ruleset = "fallen_empire"

    def choose(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        if not isinstance(model.state.top, joust_mode.JoustFrame):
            return None
        try:
            n = joust_odds.advise_throw(model.state, model.side)
        except (ValueError, LookupError):
            return None
        return next((c for c in legal if isinstance(c, Choose) and c.option == str(n)), None)


HOOKS = JoustHooks()
