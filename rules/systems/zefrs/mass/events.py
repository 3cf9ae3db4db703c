"""What happens in a mass battle (ZEF-58..ZEF-80), each event with its evolver.

Evolvers set the frame (frame.py), found on the stack by its mode, so this module never
imports the frame's answers to commands or its procedure (they import it).  Events carry
their dice (the engine adds `rolls`), so replay needs no rules.

Secret events: a side's deployment (ZEF-58) until both reveal, and its orders (ZEF-66) until
both have given theirs; the turn manager hides them from the other seat (`Event.secret`).

Kept whole, and long because it is the mode's whole event vocabulary, each event beside the
evolver and the sentence that belong to it (the pydantic tagged union the saves decode is
built from this one list); split by segment it would scatter one round's story over files
that import each other.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, Literal

from rules.events import Event, Secret, evolver
from rules.evolvers import round_reset
from rules.hexgrid import Hex
from rules.setup import UnitSpec
from rules.state import DEAD, GONE, Battle
from rules.systems.zefrs.mass.duel import awaiting
from rules.systems.zefrs.mass.grid import FACING_WORDS
from rules.systems.zefrs.mass.units import MassUnit, mass_units
from rules.systems.zefrs.units import build_unit
from rules.wording import PLAIN, Words, grid_label, plural

if TYPE_CHECKING:
    from rules.systems.zefrs.mass.frame import MassFrame

__all__ = ["mass_frame", "square_word"]

Square = tuple[int, int]


def square_word(sq: Square | Hex | None) -> str:
    """A square as a player reads it: the grid's column letter and row number ("C4"), as
    a hex map's hexes are named (R-FLANK-HEX-LABELS)."""
    if sq is None:
        return "off the field"
    x, y = (sq.q, sq.r) if isinstance(sq, Hex) else sq
    label = grid_label(x, y)
    return "off the field" if label == "off the map" else label


def mass_frame(state: Battle) -> MassFrame | None:
    """The mass battle under way: the innermost frame of the "mass" mode (frame.py)."""
    for f in reversed(state.stack):
        if f.mode == "mass":
            return f  # type: ignore[return-value]
    return None


def _frame(state: Battle) -> MassFrame:
    f = mass_frame(state)
    assert f is not None, "no mass battle under way"
    return f


def _set(state: Battle, frame: MassFrame) -> Battle:
    i = max(i for i, f in enumerate(state.stack) if f.mode == "mass")
    return state.remade(stack=(*state.stack[:i], frame, *state.stack[i + 1:]))


def _mu(state: Battle, uid: str) -> MassUnit:
    u = state.unit(uid)
    assert isinstance(u, MassUnit)
    return u


def _move_with(state: Battle, unit: MassUnit, to: Hex | None) -> Battle:
    """A unit's leader and a commander leading it go where it goes."""
    f = _frame(state)
    for uid in (unit.leader, f.led_by(unit.id)):
        if uid and state.has_unit(uid) and state.unit(uid).status not in (DEAD, GONE):
            state = state.update_unit(uid, pos=to)
    return state


# --- deployment (ZEF-58, ZEF-60) ------------------------------------------------------------


class MassDeployed(Event):
    """A side has placed one of its units, in secret until both reveal (ZEF-58)."""

    secret: ClassVar[Secret | None] = Secret("side", "side", frozenset({"zef_mass_revealed"}))
    type: Literal["zef_mass_deployed"] = "zef_mass_deployed"
    side: str
    unit: str
    place: str  # left, centre, right or reserve:<the unit it stands behind>

    def narrate(self, w: Words = PLAIN) -> str:
        head, _, behind = self.place.partition(":")
        where = f"in reserve behind {w.unit(behind)}" if behind else f"on the {head}"
        return f"{w.agree(self.side, 'places', 'place')} {w.unit(self.unit)} {where} (ZEF-58)."


def _undeployed(state: Battle, side: str) -> list[MassUnit]:
    return [u for u in mass_units(state, side) if not u.slot]


@evolver(MassDeployed)
def _deployed(state: Battle, e: MassDeployed) -> Battle:
    state = state.update_unit(e.unit, slot=e.place)
    f = _frame(state)
    if _undeployed(state, e.side):
        return state
    if e.side == f.side_a and _undeployed(state, f.side_b):
        return _set(state, replace(f, actor=f.side_b))
    return _set(state, replace(f, actor=None, step="reveal"))


