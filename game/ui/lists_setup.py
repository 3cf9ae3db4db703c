"""Setting up a joust: one bout on the tournament field, or a List of 4 to 16 knights.

The menu's "Joust" opens this.  One bout: who rides each side (a person or the computer; a
person against the computer unless changed).  A List: how many knights, the host's
alignment and so the format it shows first (FE-45: a Lawful or Neutral host holds Swiss
rounds, a Chaotic one single elimination; either may be chosen), and each knight's name,
dice and rider.  Both: the black knight's stakes (FE-54) and helm tipping (FE-52).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pydantic import ValidationError
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UITextBox,
    UITextEntryLine,
)

from game.lists import MAX_ENTRANTS, MIN_ENTRANTS, default_roster
from game.lists.roster import BLACK_KNIGHT, KNIGHT_NAMES, MAX_LEVEL, Entrant, slug
from game.ui.markup import escape
from rules.systems.fallen_empire.lists import host_list_method

RIDERS = {"A person": "human", "Computer": "ai:tactician", "Computer (greedy)": "ai:greedy",
          "Computer (random)": "ai:random"}
RIDER_LABEL = {v: k for k, v in RIDERS.items()}
MODES = ("One bout on the tournament field", "A List of 4 to 16 knights")
HOSTS = {"A Lawful host": "lawful", "A Neutral host": "neutral", "A Chaotic host": "chaotic"}
FORMATS = {"Swiss rounds": "swiss", "Single elimination": "single_elimination"}
FORMAT_LABEL = {v: k for k, v in FORMATS.items()}
PANEL_W = 920


class ListsSetupScene:
    def __init__(self, app: Any, on_exit: Callable[[], Any] | None = None,
                 seed: int | None = None) -> None:
        self.app = app
        self.on_exit = on_exit
        self.seed = seed  # None: a new one for every bout or List
        self.mode = 0
        self.bout_riders = ["human", "ai:tactician"]
        self.count = 8
        self.host = "lawful"
        self.method = host_list_method(self.host)
        self.stakes = False
        self.helm = False
        self.roster: list[dict[str, Any]] = [
            {"name": e.name, "level": e.level, "rider": e.rider} for e in default_roster(16)]
        self.error = ""
        self.widgets: list[Any] = []
        self.build()

    # --- layout --------------------------------------------------------------------------

    def build(self) -> None:
        self.close()
        ui, (w, h) = self.app.ui, self.app.size
        pw = min(PANEL_W, w - 40)
        panel = UIPanel(pygame.Rect((w - pw) // 2, 16, pw, h - 32), manager=ui)
        self.widgets.append(panel)
        UILabel(pygame.Rect(20, 4, pw - 40, 56), "Joust", ui, container=panel,
                object_id="#title")
        UILabel(pygame.Rect(20, 58, pw - 40, 24), "Mounted knights throw dice from their "
                "pools in secret; the larger pool at the end wins (Fallen Empire).", ui,
                container=panel, object_id="#subtitle")
        self.mode_menu = UIDropDownMenu(list(MODES), MODES[self.mode],
                                        pygame.Rect(20, 92, 420, 32), ui, container=panel)
        y = 136
        self.bout_menus: list[UIDropDownMenu] = []
        self.count_menu = self.host_menu = self.format_menu = None
        self.rows: list[tuple[UITextEntryLine, UIDropDownMenu, UIDropDownMenu]] = []
        if self.mode == 0:
            y = self._build_bout(panel, y)
        else:
            y = self._build_list(panel, y, pw)
        self.stakes_box = UICheckBox(pygame.Rect(20, y + 8, 24, 24), "The black knight's "
                                     "stakes: his opponent's horse and armour (FE-54)", ui,
                                     container=panel, initial_state=self.stakes)
        self.helm_box = UICheckBox(pygame.Rect(20, y + 40, 24, 24), "A triple tips the helm "
                                   "off instead of unhorsing (FE-52)", ui, container=panel,
                                   initial_state=self.helm)
        by = h - 32 - 64
        self.start = UIButton(pygame.Rect(20, by, 260, 46), "Ride" if self.mode == 0 else
                              "Hold the List", ui, container=panel)
        self.back = UIButton(pygame.Rect(pw - 220, by, 200, 46), "Back", ui, container=panel)
        if self.error:
            UITextBox(f"<font color='#ff7070'>{escape(self.error)}</font>",
                      pygame.Rect(300, by - 4, pw - 540, 56), ui, container=panel)

    def _build_bout(self, panel: UIPanel, y: int) -> int:
        ui = self.app.ui
        defender = BLACK_KNIGHT if self.stakes else "Sir Bertrand"
        for i, who in enumerate(("Sir Aldric, the challenger", f"{defender}, the defender")):
            UILabel(pygame.Rect(20, y, 300, 32), who, ui, container=panel)
            self.bout_menus.append(UIDropDownMenu(
                list(RIDERS), RIDER_LABEL[self.bout_riders[i]], pygame.Rect(330, y, 260, 32),
                ui, container=panel))
            y += 40
        UITextBox("Each rider has a die for each level (three each here). Choose one to three "
                  "dice in secret; the dice are paired high against high and each pair lost "
                  "costs a die. A triple unhorses; all 1s injure the other rider and disgrace "
                  "the thrower.", pygame.Rect(20, y + 6, 600, 100), ui, container=panel)
        return y + 116

    def _build_list(self, panel: UIPanel, y: int, pw: int) -> int:
        ui = self.app.ui
        counts = [str(n) for n in range(MIN_ENTRANTS, MAX_ENTRANTS + 1)]
        UILabel(pygame.Rect(20, y, 80, 32), "Knights", ui, container=panel)
        self.count_menu = UIDropDownMenu(counts, str(self.count), pygame.Rect(100, y, 80, 32),
                                         ui, container=panel)
        host = next(k for k, v in HOSTS.items() if v == self.host)
        self.host_menu = UIDropDownMenu(list(HOSTS), host, pygame.Rect(200, y, 200, 32), ui,
                                        container=panel)
        UILabel(pygame.Rect(410, y, 90, 32), "holds", ui, container=panel)
        self.format_menu = UIDropDownMenu(list(FORMATS), FORMAT_LABEL[self.method],
                                          pygame.Rect(500, y, 220, 32), ui, container=panel)
        y += 42
        half = (self.count + 1) // 2
        col_w = (pw - 40) // 2
        pitch = max(30, min(36, (self.app.size[1] - 32 - 64 - 84 - y) // half))
        levels = [f"{n} {'die' if n == 1 else 'dice'}" for n in range(1, MAX_LEVEL + 1)]
        for i in range(self.count):
            x = 20 + (i // half) * col_w
            ry = y + (i % half) * pitch
            data = self.roster[i]
            name = UITextEntryLine(pygame.Rect(x, ry, col_w - 276, pitch - 4), ui,
                                   container=panel)
            name.set_text(data["name"])
            level = UIDropDownMenu(levels, levels[data["level"] - 1],
                                   pygame.Rect(x + col_w - 272, ry, 84, pitch - 4), ui,
                                   container=panel)
            rider = UIDropDownMenu(list(RIDERS), RIDER_LABEL[data["rider"]],
                                   pygame.Rect(x + col_w - 184, ry, 174, pitch - 4), ui,
                                   container=panel)
            self.rows.append((name, level, rider))
        return y + half * pitch + 4

    def close(self) -> None:
        for wdg in self.widgets:
            wdg.kill()
        self.widgets = []

    # --- events --------------------------------------------------------------------------

    def handle(self, e: pygame.event.Event) -> Any:
        if e.type == pygame.VIDEORESIZE:
            self._read()
            self.build()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            return self.leave()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(e.ui_element, e.text)
        elif e.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            self._read()
            self._name_the_black_knight()
            self.build()
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.back:
                return self.leave()
            if e.ui_element is self.start:
                return self.begin()
        return None

    def _changed(self, element: Any, text: str) -> None:
        """A drop-down was changed: the scene's own state follows it (rebuilt if the form
        changes shape)."""
        self._read()
        if element is self.mode_menu:
            self.mode = MODES.index(text)
        elif element is self.count_menu:
            self.count = int(text)
        elif element is self.host_menu:
            self.host = HOSTS[text]
            self.method = host_list_method(self.host)  # FE-45: the host's usual way first
        elif element is self.format_menu:
            self.method = FORMATS[text]
        elif element in self.bout_menus:
            self.bout_riders[self.bout_menus.index(element)] = RIDERS[text]
            return
        else:
            for i, (_, level, rider) in enumerate(self.rows):
                if element is level:
                    self.roster[i]["level"] = int(text.split()[0])
                elif element is rider:
                    self.roster[i]["rider"] = RIDERS[text]
            return
        self.error = ""
        self.build()

    def _read(self) -> None:
        """What the text fields and tick boxes say now, into the scene's own state (the
        drop-downs are followed as they change)."""
        if self.widgets:
            self.stakes = bool(self.stakes_box.get_state())
            self.helm = bool(self.helm_box.get_state())
        for i, (name, _, _) in enumerate(self.rows):
            self.roster[i]["name"] = name.get_text()

    def _name_the_black_knight(self) -> None:
        """FE-54 in a List: the first seed, the host, is the black knight."""
        first = self.roster[0]
        if self.stakes and first["name"] == KNIGHT_NAMES[0]:
            first["name"] = BLACK_KNIGHT
        elif not self.stakes and first["name"] == BLACK_KNIGHT:
            first["name"] = KNIGHT_NAMES[0]

    def leave(self) -> Any:
        self.close()
        return self.on_exit() if self.on_exit else None

    def begin(self) -> Any:
        """Ride the one bout, or hold the List; a problem is shown, nothing is started."""
        self._read()
        try:
            scene = self._bout() if self.mode == 0 else self._list()
        except (ValueError, OSError, LookupError) as exc:  # LookupError: no bout screen
            self.error = str(exc)
            self.build()
            return None
        self.close()
        return scene

    def _seed(self) -> int:
        return random.SystemRandom().randrange(2**31) if self.seed is None else self.seed

    def _bout(self) -> Any:
        from game.lists.bout import field_setup, single_bout_setup
        from game.ui.launch import open_setup

        field, path = field_setup("tournament")
        setup = single_bout_setup(field, self._seed(),
                                  helm_tipping=self.helm, black_knight=self.stakes)
        return open_setup(self.app, setup, list(self.bout_riders), title=setup.title,
                          scenario_path=path, on_exit=self.on_exit)

    def _list(self) -> Any:
        from game.lists import ListSession
        from game.ui.lists_scene import ListsScene

        entrants, taken = [], set()
        for row in self.roster[: self.count]:
            name = " ".join(str(row["name"]).split())
            if not name:
                raise ValueError("every knight needs a name")
            try:
                e = Entrant(id=slug(name, taken), name=name, level=row["level"],
                            rider=row["rider"])
            except ValidationError as exc:
                raise ValueError(f"{name[:40]}: {exc.errors()[0]['msg']}") from None
            taken.add(e.id)
            entrants.append(e)
        session = ListSession.new(entrants, method=self.method, host=self.host,
                                  seed=self._seed(),
                                  helm_tipping=self.helm,
                                  stakes="black_knight" if self.stakes else "none")
        return ListsScene(self.app, session, on_exit=self.on_exit)

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((24, 28, 34))
