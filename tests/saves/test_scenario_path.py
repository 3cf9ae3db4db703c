"""A save's map path opens only a map from a trusted folder, and is covered by its hash
(issue 34, item 7).

A save names the map its battle came from (`scenario.path`); resuming or watching it opened
that path for the map's art, and nothing checked it: a stranger's save naming /etc/passwd
made Flank read /etc/passwd.  Now the path is opened only inside the bundled maps, the save's
own folder or a folder the player has played a map from himself; anything else is refused
in one line naming the save and the path, before the file is touched, and the save is left
as it was.  The path is part of the save's hash too, so a path edited after the battle was
saved fails the load's check.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import re
from pathlib import Path

import pytest

from game import settings
from game.app import App
from game.cli import main
from game.content import MAPS, load_setup
from game.saves import (
    SaveError,
    SaveWriter,
    load_save,
    new_header,
    save_map,
    setup_hash,
    verify_save,
)
from rules.engine import start

DUEL = MAPS / "duel.tmx"


def copy_of_duel(folder: Path) -> Path:
    """The duel map in `folder`, its tilesets still read from Flank's assets."""
    folder.mkdir(parents=True, exist_ok=True)
    text = DUEL.read_text(encoding="utf-8")
    assert '"../assets/' in text
    path = folder / "duel.tmx"
    path.write_text(text.replace('"../assets/', f'"{MAPS.parent / "assets"}/'), encoding="utf-8")
    return path


def write_save(path: Path, scenario_path: str | Path) -> Path:
    """A short battle on the duel map, saved naming `scenario_path` as its map (as Flank
    writes it: the hash covers what the header says)."""
    setup, _ = load_setup(DUEL, seed=3)
    _state, opening = start(setup)
    path.parent.mkdir(parents=True, exist_ok=True)
    with SaveWriter(path, new_header(setup, scenario_path=str(scenario_path)),
                    fsync=False) as writer:
        writer.record_opening(opening)
    return path