class MassRevealed(Event):
    """Both sides reveal their placement: battle is joined (ZEF-58, ZEF-60)."""

    type: Literal["zef_mass_revealed"] = "zef_mass_revealed"
    placements: tuple[tuple[str, Square, int, str], ...]  # unit, square, facing, slot
    commanders: tuple[tuple[str, Square], ...] = ()
    notes: tuple[tuple[str, str], ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        parts = [f"{w.unit(u)} {slot} at {square_word(sq)} facing {FACING_WORDS[f]}"
                 for u, sq, f, slot in self.placements]
        return ("Both sides reveal their forces (ZEF-58): " + "; ".join(parts) + ". "
                + " ".join(f"{_sentence(w.text(_SIDE_LETTERS.sub(_no_letters, t)))} ({c})."
                           for t, c in self.notes))


# The procedure's note on how the lines face (ZEF-60) is kept in saves as it was written,
# with the sides as the text's letters ("side A's left faces side B's right"); a player
# reads it without them (issue 35).
_SIDE_LETTERS = re.compile(r"side A's left faces side B's right, its right B's left")


def _no_letters(_: re.Match[str]) -> str:
    return "each side's left faces the other's right, its right the other's left"


def _sentence(text: str) -> str:
    """A note as a sentence of its own: its first letter a capital."""
    return text[:1].upper() + text[1:]


@evolver(MassRevealed)
def _revealed(state: Battle, e: MassRevealed) -> Battle:
    for uid, sq, facing, slot in e.placements:
        state = state.update_unit(uid, pos=Hex(*sq), facing=facing, slot=slot)
        u = _mu(state, uid)
        if u.leader and state.has_unit(u.leader):
            state = state.update_unit(u.leader, pos=Hex(*sq))
    for uid, sq in e.commanders:
        state = state.update_unit(uid, pos=Hex(*sq))
    return _set(state, replace(_frame(state), step="round", actor=None))


# --- the round's frame -----------------------------------------------------------------------


class MassRoundBegan(Event):
    type: Literal["zef_mass_round_began"] = "zef_mass_round_began"
    round: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"Round {self.round} of the battle: each commander orders every unit (ZEF-66)."


@evolver(MassRoundBegan)
def _round(state: Battle, e: MassRoundBegan) -> Battle:
    units = tuple(replace(u, order="", goal=None, target="", shaken=False, leader_slain=False)
                  if isinstance(u, MassUnit) else round_reset(u) for u in state.units)
    state = replace(state, round=e.round, units=units)
    f = _frame(state)
    return _set(state, replace(f, step="orders", actor=f.side_a, commander_goals=(), led=(),
                               commander_slain=()))


class MassStepped(Event):
    """The round moves on to its next step (segment 1 the duels, 2–4 the units, ZEF-66)."""

    type: Literal["zef_mass_stepped"] = "zef_mass_stepped"
    step: str
    segment: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        # "duel" says nothing: whether the leaders meet is known only once the moves are
        # made, and the duels' own line (MassDuelsJoined) or MassNoDuels says it.
        words = {"segment": f"Segment {self.segment}: the units fight (ZEF-72).",
                 "withdraw": "Units ordered to withdraw fall back (ZEF-69).",
                 "morale": "The end of the round: morale (ZEF-77).",
                 "move": "Units move (ZEF-62, ZEF-63)."}
        return words.get(self.step, "")


@evolver(MassStepped)
def _stepped(state: Battle, e: MassStepped) -> Battle:
    return _set(state, replace(_frame(state), step=e.step, segment=e.segment))


# --- orders (ZEF-66) -------------------------------------------------------------------------


ORDERS_SEALED = Secret("side", "side", frozenset({"zef_mass_orders_opened"}))


class MassOrdered(Event):
    """A unit's order for the round, sealed until both sides have ordered (ZEF-66)."""

    secret: ClassVar[Secret | None] = ORDERS_SEALED
    type: Literal["zef_mass_ordered"] = "zef_mass_ordered"
    side: str
    unit: str
    order: str
    goal: Square | None = None
    facing: int = 0
    target: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.agree(self.side, 'gives', 'give')} {w.unit(self.unit)} its order in "
                "secret (ZEF-66).")


