"""Fallen Empire: the OD&D house rules of seed 004, "All the Fighting Rules"."""

from rules.engine import register_ruleset
from rules.systems.fallen_empire.ruleset import RULESET

register_ruleset(RULESET)
