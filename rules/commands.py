"""What a player (human, AI, hot-seat seat or GM) may ask for.

Commands are immutable values: they say what is wanted, never what happened (that is the
events' job, dice included).  They register by `type` tag like events, so a save can hold the
commands that were given and `flank replay --verify` can decide them all again.

Every field of a command is checked (issue 21): a command is legal only if each field it
carries means something for the decision at hand.  Two layers do it:

* `field_refusal`, run by `rules.engine.check` before any ruleset looks at the command,
  refuses what is wrong in any battle: a field of the wrong type (a command built with
  `model_copy` or `model_construct` skips pydantic's checks), a unit or target that names
  nobody in the battle, a side that is not one, a facing that is not one of the six
  hexsides, a path that is empty or leaves the board;
* each frame's or ruleset's `check` refuses what is wrong *now*: a field the decision does
  not use must be at its default (each command's docstring says which fields are used
  where), and every field it uses is checked against the rules.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.events import HexT
from rules.hexgrid import Hex
from rules.wording import PLAIN, Words, plural

if TYPE_CHECKING:
    from rules.state import Battle

FACINGS = range(6)
"""The six hexsides a figure may face (rules.hexgrid.DIRECTIONS)."""


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
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in type(self).model_fields
                           if k != "type")  # not model_dump: a malformed field stays as given
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


def field_refusal(state: Battle, cmd: Command) -> str | None:
    """Why a field of `cmd` can mean nothing in this battle, whatever the moment, or None.

    The first check `rules.engine.check` makes, the same for every ruleset and mode, so no
    ruleset has to remember it: the command is well formed (each field of its declared
    type, as if it had been read from a save), and the fields every command shares the
    meaning of name what is there: `unit` a figure of the battle, `target` one too (an
    optional target, a move's, may be "", "nobody"; a required one may not),
    `side` one of its sides, `facing` one of the six hexsides, `path` hexes of the board
    from the one he stands on.
    Refusals name the unit by id; a player's screen puts its name in (`Words.text`)."""
    try:
        type(cmd).model_validate(dict(cmd), strict=True)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "it"
        who = getattr(cmd, "unit", None)
        whose = f"{who}'s order" if isinstance(who, str) and who else "the order"
        msg = err["msg"][:1].lower() + err["msg"][1:]
        return (f"{whose} cannot be read: {where} {msg.removeprefix('input ')}, "
                f"not {err.get('input')!r}")
    fields = type(cmd).model_fields
    unit = getattr(cmd, "unit", None)
    if "unit" in fields and isinstance(unit, str) and not state.has_unit(unit):
        return f"there is no unit {unit!r} in this battle"
    who = unit if isinstance(unit, str) else "the figure"
    target = getattr(cmd, "target", "")
    if "target" in fields and isinstance(target, str) and not target and fields[
            "target"].is_required():
        # "" is a move's "strikes nobody"; an attack, spell or item cannot do without one
        return f"{who} names nobody to aim at: the order must name a figure"
    if "target" in fields and isinstance(target, str) and target and not state.has_unit(
            target):
        return f"{who} cannot aim at {target!r}: there is no such unit in this battle"
    if "side" in fields and isinstance(getattr(cmd, "side", None), str):
        side = getattr(cmd, "side")  # noqa: B009 (not every command has one)
        if side not in {s.id for s in state.sides}:
            return f"there is no side {side!r} in this battle"
    facing = getattr(cmd, "facing", None)
    if "facing" in fields and isinstance(facing, int) and facing not in FACINGS:
        return (f"{who} cannot face that way: facing must be one of the six directions "
                f"(0 to 5), not {facing}")
    if "path" in fields and isinstance(cmd, Move):
        if not cmd.path:
            return f"{who}'s path is empty: it begins on the hex where he stands"
        here = state.unit(cmd.unit).pos
        if here is not None and tuple(cmd.path[0]) != (here.q, here.r):
            return "a path must start on the unit's own hex"
        for q, r in cmd.path:
            if Hex(q, r) not in state.board:
                return f"{who}'s path leaves the board at ({q}, {r})"
    return None


class Declare(Command):
    """Announce what a unit will do this round (rulesets with a declaration step).

    Both fields are always used: `action` must be one the unit may declare now."""

    type: Literal["declare"] = "declare"
    unit: str
    action: str

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} declares: {action_words(self.action, w)}"


