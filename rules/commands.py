"""What a player (human, AI, hot-seat seat or GM) may ask for.

Commands are immutable values: they say what is wanted, never what happened (that is the
events' job, dice included).  They register by `type` tag like events, so a save can hold the
commands that were given and `flank replay --verify` can decide them all again.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.events import HexT
from rules.wording import PLAIN, Words, plural


class Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    registry: ClassVar[dict[str, type[Command]]] = {}
    type: str

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        tag = cls.model_fields["type"].default
        if isinstance(tag, str):
            if tag in Command.registry and Command.registry[tag] is not cls:
                raise TypeError(f"two commands share the type tag {tag!r}")
            Command.registry[tag] = cls
            _cache.clear()

    def describe(self) -> str:
        """The command as code writes it, for developers' messages (`flank replay --verify`,
        the engine's refusals); a player reads `say`."""
        fields = ", ".join(f"{k}={v!r}" for k, v in self.model_dump().items() if k != "type")
        return f"{self.type}({fields})"

    def say(self, w: Words = PLAIN) -> str:
        """The command in a player's words ("Orc 4 attacks Spearman 2"); commands override
        it where they can say more than their kind and who."""
        who = getattr(self, "unit", None)
        what = self.type.removeprefix("gm_").replace("_", " ")
        if isinstance(who, str):
            return f"{w.unit(who)}: {what}"
        return what[:1].upper() + what[1:]


_cache: dict[str, TypeAdapter[Any]] = {}


def command_adapter() -> TypeAdapter[Any]:
    if "a" not in _cache:
        kinds = tuple(Command.registry.values())
        union = kinds[0] if len(kinds) == 1 else Union[kinds]  # noqa: UP007
        _cache["a"] = TypeAdapter(Annotated[union, Field(discriminator="type")])
    return _cache["a"]


def command_from_json(text: str | bytes) -> Command:
    return command_adapter().validate_json(text)


class Declare(Command):
    """Announce what a unit will do this round (rulesets with a declaration step)."""

    type: Literal["declare"] = "declare"
    unit: str
    action: str

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} declares: {self.action.replace('_', ' ')}"


class Move(Command):
    """Walk a unit along `path` (its current hex first), then face `facing` if given.

    `target` names the foe a move ends by striking, for rulesets with charges."""

    type: Literal["move"] = "move"
    unit: str
    path: tuple[HexT, ...]
    facing: int | None = None
    target: str = ""

    def say(self, w: Words = PLAIN) -> str:
        text = f"{w.unit(self.unit)} moves {plural(len(self.path) - 1, 'hex')}"
        if self.target:
            text += f" to strike {w.unit(self.target)}"
        if self.facing is not None:
            text += f", facing {w.direction(self.facing)}"
        return text


class Turn(Command):
    type: Literal["turn"] = "turn"
    unit: str
    facing: int

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} turns to face {w.direction(self.facing)}"


class Attack(Command):
    type: Literal["attack"] = "attack"
    unit: str
    target: str
    weapon: str = ""  # "" = the unit's usual weapon for this phase
    options: tuple[str, ...] = ()  # e.g. "subdual"

    def say(self, w: Words = PLAIN) -> str:
        text = f"{w.unit(self.unit)} attacks {w.unit(self.target)}"
        if self.weapon:
            text += f" with {self.weapon.replace('_', ' ')}"
        if self.options:
            text += f" ({', '.join(o.replace('_', ' ') for o in self.options)})"
        return text


class Cast(Command):
    type: Literal["cast"] = "cast"
    unit: str
    spell: str
    target: str

    def say(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} casts {self.spell.replace('_', ' ')} at "
                f"{w.unit(self.target)}")


class UseItem(Command):
    """Bandages, a potion, anything a unit uses on itself or someone beside it."""

    type: Literal["use_item"] = "use_item"
    unit: str
    item: str
    target: str

    def say(self, w: Words = PLAIN) -> str:
        who = "himself" if self.target == self.unit else w.unit(self.target)
        return f"{w.unit(self.unit)} uses {self.item.replace('_', ' ')} on {who}"


class Pass(Command):
    """This unit does nothing more in this step."""

    type: Literal["pass"] = "pass"
    unit: str

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} does nothing more"


class EndPhase(Command):
    """The deciding side is done with the current step for all its units."""

    type: Literal["end_phase"] = "end_phase"
    side: str

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.agree(self.side, 'is', 'are')} done with this step"


class React(Command):
    """Answer a reaction window: take the free attack (or other reaction), or let it go."""

    type: Literal["react"] = "react"
    unit: str
    accept: bool

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} {'takes' if self.accept else 'lets go'} the chance to strike"


class Choose(Command):
    """Pick one of the options a pending decision offers (e.g. splinter the shield)."""

    type: Literal["choose"] = "choose"
    unit: str
    option: str

    def say(self, w: Words = PLAIN) -> str:
        option = self.option
        if option.isdigit():
            return f"{w.unit(self.unit)} chooses {option}"
        if option in w.units:
            return f"{w.unit(self.unit)} chooses {w.unit(option)}"
        head, _, rest = option.partition(":")  # "counter:o1", "counter_hex:2,3", "stance:guard"
        what = head.replace("_hex", "").replace("_", " ")
        if rest in w.units:
            what += f" {w.unit(rest)}"
        elif head.endswith("_hex") and rest.count(",") == 1:
            q, r = rest.split(",")
            what += f" at {w.hex((int(q), int(r)))}"
        elif rest:
            what += f": {rest.replace('_', ' ')}"
        return f"{w.unit(self.unit)} chooses to {what}"

