"""Tarnished Tale's frames, events and how each changes the battle.

Why this module exists: a battle here is a stack of three frames, the round (run by the
engine), a side's turn to activate one figure (R-TT-TURN) and the defender's declaration of
his defence (TT-06), which is a decision of the *defender's* side, so the window prompts
him and hot-seat hands the machine over.  The events carry every roll and every number, so
the log narrates each contest as the page describes it and replay needs no dice.  A little
over 400 lines because each event's evolver is kept in the same file as the event, so what
an event says and what it does to the battle are read together.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from rules.events import Event, HexT, Modifier, RoundStarted, evolver, unhx
from rules.evolvers import round_reset
from rules.procedures import FrameOpened, system_of, with_system
from rules.state import Battle, Frame
from rules.systems.tarnished_tale.tables import load_tables
from rules.wording import PLAIN, Words, a_an

__all__ = ["ActivationEnded", "ActivationFrame", "AttackDeclared", "ContestRolled",
           "DefenceDeclared", "DefenceFrame", "Disarmed", "KnockedBack", "KnockedProne",
           "Moved", "RoundFrame", "SideDone", "StoodUp", "TTSystem", "TurnBegan",
           "TurnOffered", "WeaponsPickedUp"]

RULESET = "tarnished_tale"

DEFENCE_NAMES = {"dodge": "Dodge", "block": "Block", "sponge": "Sponge",
                 "counter_attack": "Counter Attack"}
MODE_WORDS = {"normal": "", "defensive": ", fighting defensively", "called": ", a called shot"}


@dataclass(frozen=True, slots=True)
class TTSystem:
    """Battle-wide books: the side whose turn it is to activate a figure next (R-TT-TURN)."""

    next_side: str = ""


@dataclass(frozen=True, slots=True)
class RoundFrame(Frame):
    """The round, run by the engine: it offers the sides their turns in alternation."""


@dataclass(frozen=True, slots=True)
class ActivationFrame(Frame):
    """A side activates one figure (R-TT-TURN): he may move (or stand, or turn) and attack.
    `unit` is the figure once one is under way; `moved` whether he has used his move."""

    gm_may_interrupt: ClassVar[bool] = True
    unit: str = ""
    moved: bool = False


@dataclass(frozen=True, slots=True)
class DefenceFrame(Frame):
    """The defender's side declares his defence against the attack announced (TT-06)."""

    gm_may_interrupt: ClassVar[bool] = False
    odds_words: ClassVar[str] = "attack"  # the window's odds title: "A's attack on D"
    attacker: str = ""
    defender: str = ""
    kind: str = "melee"
    mode: str = "normal"

    # The names the window reads off a frame waiting on a reaction, to show the odds of the
    # blow it answers (here: the attack, under every defence the defender may declare).
    @property
    def reactor(self) -> str:
        return self.attacker

    @property
    def mover(self) -> str:
        return self.defender


# --- the turn ---------------------------------------------------------------------------


class TurnOffered(FrameOpened):
    """It is `side`'s turn to activate one of its figures."""

    FRAME = ActivationFrame
    type: Literal["tt_turn_offered"] = "tt_turn_offered"
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


class TurnBegan(Event):
    """A figure's turn begins: what he promised by fighting defensively ends (TT-04)."""

    type: Literal["tt_turn_began"] = "tt_turn_began"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


class Moved(Event):
    """He sets out along `path` (his own hex first); the steps follow as UnitStepped."""

    type: Literal["tt_moved"] = "tt_moved"
    unit: str
    path: tuple[HexT, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        n = len(self.path) - 1
        if n == 0:
            return ""
        return f"{w.unit(self.unit)} moves {n} {'hex' if n == 1 else 'hexes'}."


class StoodUp(Event):
    """A prone figure gets up; it costs his move (R-TT-PRONE)."""

    type: Literal["tt_stood_up"] = "tt_stood_up"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} gets back on his feet (R-TT-PRONE)."


class WeaponsPickedUp(Event):
    """He picks up the weapons he dropped on this hex (TT-19, R-TT-DISARM)."""

    type: Literal["tt_weapons_picked_up"] = "tt_weapons_picked_up"
    unit: str
    weapons: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        what = " and ".join(x.replace("_", " ") for x in self.weapons)
        return f"{w.unit(self.unit)} picks up his {what} (R-TT-DISARM)."


class ActivationEnded(Event):
    """His turn is over; the next side's comes (R-TT-TURN)."""

    type: Literal["tt_activation_ended"] = "tt_activation_ended"
    unit: str
    next_side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


class SideDone(Event):
    """The side lets the rest of its figures stand this round."""

    type: Literal["tt_side_done"] = "tt_side_done"
    side: str
    next_side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.agree(self.side, 'lets', 'let')} the rest stand this round."


