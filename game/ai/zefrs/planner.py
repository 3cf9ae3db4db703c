"""The ZeFRS declaration planner (ZEF-15): every action a figure may state, weighed by the
exact odds, and the best one declared.

Why declarations are the whole of it: in a ZeFRS turn a side's only choice is what each
figure states (a Fight names its foe *and* its aiming point, ZEF-24); initiative, the
waiting checks, the defence checks and the blows all follow by the dice (round.py).  So the
computer players' whole game is here, one figure at a time, in the order the side's figures
are listed; each figure sees what its friends have already stated (its own side's
declarations are no secret to it) and nothing of the other side's (`ZefrsHooks.visible`).

What an action is worth (in the generic model's currency, worth: game/ai/model.py, and
`reading.Reader`): what it does this turn, plus where it leaves him (`place`), weighed for
the next turn -- his best blow from there, the blows that can reach him there, the shot he
keeps or loses, the bowman he ties down, how far he still is from the fight.

* **Fight**: the aiming point with the best worth from the exact odds -- damage after the
  armour on that area and the shield if it guards it (ZEF-47, ZEF-48, R-ZEF-SHIELD-ARC),
  the chance he is out of the fight, and the specific wound a red leaves (ZEF-54..56,
  `odds.WOUND_WORTH`); a knock-out blow (ZEF-35, R-ZEF-KO) only where its chance of a
  red that drops him, out of the fight, is worth more than the damage, falls and wounds of
  the plain blow, which short of red it gives up; a foe his friends are already striking
  counts for the chance he still stands (focus); felling him before he strikes spares his
  blow, at the chance of acting first (ZEF-17, ZEF-18).
* **Twice, close** (extra actions, ZEF-22): the second blow needs a red Animal Reflexes or
  General Prowess check; anything else costs −3 on every check through the next turn,
  measured as what it takes off his next blow.  **Both weapons** and **one on guard**
  (ZEF-32..34) add the off-hand's blow at −2 or an active defence.
* **Wait** (ZEF-20): on the foe in reach who is most worth felling before he strikes; it
  pays where his reflexes check beats his chance of simply acting first, and a foe who
  never acts spends the wait for nothing.
* **Defend** (ZEF-36, ZEF-16): the damage one active defence takes off the first blow that
  comes, each foe in reach at the chance he picks this figure.
* **Shoot** (ZEF-38..43): unaimed or called, with the range and cover shifts; a bowman
  with a foe at his throat cannot shoot (ZEF-03), so where he stands counts for the shot he
  keeps.
* **Grapple, bash, rush** (ZEF-27..30): the chance of putting the foe on the ground
  (`KNOCKED`: his blows at −2 and ours at +2 till he stands), a rush's red bowling him
  over before he acts, its white leaving the rusher down, and the blow in passing.

The greedy player (greedy.py) weighs only the plain blow and shot by their damage and kill
(no wounds, knock-outs, extra actions, defence or wait) and walks straight at the nearest
foe: the baseline.  What each weight was measured at: bench/README.md, "ZeFRS".
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from game.ai.zefrs.greedy import greedy_choice
from game.ai.zefrs.odds import aim_odds, shot_odds
from game.ai.zefrs.reading import Reader
from rules.commands import Command, Declare
from rules.hexgrid import Hex
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.declare import Declared, closing_hexes, parse
from rules.systems.zefrs.missiles import shot_refusal
from rules.systems.zefrs.special import rush_line
from rules.systems.zefrs.units import ZefUnit, dodge

if TYPE_CHECKING:
    from game.ai.model import Model

DEBUG = bool(os.environ.get("FLANK_AI_DEBUG"))

W_NEXT = 0.5  # next turn's blows, given and taken, against this turn's
W_COMING = 0.35  # a foe who must walk to reach him: the chance he does, and picks him
PROGRESS = 0.2  # worth per hex still to close, per point of `off`
# the chance a foe with someone in reach rolls initiative (a wait's trigger): the computer
# players state a blow whenever one is on offer.  Against greedy (bench/README.md, ZeFRS):
# 0.85 with DEFEND_MARGIN 2.5 won 70.5% of 200 games, 0.95 with 1.5 won 69.0% -- the same
# within the noise; kept because waits and defences then come up where they pay
P_ACTS = 0.95
P_STRIKES_BACK = 0.7  # the chance a rushed foe meant to strike (and strikes the rusher)
KNOCKED = 0.3  # a knock-down: his blows at −2 and ours at +2 (ZEF-41) till he stands, as a share
# of the blow he would strike
# Defend must save this many times what his blow would take: the blow also presses the foe
# (a fall ends his blows for good), where a defence has to be stated again every turn.
DEFEND_MARGIN = 1.5
UP = 0.8  # getting up (R-ZEF-STAND), as a share of the blow he has from the ground


def plan(ai: Any, model: Model, legal: list[Command]) -> Command | None:
    """The declaration to make: the first listed figure's best action."""
    first = next((c for c in legal if isinstance(c, Declare)), None)
    if first is None:
        return None
    uid = first.unit
    options = [c.action for c in legal if isinstance(c, Declare) and c.unit == uid]
    r = Reader(model, greedy=getattr(ai, "myopic", False))
    u = r.unit(uid)
    action = greedy_choice(r, u, options) if r.greedy else Weigher(r, u).choose(options)
    return Declare(unit=uid, action=action)


