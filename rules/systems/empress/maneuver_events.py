"""The special maneuvers' events (EMP-74..84) and how each changes a battle: a grapple
taken, tightened or broken, a man swallowed and released, a weapon knocked away, a foe
forced back, a dirty trick tried.

Why this module exists: maneuvers.py decides these; they are its record, kept apart from the
rolls that lead to them (events.py) so a maneuver's whole effect on the state reads in one
place.
"""

from __future__ import annotations

from typing import Literal

from rules.events import Event, HexT, evolver, unhx
from rules.state import Battle, changed
from rules.systems.empress.units import is_emp
from rules.wording import PLAIN, Words

__all__ = [
    "Disarmed", "ForcedBack", "GrappleBroken", "Grappled", "Released", "SwallowArmed",
    "TrickTried",
]


class Grappled(Event):
    """EMP-76..78, EMP-81: the defender is held (and maybe pinned, or swallowed)."""

    type: Literal["emp_grappled"] = "emp_grappled"
    attacker: str
    defender: str
    count: int
    pinned: bool = False
    swallowed: bool = False
    reason: str = ""
    rule: str = "EMP-76"

    def narrate(self, w: Words = PLAIN) -> str:
        if self.swallowed:
            return f"{w.unit(self.attacker)} swallows {w.unit(self.defender)} whole ({self.rule})."
        head = f"{w.unit(self.defender)} is grappled by {w.unit(self.attacker)} (hold {self.count})"
        if self.pinned:
            return head + f" and pinned: helpless ({w.text(self.reason)}; {self.rule})."
        return head + f": he cannot move ({self.rule}, EMP-77)."


@evolver(Grappled)
def _grappled(state: Battle, e: Grappled) -> Battle:
    d = is_emp(state.unit(e.defender))
    holders = d.grappled_by if e.attacker in d.grappled_by else (*d.grappled_by, e.attacker)
    d = changed(d, grappled_by=holders, grapple_count=e.count, pinned=d.pinned or e.pinned)
    if e.swallowed:
        d = changed(d, swallowed_by=e.attacker, pos=None, grappled_by=(), pinned=False,
                    hidden=False)
    return state.with_unit(d)


class GrappleBroken(Event):
    """Holds on `unit` end: he escaped (EMP-77/78), was hurled (EMP-81), or a grappler let go
    by moving away or falling (R-EMP-GRAPPLE-MOVE)."""

    type: Literal["emp_grapple_broken"] = "emp_grapple_broken"
    unit: str
    holders: tuple[str, ...]
    escaped: bool = False
    reason: str = ""
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        return (f"{u} is free of {w.units_list(self.holders)}: {w.text(self.reason)} "
                f"({self.rule}).")


@evolver(GrappleBroken)
def _broken(state: Battle, e: GrappleBroken) -> Battle:
    u = is_emp(state.unit(e.unit))
    left = tuple(h for h in u.grappled_by if h not in e.holders)
    count = 0 if e.escaped or not left else u.grapple_count
    return state.with_unit(changed(u, grappled_by=left, grapple_count=count,
                                   pinned=u.pinned and bool(left) and not e.escaped))


class Disarmed(Event):
    type: Literal["emp_disarmed"] = "emp_disarmed"
    unit: str
    weapon: str
    now: str = ""  # what he fights with now ("" = bare hands)
    reach_ft: int = 2

    def narrate(self, w: Words = PLAIN) -> str:
        u = w.unit(self.unit)
        now = self.now.replace("_", " ") if self.now else "bare hands"
        return f"{u} is disarmed: his {self.weapon.replace('_', ' ')} falls; he fights " \
               f"on with {now} (EMP-74)."


@evolver(Disarmed)
def _disarmed(state: Battle, e: Disarmed) -> Battle:
    u = is_emp(state.unit(e.unit))
    if u.weapon == e.weapon:
        u = changed(u, weapon=e.now, offhand="" if e.now == u.offhand else u.offhand)
    elif u.offhand == e.weapon:
        u = changed(u, offhand="")
    return state.with_unit(changed(u, reach_ft=e.reach_ft))


class ForcedBack(Event):
    type: Literal["emp_forced_back"] = "emp_forced_back"
    unit: str
    by: str
    from_hex: HexT
    to_hex: HexT

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.by)} forces {w.unit(self.unit)} back a step (EMP-74)."


@evolver(ForcedBack)
def _forced(state: Battle, e: ForcedBack) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.to_hex))


class TrickTried(Event):
    """EMP-83: a dirty trick was tried on `unit` (he will suspect the next one)."""

    type: Literal["emp_trick_tried"] = "emp_trick_tried"
    unit: str
    by: str

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(TrickTried)
def _trick(state: Battle, e: TrickTried) -> Battle:
    u = is_emp(state.unit(e.unit))
    return state.with_unit(changed(u, tricked_by=(*u.tricked_by, e.by)))


class Released(Event):
    """A swallowed character comes out of a fallen swallower (EMP-81)."""

    type: Literal["emp_released"] = "emp_released"
    unit: str
    to_hex: HexT
    reason: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} is free again: {w.text(self.reason)} (EMP-81)."


@evolver(Released)
def _released(state: Battle, e: Released) -> Battle:
    return state.update_unit(e.unit, pos=unhx(e.to_hex), swallowed_by="", swallow_armed=False)


class SwallowArmed(Event):
    type: Literal["emp_swallow_armed"] = "emp_swallow_armed"
    unit: str
    armed: bool

    def narrate(self, w: Words = PLAIN) -> str:
        return ""


@evolver(SwallowArmed)
def _armed(state: Battle, e: SwallowArmed) -> Battle:
    return state.update_unit(e.unit, swallow_armed=e.armed)
