"""Whether a lesson step's goal has been reached, from the battle's state and the events of
the latest step: headless, and the same check the window and the tests make."""

from __future__ import annotations

from collections.abc import Iterable

from game.lessons.book import Goal
from rules.engine import evolve, ruleset_of
from rules.events import AttackRolled, Event, Modifier
from rules.hexgrid import Hex, offset_to_hex
from rules.positioning import arc, in_line
from rules.state import Battle, Unit


def _side_of(state: Battle, uid: str) -> str | None:
    try:
        return state.unit(uid).side
    except (KeyError, LookupError):
        return None


def _figures(state: Battle, side: str, uid: str) -> list[Unit]:
    return [u for u in state.units if u.side == side and u.fighting and u.pos is not None
            and (not uid or u.id == uid)]


def _modifiers(e: Event) -> list[Modifier]:
    """Every modifier the roll shows: to hit, and whatever else its ruleset itemises (an
    Empress roll lists the defender's Coverage apart, where the shield wall is, EMP-22)."""
    out: list[Modifier] = []
    for name in type(e).model_fields:
        value = getattr(e, name)
        if isinstance(value, tuple):
            out += [m for m in value if isinstance(m, Modifier)]
    return out


def _is_blow(e: Event) -> bool:
    """An attack rolled: the shared AttackRolled; a ruleset's own that plays as one blow
    (Enchanted Realms' d20s, ER-03, as the board's animation tells them,
    game/render/animation.py); or one that carries the same attacker, target and kind
    (ZeFRS's blow, `zef_attack_rolled`, with its aiming point)."""
    return isinstance(e, AttackRolled) or bool(getattr(e, "animates_as_blow", False)) or (
        e.type.endswith("_attack_rolled") and all(
            isinstance(getattr(e, f, None), str) for f in ("attacker", "target", "kind")))


def _in_arc(state: Battle, foe: Unit, at: Hex, want: str) -> bool:
    """Whether `at` lies in `foe`'s arc `want`: front, flank or rear as R-POS-ARC reads
    them, or "unguarded", where the ruleset's arcs overlay says his shield is not brought
    to bear (ZeFRS, R-ZEF-SHIELD-ARC); a figure with no such marks has no unguarded side."""
    if want != "unguarded":
        return arc(foe, at) == want
    marks = ruleset_of(state).arc_marks(state, foe.id, [at])
    return bool(marks) and marks.get(at) == "unguarded"


def _attack_counts(goal: Goal, state: Battle, e: Event, side: str) -> bool:
    attacker, target = getattr(e, "attacker", ""), getattr(e, "target", "")
    if _side_of(state, attacker) != side or (goal.unit and attacker != goal.unit):
        return False
    if goal.kinds and getattr(e, "kind", "") not in goal.kinds:
        return False
    if goal.aim and getattr(e, "aim", "") != goal.aim:
        return False
    if goal.rule and not any(goal.rule in m.rule for m in _modifiers(e)):
        return False
    if goal.arc:
        a, t = state.unit(attacker), state.unit(target)
        if a.pos is None or t.pos is None or not _in_arc(state, t, a.pos, goal.arc):
            return False
    return True


def _rushed(goal: Goal, state: Battle, events: Iterable[Event], side: str) -> bool:
    """ZEF-28, ZEF-29: one of the side's figures rushed a foe and got past him or bowled
    him over (any colour of the rush check but white, which throws the rusher down)."""
    return any(e.type == "zef_manoeuvre_rolled" and getattr(e, "kind", "") == "rush"
               and getattr(e, "colour", "white") != "white"
               and _side_of(state, getattr(e, "unit", "")) == side
               and (not goal.unit or getattr(e, "unit", "") == goal.unit) for e in events)


