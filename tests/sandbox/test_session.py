"""A headless GM sandbox session (game/sandbox/): place, turn, step an exchange with the
GM's dice, take it back and forth, switch rulesets, export -- what the sandbox window does,
without a window."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.maps import load_map
from game.render.picture_export import export_png
from game.sandbox import Sandbox, SandboxError, map_template
from rules.commands import Declare
from rules.engine import catalogue, ruleset_of
from rules.hexgrid import Hex
from rules.state import state_hash
from tests.fallen_empire.helpers import fe
from tests.wording import slips

MAPS = Path(__file__).resolve().parents[2] / "maps"


def open_field() -> Sandbox:
    return Sandbox(fe().side("men", True).side("orcs").build())


def three(sb: Sandbox) -> None:
    sb.place("fighting_man", "men", (0, 0), facing=0, unit_id="f", name="Aldric")
    sb.place("orc", "orcs", (1, 0), facing=3, unit_id="o")
    sb.place("pikeman", "men", (-1, 2), facing=0)


def test_a_session_place_turn_step_undo_redo_switch_export(tmp_path):
    sb = open_field()
    assert sb.position == 0 and not sb.can_undo and sb.state.units == ()
    three(sb)
    assert sb.entries[-1].subject == "pikeman_1"
    assert {u.id for u in sb.state.units} == {"f", "o", "pikeman_1"}
    sb.rotate("o", 3)  # the orc turns its back on Aldric
    assert sb.state.unit("o").facing == 0

    # Step the exchange: every modifier, its rule, the running total, the number needed.
    view = sb.exchange_steps("f", "o")
    assert [(s.stage, s.reason, s.value, s.rule, s.running) for s in view.steps] == [
        ("to hit", "rear attack", 2, "FE-20", 2),
        ("to hit", "no shield against a rear attack", 0, "FE-20", 2)]
    assert (view.needed, view.to_hit_total, view.roll_needed, view.weapon) == (12, 2, 10,
                                                                               "Sword")
    assert view.odds.hit == pytest.approx(0.55) and not view.rolled

    before = state_hash(sb.state)
    rolled = sb.roll_exchange("f", "o", dice=[12, 4])  # the GM's own dice
    assert rolled.rolled and rolled.dice == (12, 4)
    assert (rolled.roll, rolled.total, rolled.hit, rolled.damage) == (12, 14, True, 4)
    assert rolled.damage_dice == "1d8" and rolled.damage_roll == 4
    assert rolled.target_hp == (5, 1) and sb.state.unit("o").hp == 1
    assert rolled.outcome == "a hit on Orc for 4 (Orc had 5 HP, now 1)"
    assert any("rolled 12" in line for line in rolled.narration)
    assert rolled.position == sb.position == 5
    after = state_hash(sb.state)

    sb.undo()
    assert state_hash(sb.state) == before and sb.can_redo
    sb.redo()
    assert state_hash(sb.state) == after

    labels = [t.label for t in sb.timeline()]
    assert labels == [
        "Opening: test position (Fallen Empire)",
        "Place Aldric (the men) at M13, facing east",
        "Place an orc (the orcs) at N13, facing west",
        "Place a pikeman (the men) at M15, facing east",
        "Turn Orc to face east",
        "Exchange: Aldric melee on Orc: rolled 12, a hit for 4"]
    assert [t.rolled for t in sb.timeline()] == [False] * 5 + [True]

    # Switch to Empress: the same figures on the same hexes, facing the same way.
    assert "empress" in {rid for rid, _, _ in catalogue()}
    report = sb.switch_ruleset("empress")
    assert sb.state.ruleset == "empress" and sb.timeline()[-1].kind == "switch"
    assert {m.unit for m in report.mapped} | {m.unit for m in report.unmapped} == {
        "f", "o", "pikeman_1"}
    for m in report.mapped:
        new, old = sb.state.unit(m.unit), sb.state_at(5).unit(m.unit)
        assert (new.pos, new.facing, new.template) == (old.pos, old.facing, m.new_template)
    assert sb.state.unit("f").name == "Aldric"
    sb.undo()
    assert state_hash(sb.state) == after and sb.state.ruleset == "fallen_empire"

    # Export the position: a map that loads, a picture of the right size, the transcript.
    tmx = sb.export_tmx(tmp_path / "lesson.tmx", "Lesson")
    loaded = load_map(tmx.path)
    assert {u.id for u in loaded.setup.units} == {"f", "o", "pikeman_1"}
    assert loaded.ruleset == "fallen_empire" and loaded.title == "Lesson"
    png = export_png(sb.state, tmp_path / "lesson.png", (400, 300), "threat",
                     scenario=sb.scenario)
    assert pygame.image.load(str(png)).get_size() == (400, 300)
    md = sb.transcript("Lesson")
    (tmp_path / "lesson.md").write_text(md)
    assert "### Exchange 1: Aldric attacks Orc" in md
    assert "| rear attack | +2 | FE-20 | to hit |" in md
    assert "## 5. Exchange: Aldric melee on Orc: rolled 12, a hit for 4" in md


def test_undo_and_redo_are_unlimited_and_a_new_step_drops_the_undone_ones():
    sb = open_field()
    three(sb)
    hashes = [state_hash(sb.state_at(n)) for n in range(sb.position + 1)]
    for _ in range(20):
        sb.rotate("f", 1)
    assert sb.position == 23
    while sb.can_undo:
        sb.undo()
    assert sb.position == 0 and state_hash(sb.state) == hashes[0]
    assert all(not t.active for t in sb.timeline()[1:])
    while sb.can_redo:
        sb.redo()
    assert sb.position == 23 and sb.state.unit("f").facing == 20 % 6
    sb.goto(3)
    assert state_hash(sb.state) == hashes[3]
    assert len(sb.entries) == 23  # undone, not deleted
    sb.move("f", (0, -3))  # a new step here replaces the 20 turns
    assert len(sb.entries) == 4 and not sb.can_redo
    assert sb.timeline()[-1].label == "Move Aldric to K10, facing east"
    with pytest.raises(SandboxError, match="no position 9"):
        sb.goto(9)
    # The log alone rebuilds every position.
    assert [state_hash(s) for s in sb.replayed()] == [
        state_hash(sb.state_at(n)) for n in range(len(sb.entries) + 1)]


def test_set_a_die_then_reroll():
    """"What if it had been a 2": the GM sets the first die; re-roll is undo + a fresh roll."""
    sb = open_field()
    three(sb)
    miss = sb.roll_exchange("f", "o", dice=[2])
    assert miss.rolled and miss.hit is False and miss.dice == (2,)
    assert miss.outcome == "a miss" and sb.state.unit("o").hp == 5
    at = sb.position
    again = sb.reroll()
    assert sb.position == at and again.rolled and again.roll is not None
    assert sb.entries[-1].events != () and len(sb.entries) == at
    with pytest.raises(SandboxError, match="rules rolled a d20"):
        sb.roll_exchange("f", "o", dice=[25])
    sb.rotate("f", 1)
    with pytest.raises(SandboxError, match="not an exchange"):
        sb.reroll()


def test_what_if_any_attacker_any_target_from_any_hex():
    """The orc's odds from behind Aldric (FE-20: +2, no shield) without moving it."""
    sb = open_field()
    three(sb)
    front = sb.what_if("o", "f")
    behind = sb.what_if("o", "f", from_hex=(-1, 0))
    assert {m.rule for m in behind.modifiers} == {"FE-20"}
    assert behind.hit > front.hit
    steps = sb.exchange_steps("o", "f", from_hex=(-1, 0))
    assert [s.stage for s in steps.steps] == ["to hit", "to hit"]
    # A pikeman on Aldric, his own side: the GM may ask anything.
    assert sb.what_if("pikeman_1", "f").needed > 0
    assert sb.what_if("o", "f", subdual=True).hit < front.hit  # FE-34: -2
    with pytest.raises(SandboxError, match="missile"):
        sb.what_if("f", "o", kind="missile")
    with pytest.raises(SandboxError, match="itself"):
        sb.what_if("f", "f")
    assert sb.position == 3  # nothing changed


