"""What the computer players know of Tarnished Tale beyond the generic rules API.

Why this exists: the defence a defender declares (TT-06) is a `Choose` the generic search
would weigh by playing each a couple of times with its own dice; here it is picked from the
exact odds (rules.systems.tarnished_tale.odds: the least costly defence, R-TT-AI), and the
figure's move and reach are the ruleset's own (R-TT-MOVE, R-TT-TURN: a figure moves, then
strikes).
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.ai.hooks import RulesetHooks, Strike
from game.ai.model import Model
from rules.commands import Attack, Choose, Command
from rules.hexgrid import Hex
from rules.state import Battle, Unit
from rules.systems.tarnished_tale.events import DefenceFrame
from rules.systems.tarnished_tale.odds import defence_odds, sensible
from rules.systems.tarnished_tale.situation import config_of

__all__ = ["HOOKS", "TarnishedTaleHooks"]


class TarnishedTaleHooks(RulesetHooks):
    ruleset: ClassVar[str] = "tarnished_tale"
    moves_then_strikes: ClassVar[bool] = True
    # A figure felled is worth 6 hit points more than his wounds (3 generically): finishing
    # one takes his blows and his counters (TT-10) out of the fight.  In the games the
    # tactician lost, the greedy side had felled figures one at a time, with 2.4 times his
    # blows under the outnumbering boon (R-TT-POSITION).  Against the greedy player, 200
    # games each on two seeds: 49% and 51% at 3, 57% and 66.5% at 6 (bench/README.md).
    kill_bonus: ClassVar[float] = 6.0

    def speed(self, state: Battle, unit: Unit) -> int:
        return config_of(state).move_hexes

    def strike_of(self, state: Battle, cmd: Command) -> Strike | None:
        """Only the plain attack is weighed as a blow: fighting defensively or a called shot
        trades a bane to hit for something the blow's odds do not show."""
        if isinstance(cmd, Attack) and cmd.options:
            return None
        return super().strike_of(state, cmd)

    def turn_option(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """A prone figure stands before anything else (R-TT-PRONE: his move, not his blow);
        a disarmed one standing on his weapon picks it up (R-TT-DISARM)."""
        for c in legal:
            if isinstance(c, Choose) and c.option == "stand":
                return c
        for c in legal:
            if isinstance(c, Choose) and c.option == "pick_up":
                return c
        return None

    def counter_threat(self, model: Model, attacker: Unit, target: Unit, x: Hex, f: int,
                       frm: Hex, kind: str) -> tuple[float, float]:
        """What `target` deals back when he answers with the defence a sensible defender
        picks there (a Counter Attack hurts the attacker: TT-10)."""
        st, _ = model.variant(target, x, f)
        if attacker.pos != frm:
            st = st.update_unit(attacker.id, pos=frm)
        kind = kind if kind in ("melee", "missile") else "melee"
        try:
            options = defence_odds(st, attacker.id, target.id, kind)
        except (KeyError, ValueError, AssertionError):
            return 1.0, 0.0
        if not options:
            return 1.0, 0.0
        best = sensible(options)
        return 1.0, float(best.back) + model.k_kill * float(best.back_fall)

    def choose(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """The defence with the least expected cost, from the exact odds (R-TT-AI)."""
        top = model.state.top
        if not isinstance(top, DefenceFrame):
            return None
        options = defence_odds(model.state, top.attacker, top.defender, top.kind, top.mode)
        best = sensible(options).defence
        return next((c for c in legal if isinstance(c, Choose) and c.option == best), None)


HOOKS = TarnishedTaleHooks()
