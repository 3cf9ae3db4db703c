"""The joust as a mode of the Fallen Empire ruleset: frames on the same engine (FE-44..FE-54).

Kept whole, though long: the frame, its four events with their evolvers, and the procedure
that emits them are one state machine whose parts name each other (the frame answers its
commands with the procedure below; the events' evolvers set the frame), read top to bottom.
The exact odds and the computer's advice are in :mod:`joust_odds`, the List in :mod:`lists`.

A battle set up with the option ``mode = "joust"`` and exactly two sides of one unit each
starts with a :class:`JoustFrame` instead of the skirmish round.  The joust maths live in
:mod:`joust` (one resolution function, :func:`joust.apply_throw`); this module only turns
them into commands, events and frames:

    begin   (automatic)  JoustBegan: the entrants and their dice pools (FE-47)
    choose  side A, then side B, each ``Choose(unit, option="1"|"2"|"3")`` (FE-48):
            JoustThrowChosen(side) - the number is sealed, so the log does not show it
    throw   (automatic)  both throws rolled from ctx.dice, A's dice first: JoustThrown
            (FE-49..FE-53); then back to ``choose``, or the round is over: injury damage
            (UnitDamaged), statuses, the stakes (FE-54) and BattleEnded

Lists (FE-45) are not battles: :func:`joust.run_list` pairs the entrants and
:func:`list_bout` jousts each pair from their FULL pools (R-FE-JOUST-REFILL).

Options (GM rulings, all optional):
    mode                 "skirmish" (default) | "joust"
    joust_max_throws     None (R-FE-JOUST-RIDES (a): until a pool is empty) | int >= 1
    joust_helm_tipping   False | True: a triple tips the helm instead of unhorsing (FE-52)
    joust_stakes         "none" | "black_knight" (FE-54)
    joust_entrant_kinds  the unit kinds allowed to joust (R-FE-JOUST-ENTRANT)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from rules.commands import Choose, Command
from rules.dice import face
from rules.engine import Context
from rules.events import (
    BattleEnded,
    Event,
    Secret,
    UnitDamaged,
    UnitStatusChanged,
    evolver,
)
from rules.state import ACTIVE, DOWN, GONE, Battle, Frame, changed
from rules.systems.fallen_empire.joust import (
    BoutResult,
    JoustRules,
    JoustState,
    Policy,
    apply_throw,
    legal_throw_sizes,
    play_round,
    pool_from_hit_dice,
)
from rules.systems.fallen_empire.units import FEUnit, is_fe
from rules.wording import PLAIN, Words, and_list, plural, pronoun

MODES = ("skirmish", "joust")
STAKES = ("none", "black_knight")
OPTIONS = frozenset({"mode", "joust_max_throws", "joust_helm_tipping", "joust_stakes",
                     "joust_entrant_kinds"})
# R-FE-JOUST-ENTRANT: who "can wear Plate armor and carry shield and lance" (FE-44).
ENTRANT_KINDS = ("cleric", "demi-man", "fighting-man", "man-at-arms", "normal-man")
_SEAL_SALT = 0x4A4F555354  # "JOUST": a pad stream of its own, apart from the dice
_NO_BOUT = JoustState(0, 0)  # until JoustBegan sets the pools


# --- the frame -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JoustFrame(Frame):
    """One round of jousting between side A's and side B's knight.

    ``chosen_a``/``chosen_b`` hold the secret throw sizes (0 = not chosen yet); A's is in
    the state from his choice on, but no event shows it until both throws are rolled."""

    step: str = "begin"  # begin → choose → throw → choose … → over
    side_a: str = ""
    side_b: str = ""
    unit_a: str = ""
    unit_b: str = ""
    bout: JoustState = _NO_BOUT
    chosen_a: int = 0
    chosen_b: int = 0

    mode: ClassVar[str | None] = "joust"
    board: ClassVar[str | None] = "lists"
    owns_commands: ClassVar[bool] = True

    def legal(self, state: Battle, side: str) -> list[Command]:
        return legal_commands(state, side)

    def check(self, state: Battle, command: Command) -> str | None:
        return check(state, command)

    def decide(self, ctx: Context, command: Command) -> None:
        decide(ctx, command)

    def run(self, ctx: Context) -> None:
        run_frame(ctx, self)

    def moment(self, state: Battle, words: Words) -> str:
        """The rider's secret choice of a throw, and how a pass is scored (FE-48..FE-51)."""
        if self.actor is None or self.step != "choose":
            return ""
        letter = _letter(self, self.actor)
        pool = self.bout.pool_a if letter == "a" else self.bout.pool_b
        most = min(3, pool)
        rider = words.unit(_unit_of(self, letter))
        throw = "1 die" if most == 1 else f"1 to {most}"
        his = pronoun(state.unit(_unit_of(self, letter)), "his")
        return (f"{rider} throws {throw} of {his} {plural(pool, 'die')} in secret (FE-48): "
                "highest pairs with highest, each lost pair costs a die (FE-50); the larger "
                "pool at the end wins (FE-51).")


