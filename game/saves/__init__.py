"""Saves are the event log: crash-safe, versioned JSON-lines files that are also replays.

Headless: never imports pygame, nor does anything it imports.  No pickle, no eval: a save is
plain JSON read with `json` and validated with pydantic, line by line, before anything is
built from it.  Anything wrong with a file raises `SaveError`, whose ``str()`` is one line
``"PATH: line N: problem"`` (or ``"PATH: problem"``).

    writer = start_autosave(tm, setup=setup)        # a new save, written as the battle goes
    loaded, tm, writer = resume_battle(path)        # carry on from a save (decided again)
    cursor = ReplayCursor(load_save(path))          # watch it; verify_save(loaded) checks it
    load_save(path, verify=True)                    # every command decided again, or ...
    save_up_to(path, exc.up_to)                     # ... SaveDiverges: the good part, anew

One module a job:

    format      the file: its limits, the header (`SaveHeader`), `new_header`,
                `scenario_hash` (of the setup and the map's path)
    map_path    `save_map`: the map a save names, opened only from a trusted folder
    upcast      saves of older formats upgraded on load (`UPCASTERS`, `RECORD_UPCASTERS`)
    errors      `SaveError`, `SaveFolderError` and the one-line messages
    parsing     one line of JSON read safely, and its record, events and commands validated
    loaded      what a loaded save holds (`LoadedSave`, `Step`) and its seats
    loader      `load_save`: read, check every line, rebuild the battle
    walk        the line of play rebuilt record by record: events folded, or decided again
    divergence  one step decided again and compared; `SaveDiverges`, in a player's words
    rescue      `save_up_to`: the part of a save the rules agree with, as a new save
    checks      what the rules take on trust in a saved set-up: options, overrides, units
    writer      `SaveWriter`: append each step as it is played, crash-safe; `write_whole`
    autosave    where saves live, the newest save, checking the folder, starting an
                autosave, resuming
    replay      `verify_save` (decide every command again) and `ReplayCursor`
    summary     `summarise`: a save's head, round and end, read quickly for a list
    lock        which saves a battle is being played in (this window, or another Flank)
    validate    ``flank validate`` of saves and rules tables
    rulesets    `ruleset_tables`, the one place the saves look rulesets up
"""

from __future__ import annotations

from game.saves.autosave import (
    autosave_path,
    check_save_appendable,
    check_save_folder,
    choose_save_dir,
    latest_save,
    list_saves,
    resume_battle,
    save_dir,
    start_autosave,
)
from game.saves.divergence import SaveDiverges
from game.saves.errors import SaveError, SaveFolderError
from game.saves.format import (
    CONTROLLER_KINDS,
    FORMAT,
    MAX_DEPTH,
    MAX_HEADER_BYTES,
    MAX_HEADER_INT,
    MAX_LINE_BYTES,
    MAX_LINES,
    MAX_RECORD_INT,
    MAX_SAVE_BYTES,
    MAX_UNIT_INT,
    SAVE_SUFFIXES,
    VERSION,
    Controller,
    SaveHeader,
    ScenarioRef,
    flank_version,
    new_header,
    scenario_hash,
    setup_hash,
)
from game.saves.loaded import LoadedSave, Step, seats_from_header
from game.saves.loader import load_save
from game.saves.map_path import save_map, trusted_map_folders
from game.saves.replay import Divergence, ReplayCursor, VerifyResult, verify_save
from game.saves.rescue import save_up_to, trusted_part, write_up_to
from game.saves.upcast import RECORD_UPCASTERS, UPCASTERS
from game.saves.validate import check_data_table, validate_files
from game.saves.writer import SaveWriter, write_whole

__all__ = [
    "CONTROLLER_KINDS", "FORMAT", "MAX_DEPTH", "MAX_HEADER_BYTES", "MAX_HEADER_INT", "MAX_LINES",
    "MAX_LINE_BYTES", "MAX_RECORD_INT", "MAX_SAVE_BYTES", "MAX_UNIT_INT", "RECORD_UPCASTERS",
    "SAVE_SUFFIXES", "UPCASTERS", "VERSION", "Controller", "Divergence", "LoadedSave",
    "ReplayCursor", "SaveDiverges", "SaveError", "SaveFolderError", "SaveHeader", "SaveWriter",
    "ScenarioRef", "Step", "VerifyResult", "autosave_path", "check_data_table",
    "check_save_appendable", "check_save_folder", "choose_save_dir", "flank_version",
    "latest_save", "list_saves", "load_save", "new_header", "resume_battle", "save_dir",
    "save_map", "save_up_to", "scenario_hash", "seats_from_header", "setup_hash",
    "start_autosave", "trusted_map_folders", "trusted_part",
    "validate_files", "verify_save", "write_up_to", "write_whole",
]
