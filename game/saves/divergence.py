"""Deciding a saved step again and comparing it with what the save recorded, and saying where
a save parts from the rules in a player's words.

A save holds each command and the events it led to.  Folding the events rebuilds the battle
fast (the replay viewer does), but trusts the file: a die roll edited from 3 to 5, two events
swapped or a command for a figure that is not there would fold without a word.  Deciding
each command again from the state before it, with the battle's own dice, and comparing
event by event is what tells a save the rules would have played from one they would not;
`redecide` does it for one step, for ``flank replay --verify`` and for loading to play on.

`SaveDiverges` is the `SaveError` of a save that parts from the rules (or is damaged) after
a good beginning: it names the step, in a player's words ("step 14 (Orc 4 attacks Spearman
2): the save says the die rolled 5, the rules roll 3"), and holds the part that can be
trusted, so the battle can be loaded up to the step before (`game.saves.rescue`).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.saves.errors import SaveError
from game.saves.loaded import LoadedSave, Step
from game.saves.parsing import _dumps
from rules.engine import IllegalCommand, submit
from rules.events import Event
from rules.state import Battle, state_hash
from rules.wording import Words, and_list, ruling_value


@dataclass(frozen=True)
class Divergence:
    """Where deciding a save's commands again first gave something else."""

    step: int  # the step's number on its line (0: the opening)
    line: int
    index: int  # the event's index in the step (-1: the command itself was refused)
    expected: Event | None
    got: Event | None
    reason: str = ""
    said: str = ""  # the same in a player's words: "the save says the die rolled 5, ..."

    def describe(self) -> str:
        """For developers (``flank replay --verify``): the two events as JSON."""
        where = "the opening" if self.step == 0 else f"step {self.step}"
        head = f"diverges at {where} (line {self.line})"
        if self.reason:
            return f"{head}: {self.reason}"
        exp = _dumps(self.expected.model_dump(mode="json")) if self.expected else "nothing"
        got = _dumps(self.got.model_dump(mode="json")) if self.got else "nothing"
        return f"{head}, event {self.index + 1}:\n  expected {exp}\n  got      {got}"


class SaveDiverges(SaveError):
    """A save that can be trusted only up to a step: from there on it is not what the rules
    would have played (or it is damaged).  ``str()`` is one line like any `SaveError`;
    `good` is the save as it stood before the problem, checked, and `up_to` its step."""

    def __init__(self, path: str | Path, line: int, problem: str, *, good: LoadedSave,
                 divergence: Divergence | None = None) -> None:
        super().__init__(path, f"line {line}", problem)
        self.line = line
        self.good = good
        self.divergence = divergence

    @property
    def up_to(self) -> int:
        """The last step that can be trusted (0: only the battle's start)."""
        return self.good.position

    def hint(self) -> str:
        """What to type to play on from the last good step, in a new save."""
        command = f"flank play --load {shlex.quote(self.path)} --up-to-step {self.up_to}"
        if self.up_to == 0:
            return f"`{command}` starts the battle again from the beginning, in a new save"
        return f"`{command}` plays on from step {self.up_to}, in a new save"


# --- deciding again ----------------------------------------------------------------------------


def same_events(recorded: Sequence[Event], got: Sequence[Event], step: int, line: int,
                before: Battle | None = None) -> Divergence | None:
    """The first event where `got` (the rules) differs from `recorded` (the save), or None.
    With `before` (the state the step began in) the divergence is also said in words."""
    for i in range(max(len(recorded), len(got))):
        a = recorded[i] if i < len(recorded) else None
        b = got[i] if i < len(got) else None
        if a is not None and b is not None and (a == b or _json(a) == _json(b)):
            continue
        said = difference(a, b, Words.of(before)) if before is not None else ""
        return Divergence(step, line, i, a, b, said=said)
    return None


def redecide(before: Battle, step: Step, hasher: Callable[[Battle], str] = state_hash
             ) -> tuple[Battle, Divergence | None]:
    """Decide `step`'s command again from `before` and compare: (the state after it, None)
    if the rules give exactly the recorded events and the recorded hash, else (`before`,
    where and how they part).  `hasher` is `state_hash` or one that gives the same digests
    (a `game.saves.hashing.StateHasher`, cheaper over one battle's steps)."""
    try:
        after, got = submit(before, step.command)
    except IllegalCommand as exc:
        words = Words.of(before)
        return before, Divergence(
            step.number, step.line, -1, None, None,
            f"the rules refuse the command {step.command.describe()}: {exc.reason}",
            f"the rules refuse it: {words.text(exc.reason)}")
    except Exception as exc:  # a command the rules cannot even read in this battle
        text = " ".join(str(exc).split()) or type(exc).__name__
        return before, Divergence(
            step.number, step.line, -1, None, None,
            f"the rules cannot decide the command {step.command.describe()}: {text}",
            f"the rules cannot decide it: {text}")
    div = same_events(step.events, got, step.number, step.line, before)
    if div is not None:
        return before, div
    if step.hash is not None and hasher(after) != step.hash:
        return before, Divergence(
            step.number, step.line, -1, None, None,
            "the state after it does not match the hash recorded with it",
            "the battle after it is not the one the save recorded (its hash differs)")
    return after, None


def step_words(step: Step, before: Battle) -> str:
    """"step 14 (Orc 4 attacks Spearman 2)": a step as a player knows it."""
    try:
        said = step.command.say(Words.of(before))
    except Exception:  # a command naming what is not there still has a number
        said = ""
    return f"step {step.number} ({said})" if said else f"step {step.number}"


# --- in a player's words -----------------------------------------------------------------------


def difference(saved: Event | None, ruled: Event | None, words: Words) -> str:
    """How the save's event differs from the rules' at the same place."""
    if saved is None and ruled is None:
        return "the save and the rules agree"
    if saved is None:
        return f"the rules go on with {_told(ruled, words)}, which the save does not have"
    if ruled is None:
        return f"the save has {_told(saved, words)}, which the rules do not give"
    if saved.type == ruled.type and saved.rolls != ruled.rolls:
        return f"the save says {_dice(saved.rolls)}, the rules roll {_faces(ruled.rolls)}"
    a, b = _told(saved, words), _told(ruled, words)
    if saved.type != ruled.type or a != b:
        return f"the save says {a}, the rules say {b}"
    mine, theirs = _json(saved), _json(ruled)
    for key in [*mine, *(k for k in theirs if k not in mine)]:
        if mine.get(key) != theirs.get(key):
            what = key.replace("_", " ")
            return (f"the save says {what} {_value(mine.get(key), words)} in {a}, the rules "
                    f"say {_value(theirs.get(key), words)}")
    return f"the save says {a}, the rules say the same in other words"


def _told(event: Event | None, words: Words) -> str:
    if event is None:
        return "nothing"
    try:
        text = words.say(event)
    except Exception:  # an event the save made up may not narrate in this battle
        text = ""
    return f"“{text}”" if text else f"“{event.type.replace('_', ' ')}”"


def _dice(faces: Sequence[int]) -> str:
    if not faces:
        return "no dice were rolled"
    return f"the {'die' if len(faces) == 1 else 'dice'} rolled {_faces(faces)}"


def _faces(faces: Sequence[int]) -> str:
    return and_list([str(f) for f in faces]) if faces else "none"


def _value(value: Any, words: Words) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return words.unit(value) if value in words.units else ruling_value(value)
    return ruling_value(value)


def _json(event: Event) -> dict[str, Any]:
    return event.model_dump(mode="json")  # type: ignore[no-any-return]