def test_compare_the_exchange_under_every_ruleset():
    sb = open_field()
    three(sb)
    rows = sb.compare_rulesets("f", "o")
    assert [r.ruleset for r in rows] == [rid for rid, _, _ in catalogue()]
    fe_row = rows[0]
    assert fe_row.ok and fe_row.live and fe_row.hit_pct == pytest.approx(40.0)
    assert fe_row.cells()[4] == "-1 o's shield — FE-30"
    for row in rows[1:]:
        assert row.ok or row.problem
        if row.ok:
            assert 0 <= row.hit_pct <= 100 and row.mean_damage >= 0 and row.modifiers


def test_a_figure_with_no_equivalent_is_reported(monkeypatch):
    """A ruleset that knows only swordsmen: the orc has no equivalent and is named, not
    silently dropped; the comparison says so too, every line in a player's words (figures
    and templates by name, never "o, pikeman_1")."""
    empress = type(ruleset_of("empress"))
    monkeypatch.setattr(empress, "archetypes", lambda self: {"swordsman": "fighting_man"})
    monkeypatch.setattr(empress, "templates", lambda self: ["fighting_man", "ogre"])
    fallen = ruleset_of("fallen_empire")
    assert map_template("fighting_man", fallen, ruleset_of("empress")) == (
        "fighting_man", "archetype swordsman")
    sb = open_field()
    three(sb)
    rows = {r.ruleset: r for r in sb.compare_rulesets("f", "o")}
    assert rows["empress"].problem == "no equivalent for Orc"
    before = sb.state  # the position the report speaks of
    report = sb.switch_ruleset("empress")
    assert [m.unit for m in report.mapped] == ["f"]
    assert [(m.unit, m.old_template) for m in report.unmapped] == [
        ("o", "orc"), ("pikeman_1", "pikeman")]
    assert not report.complete
    assert "Empress has no orc" in report.unmapped[0].via
    assert "Orc: no equivalent for Orc (Empress has no orc); left off the board" in (
        report.lines())
    assert "Aldric: Fighting-Man becomes Fighting-Man (archetype swordsman)" in report.lines()
    label = sb.timeline()[-1].label
    assert label.endswith("no equivalent for Orc and Pikeman")
    for line in [*report.lines(), label, rows["empress"].problem]:
        assert not slips(line, before), (line, slips(line, before))
    assert [u.id for u in sb.state.units] == ["f"]


