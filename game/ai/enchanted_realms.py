"""Enchanted Realms hooks for the computer players: who may still strike this round, how far,
and the turn's free choices.

The generic hooks assume every foe may move four hexes and strike this round, as likely as
not.  Enchanted Realms says more, all of it public: each creature takes one turn a round in
initiative order (R-ER-INITIATIVE), moving up to his speed around one action (ER-14); a bow
in hand shoots across the field (R-ER-RANGE); one reaction a round (ER-20).  So a foe who has
had his turn strikes no more this round, felling a foe who has yet to act spares his blow
(`fall_value`), and a creature moves, then strikes (`moves_then_strikes`).

The turn's free choices (`turn_option`): one on the ground stands up (ER-18); a bowman a foe
has come up to takes his sword in hand (ER-17); a shield is readied when it costs nothing; a
friend dropped beside him is tended (field medicine, ER-02) or given a potion (ER-08).
One with no blow and no move worth making stands at the ready (ER-11) -- a bowman covering
the way the foe must come, "if a foe comes within N feet" or "if a foe steps onto that hex"
-- or, a blade in hand, defends (ER-09).  A blow that Shield-Blitz or a second weapon can
follow is struck with it (`sharpen`, ER-06): the second attack only adds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.er_chase import offer_choice
from game.ai.hooks import Profile, RulesetHooks, Strike, Tier
from rules.commands import Attack, Cast, Choose, Command, UseItem
from rules.hexgrid import Hex
from rules.positioning import facing_toward, unit_reach
from rules.state import Battle, Unit
from rules.systems.enchanted_realms.frames import RoundFrame, TurnFrame, system
from rules.systems.enchanted_realms.ready import parse
from rules.systems.enchanted_realms.units import ErUnit, held_weapon, speed_ft

if TYPE_CHECKING:
    from game.ai.model import Model


def _er(u: Unit) -> ErUnit | None:
    return u if isinstance(u, ErUnit) else None


def _move(state: Battle, u: Unit) -> int:
    e = _er(u)
    return speed_ft(e) // state.board.feet_per_hex if e is not None else 4


def _missile(state: Battle, u: Unit) -> int:
    """How far his missile reaches in hexes, if it is in his hand (0: none)."""
    e = _er(u)
    if e is None:
        return 0
    _, w = held_weapon(e)
    return w.range_ft // state.board.feet_per_hex if w.ranged else 0


def _had_turn(state: Battle) -> set[str]:
    """Who has had his turn this round (R-ER-INITIATIVE): those before the one now."""
    order = system(state).order if state.system is not None else ()
    for f in state.stack:
        if isinstance(f, RoundFrame):
            done = set(order[: f.index]) if f.step == "turns" else (
                set(order) if f.step == "end" else set())
            top = next((g for g in reversed(state.stack) if isinstance(g, TurnFrame)), None)
            if top is not None and top.acted:
                done.add(top.unit)
            return done
    return set()


def _tiers(state: Battle, u: Unit) -> tuple[Tier, ...]:
    reach, move = unit_reach(state, u), _move(state, u)
    tiers = [Tier(move + reach, "melee", move)]
    rng = _missile(state, u)
    if rng:
        tiers = [Tier(rng + move, "missile", move)]
    return tuple(tiers)


class EnchantedRealmsHooks(RulesetHooks):
    ruleset = "enchanted_realms"
    moves_then_strikes = True  # ER-14: move, act, move the rest
    kill_bonus = 4.0  # a creature felled before his turn strikes no more this round

    def speed(self, state: Battle, unit: Unit) -> int:
        return _move(state, unit)

    def profile(self, model: Model, unit: Unit) -> Profile:
        state = model.state
        nxt = _tiers(state, unit)
        done = _had_turn(state)
        if unit.id in done:
            return Profile((), 0.0, 0.0, nxt)
        foes = [e.id for e in model.enemies_of(unit) if e.id not in done]
        order = system(state).order if state.system is not None else ()
        mine = order.index(unit.id) if unit.id in order else len(order)
        later = sum(1 for f in foes if f in order and order.index(f) > mine)
        return Profile(nxt, 1.0, later / len(foes) if foes else 1.0, nxt)

    def fall_value(self, model: Model, unit: Unit) -> float:
        """Felling a foe who has yet to take his turn spares the blow he still has."""
        if unit.id in _had_turn(model.state):
            return 0.0
        avg = model.mean_off_against(unit)
        return 0.0 if avg is None else avg * model.off(unit)

    def strike_of(self, state: Battle, cmd: Command) -> Strike | None:
        if isinstance(cmd, Attack) and state.has_unit(cmd.unit):
            kind = "missile" if _missile(state, state.unit(cmd.unit)) else "melee"
            return Strike(cmd.unit, cmd.target, kind)
        if isinstance(cmd, Choose) and cmd.option.startswith("spin:"):
            return Strike(cmd.unit, cmd.option[5:].split(",")[0], "melee")
        return None  # field medicine and the rest strike nobody

    def after_move(self, model: Model, unit: Unit) -> tuple[str, int, float] | None:
        rng = _missile(model.state, unit)
        if rng:
            return ("missile", rng, 1.0)
        return ("melee", unit_reach(model.state, unit), 1.0)

    def step_strike(self, model: Model, unit: Unit, blow: Strike
                    ) -> tuple[str, int, float] | None:
        """A bowman may step and shoot from there (ER-14); melee as the generic hooks."""
        if blow.kind == "missile":
            rng = _missile(model.state, unit)
            return ("missile", rng, 1.0) if rng else None
        return super().step_strike(model, unit, blow)

    def strike_range(self, model: Model, unit: Unit, kind: str) -> int:
        if kind == "missile":
            return _missile(model.state, unit)
        return unit_reach(model.state, unit)

    def strike_facing(self, model: Model, unit: Unit, x: Hex, target: str) -> int | None:
        t = model.units.get(target)
        if t is None or t.pos is None or t.pos == x:
            return None
        return facing_toward(x, t.pos)

    def can_react(self, model: Model, unit_id: str) -> bool:
        u = model.units.get(unit_id)
        e = _er(u) if u is not None else None
        return e is not None and e.can_react(model.state.round) and e.in_hand == "weapon"

    def sharpen(self, model: Model, blow: Command, legal: list[Command]) -> Command:
        """ER-06: Shield-Blitz or the second weapon adds an attack and costs nothing."""
        if not isinstance(blow, Attack) or blow.options:
            return blow
        for option in ("shield_blitz", "two_weapons"):
            two = blow.model_copy(update={"options": (option,)})
            if two in legal:
                return two
        return blow

    def choose(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """Give chase or let go (ER-21) by the chase's exact odds (`game.ai.er_chase`)."""
        return offer_choice(model.state, legal)

    def turn_option(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """Stand up (ER-18); take the blade in hand when a foe is at hand (ER-17); ready a
        shield for free.  None leaves the turn to the search."""
        if getattr(ai, "myopic", False):
            return None
        top = model.state.top
        uid = getattr(top, "unit", "")
        u = model.units.get(uid)
        if not isinstance(top, TurnFrame) or u is None or u.pos is None:
            return None
        for option in ("stand", "ready_shield"):
            c = Choose(unit=uid, option=option)
            if c in legal:
                return c
        if not top.acted:  # a friend dropped beside him is tended back into the fight
            down = [c for c in legal if isinstance(c, (Cast, UseItem)) and c.unit == uid
                    and model.state.has_unit(c.target)
                    and not model.state.unit(c.target).fighting]
            if down:
                return min(down, key=lambda c: (isinstance(c, UseItem), c.target))
        draw = Choose(unit=uid, option="draw")
        if draw in legal and _missile(model.state, u) and any(
                e.pos is not None and e.pos.distance(u.pos) <= 1
                for e in model.enemies_of(u)):
            return draw
        return None

    def idle_option(self, model: Model, unit_id: str, legal: list[Command]) -> Command | None:
        """At the ready (ER-11) rather than a bare pass: an attack on the widest "if a foe
        comes within", else on the hex nearest the foe; a blade with no trigger to set
        defends (ER-09).  The other actions a trigger may fire (run, potion, deed:
        R-ER-READY-ACTIONS) are left to players: holding ground and striking is what the
        computer's side is there for."""
        ready = {(p[0], p[1]): c for c in legal if isinstance(c, Choose) and c.unit == unit_id
                 and (p := parse(c.option)) is not None and p[2] == "attack"}
        within = [(int(what), c) for (kind, what), c in ready.items() if kind == "within"]
        if within:
            return max(within, key=lambda fc: fc[0])[1]
        enter = [c for (kind, _), c in ready.items() if kind == "enter"]
        if enter:
            return enter[0]
        c = Choose(unit=unit_id, option="defend")
        return c if c in legal else None


HOOKS = EnchantedRealmsHooks()  # found through the entry point flank.ai:enchanted_realms

__all__ = ["HOOKS", "EnchantedRealmsHooks"]
