"""Write the corpus of broken and hostile saves and rules tables in tests/saves/bad/.

    python3 -m tests.saves.make_bad_corpus

The files are kept in git; this script only says how each was made.  What Flank must say
about each one is in tests/saves/bad/expected.toml, written by hand: that table is the spec.
Files too big to keep in git (a 64 MiB save, a 1 MiB line, a 2 MiB table) are made on the
spot by the tests, with `huge_files`.
"""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.saves import SaveWriter, new_header, setup_hash
from rules.builder import Scenario
from rules.commands import Declare, Move
from rules.engine import BattleSetup, decider, legal_commands, start, submit
from rules.systems.fallen_empire.tables import DEFAULT_DATA_PATH

BAD = Path(__file__).resolve().parent / "bad"
CREATED = "2025-01-31T20:15:00+00:00"

Row = dict[str, Any]


def duel_setup(**options: Any) -> BattleSetup:
    sc = (Scenario("fallen_empire", seed=4, radius=6, title="Duel")
          .side("men", player_characters=True).side("orcs")
          .unit("hero", "fighting_man", "men", (-3, 0), facing=0)
          .unit("orc", "orc", "orcs", (3, 0), facing=3)
          .options(surprise_enabled=False, **options))
    return sc.build()


def base_rows() -> list[Row]:
    """A good save of a short duel: step 1 declares (no dice), step 2 declares and rolls
    initiative, step 3 walks (no dice), then four more steps."""
    setup = duel_setup()
    state, opening = start(setup)
    plan = [Declare(unit="hero", action="move"), Declare(unit="orc", action="move"),
            Move(unit="hero", path=((-3, 0), (-4, 0), (-5, 0), (-6, 0)))]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "base.flank"
        header = new_header(setup, scenario_path="maps/duel.tmx",
                            controllers={"men": "human:Ann", "orcs": "ai:tactician"})
        header = header.model_copy(update={"created": CREATED, "flank_version": "0.1.0"})
        with SaveWriter(path, header, fsync=False) as w:
            w.record_opening(opening)
            for i in range(7):
                cmd = plan[i] if i < len(plan) else legal_commands(state, decider(state))[0]
                state, events = submit(state, cmd)
                w.record_step(cmd, events, state)
        return [json.loads(line) for line in path.read_text().splitlines()]


def dump(rows: list[Any]) -> str:
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows)


def with_setup(rows: list[Row], change: Callable[[Row], None], rehash: bool = True
               ) -> list[Row]:
    """Change the header's setup (and, unless told not to, its hash to match)."""
    rows = copy.deepcopy(rows)
    change(rows[0]["setup"])
    if rehash:
        rows[0]["scenario_hash"] = setup_hash(BattleSetup.model_validate(rows[0]["setup"]))
    return rows


def edit(rows: list[Row], change: Callable[[list[Row]], Any]) -> list[Row]:
    rows = copy.deepcopy(rows)
    change(rows)
    return rows


def unhashed(rows: list[Row]) -> list[Row]:
    rows = copy.deepcopy(rows)
    for r in rows[2:]:
        r.pop("hash", None)
    return rows


