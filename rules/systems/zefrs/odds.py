"""The odds panel's ZeFRS figures: a blow's exact odds with the five colours' chances, the
chance of a specific wound, the roll it needs and where the shield stands (ZEF-07, ZEF-44,
ZEF-48, ZEF-54, ZEF-55; R-ZEF-SHIELD-ARC).

Why a module: `combat.odds_of` counts damage, hits and falls, which is what the computer
players weigh in their inner loop; what a person reads besides (the colours, the wound, the
shield's arc) is worked out here, from the same `resolve` and chart, only when the window,
the sandbox or a test asks `Ruleset.odds` for it.
"""

from __future__ import annotations

from fractions import Fraction

from rules.ruleset import AttackOdds
from rules.state import Battle
from rules.systems.zefrs.armour import shield_covers
from rules.systems.zefrs.chart import Colour
from rules.systems.zefrs.combat import (
    Blow,
    colour_bands,
    odds_of,
    out_after,
    own_shifts,
    resolve,
    shield_arc,
)
from rules.systems.zefrs.rulings import config_of
from rules.systems.zefrs.tables import ZefTables, load_tables
from rules.systems.zefrs.units import zef

__all__ = ["ARC_WORDS", "colour_chances", "knockout_words", "shown_odds", "wound_chance"]

ARC_WORDS = {"front": "his front", "shield_flank": "his shield's flank",
             "other_flank": "his other flank", "rear": "behind him"}


def colour_chances(blow: Blow, t: ZefTables) -> tuple[tuple[str, Fraction], ...]:
    """The five colours' chances on the blow's column, white first (ZEF-07)."""
    ways = t.chart.column(blow.walk.column).ways()
    return tuple((c.word, Fraction(ways[c], 100)) for c in Colour)


def wound_chance(state: Battle, blow: Blow, t: ZefTables) -> Fraction:
    """The chance the blow leaves a specific wound (ZEF-54: a red hit; ZEF-55: a PC or Foe
    still standing checks the higher of his Damage rating, as the blow left it, and General
    Endurance, and avoids it on the wound's colour or better; ZEF-56: an Enemy does not)."""
    d = zef(state, blow.target)
    red = t.chart.column(blow.walk.column).ways()[Colour.RED]
    if not red:
        return Fraction(0)
    wound = (t.wounds.brawling if t.weapon(blow.weapon).brawling else t.wounds.armed)[blow.aim]
    cfg = config_of(state)
    defence = colour_bands(t, blow.defence_walk.column) if blow.defence_walk is not None else \
        [(None, 100)]
    roll = t.chart.column(blow.walk.column).red  # every red roll resolves alike
    total = Fraction(0)
    for droll, dways in defence:
        r = resolve(blow, roll, droll, t)
        if not r.hit:
            continue
        standing = Fraction(100 - out_after(state, blow.target, r.damage, t), 100)
        if d.enemy:
            suffers = Fraction(1)
        else:
            walk = t.chart.walk(max(d.hp - r.damage, d.general_endurance),
                                own_shifts(state, d, cfg), cfg.columns_per_point)
            avoid = t.chart.column(walk.column).at_least(Colour[wound.avoid.upper()])
            suffers = Fraction(100 - avoid, 100)
        total += Fraction(red, 100) * Fraction(dways, 100) * standing * suffers
    return total


def _shield_note(state: Battle, blow: Blow) -> str:
    """Whether his shield takes this blow, and why not if it cannot (R-ZEF-SHIELD-ARC)."""
    a, d = zef(state, blow.attacker), zef(state, blow.target)
    if not d.shield:
        return ""
    if blow.shield:
        return f"His shield guards the {blow.aim.replace('_', ' ')}: −{blow.shield} (ZEF-48)."
    if d.shield_used:
        return "His shield has already blocked a blow this turn (ZEF-48)."
    if not shield_covers(d.shield_side, blow.aim):
        return (f"His shield, on his {d.shield_side} arm, cannot guard the "
                f"{blow.aim.replace('_', ' ')} (ZEF-48).")
    if a.pos is not None and d.pos is not None and a.pos != d.pos:
        return (f"A blow from {ARC_WORDS[shield_arc(d, a)]}: his shield is not brought "
                "across to it (R-ZEF-SHIELD-ARC).")
    return ""