def joust_frame(state: Battle) -> JoustFrame | None:
    """The joust under way, if this battle is one (also after it ended)."""
    for f in reversed(state.stack):
        if isinstance(f, JoustFrame):
            return f
    return None


def _letter(frame: JoustFrame, side: str) -> str:
    return "a" if side == frame.side_a else "b"


def _unit_of(frame: JoustFrame, letter: str) -> str:
    return frame.unit_a if letter == "a" else frame.unit_b


def _side_of(frame: JoustFrame, letter: str) -> str:
    return frame.side_a if letter == "a" else frame.side_b


def _set(state: Battle, frame: JoustFrame) -> Battle:
    i = max(i for i, f in enumerate(state.stack) if isinstance(f, JoustFrame))
    return changed(state, stack=(*state.stack[:i], frame, *state.stack[i + 1:]))


# --- setting up ----------------------------------------------------------------------------


def joust_rules(state: Battle) -> JoustRules:
    return JoustRules(max_throws=state.option("joust_max_throws", None),
                      helm_tipping=bool(state.option("joust_helm_tipping", False)))


def entrant_pool(unit: FEUnit) -> tuple[int, str]:
    """FE-47: "1d6 for each hit die or fraction he has" - (dice, where they come from).
    A unit with hit dice (a monster) uses them (R-FE-JOUST-POOL); a character his level,
    at least 1 (a level-0 man-at-arms still has a hit die)."""
    if unit.hit_dice:
        try:
            return pool_from_hit_dice(unit.hit_dice), f"{unit.hit_dice} HD"
        except ValueError as err:
            raise ValueError(f"jouster {unit.id!r}: {err}") from None
    return max(1, unit.level), f"level {unit.level}"


def _check_entrant(unit: FEUnit, kinds: tuple[str, ...]) -> None:
    if unit.kind not in kinds:
        raise ValueError(
            f"{unit.id!r} ({unit.name}, a {unit.kind}) may not joust: only one who can wear "
            f"plate armour and carry shield and lance may (FE-44); under R-FE-JOUST-ENTRANT "
            f"that is {', '.join(kinds)} (GM option joust_entrant_kinds)")


def _check_options(battle: Battle) -> str:
    mode = battle.option("mode", "skirmish")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (Fallen Empire modes: {', '.join(MODES)})")
    mt = battle.option("joust_max_throws", None)
    if mt is not None and (isinstance(mt, bool) or not isinstance(mt, int) or mt < 1):
        raise ValueError(f"joust_max_throws must be absent or a whole number >= 1, not {mt!r}")
    if not isinstance(battle.option("joust_helm_tipping", False), bool):
        raise ValueError("joust_helm_tipping must be true or false")
    stakes = battle.option("joust_stakes", "none")
    if stakes not in STAKES:
        raise ValueError(f"unknown joust_stakes {stakes!r} (known: {', '.join(STAKES)})")
    kinds = battle.option("joust_entrant_kinds", ENTRANT_KINDS)
    if isinstance(kinds, str) or not all(isinstance(k, str) for k in kinds):
        raise ValueError("joust_entrant_kinds must be a list of unit kinds")
    return str(mode)


