"""ZeFRS (seed 002, the free re-release of the 1985 Conan RPG's rules) as a Flank ruleset.

Why this module is thin: the chart (chart.py), the figures (units.py), the blow (combat.py),
the declarations (declare.py) and the turn (round.py) each live in their own module; this
class is the protocol's face on them (rules/ruleset.py), as the engine, the window, the GM's
sandbox and the computer players see a ruleset.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rules.commands import Command, Declare
from rules.engine import AttackOdds, BattleSetup, Context, command_owner_refusal
from rules.hexgrid import Hex
from rules.ruleset_base import TableRuleset
from rules.state import Battle
from rules.systems.zefrs.blows import strike
from rules.systems.zefrs.combat import arc_from, situation
from rules.systems.zefrs.declare import parse, say_action
from rules.systems.zefrs.events import (
    ActionDeclared,
    DeclarationsClosed,
    DeclareFrame,
    TurnFrame,
    ZefSystem,
)
from rules.systems.zefrs.hands import hands_refusal
from rules.systems.zefrs.mass import invariants as _mass_invariants  # noqa: F401 (the grid's)
from rules.systems.zefrs.mass import orders as _mass_orders  # noqa: F401 (its commands)
from rules.systems.zefrs.mass import setup as mass_setup
from rules.systems.zefrs.mass.card import mass_badge, mass_lines
from rules.systems.zefrs.mass.units import MassUnit
from rules.systems.zefrs.missiles import shoot, shot_shifts
from rules.systems.zefrs.odds import shown_odds
from rules.systems.zefrs.options import declarable, declarations, may_declare
from rules.systems.zefrs.round import run_turn, to_declare
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import load_tables
from rules.systems.zefrs.units import (
    TURN_SECONDS,
    ZefUnit,
    area_armour,
    build_unit,
    dodge,
    zef,
)
from rules.systems.zefrs.words import declaration_words
from rules.wording import Words, and_list, order_line, pronoun

__all__ = ["RULESET", "ZeFRS"]


class ZeFRS(TableRuleset):
    id: ClassVar[str] = "zefrs"
    name: ClassVar[str] = "ZeFRS"
    source: ClassVar[str] = ("\"ZeFRS\", the free re-release of the rules of the Conan "
                             "Role-Playing Game (TSR, 1985), by Krawec (2007-2008)")
    order: ClassVar[int] = 20
    # How it plays, in a player's words: what the menu says beside the ruleset's name.
    plays_like: ClassVar[str] = ("Everyone declares, then initiative is rolled. An attack is a "
                                 "d100 read on a colour chart shifted by skill, armour and "
                                 "position; you aim at head, chest, arm, gut or leg and the wound "
                                 "lands there. Armies of hundreds fight on a grid of 100-foot "
                                 "squares.")
    health_word: ClassVar[str] = "Damage Points"  # ZeFRS's own word (Damage)
    round_word: ClassVar[str] = "turn"  # the text's "combat turn" (ZEF-17), as its header says

    tables_from = staticmethod(load_tables)
    units_from = staticmethod(build_unit)
    frame_procedures = ((TurnFrame, run_turn),)
    archetype_templates = {
        "swordsman": "fighting_man", "veteran": "veteran", "spearman": "man_at_arms_spear",
        "pikeman": "pikeman", "crossbowman": "crossbowman", "archer": "archer",
        "knight": "knight", "horse_archer": "raider", "mage": "magic_user", "priest": "cleric",
        "thief": "thief", "dwarf": "dwarf", "orc": "orc", "goblin": "goblin",
        "hobgoblin": "hobgoblin", "gnoll": "gnoll", "bugbear": "bugbear", "ogre": "ogre",
        "wolf": "wolf", "bandit": "bandit", "bandit_archer": "bandit_archer",
        "legionary": "legionary", "halberdier": "halberdier", "duelist": "duelist",
        "brawler": "brawler"}

    def initial_state(self, setup: BattleSetup) -> Battle:
        if setup.options.get("mode") == "mass":  # ZEF-58..80: the mass battle (mass/)
            return mass_setup.initial_state(self.id, setup)
        if setup.options.get("mode", "skirmish") != "skirmish":
            raise ValueError(f"unknown mode {setup.options['mode']!r} (ZeFRS modes: "
                             f"{', '.join(self.modes())})")
        return self.new_battle(setup, system=ZefSystem(), stack=(TurnFrame(),),
                               more_options={"mode"})

    def modes(self) -> tuple[str, ...]:
        return ("skirmish", "mass")

    def templates_in(self, mode: str) -> list[str]:
        """A mass battle raises units of the mass tables' troop types, led and commanded by
        ZeFRS figures (ZEF-58, ZEF-59)."""
        if mode == "mass":
            from rules.systems.zefrs.mass.tables import load_mass

            return sorted({*load_mass().troops, *self.templates()})
        return self.templates()

    def sample_setup(self, mode: str = "skirmish", seed: int = 0) -> BattleSetup | None:
        """A Cimmerian and a hired sword against a captain, two guards and an archer in a
        ruined courtyard: every kind of action has a use."""
        from rules.builder import Scenario

        if mode == "mass":
            return mass_setup.sample_setup(self.id, seed)
        if mode != "skirmish":
            return None
        return (Scenario(self.id, seed=seed, radius=5, title="Ambush in the courtyard")
                .side("heroes", player_characters=True).side("guard")
                .unit("conan", "cimmerian", "heroes", (-2, 0), facing=0)
                .unit("sword", "swordsman", "heroes", (-2, 1), facing=0)
                .unit("cap", "captain", "guard", (2, -1), facing=3)
                .unit("g1", "guard", "guard", (1, 0), facing=3)
                .unit("g2", "guard", "guard", (1, 1), facing=3)
                .unit("bow", "archer", "guard", (4, -2), facing=3)
                .build())

    def round_fields(self) -> frozenset[str]:
        return frozenset(ZefUnit.ROUND_RESET)

    # --- the side's choices ----------------------------------------------------------------
    def declarable(self, state: Battle, unit: Any) -> tuple[str, ...] | None:
        uid = unit if isinstance(unit, str) else unit.id
        return declarable(state, uid)

    def _to_declare(self, state: Battle, side: str) -> list[ZefUnit]:
        return to_declare(state, side)

    def legal_commands(self, state: Battle, side: str) -> list[Command]:
        if not isinstance(state.top, DeclareFrame):
            return []
        out: list[Command] = []
        for u in self._to_declare(state, side):  # each figure's kept for the turn (options.py)
            out += declarations(state, u.id)
        return out

    def check(self, state: Battle, command: Command) -> str | None:
        why = command_owner_refusal(state, command)
        if why is not None:
            return why
        if not isinstance(state.top, DeclareFrame):
            return "nothing is to be declared now"
        if not isinstance(command, Declare):
            return "each figure first states what he will do this turn (ZEF-15)"
        u = zef(state, command.unit)
        if not u.fighting:
            return f"{u.id} is out of the fight"
        if u.declared:
            return f"{u.id} has already stated his action this turn"
        if u not in to_declare(state, u.side):
            return f"{u.id} is caught off guard: this is a free turn of his foes' (ZEF-12)"
        if parse(command.action) is None:
            return f"{command.action!r} is not an action a ZeFRS figure can state"
        if not may_declare(state, u.id, command.action):
            return f"{u.id} cannot {say_action(command.action)} now"
        return None

    def decide(self, ctx: Context, command: Command) -> None:
        assert isinstance(command, Declare)
        side = ctx.state.unit(command.unit).side
        ctx.emit(ActionDeclared(unit=command.unit, action=command.action))
        if not self._to_declare(ctx.state, side):
            ctx.emit(DeclarationsClosed(side=side))

    # --- the GM's hand -------------------------------------------------------------------------
    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """An edit, with the reach that follows from a new weapon (ZEF-02)."""
        u = super().edit_unit(state, unit, changes)
        if "weapon" in changes and "reach_ft" not in changes:
            u = replace(u, reach_ft=load_tables().weapon(u.weapon or None).reach_ft)
        return u

    def unit_refusal(self, unit: Any) -> str | None:
        """ZEF-32, R-ZEF-HANDS: the one check of what his hands hold (hands.py), as the
        data file's templates get it, for every figure the core builds or a GM edits."""
        if not isinstance(unit, ZefUnit):
            return None  # a mass battle's unit of fighters (ZEF-58) holds no kit
        t = load_tables()
        why = hands_refusal(unit.weapon, unit.offhand, unit.shield, unit.two_weapons,
                            t.weapons, t.shields)
        return None if why is None else f"{unit.name or unit.id}: {why[1]}"

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        t = load_tables()
        unknown = self.entry_refusal(changes, {"weapon": t.weapons, "offhand": t.weapons,
                                               "missile": t.weapons, "shield": t.shields})
        if unknown:
            return unknown
        for piece in changes.get("armour", ()):
            if piece not in t.armour:
                return f"armour {piece!r} is not in the ZeFRS tables"
        if changes.get("missile") and not t.weapons[changes["missile"]].missile:
            return f"{changes['missile']!r} is not thrown or shot (ZEF-38)"
        if changes.get("rank") not in (None, "foe", "enemy"):
            return "rank is foe or enemy (ZEF-01)"
        return None

    # --- odds and the GM's exchange ----------------------------------------------------------
    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        """Exact odds of a blow or a shot now.  options: kind ("melee" or "missile"), aim
        (an aiming point: melee default chest; for a shot, a called shot, ZEF-40, else the
        d10 decides, ZEF-39), weapon, defending (True/False; default: whether he declared
        Defend), knockout (True: a knock-out blow, ZEF-35), from_hex (as if he stood
        there: where he strikes from decides whether the shield comes across, ZEF-48,
        R-ZEF-SHIELD-ARC)."""
        if options.get("from_hex") is not None:
            state = state.update_unit(attacker, pos=options["from_hex"])
        if options.get("kind") == "missile":
            a, d = zef(state, attacker), zef(state, target)
            extra = shot_shifts(state, a, d)
            aim = options.get("aim", "")
            if aim:
                return shown_odds(state, situation(state, attacker, target, aim, missile=True,
                                                   called=True, extra=extra))
            t = load_tables()
            spots = tuple(situation(state, attacker, target, t.location(face), missile=True,
                                    extra=extra, t=t) for face in range(1, 11))
            return shown_odds(state, spots[0], spots, t)
        blow = situation(state, attacker, target, options.get("aim", "chest"),
                         weapon=options.get("weapon"), defending=options.get("defending"))
        return shown_odds(state, blow, knockout=bool(options.get("knockout")))

    def arc_marks(self, state: Battle, unit_id: str, hexes: list[Hex]) -> dict[Hex, str] | None:
        """R-ZEF-SHIELD-ARC: facing bears on ZeFRS only through the shield, so the arcs
        overlay marks where his shield is brought to bear ("guarded") and where it is not
        ("unguarded"); a figure without a shield has nothing to mark but the shared arcs."""
        u = zef(state, unit_id)
        if not u.shield or u.pos is None:
            return None
        allowed = config_of(state).shield_arcs
        return {h: "guarded" if arc_from(u, h) in allowed else "unguarded" for h in hexes}

    def arc_words(self, state: Battle, unit_id: str) -> dict[str, str]:
        """R-ZEF-SHIELD-ARC: facing bears on ZeFRS only through the shield (the marks of
        `arc_marks`); a figure without one gives a striker nothing for where he stands."""
        u = state.unit(unit_id)
        he, him, his = pronoun(u), pronoun(u, "him"), pronoun(u, "his")
        nothing = "facing gives no bonus under ZeFRS (R-ZEF-SHIELD-ARC)"
        return {"guarded": f"Shield side — {his} shield is brought to bear on blows from here "
                           "(R-ZEF-SHIELD-ARC)",
                "unguarded": f"Unguarded — {his} shield does not cover blows from here "
                             "(R-ZEF-SHIELD-ARC)",
                "front": f"Front arc — {he} fights this way; {nothing}",
                "flank": f"Flank arc — beside {him}; {nothing}",
                "rear": f"Rear arc — behind {him}; {nothing}"}

    def command_odds(self, state: Battle, command: Command) -> AttackOdds | None:
        """The odds of a declared blow or shot as it stands now (ZEF-15: a Fight names its
        target and aiming point): a blow with both weapons or twice shows its first blow; a
        wait's or a close's blow is shown as if struck from here; a knock-out blow its own
        odds and, as its summary, its chance against the damage it gives up (ZEF-35)."""
        if not isinstance(command, Declare):
            return None
        d = parse(command.action)
        if d is None or not d.target:
            return None
        if d.kind == "shoot":
            return self.odds(state, command.unit, d.target, kind="missile", aim=d.aim)
        if d.kind not in ("fight", "wait", "close"):
            return None
        odds = self.odds(state, command.unit, d.target, aim=d.aim,
                         knockout=d.kind == "fight" and d.mode == "ko")
        why = _HOW.get(d.mode if d.kind == "fight" else d.kind)
        if not why:
            return odds
        return AttackOdds.counted(dict(odds.dealt.items()), odds.hit_ways, odds.kill_ways,
                                  odds.modifiers, odds.needed, (*odds.notes, why),
                                  outcomes=odds.outcomes, needed_words=odds.needed_words,
                                  summary=odds.summary)

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        """One blow (or, `kind="missile"`, one shot) outside the turn, for the sandbox."""
        if options.get("kind") == "missile":
            shoot(ctx, attacker, target, options.get("aim", ""))
        else:
            strike(ctx, attacker, target, options.get("aim", "chest"))

    # --- what the window shows ----------------------------------------------------------------
    def unit_badge(self, state: Battle, unit_id: str) -> str:
        mass = state.unit(unit_id)
        if isinstance(mass, MassUnit):  # a unit of fighters (ZEF-58): the mode's card
            return mass_badge(mass)
        return self.weapon_badge_of(zef(state, unit_id))

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        mass = state.unit(unit_id)
        if isinstance(mass, MassUnit):
            return mass_lines(state, mass)
        t = load_tables()
        u = zef(state, unit_id)
        rank = "Enemy" if u.enemy else ("PC" if _pc_side(state, u.side) else "Foe")
        armour = area_armour(u, t)
        lines = [f"{Words.of(state).unit(u.id)} — {rank}",
                 f"Damage {max(u.hp, 0)}/{u.max_hp}"  # none below 0 (health_below_zero)
                 + (f"  ({u.condition})" if u.condition else ""),
                 f"{t.weapon(u.weapon or None).name} {u.rating_with(u.weapon)}, "
                 f"Movement or Prowess {dodge(u, t)}",
                 "armour " + ", ".join(f"{a.replace('_', ' ')} {v}"
                                       for a, v in armour.items() if v)
                 + (f"; {t.shields[u.shield].name}" if u.shield else "")]
        if u.shield:  # R-ZEF-SHIELD-ARC, as the arcs overlay (A) marks it
            lines.append(_shield_line(u.shield_side, config_of(state).shield_arcs))
        if u.mounted:
            lines.append("mounted")
        if u.knocked_down:
            lines.append("on the ground")
        if u.wounds:
            lines.append("wounds: " + ", ".join(u.wounds))
        if u.free_actions:
            lines.append(f"free actions: {u.free_actions}")
        if u.declared:  # "declared": the window hides it from the other seat until initiative
            lines.append(f"declared: he will {say_action(u.declared, Words.of(state))}")
        return lines

    def word_command(self, state: Battle, command: Command, words: Words) -> str | None:
        """A declaration in words ("Fight Guard 2, aiming at the chest"), not its grammar."""
        if isinstance(command, Declare):
            return declaration_words(command.action, words)
        return None

    def moment(self, state: Battle, words: Words) -> str:
        """What the side deciding is asked and why (moments.py); a mode's from its frame."""
        from rules.systems.zefrs import moments

        return moments.moment(state, words) or super().moment(state, words)

    def phase_label(self, state: Battle) -> str:
        top = state.top
        step = top.step if isinstance(top, TurnFrame) else "declare"
        words = {"begin": "begins", "declare": "stating actions",
                 "initiative": "initiative", "act": "actions", "end": "end of the turn",
                 "over": "end of the turn"}
        start = max(0, state.round - 1) * TURN_SECONDS
        head = (f"Turn {state.round}, seconds {start}\N{EN DASH}{start + TURN_SECONDS}: "
                f"{words.get(step, step)}")
        order = state.system.order if isinstance(state.system, ZefSystem) else ()
        if not order or step not in ("act", "end", "over"):
            return head
        w = Words.of(state)
        acted = set(state.system.acted) if isinstance(state.system, ZefSystem) else set()
        return head + "\nInitiative (ZEF-17): " + order_line(
            [w.unit(u) for u in order if u not in acted], len(acted))


