"""The lesson book: maps/lessons/lessons.toml, read and checked with pydantic.

A lesson is a small bundled map plus steps.  Each step says what the player is told, the goal
the game checks (from the state or the events, see `game.lessons.goals`), the rule it teaches
(cited per ruleset, since each ruleset words the idea in its own clause), the exact odds worth
showing, and what to take from it once done.  A lesson lists the rulesets that have its idea;
the list screen offers each.  A broken file is one `LessonError` line naming the file and the
place, so a GM editing it sees what to fix.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.content import MAPS

LESSONS_DIR = MAPS / "lessons"
LESSONS_FILE = LESSONS_DIR / "lessons.toml"

Cell = tuple[int, int]  # a map tile (col, row), as Tiled's status bar shows it


class LessonError(ValueError):
    """The lessons file cannot be used; the message is one line."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Goal(_Model):
    """What the game waits for before the next step.

    attack  an attack was rolled by the pupil's (or the foe's, `by`) figure, of one of
            `kinds` if given, citing `rule` among its modifiers if given, from the target's
            `arc` if given, at the aiming point `aim` if given (ZeFRS, ZEF-24)
    declare the pupil's figure declared `action` (or an event of one of `events` names him)
    stand   the pupil's figure stands in a foe's `arc`
    apart   the pupil's figure `unit` stands clear of every foe
    beside  the pupil's figure `unit` stands next to another of the pupil's figures
    rank    the pupil's figure `unit` stands in one rank with others of his side, side by
            side and facing the same way, `size` in all (a shield wall, EMP-22, is counted
            so; a figure next to a friend but facing elsewhere is beside him, not in rank)
    at      the pupil's figure `unit` stands on the tile `cell`
    defend  the pupil's (or the foe's, `by`) figure declared the defence `action` against a
            blow (Tarnished Tale's dodge, block, sponge or counter_attack, TT-06)
    knock_back  a figure of the other side than `by` was knocked back onto a free cell
            (Tarnished Tale's fumbled block or sponge, TT-18)
    rush    the pupil's figure rushed a foe and was not thrown back: a rush check of any
            colour but white, past him or bowling him over (ZeFRS, ZEF-28, ZEF-29)

    An `arc` is front, flank or rear as every ruleset reads them, or where the foe's shield
    is not brought to bear, "unguarded" (as the arcs overlay marks it: ZeFRS's
    R-ZEF-SHIELD-ARC, a shield guards its front and its own flank only).
    """

    kind: Literal["attack", "declare", "stand", "apart", "beside", "rank", "at", "defend",
                  "knock_back", "rush"]
    by: Literal["pupil", "foe"] = "pupil"
    unit: str = ""  # the figure the goal is about ("" any of the side's)
    kinds: tuple[str, ...] = ()
    rule: str = ""
    arc: Literal["", "front", "flank", "rear", "unguarded"] = ""
    aim: str = ""  # attack: the aiming point struck at (ZeFRS, ZEF-24)
    action: str = ""
    events: tuple[str, ...] = ()
    size: int = Field(0, ge=0)  # rank: how many figures the rank holds, him included
    cell: Cell | None = None  # at: the tile he must stand on (col, row)

    @model_validator(mode="after")
    def _complete(self) -> Goal:
        if self.kind == "declare" and not (self.action or self.events):
            raise ValueError("a declare goal needs an action or events")
        if self.kind == "stand" and not self.arc:
            raise ValueError("a stand goal needs an arc")
        if self.kind in ("apart", "beside", "rank") and not self.unit:
            raise ValueError(f"a{'n' if self.kind == 'apart' else ''} {self.kind} goal "
                             "needs the unit it is about")
        if self.kind == "rank" and self.size < 2:
            raise ValueError("a rank goal needs its size, 2 or more")
        return self._complete_new_kinds()

    def _complete_new_kinds(self) -> Goal:
        if self.kind == "at" and (self.cell is None or not self.unit):
            raise ValueError("an at goal needs the unit it is about and its cell")
        if self.kind == "defend" and not self.action:
            raise ValueError("a defend goal needs the defence declared, as its action")
        return self


class Odds(_Model):
    """One line of exact odds to show while a step is on: `attacker` striking `target`, as
    things stand or from the tile `from_cell`, at the aiming point `aim` if given."""

    label: str
    attacker: str
    target: str
    kind: str = "melee"
    from_cell: Cell | None = None
    defence: str = ""  # the target's declared defence, where the ruleset has one (TT-06)
    aim: str = ""  # the aiming point struck at, where the ruleset has them (ZeFRS, ZEF-24)


class Hint(_Model):
    """How the step is done, for the marks on the board and for a scripted player."""

    declare: str = ""  # the action to declare (rulesets that declare)
    choose: str = ""  # an option to choose (Empress's fall_back, a stance...)
    unit: str = ""  # the figure to use
    go: Cell | None = None  # the tile to move to (marked on the board)
    attack: str = ""  # the figure to strike
    react: bool | None = None  # take (True) or let go (False) a reaction offered