def apply_mode(battle: Battle) -> Battle:
    """Called by the ruleset's initial_state: a joust replaces the round frame with a
    JoustFrame; a skirmish is left as it is.  Raises ValueError on a bad joust set-up."""
    mode = _check_options(battle)
    if mode == "skirmish":
        return battle
    if len(battle.sides) != 2:
        raise ValueError(f"a joust is between exactly two sides, not {len(battle.sides)}")
    jousters = []
    for side in battle.sides:
        units = battle.side_units(side.id)
        if len(units) != 1:
            raise ValueError(f"in a joust each side has exactly one rider; side {side.id!r} "
                             f"has {len(units)}")
        jousters.append(is_fe(units[0]))
    kinds = tuple(battle.option("joust_entrant_kinds", ENTRANT_KINDS))
    for u in jousters:
        _check_entrant(u, kinds)
        entrant_pool(u)
    a, b = jousters
    frame = JoustFrame(side_a=a.side, side_b=b.side, unit_a=a.id, unit_b=b.id)
    return changed(battle, stack=(frame,))


def black_knight_side(state: Battle) -> str:
    """FE-54: the black knight's side.  The side that is not the player characters' when
    exactly one side is; otherwise the second side (side B)."""
    pcs = [s.id for s in state.sides if s.player_characters]
    if len(pcs) == 1:
        return next(s.id for s in state.sides if not s.player_characters)
    return state.sides[1].id


# --- events --------------------------------------------------------------------------------


class JoustBegan(Event):
    type: Literal["fe_joust_began"] = "fe_joust_began"
    side_a: str
    side_b: str
    unit_a: str
    unit_b: str
    pool_a: int
    pool_b: int
    notes: tuple[tuple[str, str], ...] = ()  # (explanation, citation)

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"Joust: {w.unit(self.unit_a)} ({w.side(self.side_a, start=False)}, A, "
                f"{plural(self.pool_a, 'die')}) against {w.unit(self.unit_b)} "
                f"({w.side(self.side_b, start=False)}, B, {plural(self.pool_b, 'die')}). "
                + " ".join(f"{w.text(t)} ({c})." for t, c in self.notes))


@evolver(JoustBegan)
def _began(state: Battle, e: JoustBegan) -> Battle:
    frame = joust_frame(state)
    assert frame is not None
    return _set(state, changed(frame, step="choose", actor=e.side_a,
                               bout=JoustState.start(e.pool_a, e.pool_b)))


def _pad(seed: int, throw: int, letter: str) -> int:
    return face(seed ^ _SEAL_SALT, 2 * throw + (letter == "b"), 3) - 1


def seal(seed: int, throw: int, letter: str, dice: int) -> int:
    """The throw size masked with a one-time pad over {1, 2, 3} drawn from the battle's
    seed: without the seed the sealed value says nothing about the size."""
    return (dice - 1 + _pad(seed, throw, letter)) % 3


def unseal(seed: int, throw: int, letter: str, sealed: int) -> int:
    return (sealed - _pad(seed, throw, letter)) % 3 + 1


class JoustThrowChosen(Event):
    """A rider has chosen his throw in secret (FE-48).  ``sealed`` is the size masked by
    :func:`seal`: replay restores it, the log cannot read it."""

    # FE-48: each rider chooses his throw in secret; both are rolled at the signal.
    secret: ClassVar[Secret | None] = Secret("side", "side", frozenset({"fe_joust_thrown",
                                                                        "battle_ended"}))
    type: Literal["fe_joust_throw_chosen"] = "fe_joust_throw_chosen"
    side: str
    unit: str
    sealed: int

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} ({w.side(self.side, start=False)}) has chosen his throw in "
                "secret (FE-48).")


@evolver(JoustThrowChosen)
def _chosen(state: Battle, e: JoustThrowChosen) -> Battle:
    frame = joust_frame(state)
    assert frame is not None
    n = unseal(state.seed, frame.bout.throws, _letter(frame, e.side), e.sealed)
    if e.side == frame.side_a:
        return _set(state, changed(frame, chosen_a=n, actor=frame.side_b))
    return _set(state, changed(frame, chosen_b=n, actor=None, step="throw"))


