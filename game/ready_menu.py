"""The at-the-ready trigger builder's menu (ER-11, issue 25 item 4), sorted the way a player
builds a trigger: first the kind of "if" (a foe steps onto a hex, steps off one, comes into
the ground around one, comes within so many feet, drops a friend), then what he does then
(attacks, runs, drinks a potion, tends the friend, works a lever: R-ER-READY-ACTIONS) if
there is more than one thing, then the one hex, area, distance or friend.

Why: Enchanted Realms offers a dozen or more triggers at once (R-ER-READY-MENU), each a
`Choose(option="ready:<kind>:<what>")`; as a flat row of buttons they were unreadable.  The
window shows one "Stand at the ready…" button, then these groups, then the triggers of the
chosen group in the ruleset's own words (`Ruleset.word_command`).  Headless, so the grouping
is tested without a display; the window's part is game/ui/ready_builder.py.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.commands import Choose, Command

READY = "ready:"

# The kinds in the order a player meets them, each as the heading of its group.
HEADINGS = {
    "enter": "If a foe steps onto a hex…",
    "leave": "If a foe steps off a hex…",
    "area": "If a foe steps into the ground around a hex…",
    "within": "If a foe comes within so many feet…",
    "drops": "If a foe drops a friend…",
}

# The actions a trigger fires, each as the heading of its group (a deed adds its name).
ACTIONS = {
    "attack": "…he attacks the foe",
    "run": "…he runs from the foe",
    "potion": "…he drinks a healing potion",
    "medicine": "…he tends the friend who dropped",
    "deed": "…he works the",
}


def ready_kind(cmd: Command) -> str | None:
    """The kind of "if" a ready option sets ("enter", "within" …), None if `cmd` sets no
    trigger."""
    if not isinstance(cmd, Choose) or not cmd.option.startswith(READY):
        return None
    return cmd.option[len(READY):].partition(":")[0]


def ready_action(cmd: Command) -> str | None:
    """The action a ready option fires ("attack", "run", "deed:lever" …), "attack" when it
    names none; None if `cmd` sets no trigger."""
    if ready_kind(cmd) is None:
        return None
    assert isinstance(cmd, Choose)
    parts = cmd.option[len(READY):].split(":", 2)  # kind, what, action
    return parts[2] if len(parts) > 2 and parts[2] else "attack"


def action_heading(action: str) -> str:
    """The action group's heading in a player's words: "…he runs from the foe"."""
    head, _, name = action.partition(":")
    if head == "deed":
        return f"{ACTIONS['deed']} {name.replace('_', ' ')}"
    return ACTIONS.get(head, f"…{action.replace('_', ' ')}")


def by_action(options: Iterable[Choose]) -> dict[str, list[Choose]]:
    """One kind's ready options by the action they fire, in the order offered (the rules
    offer the attacks first)."""
    found: dict[str, list[Choose]] = {}
    for c in options:
        action = ready_action(c)
        if action is not None:
            found.setdefault(action, []).append(c)
    return found


def heading(kind: str) -> str:
    """The group's heading in a player's words."""
    return HEADINGS.get(kind, f"If … ({kind.replace('_', ' ')})")


def groups(commands: Iterable[Command]) -> dict[str, list[Choose]]:
    """The ready options among `commands`, by kind: the kinds in `HEADINGS` order (any
    other after them, as met), the options within a kind in the order offered (the rules
    offer the nearest to the foe first)."""
    found: dict[str, list[Choose]] = {}
    for c in commands:
        kind = ready_kind(c)
        if kind is not None:
            assert isinstance(c, Choose)
            found.setdefault(kind, []).append(c)
    order = [k for k in HEADINGS if k in found] + [k for k in found if k not in HEADINGS]
    return {k: found[k] for k in order}


__all__ = ["ACTIONS", "HEADINGS", "READY", "action_heading", "by_action", "groups", "heading",
           "ready_action", "ready_kind"]
