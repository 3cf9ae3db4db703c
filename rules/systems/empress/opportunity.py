"""Who may take an Empress opportunity attack, and what it is (§3.5, §3.6, §3.7).

EMP-59 (a): an opportunity attack interrupts; it is open only to a character who has not
yet acted this round, and taking it *is* his action ("not a free attack").  EMP-60: a round
allows a Warrior two and anyone else one; pure defence doubles that.  Read together
(R-EMP-OA): the first opportunity attack takes his action (he will not act in his
segment); a Warrior may take his second later in the round, and a character whose action
went on pure defence may take his (doubled) allotment, but one who has acted otherwise may
take none.  With `config.retreat_oa_spends_action = false` (reading (b)) the attacks §3.5
calls free (retreating, moving past) are open even after acting and do not spend the
action; the allotment still counts.

R-EMP-OA-NO-CHAIN: an opportunity attack never provokes another one (nor a counter).
"""

from __future__ import annotations

from rules.state import Battle
from rules.systems.empress.units import EmpUnit, cfg, held, oa_allotment

FREE_TRIGGERS = frozenset({"retreat", "past"})


def spends_action(state: Battle, trigger: str) -> bool:
    if trigger == "trick":
        return False
    return not (trigger in FREE_TRIGGERS and not cfg(state, "retreat_oa_spends_action"))


def can_oa(state: Battle, r: EmpUnit, target: EmpUnit, trigger: str) -> bool:
    """May `r` take an opportunity attack on `target` now?"""
    if not r.fighting or r.pos is None or target.pos is None or r.surprised:
        return False
    if r.pinned or (held(r) and target.id not in r.grappled_by):
        return False  # EMP-77: held, he can only strike the one who holds him
    if trigger == "trick":
        return True  # EMP-84: the trickster's own follow-up, not from his allotment
    if r.oa_taken >= oa_allotment(state, r):
        return False
    if not spends_action(state, trigger):
        return True
    return r.spent in ("", "oa", "pure_defense")
