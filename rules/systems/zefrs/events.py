"""ZeFRS's pending-decision stack, its battle-wide books and the events that move them.

The stack during a combat turn (ZEF-10), bottom to top:

    TurnFrame      steps: begin → declare → initiative → act (one figure at a time) → end
    DeclareFrame   a side states each of its figures' actions (ZEF-15)       [side decides]

Declarations are secret until initiative is rolled (each side states its actions not
knowing the other's).  Each event below says what happened, dice inside; its evolver changes
the state and holds no rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from rules import procedures
from rules.events import Event, Modifier, Secret, evolver
from rules.procedures import find_frame, set_frame, with_system
from rules.state import Battle, Frame
from rules.systems.zefrs.declare import say_action
from rules.wording import PLAIN, Words

RULESET = "zefrs"

__all__ = [
    "RULESET",
    "ActionDeclared",
    "ActionDone",
    "DamageChecked",
    "DeclarationsClosed",
    "DeclarationsOpened",
    "DeclareFrame",
    "InitiativeRolled",
    "StepReached",
    "TurnFrame",
    "WaitChecked",
    "ZefAttackRolled",
    "ZefSystem",
]


@dataclass(frozen=True, slots=True)
class ZefSystem:
    """This turn's books: who acts in what order, who has acted, whose wait failed."""

    order: tuple[str, ...] = ()  # initiative order of the figures who rolled (ZEF-17)
    acted: tuple[str, ...] = ()
    late: tuple[str, ...] = ()  # waiters beaten to the punch: they act after their foe (ZEF-20)
    end_blows: tuple[str, ...] = ()  # blows that fall at the end of the turn (ZEF-33)
    rewait: tuple[tuple[str, str], ...] = ()  # (waiter, the foe he turned on) (ZEF-21)


@dataclass(frozen=True, slots=True)
class TurnFrame(Frame):
    step: str = "begin"
    index: int = 0  # the place in the initiative order during "act"


@dataclass(frozen=True, slots=True)
class DeclareFrame(Frame):
    pass


class StepReached(Event):
    type: Literal["zef_step"] = "zef_step"
    step: str
    index: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(StepReached)
def _step(state: Battle, e: StepReached) -> Battle:
    i = find_frame(state, TurnFrame)
    f = state.stack[i]
    assert isinstance(f, TurnFrame)
    state = set_frame(state, i, replace(f, step=e.step, index=e.index))
    if e.step == "begin":
        state = replace(state, system=ZefSystem())
    return state


class DeclarationsOpened(procedures.FrameOpened):
    FRAME = DeclareFrame
    type: Literal["zef_declarations_opened"] = "zef_declarations_opened"
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.agree(self.side, 'states its', 'state their')} actions (ZEF-15)."


class ActionDeclared(Event):
    """One figure's declared action (ZEF-15), kept from the other side until initiative."""

    secret = Secret(owner="unit", by="unit", until=frozenset({"zef_initiative_rolled"}))
    type: Literal["zef_action_declared"] = "zef_action_declared"
    unit: str
    action: str

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} will {say_action(self.action, w)}."


@evolver(ActionDeclared)
def _declared(state: Battle, e: ActionDeclared) -> Battle:
    return state.update_unit(e.unit, declared=e.action)


class DeclarationsClosed(Event):
    type: Literal["zef_declarations_closed"] = "zef_declarations_closed"
    side: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(DeclarationsClosed)
def _closed(state: Battle, e: DeclarationsClosed) -> Battle:
    return state.pop()


