"""A key for a throw the pool cannot pay is told what may be thrown, in words (FE-48; issue
35, the small wrongs): a rider holding a single die "may throw 1 die", never "1 to 1"; with
more he may throw "1 to 3 dice"."""

from __future__ import annotations

import pygame

from game.maps import load_map
from tests.ui.test_joust_scene import Jouster, lists_map


def _one_die(tmp_path) -> None:
    """Sir Kay a knight of level 1: "1d6 for each hit die" gives him one die (FE-47)."""
    path = lists_map(tmp_path)
    text = path.read_text(encoding="utf-8").replace(
        '<property name="name" value="Sir Kay"/>',
        '<property name="name" value="Sir Kay"/>\n    '
        '<property name="set.level" type="int" value="1"/>')
    path.write_text(text, encoding="utf-8")
    assert load_map(path).setup.units[0].overrides == {"level": 1}


def test_a_rider_with_one_die_may_throw_1_die(tmp_path, monkeypatch):
    _one_die(tmp_path)
    monkeypatch.setattr("tests.ui.test_joust_scene.lists_map", lambda folder, **o: folder /
                        "lists.tmx")
    j = Jouster(tmp_path, ["human", "ai"], seed=4)
    assert sorted(j.scene.legal_throws()) == [1]
    j.key(pygame.K_3)
    assert j.scene.message == "You hold 1 die: you may throw 1 die (FE-48)."
    j.close()


def test_a_rider_with_a_full_pool_may_throw_1_to_3_dice(tmp_path):
    j = Jouster(tmp_path, ["human", "ai"], seed=4)
    assert sorted(j.scene.legal_throws()) == [1, 2, 3]
    words = j.scene.throw_refusal()
    assert words.endswith("you may throw 1 to 3 dice (FE-48).") and words.startswith("You hold")
    j.close()
