"""Malformed and hostile maps: each gets one exact, one-line message naming the file and place.

The corpus is tests/maps/bad/ (how each file was made: tests/maps/make_bad_corpus.py); the
messages Flank must give are the hand-written table tests/maps/bad/expected.toml.
"""

from __future__ import annotations

import base64
import gzip
import os
import tomllib
from pathlib import Path

import pytest

from game.maps import MAX_FILE_BYTES, MapError, load_map, validate_paths
from tests.maps.tmx import ASSETS, map_xml, tsx_xml, unit, write

BAD = Path(__file__).resolve().parent / "bad"
EXPECTED: dict[str, str] = tomllib.loads((BAD / "expected.toml").read_text(encoding="utf-8"))
MEN = [unit("hero", "men", "fighting_man", 1, 4, 0), unit("orc", "orcs", "orc", 7, 4, 3)]


def problem_of(path: Path | str) -> MapError:
    # Strictly, as `flank validate --strict` reads: the corpus's tile without a terrain is
    # the one thing a plain read forgives (tests/maps/test_foreign_map.py).
    with pytest.raises(MapError) as caught:
        load_map(path, strict=True)
    return caught.value


def test_the_corpus_is_big_and_every_map_has_its_message():
    maps = sorted(p.name for p in BAD.glob("*.tmx"))
    assert len(maps) >= 20
    assert maps == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_map_gets_its_exact_message(name):
    path = BAD / name
    err = problem_of(path)
    assert err.problem == EXPECTED[name]
    assert err.path == str(path)
    assert str(err) == f"{path}: {EXPECTED[name]}"
    assert "\n" not in str(err)


def test_validate_gives_one_line_per_bad_map_in_a_folder():
    lines = validate_paths([BAD], strict=True)
    assert len(lines) == len(EXPECTED)
    for name, problem in EXPECTED.items():
        assert f"{BAD / name}: {problem}" in lines


def test_validate_names_each_bad_file_and_passes_good_ones(tmp_path):
    good = write(tmp_path / "good.tmx", map_xml(units=MEN, assets=str(ASSETS)))
    missing = tmp_path / "nope.tmx"
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    lines = validate_paths([good, missing, BAD / "orthogonal.tmx", empty_dir])
    assert lines == [
        f"{missing}: file not found",
        f"{BAD / 'orthogonal.tmx'}: {EXPECTED['orthogonal.tmx']}",
        f"{empty_dir}: no .tmx maps in this folder",
    ]


# --- hostile files that are better made on the spot than kept in git ------------------------


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path):
    path = tmp_path / "huge.tmx"
    path.write_bytes(b"<map>" + b" " * MAX_FILE_BYTES + b"</map>")
    assert problem_of(path).problem == "file is larger than 8 MiB"


def test_too_many_elements_are_refused(tmp_path):
    path = write(tmp_path / "wide.tmx", "<map>" + "<a/>" * 300_001 + "</map>")
    assert problem_of(path).problem == "more than 300000 XML elements"


def test_a_symlink_out_of_the_folder_is_followed_and_refused(tmp_path):
    outside = write(tmp_path / "outside" / "secret.tsx", tsx_xml({0: {"terrain": "grass"}}))
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "terrain.tsx").symlink_to(outside)
    path = write(folder / "m.tmx", map_xml(
        units=MEN, tileset=' <tileset firstgid="1" source="terrain.tsx"/>\n'))
    assert problem_of(path).problem == ("tileset 'terrain.tsx' is outside the map's folder and "
                                        "Flank's assets folder")


def test_a_symlinked_image_out_of_the_folder_is_refused(tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "sheet.png").symlink_to(ASSETS / ".." / "README.md")
    write(folder / "t.tsx", tsx_xml({0: {"terrain": "grass"}}, image="sheet.png"))
    path = write(folder / "m.tmx", map_xml(
        units=MEN, tileset=' <tileset firstgid="1" source="t.tsx"/>\n'))
    assert problem_of(path).problem == ("tileset 't.tsx': image 'sheet.png' is outside the "
                                        "map's folder and Flank's assets folder")


def test_a_tileset_in_the_maps_own_folder_is_fine(tmp_path):
    write(tmp_path / "t.tsx", tsx_xml({0: {"terrain": "grass"}},
                                      image=str(ASSETS / "terrain_pointy.png")))
    path = write(tmp_path / "m.tmx", map_xml(
        units=MEN, tileset=' <tileset firstgid="1" source="t.tsx"/>\n'))
    assert len(load_map(path).setup.units) == 2


def test_a_missing_image_is_named(tmp_path):
    write(tmp_path / "t.tsx", tsx_xml({0: {"terrain": "grass"}}, image="gone.png"))
    path = write(tmp_path / "m.tmx", map_xml(
        units=MEN, tileset=' <tileset firstgid="1" source="t.tsx"/>\n'))
    assert problem_of(path).problem == "tileset 't.tsx': image 'gone.png' not found"


def test_a_gzip_bomb_is_stopped(tmp_path):
    blob = base64.b64encode(gzip.compress(bytes(8 * 1024 * 1024), 9)).decode()
    path = write(tmp_path / "bomb.tmx", map_xml(
        units=MEN, assets=str(ASSETS), data=blob,
        data_attrs='encoding="base64" compression="gzip"'))
    assert problem_of(path).problem == ("layer 'terrain': the compressed data unpacks to more "
                                        "than the map's 81 tiles")


def test_a_folder_a_fifo_and_a_missing_file(tmp_path):
    assert problem_of(tmp_path).problem == "is a folder, not a map file"
    assert problem_of(tmp_path / "nope.tmx").problem == "file not found"
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    assert problem_of(fifo).problem == "is not a regular file"


def test_an_unknown_ruleset_asked_for_by_the_caller(tmp_path):
    path = write(tmp_path / "m.tmx", map_xml(units=MEN, assets=str(ASSETS)))
    with pytest.raises(MapError) as caught:
        load_map(path, ruleset="chess")
    assert caught.value.problem == "unknown ruleset 'chess' (`flank rulesets` lists them)"


def test_long_hostile_values_are_cut_short_in_messages(tmp_path):
    path = write(tmp_path / "m.tmx", map_xml(
        units=[*MEN, unit("x" * 500, "orcs", "orc", 5, 5)], assets=str(ASSETS)))
    message = str(problem_of(path))
    assert len(message) < len(str(path)) + 120
    assert "xxxxx…'" in message
