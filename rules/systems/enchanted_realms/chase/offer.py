"""A chase out of a skirmish (ER-21): when a figure flees, the side he flees from is offered
"give chase"; if it does, the chase frame opens on top of the skirmish's stack, and when the
chase is over play returns to the map with the runners placed by the gap.

    fled      R-ER-CHASE-OFFER: with no action taken, he walked his turn's whole movement in
              one path (his feet now his speed) and ended farther from every foe still
              fighting than he began; the
              pursuers are the fighting figures of the nearest foe's side who stood within
              his speed of where he began.  The GM option `give_chase` (ER-21) turns the
              offer off.
    offer     the pursuers' side chooses: Choose(<a pursuer>, "give_chase") or "let_go"
    lane      R-ER-CHASE-LANE, counted from where his flight began: the chase is his
              flight run again, second by second, with them at his heels
    return    R-ER-CHASE-RETURN: the fleeing figure stays where he ran to, or is gone from
              the field if he got away; each pursuer stands as many hexes from him as the
              lane's gap, on the free hex nearest the line back toward where he stood; the
              chase has used the fleeing figure's turn
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from rules.commands import Choose, Command
from rules.engine import Context
from rules.events import Event, evolver
from rules.hexgrid import Hex
from rules.state import Battle, Frame, changed
from rules.systems.enchanted_realms.chase.frame import ChaseFrame
from rules.systems.enchanted_realms.chase.setup import lane_of
from rules.systems.enchanted_realms.frames import MoveFrame, TurnFrame
from rules.systems.enchanted_realms.units import cfg, er, speed_ft
from rules.wording import PLAIN, Words, and_list, pronoun

__all__ = ["ChaseGiven", "ChaseLetGo", "ChaseOfferFrame", "ChaseOffered", "fled",
           "offer_chase"]

RULESET = "enchanted_realms"


def fled(state: Battle, move: MoveFrame) -> tuple[str, tuple[str, ...]] | None:
    """(the fleeing figure, those who may give chase) if the walk just ended was a flight
    (R-ER-CHASE-OFFER), else None."""
    if not cfg(state).give_chase or len(move.path) < 2:
        return None
    u = er(state, move.unit)
    top = state.top
    if not u.fighting or u.pos != move.path[-1] or not isinstance(top, TurnFrame) \
            or top.unit != u.id:
        return None
    if top.acted or move.before_ft or top.moved_ft + top.cost_ft < speed_ft(u, top.mode):
        return None  # he fought, or walked some of the way before: not a flight
    start, end = move.path[0], move.path[-1]
    foes = [o for o in state.units if o.side != u.side and o.fighting and o.pos is not None]
    if not foes or any(end.distance(o.pos) <= start.distance(o.pos) for o in foes):  # type: ignore[arg-type]
        return None
    nearest = min(foes, key=lambda o: (start.distance(o.pos), o.id))  # type: ignore[arg-type]
    within = max(1, speed_ft(u) // state.board.feet_per_hex)
    pursuers = tuple(o.id for o in foes if o.side == nearest.side
                     and start.distance(o.pos) <= within)  # type: ignore[arg-type]
    return (u.id, pursuers) if pursuers else None


def offer_chase(ctx: Context, move: MoveFrame) -> bool:
    """After a walk: offer the chase if he fled (the ruleset's hook); True if offered."""
    found = fled(ctx.state, move)
    if found is None:
        return False
    quarry, pursuers = found
    start = move.path[0]
    ctx.emit(ChaseOffered(quarry=quarry, pursuers=pursuers, from_hex=(start.q, start.r),
                          side=ctx.state.unit(pursuers[0]).side))
    return True


@dataclass(frozen=True, slots=True)
class ChaseOfferFrame(Frame):
    """The pursuers' side to choose whether to give chase (ER-21)."""

    quarry: str = ""
    pursuers: tuple[str, ...] = ()
    from_hex: tuple[int, int] = (0, 0)  # where his flight began

    owns_commands: ClassVar[bool] = True

    def legal(self, state: Battle, side: str) -> list[Command]:
        if side != self.actor:
            return []
        return [Choose(unit=self.pursuers[0], option=o) for o in ("give_chase", "let_go")]

    def check(self, state: Battle, command: Command) -> str | None:
        if not isinstance(command, Choose) or command.unit != self.pursuers[0] or \
                command.option not in ("give_chase", "let_go"):
            return (f"{self.quarry} flees: Choose(unit={self.pursuers[0]!r}, option="
                    "'give_chase' or 'let_go') (ER-21)")
        return None

    def decide(self, ctx: Context, command: Command) -> None:
        assert isinstance(command, Choose)
        if command.option == "let_go":
            ctx.emit(ChaseLetGo(quarry=self.quarry))
            return
        state = ctx.state
        began = changed(state.unit(self.quarry), pos=Hex(*self.from_hex))
        runners = lane_of(state, [began], [state.unit(p) for p in self.pursuers])
        ctx.emit(ChaseGiven(quarry=self.quarry, pursuers=self.pursuers,
                            lane=tuple((r.unit, r.at) for r in runners)))

    def run(self, ctx: Context) -> None:
        raise RuntimeError("the offer of a chase waits on the pursuers' side")

    def moment(self, state: Battle, words: Words) -> str:
        """Give chase or let him go (ER-21), and what a chase is."""
        him = pronoun(state.unit(self.quarry), "him")
        names = [words.unit(p) for p in self.pursuers]
        who = (and_list(names) if len(names) <= 3 else
               f"{', '.join(names[:3])} and {len(names) - 3} more")
        return (f"{words.unit(self.quarry)} breaks and runs: {who} "
                f"may give chase (ER-21), a footrace run second by second on the chase track "
                f"(ER-29), or let {him} go.")


class ChaseOffered(Event):
    """He fled (R-ER-CHASE-OFFER): the side he fled from may give chase.  The chase, if
    given, is his flight run again on the track from `from_hex`, where it began."""

    type: Literal["er_chase_offered"] = "er_chase_offered"
    quarry: str
    pursuers: tuple[str, ...]
    side: str
    from_hex: tuple[int, int] = (0, 0)

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.quarry)} breaks and runs! {w.side(self.side)} may give chase "
                "(ER-21).")


