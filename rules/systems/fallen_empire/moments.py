"""Fallen Empire's word for every moment: what the side deciding is asked now, and why, in one
line citing the clause (`Ruleset.moment`; issue 35).

Why this exists: a newcomer at the river ford whose side was surprised was first asked
"Splinter the shield / Take the damage" with the reason only in the log, and after declaring
Melee met a movement phase that nobody explained.  Each decision of the round (FE-06 declare,
FE-09's phases, FE-11/FE-14's free attacks, FE-31's shield) is said here, with the surprise
of round 1 (FE-02) said before whatever the surprised side is asked.
"""

from __future__ import annotations

from rules.procedures import ReactionFrame, find_frame
from rules.state import Battle
from rules.systems.fallen_empire.events import system
from rules.systems.fallen_empire.frames import ChoiceFrame, DeclareFrame, PhaseFrame, SplinterFrame
from rules.systems.fallen_empire.options import phase_candidates
from rules.systems.fallen_empire.units import FEUnit, cfg, is_fe, tables_for
from rules.wording import Words, and_list, pronoun

__all__ = ["moment"]

# What a declared action does in the movement phase (FE-08): "full" goes his whole move and
# nothing else; "third" may still act after a third of it; the charge has its own words.
_MOVES_FULL = ("move", "retreat")
_ACTS_LATER = {"melee": "strike in the melee phase", "missile": "shoot in the missile phase",
               "spell": "cast in the spell phase", "other": "act in the last phase"}


def moment(state: Battle, w: Words) -> str:
    """The line for the frame on top (a skirmish frame of this ruleset), or ""."""
    top = state.top
    if top is None or top.actor is None:
        return ""
    side = top.actor
    if isinstance(top, DeclareFrame):
        line = _declare(state, w, side)
    elif isinstance(top, ChoiceFrame):
        line = _phase(state, w, side, top.phase)
    elif isinstance(top, SplinterFrame):
        line = _splinter(state, w, top)
    elif isinstance(top, ReactionFrame):
        line = _free_attack(state, w, top)
    else:
        return ""
    return f"{surprise(state, w, side)}{line}"


def surprise(state: Battle, w: Words, side: str) -> str:
    """The first round's surprise, as the side deciding meets it (FE-02, FE-03): "" in any
    other round or when nobody surprised anybody."""
    if state.round != 1:
        return ""
    s = system(state)
    if not s.surprisers:
        return ""
    others = tuple(x for x in s.surprisers if x != side)
    if side in s.surprised and others:
        acts = w.agree(others, "acts", "act", start=False)
        return f"{w.agree(side, 'is', 'are')} surprised (FE-02): {acts} alone this round. "
    if side in s.surprisers and s.surprised:
        bonus = cfg(state, "surprise_bonus")
        foes = tuple(x for x in s.surprised if x != side)
        it = "them" if len(foes) > 1 or any(w.plural_side(x) for x in foes) else "it"
        return (f"Surprise (FE-02): {w.agree(foes, 'may', 'may', start=False)} not act this "
                f"round, and blows at {it} are +{bonus} (FE-03). ")
    return ""


def _declare(state: Battle, w: Words, side: str) -> str:
    return ("Declare each figure's action for the round (FE-06); after initiative they are "
            "carried out in order: move, shoot, melee, spells, the rest (FE-09).")


def _waiting(state: Battle, side: str, phase: str) -> list[FEUnit]:
    i = find_frame(state, PhaseFrame)
    f = state.stack[i]
    assert isinstance(f, PhaseFrame)
    return phase_candidates(state, phase, f.sides, f.acted, f.standing, only=side)


def _phase(state: Battle, w: Words, side: str, phase: str) -> str:
    who = _waiting(state, side, phase)
    names = few(w, who) or w.side(side)
    if phase == "movement":
        return _movement(w, who, names)
    if phase == "withdrawal":
        return (f"Fighting withdrawals (FE-13): back {names} away up to a third of "
                f"{'their' if len(who) > 1 else pronoun(who[0], 'his') if who else 'his'} "
                "move; it provokes no free attack, but nothing else is done this round.")
    what = {"missile": ("Missile phase (FE-09)", "shoot at a foe in range; a shot into a "
                        "melee may strike anyone in it (FE-22)"),
            "melee": ("Melee phase (FE-09)", "strike a foe within reach; +2 from behind, where "
                      "his shield does not count (FE-20)"),
            "spell": ("Spell phase (FE-09)", "cast the declared spell; a caster hit by a "
                      "missile first has lost it (FE-10)"),
            "other": ("Last phase (FE-09)", "drink a potion, bind a wound or use an item, "
                      "as declared")}.get(phase, (f"{phase.capitalize()} phase (FE-09)",
                                                  "act as declared"))
    return f"{what[0]}: {names} — {what[1]}, or pass."


