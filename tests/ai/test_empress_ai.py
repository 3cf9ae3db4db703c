"""Empress hooks of the computer players: the round's order, the worth of felling a foe who
has yet to act, holds (EMP-01..04), pure defence (EMP-62) and stepping round a shield."""

from __future__ import annotations

from dataclasses import replace

from game.ai import Tactician
from game.ai.empress import FELL_FIRST, FELLS_HIM, HOOKS, _order
from game.ai.hooks import Strike, hooks_for
from game.ai.model import Memory, Model
from rules.builder import Scenario
from rules.commands import Attack, Choose, Command
from rules.engine import decider, legal_commands, start
from rules.state import Battle


def _battle(gap: int = 8) -> Battle:
    sc = Scenario("empress", seed=1, radius=10, title="t").side("a").side("b")
    sc.unit("a0", "fighting_man", "a", (-gap // 2, 0), facing=0)
    sc.unit("a1", "thief", "a", (-gap // 2, 1), facing=0)
    sc.unit("b0", "fighting_man", "b", (gap - gap // 2, 0), facing=3)
    sc.unit("b1", "thief", "b", (gap - gap // 2, 1), facing=3)
    st = start(sc.build())
    return st[0] if isinstance(st, tuple) else st


def test_the_empress_hooks_are_registered() -> None:
    assert hooks_for("empress") is HOOKS


def test_ties_in_a_segment_go_by_initiative_agility_then_id() -> None:
    st = _battle()
    a0, b0 = st.unit("a0"), st.unit("b0")
    a0 = replace(a0, segment=10, initiative=1, agility=10)
    b0 = replace(b0, segment=10, initiative=1, agility=10)
    assert _order(a0) < _order(b0)  # same everything: a0 by id
    assert _order(replace(b0, initiative=2)) < _order(a0)
    assert _order(replace(b0, segment=11)) < _order(a0)


def test_felling_a_foe_who_has_not_acted_is_worth_more() -> None:
    st = _battle()
    m = Model(st, "a", HOOKS, Memory())
    b0 = st.unit("b0")
    assert HOOKS.fall_value(m, b0) > 0
    assert HOOKS.fall_value(m, replace(b0, spent="turn")) == 0.0


def _punch(unit: str, target: str) -> Attack:
    """`unit`'s blow at `target`, opened with a sucker punch: the tactician's opening blow
    while neither has struck or been struck (EMP-70)."""
    return Attack(unit=unit, target=target, options=("sucker_punch",))


def _turn(st: Battle) -> tuple[Battle, str, list[Command]]:
    side = decider(st)
    return st, side, legal_commands(st, side)


def test_a_figure_out_of_reach_holds_and_one_in_reach_does_not() -> None:
    st, side, legal = _turn(_battle(gap=12))
    m = Model(st, side, HOOKS, Memory())
    uid = st.top.unit
    assert not any(isinstance(c, Attack) and c.unit == uid for c in legal)
    pick = HOOKS.turn_option(Tactician(seed=1), m, legal)
    assert pick == Choose(unit=uid, option="hold")
    # the greedy player never holds (a figure with a blow on offer: the tests below)
    greedy = type("G", (), {"myopic": True})()
    assert HOOKS.turn_option(greedy, m, legal) is None


def _fells(m: Model, foe: str, unit: str) -> float:
    """How surely `foe`'s blow from `unit`'s front fells him (what `_fellable` weighs)."""
    u = m.units[unit]
    return m.fodds(Strike(foe, unit, "melee", from_hex=u.pos.neighbor(u.facing))).kill


def _back(st: Battle, unit: str) -> tuple[Model, list[Command]]:
    """`unit` asked again after a hold, in `st`'s position: his model and legal list."""
    st = st.replace_top(replace(st.top, unit=unit, from_hold=True))
    side = decider(st)
    return Model(st, side, HOOKS, Memory()), legal_commands(st, side)


def test_a_cutpurse_back_from_a_hold_holds_on_while_a_foe_who_could_fell_him_is_to_act(
        ) -> None:
    """Twelve hexes from the foe, nobody in reach: b0's sword fells the cutpurse (5 HP,
    leather) one blow in five, and b0 can walk to anywhere the cutpurse could walk to, so
    he holds on (−2 to be hit, EMP-03) rather than walk up before b0 has acted."""
    st, _, _ = _turn(_battle(gap=12))
    m, legal = _back(st, "a1")
    assert not any(isinstance(c, Attack) for c in legal)
    assert _fells(m, "b0", "a1") >= FELLS_HIM
    assert HOOKS.turn_option(Tactician(seed=1), m, legal) == Choose(unit="a1", option="hold")
    # once the foes have acted there is nobody left to wait for: he acts
    done = st.update_unit("b0", spent="turn").update_unit("b1", spent="turn")
    m, legal = _back(done, "a1")
    assert HOOKS.turn_option(Tactician(seed=1), m, legal) is None
    # nor is a foe who holds himself waited for: he may wait as long
    m, legal = _back(st.update_unit("b0", holding=True).update_unit("b1", holding=True), "a1")
    assert HOOKS.turn_option(Tactician(seed=1), m, legal) is None


def test_a_fighter_back_from_a_hold_is_not_held_again() -> None:
    """A fighter in mail with a shield is not felled by one blow of a sword or a short
    sword: back from his hold he acts."""
    st, _, _ = _turn(_battle(gap=12))
    m, legal = _back(st, "a0")
    assert _fells(m, "b0", "a0") < FELLS_HIM and _fells(m, "b1", "a0") < FELLS_HIM
    assert HOOKS.turn_option(Tactician(seed=1), m, legal) is None


def test_a_cutpurse_comes_in_after_the_foes_who_could_fell_him_have_acted() -> None:
    """Played through: the cutpurse (segment 14) holds, holds on while the foe's fighter
    (segment 11) has yet to act, and acts in the segment after the fighter has."""
    from game.ai import GreedyAI
    from rules.engine import submit

    st = _battle(gap=12)
    tactician, greedy = Tactician(seed=1), GreedyAI(seed=1)
    seen: list[tuple[int, bool, str]] = []  # (segment, b0 spent?, what the cutpurse did)
    while st.round == 1 and decider(st) is not None:
        side = decider(st)
        legal = legal_commands(st, side)
        if getattr(st.top, "unit", "") == "a1":
            cmd = tactician.choose(st, side, legal)
            seen.append((st.system.segment, bool(st.unit("b0").spent),
                         getattr(cmd, "option", type(cmd).__name__)))
        else:
            cmd = greedy.choose(st, side, legal)
        st, _ = submit(st, cmd)
    holds = [s for s in seen if s[2] == "hold"]
    assert len(holds) >= 2 and all(not spent for _, spent, _ in holds)
    acted = [s for s in seen if s[2] != "hold"]
    assert acted and acted[0][1], seen  # he acts only once b0 has
    assert acted[0][0] < 11


def test_a_figure_with_no_blow_takes_pure_defence_where_greedy_passes() -> None:
    """EMP-62: pure defence costs a figure that will not strike nothing, and he still may
    take his opportunity attacks (R-EMP-OA); the greedy player just passes."""
    from game.ai import GreedyAI
    from rules.commands import Pass

    st, side, _ = _turn(_battle(gap=16))
    st = st.replace_top(replace(st.top, moved=True))  # walked his fill, nobody in reach
    legal = legal_commands(st, side)
    uid = st.top.unit
    assert not any(isinstance(c, Attack) for c in legal)
    assert Tactician(seed=1).choose(st, side, legal) == Choose(unit=uid, option="pure_defense")
    assert GreedyAI(seed=1).choose(st, side, legal) == Pass(unit=uid)


def _beside_a_shield(spent: str) -> Battle:
    """a0 at the front edge of b0's shield (b0 faces a1), one step from b0's flank."""
    from rules.hexgrid import Hex

    b = Hex(0, 0)
    sc = Scenario("empress", seed=1, radius=8, title="t").side("a").side("b")
    sc.unit("a0", "fighting_man", "a", tuple(b.neighbor(4)), facing=1)
    sc.unit("a1", "fighting_man", "a", tuple(b.neighbor(3)), facing=0)
    sc.unit("b0", "fighting_man", "b", (0, 0), facing=3)
    st, _ = start(sc.build())
    return st.update_unit("b0", spent=spent)


def test_a_figure_steps_round_a_shield_before_striking_when_the_step_is_safe() -> None:
    """EMP-21 (a): a shield guards its bearer's front only.  b0 has spent his action, so he
    cannot strike a0 for moving past him (R-EMP-OA): a0 steps to b0's flank and strikes there,
    past the shield; the greedy player strikes from where he stands."""
    from game.ai import GreedyAI
    from rules.commands import Move
    from rules.engine import submit
    from rules.hexgrid import Hex, arc_of

    st = _beside_a_shield(spent="turn")
    side = decider(st)
    legal = legal_commands(st, side)
    assert Attack(unit="a0", target="b0") in legal
    step = Tactician(seed=1).choose(st, side, legal)
    assert isinstance(step, Move) and step.unit == "a0"
    b0 = st.unit("b0")
    end = Hex(*step.path[-1])
    assert end.distance(b0.pos) == 1 and arc_of(b0.facing, b0.pos, end) != "front"
    st2, _ = submit(st, step)
    blow = Tactician(seed=1).choose(st2, decider(st2), legal_commands(st2, decider(st2)))
    # the plain blow, opened with a sucker punch since neither is in a fight yet (EMP-70)
    assert blow == _punch("a0", "b0")
    _, events = submit(st2, blow)
    rolled = next(e for e in events if e.type == "emp_attack_rolled")
    assert any("shield not toward" in m.reason for m in rolled.hc_modifiers)
    assert GreedyAI(seed=1).choose(st, side, legal) == Attack(unit="a0", target="b0")


def test_a_figure_does_not_slide_past_a_foe_who_would_strike_him_for_it() -> None:
    """EMP-57: moving past a foe provokes him; b0 has not acted, so the step round his
    shield would cost a0 a free blow and maybe the step itself: a0 stays where he is (and
    strikes, or holds for +1)."""
    from rules.commands import Move

    st = _beside_a_shield(spent="")
    side = decider(st)
    assert st.top.unit == "a0"
    legal = legal_commands(st, side)
    pick = Tactician(seed=1).choose(st, side, legal)
    assert not isinstance(pick, Move)
    assert pick in (_punch("a0", "b0"), Choose(unit="a0", option="hold"))


def _face_to_face(foe: str) -> Battle:
    sc = Scenario("empress", seed=1, radius=8, title="t").side("a").side("b")
    sc.unit("a0", "fighting_man", "a", (0, 0), facing=0)
    sc.unit("b0", foe, "b", (1, 0), facing=3)
    st, _ = start(sc.build())
    return st


def test_a_figure_holds_a_segment_for_plus_one_when_no_foe_would_act_in_between() -> None:
    """EMP-02/04: the fighter (segment 11) faces a dwarf who acts in segment 9.  Holding costs
    him nothing -- holders are asked first in the next segment -- and buys +1 on a foe who
    has not acted; the greedy player just strikes."""
    from game.ai import GreedyAI
    from rules.engine import submit

    st = _face_to_face("dwarf")
    side = decider(st)
    assert st.top.unit == "a0" and st.unit("b0").segment < st.unit("a0").segment
    legal = legal_commands(st, side)
    assert Attack(unit="a0", target="b0") in legal
    assert GreedyAI(seed=1).choose(st, side, legal) == Attack(unit="a0", target="b0")
    ai = Tactician(seed=1)
    assert ai.choose(st, side, legal) == Choose(unit="a0", option="hold")
    st, _ = submit(st, Choose(unit="a0", option="hold"))
    while decider(st) is not None and getattr(st.top, "unit", "") != "a0":
        st, _ = submit(st, ai.choose(st, decider(st), legal_commands(st, decider(st))))
    assert st.top.from_hold and st.unit("b0").spent == ""
    blow = ai.choose(st, decider(st), legal_commands(st, decider(st)))
    assert blow == _punch("a0", "b0")
    _, events = submit(st, blow)
    rolled = next(e for e in events if e.type == "emp_attack_rolled")
    assert any(m.rule == "EMP-04" and m.value == 1 for m in rolled.modifiers)


def test_a_figure_strikes_now_a_foe_he_might_fell_before_the_foe_acts() -> None:
    """The fighter and an unarmoured magician act in the same segment, the fighter first.
    Were he to hold, the magician would act before him; struck now, he may never act."""
    st = _face_to_face("magic_user")
    side = decider(st)
    assert st.top.unit == "a0" and st.unit("b0").segment == st.unit("a0").segment
    legal = legal_commands(st, side)
    assert Tactician(seed=1).choose(st, side, legal) == _punch("a0", "b0")


def test_a_figure_holds_against_a_foe_he_cannot_fell_who_would_strike_him() -> None:
    """Two fighters in the same segment, a0 first: a sword seldom fells a 9-HP fighter in
    mail, so a0 holds and lets b0 come first -- at -2 to hit a holder (EMP-03)."""
    st = _face_to_face("fighting_man")
    side = decider(st)
    assert st.top.unit == "a0" and st.unit("b0").segment == st.unit("a0").segment
    legal = legal_commands(st, side)
    assert Tactician(seed=1).choose(st, side, legal) == Choose(unit="a0", option="hold")


def _thief_beside(in_fight: bool) -> Battle:
    sc = Scenario("empress", seed=1, radius=8, title="t").side("a").side("b")
    sc.unit("a0", "thief", "a", (0, 0), facing=0)
    sc.unit("b0", "fighting_man", "b", (1, 0), facing=3)
    st, _ = start(sc.build())
    st = st.update_unit("a0", segment=30)  # the cutpurse comes first
    return st.update_unit("b0", in_fight=True) if in_fight else st


def _back_from_hold(st: Battle, unit: str) -> Battle:
    """Hold `unit` (EMP-02) and let the greedy player play until `unit` is asked again."""
    from game.ai import GreedyAI
    from rules.engine import submit

    st, _ = submit(st, Choose(unit=unit, option="hold"))
    while getattr(st.top, "unit", "") != unit:
        side = decider(st)
        st, _ = submit(st, GreedyAI(seed=1).choose(st, side, legal_commands(st, side)))
    assert st.top.from_hold
    return st


def test_a_cutpurse_opens_the_fight_with_a_sucker_punch() -> None:
    """EMP-70 (R-EMP-SUCKER-PUNCH): while neither has struck or been struck, the cutpurse's
    blow may be a sucker punch -- Deception against Wits, the foe surprised and open to the
    sneak attack (EMP-65) if it works, the same blow if it does not.  The tactician holds a
    segment first (+1 on a foe yet to act, EMP-04), then takes it; the greedy player strikes
    plainly; once the foe is in a fight it is not offered and the blow is the plain one."""
    from game.ai import GreedyAI
    from rules.engine import scripted, submit
    from rules.systems.empress.events import EmpAttackRolled, Surprised
    from rules.systems.empress.round_events import ActionLost
    from tests.empress.helpers import mods, only

    st = _thief_beside(in_fight=False)
    side = decider(st)
    assert st.top.unit == "a0"
    legal = legal_commands(st, side)
    punch = Attack(unit="a0", target="b0", options=("sucker_punch",))
    assert punch in legal
    assert GreedyAI(seed=1).choose(st, side, legal) == Attack(unit="a0", target="b0")
    assert Tactician(seed=1).choose(st, side, legal) == Choose(unit="a0", option="hold")
    st = _back_from_hold(st, "a0")
    pick = Tactician(seed=1).choose(st, side, legal_commands(st, side))
    assert pick == punch
    # Deception 2 (of 3), Wits 5: b0 is surprised, and the blow takes the sneak attack's +3
    after, ev = submit(st, pick, scripted(2, 5, 10, 2))
    assert only(ev, Surprised).rule == "EMP-70"
    rolled = mods(only(ev, EmpAttackRolled))  # b0 never strikes back this round
    assert rolled["EMP-65"] == 3 and rolled["EMP-04"] == 1
    lost = only(ev, ActionLost)  # his turn comes up, and he loses it
    assert (lost.unit, lost.reason) == ("b0", "surprised") and after.round == 2
    st2 = _thief_beside(in_fight=True)
    side2 = decider(st2)
    assert punch not in legal_commands(st2, side2)
    st2 = _back_from_hold(st2, "a0")
    assert Tactician(seed=1).choose(st2, side2, legal_commands(st2, side2)) == Attack(
        unit="a0", target="b0")


def test_the_greedy_player_walks_at_the_foe_when_no_blow_is_in_reach() -> None:
    """The greedy player gives no thought to the foe's replies: with nobody in reach, the
    fighter walks his full move at the nearest foe rather than standing off (a shortlist
    that weighed the foe's threats once left him only moves away, and he passed)."""
    from game.ai import GreedyAI
    from rules.commands import Move
    from rules.engine import submit
    from rules.hexgrid import Hex
    from rules.scenarios import mirror_skirmish

    st, _ = start(mirror_skirmish("empress"))  # bench/ai.py's bands, eight hexes apart
    greedy = GreedyAI(seed=1)
    players = {"a": Tactician(seed=1), "b": greedy}  # side a holds: nobody comes to b0
    while getattr(st.top, "unit", "") != "b0":
        side = decider(st)
        st, _ = submit(st, players[side].choose(st, side, legal_commands(st, side)))
    side = decider(st)
    legal = legal_commands(st, side)
    assert not any(isinstance(c, Attack) for c in legal)
    cmd = greedy.choose(st, side, legal)
    assert isinstance(cmd, Move), cmd
    b0 = st.unit("b0")
    foes = [u.pos for u in st.units if u.side == "a" and u.pos is not None]
    end = Hex(*cmd.path[-1])
    before = min(b0.pos.distance(p) for p in foes)
    assert before > 7
    assert min(end.distance(p) for p in foes) == before - 6  # his full move, 30 ft


def _bow_and(foe: str, gap: int, bowman_side: str = "b") -> Battle:
    """An elf with a longbow (range 40 hexes) and `foe`, `gap` hexes apart on open ground."""
    sc = Scenario("empress", seed=1, radius=11, title="t").side("a").side("b")
    if bowman_side == "a":
        sc.unit("a0", "elf", "a", (-gap // 2, 0), facing=0)
        sc.unit("b0", foe, "b", (gap - gap // 2, 0), facing=3)
    else:
        sc.unit("a0", foe, "a", (-gap // 2, 0), facing=0)
        sc.unit("b0", "elf", "b", (gap - gap // 2, 0), facing=3)
    st, _ = start(sc.build())
    return st


def test_a_magician_holds_on_while_a_bowman_who_could_fell_him_is_still_to_act() -> None:
    """Twenty hexes from an elf: no walk brings the magician (4 HP, 8 hexes a round) and the
    elf (8 hexes) within a sword's reach of each other, but the longbow reaches him wherever
    he walks and fells him about one arrow in four.  Back from his hold he holds on (−2 to
    be hit, EMP-03) until the bowman has shot; the same elf without his bow is no threat
    from that far off."""
    st = _bow_and("magic_user", 20)
    m, legal = _back(st, "a0")
    front = m.units["a0"].pos.neighbor(m.units["a0"].facing)
    assert m.fodds(Strike("b0", "a0", "melee", from_hex=front)).kill >= FELLS_HIM  # if he got there
    arrow = m.fodds(Strike("b0", "a0", "missile", from_hex=st.unit("b0").pos)).kill
    assert arrow >= FELLS_HIM
    assert HOOKS.turn_option(Tactician(seed=1), m, legal) == Choose(unit="a0", option="hold")
    m, legal = _back(_bow_and("magic_user", 20).update_unit("b0", missile=""), "a0")
    assert HOOKS.turn_option(Tactician(seed=1), m, legal) is None


def test_a_bowman_weighs_his_arrow_not_a_blow_he_cannot_strike_when_he_holds() -> None:
    """EMP-02..04: an elf ten hexes from a magician who holds (and so may act before the
    elf comes back from a hold).  An arrow fells the magician about one time in five, under
    the bar for striking now rather than holding; a sword blow would fell him one time in
    three -- but the magician is ten hexes off, so the sword is not what the elf would use."""
    st = _bow_and("magic_user", 10, bowman_side="a").update_unit("b0", holding=True)
    side = decider(st)
    assert st.top.unit == "a0"
    m = Model(st, side, HOOKS, Memory())
    assert m.fodds(Strike("a0", "b0", "missile")).kill < FELL_FIRST
    assert m.fodds(Strike("a0", "b0", "melee")).kill >= FELL_FIRST  # the wrong yardstick
    legal = legal_commands(st, side)
    assert any(isinstance(c, Attack) and c.weapon for c in legal)  # the bow is on offer
    assert Tactician(seed=1).choose(st, side, legal) == Choose(unit="a0", option="hold")


def test_the_tactician_counts_an_empress_kill_at_four_hit_points_and_greedy_at_three() -> None:
    """The kill bonus is the tactician's tuning for Empress (`EmpressHooks.kill_bonus`); the
    greedy player's worth stays the plain one.  A blow sure to fell b0 (9 HP, his action
    spent, so nothing more rides on it) costs b's side his striking power times 9 + 4."""
    from game.ai import GreedyAI
    from game.ai.hooks import K_KILL
    from game.ai.model import FOdds

    st = _battle().update_unit("b0", spent="turn")
    tm, gm = Tactician(seed=1).model(st, "a"), GreedyAI(seed=1).model(st, "a")
    assert (tm.k_kill, gm.k_kill) == (HOOKS.kill_bonus, K_KILL) == (4.0, 3.0)
    b0 = tm.units["b0"]
    sure = FOdds(1.0, ((b0.hp, 1.0),), 1.0)
    assert tm.harm(b0, sure) == tm.off(b0) * (b0.hp + 4.0)
    assert gm.harm(b0, sure) == gm.off(b0) * (b0.hp + 3.0)


def _elf_before_a_dwarf() -> Battle:
    """An elf five hexes in front of a dwarf who has yet to act (four hexes' walk and the
    axe's reach: just enough to come to the elf), a magician ten hexes off."""
    sc = Scenario("empress", seed=1, radius=10, title="t").side("a").side("b")
    sc.unit("a0", "elf", "a", (-3, 0), facing=0)
    sc.unit("b0", "dwarf", "b", (2, 0), facing=3)
    sc.unit("b1", "magic_user", "b", (7, 0), facing=3)
    st, _ = start(sc.build())
    return st


def test_a_bowman_steps_back_out_of_a_foes_walk_and_then_shoots() -> None:
    """R-EMP-TURN: in his segment a figure moves, then takes his action, an arrow too.  Back
    from his hold, with the dwarf still to come, the elf steps to where the dwarf cannot
    walk into reach of him this round and shoots from there -- so that he is not engaged
    next round, when he could not shoot at all (R-EMP-MISSILE-ENGAGED).  The greedy player
    shoots from where he stands."""
    from game.ai import GreedyAI
    from rules.commands import Move
    from rules.engine import submit
    from rules.hexgrid import Hex

    st = _elf_before_a_dwarf()
    m, legal = _back(st, "a0")
    st = m.state
    dwarf = st.unit("b0")
    walk_and_reach = 5
    assert dwarf.pos.distance(st.unit("a0").pos) <= walk_and_reach
    assert any(isinstance(c, Attack) and c.weapon == "long_bow" for c in legal)
    step = Tactician(seed=1).choose(st, "a", legal)
    assert isinstance(step, Move) and step.unit == "a0" and not step.target
    assert Hex(*step.path[-1]).distance(dwarf.pos) > walk_and_reach
    st2, _ = submit(st, step)
    shot = Tactician(seed=1).choose(st2, "a", legal_commands(st2, "a"))
    assert isinstance(shot, Attack) and shot.weapon == "long_bow"
    greedy = GreedyAI(seed=1).choose(st, "a", legal)
    assert isinstance(greedy, Attack) and greedy.weapon == "long_bow"


def test_a_bowman_counts_no_arrow_from_a_hex_where_he_would_be_engaged() -> None:
    """R-EMP-MISSILE-ENGAGED: nobody shoots while engaged in melee, so a hex in a foe's reach
    offers the elf no arrow to weigh (his sword is another matter); a hex out of reach does,
    unless the GM's option lets the engaged shoot."""
    st = _elf_before_a_dwarf()
    m = Model(st, "a", HOOKS, Memory())
    elf, dwarf, magician = m.units["a0"], m.units["b0"], m.units["b1"]
    beside = dwarf.pos.neighbor(3)
    assert not HOOKS.can_strike_from(m, elf, beside, magician, "missile")
    assert HOOKS.can_strike_from(m, elf, beside, magician, "melee")
    assert HOOKS.can_strike_from(m, elf, elf.pos, magician, "missile")
    assert m.opportunity(elf, beside, 0, "missile", 40)[0] == 0.0
    assert m.opportunity(elf, elf.pos, 0, "missile", 40)[0] > 0.0
    from rules.gm import OverrideRuling, gm_submit

    loose, _ = gm_submit(st, OverrideRuling(key="missile_while_engaged", value=True))
    m = Model(loose, "a", HOOKS, Memory())
    assert HOOKS.can_strike_from(m, m.units["a0"], beside, m.units["b1"], "missile")
