"""What each overlay on the board means, as the parts of the legend the board draws in its
corner (`game.render.legend`): every tint and mark in the colour the board paints it, with a
player's label, the arcs in the ruleset's own words (`Ruleset.arc_words`: "Rear arc — +2 to
strike him here (FE-20)" under Fallen Empire, the shield's side under ZeFRS).

One function an overlay, each given what the screen shows (the battle screen's T, R and A;
the sandbox's T, R, A, W, P and F, and the exchange's turning figures; a still picture's
`--overlay`), so no two pictures word the same tint two ways.
"""

from __future__ import annotations

from game.render.legend import ARROW, FILL, LINE, OUTLINE, RING, LegendPart, Swatch
from game.render.palette import (
    ARC_COLOURS,
    PATH_OK,
    PROVOKE,
    REACH,
    TARGET,
    THREAT_FILL,
    TURN,
    TURN_STRIKE,
)
from rules.engine import ruleset_of
from rules.hexgrid import Hex
from rules.state import Battle
from rules.wording import Words, pronoun

ARC_ORDER = ("front", "flank", "rear", "guarded", "unguarded")


def threat_tint(foes: int) -> tuple[int, int, int, int]:
    """The tint of a hex `foes` foes can strike, as the board paints it (deeper with more)."""
    return (*THREAT_FILL[:3], min(160, THREAT_FILL[3] + 30 * (foes - 1)))


def threat_part(whose: str) -> LegendPart:
    """T: the hexes `whose` ("the orcs", "every side") can strike (R-POS-THREAT)."""
    return LegendPart(f"Threat — where {whose} can strike", (
        Swatch(FILL, threat_tint(1), "One foe can strike a figure standing here "
                                     "(R-POS-THREAT)"),
        Swatch(FILL, threat_tint(3), "Deeper tint — more foes can strike here")))


def still_part(overlay: str) -> LegendPart | None:
    """A still picture's overlay (`flank screenshot --overlay`, the sandbox's PNG): the
    threat of every side, every figure's reach, or the arcs of every figure beside."""
    if overlay == "threat":
        return threat_part("every side")
    if overlay == "reach":
        return LegendPart("Reach of every figure", (
            Swatch(OUTLINE, REACH, "A figure can strike a figure here (R-POS-REACH)"),))
    if overlay == "facing":
        return LegendPart("Facing arcs of the figure beside each hex (R-POS-ARC)", tuple(
            Swatch(FILL, ARC_COLOURS[a], f"{a.capitalize()} arc — {said}") for a, said in (
                ("front", "ahead of him"), ("flank", "beside him"), ("rear", "behind him"))))
    return None


def reach_part(state: Battle, unit_id: str) -> LegendPart:
    """R: the hexes the figure can strike in melee (R-POS-REACH)."""
    u = state.unit(unit_id)
    name = Words.of(state).unit(unit_id)
    return LegendPart(f"Reach of {name}", (
        Swatch(OUTLINE, REACH, f"Within {pronoun(u, 'his')} reach — {pronoun(u)} can strike "
                               "a figure here (R-POS-REACH)"),))


def _arc_swatches(state: Battle, unit_id: str, marks: set[str], prefix: str = ""
                  ) -> tuple[Swatch, ...]:
    words = ruleset_of(state).arc_words(state, unit_id)
    out = []
    for mark in ARC_ORDER:
        if mark in marks:
            label = words.get(mark, mark.capitalize())
            if prefix:  # "A foe in the rear arc — ..."
                label = prefix + label[:1].lower() + label[1:]
            out.append(Swatch(FILL, ARC_COLOURS[mark], label))
    return tuple(out)


def arcs_part(state: Battle, unit_id: str, arcs: dict[Hex, str]) -> LegendPart:
    """A: the figure's facing arcs, each mark on the board in the ruleset's words."""
    name = Words.of(state).unit(unit_id)
    return LegendPart(f"Facing arcs of {name}",
                      _arc_swatches(state, unit_id, set(arcs.values())))


def flank_part(state: Battle, target: str, arcs: dict[Hex, str]) -> LegendPart:
    """F: the foes able to strike the target, tinted by the arc of his they stand in."""
    name = Words.of(state).unit(target)
    return LegendPart(f"Foes who can strike {name}, by where they stand",
                      _arc_swatches(state, target, set(arcs.values()), "A foe in the "))


def who_part() -> LegendPart:
    """W: who could strike a figure on the hex under the mouse."""
    return LegendPart("Who can strike the hex under the mouse", (
        Swatch(OUTLINE, TARGET, "A figure who could strike a figure standing there, in "
                                "melee reach or missile range"),))


def path_part(state: Battle, unit_id: str) -> LegendPart:
    """P: the way the figure would walk to the hex under the mouse, and where a step
    provokes a free blow (the ruleset's own reactions)."""
    u = state.unit(unit_id)
    name = Words.of(state).unit(unit_id)
    return LegendPart(f"{name}'s way to the hex under the mouse", (
        Swatch(LINE, PATH_OK, f"The way {pronoun(u)} would walk"),
        Swatch(RING, PROVOKE, "Leaving this hex provokes a free blow from the foe named "
                              "over it")))


def turn_colour(answer: bool) -> tuple[int, int, int]:
    """The arrow of the attacker turning as he strikes, or of the defender as he answers."""
    return TURN if answer else TURN_STRIKE


def turns_part(answers: set[bool]) -> LegendPart:
    """The exchange's step-through: who turns to face the other as he strikes (`answers`:
    False for the attacker, True for the defender striking back), as the steps say."""
    said = {False: "The attacker turns to face this way as he strikes",
            True: "The defender turns to face this way when he strikes back"}
    return LegendPart("The exchange (the steps say why)", tuple(
        Swatch(ARROW, turn_colour(a), said[a]) for a in (False, True) if a in answers))
