"""The other ways to strike a foe, offered as buttons (issue 27: "a human in the window
cannot choose Tarnished Tale's attack modes").

Why it works this way: a click on a foe makes the plain attack, the quick thing most turns
want, and it stays so.  But a ruleset may offer the same blow in other ways, as Attack
commands that carry `options` (Tarnished Tale's "fight defensively" and "called shot",
Empress's careless blow and grapple, Enchanted Realms's second attacks, Fallen Empire's
subdual blow).  So the foe the mouse last rested on among the selected figure's targets is
*aimed at*: it stays aimed while the mouse crosses to the side panel, and the panel offers
one button for each other way of striking him, in the ruleset's words
(`game.choices.button_label`) with the chance to hit beside it; with the mouse over such a
button the odds box shows that blow's full odds.  Generic: any ruleset whose Attack commands
carry options is offered them the same way.

A part of `BattleScene` (a mixin), reading its selection, hover and choices.
"""

from __future__ import annotations

from typing import Any

from game.choices import UnitChoices, button_label
from rules.commands import Attack, Command
from rules.engine import AttackOdds
from rules.state import Battle
from rules.wording import Words


def other_ways(uc: UnitChoices, foe: str) -> list[Attack]:
    """The attacks at `foe` that carry options: the ways other than the plain click."""
    return [a for a in uc.attacks.get(foe, []) if a.options]


def attack_kind(state: Battle, cmd: Attack) -> str:
    """"missile" when the blow is a shot with the attacker's missile weapon, else "melee"."""
    missile = getattr(state.unit(cmd.unit), "missile", None)
    return "missile" if cmd.weapon and cmd.weapon == missile else "melee"


class AttackWays:
    """The aimed-at foe and the buttons of his other ways of being struck."""

    selected: str | None
    hover: Any
    ruleset: Any
    aimed: tuple[str, str] | None = None  # (the selected figure, the foe he aims at)
    _ways_seen: tuple[int, dict[str, AttackOdds | None]] = (-1, {})

    def aim(self, state: Battle, uc: UnitChoices | None) -> str | None:
        """The foe aimed at now: the one under the mouse if he may be struck another way,
        else the one aimed at before while he still may be (None when none)."""
        if uc is None or not self.selected:
            self.aimed = None
            return None
        who = state.unit_at(self.hover) if self.hover is not None else None
        if who is not None and other_ways(uc, who.id):
            self.aimed = (self.selected, who.id)
        if self.aimed is None or self.aimed[0] != self.selected or not other_ways(
                uc, self.aimed[1]):
            self.aimed = None
            return None
        return self.aimed[1]

    def way_buttons(self, state: Battle, words: Words, uc: UnitChoices | None
                    ) -> list[tuple[str, Command]]:
        """A button for each other way of striking the aimed-at foe, with its chance to hit."""
        foe = self.aim(state, uc)
        if foe is None or uc is None:
            return []
        out: list[tuple[str, Command]] = []
        for a in other_ways(uc, foe):
            label = button_label(a, words, state)
            odds = self.way_odds(state, a)
            if odds is not None:
                label += f" · {float(odds.hit) * 100:.0f}% to hit"
            out.append((label, a))
        return out

    def way_odds(self, state: Battle, cmd: Attack) -> AttackOdds | None:
        """The odds of `cmd` as the ruleset gives them, worked out once a state (the panel
        is drawn every frame): its `command_odds`, else its `odds` told the command's
        weapon and options."""
        seen_at, seen = self._ways_seen
        if seen_at != state.events_applied:
            seen = {}
            self._ways_seen = (state.events_applied, seen)
        key = cmd.model_dump_json()
        if key not in seen:
            try:
                seen[key] = self.ruleset.command_odds(state, cmd) or self.ruleset.odds(
                    state, cmd.unit, cmd.target, kind=attack_kind(state, cmd),
                    weapon=cmd.weapon, options=cmd.options)
            except (KeyError, ValueError, AssertionError):
                seen[key] = None
        return seen[key]
