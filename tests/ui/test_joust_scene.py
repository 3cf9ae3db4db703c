"""The joust played in the window as players would play it (FE-44..FE-54): keys 1, 2, 3 and
the throw buttons, the computer choosing in its worker thread, the hand-over screen between
two people at one machine, undo, the end of the round, and the autosave that brings it all
back.  Events are posted to pygame as a keyboard and a mouse would post them (SDL's dummy
video driver)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.content import ScenarioEntry
from game.maps import load_map
from game.saves import latest_save, load_save
from game.ui.joust_scene import JoustScene
from game.ui.launch import resume_saved, start_battle
from rules.state import state_hash
from tests.ui.window import AtTheWindow

ROOT = Path(__file__).resolve().parents[2]
KEYS = {1: pygame.K_1, 2: pygame.K_2, 3: pygame.K_3}


def lists_map(folder: Path, **options: str) -> Path:
    """The bundled duel as a joust: two knights, Sir Kay (side A, "The Blue Knight") and Sir
    Bors ("The Red Knight"), and `option.mode = joust` (docs/MAPS.md)."""
    text = (ROOT / "maps" / "duel.tmx").read_text(encoding="utf-8")
    text = text.replace('source="../assets/', f'source="{ROOT / "assets"}/')
    props = "".join(f'\n  <property name="option.{k}" value="{v}"/>'
                    for k, v in {"mode": "joust", **options}.items())
    text = text.replace('<property name="ruleset" value="fallen_empire"/>',
                        '<property name="ruleset" value="fallen_empire"/>' + props)
    for old, new in (('value="fighting_man"', 'value="knight"'), ('value="orc"', 'value="knight"'),
                     ("Aldric the Bold", "Sir Kay"), ('value="Gorbag"', 'value="Sir Bors"'),
                     ('"The champion"', '"The Blue Knight"'), ('"The orc"', '"The Red Knight"'),
                     ('value="Duel"', 'value="The Lists"')):
        text = text.replace(old, new)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "lists.tmx"
    path.write_text(text, encoding="utf-8")
    return path


class Jouster(AtTheWindow):
    """A person (or two) at the window."""

    def __init__(self, folder: Path, players: list[str], seed: int = 3,
                 size: tuple[int, int] = (1280, 800), **options: str) -> None:
        self.app = App(size)
        path = lists_map(folder, **options)
        sc = load_map(path)
        entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                              [s.id for s in sc.setup.sides])
        self.scene = start_battle(self.app, entry, sc.ruleset, players, seed=seed,
                                  on_exit=lambda: None)
        self.app.switch(self.scene)
        self.covers: list[str] = []
        self.frames(2)

    def take_the_seat(self) -> None:
        """Click "I am <name>" on the hand-over screen."""
        cover = self.scene.cover
        assert cover is not None
        self.covers.append(cover.name)
        self.click(cover.button.get_abs_rect().center)
        assert self.scene.cover is None

    def throw(self, n: int, by_button: bool = False) -> None:
        if by_button:
            self.click(self.scene.panel.throw_buttons[n].get_abs_rect().center)
        else:
            self.key(KEYS[n])

    def settle(self) -> None:
        """Let the pass on screen play out."""
        for _ in range(600):
            if not self.scene.anim.busy:
                return
            self.frames(5)
        raise AssertionError("the animation never ended")

    def close(self) -> None:
        self.scene.close()
        pygame.quit()


def texts(scene: JoustScene) -> list[str]:
    """Every text the panel shows."""
    p = scene.panel
    return [p.tracker.text, p.pools.text, p.turn.text, p.card.html_text, p.odds.html_text,
            p.log.html_text, *(b.text for b in p.throw_buttons.values())]


def test_a_joust_against_the_computer_is_played_to_the_end(tmp_path):
    """One person (Sir Kay) against the computer (Sir Bors): the odds of each throw before
    choosing, throws by key and by button, the computer choosing in its worker thread, every
    pass narrated with its rules, never a hand-over screen, and the end panel names the
    winner."""
    j = Jouster(tmp_path, ["human", "ai"], seed=4)
    scene = j.scene
    assert isinstance(scene, JoustScene)
    thinking = passes = 0
    deadline = time.monotonic() + 180
    while not (scene.tm.is_over and not scene.anim.busy) and time.monotonic() < deadline:
        assert scene.cover is None, "one person at the window: no hand-over"
        throws = scene.legal_throws()
        if throws:
            odds = {c.dice: c for c in scene.odds()}
            assert sorted(odds) == sorted(throws)  # FE-48: one to three, never above the pool
            assert "answers as the computer would" in scene.panel.odds.html_text
            n = max(throws)
            j.throw(n, by_button=passes % 2 == 1)
            passes += 1
            continue
        if "choosing in secret" in scene.panel.turn.text:
            thinking += 1
        j.frames(3)
        time.sleep(0.005)
    j.frames(5)
    assert scene.tm.is_over and scene.end_panel is not None
    winner = scene.rider_of(scene.tm.outcome.winner) if scene.tm.outcome.winner else None
    headline = f"{winner} wins the joust" if winner else "The joust is a draw"
    assert headline in scene.end_panel.text.html_text
    thrown = [e for e in scene.tm.events if e.type == "fe_joust_thrown"]
    assert len(thrown) == passes >= 1
    log = scene.panel.log.html_text
    assert "Pass 1:" in log and "Sir Kay throws" in log and "(FE-5" in log
    assert "kay" not in log and "bors" not in log  # names, never ids
    assert thinking > 0
    j.close()


def test_the_computers_choice_stays_sealed_until_both_have_thrown(tmp_path):
    """FE-48: the computer (side A, Sir Kay) chooses first; the person playing Sir Bors sees
    that he has chosen, never how many dice, until both throw."""
    j = Jouster(tmp_path, ["ai", "human"], seed=7)
    scene = j.scene
    for _ in range(400):
        if scene.legal_throws():
            break
        j.frames(3)
        time.sleep(0.005)
    frame = scene.tm.state.top
    assert frame.chosen_a > 0  # the rules hold it...
    pic = scene.picture()
    assert pic.a.chosen and pic.a.chosen_dice == 0  # ...the lists show only a sealed cup
    assert all(f"{frame.chosen_a} dice" not in t or "Bors" in t for t in texts(scene)[:4])
    assert "chosen his throw in secret" in scene.panel.log.html_text
    j.throw(1)
    j.settle()
    assert "Pass 1:" in scene.panel.log.html_text  # revealed by the throw
    j.close()


def hot_seat_until_bors_chooses(folder: Path, kay_throws: int) -> Jouster:
    j = Jouster(folder, [], seed=9)
    j.frames(3)
    j.take_the_seat()  # Sir Kay's player, first
    j.frames(90)  # the heralds' banner
    j.throw(kay_throws)
    j.settle()
    assert j.scene.cover is not None  # the lists are hidden before Bors's player sits
    j.app.step(1 / 30)
    spots = {tuple(j.app.screen.get_at(xy)) for xy in ((60, 120), (300, 300), (1100, 100),
                                                       (200, 700), (850, 500))}
    assert len(spots) == 1  # one flat cover: nothing of the lists or the panel shows
    j.take_the_seat()
    j.frames(30)
    return j


def test_hot_seat_the_second_rider_never_sees_the_first_riders_choice(tmp_path):
    """FE-48, two people at one machine: a hand-over screen between the seats, and what the
    window shows Sir Bors's player is exactly the same whether Sir Kay chose one die or
    three - pixel for pixel, word for word - until both have thrown."""
    seen = []
    for n in (1, 3):
        j = hot_seat_until_bors_chooses(tmp_path / str(n), n)
        assert j.covers == ["The Blue Knight", "The Red Knight"]
        assert j.scene.picture().a.chosen and j.scene.picture().a.chosen_dice == 0
        seen.append((pygame.image.tobytes(j.app.screen, "RGB"), texts(j.scene)))
        j.throw(2)
        j.settle()
        first = next(e for e in j.scene.tm.events if e.type == "fe_joust_thrown")
        assert len(first.dice_a) == n  # the throw shows what Kay chose, once both threw
        j.close()
    assert seen[0][1] == seen[1][1]
    assert seen[0][0] == seen[1][0]


def test_hot_seat_joust_to_the_end_through_the_turn_manager(tmp_path):
    """Two people play a whole round: a hand-over at every change of seat, and the end
    panel names the winner."""
    j = Jouster(tmp_path, [], seed=21)
    for _ in range(300):
        if j.scene.tm.is_over and not j.scene.anim.busy:
            break
        if j.scene.cover is not None:
            j.take_the_seat()
        elif j.scene.legal_throws():
            j.throw(min(3, max(j.scene.legal_throws())))
        else:
            j.frames(5)
    j.frames(3)
    assert j.scene.end_panel is not None
    thrown = [e for e in j.scene.tm.events if e.type == "fe_joust_thrown"]
    assert len(j.covers) == 2 * len(thrown)  # each seat before each choice
    assert j.covers[:2] == ["The Blue Knight", "The Red Knight"]
    winner = j.scene.tm.outcome.winner
    name = {"men": "Sir Kay", "orcs": "Sir Bors"}.get(winner or "")
    assert (f"{name} wins the joust" if name else "a draw") in j.scene.end_panel.text.html_text
    j.close()


def test_undo_takes_back_a_choice_but_never_a_throw(tmp_path):
    """Ctrl+Z before the other rider has chosen takes the choice back, for the player still
    at the window; from the other seat it hands the lists back to the first player; once the
    dice are thrown, undo is refused with the reason (game.undo, FE-48)."""
    j = Jouster(tmp_path, [], seed=5)
    j.take_the_seat()
    before = state_hash(j.scene.tm.state)
    j.throw(3)
    j.settle()
    assert j.scene.cover is not None and j.scene.cover.name == "The Red Knight"
    j.key(pygame.K_z, pygame.KMOD_CTRL)  # Kay's player, still seated, changes his mind
    assert state_hash(j.scene.tm.state) == before and "Undone" in j.scene.message
    assert j.scene.cover is None and j.scene.legal_throws()  # and chooses again at once
    j.key(pygame.K_y, pygame.KMOD_CTRL)  # redo: the choice is back, Bors's turn
    assert state_hash(j.scene.tm.state) != before
    j.frames(3)
    assert j.scene.cover is not None
    j.take_the_seat()
    j.key(pygame.K_z, pygame.KMOD_CTRL)  # from Bors's seat: Kay must come back
    assert state_hash(j.scene.tm.state) == before
    j.frames(3)
    assert j.scene.cover is not None and j.scene.cover.name == "The Blue Knight"
    j.take_the_seat()
    j.throw(2)
    j.settle()
    j.take_the_seat()
    j.throw(2)
    j.settle()
    thrown = state_hash(j.scene.tm.state)
    j.key(pygame.K_z, pygame.KMOD_CTRL)
    assert state_hash(j.scene.tm.state) == thrown and "dice" in j.scene.message
    j.close()


def test_help_and_a_throw_beyond_the_pool(tmp_path):
    """F1 explains the dice, the pass and the keys; Esc closes it.  A key for more dice than
    the pool holds is refused in words (FE-48)."""
    j = Jouster(tmp_path, ["human", "ai"], seed=2)
    j.key(pygame.K_F1)
    html = j.scene.help.html_text
    assert "highest with highest" in html and "FE-50" in html and "1 / 2 / 3" in html
    j.key(pygame.K_ESCAPE)
    assert j.scene.help is None
    assert sorted(j.scene.legal_throws()) == [1, 2, 3]
    assert all(b.is_enabled for b in j.scene.panel.throw_buttons.values())
    j.close()


def test_a_joust_autosaves_reloads_and_replays(tmp_path, monkeypatch):
    """The joust saves itself as it is played; Continue (resume_saved) opens the lists again
    exactly where they were; `flank replay SAVE --verify` decides every command again and
    exits 0."""
    monkeypatch.setenv("FLANK_SAVE_DIR", str(tmp_path / "saves"))
    j = Jouster(tmp_path, ["human", "ai"], seed=8)
    for _ in range(3):
        for _ in range(400):
            if j.scene.legal_throws() or j.scene.tm.is_over:
                break
            j.frames(3)
            time.sleep(0.005)
        if j.scene.tm.is_over:
            break
        j.throw(max(j.scene.legal_throws()))
        j.settle()
    live = j.scene.tm.state
    j.scene.close()
    save = latest_save()
    assert save is not None and state_hash(load_save(save).state) == state_hash(live)
    again = resume_saved(App((1280, 800)), save)
    assert isinstance(again, JoustScene)
    assert state_hash(again.tm.state) == state_hash(live)
    again.close()
    pygame.quit()
    run = subprocess.run([sys.executable, "-m", "game", "replay", str(save), "--verify"],
                         cwd=ROOT, env=os.environ.copy(), capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK" in run.stdout


@pytest.mark.parametrize("size", [(960, 600), (1600, 900)])
def test_the_lists_fit_small_and_large_windows(tmp_path, size):
    """The smallest window Flank allows and a wide one: the panel and its throw buttons are
    on screen, and the lists are drawn (not the hand-over backdrop)."""
    j = Jouster(tmp_path, ["human", "ai"], seed=1)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    j.frames(3)
    w, h = j.app.size
    for b in j.scene.panel.throw_buttons.values():
        assert pygame.Rect(0, 0, w, h).contains(b.get_abs_rect())
    assert j.app.screen.get_at((w // 4, h // 2))[:3] != (10, 10, 14)
    j.close()


@pytest.mark.parametrize("seed", [11, 3])
def test_the_words_never_run_ahead_of_the_lists_on_screen(tmp_path, seed):
    """While the computer's answer and the pass are still to be shown, the panel says whose
    turn it is on the lists as drawn: "The round is over" only once the round's end is on
    screen, never while a rider is still shown choosing."""
    j = Jouster(tmp_path, ["human", "ai"], seed=seed)
    for _ in range(4):
        for _ in range(400):
            if j.scene.legal_throws() or j.scene.tm.is_over:
                break
            j.frames(1)
            time.sleep(0.002)
            over_words = j.scene.panel.turn.text == "The round is over."
            assert not over_words or j.scene.shown.outcome is not None
        if j.scene.tm.is_over:
            break
        j.throw(3)
    j.close()
