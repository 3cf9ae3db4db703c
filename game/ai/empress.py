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
a step to a better place to strike from (`moves_then_strikes`); his blow turns him toward his
foe (`strike_facing`), and a figure that will not strike takes pure defence rather than doing
nothing (`idle_option`).  A blow that opens a fight is a sucker punch (`sharpen`, EMP-70).

Measured and left out (bench/ai.py, 400 games each against the greedy player): stances
(EMP-61) chosen by the exact odds of the blow against the replies before his next turn, and
holds for counter (EMP-05) against the foe most sure to strike him, both won fewer games than
without them; the doubled stances cost more in the blows he takes than they add to his own.
Also measured and left out, each within the noise of 400-800 games or worse: disarming
(EMP-74/75) the foes whose weapon is most of their worth (it fells the dwarf's and the
fighter's damage, but the blows it costs go elsewhere); standing beside a bowman to stop his
shooting (R-EMP-MISSILE-ENGAGED: fewer arrows, no more wins), or keeping our own bow free;
hit points valued beyond a figure's offence (worse at 3x the mean offence); weak figures kept
back from the fight (67%), or the magic-user always in pure defence (74%); no walk into the
reach of a foe who could fell him (no gain); keeping near friends (worse at 0.6); felling a
foe before he acts weighed 2-5x (flat, then worse); holding every figure until no foe who
could reach him is left to act (71.5%: the +1 on foes yet to act is worth more than the -2
on every blow at a holder).  The model's weights tried again under Empress, against 77% over
the same 400 games: a kill worth 6 or 10 HP instead of 3 (74.5%, 70.5%), a foe's choice of
target less sure (MARGIN_MIX 0.3: 74.5%; 0: 76.5%); and with the hold-on below (78.6% over
800), next round's blows at 0.5 instead of 0.3 (75.8%).  Hiding (EMP-69) instead of pure
defence: against alert foes a hide holds only on a Stealth success and a failed save by
every foe, a few times in a hundred.  Measured last, against 318 of the same 400 games: next
round's blows weighed by who acts first next round (0.6 for foes before him: 300; with 0.2
for foes after him: 300), or at 0.2 for everyone (317); a free attack weighed against the
action it spends (R-EMP-OA), and a walk that draws an unacted foe's free attack credited with
the blow it costs him (314; the first alone 313); a kill's cleave (EMP-53) into the next foe
at 0.65 of a blow (317); a bowman's worth raised 1.5x or 2x (314, 310); MARGIN_MIX 1 (317).
Where the games are lost (200 games read blow by blow): we deal 50 damage a game to the
greedy side's 32, more per blow with every figure, but aim most of it at the cleric and the
dwarf who walk up first (nine blows a game at the dwarf in lost games, under two at the elf);
the foe's fighter and elf, who hang back, deal 29 of his 54 in the games we lose, and when his
elf fell by round 5 we won 46 of 48.  Every figure above was measured against a greedy
player whose fighter stood still until a blow came in reach (its shortlist of moves weighed
the threats it is meant to ignore); against the corrected one this tactician wins 76.6% of
800 games; with a bowman's worth raised 3x, 76.3%; with a free attack for reach (EMP-32)
weighed against the +2 a miss gives the pressed blow (EMP-33), 76.5%, and against the action
it spends as well, 74.9% (a foe walking past is struck side-on: worth the action); with next
round's blows at 0.5 or 0.15 instead of 0.3, 76.3% and 75.5%; striking now rather than
holding when a foe who acts in between might be felled before his best blow at someone else
(the chance times that blow against the +1 the hold buys), 77.3% (76.8% at half the bar).
A bowman judging holds by his arrow rather than a sword blow (`_blow_kind`, kept as the
honest reading), 76.5%.  A search instead of these weights, measured over the same first 200
games (base 149): each candidate -- the blows, the hold, pure defence, the three best moves --
played out to the end of the round four times with the greedy player moving both sides and
judged by the worth left standing, 99 (the playouts' own side is played greedily, and worth
at the round's end is blind to where everyone stands); the same over the blows alone, 143.
Our figures walking at a foe bowman as though he stood two hexes nearer than he does,
76.5%.  Pure defence instead of a blow whenever the exposure it saves is worth more than the
blow: never taken (what is left of the round threatens a figure a few hundredths of a blow).
Kept: a kill worth 4 HP instead of 3 (`EmpressHooks.kill_bonus`), 79.1% of the same 800.
Measured after it: a figure's worth as its offence times the foes' average blows it takes
to fell (the kill bonus falling out of the dice; about 0.85 per HP plus 3.3), 73.9%, and
77.8% with 1.5 HP more for the kill; twelve of a figure's moves weighed in full rather
than six (`Tactician.top_k`), 79.3%, no gain for the time; a bowman striking at once
rather than holding while a foe he might fell at all acts in between, 79.1%; a bowman's
blows next round weighed twice the others' (his range covers the field), 78.0%;
`FELL_FIRST` at 0.2 or 0.4 with the kill at 4, 79.0% and 79.3% (flat)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai.hooks import Profile, RulesetHooks, Strike, Tier, register_hooks
from rules.commands import Attack, Choose, Command
from rules.hexgrid import Hex
from rules.positioning import facing_toward, unit_reach
from rules.state import Battle, Unit

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
    (Measured against the greedy player over 400 mirror games: 78% with this rule (75% over
    800) -- 77% with a threshold of 0.15, 75% at 0.5, 75% with none -- 73% when any foe in
    reach acting in between forbids the hold, 67.5% with no such hold.)"""
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
    # fight where each acts once a round.  Measured against the greedy player over 800
    # mirror games, twice: 79.1% and 77.0% at 4, against 76.5% and 75.1% at 3; over the
    # first set of games also 71% at 1.5, 77.4% at 3.5, 77.0% at 4.5 and 77.8% at 5 -- a
    # broad rise from 3 to about 4-5, of which 4 is the best measured.  The loss of one of
    # our own figures counted apart, at 3 (79.8% and 76.1%: 1247 wins of 1600 against 1249)
    # or at 5 (78.0%), made no difference.
    kill_bonus = 4.0

    def speed(self, state: Battle, unit: Unit) -> int:
        return _move(state, unit)

    def profile(self, model: Model, unit: Unit) -> Profile:
        state = model.state
        nxt = _tiers(state, unit)
        if not _can_act(unit):
            return Profile((), 0.0, 0.0, nxt)
        me = _order(unit)
        rivals = [e for e in model.enemies_of(unit) if _can_act(e)]
        first = (sum(1 for e in rivals if _order(e) > me) / len(rivals) if rivals else 1.0)
        return Profile(nxt, 1.0, first, nxt)

    def fall_value(self, model: Model, unit: Unit) -> float:
        """Felling a foe who has yet to act this round spares whoever he would strike: the
        blow he still has, at his worth per blow against our average figure."""
        if not _can_act(unit):
            return 0.0
        victims = model.enemies_of(unit)
        if not victims:
            return 0.0
        avg = sum(model.off(v) for v in victims) / len(victims)
        return avg * model.off(unit)

    def after_move(self, model: Model, unit: Unit) -> tuple[str, int, float] | None:
        """In its turn a figure moves, then strikes (EMP-01)."""
        return ("melee", unit_reach(model.state, unit), 1.0)

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
        and comes in after them; once no such foe is left to act, he acts.  (Measured over
        800 mirror games against the corrected greedy player: 76.6% with this, 74.0%
        without.  Against the greedy player before its fix (see the module docstring): 78.6%
        with this, 76.4% without; the same at a threshold of 0.08 or with "5 HP or fewer",
        76.4% at 0.25; holding every figure back from a hold while any foe could reach him:
        75% over 400.  Also left out, 800 games each: holding on with a blow on offer too,
        75.9%; and, once no feller is left to act, pure defence instead of walking in unless
        he could fell a foe: 76.1%.)"""
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


HOOKS = register_hooks(EmpressHooks())

__all__ = ["HOOKS", "EmpressHooks"]
