"""Tarnished Tale (seed 001, "Attacking") as a Flank ruleset.

Why this module is thin: the check and its dice (checks.py), the contest (contest.py), the
board's part in it (situation.py), the odds (odds.py), the events (events.py) and the turn
(turn.py) live in their own modules; this class is the protocol's face on them
(rules/ruleset.py), as the engine, the window, the GM's sandbox and the computer see it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rules.commands import Attack, Choose, Command
from rules.engine import AttackOdds, BattleSetup, Context
from rules.hexgrid import Hex
from rules.ruleset_base import TableRuleset
from rules.state import Battle, Frame
from rules.systems.tarnished_tale.attack import play_contest
from rules.systems.tarnished_tale.events import (
    ActivationFrame,
    DefenceFrame,
    RoundFrame,
    TTSystem,
)
from rules.systems.tarnished_tale.odds import (
    DEFENCE_WORDS,
    attack_odds,
    defence_odds,
    sensible,
)
from rules.systems.tarnished_tale.situation import attack_kinds, config_of
from rules.systems.tarnished_tale.tables import load_tables
from rules.systems.tarnished_tale.turn import check, decide, legal, run_round
from rules.systems.tarnished_tale.units import TTUnit, build_unit, skill_for, tt
from rules.wording import Words, pronoun

__all__ = ["RULESET", "TarnishedTale"]


class TarnishedTale(TableRuleset):
    id: ClassVar[str] = "tarnished_tale"
    name: ClassVar[str] = "Tarnished Tale"
    source: ClassVar[str] = ("\"Attacking\", the combat page of the Tarnished Tale rules, by the "
                             "author of tt.zadammac.ca")
    order: ClassVar[int] = 40
    # How it plays, in a player's words: what the menu says beside the ruleset's name.
    plays_like: ClassVar[str] = ("Every blow is a contest of skill rolls, and the target picks his "
                                 "defence first: dodge, block, soak it on armour or hit back. "
                                 "Armour has hit points of its own and breaks; gang up for a "
                                 "boon, and a bad fumble leaves you prone, knocked back or "
                                 "disarmed.")

    tables_from = staticmethod(load_tables)
    units_from = staticmethod(build_unit)
    archetype_templates = {
        "swordsman": "swordsman", "veteran": "veteran", "spearman": "man_at_arms_spear",
        "pikeman": "pikeman", "crossbowman": "crossbowman", "archer": "elf",
        "knight": "knight", "mage": "magic_user", "priest": "cleric", "thief": "thief",
        "dwarf": "dwarf", "orc": "orc", "goblin": "goblin", "hobgoblin": "hobgoblin",
        "gnoll": "gnoll", "bugbear": "bugbear", "ogre": "ogre", "wolf": "wolf",
        "bandit": "bandit", "bandit_archer": "bandit_archer", "legionary": "legionary",
        "halberdier": "halberdier", "duelist": "duelist", "brawler": "brawler",
        "fighting_man": "fighting_man"}

    def initial_state(self, setup: BattleSetup) -> Battle:
        return self.new_battle(setup, system=TTSystem(), stack=(RoundFrame(),))

    def sample_setup(self, mode: str = "skirmish", seed: int = 0) -> BattleSetup | None:
        """Tony the gate guardsman, a veteran and a duellist hold the gate against a
        crossbow bandit, an archer and three bandits: every defence has a use (Tony's
        chainmail for sponging, the duellist's Parry for countering, the veteran's shield
        for blocking), and the shooters make Block matter by being unable to meet it."""
        from rules.builder import Scenario

        if mode != "skirmish":
            return None
        return (Scenario(self.id, seed=seed, radius=5, title="Trouble at the gate")
                .side("watch", player_characters=True).side("bandits")
                .unit("tony", "gate_guard", "watch", (-2, 0), facing=0, name="Tony")
                .unit("vet", "veteran", "watch", (-2, 1), facing=0)
                .unit("duel", "duelist", "watch", (-1, -1), facing=0)
                .unit("amy", "crossbow_bandit", "bandits", (4, -2), facing=3, name="Amy")
                .unit("arch", "bandit_archer", "bandits", (4, 0), facing=3)
                .unit("b1", "bandit", "bandits", (2, -1), facing=3)
                .unit("b2", "bandit", "bandits", (2, 0), facing=3)
                .unit("b3", "brawler", "bandits", (2, 1), facing=3)
                .build())

    def round_fields(self) -> frozenset[str]:
        return frozenset(TTUnit.ROUND_RESET) | {"defensive"}

    def run_frame(self, ctx: Context, frame: Frame) -> None:
        if isinstance(frame, RoundFrame):
            run_round(ctx)
        else:
            raise TypeError(f"no procedure for {type(frame).__name__}")

    def legal_commands(self, state: Battle, side: str) -> list[Command]:
        """A `Listing` (listing.py): a sequence that makes each walk when it is read, equal
        to the full list (issue 36)."""
        return legal(state, side)  # type: ignore[return-value]

    def check(self, state: Battle, command: Command) -> str | None:
        return check(state, command)

    def decide(self, ctx: Context, command: Command) -> None:
        decide(ctx, command)

    # --- odds and the GM's exchange ----------------------------------------------------------
    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        """Exact odds of an attack now.  options: kind ("melee", "missile"; a free attack's
        kinds read as melee), weapon (the missile weapon for a shot), mode ("normal",
        "defensive", "called") or options (an Attack's), defence (default: the one a
        sensible defender declares; every defence's line is in the notes)."""
        frm = options.get("from_hex")
        if frm is not None and tt(state, attacker).pos != Hex(*frm):
            state = state.update_unit(attacker, pos=Hex(*frm))  # a what-if: struck from there
        kind, mode = self._kind_mode(state, attacker, target, options)
        return attack_odds(state, attacker, target, kind, mode, options.get("defence"))

    def _kind_mode(self, state: Battle, attacker: str, target: str, options: dict[str, Any]
                   ) -> tuple[str, str]:
        top = state.top
        if isinstance(top, DefenceFrame) and (top.attacker, top.defender) == (attacker, target):
            return top.kind, top.mode  # the attack being answered
        u = tt(state, attacker)
        open_kinds = attack_kinds(state, attacker, target)
        kind = options.get("kind", "")
        if options.get("weapon") and options["weapon"] == u.missile:
            kind = "missile"
        if kind not in ("melee", "missile"):
            kind = "melee" if "melee" in open_kinds or not open_kinds else "missile"
        if kind == "melee" and "melee" not in open_kinds and "missile" in open_kinds:
            kind = "missile"
        flags = tuple(options.get("options", ()))
        mode = options.get("mode") or ("defensive" if "defensive" in flags else
                                       "called" if "called_shot" in flags else "normal")
        return kind, mode

    def arc_words(self, state: Battle, unit_id: str) -> dict[str, str]:
        """R-TT-POSITION: a melee attacker in the target's rear has a boon; front and flank
        are worth nothing by themselves."""
        u = state.unit(unit_id)
        he, him = pronoun(u), pronoun(u, "him")
        return {"front": f"Front arc — {he} fights this way; no boon to strike {him} here "
                         "(R-TT-POSITION)",
                "flank": f"Flank arc — no boon to strike {him} here (R-TT-POSITION)",
                "rear": f"Rear arc — a boon to strike {him} here in melee (R-TT-POSITION)"}

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        """One contest outside the turn, for the sandbox: the defence given, else the one a
        sensible defender declares."""
        kind, mode = self._kind_mode(ctx.state, attacker, target, options)
        defence = options.get("defence") or sensible(
            defence_odds(ctx.state, attacker, target, kind, mode)).defence
        play_contest(ctx, attacker, target, kind, mode, defence)

    # --- the GM's hand -----------------------------------------------------------------------
    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """An edit, with the reach of a new weapon and the hit points of new armour."""
        u = super().edit_unit(state, unit, changes)
        t = load_tables()
        if "weapon" in changes:
            u = replace(u, reach_ft=t.weapon(u.weapon or None).reach_ft)
        if "armour" in changes and "armour_hp" not in changes:
            u = replace(u, armour_hp=t.armour[u.armour].hp if u.armour else 0)
        return u

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        t = load_tables()
        unknown = self.entry_refusal(changes, {"weapon": t.weapons, "missile": t.weapons,
                                               "shield": t.shields, "armour": t.armour})
        if unknown:
            return unknown
        if changes.get("weapon") and t.weapons[changes["weapon"]].missile:
            return f"{changes['weapon']!r} is shot, not swung"
        if changes.get("missile") and not t.weapons[changes["missile"]].missile:
            return f"{changes['missile']!r} has no range"
        for key in ("fight", "shoot", "dodge", "block", "sponge"):
            if key in changes and not 0 <= int(changes[key]) <= 99:
                return f"{key} is a d% skill, 0 to 99 (TT-12)"
        return None

    # --- what the window shows ---------------------------------------------------------------
    def unit_badge(self, state: Battle, unit_id: str) -> str:
        return self.weapon_badge_of(tt(state, unit_id))

    def unit_armour(self, state: Battle, unit_id: str) -> tuple[int, int] | None:
        """TT-21, TT-22: his armour's own hit points, now and whole (0 now: broken)."""
        u = tt(state, unit_id)
        if not u.armour:
            return None
        whole = load_tables().armour[u.armour].hp
        return (max(0, u.armour_hp), max(whole, u.armour_hp)) if whole > 0 else None

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        t = load_tables()
        c = config_of(state)
        u = tt(state, unit_id)
        w = Words.of(state)
        lines = [f"{w.unit(u.id)} ({w.side(u.side)})",
                 f"HP {max(u.hp, 0)}/{u.max_hp}"  # none below 0 (health_below_zero)
                 + (f"  ({u.condition})" if u.condition else "")]
        if u.armour:
            a = t.armour[u.armour]
            lines.append(f"{a.name}: DR {a.dr}, armour HP {u.armour_hp}/{a.hp}"
                         + ("  (broken)" if u.armour_hp <= 0 else ""))
        weapon = t.weapon(u.weapon or None)
        lines.append(f"{weapon.name} {weapon.damage} x{weapon.critical}: skill "
                     f"{skill_for(u, 'counter', c.skill_cap, t)}"
                     + (f"; {t.weapons[u.missile].name} {u.shoot}" if u.missile else ""))
        lines.append(f"Dodge {skill_for(u, 'dodge', c.skill_cap, t)}, Block "
                     f"{skill_for(u, 'block', c.skill_cap, t)}, Sponge {u.sponge}"
                     + (f"; {t.shields[u.shield].name}" if u.shield else ""))
        flags = [x for x, on in (("prone", u.prone), ("fighting defensively", u.defensive),
                                 ("has acted", u.acted)) if on]
        flags += [f"{x.replace('_', ' ')} trait" for x in u.traits]
        flags += [f"his {wp.replace('_', ' ')} lies at {w.hex((q, r))}"
                  for _, wp, q, r in u.dropped]
        if flags:
            lines.append(", ".join(flags))
        return lines

    def moment(self, state: Battle, words: Words) -> str:
        """What the side deciding is asked and why (moments.py); a mode's from its frame."""
        from rules.systems.tarnished_tale import moments

        return moments.moment(state, words) or super().moment(state, words)

    def phase_label(self, state: Battle) -> str:
        top = state.top
        if isinstance(top, DefenceFrame):
            w = Words.of(state)
            return f"Round {state.round}: {w.unit(top.defender)} declares a defence"
        if isinstance(top, ActivationFrame):
            w = Words.of(state)
            return f"Round {state.round}: {w.side(top.actor or '')} to act"
        return f"Round {state.round}"

    def word_command(self, state: Battle, command: Command, words: Words) -> str | None:
        """A player's words for a button or the log: a defence with its exact odds, an
        attack with its mode; what to do, without the doer (captions put his name first)."""
        top = state.top
        if isinstance(command, Choose) and isinstance(top, DefenceFrame):
            options = defence_odds(state, top.attacker, top.defender, top.kind, top.mode)
            best = sensible(options)
            for o in options:
                if o.defence == command.option:
                    # What the armour loses (TT-21: why a sponge that takes nothing may
                    # not be the sensible choice), what a counter deals back, and which
                    # one a sensible defender picks (R-TT-AI), on the button itself: the
                    # odds box may be scrolled away.
                    worn = f", armour loses {float(o.armour):.1f}" if o.armour else ""
                    back = f", deals {float(o.back):.1f}" if o.back else ""
                    mark = " (sensible)" if o is best and len(options) > 1 else ""
                    name = DEFENCE_WORDS[o.defence].split(" (")[0]  # short, for the button
                    return (f"{name}: hit {float(o.hit) * 100:.0f}%, "
                            f"takes {float(o.mean):.1f}{worn}{back}{mark}")
        if isinstance(command, Choose):
            return {"stand": "Stand up", "pick_up": "Pick up the weapon"}.get(command.option)
        if isinstance(command, Attack) and command.options:
            how = ("fighting defensively" if "defensive" in command.options
                   else "called shot")
            return f"Attack {words.unit(command.target)} ({how})"
        return None


RULESET = TarnishedTale()