# What a declaration adds to the odds of its blow, in a line of the panel.
_HOW = {
    "both": "The second weapon strikes at the end of the turn (ZEF-33, ZEF-34).",
    "guard": "Struck at the end of the turn; the other weapon defends meanwhile (ZEF-33).",
    "twice": "An extra action: the second blow needs a red check of Animal Reflexes or "
             "General Prowess, else \N{MINUS SIGN}3 through the next turn (ZEF-22).",
    "close": "An extra action after the move: the blow needs a red check, else "
             "\N{MINUS SIGN}3 through the next turn (ZEF-22).",
    "wait": "He strikes when his foe acts; a white check of his reflexes and his foe acts "
            "first (ZEF-20).",
}


def _shield_line(side: str, arcs: tuple[str, ...]) -> str:
    """Where his shield is brought to bear, in words: "shield on his left arm: it guards
    blows from his front and left flank (R-ZEF-SHIELD-ARC)"."""
    other = "right" if side == "left" else "left"
    words = {"front": "front", "shield_flank": f"{side} flank",
             "other_flank": f"{other} flank", "rear": "rear"}
    said = [words[a] for a in ("front", "shield_flank", "other_flank", "rear") if a in arcs]
    if not said:
        return f"shield on his {side} arm: the GM's ruling lets it guard nothing " \
               "(R-ZEF-SHIELD-ARC)"
    where = and_list(said)
    return f"shield on his {side} arm: it guards blows from his {where} (R-ZEF-SHIELD-ARC)"


def _pc_side(state: Battle, side: str) -> bool:
    return any(s.id == side and s.player_characters for s in state.sides)


RULESET = ZeFRS()
