"""Empress: the combat rules of seed 000, "Empress core rules - Section 3"."""

from rules.engine import register_ruleset
from rules.systems.empress.ruleset import RULESET

register_ruleset(RULESET)
