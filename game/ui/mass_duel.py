"""The mass battle's side panel when a leader is to declare for his duel (ZEF-15, ZEF-70): his
card and his foe's, the aiming points he can reach (ZEF-24, ZEF-25), a knock-out (ZEF-35) or
a defence (ZEF-36), the exact odds of the blow he is about to declare, and the declaration
that goes to the rules (the skirmish's own `Declare`).

Why a module apart from the scene: the duel's panel reads a draft of its own (an aiming
point, knock-out, defend) that has nothing to do with a unit's order, and its words come
from the skirmish (its declaration grammar, its odds); the scene (mass_scene.py) keeps the
selection and hands the draft here.

The odds are worked out on the battle as the declaring side may see it: the other side's
leaders' declarations are sealed until both have declared, so a blow's odds never say
whether its target is defending.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.ui.markup import escape, pct
from rules.commands import Declare
from rules.engine import ruleset_of
from rules.state import Battle
from rules.systems.zefrs.declare import parse, say_action
from rules.systems.zefrs.mass.duel import duel_actions, duel_pairs, foe_of
from rules.systems.zefrs.mass.events import mass_frame
from rules.systems.zefrs.units import ZefUnit, zef
from rules.wording import Words

__all__ = ["duel_buttons", "duel_card", "duel_command", "duel_draft", "duel_odds",
           "duel_pressed", "is_duel_step", "sealed_view"]

AIM_ROWS = (("head", "chest", "gut"), ("right_arm", "left_arm", "right_leg", "left_leg"))
"""The seven aiming points (ZEF-24) as the panel lays them out: body, then limbs."""


def _foe(state: Battle, leader: str) -> str:
    f = mass_frame(state)
    return foe_of(state, f, leader) if f is not None else ""


def duel_draft(state: Battle, leader: str, declared: str = "") -> dict[str, Any]:
    """A fresh draft: a plain blow at the chest if he can reach it, else the first point he
    can (ZEF-25); or, given what he has `declared` already, that declaration."""
    offered = [parse(a) for a in duel_actions(state, leader, _foe(state, leader))]
    aims = [d.aim for d in offered if d is not None and d.aim]
    draft = {"aim": "chest" if "chest" in aims else (aims[0] if aims else ""), "ko": False,
             "defend": False}
    d = parse(declared) if declared else None
    if d is not None and d.kind == "defend":
        draft["defend"] = True
    elif d is not None and d.aim in aims:
        draft.update(aim=d.aim, ko=d.mode == "ko")
    return draft


def duel_pressed(draft: dict[str, Any], what: str, arg: str) -> dict[str, Any]:
    """The draft after one of `duel_buttons`' choices is pressed: an aiming point (ZEF-24,
    a blow, not a defence), the knock-out turned on or off (ZEF-35), or defend (ZEF-36)."""
    if what == "aim":
        return {**draft, "aim": arg, "defend": False}
    if what == "ko":
        return {**draft, "ko": not draft.get("ko"), "defend": False}
    if what == "defend":
        return {**draft, "defend": not draft.get("defend")}
    return draft


def duel_command(state: Battle, leader: str, draft: dict[str, Any]) -> Declare:
    """The declaration the draft says, in the skirmish's grammar (zefrs.declare)."""
    if draft.get("defend"):
        return Declare(unit=leader, action="defend")
    action = f"fight:{_foe(state, leader)}:{draft.get('aim') or 'chest'}"
    return Declare(unit=leader, action=action + (":ko" if draft.get("ko") else ""))


def duel_buttons(state: Battle, leader: str, draft: dict[str, Any]
                 ) -> list[list[tuple[str, str, str, bool]]]:
    """The aiming points he can reach, knock-out and defend, and the declaration."""
    offered = set(duel_actions(state, leader, _foe(state, leader)))
    foe = _foe(state, leader)
    rows = []
    for row in AIM_ROWS:
        rows.append([(aim.replace("_", " ").capitalize(), "aim", aim,
                      not draft.get("defend") and draft.get("aim") == aim)
                     for aim in row if f"fight:{foe}:{aim}" in offered])
    rows.append([("Knock-out", "ko", "", bool(draft.get("ko")) and not draft.get("defend")),
                 ("Defend", "defend", "", bool(draft.get("defend")))])
    rows.append([("Declare (Enter)", "give", "", False), ("Next leader (Tab)", "next", "",
                                                           False)])
    return rows


def _kit(w: Words, u: ZefUnit) -> str:
    weapon = (u.weapon or "fists").replace("_", " ")
    return (f"{escape(w.unit(u.id))}: {weapon} (rating {u.rating_with(u.weapon)}), Damage "
            f"{max(u.hp, 0)}" + (", mounted" if u.mounted else ""))


def duel_card(state: Battle, leader: str, draft: dict[str, Any]) -> str:
    """Who duels whom for which unit, both fighters' weapons and Damage, what he declares."""
    w = Words.of(state)
    f = mass_frame(state)
    foe = _foe(state, leader)
    if f is None or not foe:
        return ""
    unit = next((u for a, _, u in _pairs(state) if a == leader), "")
    said = say_action(duel_command(state, leader, draft).action, w)
    return (f"<b>The duel</b> (ZEF-70): {escape(w.unit(leader))} for "
            f"{escape(w.unit(unit))} against {escape(w.unit(foe))}<br>"
            f"{_kit(w, zef(state, leader))}<br>{_kit(w, zef(state, foe))}<br>"
            f"He declares: <b>{escape(said)}</b> (sealed until both sides have declared)")


def _pairs(state: Battle) -> tuple[tuple[str, str, str], ...]:
    f = mass_frame(state)
    return duel_pairs(state, f) if f is not None else ()


def sealed_view(state: Battle, side: str) -> Battle:
    """The battle as `side` may see it while the duels are declared: the other side's
    declarations blank (ZEF-15, as its orders are sealed, ZEF-66)."""
    return replace(state, units=tuple(
        replace(u, declared="") if isinstance(u, ZefUnit) and u.side != side and u.declared
        else u for u in state.units))


def duel_odds(state: Battle, side: str, leader: str, draft: dict[str, Any]) -> str:
    """The exact odds of the blow in the draft (the skirmish's `command_odds`), as if his
    foe does not defend; a defence is said in words."""
    cmd = duel_command(state, leader, draft)
    w = Words.of(state)
    if cmd.action == "defend":
        return ("<b>Defend</b> (ZEF-36): he strikes nothing; the first blow that lands on him "
                "is checked against his weapon's rating, nothing subtracted: green takes 1 "
                "point off, yellow 2, orange 3, red 4 (ZEF-16: one defence a turn).")
    odds = ruleset_of(state).command_odds(sealed_view(state, side), cmd)
    if odds is None:
        return ""
    d = parse(cmd.action)
    aim = d.aim.replace("_", " ") if d is not None else ""
    ko = (" Meant to knock him out: a red knocks him out (ZEF-35)." if d is not None
          and d.mode == "ko" else "")
    return (f"<b>A blow at {escape(w.unit(_foe(state, leader)))}'s {aim}</b>, exact, if he "
            f"does not defend: hits {pct(odds.hit)}, {float(odds.expected_damage):.1f} damage "
            f"on average after his armour (ZEF-44..48), out of the fight {pct(odds.kill)}."
            f"{ko}<br>{escape(' '.join(odds.notes))}")


def is_duel_step(state: Battle) -> bool:
    f = mass_frame(state)
    return f is not None and f.step == "duels"