def test_play_starts_again_from_the_position_with_wounds_and_rulings_kept():
    """An empty board ends at once (nobody is left standing); after placing figures the GM
    starts play from there: the same ruleset, wounds, edits and rulings kept, round 1."""
    sb = open_field()
    assert sb.state.outcome is not None and sb.decider is None
    three(sb)
    sb.override("rear_hit", 4)
    sb.edit("f", weapon="pole_arm")
    sb.roll_exchange("f", "o", dice=[15, 3])
    assert sb.state.unit("o").hp == 2
    report = sb.restart_play()
    assert report.complete and report.carried_options == (
        "morale_enabled", "rear_hit", "surprise_enabled")
    assert [m.via for m in report.mapped] == ["same ruleset"] * 3
    st = sb.state
    assert st.outcome is None and sb.decider == "men" and st.round == 1
    assert st.unit("o").hp == 2 and st.option("rear_hit", 2) == 4
    assert (st.unit("f").weapon, st.unit("f").reach_ft, st.unit("f").name) == (
        "pole_arm", 10, "Aldric")
    assert sb.timeline()[-1].label == "Start play again from here (Fallen Empire, 3 figures)"
    assert [state_hash(s) for s in sb.replayed()][-1] == state_hash(st)


def test_edits_flags_and_rulings():
    sb = open_field()
    three(sb)
    fields = sb.editable_fields("f")
    assert "id" not in fields and "pos" not in fields and "side" not in fields
    assert fields["weapon"].value == "sword" and "pike" in fields["weapon"].allowed
    assert "light_crossbow" in fields["missile"].allowed and "" in fields["missile"].allowed
    assert fields["hp"].type == "int" and fields["mounted"].allowed == (False, True)
    sb.edit("f", weapon="pole_arm", hp="3")
    f = sb.state.unit("f")
    assert (f.weapon, f.hp, f.reach_ft) == ("pole_arm", 3, 10)  # reach redone (R-POS-REACH)
    with pytest.raises(SandboxError, match="not in the Fallen Empire tables"):
        sb.edit("f", weapon="laser")

    names = {fl.name: fl for fl in sb.flags("f")}
    assert {"declared", "oa_used", "charged"} <= set(names)
    assert names["oa_used"].topic == "acted" and names["oa_used"].value is False
    sb.set_flag("f", "oa_used", True)
    assert sb.state.unit("f").oa_used is True
    with pytest.raises(SandboxError, match="no flag 'prone'"):
        sb.set_flag("f", "prone", True)

    rulings = {r.key: r for r in sb.rulings()}
    assert rulings["rear_hit"].value == 2 and rulings["rear_hit"].kind == "rule"
    assert not rulings["rear_hit"].gm_call and "FE-20" in rulings["rear_hit"].source
    assert rulings["charge_ac_penalty"].gm_call  # FE-17 reading (a)
    assert rulings["shieldmates_stack"].kind == "ruling"  # R-FE-SHIELDMATE-STACK
    sb.override("rear_hit", 3)
    rulings = {r.key: r for r in sb.rulings()}
    assert rulings["rear_hit"].value == 3 and rulings["rear_hit"].overridden
    with pytest.raises(SandboxError, match="no ruling 'gravity'"):
        sb.override("gravity", 1)


