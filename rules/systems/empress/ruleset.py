"""Empress (core rules §3, seed 000) as a Flank ruleset."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rules.engine import (
    AttackOdds,
    BattleSetup,
    Context,
    face_target,
)
from rules.hexgrid import Hex
from rules.procedures import provoked_along
from rules.ruleset import weapon_badge
from rules.ruleset_base import TableRuleset
from rules.state import Battle
from rules.systems.empress import actions
from rules.systems.empress.armour import defence
from rules.systems.empress.attack_flow import run_attack
from rules.systems.empress.combat import situation
from rules.systems.empress.frames import (
    AttackFrame,
    EmpSystem,
    FallBackFrame,
    MoveFrame,
    RoundFrame,
    TurnFrame,
    system,
)
from rules.systems.empress.movement import move_mode, reactions_at, run_fall_back, run_move
from rules.systems.empress.odds import odds_of
from rules.systems.empress.round import run_round
from rules.systems.empress.tables import load_tables
from rules.systems.empress.units import (
    ROUND_FIELDS,
    SIZE_CLASSES,
    am,
    build_unit,
    cfg,
    dual_perk,
    emp,
    is_emp,
    pm,
    tables,
)
from rules.wording import Words, pronoun


class Empress(TableRuleset):
    health_below_zero = True  # EMP-54: -4 HP critical, lower dead: the count matters
    id: ClassVar[str] = "empress"
    name: ClassVar[str] = "Empress"
    facing_rule: ClassVar[str] = "R-EMP-FACE"
    source: ClassVar[str] = ("\"Empress core rules\", section 3: Combat, by the author of "
                             "artifactsandrelics.blogspot.com (September 2016)")
    order: ClassVar[int] = 10
    # How it plays, in a player's words: what the menu says beside the ruleset's name.
    plays_like: ClassVar[str] = ("No turns by side: each figure acts when its count comes round, "
                                 "and may hold to strike back. The longer reach hits first and "
                                 "the shorter must get past it; a blow glances off armour or "
                                 "finds the gap, shields wear down blow by blow, and a shield "
                                 "wall holds a line.")

    tables_from = staticmethod(load_tables)
    units_from = staticmethod(build_unit)
    turn_procedures = actions
    frame_procedures = ((RoundFrame, run_round), (TurnFrame, actions.end_turn),
                        (MoveFrame, run_move), (AttackFrame, run_attack),
                        (FallBackFrame, run_fall_back))

    def initial_state(self, setup: BattleSetup) -> Battle:
        return self.new_battle(setup, system=EmpSystem(), stack=(RoundFrame(),))

    def sample_setup(self, mode: str = "skirmish", seed: int = 0) -> BattleSetup | None:
        """The demo legion patrol against raiders."""
        from rules.scenarios import demo_setup

        return demo_setup(self.id, seed=seed) if mode == "skirmish" else None

    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        """Exact odds of `attacker` striking `target` now.  options: kind (melee, missile,
        opportunity, retreat, counter, trick), weapon, options (a tuple of attack options),
        from_hex."""
        kind = options.get("kind", "melee")
        if kind == "retreat":
            kind = "opportunity"
        if kind == "charge":
            kind = "melee"
        a = emp(state, attacker)
        weapon = options.get("weapon", "")
        if kind == "missile" and not weapon:
            weapon = a.missile
        top = state.top
        from_hold = isinstance(top, TurnFrame) and top.unit == attacker and top.from_hold
        s = situation(state, attacker, target, kind, weapon=weapon,
                      options=tuple(options.get("options", ())),
                      from_hex=options.get("from_hex"), from_hold=from_hold)
        return odds_of(state, s)

    # --- the GM's hand (rules/gm.py) -------------------------------------------------------

    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """Apply an edit and redo what follows: reach from the weapon in hand."""
        u = super().edit_unit(state, unit, changes)
        if "reach_ft" not in changes and "weapon" in changes:
            u = replace(u, reach_ft=tables().weapon(u.weapon).reach_ft)
        return u

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        t = tables()
        unknown = self.entry_refusal(changes, {
            "weapon": t.weapons, "offhand": t.weapons, "missile": t.weapons,
            "armour": t.armours, "shield": t.shields})
        if unknown:
            return unknown
        if "size" in changes and changes["size"] not in SIZE_CLASSES:
            return f"size must be one of {', '.join(SIZE_CLASSES)}"
        if "facing" in changes and not 0 <= changes["facing"] <= 5:
            return "facing must be 0 to 5"
        return None

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        """One blow outside the round, for the sandbox: the same situation and resolution as
        in play (HC and AC, protected and direct hits, criticals), with ctx.dice; the
        attacker turns toward his foe as he strikes, as in play (R-EMP-FACE)."""
        from rules.systems.empress.damage import deal, strike

        face_target(ctx, attacker, target)
        s = situation(ctx.state, attacker, target, options.get("kind", "melee"),
                      weapon=options.get("weapon", ""),
                      options=tuple(options.get("options", ())))
        deal(ctx, s, strike(ctx, s))

    def archetypes(self) -> dict[str, str]:
        """Empress keeps Fallen Empire's figure names where the figure is the same man."""
        from rules.engine import ruleset_of

        known = set(tables().units)
        shared = {a: t for a, t in ruleset_of("fallen_empire").archetypes().items()
                  if t in known}
        shared.update({a: a for a in ("legionary", "halberdier", "duelist", "brawler")
                       if a in known})
        return shared

    def round_fields(self) -> frozenset[str]:
        return frozenset(ROUND_FIELDS)

    def unit_badge(self, state: Battle, unit_id: str) -> str:
        u = emp(state, unit_id)
        key = u.weapon or u.missile
        return weapon_badge(tables().weapon(key).name) if key else ""

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        t = tables()
        u = emp(state, unit_id)
        cls = f"Warrior {u.warrior}" if u.warrior else "no Warrior levels"
        attrs = " ".join(f"{k[:3].capitalize()} {getattr(u, k)}" for k in (
            "toughness", "agility", "dexterity", "perception"))
        d = defence(state, u, u, missile=False, from_hex=None)
        ac = f", AC {d.ac}" if d.ac else ""
        words = Words.of(state)
        lines = [f"{words.unit(u.id)} — {cls}",
                 f"HP {u.hp}/{u.max_hp}" + (f"  ({u.condition})" if u.condition else ""),
                 attrs, f"AM {am(u):+d} PM {pm(u):+d} Init {u.initiative} "
                        f"(segment {u.segment})",
                 f"HC {d.hc}{ac}"]
        gear = t.weapon(u.weapon).name + (f" + {t.weapon(u.offhand).name}" if u.offhand else "")
        gear += f" ({t.weapon(u.weapon).damage}, reach {t.weapon(u.weapon).reach_ft} ft)"
        lines.append(gear)
        if u.missile:
            w = t.weapon(u.missile)
            lines.append(f"{w.name} {w.damage}, range {w.range_ft} ft")
        if u.armour:
            lines.append(f"{t.armours[u.armour].name}: Coverage {t.armour_coverage(u.armour)}, "
                         f"Protection {t.armour_protection_of(u.armour)}")
        if u.shield:
            wear = f", worn {u.shield_wear}" if u.shield_wear else ""
            lines.append(f"{t.shields[u.shield].name}{wear}")
        flags = []
        if u.holding:
            flags.append(f"holding for counter ({_counter_words(u.counter, words)})"
                         if u.counter else "holding")
        if u.stance:
            flags.append(STANCE_WORDS.get(u.stance, u.stance.replace("_", " ")))
        if dual_perk(u):
            flags.append(f"two weapons: {str(u.dual_mode).replace('_', ' ')}")
        if u.grappled_by:
            flags.append(f"held by {words.units_list(u.grappled_by)}" + (" (pinned)" if u.pinned
                                                                   else ""))
        if u.swallowed_by:
            flags.append(f"swallowed by {words.unit(u.swallowed_by)}")
        if u.hidden:
            flags.append("hidden")
        if u.surprised:
            flags.append("surprised")
        if u.reach_lost_vs:
            flags.append(f"reach lost to {words.units_list(u.reach_lost_vs)}")
        if u.spent:
            flags.append({"oa": "action spent on an opportunity attack",
                          "turn": "has acted", "pure_defense": "in pure defence",
                          "counter": "counter spent", "lost": "action lost"}.get(u.spent, ""))
        if flags:
            lines.append("; ".join(f for f in flags if f))
        return lines

    def arc_words(self, state: Battle, unit_id: str) -> dict[str, str]:
        """§3 gives no bonus for striking from a flank or the rear: facing counts only
        through the shield, brought to bear on the arcs `shield_arcs` names (EMP-21)."""
        u = emp(state, unit_id)
        he, him, his = pronoun(u), pronoun(u, "him"), pronoun(u, "his")
        arcs = tuple(cfg(state, "shield_arcs"))
        out = {}
        for a, first in (("front", f"Front arc — {he} fights this way; "),
                         ("flank", "Flank arc — "), ("rear", "Rear arc — ")):
            if not u.shield:
                why = f"no bonus to strike {him} here, and {he} has no shield (EMP-21)"
            elif a in arcs:
                why = f"{his} shield guards {him} against blows from here (EMP-21)"
            else:
                why = f"{his} shield does not guard {him} against blows from here (EMP-21)"
            out[a] = first + why
        return out

    def path_reactions(self, state: Battle, unit_id: str, path: list[Hex]
                       ) -> list[tuple[int, str, str]]:
        """EMP-55/57/05: who would get an opportunity attack (or a counter shot) at which
        step of this path, if nobody is hurt on the way."""
        from rules.positioning import engaged_with

        u = emp(state, unit_id)
        frame = MoveFrame(unit=u.id, path=tuple(path), mode=move_mode(state, u, path),
                          start_engaged=tuple(e.id for e in engaged_with(state, u)))
        return provoked_along(state, frame, reactions_at)

    def moment(self, state: Battle, words: Words) -> str:
        """What the side deciding is asked and why (moments.py); a mode's from its frame."""
        from rules.systems.empress import moments

        return moments.moment(state, words) or super().moment(state, words)

    def phase_label(self, state: Battle) -> str:
        sysd = state.system
        if not isinstance(sysd, EmpSystem):
            return f"Round {state.round}"
        for f in reversed(state.stack):
            if isinstance(f, TurnFrame):
                who = Words.of(state).unit(f.unit)
                return f"Round {state.round} · segment {system(state).segment} · {who}"
        return f"Round {state.round} · segment {sysd.segment}"


RULESET = Empress()

__all__ = ["RULESET", "is_emp"]


STANCE_WORDS = {"attack": "aggressive stance", "attack2": "a Warrior's aggressive stance",
                "guard": "guarded stance", "guard2": "a Warrior's guarded stance",
                "pure_defense": "pure defence"}


def _counter_words(counter: str, words: Words) -> str:
    """What a hold for counter aims at (EMP-05): a foe's name, or a hex ("hex:q,r")."""
    if counter.startswith("hex:"):
        q, _, r = counter[4:].partition(",")
        return f"the hex at {words.hex((int(q), int(r)))}"
    return words.unit(counter)
