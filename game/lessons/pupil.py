"""A scripted pupil: does what the current step's hint says, through the legal commands the
rules offer, and otherwise ends its part of the turn.  `flank lessons` and the tests play
every lesson with it, so a lesson is known to be winnable as its steps say."""

from __future__ import annotations

from collections.abc import Sequence

from game.lessons import LessonRun
from rules.commands import Attack, Choose, Command, Declare, EndPhase, Move, Pass, React
from rules.events import unhx
from rules.state import Battle


class ScriptedPupil:
    def __init__(self, run: LessonRun) -> None:
        self.run = run
        self.commands: list[Command] = []

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        cmd = self._pick(legal)
        self.commands.append(cmd)
        return cmd

    def _pick(self, legal: Sequence[Command]) -> Command:
        step = self.run.step
        hint = step.hint_under(self.run.ruleset) if step is not None else None
        reacts = [c for c in legal if isinstance(c, React)]
        if reacts:
            want = bool(hint and hint.react)
            return next(c for c in reacts if c.accept is want)
        declares = [c for c in legal if isinstance(c, Declare)]
        if declares:
            unit = declares[0].unit
            action = hint.declare if hint and hint.unit in ("", unit) else ""
            if not action and hint is not None and hint.go is not None:
                go = self.run.cell_hex(hint.go)  # ZeFRS states the hex he moves to (ZEF-15)
                action = f"move:{go.q},{go.r}"
            for name in (action, "melee"):
                found = next((c for c in declares if c.action == name), None)
                if found is not None:
                    return found
            return declares[0]
        if hint is not None and hint.choose:
            chosen = next((c for c in legal if isinstance(c, Choose) and c.option == hint.choose
                           and c.unit == (hint.unit or c.unit)), None)
            if chosen is not None:
                return chosen
        if hint is not None and hint.go is not None:
            goal = self.run.cell_hex(hint.go)
            moves = [c for c in legal if isinstance(c, Move) and c.unit == hint.unit
                     and unhx(c.path[-1]) == goal and len(c.path) > 1]
            if moves:
                return min(moves, key=lambda c: (c.facing is not None, len(c.path)))
        if hint is not None and hint.attack:
            hit = next((c for c in legal if isinstance(c, Attack) and c.target == hint.attack
                        and not c.options), None)
            if hit is not None:
                return hit
        return next((c for c in legal if isinstance(c, EndPhase)),
                    next((c for c in legal if isinstance(c, Pass)), legal[0]))
