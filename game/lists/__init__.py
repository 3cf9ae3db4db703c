"""Lists in the game: tournaments of 4 to 16 mounted knights, ridden bout by bout (FE-45).

    roster    the entrants: names a player reads, levels, who rides each (person or computer)
    bout      one bout as an ordinary joust battle on the tournament field, and its result
    store     the tournament file (versioned JSON in the save folder, written after every bout)
    session   a List being held: the next bout, computer bouts played at once, a person's bout

The pairing, byes, standings and champion are the rules core's
(`rules.systems.fallen_empire.lists`).  Headless: nothing here imports pygame.
"""

from game.lists.bout import BoutPlan
from game.lists.roster import (
    COMPUTER,
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    PERSON,
    Entrant,
    check_count,
    check_rider,
    default_roster,
)
from game.lists.session import ListSession
from game.lists.store import RideRecord, TournamentError, latest_unfinished

__all__ = ["COMPUTER", "MAX_ENTRANTS", "MIN_ENTRANTS", "PERSON", "BoutPlan", "Entrant",
           "ListSession", "RideRecord", "TournamentError", "check_count", "check_rider",
           "default_roster", "latest_unfinished"]
