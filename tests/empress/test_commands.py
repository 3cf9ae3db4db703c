"""Illegal commands are refused with a reason and change nothing; the legal-command list and
`check` agree.  The event log explains an exchange modifier by modifier, citing clauses."""

import pytest

from rules.commands import Attack, Choose, Declare, Move, Pass, React
from rules.engine import IllegalCommand, check, legal_commands
from rules.state import state_hash
from rules.systems.empress.events import EmpAttackRolled
from tests.empress.helpers import act, act_exact, begin, duel, emp, only


def position():
    return begin(emp().side("pcs", True).side("foes")
                 .unit("leg", "legionary", "pcs", (0, 0), initiative=20)
                 .unit("ally", "fighting_man", "pcs", (0, 1), initiative=5)
                 .unit("orc", "orc", "foes", (1, 0), facing=3, initiative=10)
                 .unit("far", "orc", "foes", (6, 0), facing=3, initiative=8, hidden=True))


@pytest.mark.parametrize(("cmd", "reason"), [
    (Attack(unit="orc", target="leg"), "orc is not pcs's to command now"),
    (Attack(unit="ally", target="orc"), "it is leg's turn (segment 20), not ally's"),
    (Attack(unit="leg", target="ally"), "ally is on his own side"),
    (Attack(unit="leg", target="far"), "far is hidden"),
    (Attack(unit="leg", target="orc", options=("fly",)), "unknown attack option 'fly'"),
    (Attack(unit="leg", target="orc", weapon="pike"), "leg has no 'pike'"),
    (Move(unit="leg", path=((0, 0), (1, 0))), "(1, 0) cannot be entered"),
    (Move(unit="leg", path=((5, 5),)), "a path must start on the unit's own hex"),
    (Choose(unit="leg", option="fall_over"), "'fall_over' is not one of his choices now"),
    (Choose(unit="leg", option="hide"), "he cannot hide while engaged"),
    (React(unit="leg", accept=True), "react is not something leg can do in Empress"),
    (Declare(unit="leg", action="melee"), "declare is not something leg can do in Empress"),
])
def test_illegal_commands_are_refused_and_change_nothing(cmd, reason):
    st = position()
    h = state_hash(st)
    assert check(st, cmd) is not None
    with pytest.raises(IllegalCommand) as err:
        act(st, cmd)
    assert reason in err.value.reason
    assert state_hash(st) == h


def test_every_listed_command_passes_the_check():
    st = position()
    cmds = legal_commands(st)
    assert cmds and all(check(st, c) is None for c in cmds)
    assert Pass(unit="leg") in cmds and Choose(unit="leg", option="hold") in cmds


def test_a_pending_reaction_must_be_answered_first():
    st = begin(duel(("a", "fighting_man", (0, 0), 0, {"initiative": 20}),
                    ("b", "orc", (1, 0), 3, {})))
    st, _ = act_exact(st, Move(unit="a", path=((0, 0), (-1, 0), (-2, 0), (-3, 0), (-4, 0))))
    h = state_hash(st)
    with pytest.raises(IllegalCommand, match="b must first take or decline the opportunity "
                                             "attack at a"):
        act(st, Pass(unit="b"))
    assert state_hash(st) == h


def test_the_log_explains_an_exchange_with_citations():
    """The event log narrates an attack modifier by modifier: the roll and its modifiers,
    HC and AC part by part, the band, the damage and the Protection, every one cited."""
    st = begin(duel(("leg", "legionary", (0, 0), 0, {}),
                    ("vil", "villager", (1, 0), 3, {"initiative": 20, "weapon": "sword"})))
    _, ev = act_exact(st, Attack(unit="vil", target="leg"), 14, 7)
    text = only(ev, EmpAttackRolled).narrate()
    for part in ("d20 14 +0 PM (Toughness 10) (EMP-47) = 14",
                 "HC 13 = +11 base HC (R-EMP-HC) +1 Agility 13 (EMP-12) +1 medium shield "
                 "(EMP-15)",
                 "AC 18 = HC + Coverage +4 light mail shirt, skirt and coif (EMP-10) +1 medium "
                 "shield vs melee (EMP-13)",
                 "protected hit (EMP-48)", "1d8 rolls 7", "less 6 Protection", "(EMP-18)",
                 "→ 1 damage"):
        assert part in text, (part, text)
