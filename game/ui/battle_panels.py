"""The battle screen's panels and overlays, refreshed every frame from the state: the side
panel with the selected figure's card, the exact odds of the blow under the mouse with every
modifier and the rule it comes from (else the hovered figure's card, else both sides'
roster), and the hexes drawn over the board (movement range, path, threat, reach, arcs).

A part of `BattleScene` (a mixin): it reads the scene's turn manager, selection, hover and
widgets; drawing never changes the state.
"""

from __future__ import annotations

from typing import Any

from game.choices import button_label
from game.overlay_facts import facing_arcs
from game.ready_menu import ready_kind
from game.render import overlay_legend as legends
from game.render.board_view import BoardView
from game.render.hex_markers import markers_at
from game.render.overlays import Overlays
from game.turns import TurnManager
from game.ui.attack_ways import AttackWays, other_ways
from game.ui.declare_picker import DeclarePicker
from game.ui.ready_builder import ReadyBuilder
from game.ui.side_panel import Roster
from rules.commands import Attack, Command, Move, Pass
from rules.engine import AttackOdds
from rules.events import unhx
from rules.hexgrid import Hex
from rules.positioning import is_engaged, threat_map, threatened_hexes
from rules.state import ACTIVE, DEAD, DOWN, Battle, Unit
from rules.wording import Words

_STATUS_WORDS = {DOWN: "down", DEAD: "dead"}


def figure_state(state: Battle, u: Unit) -> str:
    """A figure's state in a word or two: its condition (dying, fled, unhorsed ...), else
    whether he is down, dead, gone, off the board or engaged with a foe ("" when none)."""
    words = [u.condition.replace("_", " ")] if u.condition else []
    if not words and u.status != ACTIVE:
        words.append(_STATUS_WORDS.get(u.status, "out of the battle"))
    if u.status == ACTIVE:
        if u.pos is None:
            words.append("off the board")
        elif is_engaged(state, u):
            words.append("engaged")
    return ", ".join(words)


def roster(state: Battle, words: Words) -> Roster:
    """Each side as the game names it, with its figures' names, hit points and state:
    ("The orcs", ("Orc 4 — 5/8 HP, engaged", ...))."""
    out = []
    for s in state.sides:
        lines = []
        for u in state.units:
            if u.side == s.id:
                what = figure_state(state, u)
                lines.append(f"{words.unit(u.id)} — {words.points(u.hp)}/{u.max_hp} HP"
                             + (f", {what}" if what else ""))
        if lines:
            out.append((words.side(s.id), tuple(lines)))
    return tuple(out)


def seat_words(seat: Any, words: Words) -> str:
    """Who a seat is, in a player's words: a hot-seat player's own name, else his side's
    ("The raiders"), never a side's id where the scenario gave the side no name."""
    name = (seat.name or "").strip()
    return name if name and name != seat.side else words.side(seat.side)