class JoustThrown(Event):
    """Both throws, rolled together at the signal (FE-48), and what they did (FE-49..53).
    ``rolls`` holds the raw faces: A's dice, then B's."""

    type: Literal["fe_joust_thrown"] = "fe_joust_thrown"
    throw: int  # 1 for the first ride
    unit_a: str
    unit_b: str
    dice_a: tuple[int, ...]
    dice_b: tuple[int, ...]
    lost_a: int
    lost_b: int
    pool_a: int  # after the throw
    pool_b: int
    notes: tuple[tuple[str, str], ...] = ()  # (explanation, citation), from resolve_throw
    winner: str = ""  # side id or "draw" once the round is over, else ""
    ended_by: str = ""  # pool, unhorsed, helm, injury, max_throws
    injured: tuple[str, ...] = ()  # unit ids
    ejected: tuple[str, ...] = ()
    unhorsed: tuple[str, ...] = ()  # unhorsed, or helm tipped off (ended_by "helm")
    injury_dice: tuple[tuple[str, int], ...] = ()  # (unit, d6 of real damage it takes)

    def narrate(self, w: Words = PLAIN) -> str:
        head = (f"Ride {self.throw}: {w.unit(self.unit_a)} (A) throws "
                f"{'-'.join(map(str, self.dice_a))}, {w.unit(self.unit_b)} (B) throws "
                f"{'-'.join(map(str, self.dice_b))}.")
        body = [f"{w.text(_dice_said(t))} ({c})."
                for t, c in self.notes[1:]]  # notes[0] repeats the dice
        return " ".join([head, *body, f"Pools {self.pool_a} v {self.pool_b}."])


# The throw's notes (joust.resolve_throw) are kept in saves as written, the unmatched dice
# as a tuple ("B's unmatched (4, 2) do not count"); a player reads "4 and 2" (issue 35).
_UNMATCHED = re.compile(r"unmatched \((\d+(?:, \d+)*),?\) do not count")


def _dice_said(text: str) -> str:
    def say(m: re.Match[str]) -> str:
        dice = m.group(1).split(", ")
        verb = "does" if len(dice) == 1 else "do"
        return f"unmatched {and_list(dice)} {verb} not count"
    return _UNMATCHED.sub(say, text)


@evolver(JoustThrown)
def _thrown(state: Battle, e: JoustThrown) -> Battle:
    frame = joust_frame(state)
    assert frame is not None

    def letter(side_or_draw: str) -> str:
        return "draw" if side_or_draw == "draw" else _letter(frame, side_or_draw)

    def letters(units: tuple[str, ...]) -> tuple[str, ...]:
        return tuple("a" if u == frame.unit_a else "b" for u in units)

    bout = JoustState(e.pool_a, e.pool_b, e.throw, letter(e.winner) if e.winner else None,
                      e.ended_by or None, letters(e.injured), letters(e.ejected),
                      tuple(("a" if u == frame.unit_a else "b", n) for u, n in e.injury_dice))
    over = bool(e.winner)
    state = _set(state, changed(frame, bout=bout, chosen_a=0, chosen_b=0,
                                step="over" if over else "choose",
                                actor=None if over else frame.side_a))
    if e.ended_by == "unhorsed":
        for uid in e.unhorsed:
            state = state.update_unit(uid, mounted=False)
    return state


class JoustStakesSettled(Event):
    """FE-54: what the black knight's challenge was for changes hands."""

    type: Literal["fe_joust_stakes"] = "fe_joust_stakes"
    winner: str  # side id, or "draw"
    forfeit: str
    stripped: str = ""  # the unit that loses its horse and armour, if any

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Stakes: {self.forfeit} (FE-54)."


@evolver(JoustStakesSettled)
def _stakes(state: Battle, e: JoustStakesSettled) -> Battle:
    if e.stripped:
        return state.update_unit(e.stripped, armour="none", mounted=False)
    return state


# --- the procedure -------------------------------------------------------------------------


def run_frame(ctx: Context, frame: JoustFrame) -> None:
    if frame.step == "begin":
        _begin(ctx, frame)
    elif frame.step == "throw":
        _throw(ctx, frame)
    else:
        raise RuntimeError(f"the joust frame at step {frame.step!r} has nothing to run")


