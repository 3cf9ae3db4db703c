"""Every control, for the F1 overlay and the README."""

CONTROLS = [
    ("Left click a unit", "select it (its moves, targets and buttons appear)"),
    ("Left click a blue hex", "move there along the path shown"),
    ("Hover a hex", "path preview: red hexes provoke a free attack, with who reacts"),
    ("Left click a gold-ringed foe", "attack, charge or cast at it"),
    ("Shift + click a foe", "attack with the flat of the blade (subdual), where allowed"),
    ("Q / E or right click", "turn the selected unit (right click: face that hex)"),
    ("Space", "pass: the selected unit does nothing more this phase"),
    ("Enter", "end the phase for all your units"),
    ("Tab", "select the next unit that can act"),
    ("T", "show the hexes the other side threatens"),
    ("R", "show the selected unit's reach"),
    ("A", "show the selected unit's facing arcs"),
    ("L", "label every hex (\"D5\": column letter, row number), as the log names them"),
    ("Arrows / drag / screen edge", "pan"),
    ("Mouse wheel, + / -", "zoom"),
    ("F", "speed up animations (x1, x2, x4); Space while figures move: skip to the end"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo (back to the last roll of the dice)"),
    ("F1", "this help"),
    ("Esc", "close this help, or back from a foe's declarations, or back to the menu"),
]


def controls_html() -> str:
    rows = "".join(f"<b>{k}</b>: {v}<br>" for k, v in CONTROLS)
    return "<font size=4><b>Controls</b></font><br><br>" + rows
