"""What the computer players need to know about a ruleset beyond the generic rules API.

The AI plays any ruleset through `rules.engine` alone: `decider`, `legal_commands`, `check`,
`submit`, `Ruleset.odds` and `Ruleset.path_reactions`.  `RulesetHooks` turns that API into the
few questions the evaluation asks (how far can this unit still strike this round, what kind
of attack is this command, what may this side see), with answers that work for a ruleset the
AI has never heard of.  A ruleset that needs better answers declares a subclass as an entry point
in the group ``flank.ai`` (Fallen Empire's live in `game.ai.fallen_empire`), or, at run
time, `register_hooks`.

Nothing in here mutates anything: hooks read states (immutable) and return values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rules import registry
from rules.commands import Attack, Cast, Command, Move, React
from rules.engine import AttackOdds, ruleset_of
from rules.hexgrid import Hex
from rules.positioning import unit_reach
from rules.state import Battle, Unit

if TYPE_CHECKING:
    from game.ai.model import Model


K_KILL = 3.0  # hit points' worth of putting a unit out of the fight (the plain figure)


@dataclass(frozen=True, slots=True)
class Tier:
    """One way a unit may strike: at targets up to `reach` hexes from where it stands, with
    an attack of odds kind `kind`, after moving up to `move` hexes."""

    reach: int
    kind: str
    move: int


@dataclass(frozen=True, slots=True)
class Profile:
    """What a fighting unit can still do, as the evaluation sees it.

    now     the strikes it may still make this round, nearest reach first (empty: none)
    w_now   how likely such a strike is to come (hidden declarations, uncertain initiative)
    p_first the chance its side acts before the other side this round: a foe it fells
            first never strikes back, and foes who come to it first meet its blow
    next    the strikes it may make next round
    """

    now: tuple[Tier, ...]
    w_now: float
    p_first: float
    next: tuple[Tier, ...]

    def tier_now(self, d: int) -> Tier | None:
        return next((t for t in self.now if d <= t.reach), None)

    def tier_next(self, d: int) -> Tier | None:
        return next((t for t in self.next if d <= t.reach), None)


@dataclass(frozen=True, slots=True)
class Strike:
    """An attack a command makes (or a reaction offers): who, on whom, how, from where."""

    attacker: str
    target: str
    kind: str = "melee"
    weapon: str = ""
    spell: str = ""
    from_hex: Hex | None = None


class RulesetHooks:
    """Generic answers.  Subclass per ruleset only where the generic answer is poor."""

    ruleset: ClassVar[str] = ""
    # Does a unit move and then strike in the same turn (so a blow on offer from where it
    # stands competes with a step to a better place to strike from)?
    moves_then_strikes: ClassVar[bool] = False
    # What putting a unit out of the fight is worth to the tactician, in hit points (see
    # `game.ai.model`): K_KILL unless a ruleset's fights are measured to want another figure.
    kill_bonus: ClassVar[float] = K_KILL

    # --- hidden information -------------------------------------------------------------

    def visible(self, state: Battle, side: str) -> Battle:
        """The state as `side` may know it.  Generic: everything in the state is public."""
        return state

    # --- odds -----------------------------------------------------------------------------

    def odds(self, state: Battle, s: Strike) -> AttackOdds | None:
        """Exact odds of a strike, or None if the ruleset cannot say."""
        rs = ruleset_of(state)
        opts: dict[str, Any] = {"kind": s.kind}
        if s.weapon:
            opts["weapon"] = s.weapon
        if s.spell:
            opts["spell"] = s.spell
        if s.from_hex is not None:
            opts["from_hex"] = s.from_hex
        try:
            return rs.odds(state, s.attacker, s.target, **opts)
        except (NotImplementedError, KeyError, TypeError, ValueError, AssertionError,
                LookupError):
            pass
        try:
            return rs.odds(state, s.attacker, s.target)
        except (NotImplementedError, KeyError, TypeError, ValueError, AssertionError,
                LookupError):
            return None

    def fast_odds(self, model: Model, state: Battle, s: Strike) -> tuple[float, tuple[
            tuple[int, float], ...], float] | None:
        """(hit, damage → probability for damage > 0, kill) as floats, or None.  Generic:
        `odds` converted; a ruleset may answer faster from a cache of its own."""
        o = self.odds(state, s)
        return None if o is None else o.chances()

    def strike_of(self, state: Battle, cmd: Command) -> Strike | None:
        """The attack a command makes, if it makes one (an Attack, a Cast, a charging Move)."""
        if isinstance(cmd, Attack):
            return Strike(cmd.unit, cmd.target, "missile" if cmd.weapon else "melee",
                          weapon=cmd.weapon)
        if isinstance(cmd, Cast):
            return Strike(cmd.unit, cmd.target, "spell", spell=cmd.spell)
        if isinstance(cmd, Move) and cmd.target:
            end = Hex(*cmd.path[-1])
            return Strike(cmd.unit, cmd.target, "charge", from_hex=end)
        return None

    def reaction_strike(self, state: Battle, cmd: React) -> Strike | None:
        """The free attack a reaction window offers (reactor on mover)."""
        top = state.top
        mover = getattr(top, "mover", "") or getattr(top, "target", "")
        if not mover or not state.has_unit(mover):
            return None
        trigger = getattr(top, "trigger", "")
        return Strike(cmd.unit, mover, "retreat" if trigger == "retreat" else "opportunity")

    def friendly_fire(self, model: Model, strike: Strike) -> float:
        """Expected worth our own side loses to this strike going astray (0: it cannot)."""
        return 0.0

    # --- movement and threat --------------------------------------------------------------

    def speed(self, state: Battle, unit: Unit) -> int:
        """A unit's full move in hexes.  Generic guess: 4 hexes."""
        return 4

    def profile(self, model: Model, unit: Unit) -> Profile:
        """Generic: every unit may still move and strike this round, even odds who is first."""
        reach = unit_reach(model.state, unit)
        sp = self.speed(model.state, unit)
        tiers = (Tier(reach + sp, "melee", sp),)
        return Profile(tiers, 0.5, 0.5, tiers)

    def after_move(self, model: Model, unit: Unit) -> tuple[str, int, float] | None:
        """What `unit` may still strike this round once it has moved: (odds kind, range in
        hexes, likelihood), or None.  Generic: a melee blow, as likely as not."""
        return ("melee", unit_reach(model.state, unit), 0.5)

    def step_strike(self, model: Model, unit: Unit, blow: Strike
                    ) -> tuple[str, int, float] | None:
        """With `blow` on offer where `unit` stands, the blow it would strike after a step
        to a better place (see `_Searcher.step_before_blow`), as `after_move` says it; None
        if it would not step for it.  Generic: a melee blow with the weapon in hand; a
        missile is loosed from where one stands."""
        if blow.kind != "melee" or blow.weapon:
            return None
        return self.after_move(model, unit)

    def can_strike_from(self, model: Model, unit: Unit, x: Hex, target: Unit, kind: str
                        ) -> bool:
        """Could `unit`, standing on `x`, strike `target` (in range) with `kind`?  Generic:
        yes."""
        return True

    def strike_range(self, model: Model, unit: Unit, kind: str) -> int:
        """How far (hexes) `unit` strikes from where it stands with an attack of `kind`."""
        return unit_reach(model.state, unit)

    def move_budget(self, model: Model, unit: Unit, listed: list[Move]) -> int:
        """How far this unit may move now.  Generic: the costliest listed destination."""
        return max((model.path_cost(unit, [Hex(*p) for p in m.path]) for m in listed),
                   default=0)

    def charge_minimum(self, model: Model, unit: Unit, listed: list[Move]) -> int:
        """The shortest run a charging move must make.  Generic: the listed runs' shortest."""
        return min((model.path_cost(unit, [Hex(*p) for p in m.path]) for m in listed),
                   default=0)

    def strike_facing(self, model: Model, unit: Unit, x: Hex, target: str) -> int | None:
        """The way `unit` faces once it has struck `target` from `x`, if striking turns it
        (None: it keeps the facing it chose).  Generic: None."""
        return None

    def can_react(self, model: Model, unit_id: str) -> bool:
        """Could this unit still take a free attack this round?  Generic: yes."""
        return True

    def counter_threat(self, model: Model, attacker: Unit, target: Unit, x: Hex, f: int,
                       frm: Hex, kind: str) -> tuple[float, float]:
        """How `target`, standing on `x` facing `f`, blunts `attacker`'s blow coming from
        `frm`: (factor on the blow's harm, worth the attacker loses to the counter).
        Generic: not at all."""
        return 1.0, 0.0

    def counter_risk(self, model: Model, attacker: Unit, target: Unit, end: Hex, facing: int
                     ) -> tuple[float, float]:
        """The same seen from a charging attacker ending on `end`: (chance its blow is
        negated, worth it loses).  Generic: none."""
        return 0.0, 0.0

    def sharpen(self, model: Model, blow: Command, legal: list[Command]) -> Command:
        """The blow chosen, or the same blow with an extra the rules give for free (a
        variant that can only do better).  Generic: the blow as it is."""
        return blow

    def fall_value(self, model: Model, unit: Unit) -> float:
        """Worth its side loses beyond the unit itself when `unit` falls now (a blow it has
        not struck yet, a morale check it brings on).  Generic: 0."""
        return 0.0

    # --- decisions a ruleset may take over --------------------------------------------------

    def declare(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """Pick among declaration-style commands; None leaves it to the generic search."""
        return None

    def choose(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """Pick among `Choose` commands; None leaves it to the generic search."""
        return None

    def command(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """Any decision a mode's own commands make (a mass battle's deployment and orders):
        the mode's hooks answer it; None leaves it to the generic search."""
        return None

    def idle_option(self, model: Model, unit_id: str, legal: list[Command]) -> Command | None:
        """What `unit_id`, with no blow or move worth making, does rather than nothing (a
        guard of some kind); None: it passes."""
        return None


_GENERIC = RulesetHooks()


def register_hooks(hooks: RulesetHooks, mode: str | None = None) -> RulesetHooks:
    """Make hooks known at run time, beside the installed entry points (tests, a script)."""
    registry.add(registry.AI, f"{hooks.ruleset}.{mode}" if mode else hooks.ruleset, hooks)
    return hooks


def hooks_for(ruleset: str, mode: str | None = None) -> RulesetHooks:
    """The hooks for a ruleset (and mode): the ones registered for "ruleset.mode", else for
    the ruleset, else the generic ones.  They are found through the registry (entry points
    in the group ``flank.ai``), so this module never imports a ruleset's AI knowledge."""
    for name in ((f"{ruleset}.{mode}",) if mode else ()) + (ruleset,):
        if registry.has(registry.AI, name):
            found = registry.load(registry.AI, name)
            if isinstance(found, RulesetHooks):
                return found
    return _GENERIC


__all__ = ["K_KILL", "Profile", "RulesetHooks", "Strike", "Tier", "hooks_for", "register_hooks"]
