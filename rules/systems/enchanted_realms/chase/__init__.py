"""Enchanted Realms' chase mode ("Swing on the Run", ER-21..ER-34): a running fight counted
down second by second on a pursuit track (board kind "track").  Importing the package
registers the track's invariants (invariants.py) beside the frame, its events and their
evolvers."""

from rules.systems.enchanted_realms.chase import invariants as _invariants  # noqa: F401