class MassCommanderOrdered(Event):
    """Where the commander goes and whether he takes over a unit (ZEF-63), sealed too."""

    secret: ClassVar[Secret | None] = ORDERS_SEALED
    type: Literal["zef_mass_commander_ordered"] = "zef_mass_commander_ordered"
    side: str
    unit: str
    goal: Square
    lead: bool = False

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.agree(self.side, 'decides', 'decide')} where {w.unit(self.unit)} rides "
                "(ZEF-63).")


def waiting_for_orders(state: Battle, side: str) -> list[str]:
    """The ids still to be ordered this round: the side's units on the grid, then its
    commander."""
    f = _frame(state)
    out = [u.id for u in mass_units(state, side) if u.on_grid and not u.order]
    cmd = f.commander(side)
    if cmd and state.has_unit(cmd) and state.unit(cmd).fighting \
            and cmd not in {c for c, _, _ in f.commander_goals}:
        out.append(cmd)
    return out


def _after_order(state: Battle, side: str) -> Battle:
    f = _frame(state)
    if waiting_for_orders(state, side):
        return state
    if side == f.side_a and waiting_for_orders(state, f.side_b):
        return _set(state, replace(f, actor=f.side_b))
    return _set(state, replace(f, actor=None, step="open"))


@evolver(MassOrdered)
def _ordered(state: Battle, e: MassOrdered) -> Battle:
    state = state.update_unit(e.unit, order=e.order, facing=e.facing, target=e.target,
                              goal=None if e.goal is None else Hex(*e.goal))
    return _after_order(state, e.side)


@evolver(MassCommanderOrdered)
def _commander_ordered(state: Battle, e: MassCommanderOrdered) -> Battle:
    f = _frame(state)
    state = _set(state, replace(f, commander_goals=(*f.commander_goals,
                                                    (e.unit, e.goal, e.lead))))
    return _after_order(state, e.side)


class MassOrdersOpened(Event):
    """Both sides' orders, opened together (ZEF-66)."""

    type: Literal["zef_mass_orders_opened"] = "zef_mass_orders_opened"
    round: int
    orders: tuple[tuple[str, str], ...]  # unit, the order in words

    def narrate(self, w: Words = PLAIN) -> str:
        return "Orders (ZEF-66): " + "; ".join(f"{w.unit(u)} {w.text(o)}"
                                                for u, o in self.orders) + "."


@evolver(MassOrdersOpened)
def _opened(state: Battle, e: MassOrdersOpened) -> Battle:
    return _set(state, replace(_frame(state), step="move"))


# --- moving (ZEF-62, ZEF-63, ZEF-69, ZEF-79) ----------------------------------------------------


class MassCommanderMoved(Event):
    type: Literal["zef_mass_commander_moved"] = "zef_mass_commander_moved"
    unit: str
    to: Square
    leads: str = ""  # the unit he takes over this round (ZEF-63)

    def narrate(self, w: Words = PLAIN) -> str:
        text = f"{w.unit(self.unit)} rides to {square_word(self.to)}"
        if self.leads:
            text += f" and takes command of {w.unit(self.leads)} for the round"
        return text + " (ZEF-63)."


@evolver(MassCommanderMoved)
def _commander_moved(state: Battle, e: MassCommanderMoved) -> Battle:
    state = state.update_unit(e.unit, pos=Hex(*e.to))
    f = _frame(state)
    if e.leads:
        f = replace(f, led=(*f.led, (e.unit, e.leads)))
    return _set(state, f)


class MassUnitMoved(Event):
    type: Literal["zef_mass_unit_moved"] = "zef_mass_unit_moved"
    unit: str
    to: Square
    facing: int
    why: str = ""  # the clause or ruling, in a few words
    rule: str = "ZEF-62"

    def narrate(self, w: Words = PLAIN) -> str:
        why = f", {w.text(self.why)}" if self.why else ""
        return (f"{w.unit(self.unit)} moves to {square_word(self.to)}, facing "
                f"{FACING_WORDS[self.facing]}{why} ({self.rule}).")


