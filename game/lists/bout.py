"""One bout of a List: the ordinary joust battle it is, and what it decided.

A bout is a battle like any other (a `BattleSetup` with ``mode = "joust"``, FE-44..FE-54)
on the tournament field's board, the two entrants placed where the field's two riders stand.
Each side is named for its knight, so the bout's screen and log read "Sir Aldric", and the
side ids are the entrants' ids, so the battle's winner is the List's.  Headless.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.lists.roster import BLACK_KNIGHT, TEMPLATE, Entrant
from rules.engine import BattleSetup, SideSpec, UnitSpec
from rules.events import Event
from rules.state import DEAD, DOWN, GONE, Battle

FIELD = "tournament"  # the bundled lists field, maps/tournament.tmx


@dataclass(frozen=True)
class BoutPlan:
    """The bout to ride next: round ``round``, ride ``ride`` of this pairing (a drawn
    elimination bout is ridden again), ``a`` against ``b``; ``number`` counts the rides of
    the whole List from 1, and ``seed`` is the battle's (the List's seed and ``number``)."""

    round: int
    ride: int
    number: int
    a: Entrant
    b: Entrant
    seed: int
    black_knight: str = ""  # the black knight's id when he rides in this bout (FE-54)

    @property
    def computer_only(self) -> bool:
        return not (self.a.person or self.b.person)

    @property
    def people(self) -> int:
        return int(self.a.person) + int(self.b.person)

    def title(self, list_title: str) -> str:
        again = f", ridden again ({self.ride})" if self.ride > 1 else ""
        return f"{list_title}, round {self.round}: {self.a.name} v {self.b.name}{again}"


def bout_seed(list_seed: int, number: int) -> int:
    """The battle seed of the List's ``number``-th ride: fixed by the List's seed, so a List
    reloaded mid-way rides its remaining bouts with the dice it would have had."""
    return random.Random(f"flank-list:{list_seed}:{number}").randrange(2**62)


def field_setup(field: str) -> tuple[BattleSetup, Path]:
    """The tournament field's set-up (a bundled name or a .tmx path, which becomes a map the
    player chose: `game.content.chosen_map`).  ValueError unless it is a joust:
    ``option.mode = joust`` and one rider on each of two sides."""
    from game.content import chosen_map, find_scenario, load_setup
    from game.maps import MapError

    try:
        path = find_scenario(field)
        setup, _ = load_setup(path)
    except (FileNotFoundError, MapError) as exc:
        raise ValueError(str(exc)) from None
    if setup.options.get("mode") != "joust" or len(setup.sides) != 2 or len(setup.units) != 2:
        raise ValueError(f"{path}: not a lists field (it needs option.mode = joust and one "
                         "rider on each of two sides)")
    chosen_map(path)
    return setup, path


def bout_setup(field: BattleSetup, plan: BoutPlan, *, title: str,
               helm_tipping: bool = False) -> BattleSetup:
    """The battle of a bout: the field's board and options, entrant A where the field's first
    side's rider stands, B where the second's does, each at his level with full pools
    (R-FE-JOUST-REFILL).  With the black knight in the bout, his is the side that is not the
    player characters' (FE-54, R-FE-JOUST-STAKES)."""
    spots = [next(u for u in field.units if u.side == s.id) for s in field.sides]
    sides, units = [], []
    for who, spot in zip((plan.a, plan.b), spots, strict=True):
        pc = who.id != plan.black_knight if plan.black_knight else who.person
        sides.append(SideSpec(id=who.id, name=who.name, player_characters=pc))
        units.append(UnitSpec(id=who.id, side=who.id, template=TEMPLATE, name=who.name,
                              pos=spot.pos, facing=spot.facing,
                              overrides={"level": who.level, "hp": who.hp, "max_hp": who.hp}))
    options = {**field.options, "mode": "joust"}
    options.pop("joust_stakes", None)
    options.pop("joust_helm_tipping", None)
    if helm_tipping:
        options["joust_helm_tipping"] = True
    if plan.black_knight:
        options["joust_stakes"] = "black_knight"
    return BattleSetup(ruleset=field.ruleset, seed=plan.seed, title=plan.title(title),
                       board=field.board, sides=tuple(sides), units=tuple(units),
                       options=options)


def single_bout_setup(field: BattleSetup, seed: int, *, helm_tipping: bool = False,
                      black_knight: bool = False) -> BattleSetup:
    """The field's own joust with the GM's options: helm tipping (FE-52), and the black
    knight's stakes (FE-54), for which the side that is not the player characters' (the
    field's second side, if it names none) rides as the black knight."""
    options = dict(field.options)
    if helm_tipping:
        options["joust_helm_tipping"] = True
    sides, units = list(field.sides), list(field.units)
    if black_knight:
        options["joust_stakes"] = "black_knight"
        pcs = [s for s in sides if s.player_characters]
        knight = next(s for s in sides if not s.player_characters) if len(pcs) == 1 else sides[1]
        sides = [s.model_copy(update={"name": BLACK_KNIGHT}) if s is knight else s
                 for s in sides]
        units = [u.model_copy(update={"name": BLACK_KNIGHT}) if u.side == knight.id else u
                 for u in units]
    return field.model_copy(update={"seed": seed, "options": options, "sides": tuple(sides),
                                    "units": tuple(units)})


@dataclass(frozen=True)
class BoutEnd:
    """What a finished bout decided, read from its battle."""

    winner: str | None  # entrant id; None: a draw
    out: tuple[str, ...]  # FE-53 (injured, ejected) and FE-54 (stripped of horse and armour)
    ended_by: str
    pools: tuple[int, int]
    throws: int
    reason: str
    stakes: str


def bout_end(state: Battle, events: Iterable[Event]) -> BoutEnd | None:
    """The result of a bout's battle, None while it goes on.  Out of the List: a rider the
    joust left down or gone (FE-53: injured, or ejected for dishonour) and one the black
    knight stripped of horse and armour (R-FE-JOUST-LIST-STAKES)."""
    outcome = state.outcome
    if outcome is None:
        return None
    a, b = (s.id for s in state.sides)
    out = [u.id for u in state.units if u.status in (DOWN, DEAD, GONE)]
    ended_by, pools, throws, stakes = "", (0, 0), 0, ""
    for e in events:
        if e.type == "fe_joust_thrown" and getattr(e, "winner", ""):
            ended_by = e.ended_by  # type: ignore[attr-defined]
            pools = (e.pool_a, e.pool_b)  # type: ignore[attr-defined]
            throws = e.throw  # type: ignore[attr-defined]
        elif e.type == "fe_joust_stakes":
            stakes = e.forfeit  # type: ignore[attr-defined]
            stripped = e.stripped  # type: ignore[attr-defined]
            if stripped and stripped not in out:
                out.append(stripped)
    order = {a: 0, b: 1}
    return BoutEnd(outcome.winner, tuple(sorted(out, key=order.__getitem__)), ended_by, pools,
                   throws, outcome.reason, stakes)
