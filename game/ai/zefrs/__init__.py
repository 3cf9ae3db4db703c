"""ZeFRS hooks for the computer players (found through the entry point ``flank.ai:zefrs``).

A ZeFRS side's only choice in a combat turn is its figures' declarations (ZEF-15): a Fight
with its foe and aiming point, Defend, Move, Wait with its condition, the extra actions of
PCs and Foes, a grapple, a bash, a rush, a shot.  Everything after -- initiative, waiting
checks, defence checks, blows -- follows by the dice.  So these hooks take the declaration
(`declare`, the planner in `planner.py`) and answer the generic questions the rest of the
AI may ask (`fast_odds`, `speed`, `profile`) from the same exact odds (`odds.py`).

The parts: `odds` (a blow's or shot's exact odds, with the specific wound a red leaves),
`reading` (worth, threat, initiative and check chances read off a battle) and `planner`
(each action weighed; the greedy baseline beside it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai.hooks import Profile, RulesetHooks, Strike, Tier
from game.ai.zefrs.odds import aim_odds, shot_odds
from game.ai.zefrs.planner import plan
from rules.commands import Command
from rules.state import Battle, Unit
from rules.systems.zefrs.declare import aims_against, move_budget
from rules.systems.zefrs.events import DeclareFrame
from rules.systems.zefrs.missiles import shot_refusal
from rules.systems.zefrs.units import ZefUnit

if TYPE_CHECKING:
    from game.ai.model import Model


class ZefrsHooks(RulesetHooks):
    ruleset = "zefrs"

    def visible(self, state: Battle, side: str) -> Battle:
        """Declarations are secret until initiative is rolled (`ActionDeclared.secret`):
        while a side states its actions it knows its own and none of the others'."""
        if not isinstance(state.top, DeclareFrame):
            return state
        units = tuple(replace(u, declared="") if u.side != side and getattr(u, "declared", "")
                      else u for u in state.units)
        return replace(state, units=units)

    def fast_odds(self, model: Model, state: Battle, s: Strike) -> tuple[float, tuple[
            tuple[int, float], ...], float] | None:
        """A blow at the aiming point with the most damage and kill (the seven are
        weighed, ZEF-24), from `s.from_hex` if given; a shot landing where a d10 says."""
        a, d = state.unit(s.attacker), state.unit(s.target)
        if not isinstance(a, ZefUnit) or not isinstance(d, ZefUnit):
            return None
        if s.from_hex is not None and s.from_hex != a.pos:
            state = state.update_unit(a.id, pos=s.from_hex)
        memo = model.mem.notes.setdefault("zefrs_odds", {})
        if s.kind == "missile":
            if shot_refusal(state, state.unit(a.id), d, engaged=False) is not None:  # type: ignore[arg-type]
                return None
            return shot_odds(memo, state, a.id, d.id)[0].chances()
        best = None
        h = max(d.hp, 0)
        for aim in aims_against(a, d):
            o = aim_odds(memo, state, a.id, d.id, aim)
            v = sum(min(x, h) * p for x, p in o.dist) + model.k_kill * o.kill
            if best is None or v > best[0]:
                best = (v, o)
        return None if best is None else best[1].chances()

    def speed(self, state: Battle, unit: Unit) -> int:
        return move_budget(state, unit) if isinstance(unit, ZefUnit) else 4

    def profile(self, model: Model, unit: Unit) -> Profile:
        """A figure walks his move, or strikes where he stands (R-ZEF-MOVE, ZEF-15): one
        action a turn; a Close is a walk and a blow, but only on a red (ZEF-22)."""
        reach = model.reach(unit)
        sp = self.speed(model.state, unit)
        tiers = (Tier(reach, "melee", 0),)
        return Profile(tiers, 0.85, 0.5, (Tier(reach + sp, "melee", sp),))

    def declare(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        return plan(ai, model, legal)


HOOKS = ZefrsHooks()  # found through the entry point flank.ai:zefrs

__all__ = ["HOOKS", "ZefrsHooks"]
