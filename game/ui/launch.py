"""Opening a battle in the window: from a scenario, from a save, on the screen its board needs.

The scene is picked by the kind of board the battle is drawn on (`Battle.board_kind`: a hex
map, the lists of a joust …) through the registry (entry points in the group
``flank.scenes``), so a new mode brings its own screen without a line changing here.  Every
scene takes the same keywords: the turn manager, a title, what to do on leaving, the
autosave writer, the undo stack, and the map's art (a scene with no map ignores it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.content import ScenarioEntry, chosen_map, load_setup, make_seat
from rules import registry
from rules.engine import BattleSetup


def scene_for(app: Any, tm: Any, **kwargs: Any) -> Any:
    """The scene that shows the battle `tm` drives, for its board kind."""
    cls = registry.load(registry.SCENES, tm.state.board_kind)
    return cls(app, tm, **kwargs)


def board_sandbox(setup: Any) -> Any:
    """The GM sandbox a battle's board kind brings (``flank.sandboxes``, e.g. the mass
    battle's grid), as `open(app, map_path, on_exit)`; None for the hex sandbox, or when
    the set-up cannot start (the hex sandbox then says why)."""
    from rules.engine import ruleset_of

    try:
        kind = ruleset_of(setup.ruleset).initial_state(setup).board_kind
    except (AttributeError, KeyError, ValueError):
        return None
    if kind == "hex" or not registry.has(registry.SANDBOXES, kind):
        return None
    return registry.load(registry.SANDBOXES, kind)


def map_sandbox(path: Path | str, ruleset: str | None = None) -> Any:
    """`board_sandbox` for a map file; None too when the map will not load (the hex
    sandbox then says why)."""
    from game.maps import MapError, load_map

    try:
        return board_sandbox(load_map(path, ruleset=ruleset).setup)
    except (MapError, ValueError, KeyError):
        return None


def start_battle(app: Any, entry: ScenarioEntry, ruleset: str, players: list[str],
                 on_exit: Callable[[], Any] | None = None, seed: int | None = None) -> Any:
    """Open the battle scene for a scenario; `players` says who plays each side, in order."""
    import random

    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for

    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    setup, sc = load_setup(entry.path, ruleset, seed)
    chosen_map(entry.path)  # a save of this battle may draw its map (game.saves.map_path)
    return open_setup(app, setup, players, title=sc.title, scenario_path=entry.path,
                      on_exit=on_exit, undo=sc.properties.get("undo"), painter=painter_for(sc),
                      orientation=sc.orientation, hex_size=hex_size_for(sc))


def open_setup(app: Any, setup: BattleSetup, players: list[str], *, title: str,
               scenario_path: str | Path = "", on_exit: Callable[[], Any] | None = None,
               undo: str | None = None, **art: Any) -> Any:
    """Open the scene for a battle set up in code (a joust with options its map does not
    set, a bout of a List): `players` says who plays each side, in order ("human", "ai",
    "ai:greedy" …; missing ones are people).  The battle saves itself as it goes; if its
    save cannot be begun, the scene opens all the same and says so (`SaveWatch`)."""
    from game.saves import start_autosave
    from game.turns import TurnManager
    from game.undo import UndoStack, undo_mode

    if len(players) < len(setup.sides):
        players = players + ["human"] * (len(setup.sides) - len(players))
    seats = {}
    for i, (side, who) in enumerate(zip(setup.sides, players, strict=False)):
        seats[side.id] = make_seat(side.id, side.name or f"Player {i + 1}", who, setup.seed + i)
    tm = TurnManager(setup, seats)
    registry.load(registry.SCENES, tm.state.board_kind)  # no screen for it: no save either
    mode = undo_mode(undo)
    controllers = {side: (f"human:{seat.name or side}" if seat.human else
                          f"ai:{seat.name.rpartition('computer: ')[2].rstrip(')')}")
                   for side, seat in seats.items()}
    writer = start_autosave(tm, setup=setup, scenario_path=scenario_path,
                            controllers=controllers, undo=mode, carry_on=True)
    stack = UndoStack.for_turn_manager(tm, mode=mode, writer=writer)
    return scene_for(app, tm, title=title, on_exit=on_exit, writer=writer, undo=stack, **art)


def resume_saved(app: Any, path: Path | str, on_exit: Callable[[], Any] | None = None,
                 loaded: Any = None) -> Any:
    """The battle scene for a save, carrying on where it stopped and appending to it.

    Every command is decided again first (`load_save` with `verify`; or `loaded`, the
    save so loaded already), so a save edited or damaged since it was written is never
    played on: raises game.saves.SaveDiverges (the step where the rules part from it, and
    the good part before) or game.saves.SaveError (one line) if the save cannot be trusted.
    A save that can no longer be written to (a read-only folder, a full disk) is played on
    with the scene's notice up, offering another folder or going on unsaved."""
    from game.maps import MapError, load_map
    from game.render.snapshot import hex_size_for
    from game.render.tiles import painter_for
    from game.saves import SaveWriter, load_save, save_map, seats_from_header
    from game.threaded import ThreadedController
    from game.undo import UndoStack

    if loaded is None:
        loaded = load_save(path, verify=True)
    header = loaded.header

    def computer(side: str, level: str) -> Any:
        from game.ai import make_controller

        return ThreadedController(make_controller(level or "tactician", header.seed),
                                  min_think_s=0.25)

    tm = loaded.turn_manager(seats_from_header(header, ai=computer))
    writer = SaveWriter.resume(loaded, carry_on=True)  # unwritable: the scene's notice asks
    writer.attach(tm)
    undo = UndoStack.from_loaded(loaded, writer)
    undo.attach(tm)
    kwargs: dict[str, Any] = {"orientation": "pointy" if loaded.setup.board.stagger_axis == "y"
                              else "flat"}
    where = save_map(loaded)  # only from a trusted folder: SaveError otherwise
    if where is not None:  # the map's art, if the map is still there
        try:
            sc = load_map(where, ruleset=loaded.header.ruleset, seed=loaded.header.seed)
            kwargs = {"painter": painter_for(sc), "orientation": sc.orientation,
                      "hex_size": hex_size_for(sc)}
        except MapError:
            pass
    scene = scene_for(app, tm, title=loaded.header.scenario.title or loaded.setup.title,
                        on_exit=on_exit, writer=writer, undo=undo, **kwargs)
    scene.message = " ".join(loaded.notices)
    return scene
