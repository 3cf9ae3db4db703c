"""The GM sandbox's panels, refreshed every frame from the sandbox's answers: the timeline,
the selected figure's card, the exchange step by step with its odds chart, and the
overlays on the board.

A part of `SandboxScene` (a mixin): it reads the scene's sandbox, app and widgets; drawing
never changes the sandbox.
"""

from __future__ import annotations

from typing import Any

from game import overlay_facts as facts
from game.render import overlay_legend as legends
from game.render.legend import LegendPart
from game.render.overlays import Overlays
from game.sandbox import Sandbox, SandboxError
from game.sandbox.figures import flag_phrases
from game.ui.layout import fit_items
from game.ui.markup import escape
from game.ui.narration import event_html
from game.ui.odds_chart import draw_chart, outcome_hex
from game.ui.sandbox_layout import HELP
from rules.hexgrid import Hex
from rules.wording import Words, dice_words


def _hex(turn: Any) -> str:
    """The colour of a turning figure's step: that of his arrow on the board."""
    return "#{:02x}{:02x}{:02x}".format(*legends.turn_colour(turn.answer))


def _turn_row(turn: Any) -> str:
    """A figure turning to face the other, as a line of the step list (the clause at its end
    in the colour of the modifiers' clauses)."""
    text = turn.text.removesuffix(f"({turn.rule})").rstrip()
    if f"({turn.rule}):" in text:
        head, tail = text.split(f"({turn.rule}):", 1)
        return (f"<font color='{_hex(turn)}'>{escape(head.rstrip())}</font> "
                f"<font color='#9fc6ff'>({escape(turn.rule)})</font>:{escape(tail)}")
    return (f"<font color='{_hex(turn)}'>{escape(text)}</font> "
            f"<font color='#9fc6ff'>({escape(turn.rule)})</font>")