def _begin(ctx: Context, frame: JoustFrame) -> None:
    state = ctx.state
    a, b = is_fe(state.unit(frame.unit_a)), is_fe(state.unit(frame.unit_b))
    (pa, src_a), (pb, src_b) = entrant_pool(a), entrant_pool(b)
    rules = joust_rules(state)
    notes = [(f"{a.id}: {src_a}, {pa} dice; {b.id}: {src_b}, {pb} dice",
              "FE-47, R-FE-JOUST-POOL"),
             ("each rider secretly chooses to throw 1 to 3 dice, never more than his pool",
              "FE-48")]
    if rules.max_throws is None:
        notes.append(("the round goes on until a pool is empty", "FE-46, R-FE-JOUST-RIDES"))
    else:
        notes.append((f"at most {rules.max_throws} rides, then the larger pool wins",
                      "FE-46 (b), R-FE-JOUST-RIDES"))
    if rules.helm_tipping:
        notes.append(("a triple tips the helm off rather than unhorsing", "FE-52"))
    if state.option("joust_stakes", "none") == "black_knight":
        bk = black_knight_side(state)
        notes.append((f"the black knight ({bk}) takes the loser's horse and armour if he "
                      "wins; if the challenger wins, the whole party rests at the castle",
                      "FE-54"))
    ctx.emit(JoustBegan(side_a=frame.side_a, side_b=frame.side_b, unit_a=a.id, unit_b=b.id,
                        pool_a=pa, pool_b=pb, notes=tuple(notes)))


def _throw(ctx: Context, frame: JoustFrame) -> None:
    rules = joust_rules(ctx.state)
    dice_a = tuple(ctx.dice.d(6, f"joust die, {frame.unit_a}") for _ in range(frame.chosen_a))
    dice_b = tuple(ctx.dice.d(6, f"joust die, {frame.unit_b}") for _ in range(frame.chosen_b))
    bout, r = apply_throw(frame.bout, dice_a, dice_b, rules)
    unit = {"a": frame.unit_a, "b": frame.unit_b}
    unhorsed = tuple(unit[x] for x, hit in (("a", r.unhorsed_a), ("b", r.unhorsed_b)) if hit)
    ctx.emit(JoustThrown(
        throw=bout.throws, unit_a=frame.unit_a, unit_b=frame.unit_b, dice_a=dice_a,
        dice_b=dice_b, lost_a=r.lost_a, lost_b=r.lost_b, pool_a=bout.pool_a,
        pool_b=bout.pool_b, notes=r.notes,
        winner="" if bout.winner is None else (
            "draw" if bout.winner == "draw" else _side_of(frame, bout.winner)),
        ended_by=bout.ended_by or "", injured=tuple(unit[x] for x in bout.injured),
        ejected=tuple(unit[x] for x in bout.ejected),
        unhorsed=unhorsed if bout.ended_by in ("unhorsed", "helm") else (),
        injury_dice=tuple((unit[x], n) for x, n in bout.injury_damage_dice)))
    if bout.winner is not None:
        _settle(ctx, frame, bout, rules)


