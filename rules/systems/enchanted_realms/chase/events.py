"""The chase's events (ER-21..ER-34) and how each moves the chase frame: the vocabulary of
the mode, each event beside its evolver and its sentence for the log.

Evolvers hold no rules and no dice (DESIGN.md): they put on the frame what the procedure
decided; the only bookkeeping they do is `ChaseFrame.next_index`, passing over a runner
who has left the chase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rules.events import Event, Modifier, evolver
from rules.procedures import set_frame
from rules.state import Battle, changed
from rules.systems.enchanted_realms.chase.runner import Runner
from rules.wording import PLAIN, Words, plural

if TYPE_CHECKING:
    from rules.systems.enchanted_realms.chase.frame import ChaseFrame

__all__ = ["ChaseBegan", "ChaseBrokeOff", "ChaseChoiceOffered", "ChaseEnded",
           "ChaseInitiative", "ChaseMoved", "ChasePursuit", "ChaseRan", "ChaseRunnerOut",
           "ChaseSecondEnded", "ChaseSwingLost", "ChaseSwung", "ChaseTookUp", "chase_frame"]

RULESET = "enchanted_realms"
FEET = 5


def chase_frame(state: Battle) -> ChaseFrame | None:
    """The chase under way (also once it is over), found by its mode."""
    for f in reversed(state.stack):
        if f.mode == "chase" and hasattr(f, "runners"):  # another ruleset's chase is not ours
            return f  # type: ignore[return-value]
    return None


def _put(state: Battle, frame: ChaseFrame) -> Battle:
    i = max(i for i, f in enumerate(state.stack) if f.mode == "chase")
    return set_frame(state, i, frame)


def _frame(state: Battle) -> ChaseFrame:
    f = chase_frame(state)
    assert f is not None
    return f


def _runner_changed(frame: ChaseFrame, unit: str, **changes: object) -> ChaseFrame:
    return changed(frame, runners=tuple(changed(r, **changes) if r.unit == unit else r
                                        for r in frame.runners))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


Placed = tuple[str, str, int, int, int]  # unit, role, hex on the lane, chase speed, row


class ChaseBegan(Event):
    """Chase mode opens (ER-21): the runners on the lane, and what lapses (ER-26)."""

    type: Literal["er_chase_began"] = "er_chase_began"
    quarry_side: str
    runners: tuple[Placed, ...]
    lapsed: tuple[str, ...] = ()  # owners of at-the-ready triggers that lapse (ER-26)
    notes: tuple[tuple[str, str], ...] = ()  # (explanation, citation)
    chases: tuple[tuple[str, str], ...] = ()  # pursuer, the one he runs after (R-ER-CHASE-QUARRY)

    def narrate(self, w: Words = PLAIN) -> str:
        fleeing = [w.unit(u) for u, role, *_ in self.runners if role == "quarry"]
        chasing = [w.unit(u) for u, role, *_ in self.runners if role == "pursuer"]
        head = (f"Chase! {', '.join(fleeing)} {'runs' if len(fleeing) == 1 else 'run'}, "
                f"{', '.join(chasing)} {'gives' if len(chasing) == 1 else 'give'} chase "
                "(ER-21).")
        lapsed = (f" The at-the-ready triggers of {', '.join(w.unit(u) for u in self.lapsed)} "
                  "lapse (ER-26)." if self.lapsed else "")
        after = ""
        if len(fleeing) > 1 and self.chases:
            by: dict[str, list[str]] = {}
            for p, q in self.chases:
                by.setdefault(q, []).append(w.unit(p))
            after = (" Each pursuer runs after the one nearest ahead of him (R-ER-CHASE-QUARRY): "
                     + "; ".join(f"{_and(ps)} after {w.unit(q)}" for q, ps in by.items()) + ".")
        return head + lapsed + after + "".join(f" {_sentence(w.text(t))} ({c})."
                                               for t, c in self.notes)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@evolver(ChaseBegan, RULESET)
def _began(state: Battle, e: ChaseBegan) -> Battle:
    f = _frame(state)
    chases = {r.unit: r.chases for r in f.runners} | dict(e.chases)
    runners = tuple(Runner(unit=u, role=role, at=at, speed=speed, chases=chases.get(u, ""))
                    for u, role, at, speed, _ in e.runners)
    state = _put(state, changed(f, step="initiative", runners=runners,
                                quarry_side=e.quarry_side))
    if e.lapsed and hasattr(state.system, "triggers"):
        state = changed(state, system=changed(state.system, triggers=tuple(
            t for t in state.system.triggers if t.owner not in e.lapsed)))
    return state


class ChaseInitiative(Event):
    """A chase round's initiative (ER-29): each runner's d20 + Agility, the order, and the
    second he swings in (above 10 in second 10; below 1 as R-ER-CHASE-LOW rules)."""

    type: Literal["er_chase_initiative"] = "er_chase_initiative"
    round: int
    entries: tuple[tuple[str, int, int, int], ...]  # unit, die, total, swing second
    order: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        parts = [f"{w.unit(u)} {total} (second {sec})" for u, _, total, sec in
                 sorted(self.entries, key=lambda x: self.order.index(x[0]))]
        return (f"Chase round {self.round}: initiative {'; '.join(parts)}. The seconds count "
                "down from 10 to 1 (ER-29).")


@evolver(ChaseInitiative, RULESET)
def _initiative(state: Battle, e: ChaseInitiative) -> Battle:
    f = _frame(state)
    seconds = {u: sec for u, _, _, sec in e.entries}
    runners = tuple(changed(r, second=seconds.get(r.unit, 0)) for r in f.runners)
    f = changed(f, step="second", order=e.order, runners=runners, second=10, swung=False,
                heavy_swing=False, chase_round=e.round, index=0)
    return _put(state, changed(f, index=f.next_index(0)))


class ChaseChoiceOffered(Event):
    """A runner's second has come and he must choose: swing at a foe in reach, run, or (a
    pursuer) break off (ER-28, ER-32)."""

    type: Literal["er_chase_choice"] = "er_chase_choice"
    unit: str
    side: str
    second: int
    in_reach: tuple[str, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        reach = (f"; within reach: {', '.join(w.unit(u) for u in self.in_reach)}"
                 if self.in_reach else "; nobody within reach")
        return f"Second {self.second}: {w.unit(self.unit)}'s moment{reach}."


@evolver(ChaseChoiceOffered, RULESET)
def _offered(state: Battle, e: ChaseChoiceOffered) -> Battle:
    return _put(state, changed(_frame(state), step="choose", actor=e.side, deciding=e.unit,
                               turned=False))


class ChaseSwingLost(Event):
    """ER-32: his second came with no foe within his weapon's reach; the swing is lost."""

    type: Literal["er_chase_swing_lost"] = "er_chase_swing_lost"
    unit: str
    second: int
    reach_ft: int
    nearest_ft: int  # 0: no foe on the lane

    def narrate(self, w: Words = PLAIN) -> str:
        far = (f"the nearest foe is {self.nearest_ft} ft away" if self.nearest_ft
               else "no foe is on the lane")
        return (f"Second {self.second}: {w.unit(self.unit)} cannot swing: {far}, beyond his "
                f"{self.reach_ft} ft reach; the attack is lost (ER-32).")


