"""An id field that names nobody is refused, never a crash (issue 34, item 7).

`Attack(unit=..., target='')` under Tarnished Tale (and Enchanted Realms) raised a bare
`KeyError: "no unit ''"` from inside the ruleset: `field_refusal` let an empty target
through, since "" is the default of a `Move`'s target ("strikes nobody"), and the ruleset
then looked the empty id up.  A target the command cannot do without must name a figure.

The parametrized test tries every command kind (`Command.registry`, so a ruleset's own kinds
are covered) under every ruleset and mode (the registry, through the conformance harness),
at the moments of a random game, with each of its id fields set to "" and to an id nobody
has: it must be refused with a reason and change nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.commands import Attack, Command, Move
from rules.engine import IllegalCommand, decider, legal_commands, submit
from rules.playout import random_playout
from rules.state import Battle, state_hash
from tests.conformance.harness import Battleground, battlegrounds
from tests.conformance.mutations import UNKNOWN, mutated

GROUNDS = battlegrounds()
ID_FIELDS = ("unit", "target", "side")
"""The fields every command shares the meaning of: a figure, a figure, a side."""


def refusal(state: Battle, cmd: Command) -> str:
    before = state_hash(state)
    try:
        submit(state, cmd)
    except IllegalCommand as exc:
        assert exc.reason.strip(), f"{cmd.describe()} was refused without a reason"
        assert state_hash(state) == before, f"refusing {cmd.describe()} changed the state"
        return exc.reason
    raise AssertionError(f"{cmd.describe()} was accepted")


_MOMENTS: dict[tuple[str, int], list[Battle]] = {}


def moments(ground: Battleground, seeds: int = 2) -> list[Battle]:
    """One state for each kind of decision (frame on top, and its stage) met in a few
    random games, so each ruleset's checks are reached from every frame that has them.
    Played once per battleground and kept: states are values, and every command kind is
    tried at the same moments."""
    key = (ground.id, seeds)
    if key not in _MOMENTS:
        _MOMENTS[key] = _moments(ground, seeds)
    return _MOMENTS[key]


def _moments(ground: Battleground, seeds: int) -> list[Battle]:
    seen: dict[tuple[str, str], Battle] = {}
    for seed in range(seeds):
        play = random_playout(ground.setup(seed), seed, max_commands=150, keep_states=True)
        for state in play.states:
            if decider(state) is None:
                continue
            key = (type(state.top).__name__, str(getattr(state.top, "stage", "")))
            seen.setdefault(key, state)
    return list(seen.values())


def first_offering(ground: Battleground, kind: type[Command]) -> Battle:
    """The first moment of a random game (seed 0, 1, ...) where `kind` is legal."""
    for seed in range(20):
        play = random_playout(ground.setup(seed), seed, max_commands=150, keep_states=True)
        for state in play.states:
            if any(isinstance(c, kind) for c in legal_commands(state)):
                return state
    raise LookupError(f"no {kind.__name__} offered in 20 games of {ground.id}")


def sample_command(kind: type[Command], state: Battle) -> Command:
    """A command of `kind` as the deciding side might give it now: a legal one where the
    moment offers one, else one built from the battle (his own figure, a foe as target,
    his side, the hex he stands on), which the rules may refuse for other reasons."""
    legal = [c for c in legal_commands(state) if isinstance(c, kind)]
    if legal:
        return legal[0]
    side = decider(state)
    own = next(u for u in state.units if u.side == side)
    foe = next((u for u in state.units if u.side != side), own)
    values: dict[str, Any] = {}
    for name, info in kind.model_fields.items():
        if name == "type" or not info.is_required():
            continue
        if name == "unit":
            values[name] = own.id
        elif name == "target":
            values[name] = foe.id
        elif name == "side":
            values[name] = side
        elif name == "path":
            values[name] = ((own.pos.q, own.pos.r),) if own.pos is not None else ((0, 0),)
        elif info.annotation is bool:
            values[name] = True
        elif info.annotation is int:
            values[name] = 0
        else:
            values[name] = "1"
    return kind.model_construct(**values)


def wrong_ids(kind: type[Command]) -> list[tuple[str, str]]:
    """(field, value) for each id field of `kind`: "" where the field must name someone
    (an optional target's "" means "nobody" and is its default), and an unknown id."""
    out = []
    for name in ID_FIELDS:
        info = kind.model_fields.get(name)
        if info is None:
            continue
        if info.is_required():
            out.append((name, ""))
        out.append((name, UNKNOWN))
    return out


KINDS = sorted(Command.registry.values(), key=lambda k: k.model_fields["type"].default)
CASES = [(g, k) for g in GROUNDS for k in KINDS if wrong_ids(k)]


@pytest.mark.parametrize(("ground", "kind"), CASES,
                         ids=[f"{g.id}-{k.model_fields['type'].default}" for g, k in CASES])
def test_an_id_that_names_nobody_is_refused_not_a_crash(ground: Battleground,
                                                       kind: type[Command]) -> None:
    for state in moments(ground):
        cmd = sample_command(kind, state)
        for name, value in wrong_ids(kind):
            bad = mutated(cmd, name, value)
            try:
                refusal(state, bad)
            except AssertionError:
                raise
            except Exception as exc:  # the bug: a KeyError from inside a ruleset
                raise AssertionError(f"{ground.id}: {bad.describe()} crashed with "
                                     f"{exc!r}") from exc


@pytest.mark.parametrize("ruleset", ["tarnished_tale", "enchanted_realms"])
def test_an_attack_on_nobody_is_refused_in_one_line(ruleset: str) -> None:
    """The case found: an attack with target '' under Tarnished Tale raised KeyError."""
    state = first_offering(Battleground(ruleset, "skirmish"), Attack)
    attack = next(c for c in legal_commands(state) if isinstance(c, Attack))
    why = refusal(state, attack.model_copy(update={"target": ""}))
    assert why == f"{attack.unit} names nobody to aim at: the order must name a figure"
    assert "\n" not in why


def test_a_move_that_strikes_nobody_still_may() -> None:
    """A move's target "" is its default ("strikes nobody"), not a missing id."""
    state = first_offering(Battleground("fallen_empire", "skirmish"), Move)
    move = next(c for c in legal_commands(state) if isinstance(c, Move) and not c.target)
    submit(state, move)
