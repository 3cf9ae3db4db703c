"""Empress: the combat rules of seed 000, "Empress core rules - Section 3".

The ruleset itself is `ruleset.RULESET`, declared as an entry point in pyproject.toml."""
