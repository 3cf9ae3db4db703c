"""Fallen Empire ("All the Fighting Rules", seed 004) as a Flank ruleset."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rules.engine import (
    AttackOdds,
    BattleSetup,
    Context,
    UnitSpec,
    face_target,
)
from rules.hexgrid import Hex
from rules.procedures import provoked_along
from rules.ruleset_base import TableRuleset
from rules.state import Battle, Board
from rules.systems.fallen_empire import (
    actions,
    joust_invariants,  # noqa: F401 (registers the lists')
    joust_mode,
    moments,
)
from rules.systems.fallen_empire.combat import armour_ac, odds_of, situation, spell_situation
from rules.systems.fallen_empire.config import ModeOptions
from rules.systems.fallen_empire.events import FESystem
from rules.systems.fallen_empire.frames import (
    ImpactFrame,
    MoveFrame,
    PhaseFrame,
    RoundFrame,
)
from rules.systems.fallen_empire.movement import run_impact, run_move
from rules.systems.fallen_empire.options import declaration_options
from rules.systems.fallen_empire.round import run_phase, run_round
from rules.systems.fallen_empire.tables import load_tables
from rules.systems.fallen_empire.units import FEUnit, build_unit, cfg, is_fe, melee_reach_ft
from rules.wording import Words, pronoun


class FallenEmpire(TableRuleset):
    health_below_zero = True  # FE-40: from -1 to -10 HP a figure is dying
    id: ClassVar[str] = "fallen_empire"
    name: ClassVar[str] = "Fallen Empire"
    facing_rule: ClassVar[str] = "R-FE-FACE-ATTACK"
    source: ClassVar[str] = ("\"All the Fighting Rules\" of the Fallen Empire campaign, by the "
                             "author of treasurehuntershq.blogspot.com (10 March 2019)")
    order: ClassVar[int] = 0
    # How it plays, in a player's words: what the menu says beside the ruleset's name.
    plays_like: ClassVar[str] = ("Whole sides take turns: roll for initiative, then move, shoot, "
                                 "fight and cast in phases. Every blow is a d20 against armour; "
                                 "strike from behind for +2, set spears against a charge, and "
                                 "never turn your back: a foe you step away from gets a free "
                                 "swing and stops you there.")

    tables_from = staticmethod(load_tables)
    turn_procedures = actions
    frame_procedures = ((RoundFrame, run_round), (PhaseFrame, run_phase), (MoveFrame, run_move),
                        (ImpactFrame, run_impact))

    def make_unit(self, spec: UnitSpec, board: Board) -> FEUnit:
        return build_unit(spec, board.feet_per_hex)

    def initial_state(self, setup: BattleSetup) -> Battle:
        return joust_mode.apply_mode(self.new_battle(  # "joust": a JoustFrame, not a RoundFrame
            setup, system=FESystem(), stack=(RoundFrame(),), more_options=ModeOptions))

    def modes(self) -> tuple[str, ...]:
        return joust_mode.MODES

    def sample_setup(self, mode: str = "skirmish", seed: int = 0) -> BattleSetup | None:
        """The demo patrol against orcs; for the joust, two knights at the tilt (FE-44)."""
        from rules.builder import Scenario
        from rules.scenarios import demo_setup

        if mode == "skirmish":
            return demo_setup(self.id, seed=seed)
        if mode == "joust":
            return (Scenario(self.id, seed=seed, radius=4, title="Two knights at the tilt")
                    .side("pcs", player_characters=True).side("rival")
                    .unit("kay", "knight", "pcs", (-2, 0), facing=0)
                    .unit("bors", "knight", "rival", (2, 0), facing=3)
                    .options(mode="joust").build())
        return None

    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        """Exact odds of `attacker` hitting `target` now.  options: kind (melee, missile,
        charge, opportunity, retreat, set-spear, spell), weapon, subdual, spell."""
        kind = options.get("kind", "melee")
        if kind == "spell":
            s = spell_situation(state, attacker, target, options["spell"])
        else:
            s = situation(state, attacker, target, kind, weapon=options.get("weapon", ""),
                          subdual=bool(options.get("subdual", False)),
                          from_hex=options.get("from_hex"))
        return odds_of(state, s)

    def declarable(self, state: Battle, unit: Any) -> tuple[str, ...] | None:
        return declaration_options(state, unit)

    # --- the GM's hand -------------------------------------------------------------------

    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """Apply an edit and redo what follows from it: reach from the weapon (and a lance
        only from horseback, FE-25), a magic shield's magic from the shield."""
        u = super().edit_unit(state, unit, changes)
        if "reach_ft" not in changes:
            u = replace(u, reach_ft=melee_reach_ft(u))
        if "shield" in changes and "shield_magic" not in changes:
            t = load_tables()
            u = replace(u, shield_magic=bool(u.shield and t.shields[u.shield].magic))
        return u

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        t = load_tables()
        unknown = self.entry_refusal(changes, {"weapon": t.weapons, "missile": t.weapons,
                                               "armour": t.armours, "shield": t.shields})
        if unknown:
            return unknown
        for spell in changes.get("spells", ()):
            if spell not in t.spells:
                return f"spell {spell!r} is not in the Fallen Empire tables"
        if changes.get("missile") and t.weapons[changes["missile"]].kind != "missile":
            return f"{changes['missile']!r} is not a missile weapon"
        if changes.get("weapon") and t.weapons[changes["weapon"]].kind != "melee":
            return f"{changes['weapon']!r} is not a melee weapon"
        if "facing" in changes and not 0 <= changes["facing"] <= 5:
            return "facing must be 0 to 5"
        for key in ("hp", "max_hp", "move_in", "morale", "con", "bandages", "potions"):
            if key in changes and changes[key] < (-1000 if key == "hp" else 0):
                return f"{key} cannot be {changes[key]}"
        return None

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        """One blow outside the round, for the sandbox: the attacker turns to his foe
        (R-FE-FACE-ATTACK), strikes with every modifier of the position, and the damage
        lands; `splinter=True` lets the defender's shield take it (FE-31)."""
        from rules.systems.fallen_empire.damage import strike, take

        kind = options.get("kind", "melee")
        if kind == "spell":
            s = spell_situation(ctx.state, attacker, target, options["spell"])
        else:
            face_target(ctx, attacker, target)
            s = situation(ctx.state, attacker, target, kind, weapon=options.get("weapon", ""),
                          subdual=bool(options.get("subdual", False)))
        r = strike(ctx, s)
        if r.hit and r.damage > 0 and r.struck not in ("", "cover"):
            victim = is_fe(ctx.state.unit(r.struck))
            if options.get("splinter") and victim.shield:
                from rules.systems.fallen_empire.frames import SplinterAnswered, SplinterOffered

                ctx.emit(SplinterOffered(unit=victim.id, attacker=attacker, amount=r.damage,
                                         subdual=s.subdual, source=kind, side=victim.side))
                ctx.emit(SplinterAnswered(unit=victim.id, splinter=True, shield_kept=bool(
                    load_tables().shields[victim.shield].magic and victim.shield_magic)))
            else:
                take(ctx, r.struck, r.damage, s.subdual, "missile" if kind == "missile"
                     else "melee")

    def archetypes(self) -> dict[str, str]:
        return {"swordsman": "fighting_man", "veteran": "veteran",
                "spearman": "man_at_arms_spear", "pikeman": "pikeman",
                "crossbowman": "crossbowman", "archer": "elf", "knight": "knight",
                "horse_archer": "horse_archer", "mage": "magic_user", "priest": "cleric",
                "thief": "thief", "dwarf": "dwarf", "orc": "orc", "goblin": "goblin",
                "hobgoblin": "hobgoblin", "gnoll": "gnoll", "bugbear": "bugbear",
                "ogre": "ogre", "wolf": "wolf", "boar": "boar", "spider": "giant_spider",
                "bandit": "bandit", "bandit_archer": "bandit_archer"}

    def unit_badge(self, state: Battle, unit_id: str) -> str:
        return self.weapon_badge_of(is_fe(state.unit(unit_id)))

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        t = load_tables()
        u = is_fe(state.unit(unit_id))
        weapon = t.weapons[u.weapon].name if u.weapon else "unarmed"
        rank = f"HD {u.hit_dice}" if u.hit_dice else f"level {u.level}"
        lines = [f"{Words.of(state).unit(u.id)} — {u.kind}, {rank}",
                 f"HP {u.hp}/{u.max_hp}" + (f"  ({u.condition})" if u.condition else ""),
                 f"AC {armour_ac(u)} {t.armours[u.armour].name}"
                 + (f" + {t.shields[u.shield].name}" if u.shield else ""),
                 f"{weapon} {t.weapons[u.weapon].damage if u.weapon else ''}, "
                 f"reach {u.reach_ft} ft"]
        if u.missile:
            w = t.weapons[u.missile]
            lines.append(f"{w.name} {w.damage}, range {w.range_in}\"")
        if u.mounted:
            lines.append("mounted")
        if u.declared:
            lines.append(f"declared: {u.declared.replace('_', ' ')}")
        if u.oa_used:
            lines.append("has used his free attack this round")
        return lines

    def arc_words(self, state: Battle, unit_id: str) -> dict[str, str]:
        """FE-20: only the rear is worth anything to a striker (to hit, and no shield);
        FE-19: a spear is set only against a charge he sees coming, from his front."""
        u = state.unit(unit_id)
        he, him, his = pronoun(u), pronoun(u, "him"), pronoun(u, "his")
        return {"front": f"Front arc — {he} fights this way and can set a spear against a "
                         "charge from here (FE-19)",
                "flank": f"Flank arc — no bonus to strike {him} here (FE-20 counts only the "
                         "rear)",
                "rear": f"Rear arc — {cfg(state, 'rear_hit'):+d} to strike {him} here, and "
                        f"{his} shield does not count (FE-20)"}

    def path_reactions(self, state: Battle, unit_id: str, path: list[Hex]
                       ) -> list[tuple[int, str, str]]:
        """FE-11/FE-14: who would get a free attack at which step, if nobody is hurt."""
        from rules.systems.fallen_empire.movement import move_mode, reactions_at

        u = is_fe(state.unit(unit_id))
        frame = MoveFrame(unit=u.id, path=tuple(path), mode=move_mode(u))
        return provoked_along(state, frame, reactions_at)

    def moment(self, state: Battle, words: Words) -> str:
        """What the side deciding is asked and why (moments.py), the joust's from its frame."""
        return moments.moment(state, words) or super().moment(state, words)

    def phase_label(self, state: Battle) -> str:
        from rules.systems.fallen_empire.frames import PhaseFrame, RoundFrame

        sysd = state.system
        w = Words.of(state)  # the sides by their names: "The champion", not "men"
        order = " then ".join(w.sides_list(g, start=False)
                              for g in getattr(sysd, "order", ()))
        for f in reversed(state.stack):
            if isinstance(f, PhaseFrame):
                acting = w.sides_list(f.sides, start=False)
                return f"Round {state.round} · {f.phase} · {acting}" + (
                    f"\nInitiative: {order}" if order else "")
            if isinstance(f, RoundFrame):
                return f"Round {state.round} · {f.step}"
        return f"Round {state.round}"


RULESET = FallenEmpire()
