"""Enchanted Realms' pending-decision stack and battle-wide books.

The stack during a round, bottom to top:

    RoundFrame      steps: initiative → turns (one creature at a time, in order) → end
    TurnFrame       one creature's turn: move, one action, move the rest (ER-02, ER-14)
                                                                        [his side decides]
    MoveFrame       a move walked hex by hex; flee attacks, attacks of opportunity
                    (ER-19, ER-20) and at-the-ready triggers (ER-12) on the way
    ReactionFrame   a reaction offered to one foe                     [reactor's side decides]

Frames and triggers are plain data, no closures (DESIGN.md), so any state saves, copies and
replays.  Why this module exists: it is the shape every procedure reads; events.py moves it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hexgrid import Hex
from rules.procedures import ReactionFrame, WalkFrame, find_frame, system_of
from rules.state import Battle, Frame

__all__ = ["ErSystem", "MoveFrame", "ReactionFrame", "RoundFrame", "Trigger", "TurnFrame",
           "system", "turn_index"]


@dataclass(frozen=True, slots=True)
class Trigger:
    """An at-the-ready trigger (ER-11, ER-12): "if <kind> then <action>".

    kinds: enter (a foe steps onto `hex`), leave (a foe steps off `hex`), area (a foe steps
    into `hex` or the six around it), within (a foe comes within `feet` of the owner), drops
    (a foe drops the owner's friend `ally`).  actions (R-ER-READY-ACTIONS): attack (the foe
    who set it off), run (from him), potion (he drinks one), medicine (he tends `ally`),
    deed:<name> (he works it)."""

    owner: str
    kind: str
    hex: Hex | None = None
    feet: int = 0
    ally: str = ""
    set_round: int = 0
    action: str = "attack"

    def option(self) -> str:
        """The trigger as the Choose option that sets it ("ready:enter:3,-1", and
        ":<action>" after it for any action but an attack: "ready:within:20:run")."""
        if self.kind in ("enter", "leave", "area"):
            assert self.hex is not None
            what = f"{self.hex.q},{self.hex.r}"
        else:
            what = str(self.feet) if self.kind == "within" else self.ally
        tail = "" if self.action == "attack" else f":{self.action}"
        return f"ready:{self.kind}:{what}{tail}"


@dataclass(frozen=True, slots=True)
class ErSystem:
    order: tuple[str, ...] = ()  # this round's initiative order (R-ER-INITIATIVE)
    triggers: tuple[Trigger, ...] = ()  # at the ready (ER-11, ER-12)
    deeds_done: tuple[str, ...] = ()  # R-ER-DEED
    items_taken: tuple[str, ...] = ()  # R-ER-PICK-UP


def system(state: Battle) -> ErSystem:
    return system_of(state, ErSystem)


@dataclass(frozen=True, slots=True)
class RoundFrame(Frame):
    step: str = "begin"  # begin → initiative → turns → end
    index: int = 0  # whose turn in `ErSystem.order` during "turns"


@dataclass(frozen=True, slots=True)
class TurnFrame(Frame):
    """A creature's turn: `moved_ft` walked so far, `cost_ft` spent on handling (ER-16..18),
    `mode` the speed he moves at now (ER-15), `acted` his one action is done (ER-02)."""

    unit: str = ""
    moved_ft: int = 0
    cost_ft: int = 0
    mode: str = "walk"
    acted: bool = False


@dataclass(frozen=True, slots=True)
class MoveFrame(WalkFrame):
    """A walk (rules/procedures.py): `start_near` the foes whose reach he began it in (a step
    out of it is a flee attack, R-ER-FLEE), `before_ft` his feet this turn before it,
    `fph` feet a hex, `fired` the triggers already sprung on this move."""

    start_near: tuple[str, ...] = ()
    before_ft: int = 0
    fph: int = 5
    fired: tuple[str, ...] = ()


def turn_index(state: Battle) -> tuple[int, TurnFrame]:
    """The turn under way (it may be below a move or a reaction) and its place on the stack."""
    i = find_frame(state, TurnFrame)
    f = state.stack[i]
    assert isinstance(f, TurnFrame)
    return i, f
