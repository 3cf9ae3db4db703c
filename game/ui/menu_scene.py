"""The main menu: pick a scenario and a ruleset, say who plays each side, start; or joust.

Each side starts as the scenario would have it: a person on the players' side, the computer
on the others (`game.content.default_players`); "Hot-seat" makes every side a person in one
click.  What the player chose for a side stays chosen when the scenario or the ruleset
changes (the same side, else the side in the same place).

"Continue" carries on the newest battle not over, named ("Duel — Fallen Empire, round 3, you
against the computer"): a battle from its save, or a List (a tournament of jousts) from its
tournament file; "Saved battles" lists them all.  A battle's save is checked as it loads
(every command decided again); one that went wrong after a good beginning is a question
(`game.ui.save_problem`): load it up to the last good step, as a new save, or go back."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextBox

from game.content import ScenarioEntry, bundled_scenarios
from game.lists.roster import PERSON
from game.ui.launch import start_battle
from game.ui.lists_setup import RIDER_LABEL, RIDERS
from game.ui.menu_art import MenuArt
from rules.engine import catalogue

if TYPE_CHECKING:
    from game.saves import SaveDiverges
    from game.ui.save_problem import SaveProblemDialog

PLAYERS = RIDERS  # a player's words for who plays a side -> the player ("human", "ai:…")


class MenuScene:
    def __init__(self, app: Any, message: str = "") -> None:
        self.app = app
        self.entries: list[ScenarioEntry] = bundled_scenarios()
        self.choice = 0
        self.ruleset_name: str | None = None  # the ruleset chosen, else the scenario's
        self.chosen: dict[str, str] = {}  # side id -> player, as the person chose
        self.chosen_at: dict[int, str] = {}  # the side's place in the scenario -> player
        self.side_menus: list[UIDropDownMenu] = []
        self.hot_seat: UIButton | None = None
        self.widgets: list[Any] = []
        self.message = message
        self.save_problem: SaveProblemDialog | None = None  # "Continue" found a save gone wrong
        self.art = MenuArt()  # the scenario's picture and the ruleset's figures beside it
        self._recall(app.settings)
        self.build()

    def build(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        self.side_menus = []
        self.hot_seat = None
        ui = self.app.ui
        w, h = self.app.size
        self.panel_rect = pygame.Rect(w // 2 - 330, 40, 660, h - 80)
        panel = UIPanel(self.panel_rect, manager=ui)
        self.widgets.append(panel)
        UILabel(pygame.Rect(20, 6, 620, 60), "FLANK", ui, container=panel,
                object_id="#title")
        UILabel(pygame.Rect(20, 54, 620, 24),
                "Tactical battles under old-school rules, played by the book and explained.",
                ui, container=panel)
        names = [e.title for e in self.entries] or ["(no scenarios found)"]
        UILabel(pygame.Rect(20, 96, 120, 30), "Scenario", ui, container=panel)
        self.scenario_menu = UIDropDownMenu(names, names[self.choice], pygame.Rect(
            150, 96, 480, 30), ui, container=panel)
        rulesets = [name for _, name, _ in catalogue()]
        entry = self.entries[self.choice] if self.entries else None
        default = self.ruleset_name or next(
            (n for rid, n, _ in catalogue() if entry and rid == entry.ruleset), rulesets[0])
        UILabel(pygame.Rect(20, 136, 120, 30), "Ruleset", ui, container=panel)
        self.ruleset_menu = UIDropDownMenu(rulesets, default, pygame.Rect(150, 136, 480, 30),
                                           ui, container=panel)
        y = 180
        if entry is not None:
            self.description = UITextBox(entry.description or "", pygame.Rect(20, y, 610, 90),
                                         ui, container=panel)
            y += 100
            players = self.players(entry)
            names = entry.side_names or entry.sides
            for name, who in zip(names, players, strict=True):
                UILabel(pygame.Rect(20, y, 200, 30), name, ui, container=panel)
                word = RIDER_LABEL.get(who, who)
                menu = UIDropDownMenu([*PLAYERS] + ([] if who in RIDER_LABEL else [who]), word,
                                      pygame.Rect(230, y, 200, 30), ui, container=panel)
                self.side_menus.append(menu)
                y += 36
            everyone = all(p == PERSON for p in players)
            self.hot_seat = UIButton(
                pygame.Rect(440, y - 36 * len(players), 190, 30),
                "Against the computer" if everyone else "Hot-seat", ui, container=panel,
                tool_tip_text="Every side a person at this machine" if not everyone else
                "A person on the players' side, the computer on the others")
        self.latest, label = self._latest()
        self.continue_b = None
        if self.latest is not None:
            self.continue_b = UIButton(pygame.Rect(20, y + 8, 610, 38), label, ui,
                                       container=panel, tool_tip_text=label)
            y += 46
        self.start = UIButton(pygame.Rect(20, y + 16, 145, 46), "Start battle", ui,
                              container=panel)
        self.joust = UIButton(pygame.Rect(175, y + 16, 145, 46), "Joust", ui, container=panel)
        self.sandbox = UIButton(pygame.Rect(330, y + 16, 145, 46), "Sandbox (GM)", ui,
                                container=panel)
        self.quit = UIButton(pygame.Rect(485, y + 16, 145, 46), "Quit", ui, container=panel)
        self.learn = UIButton(pygame.Rect(20, y + (166 if self.message else 100), 440, 40),
                              "Learn: lessons in positioning", ui, container=panel)
        self.saved = UIButton(pygame.Rect(470, y + (166 if self.message else 100), 160, 40),
                              "Saved battles", ui, container=panel)
        UILabel(pygame.Rect(20, y + 70, 610, 24),
                "Two or more human sides play hot-seat; a computer side thinks while you watch.",
                ui, container=panel)
        if self.message:
            UITextBox(f"<font color='#ff7070'>{self.message}</font>",
                      pygame.Rect(20, y + 100, 610, 60), ui, container=panel)

    def handle(self, e: pygame.event.Event) -> Any:
        if self.save_problem is not None:
            answer = self.save_problem.answer(e)
            if answer is not None:
                problem, self.save_problem = self.save_problem.problem, None
                return self._load_up_to(problem) if answer else None
        if e.type == pygame.VIDEORESIZE:
            self.build()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is (
                self.scenario_menu):
            titles = [x.title for x in self.entries]
            self.choice = titles.index(e.text) if e.text in titles else 0
            self.ruleset_name = None  # each scenario opens under its own ruleset
            self.build()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is (
                self.ruleset_menu):
            self.ruleset_name = e.text
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element in self.side_menus:
            place = self.side_menus.index(e.ui_element)
            self.choose(place, PLAYERS.get(e.text, e.text))
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.hot_seat is not None and e.ui_element is self.hot_seat:
                self._toggle_hot_seat()
            elif e.ui_element is self.quit:
                self.app.running = False
            elif e.ui_element is self.start and self.entries:
                return self._start()
            elif self.continue_b is not None and e.ui_element is self.continue_b:
                return self._continue()
            elif e.ui_element is self.sandbox and self.entries:
                return self._sandbox()
            elif e.ui_element is self.joust:
                return self._joust()
            elif e.ui_element is self.saved:
                from game.ui.saved_battles_scene import SavedBattlesScene

                self.close()
                return SavedBattlesScene(self.app, on_exit=self._back)
            elif e.ui_element is self.learn:
                from game.ui.lesson_list import LessonListScene

                self.close()
                return LessonListScene(self.app, on_exit=self._back)
        return None

    def _recall(self, remembered: dict[str, Any]) -> None:
        """Open on the scenario, ruleset and players last started from here."""
        stems = [e.path.stem for e in self.entries]
        if remembered.get("scenario") in stems:
            self.choice = stems.index(remembered["scenario"])
            names = {rid: name for rid, name, _ in catalogue()}
            self.ruleset_name = names.get(remembered.get("ruleset", ""))
            self.chosen.update(remembered.get("sides", {}))

    def _remember(self, ruleset: str) -> None:
        entry = self.entries[self.choice]
        self.app.settings.update(scenario=entry.path.stem, ruleset=ruleset, sides={
            side: who for side, who in zip(entry.sides, self.players(entry), strict=True)})
        self.app.remember()

    def players(self, entry: ScenarioEntry) -> list[str]:
        """Who plays each side of `entry`: as the person chose for that side, else for the
        side in that place, else the scenario's default (a person against the computer)."""
        defaults = entry.default_players()
        return [self.chosen.get(side) or self.chosen_at.get(i) or defaults[i]
                for i, side in enumerate(entry.sides)]

    def choose(self, place: int, player: str) -> None:
        """The person picked `player` for the side in `place` of the scenario shown."""
        entry = self.entries[self.choice]
        self.chosen[entry.sides[place]] = player
        self.chosen_at[place] = player

    def _toggle_hot_seat(self) -> None:
        """Every side a person, or (when they already are) back to the scenario's own
        seats: a person against the computer."""
        entry = self.entries[self.choice]
        if all(p == PERSON for p in self.players(entry)):
            self.chosen.clear()
            self.chosen_at.clear()
        else:
            most = max((len(e.sides) for e in self.entries), default=0)
            self.chosen.update({side: PERSON for e in self.entries for side in e.sides})
            self.chosen_at.update({i: PERSON for i in range(most)})
        self.build()

    @staticmethod
    def _latest() -> tuple[Path | None, str]:
        """What "Continue" carries on, named: the newest battle or List not over
        (`game.saved_battles`)."""
        from game.saved_battles import continue_label, read_shelf

        row = read_shelf().to_continue()
        return (None, "") if row is None else (row.path, continue_label(row))

    def _joust(self) -> Any:
        from game.ui.lists_setup import ListsSetupScene

        self.close()
        return ListsSetupScene(self.app, on_exit=self._back)

    def _start(self) -> Any:
        entry = self.entries[self.choice]
        ruleset = next(rid for rid, name, _ in catalogue()
                       if name == self.ruleset_menu.selected_option[0])
        players = self.players(entry)
        self._remember(ruleset)
        try:
            scene = start_battle(self.app, entry, ruleset, players, on_exit=self._back)
        except (ValueError, OSError) as exc:
            self.error(f"The battle cannot start.<br><br>{exc}")
            return None
        self.close()
        return scene

    def _continue(self) -> Any:
        """Resume the most recent save exactly where it stopped (every command decided
        again first), or the List in progress."""
        from game.saves import SaveDiverges, SaveError
        from game.ui.launch import resume_saved

        if self.latest is not None and self.latest.name.endswith(".tournament.json"):
            from game.lists import ListSession, TournamentError
            from game.ui.lists_scene import ListsScene

            try:
                session = ListSession.load(self.latest)
            except TournamentError as exc:
                self.error(f"This List cannot be continued.<br><br>{exc}")
                return None
            self.close()
            return ListsScene(self.app, session, on_exit=self._back)
        try:
            scene = resume_saved(self.app, self.latest, on_exit=self._back)
        except SaveDiverges as exc:  # good up to a step: offer to load up to it
            from game.ui.save_problem import SaveProblemDialog

            self.save_problem = SaveProblemDialog(self.app, exc)
            return None
        except (SaveError, OSError) as exc:
            self.error(f"This save cannot be continued.<br><br>{exc}")
            return None
        self.close()
        return scene

    def _load_up_to(self, problem: SaveDiverges) -> Any:
        """"Load up to step N": the good part of the save as a new save, played on from;
        the save that went wrong is left as it was."""
        from game.saves import SaveError, write_up_to
        from game.ui.launch import resume_saved

        try:
            fresh = write_up_to(problem.good, problem.up_to)
            scene = resume_saved(self.app, fresh, on_exit=self._back)
        except (SaveError, OSError) as exc:
            self.error(f"The battle cannot be loaded up to step {problem.up_to}.<br><br>"
                       f"{exc}")
            return None
        self.close()
        return scene

    def error(self, text: str) -> None:
        """One clear message in a dialog; nothing already saved is touched."""
        from pygame_gui.windows import UIMessageWindow

        w, h = self.app.size
        self.dialog = UIMessageWindow(pygame.Rect(w // 2 - 260, h // 2 - 140, 520, 280), text,
                                      self.app.ui, window_title="Flank")

    def _sandbox(self) -> Any:
        from game.sandbox import Sandbox, SandboxError
        from game.ui.launch import map_sandbox
        from game.ui.sandbox_scene import SandboxScene

        entry = self.entries[self.choice]
        ruleset = next(rid for rid, name, _ in catalogue()
                       if name == self.ruleset_menu.selected_option[0])
        opener = map_sandbox(entry.path, ruleset)  # a board of its own kind: the mass grid
        if opener is not None:
            self.close()
            return opener(self.app, entry.path, on_exit=self._back)
        try:
            sb = Sandbox.from_map(entry.path, ruleset=ruleset)
        except (SandboxError, ValueError) as exc:
            self.error(f"The sandbox cannot open this map.<br><br>{exc}")
            return None
        self.close()
        scene = SandboxScene(self.app, sb, on_exit=self._back)
        if sb.notes:
            scene.message = " · ".join(sb.notes)
        return scene

    def _back(self) -> Any:
        return MenuScene(self.app)

    def close(self) -> None:
        for w in self.widgets:
            w.kill()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((24, 28, 34))
        if self.entries:
            self.art.draw(surf, self.panel_rect, self.entries[self.choice],
                          self.art.ruleset_named(self.ruleset_menu.selected_option[0]))
