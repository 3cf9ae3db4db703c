"""What the grid sandbox's panels say: the selected unit's card (the ruleset's own card of
a unit of fighters, with the order the GM has given it), the exact odds of its attack, and
the transcript and the picture written to the export folder.

A part of `MassSandboxScene` (a mixin): it reads the scene's sandbox, selection and title,
and sets its message.
"""

from __future__ import annotations

from game.sandbox.mass import MassSandbox
from game.ui.markup import escape
from game.ui.mass_panel import preview_html
from rules.engine import ruleset_of
from rules.hexgrid import Hex
from rules.systems.zefrs.mass.events import mass_frame
from rules.systems.zefrs.mass.odds import attack_preview
from rules.systems.zefrs.mass.orders import MassOrder
from rules.systems.zefrs.mass.units import MassUnit


class MassSandboxWords:
    """The card, the odds and the transcript of `MassSandboxScene`."""

    sb: MassSandbox
    selected: str
    message: str

    def export_transcript(self) -> None:
        from game.ui.sandbox_exports import export_dir, failure_line

        title = getattr(self.sb.scenario, "title", "") or "Mass battle"
        path = export_dir() / f"{title.lower().replace(' ', '_')}.md"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.sb.transcript(title), encoding="utf-8")
        except OSError as exc:
            self.message = f"Export failed: {failure_line(exc)}"
            return
        self.message = f"Wrote {path}"

    def export_picture(self) -> None:
        """The position as the grid draws it, a PNG into the export folder."""
        import pygame

        from game.render.mass_view import GridStateView
        from game.ui.sandbox_exports import export_dir, failure_line

        title = getattr(self.sb.scenario, "title", "") or "Mass battle"
        path = export_dir() / f"{title.lower().replace(' ', '_')}.png"
        surf = pygame.Surface((1280, 800))
        GridStateView(self.sb.state).draw(surf, self.sb.state)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surf, str(path))
        except (OSError, pygame.error) as exc:
            self.message = f"Export failed: {failure_line(exc)}"
            return
        self.message = f"Wrote {path}"

    def odds_html(self) -> str:
        """The exact odds of the selected unit's attack this round, as the battle's panel
        gives them before an order (ZEF-72..77)."""
        cmd = self.sb.drafts.get(self.selected)
        if not isinstance(cmd, MassOrder) or cmd.order != "attack":
            return ""
        to = Hex(*map(int, cmd.to.split(","))) if cmd.to else None
        try:
            p = attack_preview(self.sb.state, self.selected, cmd.facing, to)
        except (KeyError, ValueError, AssertionError):
            return ""
        names = {u.id: u.name for u in self.sb.state.units}
        return preview_html(p, names)

    def card_html(self) -> str:
        st = self.sb.state
        f = mass_frame(st)
        head = (f"<b>{escape(self.sb.moment.label)}</b>"
                + (f" · {len(self.sb.stages_ahead)} stage(s) to show" if self.sb.stages_ahead
                   else ""))
        if st.outcome is not None:
            w = self.sb.words()
            head += "<br><b>" + escape(w.agree(st.outcome.winner, "wins", "win")
                                       if st.outcome.winner else "Nobody wins") + "</b>"
        if not self.selected:
            return head + "<br>Select a unit to edit it and give its order."
        u = st.unit(self.selected)
        if not isinstance(u, MassUnit):  # the force commander: a ZeFRS fighter's card
            lines = [escape(x) for x in ruleset_of(st).unit_lines(st, u.id)]
            ride = self.sb.order_of(u.id) if f is not None and f.step == "orders" else ""
            return (f"{head}<br><b>The force commander, {lines[0]}</b><br>"
                    + "<br>".join(lines[1:])
                    + (f"<br>This round: <b>{escape(ride)}</b> (ZEF-63)" if ride else ""))
        lines = [escape(x) for x in ruleset_of(st).unit_lines(st, u.id)]  # the unit's card
        order = self.sb.order_of(u.id) if f is not None and f.step == "orders" else ""
        if order:
            lines.append(f"Order this round: <b>{escape(order)}</b>")
        return f"{head}<br><b>{lines[0]}</b><br>" + "<br>".join(lines[1:])