@evolver(ChaseOffered, RULESET)
def _offered(state: Battle, e: ChaseOffered) -> Battle:
    return state.push(ChaseOfferFrame(actor=e.side, quarry=e.quarry, pursuers=e.pursuers,
                                      from_hex=e.from_hex))


class ChaseLetGo(Event):
    type: Literal["er_chase_let_go"] = "er_chase_let_go"
    quarry: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Nobody gives chase; {w.unit(self.quarry)} is let go."


@evolver(ChaseLetGo, RULESET)
def _let_go(state: Battle, e: ChaseLetGo) -> Battle:
    return state.pop() if isinstance(state.top, ChaseOfferFrame) else state


class ChaseGiven(Event):
    """They give chase: the chase frame opens over the skirmish (R-ER-CHASE-LANE)."""

    type: Literal["er_chase_given"] = "er_chase_given"
    quarry: str
    pursuers: tuple[str, ...]
    lane: tuple[tuple[str, int], ...]

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{', '.join(w.unit(p) for p in self.pursuers)} "
                f"{'gives' if len(self.pursuers) == 1 else 'give'} chase (ER-21).")


@evolver(ChaseGiven, RULESET)
def _given(state: Battle, e: ChaseGiven) -> Battle:
    state = state.pop() if isinstance(state.top, ChaseOfferFrame) else state
    at = dict(e.lane)
    runners = lane_of(state, [state.unit(e.quarry)], [state.unit(p) for p in e.pursuers])
    runners = tuple(changed(r, at=at[r.unit]) for r in runners)  # the lane as decided
    return state.push(ChaseFrame(quarry_side=state.unit(e.quarry).side, runners=runners,
                                 returns=True))