def _settle(ctx: Context, frame: JoustFrame, bout: JoustState, rules: JoustRules) -> None:
    """The round is over: real damage for the injured (FE-53), who is out and how, the
    stakes (FE-54), and the end of the battle."""
    conditions: dict[str, tuple[str, str, str, str]] = {}  # unit -> status, cond, why, rule
    for who, n in bout.injury_damage_dice:
        uid = _unit_of(frame, who)
        rolled = [ctx.dice.d(rules.injury_die, f"joust injury, {uid}") for _ in range(n)]
        u = ctx.state.unit(uid)
        amount = sum(rolled)
        ctx.emit(UnitDamaged(unit=uid, amount=amount, hp_after=u.hp - amount,
                             source="joust"))
        if u.hp - amount <= 0:
            conditions[uid] = (DOWN, "injured in the joust", f"{n}d{rules.injury_die} real "
                               "damage from the lance", "FE-53, R-FE-JOUST-INJURY")
        else:
            conditions[uid] = (GONE, "injured, out of the tournament to recover",
                               f"{n}d{rules.injury_die} real damage from the lance",
                               "FE-53, R-FE-JOUST-INJURY")
    for who in bout.ejected:
        uid = _unit_of(frame, who)
        if uid in conditions:  # both injured each other: hurt, and dishonoured too
            status, cond, why, rule = conditions[uid]
            conditions[uid] = (status, f"{cond}; ejected for dishonour", why, rule)
        else:
            conditions[uid] = (GONE, "ejected for dishonour", "threw all 1s and injured "
                               "his opponent", "FE-53")
    if bout.ended_by in ("unhorsed", "helm"):
        loser = "b" if bout.winner == "a" else "a"
        cond = "helm tipped off" if bout.ended_by == "helm" else "unhorsed"
        conditions[_unit_of(frame, loser)] = (ACTIVE, cond, "his opponent threw a triple",
                                              "FE-52")
    for uid in (frame.unit_a, frame.unit_b):
        if uid in conditions:
            status, cond, why, rule = conditions[uid]
            ctx.emit(UnitStatusChanged(unit=uid, status=status, condition=cond, reason=why,
                                       rule=rule))
    reason = _end_reason(ctx.state, frame, bout, rules)
    stakes = _stakes_text(ctx, frame, bout)
    winner = None if bout.winner == "draw" else _side_of(frame, bout.winner or "")
    ctx.emit(BattleEnded(winner=winner, reason=reason + (f"; stakes (FE-54): {stakes}"
                                                         if stakes else "")))


def _end_reason(state: Battle, frame: JoustFrame, bout: JoustState, rules: JoustRules) -> str:
    name = {"a": frame.unit_a, "b": frame.unit_b}
    w = bout.winner
    other = {"a": "b", "b": "a"}
    pools = f"{bout.pool_a} {'die' if bout.pool_a == 1 else 'dice'} to {bout.pool_b}"
    if bout.ended_by == "injury":
        if w == "draw":
            return ("both riders threw all 1s and injured each other: both are injured and "
                    "ejected, a draw (FE-53, R-FE-JOUST-INJURY)")
        assert w is not None
        return (f"{name[other[w]]} threw all 1s and injured {name[w]}: {name[other[w]]} is "
                f"ejected for dishonour, {name[w]} wins the round (FE-53, R-FE-JOUST-INJURY)")
    if bout.ended_by in ("unhorsed", "helm"):
        assert w in ("a", "b")
        what = "tipped the helm off" if bout.ended_by == "helm" else "unhorsed"
        return f"{name[w]} threw a triple and {what} {name[other[w]]}, winning the round (FE-52)"
    if bout.ended_by == "max_throws":
        head = f"after {bout.throws} rides the pools stand at {pools}"
        cite = "FE-46 (b), FE-51, R-FE-JOUST-RIDES"
    else:
        head = f"{name['a' if bout.pool_a == 0 else 'b']} is out of dice ({pools})"
        cite = "FE-48, FE-51"
    if w == "draw":
        return f"{head}: equal pools, a draw ({cite}, R-FE-JOUST-BOTH-EMPTY)"
    assert w is not None
    return f"{head}: {name[w]} has the larger pool and wins the round ({cite})"


def _stakes_text(ctx: Context, frame: JoustFrame, bout: JoustState) -> str:
    state = ctx.state
    if state.option("joust_stakes", "none") != "black_knight":
        return ""
    bk = black_knight_side(state)
    if bout.winner == "draw":
        text = "a draw: nothing changes hands (R-FE-JOUST-STAKES)"
        ctx.emit(JoustStakesSettled(winner="draw", forfeit=text))
        return text
    assert bout.winner is not None
    winner_side = _side_of(frame, bout.winner)
    loser = _unit_of(frame, "b" if bout.winner == "a" else "a")
    if winner_side == bk:
        text = (f"the black knight wins and takes {loser}'s horse and armour")
        ctx.emit(JoustStakesSettled(winner=winner_side, forfeit=text, stripped=loser))
    else:
        text = ("the challenger wins: the whole party may stay at the black knight's castle, "
                "rest up, and leave with fresh horses")
        ctx.emit(JoustStakesSettled(winner=winner_side, forfeit=text))
    return text


# --- commands ------------------------------------------------------------------------------


