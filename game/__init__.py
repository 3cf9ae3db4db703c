"""Flank's game side: the command line, the window, the turn manager, maps and saves."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
