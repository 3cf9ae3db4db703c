"""What the grid sandbox's edit form means: a unit's weapon ("hand to hand" or the missile
weapon its men shoot), its armour kit written as a GM would say it, whole numbers and
facings typed into the form; each refused in a sentence (`SandboxError`).

Why a module: the words of the form are read the same way by the session
(`game.sandbox.mass`) and checked here apart from it.
"""

from __future__ import annotations

from typing import Any

from game.sandbox.common import SandboxError
from rules.systems.zefrs.mass.armour import unit_armour
from rules.systems.zefrs.mass.grid import FACING_WORDS
from rules.systems.zefrs.mass.tables import Kit
from rules.systems.zefrs.mass.units import missile_range
from rules.systems.zefrs.tables import load_tables

__all__ = ["HAND_TO_HAND", "facing_of", "kit_value", "volley_weapons", "weapon_fields",
           "whole"]

def whole(key: str, value: Any) -> int:
    try:
        if isinstance(value, bool):
            raise ValueError
        return int(str(value).strip())
    except ValueError:
        raise SandboxError(f"{key}: a whole number, not {value!r}") from None


def facing_of(value: Any) -> int:
    text = str(value).strip().lower()
    if text in FACING_WORDS:
        return FACING_WORDS.index(text)
    try:
        return int(text) % 4
    except ValueError:
        raise SandboxError(f"facing: north, east, south or west, not {value!r}") from None


HAND_TO_HAND = "hand to hand"


def volley_weapons() -> list[str]:
    """The missile weapons a unit may shoot with on the grid: those that reach past the
    next square (R-ZEF-MASS-SHOOT: a volley goes at a unit not next to the shooters)."""
    return [w.name for k, w in load_tables().weapons.items()
            if w.ranges_ft and missile_range(k) >= 2]


def weapon_fields(text: str) -> dict[str, Any]:
    """A unit's weapon as the form gives it: "hand to hand", or the name (or key) of the
    missile weapon its men shoot, with its reach in squares (ZEF-68)."""
    t = text.strip().lower()
    if t in ("", HAND_TO_HAND, "melee", "none"):
        return {"missile": "", "reach_squares": 0}
    z = load_tables()
    key = next((k for k, w in z.weapons.items() if t in (k, w.name.lower())), None)
    if key is None or not z.weapons[key].ranges_ft:
        raise SandboxError(f"{text!r} is no missile weapon on the ZeFRS chart (a unit fights "
                           f"{HAND_TO_HAND} or shoots: {', '.join(volley_weapons())})")
    squares = missile_range(key)
    if squares < 2:
        raise SandboxError(f"a {z.weapons[key].name.lower()} reaches {squares} square(s): a "
                           "volley goes only at a unit not next to the shooters "
                           "(ZEF-68, R-ZEF-MASS-SHOOT)")
    return {"missile": key, "reach_squares": squares}


def kit_value(text: str) -> int:
    """The armour value of a kit written "steel helmet, leather jack; small shield" (names
    or keys of the ZeFRS charts), by the text's formula (ZEF-74)."""
    z = load_tables()
    pieces, _, shield = text.partition(";")
    armour = {k: k for k in z.armour} | {a.name.lower(): k for k, a in z.armour.items()}
    shields = {k: k for k in z.shields} | {s.name.lower(): k for k, s in z.shields.items()}
    keys = []
    for p in (x.strip().lower() for x in pieces.split(",")):
        if not p:
            continue
        key = armour.get(p) or armour.get(p.replace(" ", "_"))
        if key is None:
            raise SandboxError(f"no armour called {p!r} on the ZeFRS chart")
        keys.append(key)
    sh = shield.strip().lower()
    skey = shields.get(sh) or shields.get(sh.replace(" ", "_")) if sh else None
    if sh and skey is None:
        raise SandboxError(f"no shield called {sh!r} on the ZeFRS chart")
    return unit_armour([Kit(armour=tuple(keys), shield=skey)])
