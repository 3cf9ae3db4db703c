"""Building an at-the-ready trigger in the window (ER-11, issue 25 item 4): one button
"Stand at the ready…", then the kinds of "if" (game/ready_menu.py), then what he does then
if there is a choice (attack, run, potion, medicine, a deed: R-ER-READY-ACTIONS), then the
triggers of the chosen kind and action, each in the ruleset's words
(`Ruleset.word_command`: "Stand at the ready: if a foe steps onto D5, he attacks
him", the button saying it from the "if"), paged by
the side panel if they are many.  "Back" (or Esc) goes up a step; choosing a trigger submits
it.  The hexes a trigger under the mouse watches are ringed on the board (`watched`), so
"D5" is seen, not looked up.

Why a menu and not a row of buttons: the rules offer a dozen or more triggers at once; a flat
list of look-alike sentences could not be read.  The steps of the menu are buttons whose
command is a marker the window keeps to itself (`MENU`), never submitted to the rules.

A part of `BattleScene` (a mixin), as declare_picker.py is.
"""

from __future__ import annotations

from game.choices import button_label, declared_at
from game.ready_menu import action_heading, by_action, groups, heading, ready_kind
from rules.commands import Choose, Command
from rules.hexgrid import Hex, disk
from rules.state import Battle
from rules.wording import Words

MENU = "window-menu:"  # the option of a menu step's button; the rules never see it
_OPEN, _BACK = "ready", "back"


def _step(unit: str, what: str) -> Choose:
    return Choose(unit=unit, option=MENU + what)


def _without_prefix(said: str) -> str:
    """"Stand at the ready: if a foe steps onto D5, he attacks him" → "If a foe
    steps onto D5, he attacks him": the button opening the menu said the first
    part, and the whole sentence would not fit a button."""
    head, sep, rest = said.partition(": ")
    return rest[:1].upper() + rest[1:] if sep and head.startswith("Stand at the ready") \
        else said


class ReadyBuilder:
    """The trigger builder's place in the menu: (the figure, the kind of "if" chosen or
    None for the list of kinds, the action chosen or None for the list of actions), or None
    while it is closed."""

    readying: tuple[str, str | None, str | None] | None = None
    hovered_command: Command | None = None  # the button under the mouse (declare_picker)

    def watched(self, state: Battle) -> frozenset[Hex]:
        """The hexes the trigger under the mouse watches: the hex (and, for an area, its
        six), the ground within the distance, or the friend who must not drop."""
        c = self.hovered_command
        kind = ready_kind(c) if c is not None else None
        if kind is None or not isinstance(c, Choose) or not state.has_unit(c.unit):
            return frozenset()
        at = declared_at(state, c.option)
        if isinstance(at, Hex):
            return frozenset(disk(at, 1)) if kind == "area" else frozenset({at})
        if isinstance(at, str):
            pos = state.unit(at).pos
            return frozenset({pos}) if pos is not None else frozenset()
        me, feet = state.unit(c.unit).pos, (c.option.split(":") + [""])[2]
        if me is None or not feet.isdigit():
            return frozenset()
        return frozenset(h for h in disk(me, int(feet) // state.board.feet_per_hex)
                         if h != me and h in state.board)

    def ready_opener(self, unit: str, commands: list[Command]) -> tuple[str, Command] | None:
        """The one button that opens the builder, if `unit` may stand at the ready."""
        n = sum(1 for c in commands if ready_kind(c) is not None)
        if not n:
            return None
        return f"Stand at the ready… ({n})", _step(unit, _OPEN)

    def ready_page(self, state: Battle, words: Words, unit: str, commands: list[Command]
                   ) -> list[tuple[str, Command]] | None:
        """The builder's buttons for `unit` (None while it is closed, or if his triggers
        are gone): the kinds of "if", the actions of the chosen kind (skipped when there is
        only one), or the triggers of the chosen kind and action."""
        if self.readying is None or self.readying[0] != unit:
            return None
        by_kind = groups(commands)
        _, kind, action = self.readying
        if not by_kind or (kind is not None and kind not in by_kind):
            self.readying = None
            return None
        back = ("Back (Esc)", _step(unit, _BACK))
        if kind is None:
            return [back] + [(f"{heading(k)} ({len(v)})", _step(unit, f"{_OPEN}:{k}"))
                             for k, v in by_kind.items()]
        acts = by_action(by_kind[kind])
        if action is None and len(acts) > 1:
            return [back] + [(f"{action_heading(a)} ({len(v)})",
                              _step(unit, f"{_OPEN}:{kind}:{a}")) for a, v in acts.items()]
        chosen = acts.get(action) if action is not None else next(iter(acts.values()))
        if chosen is None:
            self.readying = (unit, kind, None)
            return self.ready_page(state, words, unit, commands)
        return [back] + [(_without_prefix(button_label(c, words, state)), c) for c in chosen]

    def ready_click(self, cmd: Command) -> bool:
        """A click on one of the builder's own steps (it moves the menu; nothing is
        submitted); False for a command the rules should have."""
        if not isinstance(cmd, Choose) or not cmd.option.startswith(MENU):
            return False
        what = cmd.option[len(MENU):]
        if what == _BACK:
            self.stop_readying()
        elif what == _OPEN:
            self.readying = (cmd.unit, None, None)
        else:
            _, _, rest = what.partition(":")
            kind, _, action = rest.partition(":")
            self.readying = (cmd.unit, kind or None, action or None)
        return True

    def stop_readying(self) -> bool:
        """Go up one step of the builder (from an action to the actions, from a kind to the
        kinds, from the kinds to the turn's buttons); whether it was open.  A kind with one
        action has no action step to go back to."""
        if self.readying is None:
            return False
        unit, kind, action = self.readying
        if action is not None:
            self.readying = (unit, kind, None)
        elif kind is not None:
            self.readying = (unit, None, None)
        else:
            self.readying = None
        return True

    def close_ready(self) -> None:
        self.readying = None


__all__ = ["MENU", "ReadyBuilder"]
