"""The computer runner and pursuer in an Enchanted Realms chase (ER-21..ER-34): swing or run
with a heavy weapon, give chase or break off.

Found through the entry point ``flank.ai: enchanted_realms.chase`` by the battle's mode, so
the skirmish's hooks know nothing of lanes.  It weighs each choice with the rules core's own
exact numbers: the blow's odds (the ruleset's several-d20 attack at the running penalty,
`choices.running_blow`) and the round's odds of reach and escape (`chase.odds`).

How it runs, in a sentence a role:
  quarry?  with several fleeing (R-ER-CHASE-QUARRY), at his moment a pursuer first turns
           after the one he can best catch (`best_quarry`): one he keeps pace with and no
           comrade after him does, the fastest such first; then the best chance this round
           of having him in reach less the chance of losing him (`chase.odds`)
  pursuer  a light or medium weapon costs nothing to swing (ER-28), so he swings at the foe
           in reach he is likeliest to drop; a heavy one he swings only if the blow may well
           drop the foe or the ground it costs hardly changes the chance of losing the one he
           chases; he breaks off when that one is all but sure to get away this round and he
           cannot come within reach of him
  quarry   swings back only when it costs no ground, or when the blow is likely to drop
           the pursuer at his heels; else he runs
  offer    when a foe flees a skirmish (R-ER-CHASE-OFFER), the side he flees from gives
           chase (R-ER-CHASE-OFFER-AI) if, for its best pursuer, the chance of having him
           in reach at the end of the first round beats the chance of losing him in it by
           more than the share of its fighting figures still facing another foe that the
           chase takes off the map (`offer_choice`)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.ai.hooks import RulesetHooks
from rules.commands import Choose, Command
from rules.engine import Context
from rules.state import Battle, changed
from rules.systems.enchanted_realms import attack
from rules.systems.enchanted_realms.chase.choices import running_blow
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.odds import ChaseOdds, round_odds, round_pace
from rules.systems.enchanted_realms.chase.offer import ChaseOfferFrame
from rules.systems.enchanted_realms.chase.pace import heavy
from rules.systems.enchanted_realms.units import er, speed_ft

if TYPE_CHECKING:
    from game.ai.model import Model

__all__ = ["HOOKS", "ChaseHooks", "OfferWeighing", "best_quarry", "chase_choice",
           "offer_choice", "weigh_offer"]

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


def best_quarry(state: Battle, pursuer: str, candidates: list[str]) -> str:
    """The fleeing figure `pursuer` can best catch among `candidates` (R-ER-CHASE-QUARRY).
    First one he keeps pace with (his hexes a round on average, `odds.round_pace`, at least
    the fleeing figure's) and no comrade after him does; among those the fastest, since a
    slower one can be run down later and a faster one only by those who keep pace with
    him; then the best chance of reach less escape this round (`odds.round_odds`); then the
    one he chases already."""
    f = chase_frame(state)
    assert f is not None
    me = f.runner(pursuer)

    def pace(unit: str) -> Fraction:
        return round_pace(f.runner(unit).speed, er(state, unit).agility)

    def key(q: str) -> tuple[bool, Fraction, Fraction, bool, str]:
        o = round_odds(state, pursuer, q)
        alone = pace(pursuer) >= pace(q) and not any(
            pace(p.unit) >= pace(q) for p in f.chasers(q) if p.unit != pursuer)
        return (alone, pace(q) if alone else Fraction(0), o.reach - o.escape,
                q == me.chases, q)

    return max(candidates, key=key)


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
        turns = [o.partition(":")[2] for o in by if o.startswith("chase:")]
        mark = f.quarry_of(unit)
        if turns:
            best = best_quarry(state, unit, turns + ([mark.unit] if mark is not None else []))
            if mark is None or best != mark.unit:
                return by[f"chase:{best}"]
        chased = mark.unit if mark is not None else ""
        if not targets:
            if "break_off" in by and chased:
                o = round_odds(state, unit, chased)
                if o.escape >= HOPELESS and o.reach < NO_REACH:
                    return by["break_off"]
            return by["run"]
        target, drop, _ = _best_blow(state, unit, targets)
        if not heavy(er(state, unit)):
            return by[f"swing:{target}"]
        cost = (round_odds(state, unit, chased or target, "swing").escape
                - round_odds(state, unit, chased or target, "run").escape)
        if drop >= WORTH_THE_GROUND or cost <= CHEAP:
            return by[f"swing:{target}"]
        return by["run"]
    if not targets:
        return by["run"]
    target, drop, _ = _best_blow(state, unit, targets)
    if not heavy(er(state, unit)) or drop >= WORTH_THE_GROUND:
        return by[f"swing:{target}"]
    return by["run"]


@dataclass(frozen=True)
class OfferWeighing:
    """Why the computer gives chase or lets him go: the best pursuer's first-round odds
    (each initiative order between the pair taken as even) and what the skirmish loses."""

    pursuer: str
    reach: Fraction  # in his reach at the end of the first round
    escape: Fraction  # lost during it (ER-33)
    cost: Fraction  # the share of the side's fighting figures taken from another foe

    @property
    def give_chase(self) -> bool:
        return self.reach - self.escape > self.cost


def _first_round(state: Battle, pursuer: str, quarry: str) -> ChaseOdds:
    """`round_odds` for the round to come, before initiative is rolled: the pair's two
    orders (R-ER-CHASE-ORDER) averaged, as a GM would call it even money."""
    f = chase_frame(state)
    assert f is not None
    both = [round_odds(state.replace_top(changed(f, step="initiative", order=order)),
                       pursuer, quarry) for order in ((pursuer, quarry), (quarry, pursuer))]
    half = Fraction(1, 2)
    return ChaseOdds(pursuer=pursuer, quarry=quarry, choice="run",
                     reach=half * sum(o.reach for o in both),
                     escape=half * sum(o.escape for o in both),
                     expected_gap=half * sum(o.expected_gap for o in both), gaps=())


def _kept_busy(state: Battle, offer: ChaseOfferFrame) -> Fraction:
    """The share of the pursuers' side's fighting figures that giving chase takes from a
    fight still going on: pursuers with another foe within a turn's run of them."""
    side = state.unit(offer.pursuers[0]).side
    own = [u for u in state.units if u.side == side and u.fighting and u.pos is not None]
    others = [u for u in state.units if u.side != side and u.fighting and u.pos is not None
              and u.id != offer.quarry]
    fph = state.board.feet_per_hex
    busy = [p for p in offer.pursuers
            if any(state.unit(p).pos.distance(o.pos) <= max(1, speed_ft(er(state, p)) // fph)  # type: ignore[union-attr]
                   for o in others)]
    return Fraction(len(busy), len(own)) if own else Fraction(0)


def weigh_offer(state: Battle) -> OfferWeighing | None:
    """The chase offered now weighed (None if no chase is on offer)."""
    offer = state.top
    if not isinstance(offer, ChaseOfferFrame):
        return None
    ctx = Context(state)  # the chase as it would open: the lane only, no dice
    offer.decide(ctx, Choose(unit=offer.pursuers[0], option="give_chase"))
    best = max((_first_round(ctx.state, p, offer.quarry) for p in offer.pursuers),
               key=lambda o: (o.reach - o.escape, o.pursuer))
    return OfferWeighing(best.pursuer, best.reach, best.escape, _kept_busy(state, offer))


def offer_choice(state: Battle, legal: list[Command]) -> Command | None:
    """Give chase or let go (ER-21) by `weigh_offer`; None if no chase is on offer."""
    w = weigh_offer(state)
    offer = state.top
    if w is None or not isinstance(offer, ChaseOfferFrame):
        return None
    cmd = Choose(unit=offer.pursuers[0], option="give_chase" if w.give_chase else "let_go")
    return cmd if cmd in legal else None


class ChaseHooks(RulesetHooks):
    ruleset = "enchanted_realms"

    def command(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        return chase_choice(model.state, legal)


HOOKS = ChaseHooks()
