"""Who rides in a List: entrants with names a player reads, their level, and who rides them.

An entrant is a mounted knight (the bundled ``knight`` template: plate, shield, lance and a
heavy war horse, so FE-44 lets him joust) of a given level: his dice pool is his level
(FE-47, R-FE-JOUST-ENTRANT).  A person or a computer player rides him; one person may ride
several entrants, and a bout between two persons is played hot-seat.  Headless.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from game.content import COMPUTER, PERSON

MIN_ENTRANTS = 4
MAX_ENTRANTS = 16
MAX_LEVEL = 12
TEMPLATE = "knight"
BLACK_KNIGHT = "The Black Knight"

# Names for a List called without a roster, in seed order.
KNIGHT_NAMES = (
    "Sir Aldric", "Sir Bertrand", "Dame Cerys", "Sir Dunstan", "Sir Edmund", "Dame Fenella",
    "Sir Gerard", "Sir Hugh", "Sir Ivo", "Dame Jocelyn", "Sir Lionel", "Sir Mordaunt",
    "Sir Osric", "Dame Petronel", "Sir Roland", "Sir Tristram",
)


def check_rider(value: str) -> str:
    """``human`` or a computer player (``ai``, ``ai:tactician``, ``greedy`` …), normalised;
    ValueError names the known players for anything else."""
    text = value.strip().lower()
    if text in (PERSON, "person"):
        return PERSON
    from game.ai import PLAYERS, parse_spec

    try:
        return f"ai:{parse_spec(text)}"
    except ValueError:
        raise ValueError(f"unknown rider {value!r}: human, or the computer (ai, "
                         f"{', '.join('ai:' + p for p in PLAYERS)})") from None


Rider = Annotated[str, AfterValidator(check_rider)]


def _check_name(value: str) -> str:
    text = " ".join(value.split())
    if not text:
        raise ValueError("an entrant needs a name")
    return text


class Entrant(BaseModel):
    """One knight in the List.  ``id`` names him in the bouts' saves and logs; ``name`` is
    what the screens show."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    name: Annotated[str, Field(max_length=60), AfterValidator(_check_name)]
    level: int = Field(ge=1, le=MAX_LEVEL)
    rider: Rider = COMPUTER

    @property
    def person(self) -> bool:
        return self.rider == PERSON

    @property
    def hp(self) -> int:
        """Hit points for his level: 3d8's average a level, as the template's 3rd-level
        knight has 14 (FE-53's real damage is taken from these)."""
        return (9 * self.level + 1) // 2

    def rider_text(self) -> str:
        return "a person" if self.person else f"the computer ({self.rider.partition(':')[2]})"


def slug(name: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """An id for a name: "Dame Cerys" → ``dame_cerys`` (``_2`` … if already taken)."""
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:36] or "knight"
    out, n = base, 2
    while out in taken:
        out, n = f"{base}_{n}", n + 1
    return out


def check_count(n: int) -> int:
    """A List has 4 to 16 entrants (a bout of two is the tournament field's own joust)."""
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_ENTRANTS <= n <= MAX_ENTRANTS:
        raise ValueError(f"a List has {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants, not {n}")
    return n


def default_roster(n: int, riders: list[str] | tuple[str, ...] = (PERSON,),
                   black_knight: bool = False) -> list[Entrant]:
    """``n`` knights in seed order, levels falling from 5 to 1 down the seeds; ``riders``
    says who rides the first entrants (the rest: the computer).  With ``black_knight`` the
    first seed is the black knight, the host of the List at his castle (FE-45, FE-54)."""
    check_count(n)
    if len(riders) > n:
        raise ValueError(f"{len(riders)} riders named for {n} entrants")
    out: list[Entrant] = []
    taken: set[str] = set()
    for i in range(n):
        name = BLACK_KNIGHT if black_knight and i == 0 else KNIGHT_NAMES[i]
        rider = riders[i] if i < len(riders) else COMPUTER
        e = Entrant(id=slug(name, taken), name=name, level=5 - (5 * i) // n, rider=rider)
        taken.add(e.id)
        out.append(e)
    return out


def check_roster(entrants: list[Entrant] | tuple[Entrant, ...]) -> None:
    """4 to 16 entrants, no id or name twice (ValueError says which)."""
    check_count(len(entrants))
    for what in ("id", "name"):
        seen: set[str] = set()
        for e in entrants:
            key = getattr(e, what).casefold()
            if key in seen:
                raise ValueError(f"two entrants have the {what} {getattr(e, what)!r}")
            seen.add(key)
