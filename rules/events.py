"""What happened: past-tense, JSON-serialisable records with their dice inside.

Every event class registers itself by its `type` tag, and `EventAdapter` is the pydantic
discriminated union of all of them, so a save file line turns back into exactly the event
that was written.  Rulesets define their own events the same way (subclass `Event`, give a
unique `type` literal) and register how each one changes the state with `@evolver`.

Modifiers travel inside events, each with its value, the reason in a few words and the rule
it comes from, so the log can narrate any exchange and a GM can show why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.hexgrid import Hex
from rules.wording import PLAIN, Words, ruling_value

HexT = tuple[int, int]  # (q, r): how a hex is written in events and commands


def hx(h: Hex) -> HexT:
    return (h.q, h.r)


def unhx(t: HexT) -> Hex:
    return Hex(t[0], t[1])


class Modifier(BaseModel):
    """One adjustment to a roll, with its reason and the rule it comes from."""

    model_config = ConfigDict(frozen=True)
    value: int
    reason: str
    rule: str

    def describe(self) -> str:
        return f"{self.value:+d} {self.reason} — {self.rule}"


@dataclass(frozen=True)
class Secret:
    """What makes an event private: only its owner's side may see it until an event of one
    of the types in `until` happens (a declaration until initiative is rolled, FE-06/07).

    `owner` names the event field that says whose secret it is; `by` says whether that
    field holds a unit id (the unit's side owns it) or a side id."""

    owner: str
    by: Literal["unit", "side"]
    until: frozenset[str]


class Event(BaseModel):
    """Base of every event.  `rolls` holds the raw faces of the dice this event used, in order
    (the engine fills it in), which is also how far it moves the dice counter on replay.

    An event a side makes in secret says so in `secret`; the turn manager hides it from the
    other seats until it is revealed, whatever the ruleset or mode that defines it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    registry: ClassVar[dict[str, type[Event]]] = {}
    secret: ClassVar[Secret | None] = None
    type: str
    rolls: tuple[int, ...] = ()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        tag = cls.model_fields["type"].default
        if isinstance(tag, str):
            if tag in Event.registry and Event.registry[tag] is not cls:
                raise TypeError(f"two events share the type tag {tag!r}")
            Event.registry[tag] = cls
            _adapter_cache.clear()

    def narrate(self, w: Words = PLAIN) -> str:
        """A sentence for the event log; events override it where they can say more."""
        return self.type.replace("_", " ")


class _Secrets(Mapping[str, Secret]):
    """Every secret event type tag → its `Secret`, read from the event classes themselves,
    so a ruleset or mode loaded later is covered without registering anything."""

    def __getitem__(self, tag: str) -> Secret:
        kind = Event.registry.get(tag)
        if kind is None or kind.secret is None:
            raise KeyError(tag)
        return kind.secret

    def __iter__(self) -> Iterator[str]:
        return iter([t for t, k in Event.registry.items() if k.secret is not None])

    def __len__(self) -> int:
        return sum(1 for k in Event.registry.values() if k.secret is not None)


SECRET_EVENTS: Mapping[str, Secret] = _Secrets()

_adapter_cache: dict[str, TypeAdapter[Any]] = {}


def event_adapter() -> TypeAdapter[Any]:
    """The discriminated union of every registered event type, built on first use."""
    if "a" not in _adapter_cache:
        kinds = tuple(Event.registry.values())
        union = kinds[0] if len(kinds) == 1 else Union[kinds]  # noqa: UP007
        _adapter_cache["a"] = TypeAdapter(Annotated[union, Field(discriminator="type")])
    return _adapter_cache["a"]


def event_to_json(event: Event) -> str:
    return event.model_dump_json()


def event_from_json(text: str | bytes) -> Event:
    return event_adapter().validate_json(text)


E = TypeVar("E", bound=Event)
Evolver = Callable[[Any, Any], Any]
EVOLVERS: dict[tuple[str | None, type[Event]], Evolver] = {}
_FOUND: dict[tuple[str | None, type[Event]], Evolver | None] = {}


def evolver(kind: type[E], ruleset: str | None = None
            ) -> Callable[[Callable[[Any, E], Any]], Callable[[Any, E], Any]]:
    """Register how an event of `kind` changes the state.  Evolvers hold no rules, no dice.

    A ruleset may register its own evolver for a shared event (`ruleset="fallen_empire"`) when
    its units keep more books than the shared one knows about; it wins for its battles."""

    def register(fn: Callable[[Any, E], Any]) -> Callable[[Any, E], Any]:
        EVOLVERS[(ruleset, kind)] = fn
        _FOUND.clear()
        return fn

    return register


def evolver_for(ruleset: str | None, kind: type[Event]) -> Evolver | None:
    """The evolver of an event of `kind` in a battle of `ruleset`: the nearest class up its
    hierarchy that has one, the ruleset's own before the shared one.  So a ruleset's event
    built on a shared procedure's event (rules/procedures.py) moves the stack as that
    procedure does, unless the ruleset registers its own."""
    key = (ruleset, kind)
    if key not in _FOUND:
        found = None
        for cls in kind.__mro__:
            found = EVOLVERS.get((ruleset, cls)) or EVOLVERS.get((None, cls))
            if found is not None or cls is Event:
                break
        _FOUND[key] = found
    return _FOUND[key]


# --- events every ruleset shares -----------------------------------------------------------


class RoundStarted(Event):
    type: Literal["round_started"] = "round_started"
    round: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.round.capitalize()} {self.round} begins."


class PhaseStarted(Event):
    type: Literal["phase_started"] = "phase_started"
    phase: str
    sides: tuple[str, ...]
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{self.phase.capitalize()} phase for {w.sides_list(self.sides, start=False)}."


class UnitStepped(Event):
    """A unit moved one hex (a move is a run of these, so it can be interrupted between)."""

    type: Literal["unit_stepped"] = "unit_stepped"
    unit: str
    from_hex: HexT
    to_hex: HexT
    facing: int

    def narrate(self, w: Words = PLAIN) -> str:
        return ""  # the move was announced as a whole; the board shows each step


class UnitFaced(Event):
    type: Literal["unit_faced"] = "unit_faced"
    unit: str
    facing: int

    def narrate(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} turns to face {w.direction(self.facing)}."


class AttackRolled(Event):
    """One attack from roll to damage: everything a GM needs to explain it."""

    type: Literal["attack_rolled"] = "attack_rolled"
    attacker: str
    target: str
    kind: str  # melee, missile, opportunity, charge, spell, set-spear, ...
    weapon: str
    roll: int  # the natural d20 (0 for attacks that need no roll)
    needed: int  # what the modified roll had to reach
    modifiers: tuple[Modifier, ...] = ()
    hit: bool
    damage_dice: str = ""
    damage_roll: int = 0
    damage_modifiers: tuple[Modifier, ...] = ()
    damage: int = 0
    struck: str = ""  # who was actually struck, when not the target (cover, melee scatter)
    notes: tuple[str, ...] = ()

    def narrate(self, w: Words = PLAIN) -> str:
        total = self.roll + sum(m.value for m in self.modifiers)
        mods = "".join(f", {m.value:+d} {w.text(m.reason)} ({m.rule})" for m in self.modifiers)
        head = (f"{w.unit(self.attacker)} {self.kind} attack on {w.unit(self.target)} with "
                f"{self.weapon.replace('_', ' ')}: rolled {self.roll}{mods}, {total} against "
                f"{self.needed}")
        if not self.hit:
            return head + ": a miss." + "".join(f" {w.text(n)}" for n in self.notes)
        victim = w.unit(self.struck or self.target)
        dmods = "".join(f", {m.value:+d} {w.text(m.reason)} ({m.rule})"
                        for m in self.damage_modifiers)
        return (head + f": a hit on {victim} for {self.damage} ({self.damage_dice}: "
                f"{self.damage_roll}{dmods})." + "".join(f" {w.text(n)}" for n in self.notes))


class UnitDamaged(Event):
    type: Literal["unit_damaged"] = "unit_damaged"
    unit: str
    amount: int
    hp_after: int
    subdual: bool = False
    source: str = ""  # the kind of attack that did it: melee, missile, spell ...

    def narrate(self, w: Words = PLAIN) -> str:
        if self.hp_after < 0 and not w.below_zero:  # no "(-1 HP left)" where none is
            return f"{w.unit(self.unit)} takes {self.amount} damage (no {w.health} left)."
        return (f"{w.unit(self.unit)} takes {self.amount} damage "
                f"({self.hp_after} {w.health} left).")


class UnitHealed(Event):
    type: Literal["unit_healed"] = "unit_healed"
    unit: str
    amount: int
    hp_after: int
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} regains {self.amount} {w.health} "
                f"({self.hp_after} {w.health} now).")


class UnitStatusChanged(Event):
    type: Literal["unit_status_changed"] = "unit_status_changed"
    unit: str
    status: str
    condition: str = ""  # the ruleset's finer word: dying, stable, unconscious, fled ...
    reason: str = ""
    rule: str = ""

    def narrate(self, w: Words = PLAIN) -> str:
        what = self.condition or self.status
        why = f" ({w.text(self.reason)}; {self.rule})" if self.reason else ""
        return f"{w.unit(self.unit)} is {what.replace('_', ' ')}{why}."


class BattleEnded(Event):
    type: Literal["battle_ended"] = "battle_ended"
    winner: str | None
    reason: str

    def narrate(self, w: Words = PLAIN) -> str:
        who = w.agree(self.winner, "wins", "win") if self.winner else "Nobody wins"
        return f"The battle is over. {who}: {w.text(self.reason)}."


class RulingOverridden(Event):
    """A GM changed a ruling's value for this battle (saved and replayed like any event)."""

    type: Literal["ruling_overridden"] = "ruling_overridden"
    key: str
    value: Any

    def narrate(self, w: Words = PLAIN) -> str:
        return f"GM ruling: {self.key.replace('_', ' ')} is now {ruling_value(self.value)}."
