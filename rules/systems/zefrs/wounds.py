"""Specific wounds (ZEF-54, ZEF-55, ZEF-56, ZEF-26; R-ZEF-WOUNDS, R-ZEF-WOUND-CHECK): a red
hit may leave a wound by its aiming point, armed or brawling, whatever the damage did; a PC
or Foe checks to avoid it, an Enemy suffers it, and it lasts the battle.

Why a module: the chart is data (data.toml `[wounds]`); what a wound does to a figure on the
board (out cold, down, an arm useless, lamed, columns off every check) is written here once.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Context
from rules.events import Event, UnitStatusChanged, evolver
from rules.state import DOWN, Battle
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import own_shifts
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import ZefUnit, zef
from rules.wording import PLAIN, Words

__all__ = ["WoundChecked", "WoundSuffered", "specific_wound"]


class WoundChecked(Event):
    """ZEF-55: the victim's check to avoid a specific wound (none for an Enemy, ZEF-56)."""

    type: Literal["zef_wound_checked"] = "zef_wound_checked"
    unit: str
    wound: str
    needed: str
    roll: int
    column: int
    colour: str
    avoided: bool

    def narrate(self, w: Words = PLAIN) -> str:
        what = "avoids it" if self.avoided else "does not"
        return (f"{w.unit(self.unit)} checks against a {self.wound}: rolled {self.roll} on "
                f"column {self.column}, {self.colour}, needing {self.needed}; he {what} "
                "(ZEF-55).")


@evolver(WoundChecked)
def _checked(state: Battle, e: WoundChecked) -> Battle:
    return state


class WoundSuffered(Event):
    """A specific wound taken, and what it does (R-ZEF-WOUNDS)."""

    type: Literal["zef_wound_suffered"] = "zef_wound_suffered"
    unit: str
    wound: str
    area: str
    effect: str
    shift: int = 0
    automatic: bool = False  # an Enemy's (ZEF-56)

    def narrate(self, w: Words = PLAIN) -> str:
        how = " (an Enemy suffers it, ZEF-56)" if self.automatic else ""
        return f"{w.unit(self.unit)} suffers a {self.wound}{how}."


@evolver(WoundSuffered)
def _suffered(state: Battle, e: WoundSuffered) -> Battle:
    u = state.unit(e.unit)
    assert isinstance(u, ZefUnit)
    changes: dict[str, object] = {"wounds": (*u.wounds, e.wound)}
    if e.effect == "shift":
        changes["wound_shift"] = u.wound_shift + e.shift
    elif e.effect == "knocked_down":
        changes["knocked_down"] = True
    elif e.effect == "lamed":
        changes["lamed"] = True
        changes["knocked_down"] = True
    elif e.effect == "maimed" and e.area == "right_arm":
        changes["weapon"] = ""  # his weapon falls; he fights with what is left: fists
    elif e.effect == "maimed":
        if u.shield:
            changes["shield"] = ""
        else:
            changes["offhand"] = ""
    return state.update_unit(e.unit, **changes)


def specific_wound(ctx: Context, target: str, area: str, brawling: bool) -> None:
    """ZEF-54: after a red hit, whatever the damage came to.  ZEF-55 (R-ZEF-WOUND-CHECK): a
    PC or Foe checks the higher of his Damage rating (as it now is) and General Endurance,
    and avoids the wound on the chart's colour or better; ZEF-56: an Enemy suffers it."""
    u = zef(ctx.state, target)
    if not u.fighting:
        return
    t = load_tables()
    wound = (t.wounds.brawling if brawling else t.wounds.armed)[area]
    if not u.enemy:
        cfg = config_of(ctx.state)
        walk = t.chart.walk(max(u.hp, u.general_endurance), own_shifts(ctx.state, u, cfg),
                            cfg.columns_per_point)
        roll = ctx.dice.d(100)
        colour = t.chart.colour(walk.column, roll)
        avoided = colour >= Colour[wound.avoid.upper()]
        ctx.emit(WoundChecked(unit=target, wound=wound.name, needed=wound.avoid, roll=roll,
                              column=walk.column, colour=colour.word, avoided=avoided))
        if avoided:
            return
    ctx.emit(WoundSuffered(unit=target, wound=wound.name, area=area, effect=wound.effect,
                           shift=wound.shift, automatic=u.enemy))
    if wound.effect == "unconscious":
        ctx.emit(UnitStatusChanged(unit=target, status=DOWN, condition="unconscious",
                                   reason=wound.name, rule="ZEF-55"))
