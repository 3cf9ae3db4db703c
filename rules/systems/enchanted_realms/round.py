"""The Enchanted Realms round: initiative, then each creature's turn in order.

The text relies on "Combat Basics" for the round, which is not included, so the round is a
ruling (R-ER-INITIATIVE, values in data.toml): at the start of each round every creature in
the fight rolls d20 + his Agility modifier; the highest acts first; ties go to the higher
Agility, then roll off on a d20 until they differ (`initiative_ties = "rolloff"` goes to
the roll-off at once).  The chase (ER-29) counts its seconds from the same score.

At the start of his turn a creature's defence ends (ER-09) and a trigger he set last turn
that never came is lost (ER-12).
"""

from __future__ import annotations

from rules.engine import Context
from rules.procedures import battle_decided, out_of_rounds
from rules.systems.enchanted_realms.events import (
    InitiativeRolled,
    ReadyLost,
    RoundBegan,
    StepReached,
    TurnBegan,
    TurnEnded,
)
from rules.systems.enchanted_realms.frames import RoundFrame, system
from rules.systems.enchanted_realms.units import cfg, er

__all__ = ["run_round"]


def run_round(ctx: Context, f: RoundFrame) -> None:
    {"begin": _begin, "initiative": _initiative, "turns": _turns, "end": _end}[f.step](ctx, f)


def _begin(ctx: Context, f: RoundFrame) -> None:
    if battle_decided(ctx, "every foe is down"):
        return
    ctx.emit(RoundBegan(round=ctx.state.round + 1))


def _initiative(ctx: Context, f: RoundFrame) -> None:
    c = cfg(ctx.state)
    entries = []
    for u in ctx.state.units:
        if not u.fighting:
            continue
        e = er(ctx.state, u.id)
        die = ctx.dice.d(c.initiative_die, "initiative")
        entries.append((e.id, die, die + e.agility))
    total = {uid: t for uid, _, t in entries}
    agility = {uid: er(ctx.state, uid).agility for uid in total}

    def key(uid: str) -> tuple[int, int]:
        return (-total[uid], -agility[uid] if c.initiative_ties == "agility" else 0)

    order = sorted(total, key=lambda uid: (key(uid), uid))
    out: list[str] = []
    rolloffs: list[tuple[str, int]] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and key(order[j + 1]) == key(order[i]):
            j += 1
        group = order[i:j + 1]
        while len(group) > 1:  # R-ER-INITIATIVE: roll off until one is highest
            rolls = {uid: ctx.dice.d(20, "initiative roll-off") for uid in group}
            rolloffs += sorted(rolls.items())
            best = max(rolls.values())
            first = [uid for uid in group if rolls[uid] == best]
            if len(first) == 1:
                out.append(first[0])
                group = [uid for uid in group if uid != first[0]]
            else:
                group = first + [uid for uid in group if uid not in first]
        out.extend(group)
        i = j + 1
    ctx.emit(InitiativeRolled(entries=tuple(entries), order=tuple(out),
                              rolloffs=tuple(rolloffs)))


def _turns(ctx: Context, f: RoundFrame) -> None:
    if battle_decided(ctx, "every foe is down"):
        return
    order = system(ctx.state).order
    if f.index >= len(order):
        ctx.emit(StepReached(step="end"))
        return
    uid = order[f.index]
    u = er(ctx.state, uid)
    for t in system(ctx.state).triggers:
        if t.owner == uid:
            ctx.emit(ReadyLost(unit=uid, action=t.action))
            break
    if not u.fighting:
        ctx.emit(TurnEnded(unit=uid))
        return
    ctx.emit(TurnBegan(unit=uid, side=u.side))


def _end(ctx: Context, f: RoundFrame) -> None:
    if battle_decided(ctx, "every foe is down") or out_of_rounds(ctx, cfg(ctx.state).max_rounds):
        return
    ctx.emit(RoundBegan(round=ctx.state.round + 1))
