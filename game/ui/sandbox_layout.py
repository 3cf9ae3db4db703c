"""The GM sandbox window's measures, keys and help line, shared by the scene and its
dialogs and panels (`sandbox_scene`, `sandbox_dialogs`, `sandbox_panels`)."""

import pygame

LEFT, RIGHT = 270, 400
PALETTE_H = 222  # the figure palette: four rows of two tiles in sight, the rest scrolled
CARD_BUTTON_H, CHART_H, DICE_H = 28, 56, 30  # the right column's fixed rows
# The right column less its three text boxes and the log: margins, the card's buttons, the
# chart, the dice row, and the bottom margin.
RIGHT_FIXED_H = 4 + 4 + CARD_BUTTON_H + 4 + 4 + CHART_H + 4 + DICE_H + 4 + 4 + 10
RIGHT_LOG_MIN = 60
OVERLAY_KEYS = {
    pygame.K_t: "threat", pygame.K_r: "reach", pygame.K_a: "arcs", pygame.K_w: "who",
    pygame.K_p: "path", pygame.K_f: "flank",
}
HELP = ("<b>Sandbox</b>: click a hex to place the palette figure · click a figure to select "
        "it · drag to move · right-click a figure to target it · Q/E turn · Delete removes · "
        "Ctrl+Z / Ctrl+Y undo, redo · overlays: T threat (per side), R reach, A arcs, "
        "W who can hit the hex under the mouse, P the path to it, F who flanks the target · "
        "L the hexes' labels")
