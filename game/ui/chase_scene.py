"""An Enchanted Realms chase in the window (ER-21..ER-34): the pursuit track, the countdown of
seconds, each movement roll as it lands, and at a runner's moment the choice to swing or
run (or break off) with the exact odds of the round beside it.

Found by the board kind "track" (entry point ``flank.scenes``) and built like the other
play scenes from a turn manager (game/turns.py) that drives the rules: the buttons become
the chase's `Choose` commands, the turn manager submits them, and the events that come back
are shown one after another (`game.render.chase_animation`) on the track
(`game.render.chase_view`).  Drawing never changes the state.  Between two people at one
machine the hand-over cover passes the seat from runner to runner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.render.chase_animation import ChaseAnimator
from game.render.chase_view import ChaseView, picture_of
from game.turns import TurnManager
from game.ui.chase_panel import WIDTH, ChasePanel
from game.ui.handover import HandoverCover
from game.ui.markup import escape, pct
from game.ui.mode_scene import ModeScene
from game.ui.scene_keys import NOT_MINE, screen_key
from rules.commands import Choose
from rules.state import Battle
from rules.systems.enchanted_realms import attack
from rules.systems.enchanted_realms.chase.choices import running_blow
from rules.systems.enchanted_realms.chase.events import chase_frame
from rules.systems.enchanted_realms.chase.odds import pair_for, round_odds
from rules.systems.enchanted_realms.chase.pace import chart_row, heavy
from rules.systems.enchanted_realms.units import er
from rules.wording import Words

KEYS = {pygame.K_r: "run", pygame.K_b: "break_off"}

HELP = """<b>Chase mode (Enchanted Realms, "Swing on the Run")</b><br>
The map gives way to the distance between the runners (ER-21). A round is ten seconds,
counted down from 10 to 1 (ER-29). Each runner swings in the second equal to his initiative
(above 10 in second 10). In every second the chart gives each speed some hexes (ER-30), and
the runner rolls d20 + Agility against 5 to gain them; a natural 1 fails, a natural 20
gains one more (ER-31).<br><br>
In your second, with a foe within your weapon's reach (ER-32), <b>swing</b> (every d20 at
-3 for running, ER-22, less with the right skills, more against a dodger or a rider,
ER-23..25) or <b>run</b>. A heavy weapon's swing costs that second's ground (ER-28). A
pursuer may <b>break off</b>. Nobody reacts or casts a spell in a chase (ER-26).<br><br>
With several fleeing, each pursuer runs after one of them, closing to his heels and
running past the others; at his moment he may first <b>chase</b> another still running
ahead of him, and when his own is down he runs on after the next (R-ER-CHASE-QUARRY).<br><br>
The chase ends once a pursuer is half his speed behind (ER-33): the thief gets away. The
odds beside your choice are exact: the chance of having him in reach when the round ends,
of losing him this round, and the gap to expect.<br><br>
Keys: 1-3 swing at the first, second or third foe in reach, R run, B break off, C chase
the next fleeing figure offered, Space
skips the show, F speeds it, Ctrl+Z undoes to the last roll, F1 this help, Esc leaves."""


class ChaseScene(ModeScene):
    help_origin = (30, 30)
    help_size = (640, 520)
    side_width = WIDTH
    cover_words = "It is your runner's moment: the track is hidden until you are at the machine."
    cover_shows = "the track"

    def __init__(self, app: Any, tm: TurnManager, title: str = "",
                 on_exit: Callable[[], Any] | None = None, writer: Any = None,
                 undo: Any = None, back: Callable[[TurnManager], Any] | None = None,
                 **_map_art: Any) -> None:
        if chase_frame(tm.state) is None:
            raise ValueError("the chase scene shows a chase, and this battle is not one")
        self.view = ChaseView()
        self.anim = ChaseAnimator(tm.state, speed=app.settings.get("anim_speed", 1.0))
        self.panel = ChasePanel(app.ui, app.size)
        super().__init__(app, tm, title, on_exit, writer, undo)
        self._map_art = _map_art  # for the map, when a chase out of a skirmish returns to it
        self.back = back  # given: the screen the chase goes back to (the GM's sandbox)
        self._last_track = tm.state

    # --- reading ---------------------------------------------------------------------------

    @property
    def shown(self) -> Battle:
        """The state the track shows: the animation's, or the battle's; once a chase out of
        a skirmish is over, the last moment of it (the map takes over)."""
        state = self.anim.shown if self.anim.busy else self.tm.state
        if chase_frame(state) is not None:
            self._last_track = state
        return self._last_track

    def options(self) -> list[str]:
        if not self.ready():
            return []
        return [c.option for c in self.tm.legal if isinstance(c, Choose)]

    def deciding(self) -> str:
        f = chase_frame(self.tm.state)
        return f.deciding if f is not None and f.step == "choose" else ""

    # --- input -----------------------------------------------------------------------------

    def make_panel(self, size: tuple[int, int]) -> ChasePanel:
        return ChasePanel(self.app.ui, size)

    def on_panel(self, element: Any) -> Any:
        option = self.panel.action(element)
        if option == "menu":
            return self.leave()
        if option:
            self.choose(option)
        return None

    def on_key(self, e: pygame.event.Event) -> Any:
        shared = screen_key(self, e)
        if shared is not NOT_MINE:
            return shared
        if e.key == pygame.K_SPACE:
            self.anim.skip()
        elif e.key in KEYS:
            self.choose(KEYS[e.key])
        elif e.key == pygame.K_c:
            turns = [o for o in self.options() if o.startswith("chase:")]
            if turns:
                self.choose(turns[0])
        elif pygame.K_1 <= e.key <= pygame.K_3:
            swings = [o for o in self.options() if o.startswith("swing:")]
            i = e.key - pygame.K_1
            if i < len(swings):
                self.choose(swings[i])
        return None

    def choose(self, option: str) -> None:
        if option in self.options():
            self.submit(Choose(unit=self.deciding(), option=option))

    # --- screens over the track --------------------------------------------------------------

    def help_html(self) -> str:
        return HELP.replace("\n", " ")

    # --- every frame -----------------------------------------------------------------------

    def update(self, dt: float) -> Any:
        self.show_on(dt)
        if chase_frame(self.anim.shown) is None:  # the chase is over: on to the map
            self.anim.skip()
            if self.back is not None and self.tm.state.board_kind != self.board_kind:
                self.close()  # the sandbox records the chase and shows the map again
                return self.back(self.tm)
            nxt = self.follow_the_board(**self._map_art)  # R-ER-CHASE-RETURN
            if nxt is not None:
                return nxt
        self.seats_on()
        self._update_log()
        self.panel.set_status(self._status())
        self.panel.set_moment(self.moment_line())
        self.panel.set_card(self._card())
        self.panel.set_odds(self._odds())
        self.panel.set_buttons(self._buttons())
        return None

    def _status(self) -> str:
        state = self.shown
        f = chase_frame(state)
        assert f is not None
        w = Words.of(state)
        head, ended = self.status_head(state, "Chase")
        if ended is not None:
            return ended
        seat = self.tm.waiting_on
        if self.anim.busy:
            turn = "The seconds are counted..."
        elif seat is not None and not seat.human:
            turn = f"{w.side(seat.side)} deciding..."
        elif seat is not None and self.deciding():
            turn = f"{w.unit(self.deciding())}'s moment: swing or run?"
        else:
            turn = ""
        return (f"{head} — chase round {max(1, f.chase_round)}, second {f.second} (ER-29)<br>"
                f"{escape(turn)}")

    def _card(self) -> str:
        uid = self.deciding() if chase_frame(self.tm.state) is not None else ""
        if not uid or self.anim.busy:
            return ("Each runner's speed gives his hexes a second (ER-30); each roll is "
                    "shown beside him as it lands.")
        state = self.tm.state
        u = er(state, uid)
        f = chase_frame(state)
        assert f is not None
        r = f.runner(uid)
        row = chart_row(r.speed)[0]
        w = attack.load_tables().weapons[u.weapon]
        weight = "heavy: a swing costs this second's ground (ER-28)" if heavy(u) else w.weight
        names = Words.of(state)
        mark = f.quarry_of(uid) if r.role == "pursuer" else None
        role = (f"chasing {escape(names.unit(mark.unit))}" if mark is not None
                else "chasing" if r.role == "pursuer" else "fleeing")
        return (f"<b>{escape(names.unit(uid))}</b>, {role}, HP {names.points(u.hp)}/"
                f"{u.max_hp}<br>"
                f"speed {r.speed} ft (chart row {row}, ER-27, ER-30), Agility {u.agility:+d}<br>"
                f"{escape(w.name)}, reach {u.reach_ft} ft, {escape(weight)}")

    def _odds(self) -> str:
        uid = self.deciding()
        if not uid or not self.ready():
            return ("<b>Odds</b> show here, exact, at your runner's moment: the blow on the "
                    "run, and this round's chance of reach and of escape.")
        state = self.tm.state
        f = chase_frame(state)
        assert f is not None
        me = f.runner(uid)
        w = Words.of(state)
        lines = []
        for opt in self.options():
            if opt.startswith("swing:"):
                t = opt.partition(":")[2]
                blow = running_blow(state, uid, t)
                o = attack.odds(state, blow)
                pen = sum(m.value for m in blow.modifiers if m.rule.startswith("ER-2"))
                lines.append(f"Swing at <b>{escape(w.unit(t))}</b>: {blow.dice}d20 at "
                             f"{blow.bonus:+d} ({pen:+d} running, ER-22) against AC {blow.ac}"
                             f": hit {pct(o.hit)}, drop him {pct(o.kill)}")
        pair = pair_for(state, uid)  # the pair on the lane (R-ER-CHASE-QUARRY)
        if pair is None and me.role == "quarry":
            lines.append(f"Nobody is after {escape(w.unit(uid))} now (R-ER-CHASE-QUARRY).")
        if pair is not None:
            p, q = pair
            choices = ["run"] + (["swing"] if heavy(er(state, uid)) and any(
                o.startswith("swing:") for o in self.options()) else [])
            for c in choices:
                o = round_odds(state, p, q, c)
                lines.append(f"If he {'swings' if c == 'swing' else 'runs'}, by the end of "
                             f"the round: {escape(w.unit(p))} has {escape(w.unit(q))} in "
                             f"reach {pct(o.reach)}, loses him {pct(o.escape)} (ER-33), gap "
                             f"{float(o.expected_gap):.1f} hexes on average")
        for opt in self.options():
            if opt.startswith("chase:"):
                q = opt.partition(":")[2]
                o = round_odds(state, uid, q)
                lines.append(f"If he turns after <b>{escape(w.unit(q))}</b> "
                             f"(R-ER-CHASE-QUARRY): in reach {pct(o.reach)}, loses him "
                             f"{pct(o.escape)}")
        return "<br>".join(lines)

    def _buttons(self) -> list[tuple[str, str]]:
        if self.tm.is_over and not self.anim.busy:
            return [("Back to the menu", "menu")]
        w = Words.of(self.tm.state)
        out = []
        for i, o in enumerate(self.options()):
            if o.startswith("swing:"):
                out.append((f"Swing at {w.unit(o.partition(':')[2])} ({i + 1})", o))
            elif o == "run":
                out.append(("Run (R)", o))
            elif o == "break_off":
                out.append(("Break off (B)", o))
            elif o.startswith("chase:"):
                first = not any(v.startswith("chase:") for _, v in out)
                key = " (C)" if first else ""
                out.append((f"Chase {w.unit(o.partition(':')[2])}{key}", o))
        return out

    def picture(self) -> Any:
        pic = picture_of(self.shown, self.anim.notes, self.title)
        if self.anim.banner_left > 0:
            pic.banner = self.anim.banner
        elif self.tm.is_over and not self.anim.busy and self.tm.outcome is not None:
            w = Words.of(self.tm.state)
            out = self.tm.outcome
            pic.banner = (w.agree(out.winner, "wins", "win") if out.winner else "A draw") + "!"
        pic.caption = self.anim.caption
        return pic

    def draw(self, surf: pygame.Surface) -> None:
        if self.cover is not None:
            HandoverCover.draw_backdrop(surf)
            return
        w, h = surf.get_size()
        board = surf.subsurface(pygame.Rect(0, 0, max(1, w - WIDTH), h))
        self.view.draw(board, self.picture())


__all__ = ["ChaseScene"]