@evolver(ChaseSwingLost, RULESET)
def _lost(state: Battle, e: ChaseSwingLost) -> Battle:
    return _put(state, changed(_frame(state), swung=True))


class ChaseSwung(Event):
    """He swings on the run (ER-22..ER-25); the attack itself follows as the ruleset's own
    several-d20 attack.  `heavy`: a heavy weapon, so no movement this second (ER-28)."""

    type: Literal["er_chase_swung"] = "er_chase_swung"
    unit: str
    target: str
    second: int
    heavy: bool = False
    penalty: tuple[Modifier, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        total = sum(m.value for m in self.penalty)
        parts = "; ".join(f"{w.text(m.reason)} {m.value:+d}, {m.rule}" for m in self.penalty)
        heavy = (" He swings a heavy weapon, so he gains no ground this second (ER-28)."
                 if self.heavy else "")
        return (f"Second {self.second}: {w.unit(self.unit)} swings at {w.unit(self.target)} "
                f"on the run, {total:+d} on every d20 ({parts}).{heavy}")


@evolver(ChaseSwung, RULESET)
def _swung(state: Battle, e: ChaseSwung) -> Battle:
    return _put(state, changed(_frame(state), step="second", actor=None, deciding="",
                               swung=True, heavy_swing=e.heavy, turned=False))


class ChaseRan(Event):
    """He lets his swing go to run (ER-28: a heavy weapon's swing skipped to roll for
    movement; or nobody worth the blow)."""

    type: Literal["er_chase_ran"] = "er_chase_ran"
    unit: str
    second: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Second {self.second}: {w.unit(self.unit)} does not swing, and runs (ER-28)."


@evolver(ChaseRan, RULESET)
def _ran(state: Battle, e: ChaseRan) -> Battle:
    return _put(state, changed(_frame(state), step="second", actor=None, deciding="",
                               swung=True, turned=False))


class ChaseMoved(Event):
    """His movement roll this second (ER-30, ER-31): the chart's hexes at his speed, then
    d20 + Agility against the DC; a natural 1 fails, a natural 20 gains a hex more.  `face`
    0: no roll (the chart gives nothing, or he swung a heavy weapon, ER-28)."""

    type: Literal["er_chase_moved"] = "er_chase_moved"
    unit: str
    second: int
    chart: int
    face: int = 0
    agility: int = 0
    dc: int = 5
    hexes: int = 0
    at: int = 0  # his hex on the lane after it
    held_back: bool = False  # a pursuer stopped at the quarry's heels (R-ER-CHASE-HEELS)
    why: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        who = f"Second {self.second}: {w.unit(self.unit)}"
        if not self.face:
            return f"{who} gains no ground: {w.text(self.why)}."
        roll = f"rolls {self.face}{self.agility:+d} = {self.face + self.agility} against {self.dc}"
        if self.held_back:
            res = (f"gains {plural(self.hexes, 'hex')}, up to the heels of the one he chases "
                   "(R-ER-CHASE-HEELS)")
        elif self.face == 1:
            res = "a natural 1 fails (ER-31)"
        elif self.face == 20:
            res = f"a natural 20: {plural(self.hexes, 'hex')}, one more than the chart (ER-31)"
        elif self.hexes:
            res = f"gains {plural(self.hexes, 'hex')} (ER-30, ER-31)"
        else:
            res = "too low: no ground this second (ER-31)"
        return f"{who} {roll}: {res}."


@evolver(ChaseMoved, RULESET)
def _moved(state: Battle, e: ChaseMoved) -> Battle:
    f = _runner_changed(_frame(state), e.unit, at=e.at)
    f = changed(f, swung=False, heavy_swing=False)
    return _put(state, changed(f, index=f.next_index(f.index + 1)))


class ChaseBrokeOff(Event):
    """A pursuer gives up the chase (the computer's "break off when the chase is lost")."""

    type: Literal["er_chase_broke_off"] = "er_chase_broke_off"
    unit: str
    second: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Second {self.second}: {w.unit(self.unit)} breaks off the chase."


@evolver(ChaseBrokeOff, RULESET)
def _broke(state: Battle, e: ChaseBrokeOff) -> Battle:
    f = _runner_changed(_frame(state), e.unit, out="broke off")
    f = changed(f, step="second", actor=None, deciding="", swung=False, heavy_swing=False,
                turned=False)
    return _put(state, changed(f, index=f.next_index(f.index + 1)))


class ChaseTookUp(Event):
    """A pursuer runs after another fleeing figure (R-ER-CHASE-QUARRY): his choice at his
    moment (`chosen`), or at once because the one he chased is out of the chase.  `gap`
    hexes ahead of him; `allowance` the gap he keeps (R-ER-CHASE-END); `at` his hex after
    (moved only when he doubles back to one he had run past)."""

    type: Literal["er_chase_took_up"] = "er_chase_took_up"
    pursuer: str
    quarry: str
    second: int
    gap: int
    at: int
    allowance: int = 0
    chosen: bool = False
    doubled_back: bool = False  # every fleeing figure still running was behind him

    def narrate(self, w: Words = PLAIN) -> str:
        who, whom = w.unit(self.pursuer), w.unit(self.quarry)
        far = f"{plural(self.gap, 'hex')} ({self.gap * FEET} ft) ahead"
        if self.chosen:
            head = f"Second {self.second}: {who} turns after {whom}, {far}"
        elif self.doubled_back:
            head = f"{who} doubles back after {whom} and falls in at his heels"
        else:
            head = f"{who} runs on after {whom}, {far}"
        keep = (" He took him up that far off: he is left behind only once he falls half "
                "his speed further behind (R-ER-CHASE-END)." if self.allowance else "")
        return f"{head} (R-ER-CHASE-QUARRY).{keep}"


@evolver(ChaseTookUp, RULESET)
def _took_up(state: Battle, e: ChaseTookUp) -> Battle:
    f = _runner_changed(_frame(state), e.pursuer, chases=e.quarry, allowance=e.allowance,
                        at=e.at)
    return _put(state, changed(f, turned=True) if e.chosen else f)


class ChaseRunnerOut(Event):
    """A runner leaves the chase: down from a blow, or left behind by half his speed
    (ER-33, R-ER-CHASE-END)."""

    type: Literal["er_chase_runner_out"] = "er_chase_runner_out"
    unit: str
    why: str  # down, left behind
    gap: int = 0  # hexes, when left behind
    needed: int = 0
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        if self.why == "left behind":
            return (f"{w.unit(self.unit)} is left behind: {plural(self.gap, 'hex')} "
                    f"({self.gap * FEET} ft) back, half his speed is {self.needed * FEET} ft "
                    f"({self.rule}).")
        return f"{w.unit(self.unit)} is out of the chase: {self.why}."


@evolver(ChaseRunnerOut, RULESET)
def _out(state: Battle, e: ChaseRunnerOut) -> Battle:
    f = _frame(state)
    cur = f.current()
    f = _runner_changed(f, e.unit, out=e.why)
    if cur is not None and cur.unit == e.unit:
        f = changed(f, swung=False, heavy_swing=False, index=f.next_index(f.index))
    elif f.step == "second":
        f = changed(f, index=f.next_index(f.index))
    return _put(state, f)


class ChaseSecondEnded(Event):
    """Every runner has had his moment in this second; the next is counted (ER-29)."""

    type: Literal["er_chase_second_ended"] = "er_chase_second_ended"
    second: int
    gaps: tuple[tuple[str, int], ...] = ()  # pursuer, hexes to the one he chases
    chased: tuple[tuple[str, str], ...] = ()  # pursuer, whom (named when several flee)
    closed: tuple[str, ...] = ()  # pursuers within half their speed again: no allowance

    def narrate(self, w: Words = PLAIN) -> str:
        whom = dict(self.chased)
        gaps = "; ".join(f"{w.unit(u)} {plural(g, 'hex')} ({g * FEET} ft) behind"
                         + (f" {w.unit(whom[u])}" if u in whom else "")
                         for u, g in self.gaps)
        return f"End of second {self.second}" + (f": {gaps}." if gaps else ".")


@evolver(ChaseSecondEnded, RULESET)
def _second_ended(state: Battle, e: ChaseSecondEnded) -> Battle:
    f = _frame(state)
    for u in e.closed:
        f = _runner_changed(f, u, allowance=0)
    if e.second <= 1:
        return _put(state, changed(f, step="initiative", index=0, swung=False))
    f = changed(f, second=e.second - 1, swung=False, heavy_swing=False)
    return _put(state, changed(f, index=f.next_index(0)))


class ChasePursuit(Event):
    """ER-34 (GM option): the chase becomes a pursuit settled by the abandonment skill
    (R-ER-CHASE-PURSUIT): the quarry's d20 + Agility (+5 with abandonment) against the best
    of the pursuers'; he gets away if his is higher."""

    type: Literal["er_chase_pursuit"] = "er_chase_pursuit"
    quarry: str
    scores: tuple[tuple[str, int], ...] = ()  # unit, total
    escaped: bool = True

    def narrate(self, w: Words = PLAIN) -> str:
        parts = ", ".join(f"{w.unit(u)} {s}" for u, s in self.scores)
        res = "gets clean away" if self.escaped else "is run to ground"
        return (f"Pursuit (ER-34, R-ER-CHASE-PURSUIT): {parts}; {w.unit(self.quarry)} {res}.")


@evolver(ChasePursuit, RULESET)
def _pursuit(state: Battle, e: ChasePursuit) -> Battle:
    if e.escaped:
        return state
    return _put(state, _runner_changed(_frame(state), e.quarry, out="caught"))


class ChaseEnded(Event):
    """Chase mode is over (ER-33): who got away, who was caught or is down."""

    type: Literal["er_chase_ended"] = "er_chase_ended"
    result: str  # escaped, caught, spent
    reason: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"The chase is over: {w.text(self.reason)}."


@evolver(ChaseEnded, RULESET)
def _ended(state: Battle, e: ChaseEnded) -> Battle:
    return _put(state, changed(_frame(state), step="over", actor=None, deciding=""))
