"""The what-if across rulesets: the same exchange under every ruleset Flank knows, one row
each (hit %, mean damage, kill %, the modifiers with their citations), so a GM can show what
the same two figures on the same hexes are worth under each text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.sandbox.common import SandboxError, unit_of
from game.sandbox.exchange import odds_of, split_exchange_options
from game.sandbox.switch import rebuild_setup
from rules.engine import AttackOdds, ruleset_of, start
from rules.events import Modifier
from rules.state import Battle


@dataclass(frozen=True)
class Row:
    """One ruleset's line of `compare_rulesets`."""

    ruleset: str
    name: str
    odds: AttackOdds | None  # None when the exchange cannot be set up there
    problem: str = ""  # why not ("no equivalent for Gorbag (Orc)")
    attacker_template: str = ""
    target_template: str = ""
    live: bool = False  # True: the sandbox's own state (with its edits); False: fresh
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.odds is not None

    @property
    def hit_pct(self) -> float | None:
        return None if self.odds is None else float(self.odds.hit) * 100

    @property
    def mean_damage(self) -> float | None:
        return None if self.odds is None else float(self.odds.expected_damage)

    @property
    def kill_pct(self) -> float | None:
        return None if self.odds is None else float(self.odds.kill) * 100

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return () if self.odds is None else self.odds.modifiers

    def cells(self) -> tuple[str, str, str, str, str]:
        """(ruleset, hit %, mean damage, kill %, modifiers with citations) as text."""
        if self.odds is None:
            return (self.name, "—", "—", "—", self.problem)
        mods = "; ".join(m.describe() for m in self.modifiers) or "none"
        return (self.name, f"{self.hit_pct:.1f}%", f"{self.mean_damage:.2f}",
                f"{self.kill_pct:.1f}%", mods)

    def labelled(self) -> tuple[str, ...]:
        """The row as a GM reads it, every number with its label in the ruleset's own words
        (its measure of wounds, what its roll needs): ("Fallen Empire", "to hit 40.0% (needs
        12 on d20)", "damage 1–8 HP, mean 1.80", "out of the fight 5.0%", "modifiers: -1 o's
        shield — FE-30").  A row that cannot be set up: its name and the reason."""
        if self.odds is None:
            return (self.name, self.problem)
        hit = f"to hit {self.hit_pct:.1f}%"
        if self.odds.needed_words:
            hit += f" (needs {self.odds.needed_words})"
        health = getattr(ruleset_of(self.ruleset), "health_word", "HP")
        dealt = [d for d, _ in self.odds.dealt.items() if d > 0]
        if dealt:
            low, high = min(dealt), max(dealt)
            spread = f"{low}" if low == high else f"{low}–{high}"
            damage = f"damage {spread} {health}, mean {self.mean_damage:.2f}"
        else:
            damage = f"no damage ({health})"
        mods = "; ".join(m.describe() for m in self.modifiers)
        return (self.name, hit, damage, f"out of the fight {self.kill_pct:.1f}%",
                f"modifiers: {mods}" if mods else "no modifiers")


PORTABLE_OPTIONS = ("kind", "subdual", "from_hex")


def compare_rulesets(state: Battle, attacker: str, target: str, *, live_current: bool = True,
                     **options: Any) -> list[Row]:
    """The same exchange under every ruleset in `rules.engine.catalogue()`, in its order.

    For the sandbox's own ruleset the live state is used (the GM's edits count) unless
    `live_current=False`; every other ruleset gets the position set up again in a fresh
    state (`rebuild_setup`: templates mapped through the archetypes).  Only the portable
    options (kind, subdual, from_hex) go to the other rulesets; weapon keys and the like are
    the sandbox ruleset's own.  A ruleset that cannot take the exchange gets a row with
    `odds=None` and the reason ("no equivalent for Gorbag (Orc)")."""
    from rules.engine import catalogue

    a, t = unit_of(state, attacker), unit_of(state, target)
    kind, opts = split_exchange_options(options)
    rows: list[Row] = []
    for rid, name, _source in catalogue():
        notes: list[str] = []
        if rid == state.ruleset and live_current:
            st, live = state, True
            use = opts
            a_tpl, t_tpl = a.template, t.template
        else:
            live = False
            try:
                setup, report = rebuild_setup(state, rid)
            except (KeyError, ValueError) as exc:
                rows.append(Row(rid, name, None, f"cannot be set up: {exc}"))
                continue
            missing = {m.unit: m for m in report.unmapped + report.left_out}
            if a.id in missing or t.id in missing:
                lost = [m for m in (missing.get(a.id), missing.get(t.id)) if m is not None]
                problem = "; ".join(f"no equivalent for {m.called}"
                                    if m in report.unmapped else f"{m.who} is {m.via}"
                                    for m in lost)
                rows.append(Row(rid, name, None, problem))
                continue
            if report.unmapped:
                notes.append("left off the board (no equivalent): "
                             + report.no_equivalent())
            spec = {s.id: s for s in setup.units}
            a_tpl, t_tpl = spec[a.id].template, spec[t.id].template
            try:
                st, _ = start(setup)
            except Exception as exc:  # a ruleset refusing the position
                rows.append(Row(rid, name, None, f"{name} cannot set the position up: {exc}",
                                a_tpl, t_tpl))
                continue
            use = {k: v for k, v in opts.items() if k in PORTABLE_OPTIONS}
            dropped = sorted(set(opts) - set(use))
            if dropped:
                notes.append(f"not applied here: {', '.join(dropped)}")
        try:
            odds = odds_of(st, a.id, t.id, kind, use)
        except SandboxError as exc:
            rows.append(Row(rid, name, None, exc.reason, a_tpl, t_tpl, live, tuple(notes)))
            continue
        rows.append(Row(rid, name, odds, "", a_tpl, t_tpl, live, tuple(notes)))
    return rows
