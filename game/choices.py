"""The legal commands of the moment, sorted the way a player meets them on screen.

The window never decides what is allowed: it asks the rules for the legal commands and this
module files them by unit and by kind, so a click on a hex or a foe maps to exactly one
legal command, and everything else is greyed out.  Headless, so it is tested without a
display.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.commands import (
    Attack,
    Cast,
    Choose,
    Command,
    Declare,
    EndPhase,
    Move,
    Pass,
    React,
    UseItem,
    action_words,
)
from rules.engine import ruleset_of
from rules.events import unhx
from rules.hexgrid import Hex
from rules.state import Battle
from rules.wording import PLAIN, Words, plural


@dataclass
class UnitChoices:
    """What one unit may do now."""

    moves: dict[Hex, Move] = field(default_factory=dict)  # destination → move
    turns: dict[int, Move] = field(default_factory=dict)  # facing → turn in place
    charges: dict[str, Move] = field(default_factory=dict)  # target → charge
    attacks: dict[str, list[Attack]] = field(default_factory=dict)  # target → variants
    casts: dict[str, list[Cast]] = field(default_factory=dict)  # target → spells
    items: dict[str, list[UseItem]] = field(default_factory=dict)  # target → items
    declares: list[Declare] = field(default_factory=list)  # naming no foe and no hex
    declared_on: dict[str, list[Declare]] = field(default_factory=dict)  # foe → declarations
    declared_to: dict[Hex, Declare] = field(default_factory=dict)  # hex → "move there"
    buttons: list[Command] = field(default_factory=list)  # React, Choose, Pass

    def empty(self) -> bool:
        return not (self.moves or self.turns or self.charges or self.attacks or self.casts
                    or self.items or self.declares or self.declared_on or self.declared_to
                    or self.buttons)

    def targets(self) -> set[str]:
        return (set(self.attacks) | set(self.charges) | set(self.casts) | set(self.items)
                | set(self.declared_on))


@dataclass
class Choices:
    units: dict[str, UnitChoices] = field(default_factory=dict)
    end_phase: EndPhase | None = None
    other: list[Command] = field(default_factory=list)

    def for_unit(self, unit_id: str) -> UnitChoices:
        return self.units.get(unit_id, UnitChoices())

    def actors(self) -> list[str]:
        return sorted(u for u, c in self.units.items() if not c.empty())


def index(state: Battle, legal: list[Command]) -> Choices:
    out = Choices()
    for cmd in legal:
        if isinstance(cmd, EndPhase):
            out.end_phase = cmd
            continue
        unit = getattr(cmd, "unit", None)
        if unit is None:
            out.other.append(cmd)
            continue
        uc = out.units.setdefault(unit, UnitChoices())
        if isinstance(cmd, Move):
            if cmd.target:
                uc.charges[cmd.target] = cmd
            elif len(cmd.path) == 1 and cmd.facing is not None:
                uc.turns[cmd.facing] = cmd
            else:
                uc.moves[unhx(cmd.path[-1])] = cmd
        elif isinstance(cmd, Attack):
            uc.attacks.setdefault(cmd.target, []).append(cmd)
        elif isinstance(cmd, Cast):
            uc.casts.setdefault(cmd.target, []).append(cmd)
        elif isinstance(cmd, UseItem):
            uc.items.setdefault(cmd.target, []).append(cmd)
        elif isinstance(cmd, Declare):
            at = declared_at(state, cmd.action)
            if isinstance(at, Hex):
                uc.declared_to.setdefault(at, cmd)
            elif at is not None:
                uc.declared_on.setdefault(at, []).append(cmd)
            else:
                uc.declares.append(cmd)
        elif isinstance(cmd, (React, Choose, Pass)):
            uc.buttons.append(cmd)
        else:
            out.other.append(cmd)
    return out


_HEX_FIELD = re.compile(r"-?\d+,-?\d+")


def declared_at(state: Battle, action: str) -> str | Hex | None:
    """What a declared action points at on the board, so the window asks for it with a
    click there (as it asks for a blow or a move) rather than with a button for each: the
    first of its `:`-separated fields that is a figure's id (a Fight at a foe, under
    ZeFRS "fight:g1:chest"), else the first that is a hex "q,r" ("move:3,-1"), else None
    (Fallen Empire's "melee", "defend")."""
    for part in action.split(":")[1:]:
        if state.has_unit(part):
            return part
    for part in action.split(":")[1:]:
        if _HEX_FIELD.fullmatch(part):
            q, _, r = part.partition(",")
            return Hex(int(q), int(r))
    return None


CHOICE_WORDS = {
    "splinter": "Splinter the shield", "take": "Take the damage", "hold": "Hold",
    "pure_defense": "Pure defence", "fall_back": "Fall back", "hide": "Hide",
    "press": "Press the attack", "abandon": "Abandon the attack", "follow": "Follow up",
    "stay": "Stay", "retain": "Keep hold", "let_go": "Let go",
    "stance:attack": "Attacking stance", "stance:guard": "Guarded stance",
    "stance:attack2": "All-out attack", "stance:guard2": "Full guard",
    "longsword:thrust": "Longsword: thrust", "longsword:power": "Longsword: power",
    "dual:offense": "Two weapons: attack", "dual:defense": "Two weapons: parry",
    "board:attack": "Shield: attack", "board:hc": "Shield: defend",
}


def choice_label(option: str, w: Words = PLAIN) -> str:
    """Words for a ruleset's named choice ("counter:o1" → "Hold to counter Orc 1",
    "counter_hex:2,2" → "Hold to counter at D3")."""
    if option in CHOICE_WORDS:
        return CHOICE_WORDS[option]
    if option.isdigit():
        return f"Throw {plural(int(option), 'die')}"
    head, _, rest = option.partition(":")
    if head == "counter":
        return f"Hold to counter {w.unit(rest)}"
    if head == "counter_hex":
        q, _, r = rest.partition(",")
        where = w.hex((int(q), int(r))) if q.lstrip("-").isdigit() and r.lstrip("-").isdigit() \
            else rest
        return f"Hold to counter at {where}"
    if head == "cleave":
        return f"Cleave into {w.unit(rest)}"
    return option.replace("_", " ").replace(":", ": ").capitalize()


def button_label(cmd: Command, w: Words = PLAIN, state: Battle | None = None) -> str:
    """Words for a command that is a button rather than a click on the board, with the
    battle's names and board (`w`) for the figures and hexes a choice points at; given the
    battle (`state`), in its ruleset's own words where it has them (`Ruleset.word_command`:
    "Fight Guard 2, aiming at the chest")."""
    said = ruleset_words(state, cmd, w) if state is not None else None
    if said:
        return said
    if isinstance(cmd, Declare):
        text = action_words(cmd.action, w)
        return text[:1].upper() + text[1:]
    if isinstance(cmd, React):
        return "Take the free attack" if cmd.accept else "Let it go"
    if isinstance(cmd, Choose):
        return choice_label(cmd.option, w)
    if isinstance(cmd, Pass):
        return "Pass (Space)"
    if isinstance(cmd, EndPhase):
        return "End phase (Enter)"
    return cmd.say(w)


def ruleset_words(state: Battle, cmd: Command, w: Words) -> str | None:
    """The battle's ruleset's words for `cmd`, or None where it has none of its own."""
    try:
        rs = ruleset_of(state)
    except KeyError:
        return None
    return rs.word_command(state, cmd, w)


def command_words(state: Battle, cmd: Command, w: Words | None = None) -> str:
    """A command as a sentence (the replay's caption, the log): the ruleset's words, else
    the command's own (`Command.say`)."""
    w = w or Words.of(state)
    said = ruleset_words(state, cmd, w)
    if not said:
        return cmd.say(w)
    who = getattr(cmd, "unit", None)
    return f"{w.unit(who)}: {said[:1].lower()}{said[1:]}" if isinstance(who, str) else said
