"""Remake docs/battle.png: the real window under a virtual screen, mid-battle.

    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py
    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py sandbox
    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py title
    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py saved
    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py menu
    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py computer
    xvfb-run -a -s "-screen 0 1440x900x24" python docs/make_screenshot.py orders

It opens the river ford, has both sides declare, selects a figure in the movement phase and
hovers a hex whose path runs past a foe, so the picture shows the movement range, the path,
the hex that provokes a free attack and who would take it, and the threat overlay.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app import App
from game.content import ScenarioEntry, find_scenario
from game.maps import load_map
from game.ui.launch import start_battle
from rules.hexgrid import Hex


def main(out: str = "docs/battle.png", scenario: str = "river_ford") -> None:
    app = App((1440, 900))
    path = find_scenario(scenario)
    sc = load_map(path)
    entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                          [s.id for s in sc.setup.sides])
    scene = start_battle(app, entry, sc.ruleset, [], seed=5, on_exit=lambda: None)
    app.switch(scene)

    def frames(n: int) -> None:
        for _ in range(n):
            app.step(1 / 30)

    def press(element) -> None:
        pos = element.get_abs_rect().center
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {
                "button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
            frames(1)

    def click_hex(h: Hex) -> None:
        pos = tuple(int(v) for v in scene.camera.centre_of(h))
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {
                "button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
            frames(1)

    def provoking_move():
        """The figure and destination whose path provokes the most free attacks."""
        state = scene.tm.state
        best = None
        for uid in scene.choices().actors():
            for h, move in scene.choices().for_unit(uid).moves.items():
                hits = scene.ruleset.path_reactions(state, uid, [Hex(*p) for p in move.path])
                if hits and (best is None or len(hits) > best[0]):
                    best = (len(hits), uid, h)
        return best

    frames(3)
    for _ in range(600):
        frames(2)
        if scene.anim.busy:
            continue
        if scene.cover is not None:
            press(scene._cover_button)
            continue
        labels = {b.text: b for b, _ in scene.panel.buttons}
        state = scene.tm.state
        if "Move" in labels:  # round 1 everyone marches; afterwards they fight
            press(labels["Move" if state.round == 1 else "Melee"])
            continue
        choices = scene.choices()
        if state.round >= 2 and provoking_move() is not None:
            break
        moved = False
        for uid in choices.actors():
            uc = choices.for_unit(uid)
            me = state.unit(uid)
            foes = [u.pos for u in state.units if u.side != me.side and u.fighting]
            if uc.moves and foes:
                dest = min(uc.moves, key=lambda h: (min(h.distance(f) for f in foes), h))
                scene.selected = uid
                click_hex(dest)
                moved = True
                break
        if not moved:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="", scancode=0))
    best = provoking_move()
    if best is not None:
        _, uid, h = best
        scene.selected = uid
        scene.options.threat = True
        scene.camera.zoom_by(1, tuple(int(v) for v in scene.camera.centre_of(h)))
        pos = tuple(int(v) for v in scene.camera.centre_of(h))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
    frames(6)
    pygame.image.save(app.screen, out)
    print(f"wrote {out}")




def sandbox(out: str = "docs/sandbox.png") -> None:
    """Remake docs/sandbox.png: the GM sandbox with a fighter half surrounded by orcs, the
    threat and facing-arc overlays on, and the exchange from behind laid out rule by rule."""
    from game.sandbox import Sandbox
    from game.ui.sandbox_scene import SandboxScene

    app = App((1440, 900))
    sb = Sandbox.from_map(find_scenario("duel"))
    scene = SandboxScene(app, sb)
    app.switch(scene)
    fighter = next(u for u in sb.state.units if u.side == sb.state.sides[0].id)
    orc = next(u for u in sb.state.units if u.side != fighter.side)
    centre = Hex(4, 4) if sb.state.board.passable(Hex(4, 4)) else fighter.pos
    sb.move(fighter.id, centre, 0)
    sb.move(orc.id, centre.neighbor(3), 0)  # behind him, facing away: his rear is open
    for d in (1, 5):
        sb.place("orc", orc.side, centre.neighbor(d), (d + 3) % 6)
    scene.selected, scene.target = orc.id, fighter.id
    scene.overlays_on.update({"threat": orc.side, "flank": True})
    for _ in range(4):
        app.step(1 / 30)
    pygame.image.save(app.screen, out)
    print(f"wrote {out}")


def title(out: str = "docs/title.png") -> None:
    """Remake docs/title.png: the front door the game opens on."""
    from game.ui.title_scene import TitleScene

    app = App((1440, 900))
    app.switch(TitleScene(app))
    app.step(1 / 30)
    pygame.image.save(app.screen, out)
    print(f"wrote {out}")


def saved(out: str = "docs/saved_battles.png") -> None:
    """Remake docs/saved_battles.png: the Saved battles screen over a week of play (battles
    under three rulesets, one over, a List, a file from a newer Flank), in a small window."""
    import os
    import tempfile
    from datetime import datetime

    from game.content import load_setup
    from game.lists import ListSession, default_roster
    from game.saves import SaveWriter, new_header
    from game.turns import RandomController, Seat, TurnManager
    from game.ui.saved_battles_scene import SavedBattlesScene

    folder = Path(tempfile.mkdtemp(prefix="flank-saved-"))
    os.environ["FLANK_SAVE_DIR"] = str(folder)

    def battle(name: str, scenario: str, ruleset: str, players: list[str], hours_ago: float,
               rnd: int = 0) -> None:
        setup, sc = load_setup(find_scenario(scenario), ruleset, 3)
        tm = TurnManager(setup, {s.id: Seat(s.id, RandomController(i), False, s.name)
                                 for i, s in enumerate(setup.sides)})
        header = new_header(setup, scenario_path=str(find_scenario(scenario)), title=sc.title,
                            controllers=dict(zip([s.id for s in setup.sides], players,
                                                 strict=True)))
        writer = SaveWriter(folder / name, header, fsync=False)
        writer.attach(tm)
        while not tm.is_over and (not rnd or tm.state.round < rnd) and tm.run(max_steps=1):
            pass
        writer.close()
        aged(folder / name, hours_ago)

    def aged(path: Path, hours_ago: float) -> None:
        t = datetime.now().timestamp() - hours_ago * 3600
        os.utime(path, (t, t))

    battle("a.flank", "duel", "fallen_empire", ["human:You", "ai:tactician"], 0.1, rnd=3)
    battle("b.flank", "river_ford", "zefrs", ["human:Ann", "human:Bob"], 3, rnd=2)
    battle("c.flank", "duel", "tarnished_tale", ["ai:tactician", "ai:greedy"], 26)
    lst = ListSession.new(default_roster(8, ("human",)), method="swiss", seed=3, folder=folder)
    lst.play_computer_bouts(limit=3)
    aged(lst.path, 50)
    (folder / "from-a-friend.flank").write_text('{"format": "flank-save", "version": 7}\n')
    aged(folder / "from-a-friend.flank", 24 * 30)
    app = App((1100, 640))
    app.switch(SavedBattlesScene(app))
    for _ in range(3):
        app.step(1 / 30)
    pygame.image.save(app.screen, out)
    print(f"wrote {out}")
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def menu(out: str = "docs/menu.png") -> None:
    """Remake docs/menu.png: the menu as a newcomer first meets it, the first scenario's
    preview, sides and blurb."""
    from game.ui.menu_scene import MenuScene

    app = App((1440, 900))
    scene = MenuScene(app)
    app.switch(scene)
    for _ in range(4):
        app.step(1 / 30)
    pygame.image.save(app.screen, out)
    print(f"wrote {out}")


def _mode_window(scenario: str, players: list[str], seed: int, size: tuple[int, int]) -> Any:
    """A person at the window of a bundled scenario (the window tests' helper)."""
    from tests.ui.window import AtAModeWindow

    person = AtAModeWindow()
    person.open(find_scenario(scenario), players, seed, size)
    return person


def computer(out: str = "docs/battle_log.png") -> None:
    """Remake docs/battle_log.png: the river ford against the computer, the raiders having
    surprised the watch (seed 0): their charges in the log, and the player's first choice
    with the line saying what it is and why above its buttons."""
    from game.ui.play_scene import PlayScene

    app = App((1440, 900))
    path = find_scenario("river_ford")
    sc = load_map(path)
    entry = ScenarioEntry(sc.title, path, sc.ruleset, sc.description,
                          [s.id for s in sc.setup.sides])
    scene = start_battle(app, entry, sc.ruleset, ["human", "ai:tactician"], seed=0,
                         on_exit=lambda: None)
    app.switch(scene)
    assert isinstance(scene, PlayScene)
    seen_computer = False
    for _ in range(4000):
        app.step(1 / 30)
        seat = scene.tm.waiting_on
        if seat is not None and not seat.human:
            seen_computer = True
        if seen_computer and seat is not None and seat.human and not scene.anim.busy:
            break
    for _ in range(6):
        app.step(1 / 30)
    pygame.image.save(app.screen, out)
    print(f"wrote {out}")


def orders(out: str = "docs/mass_battle.png") -> None:
    """Remake docs/mass_battle.png: the border fort's mass battle at its first orders, the
    Bossonian bows picked: they start on the order their kind would take (hold, nobody in
    their two squares), the chosen order and facing drawn as selected buttons."""
    from rules.systems.zefrs.mass.events import mass_frame

    places = {"a-horse": "Left", "a-pikes": "Centre", "a-legion": "Right",
              "a-bows": "Behind Gunderland", "a-spears": "Behind Poitain"}
    person = _mode_window("border_battle", ["human", "ai:tactician"], 7, (1440, 900))
    person.settle()
    for _ in range(40):  # ZEF-58: the horse left, pikes centre, legion right, the rest behind
        if mass_frame(person.scene.tm.state).step != "deploy" or not person.scene.sel:
            break
        labels = [b.text for b in person.scene.panel.buttons]
        place = places[person.scene.sel]
        person.press(place if any(t.startswith(place) for t in labels) else "Next unit")
        person.settle()
    state = person.scene.tm.state
    person.click(person.scene.view.rect(state.unit("a-bows").pos).center)
    person.frames(4)
    pygame.image.save(person.app.screen, out)
    print(f"wrote {out}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["sandbox"]:
        sandbox(*sys.argv[2:])
    elif sys.argv[1:2] == ["title"]:
        title(*sys.argv[2:])
    elif sys.argv[1:2] == ["saved"]:
        saved(*sys.argv[2:])
    elif sys.argv[1:2] == ["menu"]:
        menu(*sys.argv[2:])
    elif sys.argv[1:2] == ["computer"]:
        computer(*sys.argv[2:])
    elif sys.argv[1:2] == ["orders"]:
        orders(*sys.argv[2:])
    else:
        main(*sys.argv[1:])
