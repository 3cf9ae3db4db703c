"""What the computer players know of Tarnished Tale beyond the generic rules API.

Why this exists: the defence a defender declares (TT-06) is a `Choose` the generic search
would weigh by playing each a couple of times with its own dice; here it is picked from the
exact odds (rules.systems.tarnished_tale.odds: the least costly defence, R-TT-AI), and the
figure's move and reach are the ruleset's own (R-TT-MOVE, R-TT-TURN: a figure moves, then
strikes).
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.ai.hooks import RulesetHooks
from game.ai.model import Model
from rules.commands import Choose, Command
from rules.state import Battle, Unit
from rules.systems.tarnished_tale.events import DefenceFrame
from rules.systems.tarnished_tale.odds import defence_odds, sensible
from rules.systems.tarnished_tale.situation import config_of

__all__ = ["HOOKS", "TarnishedTaleHooks"]


class TarnishedTaleHooks(RulesetHooks):
    ruleset: ClassVar[str] = "tarnished_tale"
    moves_then_strikes: ClassVar[bool] = True

    def speed(self, state: Battle, unit: Unit) -> int:
        return config_of(state).move_hexes

    def choose(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """The defence with the least expected cost, from the exact odds (R-TT-AI)."""
        top = model.state.top
        if not isinstance(top, DefenceFrame):
            return None
        options = defence_odds(model.state, top.attacker, top.defender, top.kind, top.mode)
        best = sensible(options).defence
        return next((c for c in legal if isinstance(c, Choose) and c.option == best), None)


HOOKS = TarnishedTaleHooks()
