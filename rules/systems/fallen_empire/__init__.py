"""Fallen Empire: the OD&D house rules of seed 004, "All the Fighting Rules".

The ruleset itself is `ruleset.RULESET`, declared as an entry point in pyproject.toml."""