class BattlePanels(DeclarePicker, AttackWays, ReadyBuilder):
    """The panels and overlays of `BattleScene` (its declarations at a foe, the other ways
    of striking the foe aimed at, its trigger builder)."""

    tm: TurnManager
    app: Any
    view: BoardView
    _roster_of: tuple[Battle | None, Roster] = (None, ())
    _threat_of: tuple[Battle | None, str | None, dict[Hex, int]] = (None, None, {})
    _moment_of: tuple[Battle | None, str] = (None, "")

    def _roster(self, state: Battle, words: Words) -> Roster:
        """The roster of `state`, made once for each state the board shows (not each
        frame): the same tuple while nothing happens, so the panel lays nothing out."""
        if self._roster_of[0] is not state:
            self._roster_of = (state, roster(state, words))
        return self._roster_of[1]

    def _update_panel(self) -> None:
        state = self.anim.shown if self.anim.busy else self.tm.state
        words = Words.of(state)
        seat = self.tm.waiting_on
        turn = "" if seat is None else f"To decide: {seat_words(seat, words)}"
        if seat is not None and not seat.human:
            turn = f"The computer is thinking for {words.side(seat.side, start=False)}…"
        if self.anim.busy:
            turn = "…"
        self.panel.set_status(self.ruleset.phase_label(state), turn)  # as the board shows it
        self.panel.set_moment(self.moment_line(seat))
        hovered = self.hover_unit(state)
        shown = (state.unit(self.selected) if self.selected else None) or hovered
        # What lies on the hovered hex (Ruleset.hex_markers) when no figure stands there: in
        # the card if no figure is selected, else in the box under it.
        here = [] if hovered is not None else [
            f"{m.name}: {m.note}" if m.note else m.name
            for m in markers_at(self.view.markers(state), self.hover)]
        self.panel.set_card(self.card_lines(state, shown.id) if shown else here or [self.title])
        # The box under the card: the odds, else the figure (or what lies) under the mouse,
        # else the roster.
        other = hovered if hovered is not None and shown is not None and (
            hovered.id != shown.id) else None
        aside = self.card_lines(state, other.id) if other else (
            here if shown is not None and here else None)
        self._update_odds(state, words, aside, self._roster(state, words))
        ch = self.choices()
        buttons: list[tuple[str, Command]] = []
        uc_sel = ch.for_unit(self.selected) if self.selected else None
        picked = self.picker_buttons(self.tm.state, words, uc_sel) if uc_sel else None
        if picked is not None:  # a foe's declarations, in sentences (declare_picker)
            self.panel.set_buttons(picked, wide=True)
            return
        if uc_sel is not None:
            buttons += [(button_label(c, words, state), c) for c in uc_sel.declares]
        ways = self.way_buttons(self.tm.state, words, uc_sel)
        buttons += ways
        for uid in ch.actors():
            uc = ch.for_unit(uid)
            building = self.ready_page(state, words, uid, uc.buttons)
            if building is not None:  # the trigger builder (ready_builder)
                self.panel.set_buttons(building, wide=True)
                return
            opener = self.ready_opener(uid, uc.buttons)
            if opener is not None:
                buttons.append(opener)
            for c in uc.buttons:
                if (isinstance(c, Pass) and uid != self.selected) or ready_kind(c) is not None:
                    continue
                label = button_label(c, words, state)
                if isinstance(c, Pass):
                    label = f"Pass {words.unit(uid)} (Space)"
                buttons.append((label, c))
        if ch.end_phase is not None:
            buttons.append((button_label(ch.end_phase, words, state), ch.end_phase))
        self.panel.set_buttons(buttons, wide=bool(ways))  # a way is said in a sentence

    def moment_line(self, seat: Any) -> str:
        """What the person at the window is asked now and why (`Ruleset.moment`), while it
        is his seat's to decide and nothing is playing; "" otherwise.  Worked out once for
        each state, not each frame."""
        if seat is None or not seat.human or self.anim.busy:
            return ""
        state = self.tm.state
        if self._moment_of[0] is not state:
            self._moment_of = (state, self.ruleset.moment(state, Words.of(state)))
        return self._moment_of[1]

    def card_lines(self, state: Battle, unit_id: str) -> list[str]:
        lines = self.ruleset.unit_lines(state, unit_id)
        viewer = self.viewer
        if viewer is not None and unit_id in self.tm.concealed_units(viewer):
            lines = [x for x in lines if not x.startswith("declared")]
        return lines

    def hover_unit(self, state: Battle) -> Any:
        if self.hover is None:
            return None
        return state.unit_at(self.hover)

    def _update_odds(self, state: Battle, words: Words, figure: list[str] | None = None,
                     roster: Roster = ()) -> None:
        odds: AttackOdds | None = None
        title = ""
        target_hp = 0
        top = state.top
        reactor = getattr(top, "reactor", None)
        mover = getattr(top, "mover", None)
        try:
            way = self.hovered_command
            if self.picking is not None and self.selected:
                odds, title, target_hp = self.picker_odds(
                    self.tm.state, words, self.choices().for_unit(self.selected))
            elif isinstance(way, Attack) and way.unit == self.selected and way in \
                    self.choices().for_unit(way.unit).attacks.get(way.target, []):
                odds = self.way_odds(self.tm.state, way)
                title = f"{words.unit(way.unit)}: {button_label(way, words, state)}"
                target_hp = state.unit(way.target).hp
            elif reactor and mover and self._ready_for_input():
                kind = "retreat" if getattr(top, "trigger", "") == "retreat" else "opportunity"
                odds = self.ruleset.odds(state, reactor, mover, kind=kind)
                what = getattr(top, "odds_words", "free attack")
                title = f"{words.unit(reactor)}'s {what} on {words.unit(mover)}"
                target_hp = state.unit(mover).hp
            elif self.selected and self.hover is not None:
                target = state.unit_at(self.hover)
                uc = self.choices().for_unit(self.selected)
                if target is not None and target.id in uc.targets():
                    odds, title = self._odds_for(state, words, uc, target.id)
                    target_hp = target.hp
        except (KeyError, ValueError, AssertionError):
            odds = None
        self.panel.set_odds(title, odds, target_hp, figure, roster, words=words)

    def _odds_for(self, state: Battle, words: Words, uc: Any, target: str
                  ) -> tuple[AttackOdds | None, str]:
        """The odds of the selected figure's blow at `target`, and their title in names."""
        me = self.selected or ""
        who, whom = words.unit(me), words.unit(target)
        if target in uc.charges:
            end = unhx(uc.charges[target].path[-1])
            return (self.ruleset.odds(state, me, target, kind="charge", from_hex=end),
                    f"{who} charges {whom}")
        if target in uc.attacks:
            a = uc.attacks[target][0]
            kind = "missile" if a.weapon and a.weapon == getattr(
                state.unit(me), "missile", None) else "melee"
            more = " (other ways on the buttons)" if other_ways(uc, target) else ""
            return (self.ruleset.odds(state, me, target, kind=kind, weapon=a.weapon),
                    f"{who} attacks {whom}{more}")
        if target in uc.declared_on:
            return self.hover_odds(state, words, uc, target)
        if target in uc.casts:
            c = uc.casts[target][0]
            return (self.ruleset.odds(state, me, target, kind="spell", spell=c.spell),
                    c.say(words))
        return None, ""

    def overlays(self, state: Battle) -> Overlays:
        """What to paint over the board, rebuilt only when something it shows has changed."""
        key = (state.events_applied, self.anim.busy, self.selected, self.hover,
               self.options.threat, self.options.reach, self.options.arcs,
               self._choices_key, self.hovered_command)
        if self._overlay_key != key:
            self._overlay_key = key
            self._overlay = self._build_overlays(state)
        return self._overlay

    def _threat_counts(self, state: Battle) -> dict[Hex, int]:
        """How many foes of the viewer threaten each hex: the same until the battle moves on
        or the viewer changes, so moving the mouse never computes it again."""
        shown, viewer, counts = self._threat_of
        if shown is state and viewer == self.viewer:
            return counts
        counts = {}
        for s in state.sides:
            if s.id != self.viewer:
                for hx_, who in threat_map(state, s.id).items():
                    counts[hx_] = counts.get(hx_, 0) + len(who)
        self._threat_of = (state, self.viewer, counts)
        return counts

    def _build_overlays(self, state: Battle) -> Overlays:
        ov = Overlays(hover=self.hover)
        legend = []
        if self.options.threat:
            ov.threat = self._threat_counts(state)
            words = Words.of(state)
            foes = [s.id for s in state.sides if s.id != self.viewer]
            legend.append(legends.threat_part(words.sides_list(foes, start=False)
                                              if foes else "every side"))
        sel = state.unit(self.selected) if self.selected and state.has_unit(
            self.selected) else None
        if sel is not None and sel.pos is not None:
            if self.options.reach:
                ov.reach = threatened_hexes(state, sel)
                legend.append(legends.reach_part(state, sel.id))
            if self.options.arcs:
                ov.arcs = facing_arcs(state, sel, 3)
                legend.append(legends.arcs_part(state, sel.id, ov.arcs))
        ov.legend = tuple(legend)
        if self.anim.busy or sel is None:
            return ov
        ov.targets = self.watched(state)  # a trigger under the mouse (ready_builder)
        if self.readying is not None:
            return ov
        uc = self.choices().for_unit(sel.id)
        ov.move_range = frozenset(uc.moves) | frozenset(uc.declared_to)
        ov.targets = frozenset(state.unit(t).pos for t in uc.targets()
                               if state.unit(t).pos is not None)
        plan: Move | None = None
        if self.hover is not None:
            plan = uc.moves.get(self.hover)
            who = state.unit_at(self.hover)
            if plan is None and who is not None and who.id in uc.charges:
                plan = uc.charges[who.id]
        if plan is not None:
            path = [unhx(p) for p in plan.path]
            ov.path = tuple(path)
            provoking: dict[Hex, list[str]] = {}
            words = Words.of(state)
            for step, reactor, _ in self.ruleset.path_reactions(state, sel.id, path):
                provoking.setdefault(path[step], []).append(words.unit(reactor))
            ov.provoking = {h: tuple(v) for h, v in provoking.items()}
        return ov