def _as_struck(state: Battle, events: Iterable[Event],
               before: Battle | None) -> Iterable[tuple[Battle, Event]]:
    """Each event with the battle as it stood when it came: folded from `before` (the state
    before these events) where given, since a figure may turn after a blow and the goal is
    about where the blow came from (a ZeFRS figure turns to face the man he strikes);
    otherwise the state now."""
    now = before
    for e in events:
        yield (now if now is not None else state), e
        if now is not None:
            try:
                now = evolve(now, e)
            except (KeyError, LookupError, ValueError, TypeError):
                now = None  # cannot be folded here: read the state now, as without `before`


def reached(goal: Goal, state: Battle, events: Iterable[Event], pupil: str,
            before: Battle | None = None) -> bool:
    """Has `goal` been met, given the state now and the events just applied (to `before`,
    where given: an attack is then judged as the battle stood when it was rolled)?  `pupil`
    is the side the player commands; every other side is the foe."""
    events = tuple(events)
    side = pupil if goal.by == "pupil" else next(
        (s.id for s in state.sides if s.id != pupil), "")
    if goal.kind == "attack":
        return any(_is_blow(e) and _attack_counts(goal, then, e, side)
                   for then, e in _as_struck(state, events, before))
    if goal.kind == "rush":
        return _rushed(goal, state, events, side)
    if goal.kind == "declare":
        if goal.action and any(getattr(u, "declared", "") == goal.action  # FE-06: in the state
                               for u in _figures(state, side, goal.unit)):
            return True
        for e in events:
            who = getattr(e, "unit", None)
            if who is None or _side_of(state, who) != side or (goal.unit and who != goal.unit):
                continue
            if e.type in goal.events or (goal.action and getattr(e, "action", "") == goal.action):
                return True
        return False
    if goal.kind in ("at", "defend", "knock_back"):
        return _reached_more(goal, state, events, side)
    mine = _figures(state, side, goal.unit)
    foes = [u for u in state.units if u.side != side and u.fighting and u.pos is not None]
    if goal.kind == "stand":
        return any(f.pos.distance(u.pos) == 1 and _in_arc(state, f, u.pos, goal.arc)
                   for u in mine for f in foes)
    if goal.kind == "apart":
        return bool(mine) and all(f.pos.distance(u.pos) > 1 for u in mine for f in foes)
    friends = _figures(state, side, "")
    if goal.kind == "rank":
        return any(len(_rank(u, friends)) >= goal.size for u in mine)
    return any(o.id != u.id and o.pos.distance(u.pos) == 1 for u in mine for o in friends)


def _rank(first: Unit, friends: list[Unit]) -> set[str]:
    """The figures standing in one rank with `first`: side by side and facing his way,
    joined through each other (how Empress counts a shield wall, EMP-22 (a))."""
    seen, todo = {first.id}, [first]
    while todo:
        u = todo.pop()
        for o in friends:
            if o.id not in seen and in_line(u, o):
                seen.add(o.id)
                todo.append(o)
    return seen


def _reached_more(goal: Goal, state: Battle, events: tuple[Event, ...] | Iterable[Event],
                  side: str) -> bool:
    """The goals of the Enchanted Realms and Tarnished Tale lessons: standing on a marked
    tile (past a foe, ER-19; beside him at the angle that leaves open ground behind him,
    TT-18), a declared defence (TT-06), a foe knocked back (TT-18)."""
    if goal.kind == "at":
        assert goal.cell is not None
        b = state.board
        there = offset_to_hex(goal.cell[0], goal.cell[1], b.stagger_axis,  # type: ignore[arg-type]
                              b.stagger_index)  # type: ignore[arg-type]
        return any(u.pos == there for u in _figures(state, side, goal.unit))
    if goal.kind == "defend":  # TT-06: the defender's declaration, an event naming him
        return any(getattr(e, "defence", None) == goal.action
                   and _side_of(state, getattr(e, "defender", "")) == side
                   and (not goal.unit or getattr(e, "defender", "") == goal.unit)
                   for e in events)
    # knock_back, TT-18: a fumbled block or sponge moved one of the other side a cell back
    return any(e.type.endswith("knocked_back") and getattr(e, "moved", False)
               and _side_of(state, getattr(e, "unit", "")) not in (side, None)
               for e in events)
