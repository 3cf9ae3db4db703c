"""ZeFRS mass combat (seed 002, "Mass Combat" to "Modifiers"; ZEF-58..ZEF-80) as a mode of the
ZeFRS ruleset: units of many fighters on a 5×7 grid of 100-ft squares.

    tables.py      the mode's data file (data.toml): the rulings' values and the troop types
    armour.py      the unit armour value from a kit (ZEF-74..76)
    units.py       a unit of fighters on the grid (MassUnit) and its leader and commander
    grid.py        squares, the four facings, adjacency and the deployment slots
    combat.py      one unit check and its casualties, and their exact odds (ZEF-72..75)
    events.py      what happens in a mass battle, with the evolvers
    frame.py       the frame on the stack and the commands it accepts
    procedure.py   the round by the book: moves, duels, segments, morale, the end
    invariants.py  what holds of the "grid" board after every command
    setup.py       a mass battle's opening state, and the sample the conformance tests play
"""