def knockout_words(state: Battle, blow: Blow, t: ZefTables) -> tuple[str, str]:
    """The knock-out's choice in a player's words (ZEF-35, R-ZEF-KO): the chance a red drops
    him against the damage the same blow struck plainly would do on average, which a
    knock-out blow gives up.  Two ways: the odds card's line ("Knock-out: 12% to drop him;
    gives up 3.1 expected damage") and the blow list's, short enough for a button's line
    beside the blow's own words ("12% KO, forgoes 3.1 dmg")."""
    red = Fraction(t.chart.column(blow.walk.column).ways()[Colour.RED], 100)
    plain = odds_of(state, blow, t).expected_damage
    kept = odds_of(state, blow, t, knockout=True).expected_damage
    lost = float(plain - kept)
    given = f"gives up {lost:.1f} expected damage" if lost >= 0.05 else "gives up no damage"
    short = f"forgoes {lost:.1f} dmg" if lost >= 0.05 else "forgoes no damage"
    return (f"Knock-out: {_percent(red)} to drop him; {given}",
            f"{_percent(red)} KO, {short}")


def _percent(p: Fraction) -> str:
    """A chance as a player reads it: "12%", "under 1%" rather than a 0 that is not."""
    if 0 < p < Fraction(1, 200):
        return "under 1%"
    return f"{float(p) * 100:.0f}%"


def shown_odds(state: Battle, blow: Blow, locations: tuple[Blow, ...] = (),
               t: ZefTables | None = None, knockout: bool = False) -> AttackOdds:
    """`combat.odds_of` with what the panel shows besides: the colours, the wound (summed
    over the hit-location d10's faces for a shot that lands where it falls, ZEF-39), the
    roll needed and the shield's note; for a knock-out blow (`knockout`, ZEF-35) its own
    odds, no wound (a red knocks out instead) and its line against the plain blow
    (`knockout_words`), the short one the blow list's summary of the choice."""
    t = t or load_tables()
    base = odds_of(state, blow, t, locations, knockout=knockout)
    spots = locations or (blow,)
    wound = Fraction(0) if knockout else \
        sum((wound_chance(state, b, t) for b in spots), Fraction(0)) / len(spots)
    col = t.chart.column(blow.walk.column)
    notes = list(base.notes)
    summary = ""
    if knockout:
        line, summary = knockout_words(state, blow, t)
        rest = ("any other colour wounds as an ordinary blow (the GM's ruling "
                "knockout_damage_on_failure)" if config_of(state).knockout_damage_on_failure
                else "any other colour does nothing")
        notes += [f"{line}.", f"A knock-out blow: red knocks him out for 1 to 10 minutes; "
                  f"{rest} (ZEF-35, R-ZEF-KO)."]
    else:
        notes.append(f"A specific wound (a red hit, ZEF-54, ZEF-55): "
                     f"{float(wound) * 100:.1f}%")
    shield = _shield_note(state, blow) if not locations else ""
    if shield:
        notes.append(shield)
    if blow.called:
        notes.append("A called shot: only red hits (ZEF-40).")
    needed = (f"{col.green} or less on d100 to hit (column {blow.walk.column}), "
              f"{col.red} or less for red" if col.green else
              f"a green on column {blow.walk.column}, which has none")
    return AttackOdds.counted(dict(base.dealt.items()), base.hit_ways, base.kill_ways,
                              base.modifiers, base.needed, tuple(notes),
                              outcomes=colour_chances(blow, t), needed_words=needed,
                              summary=summary)

