"""The ruleset protocol: what a ruleset supplies to the engine, the game and the GM.

A ruleset (a package in `rules/systems/`, or one installed beside Flank) subclasses
`Ruleset` and is found by the engine through the registry, never imported by it.  The few
methods a battle needs (`initial_state`, `run_frame`, `legal_commands`, `check`, `decide`,
`odds`) are OpenSpiel's State API in our words; the rest have defaults and serve the GM's
sandbox, the cards and the path preview.  `AttackOdds` is the exact distribution of one
attack that `odds` gives, from the same resolution function that rolls it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd, lcm
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rules.dice import Odds
from rules.events import Modifier
from rules.hexgrid import Hex
from rules.setup import BattleSetup, UnitSpec
from rules.state import Battle, Frame

if TYPE_CHECKING:
    from rules.commands import Command
    from rules.engine import Context
    from rules.wording import Words


@dataclass(frozen=True, slots=True)
class HexMarker:
    """Something on a hex that is not a figure, for the board to draw and name
    (`Ruleset.hex_markers`): a lever or an idol a scenario places, a potion lying on the
    ground.  `name` in a player's words ("Lever"); `kind` how it is drawn ("deed", "deed_done"
    for one already worked, "item"); `note` the line the hex card gives under the name."""

    name: str
    kind: str
    hex: Hex
    note: str = ""


@dataclass(frozen=True, init=False)
class AttackOdds:
    """The exact chances of one attack, computed by enumerating the resolution function.

    Kept as whole numbers over one denominator (`dealt.denominator`): `dealt` is the odds of
    the damage dealt to the target (0 = none), ascending, and `hit_ways` and `kill_ways` count
    the cases in which the attack hits and in which the target is out of the fight after it.
    The AI reads these in its inner loop, so no `Fraction` is made until someone asks for one
    (`hit`, `damage`, `kill`, for the odds panel and the tests); `chances()` gives floats
    equal to the floats of those fractions.  A ruleset whose odds are fractions builds it
    from them, `AttackOdds(hit=..., damage=..., kill=..., modifiers=..., needed=...)`; the
    built-in rulesets count (`AttackOdds.counted`).
    """

    dealt: Odds[int]
    hit_ways: int
    kill_ways: int
    modifiers: tuple[Modifier, ...]
    needed: int
    notes: tuple[str, ...]
    outcomes: tuple[tuple[str, Fraction], ...]
    needed_words: str
    summary: str

    def __init__(self, hit: Fraction, damage: Mapping[int, Fraction], kill: Fraction,
                 modifiers: tuple[Modifier, ...], needed: int,
                 notes: tuple[str, ...] = (), *,
                 outcomes: tuple[tuple[str, Fraction], ...] = (),
                 needed_words: str = "", summary: str = "") -> None:
        chances = [Fraction(hit), Fraction(kill), *(Fraction(p) for p in damage.values())]
        den = lcm(*(p.denominator for p in chances))
        ways = [int(p * den) for p in chances]
        if sum(ways[2:]) != den:
            raise ValueError(f"damage chances add up to {sum(chances[2:])}, not 1")
        self._count(dict(zip(damage, ways[2:], strict=True)), ways[0], ways[1],
                    modifiers, needed, notes, outcomes, needed_words, summary)

    @classmethod
    def counted(cls, dealt: Mapping[int, int], hit_ways: int, kill_ways: int,
                modifiers: tuple[Modifier, ...], needed: int,
                notes: tuple[str, ...] = (), *,
                outcomes: tuple[tuple[str, Fraction], ...] = (),
                needed_words: str = "", summary: str = "") -> AttackOdds:
        """The odds from counts: `dealt` maps damage dealt to the target to the ways it
        comes up (they add up to the denominator), and the hit and kill counts are ways over
        the same denominator.  `outcomes`: the resolution's named outcomes and their chances,
        for a ruleset whose roll reads as more than hit or miss (ZeFRS's five colours);
        `needed_words`: what the roll needs, said in its own dice ("63 or less on d100"),
        where "`needed` on d20" does not fit; `summary`: the choice's odds in a player's
        words, for a list of choices to show in place of its chance to hit and mean damage
        where those would mislead, short enough for a button beside the choice's words
        ("12% KO, forgoes 3.1 dmg": ZeFRS's knock-out blow, which wounds nobody)."""
        odds = cls.__new__(cls)
        odds._count(dealt, hit_ways, kill_ways, modifiers, needed, notes, outcomes,
                    needed_words, summary)
        return odds

    def _count(self, dealt: Mapping[int, int], hit_ways: int, kill_ways: int,
               modifiers: tuple[Modifier, ...], needed: int, notes: tuple[str, ...],
               outcomes: tuple[tuple[str, Fraction], ...] = (),
               needed_words: str = "", summary: str = "") -> None:
        g = gcd(hit_ways, kill_ways, *dealt.values()) or 1
        order = tuple(sorted(dealt))
        ways = tuple(dealt[d] // g for d in order)
        den = sum(ways)
        hit_ways, kill_ways = hit_ways // g, kill_ways // g
        if not (0 <= hit_ways <= den and 0 <= kill_ways <= den):
            raise ValueError(f"hit {hit_ways} and kill {kill_ways} are not chances out of {den}")
        for name, value in (("dealt", Odds(order, ways, den)), ("hit_ways", hit_ways),
                            ("kill_ways", kill_ways), ("modifiers", tuple(modifiers)),
                            ("needed", needed), ("notes", tuple(notes)),
                            ("outcomes", tuple((n, Fraction(p)) for n, p in outcomes)),
                            ("needed_words", needed_words), ("summary", summary)):
            object.__setattr__(self, name, value)

    @property
    def denominator(self) -> int:
        return self.dealt.denominator

    @property
    def hit(self) -> Fraction:
        return Fraction(self.hit_ways, self.dealt.denominator)

    @property
    def damage(self) -> dict[int, Fraction]:
        """Damage dealt to the target -> probability (0 = none), ascending."""
        return self.dealt.fractions()

    @property
    def kill(self) -> Fraction:
        """The chance the target is out of the fight after this attack."""
        return Fraction(self.kill_ways, self.dealt.denominator)

    @property
    def expected_damage(self) -> Fraction:
        return Fraction(sum(d * w for d, w in self.dealt.items()), self.dealt.denominator)

    def chances(self) -> tuple[float, tuple[tuple[int, float], ...], float]:
        """(hit, damage -> probability for damage above 0, kill) as floats, for the AI."""
        den = self.dealt.denominator
        return (self.hit_ways / den, tuple((d, w / den) for d, w in self.dealt.items() if d > 0),
                self.kill_ways / den)


class Ruleset:
    """What a ruleset supplies.  Subclasses live in `rules/systems/<name>/`."""

    id: ClassVar[str]
    name: ClassVar[str]
    source: ClassVar[str]  # the text by its title and author, as a reader cites it (no file)
    # How the ruleset plays, in a player's words (what makes its fights different, never a
    # clause or a file): the menu's line beside its name.  "" says nothing.
    plays_like: ClassVar[str] = ""
    order: ClassVar[int] = 100  # where the menu and `flank rulesets` list it, lowest first
    health_word: ClassVar[str] = "HP"  # what the text calls a figure's wounds' measure
    round_word: ClassVar[str] = "round"  # what the text calls one turn of the fight
    # The clause by which a fighter turns to face the foe he strikes as he strikes
    # (`rules.engine.face_target`), for the sandbox's step-through to cite.
    facing_rule: ClassVar[str] = "R-POS-FACE"
    # Whether the text counts a figure's points below 0 (Fallen Empire's and Empress's
    # dying figures); elsewhere a blow past 0 leaves none, and the log says so, never
    # "(-1 HP left)".
    health_below_zero: ClassVar[bool] = False

    def initial_state(self, setup: BattleSetup) -> Battle:
        raise NotImplementedError

    def run_frame(self, ctx: Context, frame: Frame) -> None:
        """Advance an automatic frame (actor None) by emitting at least one event."""
        raise NotImplementedError

    def legal_commands(self, state: Battle, side: str) -> list[Command]:
        raise NotImplementedError

    def check(self, state: Battle, command: Command) -> str | None:
        """Why `command` is illegal now, or None if the rules allow it."""
        raise NotImplementedError

    def decide(self, ctx: Context, command: Command) -> None:
        raise NotImplementedError

    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        raise NotImplementedError

    def templates(self) -> list[str]:
        return []

    def templates_in(self, mode: str) -> list[str]:
        """The templates a set-up in `mode` may name (a mode may raise other things than
        the skirmish's figures: a mass battle's units); by default `templates()`."""
        return self.templates()

    def modes(self) -> tuple[str, ...]:
        """The modes this ruleset's text defines, "skirmish" first: the values a set-up's
        `mode` option may take.  The conformance tests and `bench/soak.py` play each."""
        return ("skirmish",)

    def sample_setup(self, mode: str = "skirmish", seed: int = 0) -> BattleSetup | None:
        """A small battle in `mode`, for random play by the conformance tests and the soak,
        or None: they then set a skirmish up from the ruleset's templates, and a mode with
        no sample is a failure they name."""
        return None

    def tables(self, path: Path | None = None) -> Any:
        """The ruleset's data tables (its own TOML file, or the one at `path` read in its
        place, as `flank validate` does), or None for a ruleset that keeps none.  A bad file
        raises `rules.data.DataError` naming it."""
        return None

    def data_file(self) -> Path | None:
        """The ruleset's data file (its tables and the values of its rulings, each commented
        with the clause or ruling it implements), for the GM's Rulings panel; None if none."""
        return None

    def round_fields(self) -> frozenset[str]:
        """Unit fields that belong to the round rather than the figure (what it has spent,
        the free attack it has used …), left behind when a position is set up again."""
        return frozenset()

    def declarable(self, state: Battle, unit: Any) -> tuple[str, ...] | None:
        """The actions `unit` may declare now, under a ruleset whose figures declare before
        acting (FE-06); None under one whose figures do not."""
        return None

    # --- what the GM may change (rules/gm.py) ------------------------------------------------

    def build_unit(self, state: Battle, spec: UnitSpec) -> Any:
        """A fresh unit from a spec (a GM placing a figure); ValueError if it cannot be."""
        raise NotImplementedError

    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """The unit with `changes` (already checked) applied and anything derived redone."""
        return replace(unit, **changes)

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        return None

    def unit_refusal(self, unit: Any) -> str | None:
        """Why this figure, as built, may not take the field (a kit his rules forbid: a
        two-handed weapon with a shield, ZEF-32 ...), in one line naming him and what is
        wrong; None if he may.  The core asks it of every figure however made: each one a
        battle's set-up builds from its templates and a scenario's overrides
        (`rules.setup.units_of`), each one a GM places, and each figure as a GM's edit
        would leave him (rules/gm.py).  So a ruleset checks a figure in one place, not once
        per route.  Default: every figure may."""
        return None

    def check_removal(self, state: Battle, unit_id: str) -> str | None:
        """Why this unit cannot be taken off now (e.g. it is in the middle of a move)."""
        for frame in state.stack:
            if unit_id in {v for v in vars_of(frame) if isinstance(v, str)}:
                return (f"{unit_id} is part of what is happening now "
                        f"({type(frame).__name__}); finish that first")
        return None

    def gm_busy(self, state: Battle) -> str | None:
        """Why a GM exchange cannot be resolved now (something is half done, such as a move
        waiting on a free attack), or None.  Default: only while nothing is pending but a
        plain choice of what to do next (see Frame.gm_may_interrupt)."""
        for frame in state.stack:
            if not frame.gm_may_interrupt:
                return f"finish what is under way first ({type(frame).__name__})"
        return None

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        """Resolve one attack now, outside the turn order (the sandbox's step-through): the
        same situation, modifiers and resolution as in play, with ctx.dice."""
        raise NotImplementedError

    def gm_chase(self, ctx: Context, quarries: tuple[str, ...], pursuers: tuple[str, ...]
                 ) -> None:
        """Open a chase now, outside the turn order (the sandbox's "Start a chase"), for a
        ruleset whose `modes()` has "chase": `quarries` flee, `pursuers` give chase."""
        raise NotImplementedError

    def check_gm_chase(self, state: Battle, quarries: tuple[str, ...],
                       pursuers: tuple[str, ...]) -> str | None:
        """Why the GM cannot start this chase now, or None (see `gm_chase`)."""
        return None

    def archetypes(self) -> dict[str, str]:
        """Common figure types (swordsman, spearman, orc, ogre …) → this ruleset's template,
        so a position can be set up again under another ruleset."""
        return {}

    def option_values(self, state: Battle) -> dict[str, Any]:
        """Every ruling a GM may override in this battle, with its value now."""
        return {}

    def check_option(self, state: Battle, key: str, value: Any) -> str | None:
        return f"{self.name} has no ruling {key!r} to override"

    def coerce_option(self, state: Battle, key: str, value: Any) -> Any:
        return value

    def unit_glyph(self, state: Battle, unit_id: str) -> str:
        """One character for the unit's token (its template's art)."""
        return state.unit(unit_id).template[:1].upper()

    def unit_badge(self, state: Battle, unit_id: str) -> str:
        """A two-letter mark of the unit's weapon for its token ("" for none)."""
        return ""

    def unit_armour(self, state: Battle, unit_id: str) -> tuple[int, int] | None:
        """(now, whole): the hit points of the unit's armour, where this ruleset gives armour
        hit points of its own (Tarnished Tale's sponge), for a second bar under the figure's
        health bar; None for a unit without them."""
        return None

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        """Short lines describing the unit, for hover cards and the sandbox."""
        u = state.unit(unit_id)
        from rules.wording import Words  # the events import this module; Words imports them

        w = Words.of(state)
        return [f"{w.unit(u.id)} ({w.side(u.side, start=False)})",
                f"{w.health} {w.points(u.hp)}/{u.max_hp} {u.condition or u.status}"]

    def path_reactions(self, state: Battle, unit_id: str, path: list[Hex]
                       ) -> list[tuple[int, str, str]]:
        """Which steps of `path` would provoke whose reaction under this ruleset, as
        (step index, reactor id, trigger), for the path preview.  Default: none."""
        return []

    def arc_marks(self, state: Battle, unit_id: str, hexes: list[Hex]) -> dict[Hex, str] | None:
        """How the facing arcs overlay marks `hexes` around the unit, where this ruleset's
        arcs are not front, flank and rear (R-POS-ARC): each hex → a mark the window has a
        colour for ("front", "flank", "rear", "guarded", "unguarded").  None: the shared
        arcs are drawn."""
        return None

    def arc_words(self, state: Battle, unit_id: str) -> dict[str, str]:
        """What each mark of the facing-arcs overlay (`arc_marks`, else front, flank and
        rear) means for this figure under this ruleset, in a player's words with the clause,
        for the overlay's legend: "Rear arc — +2 to strike him here (FE-20)".  Default: the
        shared arcs of R-POS-ARC, worth nothing by themselves."""
        from rules.wording import pronoun

        him = pronoun(state.unit(unit_id), "him")
        return {"front": f"Front arc — {pronoun(state.unit(unit_id))} fights this way "
                         "(R-POS-ARC)",
                "flank": f"Flank arc — beside {him} (R-POS-ARC)",
                "rear": f"Rear arc — behind {him} (R-POS-ARC)"}

    def hex_markers(self, state: Battle) -> tuple[HexMarker, ...]:
        """What lies or stands on the board's hexes besides the figures (a scenario's
        levers and idols, items on the ground), for the board to draw as small icons and
        name on hover.  Default: nothing."""
        return ()

    def command_odds(self, state: Battle, command: Command) -> AttackOdds | None:
        """The exact odds of the blow or shot `command` would make, where the command names
        them before any die is thrown (a declaration of a blow at a foe's aiming point), for
        the window to show while a player chooses; None for a command that strikes nothing
        or whose odds this ruleset gives only through `odds`."""
        return None

    def word_command(self, state: Battle, command: Command, words: Words) -> str | None:
        """The command in a player's words, for its button, the log and the replay's
        caption ("Fight Guard 2, aiming at the chest"), where this ruleset can say more than
        the command's generic `say` (a declared action is a string of its own grammar);
        None: the generic wording is used.  `words`: the battle's names and board."""
        return None

    def moment(self, state: Battle, words: Words) -> str:
        """What whoever must decide now is asked to do, and why, in one line of a player's
        words, citing the clause where it helps ("The border watch is surprised (FE-02) ...
        Gunnar is struck for 5 damage: splinter his shield to take none (FE-31), or keep it
        and take the blow."): the screens show it above the choice's buttons, so a newcomer
        never meets a choice whose reason is only in the log (issue 35).  A frame that owns
        its commands (a mode's) says its own (`Frame.moment`); a ruleset overrides this for
        its skirmish frames and hands the rest here.  "" when nobody is to decide."""
        top = state.top
        if top is None or top.actor is None or state.outcome is not None:
            return ""
        return top.moment(state, words)

    def phase_label(self, state: Battle) -> str:
        """Where the battle is in its round, for the round tracker (a second line, if any,
        says who acts in what order)."""
        return f"Round {state.round}"


def weapon_badge(name: str) -> str:
    """Two letters for a weapon on a token: initials of a two-word name ("Short sword" →
    "Ss"), else the first two letters ("Spear" → "Sp")."""
    words = name.split()
    return (words[0][0] + words[1][0] if len(words) > 1 else name[:2]).capitalize()


def vars_of(frame: Frame) -> list[Any]:
    """The values held by a frame (a frozen dataclass), for finding who it involves."""
    from dataclasses import fields as dc_fields

    return [getattr(frame, f.name) for f in dc_fields(frame)]
