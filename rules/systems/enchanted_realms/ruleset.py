"""Enchanted Realms (seed 003, the Enchanted Realms rulebook, "Combat Essentials") as a Flank
ruleset.

Why this module is thin: the round (round.py), the turn's commands (options.py,
actions.py), the attack (attack.py), the walk (movement.py) and the trigger (ready.py) each
live in their own module; this class is the protocol's face on them (rules/ruleset.py), as
the engine, the window, the GM's sandbox and the computer players see a ruleset.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from rules.commands import Attack, Cast, Choose, Command, Move, UseItem
from rules.engine import AttackOdds, BattleSetup, Context
from rules.hexgrid import Hex
from rules.procedures import provoked_along
from rules.ruleset import HexMarker, weapon_badge
from rules.ruleset_base import TableRuleset
from rules.state import Battle, Frame
from rules.systems.enchanted_realms import actions, attack, options, ready
from rules.systems.enchanted_realms.chase import called
from rules.systems.enchanted_realms.chase.offer import offer_chase
from rules.systems.enchanted_realms.config import placed
from rules.systems.enchanted_realms.events import say_trigger
from rules.systems.enchanted_realms.frames import (
    ErSystem,
    MoveFrame,
    RoundFrame,
    TurnFrame,
    system,
)
from rules.systems.enchanted_realms.movement import feet_left, reactions_at, run_move
from rules.systems.enchanted_realms.round import run_round
from rules.systems.enchanted_realms.tables import load_tables
from rules.systems.enchanted_realms.units import (
    TURN_FIELDS,
    build_unit,
    cfg,
    er,
    held_weapon,
    skill_keys,
)
from rules.wording import PLAIN, Words, order_line, pronoun

__all__ = ["RULESET", "EnchantedRealms"]


class EnchantedRealms(TableRuleset):
    id: ClassVar[str] = "enchanted_realms"
    name: ClassVar[str] = "Enchanted Realms"
    source: ClassVar[str] = ("\"Combat Essentials\" of the Enchanted Realms rulebook, by "
                             "the author of enchantedrpg.com")
    order: ClassVar[int] = 30
    # How it plays, in a player's words: what the menu says beside the ruleset's name.
    plays_like: ClassVar[str] = ("Move, act and move again in one turn, rolling a fistful of d20s "
                                 "against armour: every die that hits adds damage. Stand at the "
                                 "ready to strike the moment a foe steps into reach; run past a "
                                 "foe and he swings at you. A thief who bolts turns it into a "
                                 "chase, counted down in seconds.")

    tables_from = staticmethod(load_tables)
    units_from = staticmethod(build_unit)
    turn_procedures = options  # legal_commands and check; decide is actions'
    archetype_templates = {
        "swordsman": "swordsman", "veteran": "veteran", "spearman": "man_at_arms_spear",
        "pikeman": "pikeman", "crossbowman": "crossbowman", "archer": "archer",
        "knight": "knight", "mage": "magic_user", "priest": "cleric", "thief": "thief",
        "dwarf": "dwarf", "elf": "elf", "orc": "orc", "goblin": "goblin",
        "hobgoblin": "hobgoblin", "gnoll": "gnoll", "bugbear": "bugbear", "ogre": "ogre",
        "wolf": "wolf", "bandit": "bandit", "bandit_archer": "bandit_archer",
        "legionary": "legionary", "halberdier": "halberdier", "duelist": "duelist",
        "brawler": "brawler"}

    def initial_state(self, setup: BattleSetup) -> Battle:
        if setup.options.get("mode", "skirmish") != "skirmish":  # ER-21: chase mode (chase/)
            from rules.systems.enchanted_realms.chase.setup import initial_state

            return initial_state(self, setup)
        return self.new_battle(setup, system=ErSystem(), stack=(RoundFrame(),))

    def sample_setup(self, mode: str = "skirmish", seed: int = 0) -> BattleSetup | None:
        """The idol in the crypt: a sellsword, a bowman, a duelist and a field medic hold the
        one door of a crypt wall against orcs, a gnoll, a goblin slinger and an ogre.  The
        bowman can cover the door at the ready (ER-11); the idol behind the orcs is a deed
        that wins (R-ER-DEED), and a potion lies on the heroes' side (R-ER-PICK-UP)."""
        from rules.builder import Scenario

        if mode == "chase":
            from rules.systems.enchanted_realms.chase.setup import sample_setup

            return sample_setup(self.id, seed)
        if mode != "skirmish":
            return None
        sc = (Scenario(self.id, seed=seed, radius=6, title="The idol in the crypt")
              .side("heroes", player_characters=True).side("orcs")
              .unit("sell", "fighting_man", "heroes", (0, 0), facing=0)
              .unit("duel", "duelist", "heroes", (0, -1), facing=0)
              .unit("medic", "cleric", "heroes", (-1, 1), facing=0)
              .unit("bow", "archer", "heroes", (-4, 1), facing=0)
              .unit("o1", "orc", "orcs", (3, -1), facing=3)
              .unit("o2", "orc", "orcs", (3, 0), facing=3)
              .unit("gn", "gnoll", "orcs", (4, 0), facing=3)
              .unit("gob", "goblin", "orcs", (5, -2), facing=3)
              .unit("ogre", "ogre", "orcs", (5, 0), facing=3))
        for r in range(-6, 6):
            if r != 0:  # the door
                sc.terrain((1, r), "wall", impassable=True)
        sc.terrain((-2, 2), "forest", move_cost=2)  # overgrown: difficult ground
        return sc.options(deeds=["idol@6,-1"], items=["potion@-2,-1"],
                          winning_deed="idol").build()

    def hex_markers(self, state: Battle) -> tuple[HexMarker, ...]:
        """The scenario's deeds (R-ER-DEED: a lever, the idol that wins) and the items lying
        on the ground (R-ER-PICK-UP), for the board to draw; a deed worked stays, greyed, and
        an item picked up is gone."""
        c, done, taken = cfg(state), system(state).deeds_done, system(state).items_taken
        out = []
        for text in c.deeds:
            name, at = placed(text)
            said = name.replace("_", " ").capitalize()
            if name in done:
                out.append(HexMarker(said, "deed_done", at, "worked already (R-ER-DEED)"))
                continue
            note = ("a deed: working it from beside it is an action, and wins the battle "
                    "(R-ER-DEED)" if name == c.winning_deed else
                    "a deed: working it from beside it is an action (R-ER-DEED)")
            out.append(HexMarker(said, "deed", at, note))
        for text in c.items:
            name, at = placed(text)
            if name not in taken:
                what = "Healing potion" if name == "potion" else name.replace("_", " ").capitalize()
                out.append(HexMarker(what, "item", at, (
                    f"on the ground: picking it up from beside it costs {c.pick_up_cost_ft} "
                    "feet and is the action (ER-17)")))
        return tuple(out)

    def modes(self) -> tuple[str, ...]:
        return ("skirmish", "chase")

    def round_fields(self) -> frozenset[str]:
        return TURN_FIELDS

    def run_frame(self, ctx: Context, frame: Frame) -> None:
        if isinstance(frame, RoundFrame):
            run_round(ctx, frame)
        elif isinstance(frame, MoveFrame):
            run_move(ctx, frame)
            if not isinstance(ctx.state.top, MoveFrame) and not offer_chase(ctx, frame):
                actions.end_if_done(ctx)  # (a flight offers a chase first, ER-21: chase/)
        else:
            super().run_frame(ctx, frame)  # no procedure: the base's TypeError

    def decide(self, ctx: Context, command: Command) -> None:
        actions.decide(ctx, command)

    # --- odds and the GM's exchange ----------------------------------------------------------
    def odds(self, state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
        """Exact odds of one attack now (ER-03, ER-04).  options: weapon (a key he carries;
        default the one in his hand), dice (a split, ER-05), advantage (+1 / -1 / 0),
        kind."""
        a = er(state, attacker)
        weapon = options.get("weapon", "")
        kind = options.get("kind") or ("missile" if held_weapon(a)[1].ranged and not weapon
                                       else "melee")
        b = attack.plan(state, attacker, target, kind=kind, weapon=weapon,
                        dice=options.get("dice"), advantage=int(options.get("advantage", 0)))
        return attack.odds(state, b)

    def exchange(self, ctx: Context, attacker: str, target: str, **options: Any) -> None:
        b = attack.plan(ctx.state, attacker, target, weapon=options.get("weapon", ""),
                        advantage=int(options.get("advantage", 0)))
        attack.strike(ctx, b)

    def gm_chase(self, ctx: Context, quarries: tuple[str, ...], pursuers: tuple[str, ...]
                 ) -> None:
        """The GM starts a chase between any figures (R-ER-CHASE-GM, chase/called.py)."""
        called.gm_chase(ctx, quarries, pursuers)

    def check_gm_chase(self, state: Battle, quarries: tuple[str, ...],
                       pursuers: tuple[str, ...]) -> str | None:
        return called.check_gm_chase(state, quarries, pursuers)

    def arc_words(self, state: Battle, unit_id: str) -> dict[str, str]:
        """Facing counts only when he defends: attacks he can see, from the arcs
        `defend_sees` names, are at a disadvantage (ER-09, R-ER-DEFEND-SEE)."""
        u = er(state, unit_id)
        he = pronoun(u)
        sees = tuple(cfg(state).defend_sees)
        out = {}
        for a, first in (("front", f"Front arc — {he} fights this way; "),
                         ("flank", "Flank arc — "), ("rear", "Rear arc — ")):
            out[a] = first + (f"{he} sees attacks from here: defending, {he} puts them at a "
                              "disadvantage (ER-09)" if a in sees else
                              f"{he} cannot see attacks from here: defending does not hinder "
                              "them (ER-09, R-ER-DEFEND-SEE)")
        return out

    def path_reactions(self, state: Battle, unit_id: str, path: list[Hex]
                       ) -> list[tuple[int, str, str]]:
        """Who would take a flee attack or an attack of opportunity where (R-ER-FLEE), as
        the walk itself finds them."""
        u = er(state, unit_id)
        top = state.top
        before = top.moved_ft if isinstance(top, TurnFrame) and top.unit == unit_id else 0
        from rules.positioning import threatens

        near = tuple(o.id for o in state.units if o.side != u.side and o.fighting
                     and u.pos is not None and threatens(state, o, u.pos))
        f = MoveFrame(unit=unit_id, path=tuple(path), start_near=near, before_ft=before,
                      fph=state.board.feet_per_hex)
        return provoked_along(state, f, reactions_at)

    # --- the GM's hand -------------------------------------------------------------------------
    def edit_unit(self, state: Battle, unit: Any, changes: dict[str, Any]) -> Any:
        """An edit, with the reach that follows from a new weapon and the skills as the
        tables' keys however the GM named them ("Martial arts" → martial_arts)."""
        if "skills" in changes:
            changes = {**changes, "skills": skill_keys(changes["skills"], unit.name)}
        u = super().edit_unit(state, unit, changes)
        if "weapon" in changes and "reach_ft" not in changes:
            u = replace(u, reach_ft=load_tables().weapons[u.weapon].reach_ft)
        return u

    def check_edit(self, state: Battle, unit_id: str, changes: dict[str, Any]) -> str | None:
        t = load_tables()
        why = self.entry_refusal(changes, {"weapon": t.weapons, "offhand": t.weapons,
                                           "missile": t.weapons, "steed": t.steeds})
        if why:
            return why
        if "skills" in changes:
            u = er(state, unit_id)
            try:
                skill_keys(changes["skills"], f"{u.name} (unit {unit_id!r})")
            except ValueError as exc:
                return str(exc)
        if changes.get("missile") and not t.weapons[changes["missile"]].ranged:
            return f"{changes['missile']!r} is not a missile weapon"
        return None

    # --- what the window shows ----------------------------------------------------------------
    def unit_badge(self, state: Battle, unit_id: str) -> str:
        return weapon_badge(held_weapon(er(state, unit_id))[1].name)

    def unit_lines(self, state: Battle, unit_id: str) -> list[str]:
        t = load_tables()
        w = Words.of(state)
        u = er(state, unit_id)
        _, held = held_weapon(u)
        dice = self.tables().config.base_dice + attack.skill_dice(u, held.ranged)
        lines = [f"{w.unit(u.id)} ({w.side(u.side)})",
                 f"HP {max(u.hp, 0)}/{u.max_hp}"  # none below 0 (health_below_zero)
                 + (f"  ({u.condition})" if u.condition else ""),
                 f"Armour Class {u.ac}" + (" + shield" if u.shield_ready else ""),
                 f"{held.name}: {dice}d20 {u.ranged if held.ranged else u.melee:+d}",
                 f"speed {u.walk_ft} ft" + (f", flying {u.fly_ft} ft" if u.fly_ft else "")]
        if u.skills:
            lines.append("skills: " + ", ".join(t.skills[s].name for s in u.skills))
        if u.mounted:
            lines.append(f"riding a {t.steeds[u.steed].name.lower()}")
        if u.prone:
            lines.append("prone")
        if u.defending:
            lines.append("defending (ER-09)")
        if u.potions:
            lines.append(f"potions: {u.potions}")
        if u.reacted_round == state.round or u.no_reactions_to >= state.round:
            lines.append("no reaction left this round")
        for trig in system(state).triggers:
            if trig.owner == u.id:
                lines.append("at the ready: " + say_trigger(trig, w))
        top = state.top
        if isinstance(top, TurnFrame) and top.unit == u.id:
            lines.append(f"{feet_left(state, top)} feet of movement left"
                         + ("" if not top.acted else ", action spent"))
        return lines

    def moment(self, state: Battle, words: Words) -> str:
        """What the side deciding is asked and why (moments.py); a mode's from its frame."""
        from rules.systems.enchanted_realms import moments

        return moments.moment(state, words) or super().moment(state, words)

    def phase_label(self, state: Battle) -> str:
        top = state.top
        order = system(state).order if isinstance(state.system, ErSystem) else ()
        w = Words.of(state)
        line = f"Round {state.round}"
        now = None
        for f in reversed(state.stack):
            if isinstance(f, TurnFrame):
                now = f.unit
                line += f": {w.unit(f.unit)}'s turn"
                break
        if isinstance(top, RoundFrame) and top.step == "initiative":
            line += ": initiative"
        if order:  # those after the figure whose turn it is (R-ER-INITIATIVE)
            after = list(order).index(now) + 1 if now in order else 0
            line += "\n" + order_line([w.unit(u) for u in order[after:]], after)
        return line

    def word_command(self, state: Battle, command: Command, words: Words = PLAIN
                     ) -> str | None:
        """The turn's commands in a player's words, as the button says them: what to do,
        without the doer (the window's captions and the log put his name before it)."""
        w = words
        if isinstance(command, Cast):
            whose = "his own" if command.target == command.unit else \
                f"{w.unit(command.target)}'s"
            return f"Tend {whose} wounds (field medicine)"
        if isinstance(command, UseItem):
            if command.target == command.unit:
                return "Drink a healing potion"
            return f"Give {w.unit(command.target)} a healing potion"
        if isinstance(command, Attack) and command.options:
            how = {"shield_blitz": "with a Shield-Blitz", "two_weapons": "with both weapons"}
            return f"Attack {w.unit(command.target)} {how[command.options[0]]}"
        if isinstance(command, Move):
            return None
        if not isinstance(command, Choose):
            return None
        o = command.option
        fixed = {"defend": "Stand in defence", "draw": "Take the other weapon in hand",
                 "ready_shield": "Ready the shield", "mount": "Mount",
                 "dismount": "Dismount", "stand": "Stand up", "mode:fly": "Take to the air",
                 "mode:walk": "Go on foot", "give_chase": "Give chase (ER-21)",
                 "let_go": "Let him go", "run": "Run", "break_off": "Break off the chase"}
        if o in fixed:
            return fixed[o]
        head, _, rest = o.partition(":")
        if head == "ready" and state.has_unit(command.unit):
            u = er(state, command.unit)
            if ready.refusal(state, u, o) is None:
                return f"Stand at the ready: {say_trigger(ready.build(state, u, o), w)}"
            return "Stand at the ready"
        if head == "swing" and state.has_unit(rest):  # a blow on the run (chase/, ER-22)
            return f"Swing at {w.unit(rest)} on the run"
        if head == "spin":
            a, _, b = rest.partition(",")
            return f"Spin to strike {w.unit(a)} and {w.unit(b)}"
        if head in ("deed", "pick_up"):
            verb = "Work the" if head == "deed" else "Pick up the"
            return f"{verb} {rest.replace('_', ' ')}"
        return None


RULESET = EnchantedRealms()
