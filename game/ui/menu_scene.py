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

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextBox

from game.content import ScenarioEntry, bundled_scenarios
from game.lists.roster import PERSON
from game.render.lettering import wrap
from game.scenario_facts import SideForces, listing
from game.ui.launch import start_battle
from game.ui.layout import fit_text
from game.ui.lists_setup import RIDER_LABEL, RIDERS
from game.ui.menu_art import MenuArt
from rules.engine import catalogue

if TYPE_CHECKING:
    from game.saves import SaveDiverges
    from game.ui.save_problem import SaveProblemDialog

PLAYERS = RIDERS  # a player's words for who plays a side -> the player ("human", "ai:…")
# The description's box: a line's height, and the most lines shown before it scrolls
# (roomy, and on a short window).
DESCRIPTION_LINE = 25
DESCRIBED = (6, 3, 2)
FACT_LINE = 22  # a line of the scenario's facts (a side's figures, the size, the balance)
MOTTO = 34  # the motto's room under the name


def force_lines(force: SideForces, measure: Callable[[str], int], width: int,
                most: int = 2) -> list[str]:
    """A side's figures in at most `most` lines: every kind while they fit, else the first
    ones and "and N more" (the count of figures always whole)."""
    kinds = list(force.kinds)
    for shown in range(len(kinds), 0, -1):
        rest = len(kinds) - shown
        items = kinds[:shown] + ([f"{rest} more"] if rest else [])
        lines = wrap(measure, f"{force.count}: {listing(items)}", width)
        if len(lines) <= most:
            return lines
    return [force.count]


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
        self._facts_font: Any = None  # the font of the panel's facts lines, once asked
        self._recall(app.settings)
        self.build()

    def build(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []
        self.side_menus = []
        self.hot_seat = None
        self.fact_lines: list[str] = []  # what the panel says of the scenario, line by line
        ui = self.app.ui
        w, h = self.app.size
        self.latest, label = self._latest()
        # How tight the panel must be to fit the window: 0 roomy; 1 the description shorter
        # and the rows closer; 2 the motto and the hint line left out and a side's
        # figures on one line.
        compact = next((c for c in (0, 1) if self._height(c) <= h - 20), 2)
        # The panel is as tall as what it holds, in the middle of the window: no empty half.
        self.panel_rect = pygame.Rect(w // 2 - 330, 0, 660, self._height(compact))
        self.panel_rect.top = max(10, (h - self.panel_rect.height) // 2)
        panel = UIPanel(self.panel_rect, manager=ui)
        self.widgets.append(panel)
        UILabel(pygame.Rect(20, 6, 620, 60), "FLANK", ui, container=panel,
                object_id="#title")
        up = MOTTO if compact == 2 else 0  # the motto left out of the tightest panel
        if not up:
            UILabel(pygame.Rect(20, 54, 620, 24),
                    "Tactical battles under old-school rules, played by the book and "
                    "explained.", ui, container=panel)
        names = [e.title for e in self.entries] or ["(no scenarios found)"]
        UILabel(pygame.Rect(20, 92 - up, 120, 30), "Scenario", ui, container=panel)
        self.scenario_menu = UIDropDownMenu(names, names[self.choice], pygame.Rect(
            150, 92 - up, 480, 30), ui, container=panel)
        rulesets = [name for _, name, _ in catalogue()]
        entry = self.entries[self.choice] if self.entries else None
        default = self.ruleset_name or next(
            (n for rid, n, _ in catalogue() if entry and rid == entry.ruleset), rulesets[0])
        UILabel(pygame.Rect(20, 130 - up, 120, 30), "Ruleset", ui, container=panel)
        self.ruleset_menu = UIDropDownMenu(rulesets, default,
                                           pygame.Rect(150, 130 - up, 480, 30), ui,
                                           container=panel)
        y = 172 - up
        if entry is not None:
            described = self._described(entry, compact)
            self.description = UITextBox(entry.description or "",
                                         pygame.Rect(20, y, 610, described), ui,
                                         container=panel)
            y = self._sides(panel, entry, y + described + 8, compact)
        self.continue_b = None
        if self.latest is not None:
            self.continue_b = UIButton(pygame.Rect(20, y + 8, 610, 38), label, ui,
                                       container=panel)
            fit_text(self.continue_b, label)
            y += 46
        self.start = UIButton(pygame.Rect(20, y + 16, 145, 46), "Start battle", ui,
                              container=panel)
        self.joust = UIButton(pygame.Rect(175, y + 16, 145, 46), "Joust", ui, container=panel)
        self.sandbox = UIButton(pygame.Rect(330, y + 16, 145, 46), "Sandbox (GM)", ui,
                                container=panel)
        self.quit = UIButton(pygame.Rect(485, y + 16, 145, 46), "Quit", ui, container=panel)
        y += 70
        if compact < 2:
            UILabel(pygame.Rect(20, y, 610, 24), "Two or more human sides play hot-seat; a "
                    "computer side thinks while you watch.", ui, container=panel)
            y += 30
        if self.message:
            UITextBox(f"<font color='#ff7070'>{self.message}</font>",
                      pygame.Rect(20, y, 610, 60), ui, container=panel)
            y += 66
        self.learn = UIButton(pygame.Rect(20, y, 440, 40), "Learn: lessons in positioning",
                              ui, container=panel)
        self.saved = UIButton(pygame.Rect(470, y, 160, 40), "Saved battles", ui,
                              container=panel)

    def _chosen_ruleset(self, entry: ScenarioEntry) -> str:
        """The id of the ruleset the menu shows for `entry`: the one chosen, else its own."""
        return next((rid for rid, name, _ in catalogue() if name == self.ruleset_name),
                    entry.ruleset)

    def _sides(self, panel: UIPanel, entry: ScenarioEntry, y: int, compact: int) -> int:
        """Who fights: each side's name, who plays it and its figures counted; then the
        battlefield's size and, where it was measured, the balance.  Returns the y below."""
        ui = self.app.ui
        facts = entry.facts(self._chosen_ruleset(entry))
        forces = {f.side: f for f in facts.forces} if facts is not None else {}
        players = self.players(entry)
        names = entry.side_names or entry.sides
        top = y
        for side, name, who in zip(entry.sides, names, players, strict=True):
            UILabel(pygame.Rect(20, y, 200, 30), name, ui, container=panel,
                    object_id="#side_name")
            word = RIDER_LABEL.get(who, who)
            menu = UIDropDownMenu([*PLAYERS] + ([] if who in RIDER_LABEL else [who]), word,
                                  pygame.Rect(230, y, 200, 30), ui, container=panel)
            self.side_menus.append(menu)
            y += 30
            force = forces.get(side)
            if force is not None:
                y = self._lines(panel, self._figures(force, compact), y)
            y += 4 if compact else 8
        everyone = all(p == PERSON for p in players)
        self.hot_seat = UIButton(
            pygame.Rect(440, top, 190, 30),
            "Against the computer" if everyone else "Hot-seat", ui, container=panel,
            tool_tip_text="Every side a person at this machine" if not everyone else
            "A person on the players' side, the computer on the others")
        if facts is not None:
            y = self._lines(panel, [f"Battlefield: {facts.size}"], y)
            if facts.balance is not None:
                balance = f"Balance: {facts.balance.line()}."
                y = self._lines(panel, wrap(self._measure, balance, 610), y)
        return y

    def _figures(self, force: SideForces, compact: int) -> list[str]:
        """A side's figures in two lines, or one in the tightest panel."""
        return force_lines(force, self._measure, 610, 1 if compact == 2 else 2)

    def _measure(self, text: str) -> int:
        """How wide `text` is in the panel's facts lines (their own font)."""
        if self._facts_font is None:
            probe = UILabel(pygame.Rect(0, 0, 10, 10), "", self.app.ui, object_id="#facts")
            self._facts_font = probe.font
            probe.kill()
        return int(self._facts_font.size(text)[0])

    def _lines(self, panel: UIPanel, lines: list[str], y: int) -> int:
        for line in lines:
            UILabel(pygame.Rect(20, y, 610, FACT_LINE), line, self.app.ui, container=panel,
                    object_id="#facts")
            self.fact_lines.append(line)
            y += FACT_LINE
        return y

    def _described(self, entry: ScenarioEntry, compact: int) -> int:
        """The description box's height: its lines, up to `DESCRIBED` (then it scrolls)."""
        lines = len(wrap(self._measure, entry.description or "", 580)) or 1
        return DESCRIPTION_LINE * min(lines, DESCRIBED[compact]) + 18

    def _height(self, compact: int) -> int:
        """The panel's height for the scenario shown: the controls, its sides' rows and
        lines (measured as `_sides` lays them), the buttons and any message."""
        entry = self.entries[self.choice] if self.entries else None
        y = 172 - (MOTTO if compact == 2 else 0)
        if entry is not None:
            facts = entry.facts(self._chosen_ruleset(entry))
            y += self._described(entry, compact) + 8
            forces = {f.side: f for f in facts.forces} if facts is not None else {}
            for side in entry.sides:
                force = forces.get(side)
                lines = self._figures(force, compact) if force is not None else []
                y += 30 + FACT_LINE * len(lines) + (4 if compact else 8)
            if facts is not None:
                y += FACT_LINE
                if facts.balance is not None:
                    balance = f"Balance: {facts.balance.line()}."
                    y += FACT_LINE * len(wrap(self._measure, balance, 610))
        if self.latest is not None:
            y += 46
        y += 70 + (30 if compact < 2 else 0) + (66 if self.message else 0)
        return y + 40 + 20

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
            self.build()  # the sides' figures as that ruleset fields them
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
        """Resume the battle Continue names exactly where it stopped (every command decided
        again first), or the List in progress."""
        from game.ui.carry_on import carry_on

        return self._switch(carry_on(self.app, self.latest, self._back))

    def _load_up_to(self, problem: SaveDiverges) -> Any:
        """"Load up to step N": the good part of the save as a new save, played on from."""
        from game.ui.carry_on import load_up_to

        return self._switch(load_up_to(self.app, problem, self._back))

    def _switch(self, outcome: Any) -> Any:
        from game.ui.carry_on import take_up

        return take_up(self, outcome, self._say_problem)

    def _say_problem(self, text: str) -> None:
        """A problem carrying a save on: its first clause as the dialog's heading."""
        head, _, rest = text.partition(": ")
        self.error(f"{head}.<br><br>{rest}" if rest else text)

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
