"""A unit of fighters as its card reads (ZEF-58..80): what the window's card and the figure's
badge say of a mass unit, where the skirmish's card (one fighter: damage, weapon column,
armour by area) would be wrong.

Why a module: `ZeFRS.unit_lines` and `unit_badge` serve every screen that shows a ZeFRS
figure (the battle's card, the sandbox, the replay); a mass unit's card is the mode's to
word, so the ruleset hands it here.  Its order is said only once both sides' orders are
open (ZEF-66), as the grid draws it.
"""

from __future__ import annotations

from rules.ruleset import weapon_badge
from rules.state import ACTIVE, Battle
from rules.systems.zefrs.mass.combat import rulings_of
from rules.systems.zefrs.mass.events import mass_frame, square_word
from rules.systems.zefrs.mass.grid import FACING_WORDS
from rules.systems.zefrs.mass.orders import order_words, square_key
from rules.systems.zefrs.mass.tables import load_mass
from rules.systems.zefrs.mass.units import MassUnit
from rules.systems.zefrs.tables import load_tables
from rules.wording import Words

__all__ = ["mass_badge", "mass_lines"]

SEALED_STEPS = ("deploy", "reveal", "round", "orders")
"""The steps in which a unit's order for the round is still its side's secret (ZEF-66)."""


def mass_lines(state: Battle, u: MassUnit) -> list[str]:
    """The card: name and side, fighters now of the start, how they fight, the armour
    value, the leader (and the commander with them), the order once it is open."""
    w = Words.of(state)
    troop = load_mass().troops.get(u.template)
    kind = troop.name if troop is not None else u.template.replace("_", " ")
    where = square_word(u.pos) if u.pos is not None else (u.condition or "not on the field")
    lines = [f"{w.unit(u.id)} — {kind} of {w.side(u.side)}",
             f"{u.fighters} of {u.start} fighters, at {where}, facing "
             f"{FACING_WORDS[u.facing % 4]}" if u.status == ACTIVE else
             f"{u.fighters} of {u.start} fighters: {u.condition or 'gone'} (ZEF-79)"]
    fight = (f"shoots {load_tables().weapons[u.missile].name.lower()} up to "
             f"{u.reach_squares} squares (ZEF-68)" if u.missile else "fights hand to hand")
    lines.append(f"weapon talent {u.talent}, Will {u.will}; {fight}"
                 + ("; mounted" if u.mounted else ""))
    lines.append(f"armour value {u.armour_value} (ZEF-74): each point cuts its losses by "
                 f"{_cut(state)} points (ZEF-75)")
    lines.append(_leader(state, u))
    f = mass_frame(state)
    if u.order and f is not None and f.step not in SEALED_STEPS:
        to = square_key(u.goal) if u.goal is not None else ""
        target = u.target
        lines.append("order: " + order_words(u.order, u.facing, to, target, w))
    if u.shaken:
        lines.append("shaken: its leader is down this round (ZEF-71)")
    return lines


def _cut(state: Battle) -> int:
    return rulings_of(state).armour_cut_per_point


def _leader(state: Battle, u: MassUnit) -> str:
    w = Words.of(state)
    text = "leaderless (ZEF-59)"
    if u.leader and state.has_unit(u.leader):
        lead = state.unit(u.leader)
        text = (f"led by {w.unit(lead.id)}" if lead.fighting
                else f"its leader {w.unit(lead.id)} is {lead.condition or 'down'}")
    f = mass_frame(state)
    if f is not None:
        cmd = f.led_by(u.id) or next(
            (c for _, c in f.commanders if state.has_unit(c) and state.unit(c).fighting
             and u.pos is not None and state.unit(c).pos == u.pos), "")
        if cmd:
            text += f"; the force commander {w.unit(cmd)} is with it (ZEF-63)"
    return text


def mass_badge(u: MassUnit) -> str:
    """The weapon its ranks carry (or shoot), as the skirmish figures' badge."""
    if u.missile:
        return weapon_badge(load_tables().weapons[u.missile].name)
    troop = load_mass().troops.get(u.template)
    ranks = load_tables().units.get(troop.ranks) if troop is not None else None
    if ranks is None or not ranks.weapon:
        return ""
    return weapon_badge(load_tables().weapons[ranks.weapon].name)
