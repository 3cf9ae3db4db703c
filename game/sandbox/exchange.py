"""One exchange, step by step: every modifier as it applies (stage, reason, value, citation,
running total), the number needed and the exact odds -- before any die, for the step-through
panel and the what-if tooltip, and after the roll with the dice and the result.

The odds are the ruleset's own (`Ruleset.odds`); which modifier counts to hit and which to
damage is read off the attack event a GM exchange would record now (rolled and thrown away).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from game.overlay_facts import strikes_of
from game.sandbox.common import SandboxError, to_hex, unit_of
from game.sandbox.log import Entry
from rules.engine import AttackOdds, ruleset_of
from rules.events import AttackRolled, Event, Modifier, UnitDamaged, UnitFaced
from rules.gm import Exchange, gm_submit
from rules.positioning import arc
from rules.state import Battle
from rules.wording import Words, dice_words, figure_names, pronoun


@dataclass(frozen=True)
class ModifierStep:
    """One modifier as it applies, with the total of its stage so far."""

    stage: str  # "to hit", "damage", "attack" (the ruleset does not say which), or the
    #             ruleset's own group ("HC", "Coverage", "Protection" in Empress)
    reason: str
    value: int
    rule: str  # the citation: checklist item or ruling ("FE-20", "R-FE-STRENGTH")
    running: int  # the stage's modifiers added up to here, this one included

    def describe(self) -> str:
        return f"{self.value:+d} {self.reason} — {self.rule} (so far {self.running:+d})"


@dataclass(frozen=True)
class Turn:
    """A figure turning to face the other in the exchange, as the ruleset's own exchange
    turns him (read off the events it makes, never assumed): the attacker as he strikes,
    or the defender as he strikes back (`answer`)."""

    unit: str
    facing: int  # the hexside he turns to face (0..5)
    rule: str  # the clause he turns by (`Ruleset.facing_rule`: R-FE-FACE-ATTACK ...)
    answer: bool  # True: the defender, when he strikes back
    text: str  # the step in a player's words, the clause at its end


@dataclass(frozen=True)
class ExchangeView:
    """One attack, step by step: the modifiers as they apply, what is needed, the exact odds;
    after `Sandbox.roll_exchange`, the dice and the result too."""

    ruleset: str
    attacker: str
    target: str
    attacker_name: str
    target_name: str
    kind: str
    weapon: str
    options: dict[str, Any]
    steps: tuple[ModifierStep, ...]
    needed: int  # what the modified roll must reach (the ruleset's `AttackOdds.needed`)
    odds: AttackOdds
    notes: tuple[str, ...] = ()
    reach: str = ""  # "" in reach; else why not, in words, said before any odds
    turns: tuple[Turn, ...] = ()  # who turns to face whom, the attacker's turn first
    # --- after the roll ---
    rolled: bool = False
    dice: tuple[int, ...] = ()  # every die thrown in the exchange, in order
    roll: int | None = None  # the natural to-hit die
    total: int | None = None  # roll + to-hit modifiers
    hit: bool | None = None
    damage: int | None = None
    damage_dice: str = ""
    damage_roll: int | None = None
    struck: str = ""  # who took the blow when not the target
    target_hp: tuple[int, int] | None = None  # (before, after)
    outcome: str = ""  # one line: "hit for 4 (o: 5 -> 1 HP)" or "miss"
    narration: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    position: int | None = None  # the log position the roll leads to

    def stage(self, name: str) -> tuple[ModifierStep, ...]:
        return tuple(s for s in self.steps if s.stage == name)

    @property
    def stages(self) -> tuple[str, ...]:
        seen: list[str] = []
        for s in self.steps:
            if s.stage not in seen:
                seen.append(s.stage)
        return tuple(seen)

    @property
    def to_hit_total(self) -> int:
        return sum(s.value for s in self.steps if s.stage in ("to hit", "attack"))

    @property
    def roll_needed(self) -> int:
        """The natural roll that hits, before naturals (needed − to-hit modifiers)."""
        return self.needed - self.to_hit_total

    @property
    def hit_pct(self) -> float:
        return float(self.odds.hit) * 100

    @property
    def kill_pct(self) -> float:
        return float(self.odds.kill) * 100

    @property
    def mean_damage(self) -> float:
        return float(self.odds.expected_damage)

    def lines(self) -> list[str]:
        """The view as text lines, for a panel or a terminal."""
        out = [f"{self.attacker_name} {self.kind} attack on {self.target_name}"
               + (f" with {self.weapon.replace('_', ' ')}" if self.weapon else "")]
        if self.reach:
            out.append(self.reach)
        out += [t.text for t in self.turns if not t.answer]
        for stage in self.stages:
            out.append(f"{stage}:")
            out += [f"  {s.describe()}" for s in self.stage(stage)]
        needed = f"needed {self.odds.needed_words}" if self.odds.needed_words else (
            f"needed {self.needed} (a natural {self.roll_needed} or better with "
            f"{self.to_hit_total:+d})")  # a d100 chart says its own (ZeFRS)
        out.append(f"{needed}; hit {self.hit_pct:.1f}%, mean damage "
                   f"{self.mean_damage:.2f}, kill {self.kill_pct:.1f}%")
        if self.odds.outcomes:
            out.append(", ".join(f"{n} {float(p) * 100:.0f}%" for n, p in self.odds.outcomes))
        out += [t.text for t in self.turns if t.answer]
        out += list(self.notes)
        if self.rolled:
            out.append(f"{dice_words(self.dice)}: {self.outcome}")
            out += list(self.narration)
        return out


_GROUP = re.compile(r"([A-Z][A-Za-z ]{0,20}): (.+)")


def split_exchange_options(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """(the attack's kind, default "melee"; the other options)."""
    opts = dict(options)
    return str(opts.pop("kind", "melee")), opts


def _dry_events(state: Battle, attacker: str, target: str, kind: str,
                options: dict[str, Any]) -> tuple[Event, ...]:
    """The events the GM exchange would record now (with the stream's dice, thrown away).
    For a what-if from another hex, on a copy of the state with the attacker standing
    there.  None at all where the ruleset refuses it."""
    if options.get("from_hex") is not None:
        h = to_hex(options["from_hex"])
        other = state.unit_at(h)
        if not state.board.passable(h) or (other is not None and other.id != attacker):
            return ()
        state = state.update_unit(attacker, pos=h)
    options = {k: v for k, v in options.items() if k != "from_hex"}
    try:
        _, events = gm_submit(state, Exchange(attacker=attacker, target=target, kind=kind,
                                              options=options))
    except Exception:  # any refusal just means: nothing known
        return ()
    return tuple(events)


def _dry_attack(events: tuple[Event, ...], attacker: str) -> AttackRolled | None:
    """The attack event of a dry run: it says which modifiers are to-hit and which are
    damage."""
    for e in events:
        if isinstance(e, AttackRolled) and e.attacker == attacker:
            return e
    return None


def _faced(events: tuple[Event, ...], unit: str) -> int | None:
    """The facing a dry run turns `unit` to, or None if it does not turn him."""
    return next((e.facing for e in events if isinstance(e, UnitFaced) and e.unit == unit), None)


def turns_of(state: Battle, attacker: str, target: str, kind: str, options: dict[str, Any],
             events: tuple[Event, ...]) -> tuple[Turn, ...]:
    """Who turns to face whom in the exchange, as the ruleset's own code turns them
    (`events`: the dry run of the attacker's blow): the attacker as he strikes, then the
    defender, if he can strike back in melee, as he does (a dry run of his answer).  A
    ruleset whose exchange turns nobody gives nothing (none of the five but turns a striker:
    `Ruleset.facing_rule` names the clause)."""
    if options.get("from_hex") is not None:
        return ()  # a what-if from elsewhere: nobody stands where the turns would be drawn
    rule = ruleset_of(state).facing_rule
    w = Words.of(state)
    a, t = state.unit(attacker), state.unit(target)
    out: list[Turn] = []
    facing = _faced(events, attacker)
    if facing is not None:
        out.append(Turn(attacker, facing, rule, False,
                        f"{w.unit(attacker)} turns to face {w.unit(target)} as "
                        f"{pronoun(a)} strikes ({rule})"))
        state = state.update_unit(attacker, facing=facing)
    if not t.fighting or t.pos is None or a.pos is None:
        return tuple(out)
    if reach_problem(state, target, attacker, "melee"):
        return tuple(out)  # he cannot strike back from where he stands
    answer = _faced(_dry_events(state, target, attacker, "melee", {}), target)
    if answer is not None:
        turned = state.update_unit(target, facing=answer).unit(target)
        where = arc(turned, a.pos)
        out.append(Turn(target, answer, rule, True,
                        f"When {pronoun(t)} strikes back, {w.unit(target)} turns to face "
                        f"{w.unit(attacker)} ({rule}): {w.unit(attacker)} is then in "
                        f"{pronoun(t, 'his')} {where} arc"))
    return tuple(out)


def _steps(odds_mods: tuple[Modifier, ...], attack: AttackRolled | None
           ) -> tuple[ModifierStep, ...]:
    to_hit = list(attack.modifiers) if attack is not None else []
    damage = list(attack.damage_modifiers) if attack is not None else []
    running: dict[str, int] = {}
    out = []
    for m in odds_mods:
        reason = m.reason
        if m in to_hit:
            to_hit.remove(m)
            stage = "to hit"
        elif m in damage:
            damage.remove(m)
            stage = "damage"
        elif (g := _GROUP.fullmatch(m.reason)) is not None:
            stage, reason = g.group(1), g.group(2)
        else:
            stage = "to hit" if attack is not None else "attack"
        running[stage] = running.get(stage, 0) + m.value
        out.append(ModifierStep(stage, reason, m.value, m.rule, running[stage]))
    return tuple(out)


_NO_REACH_CHECK = ("charge", "spell")  # a charge closes the distance first; a spell has none


def _feet(hexes: int, feet_per_hex: int) -> str:
    return f"{hexes * feet_per_hex} ft ({hexes} hex{'' if hexes == 1 else 'es'})"


def reach_problem(state: Battle, attacker: str, target: str, kind: str = "melee",
                  from_hex: Any = None) -> str:
    """"" when the attacker can reach the target now (from `from_hex` if given); otherwise
    one sentence a GM can read out, with the reach (or range) and the distance in feet and
    hexes (R-POS-REACH: reach in hexes = feet // feet per hex, at least adjacent).  The odds
    are still worked out, as if the blow could land: the sandbox answers any what-if."""
    if kind in _NO_REACH_CHECK:
        return ""
    a, t = state.unit(attacker), state.unit(target)
    where = to_hex(from_hex) if from_hex is not None else a.pos
    if where is None or t.pos is None:
        return ""
    wanted = "missile" if kind == "missile" else "melee"
    strikes = [s for s in strikes_of(state, a) if s[1] == wanted]
    if not strikes:
        return ""
    weapon, _, hexes, _feet_given = max(strikes, key=lambda s: s[2])
    distance = where.distance(t.pos)
    if (1 <= distance <= hexes) if wanted == "missile" else (distance <= hexes):
        return ""
    fph = state.board.feet_per_hex
    what = "range" if wanted == "missile" else "reach"
    return (f"Out of {what}: {a.name}'s {weapon} {what}es {_feet(hexes, fph)}; {t.name} is "
            f"{_feet(distance, fph)} away. The odds below are as if the attack could be made.")


def odds_of(state: Battle, attacker: str, target: str, kind: str, options: dict[str, Any]
          ) -> AttackOdds:
    """The ruleset's exact odds of this attack now; SandboxError (one sentence) if it cannot
    give them."""
    for who in (attacker, target):
        unit_of(state, who)
    if attacker == target:
        raise SandboxError("a figure cannot attack itself")
    rs = ruleset_of(state)
    if "from_hex" in options and options["from_hex"] is not None:
        options = {**options, "from_hex": to_hex(options["from_hex"])}
    try:
        return rs.odds(state, attacker, target, kind=kind, **options)
    except NotImplementedError:
        raise SandboxError(f"{rs.name} cannot give the odds of an attack yet") from None
    except (KeyError, ValueError, AssertionError, TypeError) as exc:
        why = exc.args[0] if exc.args else type(exc).__name__
        raise SandboxError(f"{attacker} cannot make a {kind} attack on {target} under "
                           f"{rs.name}: {why}") from None


def what_if(state: Battle, attacker: str, target: str, **options: Any) -> AttackOdds:
    """The exact odds of ANY figure attacking ANY other now, whatever their sides and distance:
    options kind ("melee", "missile", "charge", "opportunity", "retreat", "set-spear" ...),
    weapon, subdual, from_hex (strike as if standing there, e.g. from behind), and whatever
    else the ruleset's `odds` reads.  Nothing changes.  SandboxError if the ruleset cannot."""
    kind, opts = split_exchange_options(options)
    return odds_of(state, attacker, target, kind, opts)


def exchange_steps(state: Battle, attacker: str, target: str, **options: Any
                   ) -> ExchangeView:
    """The exchange before any die: every modifier as it applies (stage, reason, value,
    citation, running total), the number needed and the exact odds.  Options as `what_if`."""
    kind, opts = split_exchange_options(options)
    odds = odds_of(state, attacker, target, kind, opts)
    events = _dry_events(state, attacker, target, kind, opts)
    attack = _dry_attack(events, attacker)
    a, t = state.unit(attacker), state.unit(target)
    names = figure_names(state)
    weapon = attack.weapon if attack is not None else str(opts.get("weapon", ""))
    return ExchangeView(ruleset=state.ruleset, attacker=attacker, target=target,
                        attacker_name=names[a.id], target_name=names[t.id], kind=kind,
                        weapon=weapon,
                        options=opts, steps=_steps(odds.modifiers, attack), needed=odds.needed,
                        odds=odds, notes=odds.notes,
                        reach=reach_problem(state, attacker, target, kind,
                                            opts.get("from_hex")),
                        turns=turns_of(state, attacker, target, kind, opts, events))


def rolled_view(view: ExchangeView, before: Battle, entry: Entry) -> ExchangeView:
    """`view` (taken before the roll) with the dice, the modifiers as rolled and the result of
    the exchange `entry` recorded from `before`."""
    attack = next((e for e in entry.events if isinstance(e, AttackRolled)
                   and e.attacker == view.attacker), None)
    dice = tuple(r for e in entry.events for r in e.rolls)
    narration = tuple(entry.narration())
    target = view.target
    w = Words.of(before)
    hp_before = before.unit(target).hp
    after = entry.state.unit(target).hp if entry.state.has_unit(target) else hp_before
    common = dict(rolled=True, dice=dice, narration=narration, events=entry.events,
                  position=entry.position, target_hp=(hp_before, after))
    if attack is None:
        return dataclasses.replace(view, outcome=narration[-1] if narration else "no attack",
                                   **common)  # type: ignore[arg-type]
    keep = tuple(s for s in view.steps if s.stage not in ("to hit", "damage", "attack"))
    rolled = _steps(attack.modifiers + attack.damage_modifiers, attack) + keep
    total = attack.roll + sum(m.value for m in attack.modifiers)
    if attack.hit:
        victim = attack.struck or target
        dealt = sum(e.amount for e in entry.events if isinstance(e, UnitDamaged)
                    and e.unit == victim)
        outcome = f"a hit on {w.unit(victim)} for {attack.damage}"
        if dealt != attack.damage and victim == target:
            outcome += f" ({dealt} taken)"
        outcome += f" ({w.unit(target)} had {hp_before} HP, now {after})"
    else:
        outcome = "a miss"
    return dataclasses.replace(
        view, steps=rolled, weapon=attack.weapon or view.weapon, roll=attack.roll,
        total=total, hit=attack.hit, damage=attack.damage, damage_dice=attack.damage_dice,
        damage_roll=attack.damage_roll, struck=attack.struck, outcome=outcome,
        needed=attack.needed, **common)  # type: ignore[arg-type]