_HEX_FIELD = re.compile(r"-?\d+,-?\d+")


def action_words(action: str, w: Words = PLAIN) -> str:
    """A declared action in plain words where its ruleset has none of its own
    (`Ruleset.word_command`): its `:`-separated fields read one after another, a figure's
    id as his name and a hex "q,r" as the map's column and row ("fight:g1:right_arm" ->
    "fight Guard 2 right arm")."""
    out = []
    for part in action.split(":"):
        if part in w.units:
            out.append(w.unit(part))
        elif _HEX_FIELD.fullmatch(part):
            q, _, r = part.partition(",")
            out.append(w.hex((int(q), int(r))))
        else:
            out.append(part.replace("_", " "))
    return " ".join(x for x in out if x)


class Move(Command):
    """Walk a unit along `path` (its current hex first), then face `facing` if given.

    `path` is always used.  A one-hex path stays on the spot: under Fallen Empire it is a
    turn in place and needs a `facing` other than the one he has (else it would do nothing,
    and his turn in the phase would be gone); under Empress, standing still is a move of
    its own (it spends his move, R-EMP-TURN) and the facing is optional.  `facing` is used
    wherever the
    mover chooses how he ends up facing; where the rules fix it (an Empress fall-back,
    EMP-58; a Fallen Empire fighting withdrawal, FE-13) it must be None or his facing now.
    `target` names the foe a move ends by striking, for rulesets with charges (a Fallen
    Empire charge, FE-16); every other move must leave it "". """

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
    """Turn in place to `facing` (a new one: turning to where he faces does nothing)."""

    type: Literal["turn"] = "turn"
    unit: str
    facing: int

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} turns to face {w.direction(self.facing)}"


class Attack(Command):
    """Strike `target`.  `weapon` "" is the usual weapon for the moment, else one the unit
    carries; `options` are the ruleset's named ways of striking (each known, none twice)."""

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
    """Cast `spell` (one the caster knows) at `target`: all three fields always used."""

    type: Literal["cast"] = "cast"
    unit: str
    spell: str
    target: str

    def say(self, w: Words = PLAIN) -> str:
        return (f"{w.unit(self.unit)} casts {self.spell.replace('_', ' ')} at "
                f"{w.unit(self.target)}")


class UseItem(Command):
    """Bandages, a potion, anything a unit uses on itself or someone beside it: all three
    fields always used (`item` one he carries, `target` himself or one he can reach)."""

    type: Literal["use_item"] = "use_item"
    unit: str
    item: str
    target: str

    def say(self, w: Words = PLAIN) -> str:
        who = "himself" if self.target == self.unit else w.unit(self.target)
        return f"{w.unit(self.unit)} uses {self.item.replace('_', ' ')} on {who}"


class Pass(Command):
    """This unit does nothing more in this step (its one field, always used)."""

    type: Literal["pass"] = "pass"
    unit: str

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} does nothing more"


class EndPhase(Command):
    """The deciding side is done with the current step for all its units; `side` must be
    the side deciding (a ruleset without side-wide steps refuses it)."""

    type: Literal["end_phase"] = "end_phase"
    side: str

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.agree(self.side, 'is', 'are')} done with this step"


class React(Command):
    """Answer a reaction window: take the free attack (or other reaction), or let it go.
    `unit` must be the one offered the reaction; `accept` either way."""

    type: Literal["react"] = "react"
    unit: str
    accept: bool

    def say(self, w: Words = PLAIN) -> str:
        return f"{w.unit(self.unit)} {'takes' if self.accept else 'lets go'} the chance to strike"


class Choose(Command):
    """Pick one of the options a pending decision offers (e.g. splinter the shield):
    `option` spelled exactly as offered ("2", not " 2" or "02")."""

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