class Step(_Model):
    """One step.  `say` and `then` are the words for every ruleset unless `say_for` or
    `then_for` words them for one (what the player does differs: Fallen Empire declares a
    retreat, Empress spends an action falling back)."""

    say: str = Field(min_length=1)
    say_for: dict[str, str] = {}
    goal: Goal
    goal_for: dict[str, Goal] = {}  # a ruleset whose events differ checks its own goal
    rule: dict[str, str]  # ruleset id -> the clause cited and what it says
    then: str = Field(min_length=1)  # what to take from it, shown once done
    then_for: dict[str, str] = {}
    odds: tuple[Odds, ...] = ()
    hint: Hint = Hint()
    hint_for: dict[str, Hint] = {}

    def goal_under(self, ruleset: str) -> Goal:
        return self.goal_for.get(ruleset, self.goal)

    def hint_under(self, ruleset: str) -> Hint:
        return self.hint_for.get(ruleset, self.hint)

    def say_under(self, ruleset: str) -> str:
        return self.say_for.get(ruleset, self.say)

    def then_under(self, ruleset: str) -> str:
        return self.then_for.get(ruleset, self.then)


class Lesson(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1)
    idea: str = Field(min_length=1)  # one sentence: what the lesson teaches
    map: str
    map_for: dict[str, str] = {}  # ruleset id -> its own map, when it needs other figures
    rulesets: tuple[str, ...] = Field(min_length=1)
    opponent: Literal["still", "guard", "aggressive", "charger", "blocker"] = "aggressive"
    seed: dict[str, int] = {}  # ruleset id -> dice seed, so the lesson goes as written
    options: dict[str, dict[str, object]] = {}  # ruleset id -> options for the battle
    steps: tuple[Step, ...] = Field(min_length=1)

    @property
    def path(self) -> Path:
        return LESSONS_DIR / self.map

    def map_under(self, ruleset: str) -> str:
        return self.map_for.get(ruleset, self.map)

    def path_under(self, ruleset: str) -> Path:
        """The map the lesson is played on under `ruleset` (Empress's shield wall needs
        three shield-bearers where Fallen Empire's shieldmates need two)."""
        return LESSONS_DIR / self.map_under(ruleset)

    @model_validator(mode="after")
    def _every_ruleset_cited(self) -> Lesson:
        for i, step in enumerate(self.steps, start=1):
            missing = [r for r in self.rulesets if r not in step.rule]
            if missing:
                raise ValueError(f"step {i} cites no rule for {', '.join(missing)}")
        stray = [r for r in self.map_for if r not in self.rulesets]
        if stray:
            raise ValueError(f"map_for names {stray[0]}, which is not among its rulesets")
        return self


class Book(_Model):
    lesson: tuple[Lesson, ...] = Field(min_length=1)


def _where(err: ValidationError, data: dict) -> str:
    first = err.errors()[0]
    place, node = [], data
    for part in first["loc"]:
        if isinstance(part, int) and isinstance(node, list) and part < len(node):
            node = node[part]
            title = node.get("id") if isinstance(node, dict) else None
            place.append(f"'{title}'" if title else f"#{part + 1}")
        else:
            node = node.get(part, {}) if isinstance(node, dict) else {}
            if part not in ("lesson",):
                place.append(str(part))
    msg = first["msg"].removeprefix("Value error, ")
    return f"{' '.join(place) or 'top'}: {msg}"


def load_lessons(path: Path = LESSONS_FILE) -> tuple[Lesson, ...]:
    """Every lesson in the file, checked: its rulesets exist, its map is there, each step
    cites a rule under each ruleset.  LessonError (one line) otherwise."""
    from rules.engine import catalogue

    name = path.name if path.parent == LESSONS_DIR else str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LessonError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{name}: not valid TOML ({exc})") from None
    try:
        book = Book.model_validate(data)
    except ValidationError as exc:
        raise LessonError(f"{name}: lesson {_where(exc, data)}") from None
    known = {rid for rid, _, _ in catalogue()}
    seen: set[str] = set()
    for lesson in book.lesson:
        if lesson.id in seen:
            raise LessonError(f"{name}: two lessons are called '{lesson.id}'")
        seen.add(lesson.id)
        unknown = [r for r in lesson.rulesets if r not in known]
        if unknown:
            raise LessonError(f"{name}: lesson '{lesson.id}': no ruleset called "
                              f"'{unknown[0]}' (known: {', '.join(sorted(known))})")
        for file in dict.fromkeys((lesson.map, *lesson.map_for.values())):
            if not (path.parent / file).is_file():
                raise LessonError(f"{name}: lesson '{lesson.id}': its map {file} is missing")
    return book.lesson