@evolver(MassUnitMoved)
def _unit_moved(state: Battle, e: MassUnitMoved) -> Battle:
    to = Hex(*e.to)
    state = state.update_unit(e.unit, pos=to, facing=e.facing)
    return _move_with(state, _mu(state, e.unit), to)


class MassUnitFaced(Event):
    type: Literal["zef_mass_unit_faced"] = "zef_mass_unit_faced"
    unit: str
    facing: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} turns to face {FACING_WORDS[self.facing]} (ZEF-62)."


@evolver(MassUnitFaced)
def _unit_faced(state: Battle, e: MassUnitFaced) -> Battle:
    return state.update_unit(e.unit, facing=e.facing)


class MassStayed(Event):
    """A unit ordered to move could not: the square was taken or contested."""

    type: Literal["zef_mass_stayed"] = "zef_mass_stayed"
    unit: str
    why: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} stays where it is: {w.text(self.why)} (R-ZEF-MASS-MOVE)."


@evolver(MassStayed)
def _stayed(state: Battle, e: MassStayed) -> Battle:
    return state


# --- segment 1: the leaders (ZEF-70, ZEF-71) --------------------------------------------------


class MassDuelsJoined(Event):
    """Segment 1 begins: who duels whom (ZEF-70, R-ZEF-MASS-DUEL); each leader now declares
    as in a skirmish (ZEF-15), his side's declarations sealed until both have declared."""

    type: Literal["zef_mass_duels_joined"] = "zef_mass_duels_joined"
    duels: tuple[tuple[str, str, str], ...]  # (leader, the foe he faces, the unit he leads)

    def narrate(self, w: Words = PLAIN) -> str:
        pairs = "; ".join(f"{w.unit(a)} ({w.unit(u)}) faces {w.unit(b)}"
                          for a, b, u in self.duels)
        return (f"Segment 1: the leaders' duels, under the regular combat rules (ZEF-70): "
                f"{pairs}. Each declares his blow or his defence in secret (ZEF-15).")


@evolver(MassDuelsJoined)
def _duels_joined(state: Battle, e: MassDuelsJoined) -> Battle:
    f = _frame(state)
    first = f.side_a if awaiting(state, f, f.side_a) else f.side_b
    return _set(state, replace(f, step="duels", actor=first))


class MassNoDuels(Event):
    """Segment 1 with no duel (ZEF-70, R-ZEF-MASS-DUEL), and why, in a player's words: no
    unit attacks in melee, every one that does has fought before, or no leader stands to
    lead one.  The round goes on to segment 2."""

    type: Literal["zef_mass_no_duels"] = "zef_mass_no_duels"
    why: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"No leaders meet this round (segment 1, ZEF-70): {w.text(self.why)}."


@evolver(MassNoDuels)
def _no_duels(state: Battle, e: MassNoDuels) -> Battle:
    return state


DUELS_SEALED = Secret("side", "side", frozenset({"zef_mass_duels_opened"}))


class MassDuelDeclared(Event):
    """A leader's declaration for the duel (ZEF-15, ZEF-24, ZEF-35, ZEF-36), sealed until
    both sides have declared, as orders are (ZEF-66)."""

    secret: ClassVar[Secret | None] = DUELS_SEALED
    type: Literal["zef_mass_duel_declared"] = "zef_mass_duel_declared"
    side: str
    unit: str
    action: str  # the skirmish's grammar (zefrs.declare): fight:<foe>:<aim>[:ko], defend

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} declares for the duel in secret (ZEF-15)."


@evolver(MassDuelDeclared)
def _duel_declared(state: Battle, e: MassDuelDeclared) -> Battle:
    state = state.update_unit(e.unit, declared=e.action)
    f = _frame(state)
    if awaiting(state, f, e.side):
        return state
    other = f.other(e.side)
    if awaiting(state, f, other):
        return _set(state, replace(f, actor=other))
    return _set(state, replace(f, actor=None, step="blows"))