# --- the attack -------------------------------------------------------------------------


class AttackDeclared(FrameOpened):
    """Step 1: the attacker states his attack and how he fights (TT-01, TT-03); the
    defender's side is to declare a defence."""

    FRAME = DefenceFrame
    type: Literal["tt_attack_declared"] = "tt_attack_declared"
    attacker: str
    defender: str
    kind: str
    mode: str
    weapon: str
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        how = "shoots at" if self.kind == "missile" else "attacks"
        return (f"{w.unit(self.attacker)} {how} {w.unit(self.defender)} with "
                f"{a_an(self.weapon.replace('_', ' '))}{MODE_WORDS.get(self.mode, '')} "
                "(TT-01, TT-03).")


class DefenceDeclared(Event):
    """Step 2: the defender's declared response (TT-06)."""

    type: Literal["tt_defence_declared"] = "tt_defence_declared"
    defender: str
    defence: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.defender)} answers with {DEFENCE_NAMES[self.defence]} (TT-06)."


def _roll_words(label: str, roll: int, skill: int, kind: str, faces: tuple[int, ...]) -> str:
    kept = f" (of {', '.join(str(f) for f in faces)})" if len(faces) > 1 else ""
    return f"{label} {roll}{kept} against {skill}: {kind}"


class ContestRolled(Event):
    """Steps 3 and 4: the contest's rolls and what they came to (TT-12 ... TT-26)."""

    type: Literal["tt_contest_rolled"] = "tt_contest_rolled"
    attacker: str
    defender: str
    kind: str
    mode: str
    defence: str
    attack_modifiers: tuple[Modifier, ...] = ()
    defence_modifiers: tuple[Modifier, ...] = ()
    # (label, roll, skill, kind, the faces thrown), in the order they were rolled
    checks: tuple[tuple[str, int, int, str, tuple[int, ...]], ...] = ()
    outcome: str
    hit: bool
    critical: bool = False
    counter_critical: bool = False
    damage_roll: int = 0
    damage: int = 0
    blocked: int = 0
    dr: int = 0
    halved: bool = False
    armour_loss: int = 0
    armour_hp_after: int = 0
    to_defender: int = 0
    counter_roll: int = 0
    to_attacker: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        a, d = w.unit(self.attacker), w.unit(self.defender)
        mods = "".join(f" {m.value:+d} {w.text(m.reason)} ({m.rule})."
                       for m in (*self.attack_modifiers, *self.defence_modifiers))
        rolls = "; ".join(_roll_words(*c) for c in self.checks)
        said = {"hit": f"{a} wins the contest: a hit", "missed": "the attack misses",
                "deadlock": "deadlock: the attack is stopped",
                "turned": f"{d} confirms his critical and wins outright (TT-16)",
                "countered": f"{d}'s counter attack meets the blow (TT-10)",
                "sponged": f"{d} takes it on his armour (TT-09)" if self.hit
                else f"{a} fumbles: the blow goes wild"}[self.outcome]
        text = (f"Contest ({DEFENCE_NAMES[self.defence]}):{mods} {rolls}. "
                f"{said[:1].upper() + said[1:]}.")
        if self.critical:
            text += f" A Critical Hit (TT-15): {self.damage_roll} times the multiplier."
        elif self.damage and not self.hit:
            text += f" {a}'s critical threat deals damage anyway (TT-13)."
        if self.damage:
            text += f" {self.damage} damage"
            if self.blocked:
                text += f", {self.blocked} blocked (TT-08)"
            if self.dr or self.armour_loss:
                text += (f", armour DR {self.dr} (TT-21)"
                         + (", halved by a critical sponge (TT-24)" if self.halved else "")
                         + f", armour soaks {self.armour_loss} ({self.armour_hp_after} left"
                         + (", broken: TT-22" if self.armour_hp_after == 0 else "") + ")")
            text += f": {d} takes {self.to_defender}."
        if self.to_attacker:
            text += (f" {d}'s counter deals {self.to_attacker} to {a}"
                     + (" (a Critical Hit)" if self.counter_critical else "") + ".")
        return text


class KnockedProne(Event):
    """A fumbled dodge knocks him prone (TT-17)."""

    type: Literal["tt_knocked_prone"] = "tt_knocked_prone"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} fumbles his dodge and is knocked prone (TT-17)."


class KnockedBack(Event):
    """A fumbled block or sponge knocks him one cell back, if it is free (TT-18)."""

    type: Literal["tt_knocked_back"] = "tt_knocked_back"
    unit: str
    cell: HexT  # the cell directly away from the attacker (R-TT-KNOCKBACK)
    moved: bool

    def narrate(self, w: Words = PLAIN) -> str:
        where = w.hex(self.cell)
        if self.moved:
            return f"{w.unit(self.unit)} fumbles and is knocked back to {where} (TT-18)."
        return (f"{w.unit(self.unit)} fumbles, but {where} behind him is not free: he stays "
                "(TT-18).")