# --- the tactician ------------------------------------------------------------------------------


class Weigher:
    """Every action one figure may state, weighed (module docstring)."""

    def __init__(self, r: Reader, u: ZefUnit) -> None:
        self.r = r
        self.u = u
        self.foes = r.foes_of(u)
        self.friends = [f for f in r.friends_of(u) if f.id != u.id]
        self.intents = {f.id: parse(f.declared) for f in self.friends if f.declared}
        self.places: dict[Hex, float] = {}

    # --- what friends have stated ----------------------------------------------------------

    def focus(self, f: ZefUnit) -> float:
        """The chance `f` still stands when this figure's blow comes: each friend who stated
        a blow or a shot at him may fell him first."""
        keep = 1.0
        for fid, d in self.intents.items():
            if d is None or d.target != f.id or d.kind not in ("fight", "close", "shoot",
                                                                 "wait"):
                continue
            friend = self.r.unit(fid)
            if d.kind == "shoot":
                kill = self.r.best_shot(friend, f, bool(d.aim)).odds.kill
            elif d.kind == "close" or not self.r.in_reach(friend, f):
                kill = 0.1 * self.r.best_blow(friend, f).odds.kill
            else:
                kill = self.r.best_blow(friend, f).odds.kill
            keep *= 1.0 - kill
        return keep

    def stand_at(self, fid: str) -> Hex | None:
        """Where a friend will stand this turn: where he stated he walks to, else where he is."""
        d = self.intents.get(fid)
        if d is not None and d.kind == "move" and d.to is not None:
            return d.to
        return self.r.unit(fid).pos

    # --- the choice ---------------------------------------------------------------------------

    def choose(self, options: list[str]) -> str:
        r, u = self.r, self.u
        assert u.pos is not None
        values: dict[str, float] = {}
        parsed = [(a, parse(a)) for a in options]
        stay = self.place(u.pos)
        fights: dict[str, list[Declared]] = {}
        claimed = {d.to for d in self.intents.values()
                   if d is not None and d.kind == "move" and d.to is not None}
        for a, d in parsed:
            if d is None:
                continue
            if d.kind == "move" and d.to is not None:
                if d.to not in claimed:  # a friend stated he walks there (R-ZEF-MOVE)
                    values[a] = self.place(d.to)
            elif d.kind in ("fight", "wait", "close"):
                fights.setdefault(d.target, []).append(d)
            elif d.kind == "shoot":
                f = r.unit(d.target)
                o = r.best_shot(u, f, False) if not d.aim else None
                v = o.value if o is not None else r.value(f, r.shot(u, f, d.aim), d.aim)
                values[a] = self.focus(f) * v + stay
            elif d.kind == "defend":
                values[a] = self.defence() / DEFEND_MARGIN + stay
            elif d.kind == "stand":
                values[a] = UP * r.threat(u) + stay
            elif d.kind == "reload":
                values[a] = 0.6 * r.off(u) + stay
            elif d.kind in ("wrestle", "bash"):
                values[a] = self.knock_down(r.unit(d.target), d.kind) + stay
            elif d.kind == "rush":
                v = self.rush(r.unit(d.target))
                if v is not None:
                    values[a] = v
        for fid, ds in fights.items():
            values.update(self.fight(r.unit(fid), ds, stay))
        if not values:
            return "defend" if "defend" in options else options[0]
        if DEBUG:
            top = sorted(values.items(), key=lambda kv: -kv[1])[:6]
            print(f"  [zefrs r{r.state.round}] {u.id} hp{u.hp}: "
                  + ", ".join(f"{a} {v:.2f}" for a, v in top))
        return max(values, key=lambda a: (round(values[a], 9), -options.index(a)))

    # --- blows ----------------------------------------------------------------------------------

    def fight(self, f: ZefUnit, ds: list[Declared], stay: float) -> dict[str, float]:
        """The fights, waits and closes on `f` offered, each at its aiming point."""
        r, u = self.r, self.u
        out: dict[str, float] = {}
        focus = self.focus(f)
        threat = r.threat(f)
        aims = {d.aim for d in ds}
        first = r.first(u, f)
        plain: dict[tuple[str, str], Any] = {}
        if any(d.kind in ("fight", "wait") for d in ds):
            for aim in aims:
                for mode in ("", "ko"):
                    o = (r.blow_odds(u, f, aim) if mode == "" else
                         _ko(r, u, f, aim))
                    plain[(aim, mode)] = (r.value(f, o, aim), o)
        best_aim = max(plain, key=lambda k: plain[k][0])[0] if plain else ""
        reflex_red = r.chance(u, u.reflexes(), Colour.RED)
        reflex_any = r.chance(u, u.reflexes(), Colour.GREEN)
        for d in ds:
            key = _action(d)
            if d.kind == "close":
                continue
            mode = "ko" if d.mode == "ko" else ""
            if (d.aim, mode) not in plain:
                continue
            base, o = plain[(d.aim, mode)]
            spare = o.kill * threat if r.acts_now(f) else 0.0
            if d.kind == "wait":
                if not r.acts_now(f):
                    continue  # he does nothing this turn: the wait never comes
                out[key] = focus * P_ACTS * (base + reflex_any * spare) + stay
                continue
            v = focus * (base + first * spare)
            if d.mode == "twice":
                v += reflex_red * focus * (1 - o.kill) * base - (1 - reflex_red) * \
                    self.penalty()
            elif d.mode == "both" and d.aim == best_aim:
                second = _odds_weapon(r, u, f, d.aim)
                v += focus * (1 - o.kill) * r.value(f, second, d.aim)
            elif d.mode == "guard":
                v = focus * base + self.defence(guard=True)
            elif d.mode == "both":
                continue
            out[key] = v + stay
        closes = [d for d in ds if d.kind == "close"]
        if closes:
            spots = closing_hexes(r.state, u, f)
            if spots:
                end = spots[0]
                st = r.state.update_unit(u.id, pos=end)
                best = r.best_blow(u, f, st, tag=("at", end))
                pick = next((d for d in closes if d.aim == best.aim), closes[0])
                v = reflex_red * focus * best.value - (1 - reflex_red) * self.penalty()
                out[_action(pick)] = v + self.place(end)
        return out

    def penalty(self) -> float:
        """What the −3 of a failed extra action (ZEF-22) costs him: the worth it takes off
        his best blow on the nearest foe, from that foe's front."""
        key = ("penalty", self.u.id)
        if key in self.r.local:
            return self.r.local[key]  # type: ignore[no-any-return]
        r, u = self.r, self.u
        assert u.pos is not None
        foe = min(self.foes, key=lambda f: (u.pos.distance(f.pos), f.id), default=None)
        cost = 0.0
        if foe is not None and foe.pos is not None:
            front = foe.pos.neighbor(foe.facing)
            st = r.state.update_unit(u.id, pos=front, penalty_until=0)
            now = r.best_blow(u, foe, st, tag=("front-fresh", foe.id)).value
            hurt = st.update_unit(u.id, penalty_until=r.state.round + 1)
            later = r.best_blow(u, foe, hurt, tag=("front-penalised", foe.id)).value
            cost = 1.3 * max(0.0, now - later)  # and his defence and wound checks
        r.local[key] = cost
        return cost

    def defence(self, guard: bool = False) -> float:
        """ZEF-36: what one active defence takes off the blows that may come this turn, the
        first that lands taking it (ZEF-16)."""
        r, u = self.r, self.u
        gains = []
        for e in self.foes:
            if e.pos is None or u.pos is None or e.pos.distance(u.pos) > r.reach(e) or \
                    not r.acts_now(e):
                continue
            raw = r.best_blow(e, u, defending=False)
            st = r.state
            if guard:
                st = st.update_unit(u.id, declared=f"fight:{e.id}:{raw.aim}:guard")
            held = aim_odds(r.memo, st, e.id, u.id, raw.aim, defending=True,
                            knockout=raw.mode == "ko")  # a red knock-out is not parried
            gain = r.harm(u, raw.odds) - r.harm(u, held)
            gains.append((gain, P_ACTS / self.targets(e)))
        total, left = 0.0, 1.0
        for gain, p in sorted(gains, reverse=True):
            total += left * p * gain
            left *= 1.0 - p
        return total

    def targets(self, e: ZefUnit, at: Hex | None = None, walk: int = 0) -> int:
        """How many of our figures `e` could strike (this one standing on `at`)."""
        assert e.pos is not None
        n = 0
        for f in [self.u, *self.friends]:
            pos = (at or f.pos) if f.id == self.u.id else self.stand_at(f.id)
            if pos is not None and e.pos.distance(pos) <= self.r.reach(e) + walk:
                n += 1
        return max(1, n)

    # --- knocking down ------------------------------------------------------------------------

    def knocked(self, f: ZefUnit) -> float:
        """A foe on the ground spends his next action getting up, or strikes from below at
        −2 while we strike down at +2 (ZEF-41): about one of his blows."""
        return KNOCKED * self.r.threat(f)

    def knock_down(self, f: ZefUnit, kind: str) -> float:
        """ZEF-27 (a grapple: any colour throws him, red also hurts) and ZEF-30 (a bash:
        red throws him)."""
        r, u = self.r, self.u
        if f.knocked_down:
            return 0.0
        t = r.t
        if kind == "wrestle":
            col = u.wrestling_rating() - dodge(f, t)
            p = r.chance(u, col, Colour.GREEN)
            red = r.chance(u, col, Colour.RED)
            hurt = min(1 + u.strength // 10, max(f.hp, 0)) * r.off(f) * red
            return self.focus(f) * (p * self.knocked(f) + hurt)
        p = r.chance(u, u.general_fighting - dodge(f, t), Colour.RED)
        return self.focus(f) * p * self.knocked(f)

    def rush(self, f: ZefUnit) -> float | None:
        """ZEF-28, ZEF-29: his Movement or Prowess less the foe's: red bowls the foe over
        (his action lost if it had not come yet), green to orange carries him past with a
        blow in passing if the foe meant to strike, white leaves him on the ground."""
        r, u = self.r, self.u
        line = rush_line(r.state, u, f, r.walk(u))
        if line is None or f.knocked_down:
            return None
        col = dodge(u, r.t) - dodge(f, r.t)
        red = r.chance(u, col, Colour.RED)
        ok = r.chance(u, col, Colour.GREEN)
        gain = red * (self.knocked(f) + (1 - r.first(f, u)) * r.threat(f))
        passing = (ok - red) * P_STRIKES_BACK * r.harm(u, r.best_blow(f, u).odds)
        fall = (1 - ok) * self.knocked(u)
        end = self.place(line[-1]) if ok > 0 else 0.0
        return gain - passing - fall + ok * end + (1 - ok) * self.place(u.pos) \
            if u.pos is not None else None

    # --- where he stands ------------------------------------------------------------------------

    def place(self, x: Hex) -> float:
        """What standing on `x` at the end of this turn is worth for the next (W_NEXT): his
        best blow from there (or his shot, if no foe has him in reach), less the blows that
        can reach him there, each foe's shared among the figures it could pick; a bowman
        he ties down; how far he still is from the fight."""
        found = self.places.get(x)
        if found is not None:
            return found
        r, u = self.r, self.u
        st = r.state.update_unit(u.id, pos=x) if x != u.pos else r.state
        me = r.unit(u.id, st)
        own = 0.0
        coming = 0.0
        near = 99
        engaged = False
        tied = 0.0
        mine = r.acts_next(u)
        for e in self.foes:
            assert e.pos is not None
            d = e.pos.distance(x)
            near = min(near, d)
            if d <= r.reach(u) and not me.knocked_down and mine:
                own = max(own, self.focus(e) * r.best_blow(me, e, st, tag=("at", x)).value)
            if not r.acts_next(e):
                continue  # he has no action next turn (ZEF-12): no blow, no shot from him
            if d <= r.reach(e):
                engaged = True
                coming += self.neutral(e) / self.targets(e, x)
            elif d <= r.reach(e) + r.walk(e):
                coming += W_COMING * self.neutral(e) / self.targets(e, x, r.walk(e))
            if e.missile and not e.loading and d <= r.reach(u):
                tied += 0.5 * r.threat(e)
        if u.missile and not engaged:
            shots = [e for e in self.foes if e.pos is not None and e.pos.distance(x) > 1]
            shots.sort(key=lambda e: (e.pos.distance(x), e.id))  # type: ignore[union-attr]
            for e in shots[:2]:
                if shot_refusal(st, me, r.unit(e.id, st), engaged=False) is None:
                    o, wounds = shot_odds(r.memo, st, u.id, e.id)
                    own = max(own, r.value(e, o, "", wounds))
            if own == 0.0:
                near_shot = near  # out of range: close in
            else:
                near_shot = 0
        else:
            near_shot = near
        gap = max(0, near_shot - r.reach(u)) if not u.missile or engaged or own == 0.0 else 0
        v = W_NEXT * (own - coming + tied) - PROGRESS * r.off(u) * gap
        self.places[x] = v
        return v

    def neutral(self, e: ZefUnit) -> float:
        """`e`'s best blow on this figure from his front, or his shot (the threat he is to
        him wherever he stands)."""
        r, u = self.r, self.u
        key = ("neutral", e.id, u.id)
        found = r.local.get(key)
        if found is None:
            assert u.pos is not None
            front = u.pos.neighbor(u.facing)
            st = r.state.update_unit(e.id, pos=front)
            found = r.best_blow(e, u, st, tag=("front-of", u.id)).value
            r.local[key] = found
        return found  # type: ignore[no-any-return]


def _action(d: Declared) -> str:
    if d.kind == "move" and d.to is not None:
        return f"move:{d.to.q},{d.to.r}"
    return ":".join(x for x in (d.kind, d.target, d.aim, d.mode) if x)


def _ko(r: Reader, u: ZefUnit, f: ZefUnit, aim: str) -> Any:
    return aim_odds(r.memo, r.state, u.id, f.id, aim, knockout=True)


def _odds_weapon(r: Reader, u: ZefUnit, f: ZefUnit, aim: str) -> Any:
    return aim_odds(r.memo, r.state, u.id, f.id, aim, weapon=u.offhand, second_weapon=True)


__all__ = ["Weigher", "plan"]