class InitiativeRolled(Event):
    """ZEF-17: each figure who fights or moves rolls d10 + his best of Animal Reflexes,
    Movement and General Prowess + his weapon's Initiative Bonus; the highest acts first.
    `entries` are (unit, d10, rating, weapon bonus); `order` is the resulting order, ties
    broken by R-ZEF-INITIATIVE-TIES (the roll-off dice are in `rolls` after the d10s)."""

    type: Literal["zef_initiative_rolled"] = "zef_initiative_rolled"
    entries: tuple[tuple[str, int, int, int], ...]
    order: tuple[str, ...]

    def narrate(self, w: Words = PLAIN) -> str:
        if not self.entries:
            return "Nobody strikes or moves this turn."
        by = {e[0]: e for e in self.entries}
        parts = [f"{w.unit(u)} {by[u][1] + by[u][2] + by[u][3]} (d10 {by[u][1]}"
                 f" + {by[u][2]}" + (f" {by[u][3]:+d} weapon" if by[u][3] else "") + ")"
                 for u in self.order]
        return "Initiative (ZEF-17): " + ", ".join(parts) + "."


@evolver(InitiativeRolled)
def _initiative(state: Battle, e: InitiativeRolled) -> Battle:
    return with_system(state, order=e.order)


class WaitChecked(Event):
    """ZEF-20: a waiter whose condition arose checks Animal Reflexes or General Prowess
    (nothing subtracted): any colour, he acts first; white, his foe does."""

    type: Literal["zef_wait_checked"] = "zef_wait_checked"
    unit: str
    foe: str
    roll: int
    column: int
    colour: str

    def narrate(self, w: Words = PLAIN) -> str:
        first = "acts first" if self.colour != "white" else f"is too slow for {w.unit(self.foe)}"
        return (f"{w.unit(self.unit)} was waiting for {w.unit(self.foe)}: rolled {self.roll} "
                f"on column {self.column}, {self.colour}; he {first} (ZEF-20).")


@evolver(WaitChecked)
def _wait(state: Battle, e: WaitChecked) -> Battle:
    sysm = state.system
    assert isinstance(sysm, ZefSystem)
    if e.colour == "white":
        return with_system(state, late=(*sysm.late, e.unit))
    return state


class ZefAttackRolled(Event):
    """One blow or shot from the roll to the damage: the column walk (ZEF-06, ZEF-08), the
    colour (ZEF-07), the defence check if he defended (ZEF-36) and the damage's parts."""

    type: Literal["zef_attack_rolled"] = "zef_attack_rolled"
    attacker: str
    target: str
    kind: str  # melee, missile
    weapon: str
    aim: str
    roll: int
    rating: int
    subtracted: int
    shifts: tuple[Modifier, ...] = ()
    column: int
    colour: str
    walk: str  # the column walk in words
    defence_roll: int = 0
    defence_column: int = 0
    defence_colour: str = ""
    damage_parts: tuple[Modifier, ...] = ()
    damage: int = 0
    shield_used: bool = False
    knockout: bool = False  # a blow meant to knock him out (ZEF-35)
    called: bool = False  # a called missile shot: only red hits (ZEF-40)
    hit: bool | None = None  # None: as the colour says

    def narrate(self, w: Words = PLAIN) -> str:
        aim = self.aim.replace("_", " ")
        verb = "shoots at" if self.kind == "missile" else "strikes at"
        at = f"{w.unit(self.target)}'s {aim}" if aim else w.unit(self.target)
        head = (f"{w.unit(self.attacker)} {verb} {at} with "
                f"{self.weapon.replace('_', ' ')}: {self.walk}; rolled {self.roll}, "
                f"{self.colour}")
        if self.colour == "white" or self.hit is False:
            return head + (": a miss." if self.colour == "white" else
                           ": short of red, the called shot misses (ZEF-40).")
        if self.defence_colour:
            head += f"; he defends, rolled {self.defence_roll} on column " \
                    f"{self.defence_column}, {self.defence_colour}"
        if self.knockout and not self.damage_parts:  # R-ZEF-KO: red drops him, else nothing
            return head + (": the knock-out blow lands (ZEF-35)." if self.colour == "red" else
                           ": short of red, the knock-out blow was not strong enough; no "
                           "damage (ZEF-35).")
        parts = ", ".join(f"{m.value:+d} {w.text(m.reason)} ({m.rule})"
                          for m in self.damage_parts)
        return head + f": {self.damage} damage ({parts})."