class Disarmed(Event):
    """A fumble and a failed weapon roll: the weapon falls on his hex (TT-19)."""

    type: Literal["tt_disarmed"] = "tt_disarmed"
    unit: str
    slot: str  # weapon or missile
    weapon: str
    at: HexT

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} fumbles, fails his weapon roll and drops his "
                f"{self.weapon.replace('_', ' ')} at {w.hex(self.at)} (TT-19).")


# --- evolvers ---------------------------------------------------------------------------


def _frame(state: Battle) -> ActivationFrame:
    top = state.top
    assert isinstance(top, ActivationFrame)
    return top


@evolver(RoundStarted, RULESET)
def _round(state: Battle, e: RoundStarted) -> Battle:
    sides = [s.id for s in state.sides]
    first = sides[(e.round - 1) % len(sides)]  # R-TT-TURN: the sides take the lead in turn
    state = replace(state, round=e.round, units=tuple(round_reset(u) for u in state.units))
    return with_system(state, next_side=first)


@evolver(TurnOffered, RULESET)
def _offered(state: Battle, e: TurnOffered) -> Battle:
    return state.push(e.opened())


@evolver(TurnBegan, RULESET)
def _began(state: Battle, e: TurnBegan) -> Battle:
    state = state.update_unit(e.unit, defensive=False)
    return state.replace_top(replace(_frame(state), unit=e.unit))


@evolver(Moved, RULESET)
def _moved(state: Battle, e: Moved) -> Battle:
    return state.replace_top(replace(_frame(state), moved=True))


@evolver(StoodUp, RULESET)
def _stood(state: Battle, e: StoodUp) -> Battle:
    state = state.update_unit(e.unit, prone=False)
    return state.replace_top(replace(_frame(state), moved=True))


@evolver(WeaponsPickedUp, RULESET)
def _picked(state: Battle, e: WeaponsPickedUp) -> Battle:
    u: Any = state.unit(e.unit)
    here = (u.pos.q, u.pos.r)
    taken = {slot: w for slot, w, q, r in u.dropped if (q, r) == here}
    left = tuple(d for d in u.dropped if (d[2], d[3]) != here)
    changes: dict[str, Any] = {"dropped": left, **taken}
    if "weapon" in taken:
        changes["reach_ft"] = load_tables().weapon(taken["weapon"]).reach_ft
    return state.update_unit(e.unit, **changes)


@evolver(ActivationEnded, RULESET)
def _ended(state: Battle, e: ActivationEnded) -> Battle:
    state = state.update_unit(e.unit, acted=True)
    assert isinstance(state.top, ActivationFrame)
    return with_system(state.pop(), next_side=e.next_side)


@evolver(SideDone, RULESET)
def _done(state: Battle, e: SideDone) -> Battle:
    for u in state.side_units(e.side):
        if not getattr(u, "acted", True):
            state = state.update_unit(u.id, acted=True)
    assert isinstance(state.top, ActivationFrame)
    return with_system(state.pop(), next_side=e.next_side)


@evolver(AttackDeclared, RULESET)
def _declared(state: Battle, e: AttackDeclared) -> Battle:
    state = state.update_unit(e.attacker, defensive=e.mode == "defensive")  # TT-04
    return state.push(e.opened())


@evolver(DefenceDeclared, RULESET)
def _defence(state: Battle, e: DefenceDeclared) -> Battle:
    assert isinstance(state.top, DefenceFrame)
    return state.pop()


@evolver(ContestRolled, RULESET)
def _contest(state: Battle, e: ContestRolled) -> Battle:
    if e.armour_loss:
        state = state.update_unit(e.defender, armour_hp=e.armour_hp_after)
    return state


@evolver(KnockedProne, RULESET)
def _prone(state: Battle, e: KnockedProne) -> Battle:
    return state.update_unit(e.unit, prone=True)


@evolver(KnockedBack, RULESET)
def _back(state: Battle, e: KnockedBack) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.cell)) if e.moved else state


@evolver(Disarmed, RULESET)
def _disarmed(state: Battle, e: Disarmed) -> Battle:
    u: Any = state.unit(e.unit)
    changes: dict[str, Any] = {e.slot: "", "dropped": (*u.dropped, (e.slot, e.weapon, *e.at))}
    if e.slot == "weapon":
        changes["reach_ft"] = 5
    return state.update_unit(e.unit, **changes)


def system(state: Battle) -> TTSystem:
    return system_of(state, TTSystem)
