"""The computer runner and pursuer in an Enchanted Realms chase (ER-21..ER-34): swing or run
with a heavy weapon, give chase or break off.

Found through the entry point ``flank.ai: enchanted_realms.chase`` by the battle's mode, so
the skirmish's hooks know nothing of lanes.  It weighs each choice with the rules core's own
exact numbers: the blow's odds (the ruleset's several-d20 attack at the running penalty,
`choices.running_blow`) and the round's odds of reach and escape (`chase.odds`).

How it runs, in a sentence a role:
  pursuer  a light or medium weapon costs nothing to swing (ER-28), so he swings at the foe
           in reach he is likeliest to drop; a heavy one he swings only if the blow may well
           drop the foe or the ground it costs hardly changes the chance of losing him; he
           breaks off when the thief is all but sure to get away this round and he cannot
           come within reach of him
  quarry   swings back only when it costs no ground, or when the blow is likely to drop
           the pursuer at his heels; else he runs
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.ai.hooks import RulesetHooks
from rules.commands import Choose, Command
from rules.state import Battle
from rules.systems.enchanted_realms import attack
from rules.systems.enchanted_realms.chase.choices import running_blow
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.odds import round_odds
from rules.systems.enchanted_realms.chase.pace import heavy
from rules.systems.enchanted_realms.units import er

if TYPE_CHECKING:
    from game.ai.model import Model

__all__ = ["HOOKS", "ChaseHooks", "chase_choice"]

HOPELESS = Fraction(19, 20)  # break off when the quarry gets away this surely
WORTH_THE_GROUND = Fraction(1, 2)  # a heavy swing that drops him this often is worth it
CHEAP = Fraction(1, 10)  # ... or one that costs at most this much more chance to lose him
NO_REACH = Fraction(1, 100)  # a chance of reaching him this round too small to run for


def _best_blow(state: Battle, unit: str, targets: list[str]) -> tuple[str, Fraction, Fraction]:
    """(target, chance to drop him, expected damage) of the best blow on the run."""
    best: tuple[Fraction, Fraction, str] | None = None
    for t in targets:
        o = attack.odds(state, running_blow(state, unit, t))
        expected = sum((k * p for k, p in o.damage.items()), Fraction(0))
        key = (o.kill, expected, t)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2], best[0], best[1]


def chase_choice(state: Battle, legal: list[Command]) -> Command | None:
    """The computer's choice at a runner's moment, or None if it is not one."""
    f = chase_frame(state)
    chooses = [c for c in legal if isinstance(c, Choose)]
    if f is None or not chooses or not f.deciding:
        return None
    unit = f.deciding
    by = {c.option: c for c in chooses}
    targets = [o.partition(":")[2] for o in by if o.startswith("swing:")]
    me = f.runner(unit)
    if me.role == "pursuer":
        ahead = sorted((q.at - me.at, q.unit) for q in f.running("quarry"))
        chased = ahead[0][1] if ahead else ""
        if not targets:
            if "break_off" in by and chased:
                o = round_odds(state, unit, chased)
                if o.escape >= HOPELESS and o.reach < NO_REACH:
                    return by["break_off"]
            return by["run"]
        target, drop, _ = _best_blow(state, unit, targets)
        if not heavy(er(state, unit)):
            return by[f"swing:{target}"]
        cost = (round_odds(state, unit, target, "swing").escape
                - round_odds(state, unit, target, "run").escape)
        if drop >= WORTH_THE_GROUND or cost <= CHEAP:
            return by[f"swing:{target}"]
        return by["run"]
    if not targets:
        return by["run"]
    target, drop, _ = _best_blow(state, unit, targets)
    if not heavy(er(state, unit)) or drop >= WORTH_THE_GROUND:
        return by[f"swing:{target}"]
    return by["run"]


class ChaseHooks(RulesetHooks):
    ruleset = "enchanted_realms"

    def command(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        return chase_choice(model.state, legal)


HOOKS = ChaseHooks()
