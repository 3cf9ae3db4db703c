"""Opening a chase: a battle set up in the "chase" mode of Enchanted Realms starts with the
chase frame instead of the skirmish round, its runners placed on the lane from where they
stand on the map (R-ER-CHASE-LANE); and the sample chase, "The cutpurse's sprint".

    mode            "skirmish" | "chase"
    chase_quarry    the fleeing side's id ("" : the side that is not the player
                    characters', else the second side)
    chase_pursuit   ER-34 (GM option): a chase the pursuers lose becomes a pursuit settled
                    by the abandonment skill (R-ER-CHASE-PURSUIT); off by default
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from rules.engine import BattleSetup
from rules.state import Battle
from rules.systems.enchanted_realms.chase.frame import PURSUER, QUARRY, ChaseFrame, Runner
from rules.systems.enchanted_realms.chase.pace import chase_speed
from rules.systems.enchanted_realms.chase.quarry import first_quarry
from rules.systems.enchanted_realms.frames import ErSystem
from rules.systems.enchanted_realms.units import er

__all__ = ["ChaseOptions", "initial_state", "lane", "lane_of", "quarry_side", "sample_setup"]


class ChaseOptions(BaseModel):
    """A set-up's options that open and shape a chase (checked as the battle starts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    mode: Literal["skirmish", "chase"] = "skirmish"
    chase_quarry: str = ""
    chase_pursuit: bool = False  # ER-34


def quarry_side(battle: Battle) -> str:
    chosen = battle.option("chase_quarry", "")
    if chosen:
        if chosen not in {s.id for s in battle.sides}:
            raise ValueError(f"chase_quarry {chosen!r} is not a side of this battle")
        return str(chosen)
    others = [s.id for s in battle.sides if not s.player_characters]
    if len(others) == 1 and len(battle.sides) == 2:
        return others[0]
    return battle.sides[-1].id


def lane(battle: Battle, fleeing: str) -> tuple[Runner, ...]:
    """R-ER-CHASE-LANE for a battle set up as a chase: the fleeing side's fighting figures
    against every other side's."""
    return lane_of(battle, [u for u in battle.units if u.side == fleeing and u.fighting],
                   [u for u in battle.units if u.side != fleeing and u.fighting])


def lane_of(battle: Battle, quarries: list[Any], pursuers: list[Any]) -> tuple[Runner, ...]:
    """R-ER-CHASE-LANE: the map gives way to the distances.  A pursuer starts as many hexes
    behind as he stands from the nearest fleeing figure; the fleeing figure nearest a
    pursuer stands at 0 and the others as much further ahead as they stand further off.
    Each pursuer runs after the fleeing figure nearest ahead of him (R-ER-CHASE-QUARRY)."""
    if not quarries or not pursuers:
        raise ValueError("a chase needs someone fleeing and someone to chase him")

    def dist(a: Any, others: list[Any]) -> int:
        return min(a.pos.distance(o.pos) for o in others)

    lead = {q.id: dist(q, pursuers) for q in quarries}
    nearest = min(lead.values())
    out = [Runner(unit=q.id, role=QUARRY, at=lead[q.id] - nearest,
                  speed=chase_speed(er(battle, q.id))) for q in quarries]
    for p in pursuers:
        at = -max(1, dist(p, quarries))
        first = first_quarry(out[:len(quarries)], at)
        out.append(Runner(unit=p.id, role=PURSUER, at=at, speed=chase_speed(er(battle, p.id)),
                          chases=first.unit if first is not None else ""))
    return tuple(sorted(out, key=lambda r: r.unit))


def initial_state(ruleset: Any, setup: BattleSetup) -> Battle:
    battle = ruleset.new_battle(setup, system=ErSystem(), stack=(), more_options=ChaseOptions)
    fleeing = quarry_side(battle)
    frame = ChaseFrame(quarry_side=fleeing, runners=lane(battle, fleeing))
    return battle.push(frame)


def sample_setup(ruleset_id: str, seed: int = 0) -> BattleSetup:
    """"The cutpurse's sprint", as maps/market_chase.tmx sets it: a cutpurse and his
    accomplice bolt down a market street with two of the watch and their hound close
    behind, so the chase
    is a footrace with blows (ER-21), not the out-of-sight pursuit the abandonment skill
    settles (ER-34).  The sergeant's pike is heavy (ER-28) and reaches 10 ft."""
    from rules.builder import Scenario

    return (Scenario(ruleset_id, seed=seed, radius=6, title="The cutpurse's sprint")
            .side("watch", player_characters=True).side("thieves")
            .unit("hobb", "pikeman", "watch", (-2, 0), facing=0, name="Sergeant Hobb")
            .unit("grip", "wolf", "watch", (-1, 1), facing=0, name="Grip, the watch's hound")
            .unit("fenn", "man_at_arms_spear", "watch", (-1, 0), facing=0,
                  name="Watchman Fenn")
            .unit("jory", "thief", "thieves", (1, 0), facing=0, name="Nimble Jory")
            .unit("wat", "bandit", "thieves", (0, 0), facing=0, name="Big Wat")
            .options(mode="chase").build())
