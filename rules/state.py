"""The battle as an immutable value.

Everything here is a frozen dataclass: copying a state is free, undo is keeping the old one,
and the AI can branch without cloning field by field.  A state only changes through
`engine.evolve(state, event)`, which returns a new one.

Rulesets extend `Unit` (their own statistics) and put their own battle-wide data in
`Battle.system`, and their own pending decisions on `Battle.stack` as `Frame` subclasses.
Units are kept in a tuple sorted by id, so any iteration over them is in a fixed order: no
rule outcome ever depends on set or dict order.

Longer than most modules because the index of who stands where (`Whereabouts`) lives here,
beside the `Battle` that builds and patches it: in a module of its own it would import the
statuses from here while `Battle.where` imports it back, an import circle.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rules.hexgrid import Hex

if TYPE_CHECKING:
    from rules.commands import Command
    from rules.engine import Context
    from rules.wording import Words

# Unit statuses every ruleset shares.  Rulesets may add their own (as strings) but these
# are what positioning and the window understand.
ACTIVE = "active"  # can move and fight
DOWN = "down"  # on the board but out of the fight (0 HP, unconscious, dying, stable)
DEAD = "dead"
GONE = "gone"  # left the battle: fled, surrendered, ejected

FIGHTING_STATUSES = frozenset({ACTIVE})


@dataclass(frozen=True, slots=True)
class Terrain:
    """What one hex of the board is like (read from Tiled tile properties)."""

    kind: str = "grass"
    move_cost: int = 1
    cover: bool = False
    impassable: bool = False
    elevation: int = 0


@dataclass(frozen=True)
class Board:
    """The map: which hexes exist and their terrain.  Never changes during a battle."""

    cells: tuple[tuple[Hex, Terrain], ...]
    feet_per_hex: int = 5
    width: int = 0
    height: int = 0
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    _index: dict[Hex, Terrain] = field(default_factory=dict, compare=False, repr=False)
    # Answers worked out from the board and a few facts near a figure, kept for reuse while
    # those facts stay the same (`positioning.walk_paths`): the board never changes, so
    # every state of a battle shares them.  Never compared or saved.
    memo: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    cheapest_step: int = field(default=1, init=False, compare=False, repr=False)
    # What entering each passable hex costs (R-POS-BLOCK without the figures).
    entry_costs: dict[Hex, int] = field(default_factory=dict, init=False, compare=False,
                                        repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "memo"}

    def __setstate__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)
        self.__dict__["memo"] = {}

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", dict(self.cells))
        entry = {h: t.move_cost for h, t in self.cells if not t.impassable}
        object.__setattr__(self, "entry_costs", entry)
        object.__setattr__(self, "cheapest_step", min(entry.values(), default=1))

    def __contains__(self, h: object) -> bool:
        return h in self._index

    def terrain(self, h: Hex) -> Terrain | None:
        return self._index.get(h)

    def passable(self, h: Hex) -> bool:
        t = self._index.get(h)
        return t is not None and not t.impassable

    def hexes(self) -> Iterator[Hex]:
        return (h for h, _ in self.cells)

    @classmethod
    def open_field(cls, radius: int, feet_per_hex: int = 5) -> Board:
        """A hexagonal board of plain grass, handy for tests and quick demos."""
        from rules.hexgrid import spiral

        cells = tuple(sorted((h, Terrain()) for h in spiral(Hex(0, 0), radius)))
        return cls(cells=cells, feet_per_hex=feet_per_hex, width=2 * radius + 1,
                   height=2 * radius + 1)


@dataclass(frozen=True, slots=True)
class Side:
    id: str
    name: str
    player_characters: bool = False  # the PCs' side (declares first, its PCs never check morale)


@dataclass(frozen=True, slots=True)
class Unit:
    """What every ruleset knows of a unit.  Rulesets subclass it with their statistics."""

    id: str
    side: str
    template: str
    name: str
    pos: Hex | None
    facing: int
    hp: int
    max_hp: int
    status: str = ACTIVE
    condition: str = ""  # the ruleset's finer word for the status: dying, stable, fled ...
    reach_ft: int = 5
    size: str = "man"
    # "male", "female" or "neuter", as the scenario says (`gender`); "" reads as the texts'
    # own "he".  Only words read it (rules.wording.pronoun), so it takes no part in
    # comparisons or the state's hash.
    gender: str = field(default="", compare=False)

    @property
    def fighting(self) -> bool:
        """On the board and able to threaten, attack and react."""
        return self.status == ACTIVE and self.pos is not None


@dataclass(frozen=True, slots=True)
class Frame:
    """A pending procedure or decision on the stack.  `actor` is the side that must choose,
    or None when the engine runs the frame by itself.  A frame that is something half done
    (a move waiting on a free attack, a blow waiting on a shield) sets `gm_may_interrupt`
    False, so a GM's exchange waits until it is over."""

    gm_may_interrupt: ClassVar[bool] = True
    # A frame that opens a mode (a joust, a chase, a mass battle) names it and the kind of
    # board it is drawn on; the game picks the scene, the view and the computer's knowledge
    # from these through the registry (DESIGN.md, "Modes").  None: it adds no mode.
    mode: ClassVar[str | None] = None
    board: ClassVar[str | None] = None
    # How a figure's facing (a hexside, rules.hexgrid.DIRECTIONS) reads on that board, six
    # words in the hexsides' order: a square grid says "north" where a pointy-top hex map
    # says "north-west" (rules.wording.Words.direction).  None: the hex map's compass.
    facing_words: ClassVar[tuple[str, ...] | None] = None
    # True: the frame answers for the commands it accepts (`legal`, `check`, `decide`) and
    # runs itself (`run`), so no ruleset has to ask `isinstance(state.top, ...)` to route
    # them.  False: the ruleset answers, as for every skirmish frame.
    owns_commands: ClassVar[bool] = False
    actor: str | None = None

    def legal(self, state: Battle, side: str) -> list[Command]:
        raise NotImplementedError(f"{type(self).__name__} owns no commands")

    def check(self, state: Battle, command: Command) -> str | None:
        raise NotImplementedError(f"{type(self).__name__} owns no commands")

    def decide(self, ctx: Context, command: Command) -> None:
        raise NotImplementedError(f"{type(self).__name__} owns no commands")

    def run(self, ctx: Context) -> None:
        """Advance this frame when nobody is to choose (actor None): emit at least one event."""
        raise NotImplementedError(f"{type(self).__name__} owns no commands")

    def moment(self, state: Battle, words: Words) -> str:
        """What the side deciding is asked now, and why, in one line of a player's words
        citing the clause (`Ruleset.moment`), for a frame that owns its commands (a mode's:
        a pass at the tilt, a mass battle's orders, a second of a chase); "" for a frame
        whose ruleset says it."""
        return ""


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None  # None: a draw
    reason: str