def never_opened(monkeypatch, *forbidden: Path) -> list[str]:
    """Every way a file is opened for reading fails the test for the `forbidden` files."""
    banned = {os.path.abspath(p) for p in forbidden}
    tried: list[str] = []

    def watch(name) -> None:
        if isinstance(name, str | Path) and os.path.abspath(name) in banned:
            tried.append(str(name))
            raise AssertionError(f"{name} was opened")

    real_open, real_os_open = builtins.open, os.open

    def spy_open(file, *args, **kwargs):
        watch(file)
        return real_open(file, *args, **kwargs)

    def spy_os_open(file, *args, **kwargs):
        watch(file)
        return real_os_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(io, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    return tried


def no_window(monkeypatch) -> list[str]:
    opened: list[str] = []
    monkeypatch.setattr(App, "run", lambda *a, **k: opened.append("window"))
    return opened


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


@pytest.fixture
def secret(tmp_path) -> Path:
    """A file outside every trusted folder, which would not even parse as a map."""
    path = tmp_path / "elsewhere" / "secret.tmx"
    path.parent.mkdir()
    path.write_text("root:x:0:0:root:/root:/bin/bash\n")
    return path


@pytest.mark.parametrize("target", ["/etc/passwd", "secret"])
def test_a_save_naming_a_file_outside_is_refused_unopened(capsys, monkeypatch, tmp_path,
                                                         secret, target):
    named = secret if target == "secret" else Path(target)
    save = write_save(tmp_path / "stranger" / "gift.flank", named)
    before = save.read_bytes()
    tried = never_opened(monkeypatch, named)
    opened = no_window(monkeypatch)
    code, err = run(capsys, "play", "--load", str(save))
    assert code == 2 and not opened and not tried
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(save) in err and str(named) in err and "will not open it" in err
    monkeypatch.undo()
    assert save.read_bytes() == before  # the saved battle is as it was


def test_watching_such_a_save_is_refused_unopened(capsys, monkeypatch, tmp_path, secret):
    save = write_save(tmp_path / "stranger" / "gift.flank", secret)
    tried = never_opened(monkeypatch, secret)
    opened = no_window(monkeypatch)
    code, err = run(capsys, "replay", str(save))
    assert code == 2 and not opened and not tried
    assert err.count("\n") == 1 and str(secret) in err


def test_a_link_out_of_the_save_folder_leads_nowhere(tmp_path, secret):
    """A symbolic link beside the save, pointing out: the file it really is counts."""
    folder = tmp_path / "stranger"
    folder.mkdir()
    (folder / "map.tmx").symlink_to(secret)
    save = write_save(folder / "gift.flank", folder / "map.tmx")
    with pytest.raises(SaveError, match="will not open it"):
        save_map(load_save(save))


def test_a_path_climbing_out_of_the_save_folder_is_refused(tmp_path, secret):
    save = write_save(tmp_path / "stranger" / "gift.flank", "../elsewhere/secret.tmx")
    with pytest.raises(SaveError, match=re.escape("'../elsewhere/secret.tmx' is outside")):
        save_map(load_save(save))


def test_a_path_edited_after_the_battle_was_saved_fails_the_hash(tmp_path):
    save = write_save(tmp_path / "mine.flank", DUEL)
    rows = save.read_text().splitlines()
    head = json.loads(rows[0])
    head["scenario"]["path"] = str(MAPS / "open_field.tmx")  # even another bundled map
    save.write_text("\n".join([json.dumps(head), *rows[1:]]) + "\n")
    with pytest.raises(SaveError) as err:
        load_save(save)
    assert str(err.value) == (
        f"{save}: line 1: scenario_hash: does not match the setup and the map path (one of "
        "them was changed after the battle was saved)")


def test_a_normal_save_still_loads_and_draws_its_map(capsys, monkeypatch, tmp_path):
    save = write_save(tmp_path / "mine.flank", DUEL)
    assert save_map(load_save(save)) == DUEL.resolve()
    opened = no_window(monkeypatch)
    code, err = run(capsys, "play", "--load", str(save))
    assert code == 0 and opened == ["window"] and "Traceback" not in err
    assert verify_save(load_save(save)).ok


def test_a_map_beside_the_save_is_drawn(tmp_path):
    folder = tmp_path / "shared"
    copy_of_duel(folder)
    save = write_save(folder / "theirs.flank", "duel.tmx")
    assert save_map(load_save(save)) == (folder / "duel.tmx").resolve()


def test_a_map_from_a_folder_the_player_played_from_is_drawn(capsys, monkeypatch, tmp_path):
    """`flank play MAP` from his own folder makes that folder one a save may draw from."""
    mine = tmp_path / "my maps"
    copy_of_duel(mine)
    save = write_save(tmp_path / "saves" / "battle.flank", mine / "duel.tmx")
    with pytest.raises(SaveError, match="will not open it"):
        save_map(load_save(save))
    no_window(monkeypatch)
    code, err = run(capsys, "play", str(mine / "duel.tmx"))
    assert code == 0, err
    assert settings.map_folders() == [mine.resolve()]
    assert save_map(load_save(save)) == (mine / "duel.tmx").resolve()


def test_a_save_whose_map_is_gone_still_loads_without_it(tmp_path):
    save = write_save(tmp_path / "mine.flank", MAPS / "no_longer_here.tmx")
    assert save_map(load_save(save)) is None


def test_a_save_written_before_the_path_was_hashed_still_loads(tmp_path):
    """Saves written before this change hold the hash of the setup alone."""
    save = write_save(tmp_path / "old.flank", DUEL)
    rows = save.read_text().splitlines()
    head = json.loads(rows[0])
    setup, _ = load_setup(DUEL, seed=3)
    head["scenario_hash"] = setup_hash(setup)
    save.write_text("\n".join([json.dumps(head), *rows[1:]]) + "\n")
    loaded = load_save(save)
    assert verify_save(loaded).ok and save_map(loaded) == DUEL.resolve()


def test_a_window_closing_on_older_settings_keeps_the_folders_played_from(tmp_path):
    """The window writes back the settings it read when it opened; a folder remembered
    since (a battle started in it) stays."""
    opened_with = settings.load()
    settings.remember_map_folder(tmp_path / "my maps" / "fort.tmx")
    settings.save({**opened_with, "anim_speed": 2.0})
    assert settings.map_folders() == [(tmp_path / "my maps").resolve()]
    assert settings.load()["anim_speed"] == 2.0
