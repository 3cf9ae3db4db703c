"""The computer players: `RandomAI`, `GreedyAI` and `Tactician`.

All three implement the turn manager's Controller protocol, ``choose(state, side, legal)``,
and are deterministic given their seed: each owns a `random.Random(seed)` and never touches
the global one.  They may run in a worker thread: `choose` reads the (immutable) state and
the legal list it is handed and changes nothing but the controller's own caches.

Hidden information: before deciding, a player looks at the battle only through
`RulesetHooks.visible(state, side)`, which blanks what its side may not know (in Fallen
Empire, the other sides' declared actions until initiative is rolled, FE-06/07).  When it
plays a command forward to see what it does, it throws its own dice (a private stream from
its own generator), never the battle's: the battle's dice are a counter-based stream, and
reading ahead in it would be reading the future.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import ClassVar

from game.ai.budget import TACTICIAN, UNLIMITED, Budget
from game.ai.hooks import K_KILL, RulesetHooks, Strike, hooks_for
from game.ai.model import Memory, Model, facing_of
from game.ai.tactics import charge_prior, charge_value, position_value, score_moves
from rules.commands import (
    Attack,
    Cast,
    Choose,
    Command,
    Declare,
    EndPhase,
    Move,
    Pass,
    React,
    Turn,
    UseItem,
)
from rules.dice import StreamDice
from rules.engine import IllegalCommand, check, submit
from rules.hexgrid import Hex
from rules.state import Battle, Unit


class AIPlayer:
    """Base of the computer players: timing, hidden information, a safe fallback."""

    name: ClassVar[str] = "ai"
    myopic: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.memory = Memory()
        self.think_ms: list[float] = []  # one entry per decision, for `flank simulate`
        self.errors: list[str] = []  # decisions where the search failed and a fallback played

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def choose(self, state: Battle, side: str, legal: Sequence[Command]) -> Command | None:
        if not legal:
            return None
        options = list(legal)
        t0 = time.perf_counter()
        try:
            cmd = self.decide(state, side, options)
            if cmd not in options and check(state, cmd) is not None:
                self.errors.append(f"proposed an illegal command {cmd.describe()}")
                cmd = self.fallback(options)
        except (KeyError, ValueError, TypeError, AssertionError, LookupError,
                ZeroDivisionError, IllegalCommand) as exc:
            self.errors.append(f"{type(exc).__name__}: {exc}")
            cmd = self.fallback(options)
        self.think_ms.append((time.perf_counter() - t0) * 1000.0)
        return cmd

    def decide(self, state: Battle, side: str, legal: list[Command]) -> Command:
        raise NotImplementedError

    def fallback(self, legal: list[Command]) -> Command:
        """Something always legal: do nothing if that is on offer, else the first option."""
        for c in legal:
            if isinstance(c, (Pass, EndPhase)):
                return c
        for c in legal:
            if isinstance(c, React) and not c.accept:
                return c
        return legal[0]

    def private_dice(self) -> StreamDice:
        return StreamDice(self.rng.getrandbits(62), 0)


class RandomAI(AIPlayer):
    """Any legal command, uniformly."""

    name = "random"

    def decide(self, state: Battle, side: str, legal: list[Command]) -> Command:
        return self.rng.choice(legal)


class _Searcher(AIPlayer):
    """What the greedy player and the tactician share: the model and the decision kinds."""

    top_k: ClassVar[int] = 6
    budget: ClassVar[Budget] = UNLIMITED  # candidates weighed in full per decision

    def model(self, state: Battle, side: str) -> Model:
        """How this player sees `state` for `side`: only what the side may know, weighed
        the player's way.  The greedy player's worth keeps the plain kill bonus (K_KILL),
        whatever a ruleset tunes for the tactician, so the baseline stays what it says."""
        hooks = hooks_for(state.ruleset, state.mode)
        m = Model(hooks.visible(state, side), side, hooks, self.memory)
        m.myopic = self.myopic
        m.budget = self.budget
        if self.myopic:
            m.k_kill = K_KILL
        return m

    def decide(self, state: Battle, side: str, legal: list[Command]) -> Command:
        m = self.model(state, side)
        hooks = m.hooks
        own = hooks.command(self, m, legal)  # a mode's own commands, by its hooks
        if own is not None:
            return own
        if all(isinstance(c, React) for c in legal):
            return self.react(m, legal)
        if all(isinstance(c, Declare) for c in legal):
            return hooks.declare(self, m, legal) or self.one_ply(m, legal)
        if all(isinstance(c, Choose) for c in legal):
            return hooks.choose(self, m, legal) or self.one_ply(m, legal)
        return self.act(m, hooks, legal)

    # --- reactions ---------------------------------------------------------------------------

    def react(self, m: Model, legal: list[Command]) -> Command:
        accept = next((c for c in legal if isinstance(c, React) and c.accept), None)
        decline = next((c for c in legal if isinstance(c, React) and not c.accept), None)
        if accept is None or decline is None:
            return legal[0]
        return accept if self.react_value(m, accept) > 0 else decline

    def react_value(self, m: Model, accept: React) -> float:
        s = m.hooks.reaction_strike(m.state, accept)
        if s is None:
            return 1.0
        return m.strike_value(s)

    # --- generic one-ply search ----------------------------------------------------------------

    def one_ply(self, m: Model, legal: list[Command], samples: int = 2) -> Command:
        """Play each command forward (own dice) and keep the one whose outcome is worth most.
        Used for decisions a ruleset's hooks do not take; ties go to the seeded generator."""
        best: list[Command] = []
        best_v = None
        for c in legal:
            total = 0.0
            for _ in range(samples):
                try:
                    st, _ = submit(m.state, c, self.private_dice())
                except (IllegalCommand, KeyError, ValueError, TypeError, AssertionError,
                        LookupError):
                    total = float("-inf")
                    break
                total += material(m, st)
            v = round(total / samples, 6)
            if best_v is None or v > best_v:
                best, best_v = [c], v
            elif v == best_v:
                best.append(c)
        return self.rng.choice(best) if best else legal[0]

    # --- acting in a phase -------------------------------------------------------------------

    def act(self, m: Model, hooks: RulesetHooks, legal: list[Command]) -> Command:
        by_unit: dict[str, list[Command]] = {}
        end: Command | None = None
        for c in legal:
            if isinstance(c, EndPhase):
                end = c
                continue
            uid = getattr(c, "unit", None)
            if uid is not None:
                by_unit.setdefault(uid, []).append(c)
        pre = getattr(hooks, "turn_option", None)
        if pre is not None:
            got = pre(self, m, legal)
            if got is not None:
                return got
        # 1. Blows: every attack, spell and charge on offer (the charges within the
        # budget), by exact odds; best first.
        best: tuple[float, Command] | None = None
        for uid, c in self.weighed_blows(m, by_unit):
            v = self.blow_value(m, hooks, m.units[uid], c)
            if v is not None and (best is None or v > best[0]):
                best = (v, c)
        if best is not None and best[0] > 0:
            first = self.step_before_blow(m, hooks, best[1], by_unit)
            if first is not None:
                return first
            return best[1] if self.myopic else hooks.sharpen(m, best[1], legal)
        # 2. Items (bandages, potions), by playing them forward.
        items = [c for c in legal if isinstance(c, UseItem)]
        if items:
            base = material(m, m.state)
            pick = self.one_ply(m, items)
            st, _ = submit(m.state, pick, self.private_dice())
            if material(m, st) > base:
                return pick
        # 3. Moves, one unit at a time, the one nearest the foe first.
        movers = [uid for uid, cmds in by_unit.items()
                  if any(isinstance(c, (Move, Turn)) and not getattr(c, "target", "")
                         for c in cmds)]
        if movers:
            uid = min(movers, key=lambda i: (self._closeness(m, m.units[i]), i))
            u = m.units[uid]
            cmd = self.best_move(m, hooks, u, by_unit[uid])
            if cmd is not None:
                return cmd
            return self.idle(m, hooks, uid, legal) or (
                Pass(unit=uid) if Pass(unit=uid) in by_unit[uid] else (end or legal[0]))
        # 4. Nothing worth doing: pass the units one by one, or end the phase.
        if end is not None:
            return end
        for c in legal:
            if isinstance(c, Pass):
                return self.idle(m, hooks, c.unit, legal) or c
        return legal[0]

    def weighed_blows(self, m: Model, by_unit: dict[str, list[Command]]
                      ) -> list[tuple[str, Command]]:
        """Every unit's commands to weigh as blows, in their listed order, the charges
        (of all the units together) cut to the budget by `charge_prior`."""
        out = [(uid, c) for uid, cmds in by_unit.items() for c in cmds]
        charges = [i for i, (_, c) in enumerate(out) if isinstance(c, Move) and c.target]
        k = m.budget.charges
        if k is None or len(charges) <= k:
            return out

        def prior(i: int) -> float:
            uid, c = out[i]
            assert isinstance(c, Move)
            return charge_prior(m, m.units[uid], c.target, Hex(*c.path[-1]))

        keep = set(sorted(charges, key=lambda i: -prior(i))[:k])
        cut = set(charges) - keep
        return [t for i, t in enumerate(out) if i not in cut]

    def idle(self, m: Model, hooks: RulesetHooks, uid: str, legal: list[Command]
             ) -> Command | None:
        """What a unit with nothing better to do does instead of nothing, if anything."""
        if self.myopic:
            return None
        return hooks.idle_option(m, uid, legal)

    def step_before_blow(self, m: Model, hooks: RulesetHooks, blow: Command,
                         by_unit: dict[str, list[Command]]) -> Command | None:
        """Where a unit may move and then strike in one turn (`hooks.moves_then_strikes`),
        a better place to strike from than where it stands -- a shield-bearer's flank, a foe
        worth more, away from a second foe, for a bowman a hex the foes coming for him
        cannot reach -- is worth the step: the move it would make if it weighed staying
        (with its blow from here) against every move (with its blow from there).  Which
        blow it weighs after the step is the ruleset's say (`hooks.step_strike`)."""
        if self.myopic or not hooks.moves_then_strikes:
            return None
        if not isinstance(blow, Attack):
            return None  # a charge is a move already; a spell is cast from where one stands
        s = hooks.strike_of(m.state, blow)
        if s is None:
            return None
        u = m.units[blow.unit]
        cmds = by_unit.get(u.id, [])
        if not any(isinstance(c, Move) and not c.target and len(c.path) > 1 for c in cmds):
            return None
        strike = hooks.step_strike(m, u, s)
        if strike is None:
            return None
        cmd = self._best_move_for(m, u, cmds, strike)
        return cmd if isinstance(cmd, Move) and len(cmd.path) > 1 else None

    def _closeness(self, m: Model, u: Unit) -> int:
        return m.nearest_enemy(u, u.pos) if u.pos is not None else 99

    def blow_value(self, m: Model, hooks: RulesetHooks, u: Unit, c: Command) -> float | None:
        if isinstance(c, Attack) and c.options:
            return None  # subdual and other variants: never better than the plain blow here
        if isinstance(c, (Attack, Cast)):
            s = hooks.strike_of(m.state, c)
            return None if s is None else m.strike_value(s)
        if isinstance(c, Move) and c.target:
            assert u.pos is not None
            stay, _ = position_value(m, u, u.pos, u.facing, None)
            return charge_value(m, u, c) - stay
        return None

    def best_move(self, m: Model, hooks: RulesetHooks, u: Unit, cmds: list[Command]
                  ) -> Command | None:
        """The move or turn worth most with the blow `hooks.after_move` says follows it;
        None to stay as it is."""
        return self._best_move_for(m, u, cmds, hooks.after_move(m, u))

    def _best_move_for(self, m: Model, u: Unit, cmds: list[Command],
                       strike: tuple[str, int, float] | None) -> Command | None:
        assert u.pos is not None
        moves = [c for c in cmds if isinstance(c, Move) and not c.target and len(c.path) > 1]
        turns = [c for c in cmds if (isinstance(c, Move) and not c.target and len(c.path) == 1)
                 or isinstance(c, Turn)]
        stay, _ = position_value(m, u, u.pos, u.facing, strike)
        best: tuple[float, Command | None] = (stay, None)
        scored = score_moves(m, u, moves, strike, top_k=self.top_k,
                             free_facing=not self.myopic, safe_paths=not self.myopic)
        if scored and scored[0].value > best[0] + 1e-9:
            best = (scored[0].value, scored[0].cmd)
        if not self.myopic:
            for t in turns:
                f = t.facing if isinstance(t, (Move, Turn)) and t.facing is not None else None
                if f is None:
                    continue
                v, _ = position_value(m, u, u.pos, f, strike)
                if v > best[0] + 0.05:
                    best = (v, t)
        return best[1]