class SandboxPanels:
    """The panels and overlays of `SandboxScene`."""

    sb: Sandbox
    app: Any

    def _timeline_label(self, item: Any) -> str:
        return ("> " if item.current else "") + f"{item.position}. {item.label}"

    def _refresh_panels(self) -> None:
        state = self.sb.state
        self.undo_b.enable() if self.sb.can_undo else self.undo_b.disable()
        self.redo_b.enable() if self.sb.can_redo else self.redo_b.disable()
        items = self.sb.timeline()
        tkey = tuple((i.position, i.label, i.current) for i in items)
        if tkey != self._timeline_key:
            self._timeline_key = tkey
            fit_items(self.timeline, [self._timeline_label(i) for i in items])
        lines = []
        if self.selected and state.has_unit(self.selected):
            lines += [escape(x) for x in self.sb.ruleset.unit_lines(state, self.selected)]
            fl = flag_phrases(self.sb.flags(self.selected), Words.of(state))
            if fl:
                lines.append(f"<i>{escape('; '.join(fl))}</i>")
        else:
            lines.append("Click a figure to select it; right-click another to target it.")
        if self.target and state.has_unit(self.target):
            lines.append(f"<b>Target:</b> {escape(Words.of(state).unit(self.target))}")
        self.card.set_text("<br>".join(lines))
        self._refresh_exchange()
        last = self.sb.entry(self.sb.position)
        log = []
        if self.notice:
            log.append(f"<font color='#ffd27f'>{escape(self.notice)}</font>")
        if self.message:
            log.append(f"<font color='#ff8080'>{escape(self.message)}</font>")
        if last is not None:
            names = Words.of(state)
            log += [x for x in (event_html(e, names) for e in last.events) if x]
        log.append(HELP)
        self.log.set_text("<br>".join(log))

    def _refresh_exchange(self) -> None:
        a, t = self.selected, self.target
        state = self.sb.state
        self._turns_shown: tuple[Any, dict[Hex, Any]] = (None, {})
        if not (a and t and state.has_unit(a) and state.has_unit(t)) or a == t:
            self.steps.set_text("<i>Select an attacker and right-click a target to see the "
                                "exchange step by step.</i>")
            self.compare.set_text("")
            return
        try:
            view = self.sb.exchange_steps(a, t)
        except SandboxError as exc:
            self.steps.set_text(escape(str(exc)))
            self.compare.set_text("")
            return
        words = Words.of(state)
        rows = [f"<b>{escape(words.unit(a))} attacks {escape(words.unit(t))}</b>"]
        if view.reach:  # said before any odds: a newcomer read the odds as a blow he could strike
            rows.append(f"<font color='#ffc060'><b>{escape(view.reach)}</b></font>")
        rows += [_turn_row(x) for x in view.turns if not x.answer]  # he turns as he strikes
        rows.append(f"needs {escape(view.odds.needed_words or str(view.needed))}")
        for s in view.steps:
            colour = "#8fe08f" if s.value > 0 else "#ff9a80" if s.value < 0 else "#c0c0c0"
            rows.append(f"<font color='{colour}'>{s.value:+d}</font> {escape(s.reason)} "
                        f"<font color='#9fc6ff'>({escape(s.rule)})</font> "
                        f"= {s.running:+d} [{escape(s.stage)}]")
        rows.append(f"hit {view.hit_pct:.1f}% · kill {view.kill_pct:.1f}% · mean damage "
                    f"{view.mean_damage:.2f}")
        if view.odds.outcomes:  # a chart's colours (ZeFRS), each in its own colour
            rows.append(" · ".join(f"<font color='{outcome_hex(n)}'>{escape(n)} "
                                   f"{float(p) * 100:.0f}%</font>" for n, p in view.odds.outcomes))
        rows += [_turn_row(x) for x in view.turns if x.answer]  # the defender, striking back
        rows += [f"<i>{escape(n)}</i>" for n in view.notes]  # the column walk, the shield …
        self._turns_shown = (state, {state.unit(x.unit).pos: x for x in view.turns
                                     if state.unit(x.unit).pos is not None})
        last = getattr(self, "last_view", None)
        if last is not None and getattr(last, "outcome", None):
            rows.append(f"<b>{escape(dice_words(last.dice).capitalize())}: "
                        f"{escape(str(last.outcome))}</b>")
        self.steps.set_text("<br>".join(rows))
        self.chart.set_image(draw_chart(view.odds, self.chart_rect.size, state.unit(t).hp))
        table = ["<b>Under every ruleset</b>"]
        try:
            for row in self.sb.compare_rulesets(a, t):
                table.append(" · ".join(escape(c) for c in row.labelled()))
        except SandboxError as exc:
            table.append(escape(str(exc)))
        self.compare.set_text("<br>".join(table))

    def _exchange_turns(self, state: Any) -> dict[Hex, Any]:
        """The figures the exchange on the panel turns (hex → `Turn`), while the board
        shows the position the panel was worked out for."""
        shown, turns = getattr(self, "_turns_shown", (None, {}))
        return turns if shown is state else {}

    def _paths(self, state: Any, sel: str) -> dict[Hex, list[Hex]]:
        """Where the selected figure could walk, worked out once per position and figure,
        not every frame (choosing the straightest of the cheapest paths takes a while)."""
        from rules.positioning import reachable

        cached = getattr(self, "_paths_cache", None)
        if cached is not None and cached[0] is state and cached[1] == sel:
            return cached[2]
        u = state.unit(sel)
        paths = reachable(state, u, 60) if u.pos is not None else {}
        self._paths_cache = (state, sel, paths)
        return paths

    def overlays(self) -> Overlays:
        """What to paint over the board, with a legend part for each overlay on."""
        state = self.sb.state
        ov = Overlays(hover=self.hover)
        legend: list[LegendPart] = []
        words = Words.of(state)
        threat = self.overlays_on.get("threat")
        if threat:
            legend.append(legends.threat_part(
                "every side" if threat == "all" else words.side(threat, start=False)))
            by_side = facts.threatened_by_side(state)
            counts: dict[Hex, int] = {}
            for side, hexes in by_side.items():
                if threat in ("all", side):
                    for h, who in hexes.items():
                        counts[h] = counts.get(h, 0) + len(who)
            ov.threat = counts
        sel = self.selected if self.selected and state.has_unit(self.selected) else None
        if sel and self.overlays_on.get("reach"):
            ov.reach = frozenset(h for ring in facts.reach_rings(state, sel).values()
                                 for h in ring)
            legend.append(legends.reach_part(state, sel))
        if sel and self.overlays_on.get("arcs"):
            ov.arcs = facts.facing_arcs(state, sel, 3)
            legend.append(legends.arcs_part(state, sel, ov.arcs))
        if self.overlays_on.get("who"):
            legend.append(legends.who_part())
            if self.hover is not None:
                ov.targets = frozenset(state.unit(s.unit).pos for s in facts.who_can_hit(
                    state, self.hover) if state.unit(s.unit).pos is not None)
        if sel and self.overlays_on.get("path"):
            legend.append(legends.path_part(state, sel))
            path = self._paths(state, sel).get(self.hover) if self.hover is not None else None
            if path:
                ov.path = tuple(path)
                marks: dict[Hex, list[str]] = {}
                for h, reactor, _ in facts.path_reactions(state, sel, path):
                    marks.setdefault(h, []).append(words.unit(reactor))
                ov.provoking = {h: tuple(v) for h, v in marks.items()}
        if self.target and state.has_unit(self.target) and self.overlays_on.get("flank"):
            ov.arcs = {state.unit(uid).pos: arc_ for uid, arc_ in facts.flanked_by(
                state, self.target) if state.unit(uid).pos is not None}
            legend.append(legends.flank_part(state, self.target, ov.arcs))
        turns = self._exchange_turns(state)
        if turns:
            ov.turns = {h: (x.facing, legends.turn_colour(x.answer)) for h, x in turns.items()}
            legend.append(legends.turns_part({x.answer for x in turns.values()}))
        ov.legend = tuple(legend)
        return ov
