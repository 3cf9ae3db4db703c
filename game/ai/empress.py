"""Empress hooks for the computer players: who can still strike this round, and how far.

The generic hooks assume every foe may still move four hexes and strike this round, as likely
as not.  Empress says more, all of it public: each figure acts once a round, in the GM's
countdown of segments (EMP-01); what it spent its action on is on the figure (`spent`), its
move is its feet per round over the hex (R-EMP-MOVE), and a figure acts before those of lower
segments -- ties broken by Initiative, Agility and id (R-EMP-SEGMENT-ORDER).  Felling a foe
who has yet to act spares the blow he still has (`fall_value`).  `turn_option` holds (EMP-02)
a figure with no blow on offer while foes are still to come, and one with a blow on offer for
a segment when that costs him next to nothing (+1 on a foe yet to act, EMP-04); back from his
hold, a figure one blow could fell holds on until the foes who could strike it have acted.
A figure moves and then strikes in one turn, so a blow on offer where he stands competes with
a step to a better place to strike from (`moves_then_strikes`) -- for a bowman, a place to
shoot from where the foes cannot close with him (`step_strike`); his blow turns him toward his
foe (`strike_facing`), and a figure that will not strike takes pure defence rather than doing
nothing (`idle_option`).  A blow that opens a fight is a sucker punch (`sharpen`, EMP-70).

Every weight and rule here was measured against the greedy player on bench/ai.py's mirror
skirmish; what was tried and left out, with its figures, is in docs/AI_MEASUREMENTS.md."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from game.ai.hooks import Profile, RulesetHooks, Strike, Tier
from rules.commands import Attack, Choose, Command
from rules.hexgrid import Hex
from rules.positioning import facing_toward, is_engaged, unit_reach
from rules.state import Battle, Unit
from rules.systems.empress.options import in_sight
from rules.systems.empress.units import cfg

if TYPE_CHECKING:
    from game.ai.model import Model


def _move(state: Battle, u: Unit) -> int:
    return max(0, getattr(u, "move_ft", 30) // state.board.feet_per_hex)


def _missile_hexes(state: Battle, u: Unit) -> int:
    key = getattr(u, "missile", "")
    if not key:
        return 0
    from rules.systems.empress.units import tables

    try:
        return tables().weapon(key).range_ft // state.board.feet_per_hex
    except (KeyError, AttributeError):
        return 0


def _acting_orders(model: Model, u: Unit) -> list[tuple[int, int, int, str]]:
    """The countdown places (`_order`) of `u`'s enemies who still have their action,
    sorted: worked out once per model and side, so each figure's profile is a bisection
    rather than a scan of every foe."""
    key = ("empress_orders", u.side)
    found = model.memo.get(key)
    if found is None:
        found = model.memo[key] = sorted(_order(e) for e in model.enemies_of(u) if _can_act(e))
    return found  # type: ignore[no-any-return]


def _can_act(u: Unit) -> bool:
    """Has the figure still its action this round (EMP-01)?"""
    return not getattr(u, "spent", "") and getattr(u, "surprised", "") != "round"


def _order(u: Unit) -> tuple[int, int, int, str]:
    """Where a figure comes in the round's countdown: higher segments first, then higher
    Initiative, then Agility, then id (R-EMP-SEGMENT-ORDER); smaller keys act earlier."""
    return (-getattr(u, "segment", 0), -getattr(u, "initiative", 0), -getattr(u, "agility", 0),
            u.id)


# A foe who would act in between spoils a hold when his blow now fells him this surely.
FELL_FIRST = 0.3
# A figure back from a hold holds on while a foe still to act could fell him this surely.
FELLS_HIM = 0.15


def _tiers(state: Battle, u: Unit) -> tuple[Tier, ...]:
    """How far a figure strikes this round: a walk and a blow, or a missile from here."""
    reach, move = unit_reach(state, u), _move(state, u)
    tiers = [Tier(move + reach, "melee", move)]
    rng = _missile_hexes(state, u)
    if rng > move + reach:
        tiers.append(Tier(rng, "missile", 0))
    return tuple(tiers)


def _blow_kind(state: Battle, u: Unit, dist: int) -> str | None:
    """The kind of blow `u` would strike this round at a foe `dist` hexes away: a melee blow
    if he can walk into reach of the foe, else a missile if the foe is within its range from
    where he stands (R-EMP-RANGE), else None."""
    for t in _tiers(state, u):
        if dist <= t.reach:
            return t.kind
    return None


def _hold_pays(model: Model, u: Unit) -> bool:
    """Does a hold of one segment cost `u`, who has a blow on offer, next to nothing?
    Holders are asked first in each later segment (R-EMP-SEGMENT-ORDER), so he is back
    before anyone new; only a foe still to be asked in this segment, or a foe holding too,
    acts in between.  Such a foe costs him something only if his blow now might fell that foe
    before he acts (`FELL_FIRST`) -- an arrow, for a bowman and a foe beyond his walk and
    reach (`_blow_kind`); otherwise, if the foe strikes him, he strikes a holder at
    -2 (EMP-03).  And the hold must buy something: a foe yet to act, to strike at +1 (EMP-04).
    (The threshold and the alternatives, measured: docs/AI_MEASUREMENTS.md.)"""
    sysd = model.state.system
    seg = getattr(sysd, "segment", None)
    offered = getattr(sysd, "offered", ())
    unacted = False
    for e in model.enemies_of(u):
        if e.pos is None or not _can_act(e):
            continue
        unacted = True
        between = (getattr(e, "holding", False) and not getattr(e, "counter", "")) or (
            getattr(e, "segment", None) == seg and e.id not in offered)
        if between:
            d = e.pos.distance(u.pos) if u.pos is not None else 0
            kind = _blow_kind(model.state, u, d)
            if kind is None:
                continue  # he cannot be the target: let him go first
            if model.fodds(Strike(u.id, e.id, kind)).kill < FELL_FIRST:
                continue  # let him come first: if he strikes, he strikes a holder, at -2
            return False
    return unacted


def _fellable(model: Model, u: Unit) -> bool:
    """Could a foe still to act fell `u` with one blow wherever he walks this turn?  A foe
    who has his action, is not holding himself, could strike anywhere `u` can walk to --
    walking into reach, or with a missile from where he stands (`_blow_kind`) -- and whose
    blow (from `u`'s front, or an arrow from where he stands) fells him at least `FELLS_HIM`
    of the time.  (A holding foe may wait as long as he does: not counted.)"""
    st = model.state
    if u.pos is None:
        return False
    walk = _move(st, u)
    front = u.pos.neighbor(u.facing)
    for e in model.enemies_of(u):
        if e.pos is None or not _can_act(e) or getattr(e, "holding", False):
            continue
        kind = _blow_kind(st, e, max(0, e.pos.distance(u.pos) - walk))
        if kind is None:
            continue
        frm = e.pos if kind == "missile" else front
        if model.fodds(Strike(e.id, u.id, kind, from_hex=frm)).kill >= FELLS_HIM:
            return True
    return False


class EmpressHooks(RulesetHooks):
    ruleset = "empress"
    moves_then_strikes = True  # EMP-01: in his segment a figure moves, then strikes
    # A kill is worth 4 HP rather than 3 (K_KILL) here: a felled figure strikes no more in a
    # fight where each acts once a round.  Every value from 3.5 to 5 beat 3 against the
    # greedy player, and 4 was the best measured (docs/AI_MEASUREMENTS.md).
    kill_bonus = 4.0

    def speed(self, state: Battle, unit: Unit) -> int:
        return _move(state, unit)

    def profile(self, model: Model, unit: Unit) -> Profile:
        state = model.state
        nxt = _tiers(state, unit)
        if not _can_act(unit):
            return Profile((), 0.0, 0.0, nxt)
        me = _order(unit)
        rivals = _acting_orders(model, unit)
        later = len(rivals) - bisect.bisect_right(rivals, me)  # rivals who act after him
        first = later / len(rivals) if rivals else 1.0
        return Profile(nxt, 1.0, first, nxt)

    def fall_value(self, model: Model, unit: Unit) -> float:
        """Felling a foe who has yet to act this round spares whoever he would strike: the
        blow he still has, at his worth per blow against our average figure."""
        if not _can_act(unit):
            return 0.0
        avg = model.mean_off_against(unit)
        if avg is None:
            return 0.0
        return avg * model.off(unit)

    def after_move(self, model: Model, unit: Unit) -> tuple[str, int, float] | None:
        """In its turn a figure moves, then strikes (EMP-01)."""
        return ("melee", unit_reach(model.state, unit), 1.0)

    def step_strike(self, model: Model, unit: Unit, blow: Strike
                    ) -> tuple[str, int, float] | None:
        """A bowman with an arrow on offer may step first and shoot from there (a move, then
        one action, R-EMP-TURN), and a hex the foes coming for him cannot reach keeps him
        shooting next round too (R-EMP-MISSILE-ENGAGED).  He weighs only other places to
        shoot from: a step into melee to strike with his sword instead was measured worse
        (docs/AI_MEASUREMENTS.md).  Melee blows as the generic hooks."""
        if blow.kind == "missile":
            rng = _missile_hexes(model.state, unit)
            return ("missile", rng, 1.0) if rng else None
        return super().step_strike(model, unit, blow)

    def can_strike_from(self, model: Model, unit: Unit, x: Hex, target: Unit, kind: str
                        ) -> bool:
        """An arrow needs a line of sight (R-EMP-LOS) and, unless the GM's option allows
        it, a hex where he is not engaged (R-EMP-MISSILE-ENGAGED), by the rules' own test
        (R-POS-ENGAGED) with him standing there."""
        if kind != "missile":
            return True
        assert target.pos is not None
        if not in_sight(model.state, x, target.pos):
            return False
        if cfg(model.state, "missile_while_engaged"):
            return True
        st, _ = model.variant(unit, x, unit.facing)
        return not is_engaged(st, st.unit(unit.id))

    def strike_facing(self, model: Model, unit: Unit, x: Hex, target: str) -> int | None:
        """A figure turns toward the foe he strikes (R-EMP-FACE), shield and all: that is
        the facing he meets the replies with."""
        t = model.units.get(target)
        if t is None or t.pos is None or t.pos == x:
            return None
        return facing_toward(x, t.pos)

    def sharpen(self, model: Model, blow: Command, legal: list[Command]) -> Command:
        """A blow that opens a fight is a sucker punch (EMP-70): the striker's Deception (a
        cutpurse's 3-in-6, everyone's 1-in-6 by default) against the foe's Wits may leave
        the foe surprised -- his action this round lost, and open to a sneak attack
        (EMP-65) -- and if it fails the blow lands as it would have.  The option is offered
        only while neither has struck or been struck (R-EMP-SUCKER-PUNCH), and is no use
        without Deception."""
        if not isinstance(blow, Attack) or blow.options:
            return blow
        u = model.units.get(blow.unit)
        if u is None or getattr(u, "deception", 0) <= 0:
            return blow
        punch = blow.model_copy(update={"options": ("sucker_punch",)})
        return punch if punch in legal else blow

    def strike_range(self, model: Model, unit: Unit, kind: str) -> int:
        if kind == "missile":
            return _missile_hexes(model.state, unit)
        return unit_reach(model.state, unit)

    # --- the turn's free choices (EMP-02) --------------------------------------------------

    def turn_option(self, ai: Any, model: Model, legal: list[Command]) -> Command | None:
        """A `Choose` to make at the start of a figure's turn, before the generic search weighs
        its blows and moves; None leaves the turn to the search.  (Called by a player that
        asks for it; `Choose` options mixed into a turn's list are otherwise never taken.)

        Hold (EMP-02) rather than walk up to foes who still have to act: they must come to
        the figure (striking it at -2, EMP-03) and it strikes after they commit -- first in
        any later segment, at +1 on a foe yet to act (EMP-04).  With a blow on offer, hold
        only when the hold costs next to nothing (`_hold_pays`): back first in the next
        segment, he strikes the same foes at +1.

        Back from a hold, a figure acts -- unless he has no blow on offer and a foe still to
        act could fell him with one blow wherever he walks (`_fellable`): a cutpurse or a
        magician who walks up to the line before the heavy arms have acted is the first
        blow they strike.  He holds on (−2 to be hit, EMP-03) until they have committed,
        and comes in after them; once no such foe is left to act, he acts.  (Worth 2-3
        points against the greedy player; the variants tried: docs/AI_MEASUREMENTS.md.)"""
        if getattr(ai, "myopic", False):
            return None
        top = model.state.top
        uid = getattr(top, "unit", "")
        if not uid or getattr(top, "moved", True):
            return None
        c = Choose(unit=uid, option="hold")
        if c not in legal or uid not in model.units:
            return None
        u = model.units[uid]
        if u.pos is None:
            return None
        blow = any(isinstance(a, Attack) and a.unit == uid for a in legal)
        if getattr(top, "from_hold", True):
            return c if not blow and _fellable(model, u) else None
        if blow:
            # a blow is on offer now: hold one segment for +1 on a foe yet to act (EMP-04)
            # when no foe would act before he comes back to it; else the search weighs it
            return c if _hold_pays(model, u) else None
        if not any(_can_act(e) and e.pos is not None for e in model.enemies_of(u)):
            return None  # nobody left to come: walking on is all there is
        return c

    def idle_option(self, model: Model, unit_id: str, legal: list[Command]) -> Command | None:
        """Pure defence (EMP-62) rather than a bare pass: a figure that will not strike this
        turn loses nothing by it -- he adds his AM or PM (at least +2) to his HC until his
        next turn and may still take (twice as many) opportunity attacks (R-EMP-OA)."""
        c = Choose(unit=unit_id, option="pure_defense")
        return c if c in legal else None


HOOKS = EmpressHooks()  # found through the entry point flank.ai:empress

__all__ = ["HOOKS", "EmpressHooks"]