_SAME: Any = object()  # `Battle.remade`: this field as it is


T = TypeVar("T")
# class -> (a getter of its init fields' values, all at once; each field's place; the
# keyword-only fields' names, passed by name), worked out once per class
_SHAPES: dict[type, tuple[Callable[[Any], Any], dict[str, int], tuple[str, ...]]] = {}


def changed(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace` for the frozen records of a battle.  Folding an event replaces
    a unit, a frame or the ruleset's data a few times, and `replace`'s walk of every field
    was the replay's largest cost (issues 22 and 36): here each class's fields are read in
    one C call (`operator.attrgetter`) and passed on by position, so changing one field of
    a 60-field unit costs no walk over the other 59.  Same result, same errors (an unknown
    field is a TypeError); `tests/test_state_index.py` compares the two."""
    cls = type(obj)
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _shape(cls)
    get, place, by_name = shape
    values = list(get(obj)) if len(place) > 1 else [get(obj)] if place else []
    for name, value in changes.items():
        at = place.get(name)
        if at is None:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument "
                            f"{name!r}")
        values[at] = value
    if by_name:
        n = len(values) - len(by_name)
        return cls(*values[:n], **dict(zip(by_name, values[n:], strict=True)))
    return cls(*values)


def _shape(cls: type) -> tuple[Callable[[Any], Any], dict[str, int], tuple[str, ...]]:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    fields = [f for f in fields if not f.kw_only] + [f for f in fields if f.kw_only]
    names = [f.name for f in fields]
    get = operator.attrgetter(*names) if names else (lambda _obj: ())
    return get, {n: i for i, n in enumerate(names)}, tuple(f.name for f in fields if f.kw_only)


@dataclass(frozen=True, slots=True)
class Battle:
    ruleset: str
    seed: int
    board: Board
    sides: tuple[Side, ...]
    units: tuple[Unit, ...]
    system: Any = None  # the ruleset's own battle-wide data (a frozen dataclass)
    stack: tuple[Frame, ...] = ()
    round: int = 0
    dice_counter: int = 0
    events_applied: int = 0
    outcome: Outcome | None = None
    options: tuple[tuple[str, Any], ...] = ()  # GM overrides of rulings, by key
    title: str = ""
    # Derived, never compared, hashed or saved: who stands where (`Whereabouts`), built the
    # first time this state is asked.  `replace` leaves it out, so every new state starts
    # without one and can never carry a stale index.
    _where: Whereabouts | None = field(default=None, init=False, compare=False, repr=False)

    # --- reading -------------------------------------------------------------------------
    @property
    def where(self) -> Whereabouts:
        """The index of this state: unit by id, figures by hex, who threatens which hex."""
        w = self._where
        if w is None:
            # Most new states differ from the last only in their stack or their ruleset's
            # data: they share its units tuple, and so its index.
            hit = _INDEXES.get((id(self.units), self.board.feet_per_hex))
            if hit is not None and hit[0] is self.units:
                w = hit[1]
            else:
                w = Whereabouts(self)
                _remember(self, w)
            object.__setattr__(self, "_where", w)
        return w

    def unit(self, unit_id: str) -> Unit:
        u = self.where.by_id.get(unit_id)
        if u is None:
            raise KeyError(f"no unit {unit_id!r}")
        return u

    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self.where.by_id

    def unit_at(self, h: Hex) -> Unit | None:
        w = self.where
        here = w.standing.get(h)
        return w.by_id[here[0]] if here else None

    def side_units(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.side == side)

    def enemies_of(self, unit: Unit) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.side != unit.side)

    def option(self, key: str, default: Any) -> Any:
        for k, v in self.options:
            if k == key:
                return v
        return default

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    @property
    def mode(self) -> str:
        """The mode the battle is in: that of the innermost frame opening one ("joust",
        "chase" …), else "skirmish"."""
        return next((f.mode for f in reversed(self.stack) if f.mode), "skirmish")

    @property
    def board_kind(self) -> str:
        """The kind of board the battle is drawn on now: "hex" for a skirmish, else what the
        innermost mode's frame says ("lists", "grid", "track" …)."""
        return next((f.board for f in reversed(self.stack) if f.board), "hex")

    @property
    def facing_words(self) -> tuple[str, ...] | None:
        """The words for a hexside on the board drawn now (`board_kind`): those of the
        innermost mode's frame, or None for the hex map's compass."""
        return next((f.facing_words for f in reversed(self.stack) if f.board), None)

    # --- changing (only evolvers call these) ----------------------------------------------
    def remade(self, *, units: Any = _SAME, stack: Any = _SAME, dice_counter: Any = _SAME,
               events_applied: Any = _SAME) -> Battle:
        """This state with the fields that change at every event replaced: what
        `dataclasses.replace` gives, about three times as fast, since it does not walk the
        fields' definitions at each call (every event folded makes one or two; issue 22).
        It names every field: `tests/test_state_index.py` fails if a field is added to
        `Battle` and not here."""
        return Battle(self.ruleset, self.seed, self.board, self.sides,
                      self.units if units is _SAME else units, self.system,
                      self.stack if stack is _SAME else stack, self.round,
                      self.dice_counter if dice_counter is _SAME else dice_counter,
                      self.events_applied if events_applied is _SAME else events_applied,
                      self.outcome, self.options, self.title)

    def with_unit(self, unit: Unit) -> Battle:
        return self._put(self._place(unit.id), unit)

    def update_unit(self, unit_id: str, **changes: Any) -> Battle:
        at = self._place(unit_id)
        if at is None:
            raise KeyError(f"no unit {unit_id!r}")
        return self._put(at, changed(self.units[at], **changes))

    def _place(self, unit_id: str) -> int | None:
        """Where the unit of that id is in `units` (None: nowhere), from the index if this
        state has one (replay folds events without ever building one)."""
        w = self._where
        if w is not None:
            return w.order.get(unit_id)
        for i, u in enumerate(self.units):
            if u.id == unit_id:
                return i
        return None

    def _put(self, at: int | None, unit: Unit) -> Battle:
        """This state with `unit` at place `at` of `units` (None: no unit replaced), its
        index patched rather than rebuilt if it has one."""
        if at is None:
            return self.remade()
        units = self.units
        new = self.remade(units=(*units[:at], unit, *units[at + 1:]))
        w = self._where
        if w is not None:
            w = w.replaced(units[at], unit, new.units)
            object.__setattr__(new, "_where", w)
            _remember(new, w)
        return new

    # The index is derived: copies and pickles leave it behind (the copy rebuilds it when
    # asked), so they cost what they did before there was one.
    def __getstate__(self) -> list[Any]:
        return [None if f.name == "_where" else getattr(self, f.name)
                for f in dataclasses.fields(self)]

    def __setstate__(self, values: list[Any]) -> None:
        for f, v in zip(dataclasses.fields(self), values, strict=True):
            object.__setattr__(self, f.name, v)

    def push(self, frame: Frame) -> Battle:
        return self.remade(stack=(*self.stack, frame))

    def pop(self) -> Battle:
        return self.remade(stack=self.stack[:-1])

    def replace_top(self, frame: Frame) -> Battle:
        return self.remade(stack=(*self.stack[:-1], frame))


class Whereabouts:
    """Where everyone is in one state, so the questions rules ask most (this unit? who is on
    that hex? who threatens it?) are lookups rather than scans of every unit.

    Derived from the state alone and built lazily (`Battle.where`), so replay, copies and
    the AI's branching stay exact and cheap: a state nobody asks pays nothing, and a state
    made from an indexed one by changing one unit (`Battle.with_unit`) gets its index by
    patching, not rebuilding.  Hexes map to unit ids, in the order of `Battle.units` (by
    id), so no answer depends on dict order and a unit's other fields can change without
    touching the maps.

      by_id      unit id -> unit
      order      unit id -> its place in `Battle.units` (to sort answers as a scan would)
      standing   hex -> ids of the units on it that are not dead or gone (`unit_at`)
      fighting   hex -> ids of the fighting units on it (who threaten, block and engage)
      threats    hex -> ids of the fighting units that threaten it (R-POS-THREAT), built
                 on first use
    """

    __slots__ = ("_fighting", "_fph", "_order", "_standing", "_threats", "_units", "by_id")

    def __init__(self, state: Battle | None = None) -> None:
        if state is None:  # filled in by `replaced`
            return
        # Only the ids at once (what replay's evolvers ask); the maps when first asked.
        self._units = state.units
        self.by_id: dict[str, Unit] = {u.id: u for u in state.units}
        self._fph = state.board.feet_per_hex
        self._order: dict[str, int] | None = None
        self._standing: dict[Hex, tuple[str, ...]] | None = None
        self._fighting: dict[Hex, tuple[str, ...]] | None = None
        self._threats: dict[Hex, tuple[str, ...]] | None = None

    @property
    def order(self) -> dict[str, int]:
        if self._order is None:
            self._order = {u.id: i for i, u in enumerate(self._units)}
        return self._order

    @property
    def standing(self) -> dict[Hex, tuple[str, ...]]:
        if self._standing is None:
            self._map()
        assert self._standing is not None
        return self._standing

    @property
    def fighting(self) -> dict[Hex, tuple[str, ...]]:
        if self._fighting is None:
            self._map()
        assert self._fighting is not None
        return self._fighting

    def _map(self) -> None:
        standing: dict[Hex, list[str]] = {}
        fighting: dict[Hex, list[str]] = {}
        for u in self._units:
            if u.pos is None or u.status in (DEAD, GONE):
                continue
            standing.setdefault(u.pos, []).append(u.id)
            if u.status == ACTIVE:
                fighting.setdefault(u.pos, []).append(u.id)
        self._standing = {h: tuple(v) for h, v in standing.items()}
        self._fighting = {h: tuple(v) for h, v in fighting.items()}

    def replaced(self, old: Unit, new: Unit, units: tuple[Unit, ...]) -> Whereabouts:
        """The index once `old` has become `new` (the same id, now in `units`), every other
        unit unchanged: the maps already built are patched, the rest left to be built."""
        w = Whereabouts()
        w._units = units
        w.by_id = dict(self.by_id)
        w.by_id[new.id] = new
        w._order, w._fph = self._order, self._fph
        if (old.pos, old.status, old.reach_ft) == (new.pos, new.status, new.reach_ft):
            w._standing, w._fighting, w._threats = self._standing, self._fighting, self._threats
            return w
        w._standing = None if self._standing is None else self._moved(
            self._standing, old, new, lambda u: u.status not in (DEAD, GONE))
        w._fighting = None if self._fighting is None else self._moved(
            self._fighting, old, new, lambda u: u.status == ACTIVE)
        w._threats = (None if self._threats is None or self._fighting is None
                      else self._rethreaten(old, new))
        return w

    def _rethreaten(self, old: Unit, new: Unit) -> dict[Hex, tuple[str, ...]]:
        assert self._threats is not None
        out = dict(self._threats)
        if old.pos is not None and old.status == ACTIVE:
            for h in _around(old.pos, self.reach(old)):
                rest = tuple(i for i in out[h] if i != old.id)
                if rest:
                    out[h] = rest
                else:
                    del out[h]
        if new.pos is not None and new.status == ACTIVE:
            for h in _around(new.pos, self.reach(new)):
                ids = (*out.get(h, ()), new.id)
                out[h] = tuple(sorted(ids, key=self.order.__getitem__)) if len(ids) > 1 else ids
        return out

    def _moved(self, where: dict[Hex, tuple[str, ...]], old: Unit, new: Unit,
               counts: Callable[[Unit], bool]) -> dict[Hex, tuple[str, ...]]:
        out = dict(where)
        if old.pos is not None and counts(old):
            rest = tuple(i for i in out[old.pos] if i != old.id)
            if rest:
                out[old.pos] = rest
            else:
                del out[old.pos]
        if new.pos is not None and counts(new):
            ids = (*out.get(new.pos, ()), new.id)
            out[new.pos] = tuple(sorted(ids, key=self.order.__getitem__)) if len(ids) > 1 else ids
        return out

    def reach(self, u: Unit) -> int:
        """R-POS-REACH, as `positioning.reach_hexes` (repeated here: state cannot import it)."""
        return max(1, u.reach_ft // self._fph)

    @property
    def threats(self) -> dict[Hex, tuple[str, ...]]:
        if self._threats is None:
            found: dict[Hex, list[str]] = {}
            for ids in self.fighting.values():
                for i in ids:
                    u = self.by_id[i]
                    assert u.pos is not None
                    for h in _around(u.pos, self.reach(u)):
                        found.setdefault(h, []).append(i)
            order = self.order
            self._threats = {h: tuple(sorted(v, key=order.__getitem__)) if len(v) > 1
                             else tuple(v) for h, v in found.items()}
        return self._threats

    def units(self, ids: Iterable[str]) -> list[Unit]:
        by_id = self.by_id
        return [by_id[i] for i in ids]

    def fighting_near(self, h: Hex, radius: int) -> list[Unit]:
        """Fighting units within `radius` of `h`, `h` itself included, in `Battle.units`
        order."""
        fighting = self.fighting
        if 3 * radius * (radius + 1) + 1 <= len(fighting):
            ids = [i for n in _around(h, radius, centre=True) for i in fighting.get(n, ())]
        else:  # fewer figures than hexes to look at (Hex.distance, inlined)
            cq, cr, twice = h[0], h[1], 2 * radius
            ids = [i for n, here in fighting.items()
                   if abs(n[0] - cq) + abs(n[1] - cr) + abs(n[0] - cq + n[1] - cr) <= twice
                   for i in here]
        ids.sort(key=self.order.__getitem__)
        return self.units(ids)

    def standing_around(self, h: Hex) -> list[Unit]:
        """Units (not dead or gone) on the six hexes next to `h`, in `Battle.units` order."""
        standing = self.standing
        ids = [i for n in h.neighbors() for i in standing.get(n, ())]
        ids.sort(key=self.order.__getitem__)
        return self.units(ids)


# The last indexes built, by the units tuple they index (held here, so its id cannot be
# reused while the entry lives) and the board's feet per hex.  Bounded; dropping an entry
# only means building that index again.
_INDEXES: dict[tuple[int, int], tuple[tuple[Unit, ...], Whereabouts]] = {}
INDEX_LIMIT = 256


def _remember(state: Battle, w: Whereabouts) -> None:
    if len(_INDEXES) >= INDEX_LIMIT:
        _INDEXES.clear()
    _INDEXES[(id(state.units), state.board.feet_per_hex)] = (state.units, w)


def _around(c: Hex, radius: int, centre: bool = False) -> list[Hex]:
    """The hexes within `radius` of `c` (`c` itself only if `centre`)."""
    cq, cr = c
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            if dq or dr or centre:
                out.append(Hex(cq + dq, cr + dr))
    return out


def _plain(value: Any) -> Any:
    """A JSON-ready rendering of any state value, for hashing and debugging."""
    if isinstance(value, Hex):
        return [value.q, value.r]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {"__": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.compare:
                out[f.name] = _plain(getattr(value, f.name))
        return out
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    return value


def state_hash(state: Battle) -> str:
    """A stable digest of everything in the state, for replay checks and determinism tests."""
    body = {f.name: _plain(getattr(state, f.name)) for f in dataclasses.fields(state)
            if f.name != "board" and f.compare}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
