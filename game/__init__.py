"""Flank's game side: the command line, the window, the turn manager, maps and saves."""
