"""What a scenario is, in the numbers a player weighs before choosing it: each side with its
figures counted, the size of the battlefield, and how the fight came out when it was
measured (its balance).  Headless: the menu shows these; nothing here draws.

Why from the battle's opening and not from the map's objects: a mass battle's unit is one
object standing for a hundred fighters, and only the ruleset knows how many (a scenario
may set it, else its troop type does); the opening state says it for every ruleset alike.

The balance is never guessed.  It is what a map says it measured (`balance.<side>` = games
that side won, `balance.draws` = games neither did; docs/MAPS.md), from a bench run of the
computer against itself, and it holds only under the map's own ruleset.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rules.wording import and_list, figure_names, plural, template_names


@dataclass(frozen=True)
class SideForces:
    """One side as it takes the field."""

    side: str
    name: str
    figures: int  # every fighter counted, a mass battle's hundreds included
    kinds: tuple[str, ...]  # "120 Gunderland pikes", "Sir Aldric (Knight)", "2 Crossbowmen"

    @property
    def count(self) -> str:
        """ "6 figures"."""
        return plural(self.figures, "figure")

    def line(self) -> str:
        """ "6 figures: Knight, Fighting-Man, 2 Spearmen and 2 Crossbowmen"."""
        return f"{self.count}: {listing(self.kinds)}"


@dataclass(frozen=True)
class Balance:
    """How often each side won when the scenario was measured, computer against computer."""

    wins: tuple[tuple[str, int], ...]  # (side's name, games won), in the sides' order
    draws: int

    @property
    def games(self) -> int:
        return sum(n for _, n in self.wins) + self.draws

    def line(self) -> str:
        """ "in 200 games between computer players the watch won 1 and the thieves 45; 154
        ended with neither side beaten"."""
        won = [f"{_lower(name)} won {n}" if i == 0 else f"{_lower(name)} {n}"
               for i, (name, n) in enumerate(self.wins)]
        text = f"in {self.games} games between computer players {and_list(won)}"
        if self.draws:
            text += f"; {self.draws} ended with neither side beaten"
        return text


@dataclass(frozen=True)
class ScenarioFacts:
    forces: tuple[SideForces, ...]
    size: str  # "24 × 18 hexes, 5 ft a hex"
    balance: Balance | None = None


def listing(items: tuple[str, ...] | list[str]) -> str:
    """Items as a list reads: "a, b and c"; "a; b, c; and d" where a name holds a comma
    ("Grip, the watch's hound")."""
    items = list(items)
    if not any("," in i for i in items) or len(items) < 2:
        return and_list(items)
    return "; ".join(items[:-1]) + "; and " + items[-1]


def _lower(name: str) -> str:
    """A side's name inside a sentence: "The watch" -> "the watch"."""
    return "the " + name[4:] if name.startswith("The ") else name


def _is_named(name: str, uid: str, kind: str) -> bool:
    """A figure the scenario gave a name of its own ("Sir Aldric"), not an id ("m1") nor
    the name of its kind ("Pictish warrior")."""
    name = (name or "").strip()
    return (bool(name) and name not in (uid, kind)
            and not any(ch.isdigit() for ch in name))


def side_forces(state: Any, side: str, name: str) -> SideForces:
    """`side`'s figures in `state`: units of many fighters by name with their number, the
    largest first; named figures by name; the rest by kind, counted."""
    kinds = template_names(getattr(state, "ruleset", ""))
    called = figure_names(state, kinds)
    bands: list[tuple[int, str]] = []
    named: list[str] = []
    plain: Counter[str] = Counter()
    total = 0
    for u in state.units:
        if u.side != side:
            continue
        many = getattr(u, "fighters", None)  # a unit of many (a mass battle's company)
        if isinstance(many, int):
            total += many
            bands.append((many, called.get(u.id, u.id)))
            continue
        total += 1
        kind = kinds.get(u.template) or u.template.replace("_", " ").capitalize()
        if _is_named(u.name, u.id, kind):
            named.append(f"{called.get(u.id, u.name)} ({kind})")
        else:
            plain[kind] += 1
    listed = [f"{n} {band}" for n, band in sorted(bands, key=lambda b: -b[0])]
    if bands:  # beside units of many, the single figures are the ones who lead them
        leaders = len(named) + sum(plain.values())
        listed += [plural(leaders, "leader")] if leaders else []
    else:
        listed += named
        listed += [kind if n == 1 else plural(n, kind) for kind, n in plain.items()]
    return SideForces(side, name, total, tuple(listed))


def size_words(sc: Any) -> str:
    """The battlefield's size in its own cells and scale: "24 × 18 hexes, 5 ft a hex"."""
    cell = "square" if sc.orientation == "square" else "hex"
    many = "squares" if cell == "square" else "hexes"
    return f"{sc.width} × {sc.height} {many}, {sc.feet_per_hex} ft a {cell}"


def balance_of(sc: Any, names: dict[str, str]) -> Balance | None:
    """The balance a map says it measured (`balance.<side>`, `balance.draws`), or None when
    it says none or says it wrongly (a side missing, a count that is not a whole number)."""
    props = sc.properties
    if not any(str(k).startswith("balance.") for k in props):
        return None
    try:
        wins = tuple((names[s], int(props[f"balance.{s}"])) for s in sc.sides)
        draws = int(props.get("balance.draws", 0))
    except (KeyError, TypeError, ValueError):
        return None
    if min([draws, *(n for _, n in wins)]) < 0 or not sum(n for _, n in wins) + draws:
        return None
    return Balance(wins, draws)


def facts_of(sc: Any, ruleset: str | None = None) -> ScenarioFacts | None:
    """The facts of a loaded map (`game.maps.Scenario`) as it opens under `ruleset` (the
    map's own when None); None when it does not open under it."""
    from rules.engine import start

    played = ruleset or sc.ruleset
    try:
        state, _ = start(sc.setup.model_copy(update={"ruleset": played}))
    except (ValueError, KeyError, TypeError):
        return None
    names = {s.id: s.name or s.id for s in state.sides}
    forces = tuple(side_forces(state, s.id, names[s.id]) for s in state.sides)
    balance = balance_of(sc, names) if played == sc.ruleset else None
    return ScenarioFacts(forces, size_words(sc), balance)