def test_play_commands_for_whoever_must_decide():
    sb = open_field()
    three(sb)
    sb.restart_play()
    side = sb.decider
    assert side == "men" and sb.legal()
    entry = sb.apply(Declare(unit="f", action="melee"))
    assert entry.kind == "play" and entry.label.startswith("Aldric declares: melee")
    assert sb.state.unit("f").declared == "melee"
    with pytest.raises(SandboxError):
        sb.apply(Declare(unit="o", action="melee"))  # not the orcs' turn to declare
    sb.undo()
    assert sb.state.unit("f").declared == ""


def test_refusals_change_nothing():
    sb = open_field()
    three(sb)
    at = sb.position
    for bad in (lambda: sb.place("orc", "orcs", (0, 0)),  # taken
                lambda: sb.place("dragon", "orcs", (5, 5)),
                lambda: sb.place("orc", "elves", (5, 5)),
                lambda: sb.move("nobody", (5, 5)),
                lambda: sb.delete("nobody"),
                lambda: sb.edit("f"),
                lambda: sb.switch_ruleset("chess")):
        with pytest.raises(SandboxError):
            bad()
    assert sb.position == at and len(sb.entries) == at


def test_a_map_opened_under_another_ruleset():
    sb = Sandbox.from_map(MAPS / "duel.tmx", ruleset="empress")
    assert sb.state.ruleset == "empress" and sb.opening_report is not None
    placed = {u.id: u for u in sb.state.units}
    original = {u.id: u for u in load_map(MAPS / "duel.tmx").setup.units}
    for m in sb.opening_report.mapped:
        assert placed[m.unit].pos == Hex(*original[m.unit].pos)
    assert {m.unit for m in sb.opening_report.mapped + sb.opening_report.unmapped} == set(
        original)


def test_the_palette_is_the_rulesets_templates():
    sb = open_field()
    items = {p.template: p for p in sb.palette()}
    assert set(items) == set(ruleset_of("fallen_empire").templates())
    assert (items["pikeman"].name, items["pikeman"].glyph, items["pikeman"].archetype) == (
        "Pikeman", "P", "pikeman")


def test_the_sandbox_modules_run_without_pygame():
    """DESIGN.md: headless parts of game/ never import pygame (only export_png does, when
    called)."""
    import subprocess
    import sys

    code = ("import sys, game.sandbox, game.overlay_facts; "
            "sb = game.sandbox.Sandbox.from_map('maps/duel.tmx'); "
            "sb.roll_exchange('champion', 'orc'); sb.transcript(); "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, env={"PYTHONPATH": str(root), "PATH": ""}, timeout=60)
    assert done.returncode == 0, done.stderr