def _movement(w: Words, who: list[FEUnit], names: str) -> str:
    """The movement phase, said by what the figures still to move declared (FE-08, FE-16)."""
    head = "Movement phase (FE-09: moves come before shots and blows)"
    if not who:
        return f"{head}: move {names}, or pass."
    said: list[str] = []
    kinds: dict[str, list[str]] = {}
    for u in who:
        kinds.setdefault(u.declared, []).append(w.unit(u.id))
    for declared, group in kinds.items():
        them = few_names(group)
        if declared == "charge":
            said.append(f"{them} charged: run straight at the foe, at least half the move, "
                        "to strike at +2 on arrival (FE-16, FE-17)")
        elif declared in _MOVES_FULL:
            said.append(f"{them} declared a full move: go up to the whole move, nothing else "
                        "this round (FE-08)")
        elif declared == "crawl":
            said.append(f"{them} may crawl 10 ft (FE-40)")
        elif declared in _ACTS_LATER:
            said.append(f"{them} declared {declared}: move up to a third of the move to "
                        f"get in place, then {_ACTS_LATER[declared]} (FE-08)")
        else:
            said.append(f"{them} may move as declared")
    return f"{head}. {'; '.join(s[0].upper() + s[1:] for s in said)}; or pass to stay put."


def few_names(names: list[str], shown: int = 3) -> str:
    """Names in a list, the rest counted ("Ogre, Orc 1, Orc 2 and 3 more"), so the line
    stays a line in a big battle."""
    if len(names) <= shown:
        return and_list(names)
    return f"{', '.join(names[:shown])} and {len(names) - shown} more"


def few(w: Words, units: list[FEUnit]) -> str:
    return few_names([w.unit(u.id) for u in units])


def _splinter(state: Battle, w: Words, f: SplinterFrame) -> str:
    u = is_fe(state.unit(f.unit))
    his = pronoun(u, "his")
    who = w.unit(f.unit)
    blow = "subdual blow" if f.subdual else {"missile": "shot", "spell": "spell"}.get(
        f.source, "blow")
    by = f" by {w.unit(f.attacker)}'s {blow}" if f.attacker and state.has_unit(f.attacker) \
        else f" by a {blow}"
    shield = tables_for().shields.get(u.shield) if u.shield else None
    if shield is not None and shield.magic and u.shield_magic:
        gone = "its magic is spent for the day, the shield kept (FE-32)"
    else:
        gone = "the shield is shattered and gone (FE-31)"
    fells = f", enough to fell {pronoun(u, 'him')}" if f.amount >= u.hp > 0 else ""
    return (f"{who} is struck{by} for {f.amount} damage ({u.hp} {w.health} left{fells}): splinter "
            f"{his} shield to take none — {gone} — or keep it and take the blow.")


_WHY = {"leave": ("steps out of {r}'s reach", "FE-11"),
        "pass": ("moves right past {r}", "FE-11"),
        "retreat": ("makes a full retreat from {r}", "FE-14")}


def _free_attack(state: Battle, w: Words, f: ReactionFrame) -> str:
    r, m = w.unit(f.reactor), w.unit(f.mover)
    him = pronoun(state.unit(f.mover), "him")
    why, rule = _WHY.get(f.trigger, ("moves away from {r}", "FE-11"))
    if f.trigger == "retreat":
        after = (f"{pronoun(state.unit(f.mover))} has no shield against it, and a wound "
                 f"negates the retreat ({rule}); one free attack a round (FE-12).")
    else:
        after = f"if it wounds, {m} stops there; one free attack a round (FE-12)."
    return f"{m} {why.format(r=r)}: {r} may take a free attack at {him} ({rule}) — {after}"