def material(m: Model, st: Battle) -> float:
    """Worth of `m.side`'s fighting units less its enemies', in `st`."""
    total = 0.0
    for u in st.units:
        if not u.fighting or u.hp <= 0:
            continue
        w = m.off(u) * (u.hp + 3.0)
        total += w if u.side == m.side else -w
    return total


class GreedyAI(_Searcher):
    """The attack or move with the best immediate expected value from the exact odds: no
    thought for the enemy's reply or the free attacks a walk provokes; always takes a free
    attack; declares whatever gives the biggest blow this round."""

    name = "greedy"
    myopic = True
    top_k = 3

    def react(self, m: Model, legal: list[Command]) -> Command:
        for c in legal:
            if isinstance(c, React) and c.accept:
                return c
        return legal[0]


class Tactician(_Searcher):
    """Searches one exchange ahead with the exact odds as chance outcomes and weighs position
    (see `game.ai.tactics` and `game.ai.model`): the default computer player."""

    name = "tactician"
    top_k = 6
    budget = TACTICIAN

    def react_value(self, m: Model, accept: React) -> float:
        """Take the free attack when the blow (and the halt it may force on a charge) is
        worth more than what answering it costs: turning to strike may show a foe still to
        come one's flank or rear, or take the front away from a set spear (FE-19)."""
        s = m.hooks.reaction_strike(m.state, accept)
        if s is None:
            return 1.0
        gain = m.strike_value(s)
        fo = m.fodds(s)
        mover = m.units[s.target]
        reactor = m.units[accept.unit]
        frame = _move_frame(m.state)
        if frame is not None and getattr(frame, "target", "") in m.units and fo.hit > 0:
            victim = m.units[frame.target]
            path = [Hex(*p) for p in getattr(frame, "path", ())]
            if victim.side == m.side and path:
                end = path[-1]
                charge = m.fodds(Strike(mover.id, victim.id, "charge", from_hex=end))
                gain += fo.hit * m.harm(victim, charge)
        # What changes for the reactor if it answers: play it forward with our own dice.
        try:
            after, _ = submit(m.state, accept, self.private_dice())
        except (IllegalCommand, KeyError, ValueError, TypeError, AssertionError,
                LookupError):
            return gain
        if not after.has_unit(reactor.id) or reactor.pos is None:
            return gain
        moved = after.unit(reactor.id)
        if moved.pos == reactor.pos and moved.facing != reactor.facing:
            before = m.exposure(reactor, reactor.pos, reactor.facing, skip=(mover.id,))
            turned = m.exposure(reactor, reactor.pos, moved.facing, skip=(mover.id,))
            gain -= turned - before
        return gain - 0.15 * m.off(reactor)


def _move_frame(state: Battle) -> object | None:
    """The move in progress under a reaction window, if the ruleset keeps one."""
    for f in reversed(state.stack[:-1]):
        if hasattr(f, "path") and hasattr(f, "unit"):
            return f
    return None


__all__ = ["AIPlayer", "GreedyAI", "RandomAI", "Tactician", "facing_of"]