class MassDuelsOpened(Event):
    """Both sides' duel declarations made known, and the initiative the striking leaders
    roll as in a skirmish (ZEF-17, ZEF-18: d10 + the best of Animal Reflexes, Movement and
    General Prowess + the weapon's bonus in a first turn; R-ZEF-INITIATIVE-WHO: one who
    defends does not roll).  `entries` are (leader, d10, rating, weapon bonus), `order`
    who strikes first."""

    type: Literal["zef_mass_duels_opened"] = "zef_mass_duels_opened"
    declared: tuple[tuple[str, str], ...]  # (leader, his declaration in words)
    entries: tuple[tuple[str, int, int, int], ...] = ()
    order: tuple[str, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        said = "; ".join(f"{w.unit(u)}: {w.text(a)}" for u, a in self.declared)
        text = f"The duel declarations (ZEF-15): {said}."
        if self.entries:
            by = {e[0]: e for e in self.entries}
            parts = [f"{w.unit(u)} {_initiative_words(*by[u][1:])}" for u in self.order]
            text += f" Initiative (ZEF-17, ZEF-18): {', '.join(parts)}."
        return text


def _initiative_words(die: int, rating: int, bonus: int) -> str:
    """"15 (d10 4, rating 9, +2 for his weapon in a first turn)": the total, then how it
    came; a weapon's negative bonus is said as what it takes off."""
    total = die + rating + bonus
    weapon = (f", +{bonus} for his weapon" if bonus > 0
              else f", {-bonus} off for his weapon" if bonus < 0 else "")
    shown = str(total) if total >= 0 else f"{-total} below nothing"
    return f"{shown} (d10 {die}, rating {rating}{weapon})"


@evolver(MassDuelsOpened)
def _duels_opened(state: Battle, e: MassDuelsOpened) -> Battle:
    return state


class MassDuel(Event):
    """Segment 1 as saves made before the leaders declared recorded it (one blow each at
    the chest): kept so those saves still replay; the rules no longer emit it."""

    type: Literal["zef_mass_duel"] = "zef_mass_duel"
    blows: tuple[tuple[str, str], ...]  # (striker, the leader he strikes), in order
    initiative: tuple[tuple[str, int], ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        pairs = "; ".join(f"{w.unit(a)} against {w.unit(b)}" for a, b in self.blows)
        return f"The leaders duel under the ordinary combat rules (ZEF-70): {pairs}."


@evolver(MassDuel)
def _duel(state: Battle, e: MassDuel) -> Battle:
    return state


class MassLeaderDown(Event):
    """A unit's leader was hurt, wounded or killed: the unit fights on shaken (ZEF-71)."""

    type: Literal["zef_mass_leader_down"] = "zef_mass_leader_down"
    unit: str
    leader: str
    how: str  # hurt, wounded, knocked out, fallen, slain
    commander: bool = False  # the one down was the force commander leading it

    def narrate(self, w: Words = PLAIN) -> str:
        who = "the force commander" if self.commander else "its leader"
        return (f"{w.unit(self.unit)}: {who} {w.unit(self.leader)} is {self.how}; the unit "
                "fights the rest of the round shaken (ZEF-71).")


@evolver(MassLeaderDown)
def _leader_down(state: Battle, e: MassLeaderDown) -> Battle:
    changes: dict[str, bool] = {"shaken": True}
    if e.how == "slain":
        changes["leader_slain"] = True
    state = state.update_unit(e.unit, **changes)
    if e.commander and e.how == "slain":
        f = _frame(state)
        side = state.unit(e.leader).side
        state = _set(state, replace(f, commander_slain=(*f.commander_slain, side)))
    return state


# --- segments 2–4: the units (ZEF-72..75) -------------------------------------------------------


class MassUnitChecked(Event):
    """One unit's check in a segment and the fighters it cost the other (ZEF-72)."""

    type: Literal["zef_mass_unit_checked"] = "zef_mass_unit_checked"
    segment: int
    attacker: str
    target: str
    kind: str  # melee or shot
    roll: int
    column: int
    walk: str
    colour: str
    percent: int  # after the armour's cut
    armour: int
    of: int  # the number the percentage is of
    lost: int
    left: int  # the target's fighters after this and the checks made before it

    def narrate(self, w: Words = PLAIN) -> str:
        verb = "shoots at" if self.kind == "shot" else "attacks"
        cut = f", less {self.armour} armour" if self.armour else ""
        return (f"Segment {self.segment}: {w.unit(self.attacker)} {verb} "
                f"{w.unit(self.target)}: {self.roll:02d} on {w.text(self.walk)}, "
                f"{self.colour}: {self.percent}% of {self.of}{cut}, rounded up (ZEF-72, "
                f"ZEF-73, ZEF-75): {plural(self.lost, 'fighter')} down, {self.left} left.")


@evolver(MassUnitChecked)
def _checked(state: Battle, e: MassUnitChecked) -> Battle:
    return state.update_unit(e.target, hp=e.left)


# --- the end of the round (ZEF-69, ZEF-77..79, ZEF-59) --------------------------------------------


class MassWithdrew(Event):
    """A withdrawing unit steps back a square; the enemy it fought may follow (ZEF-69)."""

    type: Literal["zef_mass_withdrew"] = "zef_mass_withdrew"
    unit: str
    to: Square | None  # None: no room behind it, it holds
    follower: str = ""
    follower_to: Square | None = None

    def narrate(self, w: Words = PLAIN) -> str:
        if self.to is None:
            return f"{w.unit(self.unit)} cannot fall back: there is no room behind it (ZEF-69)."
        text = f"{w.unit(self.unit)} falls back to {square_word(self.to)}"
        if self.follower:
            text += f"; {w.unit(self.follower)} follows for free"
        return text + " (ZEF-69)."


@evolver(MassWithdrew)
def _withdrew(state: Battle, e: MassWithdrew) -> Battle:
    if e.to is not None:
        to = Hex(*e.to)
        state = state.update_unit(e.unit, pos=to)
        state = _move_with(state, _mu(state, e.unit), to)
    if e.follower and e.follower_to is not None:
        to = Hex(*e.follower_to)
        state = state.update_unit(e.follower, pos=to)
        state = _move_with(state, _mu(state, e.follower), to)
    return state


class MassMoraleChecked(Event):
    """A unit's morale check (ZEF-77, ZEF-78)."""

    type: Literal["zef_mass_morale_checked"] = "zef_mass_morale_checked"
    unit: str
    triggers: tuple[str, ...]
    checker: str  # who checks: the commander, the leader, or "" for the troops alone
    column: int
    walk: str
    roll: int
    colour: str
    flees: bool
    thirds_down: int  # the loss marks passed, now
    extreme: bool = False  # the referee's option made a green flee too

    def narrate(self, w: Words = PLAIN) -> str:
        who = w.unit(self.checker) if self.checker else "the troops alone"
        end = ("and the unit breaks and flees" if self.flees else "and the unit holds")
        if self.flees and self.extreme:
            end += " (a marginal success, but outnumbered beyond all hope: the GM's option)"
        return (f"Morale for {w.unit(self.unit)} ({', '.join(self.triggers)}; ZEF-77): "
                f"{who} checks on {w.text(self.walk)}: {self.roll:02d}, {self.colour}, {end} "
                "(ZEF-78).")


@evolver(MassMoraleChecked)
def _morale(state: Battle, e: MassMoraleChecked) -> Battle:
    return state.update_unit(e.unit, thirds_down=e.thirds_down)


class MassUnitBroke(Event):
    """A unit fled or was cut down to nobody: it leaves the grid (ZEF-79)."""

    type: Literal["zef_mass_unit_broke"] = "zef_mass_unit_broke"
    unit: str
    how: Literal["fled", "destroyed"]
    leader: str = ""  # its living leader
    commander: str = ""  # the force commander, if he was with it: he shares the leader's fate
    leader_joins: str = ""  # the adjacent friendly unit they join, else they are captured
    taken_by: str = ""  # the unit that takes the square at once
    reserve: bool = False  # the taker was an adjacent reserve

    def narrate(self, w: Words = PLAIN) -> str:
        text = (f"{w.unit(self.unit)} breaks and flees the field" if self.how == "fled"
                else f"{w.unit(self.unit)} is cut down to the last fighter")
        if self.leader:
            text += (f"; {w.unit(self.leader)} joins {w.unit(self.leader_joins)}"
                     if self.leader_joins else f"; {w.unit(self.leader)} is captured")
        if self.commander:  # he shares the leader's fate (R-ZEF-MASS-TAKE)
            text += (f"; the force commander {w.unit(self.commander)} rides to "
                     f"{w.unit(self.leader_joins)}" if self.leader_joins else
                     f"; the force commander {w.unit(self.commander)} is captured with it")
        if self.taken_by:
            text += (f"; {w.unit(self.taken_by)} "
                     f"{'moves up from reserve into' if self.reserve else 'takes'} the square")
        return text + " (ZEF-79)."


@evolver(MassUnitBroke)
def _broke(state: Battle, e: MassUnitBroke) -> Battle:
    u = _mu(state, e.unit)
    square = u.pos
    state = state.update_unit(e.unit, pos=None, status=GONE if e.how == "fled" else DEAD,
                              condition=e.how, order="")
    f = _frame(state)
    cmd = f.led_by(e.unit)
    if cmd:
        state = _set(state, replace(f, led=tuple(p for p in f.led if p[1] != e.unit)))
    if e.taken_by and square is not None:
        state = state.update_unit(e.taken_by, pos=square)
        if e.reserve:
            state = state.update_unit(e.taken_by, slot=u.slot)
        state = _move_with(state, _mu(state, e.taken_by), square)
    for who in (e.leader, e.commander):
        if not who:
            continue
        if e.leader_joins:
            friend = _mu(state, e.leader_joins)
            led = bool(friend.leader) and state.unit(friend.leader).fighting
            if who == e.leader and led:  # he joins its ranks (R-ZEF-MASS-TAKE)
                state = state.update_unit(who, pos=None, condition=f"with {friend.name}")
            else:
                state = state.update_unit(who, pos=friend.pos)
                if who == e.leader:
                    state = state.update_unit(friend.id, leader=e.leader)
        else:
            state = state.update_unit(who, pos=None, status=GONE, condition="captured")
    return state


class MassLeaderReplaced(Event):
    """Someone steps into the breach (ZEF-59): a new leader from the unit's ranks."""

    type: Literal["zef_mass_leader_replaced"] = "zef_mass_leader_replaced"
    unit: str
    leader: str  # the new leader's id
    template: str
    name: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{self.name} steps into the breach to lead {w.unit(self.unit)} (ZEF-59)."


@evolver(MassLeaderReplaced)
def _replaced(state: Battle, e: MassLeaderReplaced) -> Battle:
    u = _mu(state, e.unit)
    assert u.pos is not None
    new = build_unit(UnitSpec(id=e.leader, side=u.side, template=e.template, name=e.name,
                              pos=(u.pos.q, u.pos.r)))
    units = tuple(sorted((*state.units, new), key=lambda x: x.id))
    state = replace(state, units=units)
    return state.update_unit(e.unit, leader=e.leader)


class MassCommanderReplaced(Event):
    """The force commander is replaced (ZEF-59): his second takes over."""

    type: Literal["zef_mass_commander_replaced"] = "zef_mass_commander_replaced"
    side: str
    old: str
    new: str
    template: str
    name: str
    square: Square

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{self.name} takes command of {w.side(self.side, start=False)} in place of "
                f"{w.unit(self.old)}, at {square_word(self.square)} (ZEF-59).")


@evolver(MassCommanderReplaced)
def _commander_replaced(state: Battle, e: MassCommanderReplaced) -> Battle:
    new = build_unit(UnitSpec(id=e.new, side=e.side, template=e.template, name=e.name,
                              pos=e.square))
    state = replace(state, units=tuple(sorted((*state.units, new), key=lambda x: x.id)))
    f = _frame(state)
    return _set(state, replace(f, commanders=tuple((s, e.new if s == e.side else c)
                                                   for s, c in f.commanders)))


class MassRoundEnded(Event):
    type: Literal["zef_mass_round_ended"] = "zef_mass_round_ended"
    round: int
    standing: tuple[tuple[str, int], ...]  # side, fighters on the grid
    fought: tuple[str, ...] = ()  # the units that fought in melee this round

    def narrate(self, w: Words = PLAIN) -> str:
        return f"End of round {self.round}: " + ", ".join(
            f"{w.side(s)} {plural(n, 'fighter')}" for s, n in self.standing) + " on the field."


@evolver(MassRoundEnded)
def _round_ended(state: Battle, e: MassRoundEnded) -> Battle:
    units = tuple(replace(u, fought=True) if u.id in e.fought else u for u in state.units)
    state = replace(state, units=units)
    return _set(state, replace(_frame(state), step="round", led=()))