def legal_commands(state: Battle, side: str) -> list[Command]:
    frame = joust_frame(state)
    if frame is None or frame.step != "choose" or frame.actor != side:
        return []
    letter = _letter(frame, side)
    pool = frame.bout.pool_a if letter == "a" else frame.bout.pool_b
    uid = _unit_of(frame, letter)
    return [Choose(unit=uid, option=str(n)) for n in legal_throw_sizes(pool)]


def check(state: Battle, cmd: Command) -> str | None:
    frame = joust_frame(state)
    if frame is None or frame.step != "choose" or frame.actor is None:
        return "nobody is to choose a throw now"
    side = frame.actor
    letter = _letter(frame, side)
    mine = _unit_of(frame, letter)
    if not isinstance(cmd, Choose):
        return (f"in a joust the only command is Choose(unit={mine!r}, option='1'|'2'|'3'): "
                "how many dice to throw (FE-48)")
    if not state.has_unit(cmd.unit):
        return f"there is no unit {cmd.unit!r}"
    if cmd.unit != mine:
        if cmd.unit == frame.unit_a:
            return f"{cmd.unit} has already chosen his throw; it is {side}'s turn to choose"
        if cmd.unit == frame.unit_b:
            return (f"it is {side}'s turn to choose a throw in secret; {cmd.unit} chooses "
                    "next")
        return f"{cmd.unit} is not riding in this joust"
    if cmd.option not in ("1", "2", "3") and not cmd.option.removeprefix("-").isdecimal():
        return f"option must be the number of dice to throw, 1 to 3, not {cmd.option!r}"
    n = int(cmd.option)
    if cmd.option != str(n):  # "02", "+2", a two in other digits: "1", "2", "3" as offered
        return f"option must be the number of dice to throw, 1 to 3, not {cmd.option!r}"
    pool = frame.bout.pool_a if letter == "a" else frame.bout.pool_b
    if n < 1:
        return f"a rider throws at least one die, not {n} (FE-48)"
    if n > 3:
        return f"a rider throws at most three dice, not {n} (FE-48)"
    if n > pool:
        return (f"{mine} has only {pool} {'die' if pool == 1 else 'dice'} left in his pool "
                f"and cannot throw {n} (FE-48)")
    return None


def decide(ctx: Context, cmd: Command) -> None:
    frame = joust_frame(ctx.state)
    assert frame is not None and isinstance(cmd, Choose) and frame.actor is not None
    letter = _letter(frame, frame.actor)
    ctx.emit(JoustThrowChosen(side=frame.actor, unit=cmd.unit,
                              sealed=seal(ctx.state.seed, frame.bout.throws, letter,
                                          int(cmd.option))))


# --- Lists (FE-45) with full pools every bout (R-FE-JOUST-REFILL) ---------------------------


def list_bout(entrants: dict[str, FEUnit], rules: JoustRules, dice: Any,
              policy: Policy | None = None) -> Callable[[str, str], BoutResult]:
    """A ``results_fn`` for :func:`joust.run_list` that jousts the two named units from
    their FULL pools each bout (R-FE-JOUST-REFILL) with ``dice``; the injured and the
    ejected (FE-53) leave the tournament.  ``policy`` defaults to throwing the most dice."""
    pick: Policy = policy or (lambda mine, other: min(3, mine))

    def bout(a: str, b: str) -> BoutResult:
        pa, pb = entrant_pool(entrants[a])[0], entrant_pool(entrants[b])[0]
        final, _ = play_round(pa, pb, rules, dice, pick, pick)
        names = {"a": a, "b": b}
        out = tuple(dict.fromkeys(names[x] for x in (*final.injured, *final.ejected)))
        winner = None if final.winner == "draw" else names[final.winner or "a"]
        return BoutResult(winner, out)

    return bout


__all__ = [
    "ENTRANT_KINDS", "MODES", "OPTIONS", "JoustBegan", "JoustFrame", "JoustStakesSettled",
    "JoustThrowChosen", "JoustThrown", "apply_mode", "black_knight_side",
    "check", "decide", "entrant_pool", "joust_frame", "joust_rules",
    "legal_commands", "list_bout", "run_frame",
]
