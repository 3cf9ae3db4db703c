"""Declaring an action that points at the board (issue 23: "declarations asked the way
Fallen Empire's are, a Fight naming its target and its aiming point, with the odds per
aiming point shown while declaring").

Why it works this way: a ZeFRS figure may declare hundreds of actions (a Fight at each of
seven aiming points of each foe, in five manners; a move to each hex in range), far too many
for buttons.  So the board asks for what it can show: a click on a blue hex declares the
move there; a click on a foe ringed in gold opens the declarations that name him, one a line
in the ruleset's words with the chance to hit beside each, paged if they are many, and the
box above the buttons gives the full odds of the one under the mouse (the colours, the
damage, the wound, every shift and its clause).  Esc, or a click anywhere else, goes back.

A part of `BattleScene` (a mixin), reading its choices, selection and panel; generic: any
ruleset whose declarations name a foe or a hex (`game.choices.declared_at`) is asked this
way, and `Ruleset.command_odds` gives the odds beside each.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame_gui

from game.choices import UnitChoices, button_label
from rules.commands import Command
from rules.engine import AttackOdds
from rules.hexgrid import Hex
from rules.state import Battle, Unit
from rules.wording import Words


class DeclarePicker:
    """The declarations at one foe, while a player chooses among them."""

    picking: str | None = None  # the foe whose declarations are on the buttons
    hovered_command: Command | None = None  # the button under the mouse
    ruleset: Any
    panel: Any
    _odds_seen: tuple[int, dict[str, AttackOdds | None]] = (-1, {})

    def submit(self, cmd: Command) -> None:  # BattleScene's
        raise NotImplementedError

    def declare_click(self, uc: UnitChoices, who: Unit | None, h: Hex) -> bool:
        """A click on the board while the selected figure declares: a foe opens his
        declarations (one alone is made at once), a hex declares the move there.  Whether
        the click was one of these."""
        if who is not None and who.id in uc.declared_on:
            options = uc.declared_on[who.id]
            if len(options) == 1:
                self.stop_picking()
                self.submit(options[0])
            else:
                self.picking, self.hovered_command = who.id, None
            return True
        self.stop_picking()
        if h in uc.declared_to:
            self.submit(uc.declared_to[h])
            return True
        return False

    def stop_picking(self) -> bool:
        """Go back from a foe's declarations; whether there were any open."""
        was = self.picking is not None
        self.picking, self.hovered_command = None, None
        return was

    def picker_event(self, e: Any) -> None:
        """The mouse over the buttons: which declaration's odds the box shows."""
        if e.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self.hovered_command = self.panel.command_for(e.ui_element)
        elif e.type == pygame_gui.UI_BUTTON_ON_UNHOVERED and \
                self.panel.command_for(e.ui_element) == self.hovered_command:  # type: ignore[attr-defined]
            self.hovered_command = None

    def picker_buttons(self, state: Battle, words: Words, uc: UnitChoices
                       ) -> list[tuple[str, Command]] | None:
        """The buttons of the foe's declarations (None when no foe is open): each in the
        ruleset's words, the foe called "him" (the box above names him: a button holds a
        line), with its chance to hit and its mean damage where the ruleset gives them, or
        the ruleset's own summary of the choice where it gives one (a ZeFRS knock-out: the
        chance to drop him against the damage given up, ZEF-35)."""
        if self.picking is None or self.picking not in uc.declared_on:
            self.picking = None
            return None
        him = replace(words, units={**words.units, self.picking: "him"})  # named above
        out = []
        for c in uc.declared_on[self.picking]:
            label = button_label(c, him, state)
            odds = self._odds(state, c)
            if odds is not None and odds.summary:  # the ruleset's words for this choice
                label += f" · {odds.summary}"
            elif odds is not None:
                label += (f" · {float(odds.hit) * 100:.0f}%, "
                          f"{float(odds.expected_damage):.1f} dmg")
            out.append((label, c))
        return out

    def picker_odds(self, state: Battle, words: Words, uc: UnitChoices
                    ) -> tuple[AttackOdds | None, str, int]:
        """(odds, title, the foe's Damage) for the box: the declaration under the mouse,
        else the first at the open foe (or at the foe under the mouse) that has odds."""
        foe = self.picking
        options = uc.declared_on.get(foe or "", [])
        if self.hovered_command in options:
            options = [self.hovered_command, *options]  # type: ignore[list-item]
        for c in options:
            odds = self._odds(state, c)
            if odds is not None and foe is not None:
                return odds, button_label(c, words, state), state.unit(foe).hp
        return None, "", 0

    def hover_odds(self, state: Battle, words: Words, uc: UnitChoices, foe: str
                   ) -> tuple[AttackOdds | None, str]:
        """The odds of the first declaration at the foe under the mouse, before a click."""
        for c in uc.declared_on.get(foe, []):
            odds = self._odds(state, c)
            if odds is not None:
                return odds, f"{button_label(c, words, state)} (click for every choice)"
        return None, ""

    def _odds(self, state: Battle, c: Command) -> AttackOdds | None:
        """The command's odds, worked out once for each state the board shows (the panel
        is drawn every frame)."""
        seen_at, seen = self._odds_seen
        if seen_at != state.events_applied:
            seen = {}
            self._odds_seen = (state.events_applied, seen)
        key = c.model_dump_json()
        if key not in seen:
            try:
                seen[key] = self.ruleset.command_odds(state, c)
            except (KeyError, ValueError, AssertionError):
                seen[key] = None
        return seen[key]