def saves() -> dict[str, str | bytes]:
    good = base_rows()
    files: dict[str, str | bytes] = {}
    text = dump(good)

    # --- not a save at all -----------------------------------------------------------------
    files["empty.flank"] = b""
    files["not_json.flank"] = "this is a shopping list, not a battle\n"
    files["binary.flank"] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
    files["truncated_header.flank"] = text[: len(json.dumps(good[0])) // 2]
    files["header_is_a_list.flank"] = dump([[1, 2, 3]])
    files["not_a_flank_save.flank"] = dump([{"format": "tiled-map", "version": 1}])

    # --- versions ------------------------------------------------------------------------------
    files["newer_version.flank"] = dump(edit(good, lambda r: r[0].update(version=9)))
    files["unknown_old_version.flank"] = dump(edit(good, lambda r: r[0].update(version=-1)))
    files["version_as_text.flank"] = dump(edit(good, lambda r: r[0].update(version="1")))

    # --- wrong types, huge numbers, hostile JSON -------------------------------------------
    files["seed_as_text.flank"] = dump(edit(good, lambda r: r[0].update(seed="seven")))
    files["huge_seed.flank"] = text.replace('"seed":4,', '"seed":' + "9" * 30 + ",", 1)
    files["nan_in_header.flank"] = text.replace('"seed":4,', '"seed":NaN,', 1)
    files["infinity_in_event.flank"] = dump(good[:2]) + dump(good[2:3]).replace(
        '"rolls":[]', '"rolls":[1e999]', 1) + dump(good[3:])
    files["huge_number_in_event.flank"] = dump(good[:3]) + dump(good[3:4]).replace(
        '"rolls":[', '"rolls":[123456789012,', 1) + dump(good[4:])
    nested: Any = 0
    for _ in range(200):
        nested = [nested]
    files["deeply_nested.flank"] = dump(
        with_setup(good, lambda s: s["options"].update(note=nested), rehash=False))
    files["duplicate_key.flank"] = text.replace('"seed":4,', '"seed":4,"seed":5,', 1)
    files["created_not_a_date.flank"] = dump(edit(good, lambda r: r[0].update(
        created="the day before yesterday")))
    files["bad_controller.flank"] = dump(edit(good, lambda r: r[0]["sides"].update(
        orcs="wizard:Merlin")))

    # --- the header against its setup -------------------------------------------------------
    files["hash_does_not_match.flank"] = dump(with_setup(
        good, lambda s: s["units"][0].update(pos=[-2, 0]), rehash=False))
    files["unknown_ruleset.flank"] = dump(with_setup(
        edit(good, lambda r: r[0].update(ruleset="chess")), lambda s: s.update(ruleset="chess")))
    files["ruleset_differs.flank"] = dump(edit(good, lambda r: r[0].update(ruleset="empress")))
    files["seed_differs.flank"] = dump(edit(good, lambda r: r[0].update(seed=5)))
    files["side_without_controller.flank"] = dump(edit(good, lambda r: r[0]["sides"].pop(
        "orcs")))
    files["controller_for_no_side.flank"] = dump(edit(good, lambda r: r[0]["sides"].update(
        vikings="human:Olaf")))

    # --- the setup ------------------------------------------------------------------------
    files["unknown_template.flank"] = dump(with_setup(
        good, lambda s: s["units"][1].update(template="dragon_turtle")))
    files["unit_off_the_map.flank"] = dump(with_setup(
        good, lambda s: s["units"][1].update(pos=[40, 40])))

    def wall(s: Row) -> None:
        s["board"]["palette"]["wall"] = {"kind": "wall", "move_cost": 1, "cover": False,
                                         "impassable": True, "elevation": 0}
        s["board"]["cells"] = [[q, r, "wall" if (q, r) == (3, 0) else k]
                               for q, r, k in s["board"]["cells"]]

    files["unit_on_impassable_hex.flank"] = dump(with_setup(good, wall))
    files["duplicate_unit_ids.flank"] = dump(with_setup(
        good, lambda s: s["units"][1].update(id="hero")))
    files["two_units_one_hex.flank"] = dump(with_setup(
        good, lambda s: s["units"][1].update(pos=[-3, 0])))
    files["terrain_not_in_palette.flank"] = dump(with_setup(
        good, lambda s: s["board"]["cells"].__setitem__(5, [*s["board"]["cells"][5][:2],
                                                            "lava"])))
    files["hex_listed_twice.flank"] = dump(with_setup(
        good, lambda s: s["board"]["cells"].append(s["board"]["cells"][0])))
    files["option_of_the_wrong_type.flank"] = dump(with_setup(
        good, lambda s: s["options"].update(rear_hit="lots")))
    files["unknown_option.flank"] = dump(with_setup(
        good, lambda s: s["options"].update(fireballs=True)))
    files["override_of_the_wrong_type.flank"] = dump(with_setup(
        good, lambda s: s["units"][0]["overrides"].update(hp="lots")))
    files["override_huge.flank"] = dump(with_setup(
        good, lambda s: s["units"][0]["overrides"].update(hp=10**15, max_hp=10**15)))

    # --- records --------------------------------------------------------------------------
    files["step_before_opening.flank"] = dump([good[0], *good[2:]])
    files["second_opening.flank"] = dump([*good[:3], good[1], *good[3:]])
    files["unknown_record.flank"] = dump([*good[:3], {"save_game": 1}])
    files["record_of_two_kinds.flank"] = dump([*good[:5], {"undo": 1, "redo": 1}])
    files["record_with_an_extra_key.flank"] = dump(edit(good, lambda r: r[3].update(
        comment="nice move")))
    files["record_is_a_number.flank"] = dump([*good[:3], 42, *good[3:]])
    files["blank_line.flank"] = dump(good[:3]) + "\n" + dump(good[3:])
    files["cut_line_in_the_middle.flank"] = (dump(good[:3]) + dump(good[3:4])[:50] + "\n"
                                             + dump(good[4:]))
    files["bad_utf8_in_a_record.flank"] = (dump(good[:3]).encode() + b'{"undo":\xff\xfe}\n'
                                           + dump(good[3:]).encode())
    files["step_numbers_skip.flank"] = dump(edit(good, lambda r: r[3].update(step=5)))
    files["step_not_a_number.flank"] = dump(edit(good, lambda r: r[3].update(step="two")))
    files["events_not_a_list.flank"] = dump(edit(good, lambda r: r[3].update(events={"a": 1})))
    files["step_without_events.flank"] = dump(edit(good, lambda r: r[3].pop("events")))
    files["hash_not_a_hash.flank"] = dump(edit(good, lambda r: r[3].update(hash="abc")))

    # --- events ---------------------------------------------------------------------------
    def event(rows: list[Row], step: int, i: int) -> Row:
        return rows[1 + step]["events"][i]

    files["unknown_event_type.flank"] = dump(edit(good, lambda r: event(r, 1, 0).update(
        type="fireball_of_doom")))
    files["event_without_type.flank"] = dump(edit(good, lambda r: event(r, 1, 0).pop("type")))
    files["event_is_text.flank"] = dump(edit(good, lambda r: r[1]["opening"].append(
        "the orc dies")))
    files["event_field_of_the_wrong_type.flank"] = dump(edit(good, lambda r: r[1][
        "opening"].append({"type": "unit_damaged", "unit": "orc", "amount": 3,
                           "hp_after": "lots"})))
    files["event_with_an_unknown_field.flank"] = dump(edit(good, lambda r: event(r, 1, 0).update(
        critical=True)))
    files["event_that_does_not_apply.flank"] = dump(edit(good, lambda r: r[1]["opening"].append(
        {"type": "unit_damaged", "unit": "zed", "amount": 3, "hp_after": 2})))
    files["event_moves_a_unit_off_the_board.flank"] = dump(unhashed(edit(
        good, lambda r: r[4]["events"].append({"type": "unit_stepped", "unit": "hero",
                                               "from_hex": [-6, 0], "to_hex": [-60, 0],
                                               "facing": 0}))))
    files["step_after_the_battle_is_over.flank"] = dump(edit(good, lambda r: r[1][
        "opening"].append({"type": "battle_ended", "winner": "orcs", "reason": "a drill"})))
    files["events_do_not_fit_the_setup.flank"] = dump(with_setup(
        good, lambda s: s.update(units=[]))[:2])
    files["tampered_event_keeps_its_hash.flank"] = dump(edit(
        good, lambda r: r[-1]["events"].append({"type": "unit_faced", "unit": "orc",
                                                "facing": 5})))

    # --- commands -------------------------------------------------------------------------
    files["unknown_command_type.flank"] = dump(edit(good, lambda r: r[3]["command"].update(
        type="surrender_gracefully")))
    files["command_field_of_the_wrong_type.flank"] = dump(edit(good, lambda r: r[4][
        "command"].update(path="north")))
    files["step_without_command.flank"] = dump([*good[:3], {"step": 2, "events": []}])

    # --- undo and redo --------------------------------------------------------------------
    files["undo_past_a_roll.flank"] = dump([*good[:5], {"undo": 2}])
    files["undo_more_than_played.flank"] = dump([*good[:4], {"undo": 3}])
    files["undo_zero.flank"] = dump([*good[:4], {"undo": 0}])
    files["redo_with_nothing_undone.flank"] = dump([*good[:4], {"redo": 1}])

    # --- loads, but the rules disagree (flank replay --verify) ------------------------------
    files["verify_illegal_command.flank"] = dump(edit(good, lambda r: r[4]["command"].update(
        path=[[-3, 0], [2, 2]])))
    files["verify_loaded_dice.flank"] = dump(unhashed(edit(good, lambda r: event(
        r, 2, next(i for i, e in enumerate(r[3]["events"]) if e["rolls"])).update(
            rolls=[6, 6]))))
    return files


# --- rules data tables ----------------------------------------------------------------------


def tables() -> dict[str, str | bytes]:
    data = DEFAULT_DATA_PATH.read_text(encoding="utf-8")

    def swap(old: str, new: str) -> str:
        assert data.count(old) >= 1, old
        return data.replace(old, new, 1)

    orc = '[units.orc]\nname = "Orc"\nkind = "monster"\nhit_dice = "1"\nhp = 5'
    spear = '[weapons.spear]\nname = "Spear"\ndamage = "1d6"'
    files: dict[str, str | bytes] = {
        "fe_hp_as_text.toml": swap(orc, orc.replace("hp = 5", 'hp = "5"')),
        "fe_unknown_key.toml": swap(spear, spear + '\ncolour = "red"'),
        "fe_d7.toml": swap(spear, spear.replace('"1d6"', '"1d7"')),
        "fe_dice_as_words.toml": swap(spear, spear.replace('"1d6"', '"a lot"')),
        "fe_dice_as_number.toml": swap(spear, spear.replace('"1d6"', "6")),
        "fe_missing_weapon.toml": _orc_weapon(data, "spaer"),
        "fe_rear_hit_too_big.toml": swap("rear_hit = 2 ", "rear_hit = 99 "),
        "fe_huge_number.toml": swap(orc, orc.replace("hp = 5", "hp = 99999999999999999999999")),
        "fe_bool_as_number.toml": swap("surprise_enabled = true", "surprise_enabled = 1"),
        "fe_not_toml.toml": swap("[config]", "[config\n"),
        "fe_binary.toml": b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
        "fe_empty.toml": "",
        "fe_bands_fall.toml": swap('{ max_level = 6, ac9 = 8 }', '{ max_level = 2, ac9 = 8 }'),
        "fe_surprise_on_d7.toml": swap("surprise_on = [5, 6]", "surprise_on = [5, 7]"),
    }
    return files


def _orc_weapon(data: str, weapon: str) -> str:
    head = data.index("[units.orc]")
    at = data.index('weapon = "sword"', head)
    return data[:at] + f'weapon = "{weapon}"' + data[at + len('weapon = "sword"'):]


def huge_files(folder: Path) -> dict[str, Path]:
    """Files too big for git, made on the spot: name → path."""
    from game.saves import MAX_LINE_BYTES, MAX_SAVE_BYTES
    from rules.data import MAX_FILE_BYTES

    good = dump(base_rows()[:2])
    out = {}
    p = folder / "huge_file.flank"
    with p.open("wb") as f:
        f.write(good.encode())
        f.truncate(MAX_SAVE_BYTES + 1)  # sparse: nothing is really written
    out["huge_file.flank"] = p
    p = folder / "huge_line.flank"
    p.write_text(good + '{"undo":1,"pad":"' + "x" * MAX_LINE_BYTES + '"}\n' + '{"undo":1}\n')
    out["huge_line.flank"] = p
    p = folder / "too_many_lines.flank"
    from game.saves import MAX_LINES

    p.write_text(good + '{"undo":1}\n' * MAX_LINES)
    out["too_many_lines.flank"] = p
    p = folder / "fe_huge_table.toml"
    p.write_text(DEFAULT_DATA_PATH.read_text() + ("# padding\n" * (MAX_FILE_BYTES // 10 + 1)))
    out["fe_huge_table.toml"] = p
    return out


def main() -> None:
    BAD.mkdir(exist_ok=True)
    for old in list(BAD.glob("*.flank")) + list(BAD.glob("fe_*.toml")):
        old.unlink()
    for name, body in {**saves(), **tables()}.items():
        path = BAD / name
        if isinstance(body, bytes):
            path.write_bytes(body)
        else:
            path.write_text(body, encoding="utf-8")
    print(f"wrote {len(saves()) + len(tables())} files to {BAD}")


if __name__ == "__main__":
    main()
