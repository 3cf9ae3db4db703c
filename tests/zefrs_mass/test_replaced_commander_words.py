"""A force commander lost and his second in command (ZEF-59, R-ZEF-MASS-SUCCESSION) as the
GM and the players read them on the grid (issue 34): the sandbox's every stage of the round
he is lost in and of the next, where his second leads a unit into a duel (ZEF-70) and
checks its morale (ZEF-78); the stages' labels, the transcripts, the second's card and
ride, the GM's refusals, and the window's log at every stage, each scanned for an id, a
repr or a raw coordinate (tests/wording.py) against the battle in which every figure ever
raised stands, so an id named from a state before the second existed is caught too."""

from __future__ import annotations

import re

import pytest

from game.app import App
from game.sandbox import SandboxError
from game.sandbox.mass import MassSandbox
from game.sandbox.mass_transcript import battle_transcript
from game.ui.mass_sandbox_scene import MassSandboxScene
from rules.engine import ruleset_of, scripted
from rules.systems.zefrs.mass.events import (
    MassCommanderReplaced,
    MassDuelsJoined,
    MassMoraleChecked,
    mass_frame,
)
from tests.ui.window import AtTheWindow
from tests.wording import slips
from tests.zefrs_mass.helpers import WHITE, army, commander, unit

RAW_ID = re.compile(r"\b[a-z]+-commander\d+\b|\b[a-z]+-leader\d*\b")


def _lost_and_replaced() -> MassSandbox:
    """Round 1: Count Trocero leads five riders against the pikes and is captured with them
    (ZEF-79: no friend beside them); his second takes command with the tribesmen.  Round 2:
    the second leads the tribesmen against the pikes, duels the pikes' leader and checks the
    tribesmen's morale when the pikes' red takes half of them."""
    sb = MassSandbox(army(unit("pikes", "a", "pikemen", (2, 4), 0, fighters=100),
                          unit("horse", "b", "cavalry", (2, 3), 2, fighters=5),
                          unit("band", "b", "tribesmen", (2, 1), 2, fighters=50),
                          commander("cb", "b", (2, 3), name="Count Trocero")))
    sb.order("pikes", "attack", 0)
    sb.order("horse", "attack", 2)
    sb.ride("cb", (2, 3), lead=True)
    sb.fight_round(scripted(1, 1, WHITE, WHITE, WHITE, 1))
    while sb.stages_ahead:
        sb.next_stage()
    second = mass_frame(sb.state).commander("b")
    sb.order("band", "attack", 2, to="2,2")
    sb.order("pikes", "attack", 0)
    sb.ride(second, (2, 1), lead=True)
    sb.fight_round(scripted(5, 5, WHITE, WHITE, WHITE, 1, WHITE, WHITE, WHITE, WHITE, 1))
    while sb.stages_ahead:
        sb.next_stage()
    return sb


@pytest.fixture(scope="module")
def lost() -> MassSandbox:
    return _lost_and_replaced()


def _check(kind: str, text: str, battle, seen: list[str]) -> None:
    for slip in slips(text, battle):
        seen.append(f"{kind}: {text!r}: {slip}")
    if RAW_ID.search(text):
        seen.append(f"{kind}: {text!r}: the id {RAW_ID.search(text).group(0)!r}")


def test_the_scenario_loses_a_commander_and_his_second_duels_and_checks_morale(lost):
    events = [e for m in lost.moments for e in m.events]
    second = next(e for e in events if isinstance(e, MassCommanderReplaced))
    assert second.name == "Count Trocero's second"
    assert any(second.new in {a for a, _, _ in e.duels} for e in events
               if isinstance(e, MassDuelsJoined))
    assert any(e.checker == second.new for e in events if isinstance(e, MassMoraleChecked))


def test_every_stage_and_transcript_names_the_second_by_name(lost):
    final = lost.state  # every figure ever raised is in it (none is ever taken out)
    seen: list[str] = []
    for m in lost.moments:
        _check("label", m.label, final, seen)
        for line in m.narration():
            _check(f"stage {m.label!r}", line, final, seen)
    for line in lost.transcript("The border").splitlines():
        _check("sandbox transcript", line, final, seen)
    played = battle_transcript(final, [e for m in lost.moments for e in m.events], "The border")
    for line in played.splitlines():
        _check("battle transcript", line, final, seen)
    assert not seen, "\n".join(seen)


def test_the_seconds_card_ride_and_the_gms_refusals_name_him(lost):
    """The second's card and his ride this round in the sandbox, and what the GM is told
    when an order is refused (ZEF-63: a ride of one square; ZEF-68: tribesmen carry no
    missile weapons): names and squares, never ids, reprs or "x,y"."""
    final = lost.state
    second = mass_frame(final).commander("b")
    seen: list[str] = []
    for line in ruleset_of(final).unit_lines(final, second):
        _check("card", line, final, seen)
    _check("ride", lost.order_of(second), final, seen)
    for refused in (lambda: lost.ride(second, (0, 6), lead=True),
                    lambda: lost.order("band", "shoot", 2, target="pikes")):
        with pytest.raises(SandboxError) as caught:
            refused()
        _check("refusal", str(caught.value), final, seen)
    assert not seen, "\n".join(seen)


class _GM(AtTheWindow):
    def __init__(self, sb: MassSandbox) -> None:
        self.app = App((1280, 800))
        self.scene = MassSandboxScene(self.app, sb, on_exit=lambda: None)
        self.app.switch(self.scene)
        self.frames(2)


def test_the_windows_log_at_every_stage_names_the_second(lost):
    """The grid sandbox's window, its log and card at every position from the opening to
    the end of the second round, the second selected once he stands."""
    gm = _GM(lost)
    final = lost.state
    second = mass_frame(final).commander("b")
    seen: list[str] = []
    for i, m in enumerate(lost.moments):
        lost.goto(i)
        gm.scene.selected = second if m.state.has_unit(second) else ""
        gm.scene._key = ()
        gm.frames(2)
        for kind, text in (("log", gm.scene.log.html_text), ("card", gm.scene.card.html_text)):
            for line in re.split(r"<br\s*/?>", text):
                plain = re.sub(r"<[^>]+>", "", line).replace("&#x27;", "'").replace(
                    "&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
                if plain.strip():
                    _check(f"window {kind} at {m.label!r}", plain, final, seen)
    assert "Count Trocero&#x27;s second" in gm.scene.card.html_text or \
        "Count Trocero's second" in gm.scene.card.html_text
    assert not seen, "\n".join(seen)