@evolver(ZefAttackRolled)
def _attack(state: Battle, e: ZefAttackRolled) -> Battle:
    changes: dict[str, bool] = {}
    if e.defence_colour:
        changes["defended"] = True  # ZEF-16: his one active defence
    if e.shield_used:
        changes["shield_used"] = True  # ZEF-48: the shield's one block
    return state.update_unit(e.target, **changes) if changes else state


class DamageChecked(Event):
    """ZEF-52: a PC or Foe at 0 or below who takes more damage checks against his Damage
    rating: red, he fights on; green, yellow or orange, unconscious; white, dead."""

    type: Literal["zef_damage_checked"] = "zef_damage_checked"
    unit: str
    column: int
    roll: int
    colour: str

    def narrate(self, w: Words = PLAIN) -> str:
        what = {"red": "fights on", "white": "dies"}.get(self.colour, "falls unconscious")
        return (f"{w.unit(self.unit)} checks his Damage rating {self.column}: rolled "
                f"{self.roll}, {self.colour}; he {what} (ZEF-52).")


@evolver(DamageChecked)
def _damage_checked(state: Battle, e: DamageChecked) -> Battle:
    return state


class ExtraActionChecked(Event):
    """ZEF-22: before an extra action, a check on Animal Reflexes or General Prowess: red,
    he goes on; anything else, he does not and takes −3 on every check through the next
    turn (`penalty_until`)."""

    type: Literal["zef_extra_action_checked"] = "zef_extra_action_checked"
    unit: str
    roll: int
    column: int
    colour: str
    penalty_until: int = 0

    def narrate(self, w: Words = PLAIN) -> str:
        if self.colour == "red":
            return (f"{w.unit(self.unit)} tries an extra action: rolled {self.roll} on column "
                    f"{self.column}, red; he does it (ZEF-22).")
        return (f"{w.unit(self.unit)} tries an extra action: rolled {self.roll} on column "
                f"{self.column}, {self.colour}; he cannot, and fights at \N{MINUS SIGN}3 "
                "through the next turn (ZEF-22).")


@evolver(ExtraActionChecked)
def _extra(state: Battle, e: ExtraActionChecked) -> Battle:
    if e.penalty_until:
        return state.update_unit(e.unit, penalty_until=e.penalty_until)
    return state


class KnockedOut(Event):
    """ZEF-35: a red knock-out blow; he is out 1-10 minutes, 12 combat turns a minute
    (EX-ZEF-10), waking at the start of turn `wakes_at`."""

    type: Literal["zef_knocked_out"] = "zef_knocked_out"
    unit: str
    minutes: int
    wakes_at: int

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} is knocked out for {self.minutes} minutes "
                f"({self.minutes * 12} combat turns, ZEF-35).")


@evolver(KnockedOut)
def _knocked_out(state: Battle, e: KnockedOut) -> Battle:
    return state.update_unit(e.unit, wakes_at=e.wakes_at)


class EndBlowQueued(Event):
    """A blow that falls at the end of the turn (ZEF-33): a two-weapon fighter's second
    weapon, or the blow of one who guards with his other weapon."""

    type: Literal["zef_end_blow_queued"] = "zef_end_blow_queued"
    unit: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(EndBlowQueued)
def _end_blow(state: Battle, e: EndBlowQueued) -> Battle:
    sysm = state.system
    assert isinstance(sysm, ZefSystem)
    return with_system(state, end_blows=(*sysm.end_blows, e.unit))


class ActionDone(Event):
    """A figure's turn in the order is over (`note`: why it did nothing, if it did not)."""

    type: Literal["zef_action_done"] = "zef_action_done"
    unit: str
    note: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} {w.text(self.note)}." if self.note else ""


@evolver(ActionDone)
def _done(state: Battle, e: ActionDone) -> Battle:
    sysm = state.system
    assert isinstance(sysm, ZefSystem)
    return with_system(state, acted=(*sysm.acted, e.unit))
