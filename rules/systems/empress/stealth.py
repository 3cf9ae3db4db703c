"""Surprise, hiding and sneaking up (§3.8, Table VIII).

Table VIII (EMP-69, EMP-70; R-EMP-TABLE-VIII):

    hiding or sneaking past   not alert: save Wits −2; hidden on Stealth success OR failed save
                              alert:     save Wits −2 (reading (a)); hidden on Stealth
                                         success AND failed save
    sneaking close (backstab) not alert: target caught on Stealth success OR failed Wits save
                              alert:     on Stealth success AND failed Wits save
    "sucker punch"            the same with a Deception roll

The missing save modifiers of the last two rows are taken as the plain Wits save
(`config.backstab_save_modifier = 0`).  EMP-71: `config.stealth_modifier` is the GM's
situational adjustment to these saves (−2 among quiet folk, −4 careless …).
"""

from __future__ import annotations

from rules.engine import Context
from rules.events import Modifier
from rules.systems.empress.condition_events import HiddenChanged, Surprised
from rules.systems.empress.saves import roll_save, roll_skill
from rules.systems.empress.units import EmpUnit, cfg, is_emp


def _situational(ctx: Context) -> tuple[Modifier, ...]:
    value = cfg(ctx.state, "stealth_modifier")
    if not value:
        return ()
    return (Modifier(value=value, reason="the GM's situation", rule="EMP-71"),)


def caught(alert: bool, skill_ok: bool, save_ok: bool) -> bool:
    """Table VIII: a not-alert target is caught on skill success OR a failed save; an alert
    (vigilant) one only on skill success AND a failed save (EMP-67)."""
    return (skill_ok and not save_ok) if alert else (skill_ok or not save_ok)


def sneak(ctx: Context, a: EmpUnit, d: EmpUnit) -> bool:
    """EMP-67 / Table VIII "sneaking close for backstab": is the target unaware?"""
    skill = roll_skill(ctx, a, "stealth", purpose=f"to close on {d.id} unseen",
                       rule="EMP-67, Table VIII")
    mods = (Modifier(value=cfg(ctx.state, "backstab_save_modifier"), reason="Table VIII",
                     rule="EMP-70, R-EMP-TABLE-VIII"), *_situational(ctx))
    save = roll_save(ctx, d, "wits", mods, purpose=f"to notice {a.id}", rule="EMP-67")
    unaware = caught(d.alert, skill, bool(save))
    if not unaware:
        ctx.emit(HiddenChanged(unit=a.id, hidden=False, reason=f"{d.id} sees him coming",
                               rule="EMP-67"))
    return unaware


def ambush(ctx: Context, a: EmpUnit, d: EmpUnit) -> bool:
    """EMP-68: charging from hiding needs no Stealth roll; the defender saves as usual
    against surprise.  True if he is surprised."""
    save = roll_save(ctx, d, "wits", _situational(ctx), purpose="against surprise",
                     rule="EMP-68")
    if save:
        return False
    ctx.emit(Surprised(unit=d.id, until="round", reason=f"{a.id} bursts from hiding",
                       rule="EMP-68"))
    return True


def sucker_punch(ctx: Context, a: EmpUnit, d: EmpUnit) -> bool:
    """EMP-70 / Table VIII "sucker punch": Deception against Wits.  True if surprised."""
    skill = roll_skill(ctx, a, "deception", purpose=f"to put {d.id} off guard",
                       rule="EMP-70, Table VIII")
    mods = (Modifier(value=cfg(ctx.state, "backstab_save_modifier"), reason="Table VIII",
                     rule="EMP-70, R-EMP-TABLE-VIII"), *_situational(ctx))
    save = roll_save(ctx, d, "wits", mods, purpose=f"to see {a.id}'s punch coming",
                     rule="EMP-70")
    if not caught(d.alert, skill, bool(save)):
        return False
    ctx.emit(Surprised(unit=d.id, until="round", reason=f"{a.id}'s sucker punch",
                       rule="EMP-70"))
    return True


def hide(ctx: Context, u: EmpUnit) -> bool:
    """EMP-69 / Table VIII "hiding": one Stealth roll; every foe who could see him saves vs
    Wits −2; hidden only if hidden from each (R-EMP-HIDE).  In the first round a failed
    attempt squanders the advantage of surprise (EMP-64)."""
    skill = roll_skill(ctx, u, "stealth", purpose="to hide", rule="EMP-69, Table VIII")
    seen_by = []
    for o in ctx.state.units:
        e = is_emp(o)
        if e.side == u.side or not e.fighting:
            continue
        key = "hide_alert_save_modifier" if e.alert else "hide_save_modifier"
        rule = "EMP-69 (a)" if e.alert else "EMP-69"
        mods = (Modifier(value=cfg(ctx.state, key), reason="Table VIII", rule=rule),
                *_situational(ctx))
        save = roll_save(ctx, e, "wits", mods, purpose=f"to spot {u.id}", rule=rule)
        if not caught(e.alert, skill, bool(save)):
            seen_by.append(e.id)
    if not seen_by:
        ctx.emit(HiddenChanged(unit=u.id, hidden=True, reason="Table VIII", rule="EMP-69"))
        return True
    ctx.emit(HiddenChanged(unit=u.id, hidden=False, reason=f"spotted by {', '.join(seen_by)}",
                           rule="EMP-69"))
    if ctx.state.round == 1:
        for o in ctx.state.units:
            e = is_emp(o)
            if e.side != u.side and e.surprised == "round":
                ctx.emit(Surprised(unit=e.id, until="", reason=f"{u.id}'s failed attempt to "
                                   "hide squanders the advantage", rule="EMP-64 (a)"))
    return False
