"""The lessons' scripted opponents: predictable, so a lesson goes as its steps say.

`still`       a sentry who has not seen you: never moves or strikes, lets free attacks go.
`guard`       holds its ground: strikes a figure beside it and takes every free attack
              it is offered, but never moves (nor follows one who backs or falls away).
`charger`     declares a charge (FE-16) and runs it home, else as `aggressive`.
`aggressive`  walks straight at the nearest of the pupil's figures and strikes
              it, and takes every free attack it is offered.
`blocker`     a guard who answers every blow with a Block (Tarnished Tale, TT-06), his
              shield up: what a fumbled block does to him is the knock-back (TT-18).
Both answer any other question the rules ask with the plainest choice.  They work through
the legal commands the ruleset offers, so any ruleset a lesson lists is played by its rules.
Where a figure states his whole action at the turn's start, target and aiming point in it
(ZeFRS, ZEF-15: `fight:<foe>:<aim>`, `close:...`, `shoot:...`, `move:q,r`, `defend`),
`stated_action` picks it in the same manner.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.commands import Attack, Choose, Command, Declare, EndPhase, Move, Pass, React
from rules.events import unhx
from rules.hexgrid import Hex
from rules.state import Battle

DECLARE_ORDER = {"aggressive": ("melee", "move", "charge", "other"),
                 "charger": ("charge", "melee", "move", "other"),
                 "guard": ("melee", "other", "move"),
                 "still": ("other", "melee", "move")}
# The choices each takes when the rules ask; a guard never leaves his ground, so he lets a
# foe who falls back go (EMP-58) and does not follow one who backs away (EMP-56).
PLAIN_CHOICES = {"guard": ("take", "strike", "continue", "let_go", "stay")}
PLAIN_CHOICES.update({m: ("take", "strike", "continue") for m in DECLARE_ORDER
                      if m not in PLAIN_CHOICES})
# Holding one's ground as a guard does, answering with a block (TT-06) when a blow comes.
DECLARE_ORDER["blocker"] = DECLARE_ORDER["guard"]
PLAIN_CHOICES["blocker"] = ("block", *PLAIN_CHOICES["guard"])
HOLD_GROUND = frozenset({"guard", "blocker"})  # never walk up to strike


class LessonOpponent:
    """A `game.turns.Controller` for the side the pupil fights."""

    def __init__(self, manner: str = "aggressive", pupil: str = "pupil") -> None:
        self.manner = manner
        self.pupil = pupil

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        if not legal:
            return None
        eager = self.manner != "still"
        for kind in (React, Declare, Choose):
            offered = [c for c in legal if isinstance(c, kind)]
            if not offered:
                continue
            if kind is React:
                return next(c for c in offered if c.accept is eager)
            if kind is Declare:
                order = DECLARE_ORDER[self.manner]
                if not any(c.action in order for c in offered):
                    return stated_action(self.manner, state, offered, self.pupil)
                return min(offered, key=lambda c: order.index(c.action)
                           if c.action in order else len(order))
            plain = [c for c in offered if c.option in PLAIN_CHOICES[self.manner]]
            if plain or not any(isinstance(c, (Pass, EndPhase)) for c in legal):
                return (plain or offered)[0]
        if eager:
            strike = self._strike(state, legal)
            if strike is None and self.manner not in HOLD_GROUND:
                strike = self._close_in(state, legal)
            if strike is not None:
                return strike
        return next((c for c in legal if isinstance(c, EndPhase)),
                    next((c for c in legal if isinstance(c, Pass)), legal[0]))

    def _targets(self, state: Battle) -> list:
        return [u for u in state.units if u.side == self.pupil and u.fighting
                and u.pos is not None]

    def _strike(self, state: Battle, legal: Sequence[Command]) -> Command | None:
        mine = {u.id for u in self._targets(state)}
        return next((c for c in legal if isinstance(c, Attack) and c.target in mine
                     and not c.options), None)

    def _close_in(self, state: Battle, legal: Sequence[Command]) -> Command | None:
        targets = [u.pos for u in self._targets(state)]
        moves = [c for c in legal if isinstance(c, Move) and c.facing is None
                 and len(c.path) > 1 and any(unhx(c.path[-1]).distance(t) == 1
                                             for t in targets)]
        if not moves:
            return None
        return min(moves, key=lambda c: (not c.target, len(c.path)))


def stated_action(manner: str, state: Battle, offered: Sequence[Declare],
                  pupil: str = "pupil") -> Declare:
    """The action the first figure offered states, where an action names its target and
    aiming point (ZeFRS, ZEF-15): a still sentry defends; a guard strikes a figure of the
    pupil's in reach (at the chest, the plainest point), else shoots at one, else defends;
    the aggressive and the charger do the same, but close with or walk toward the nearest
    figure of the pupil's before they defend."""
    uid = offered[0].unit
    mine = [c for c in offered if c.unit == uid]
    targets = [u for u in state.units if u.side == pupil and u.fighting and u.pos is not None]
    names = {u.id for u in targets}

    def first(head: str, aim: str = "") -> Declare | None:
        """The first `head:<pupil's figure>[:aim]` offered (a plain blow, not a knock-out)."""
        for c in mine:
            parts = c.action.split(":")
            if parts[0] == head and len(parts) > 1 and parts[1] in names and (
                    not aim or parts[2:] == [aim]):
                return c
        return None

    defend = next((c for c in mine if c.action == "defend"), mine[0])
    if manner == "still":
        return defend
    eager = [first("fight", "chest"), first("shoot")]
    if manner != "guard":
        eager.insert(1, first("close", "chest"))
    found = next((c for c in eager if c is not None), None)
    if found is not None or manner == "guard":
        return found or defend
    me = state.unit(uid)
    moves = [c for c in mine if c.action.startswith("move:")]
    if not moves or me.pos is None or not targets:
        return defend

    def gap(c: Declare) -> int:
        q, _, r = c.action.removeprefix("move:").partition(",")
        to = Hex(int(q), int(r))
        return min(to.distance(t.pos) for t in targets)

    return min(moves, key=gap)
