"""The fast turn listing (issue 36) offers exactly what the plain one did (ER-02, ER-11,
ER-14, R-ER-READY-MENU): the same commands in the same order at every position of random
games, the at-the-ready menu of every figure the same, and a turn ends by itself exactly
when the plain listing held nothing but ending it; and a walk provokes the same figures at
the same steps (R-ER-FLEE) asking only those within reach.  And it is fast for the right reason:
the turn's listing is not built again to see whether a turn is over, and an archer's
menu looks at the hexes near the foes, not at every hex he watches.

The plain listing is `listing_reference.py`.  The sweep is fixed (scenarios, seeds and the
positions sampled), so the test is the same on every run."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.commands import Move
from rules.engine import legal_commands, start, submit
from rules.hexgrid import Hex, disk
from rules.playout import random_steps
from rules.positioning import threatens
from rules.procedures import provoked_along
from rules.scenarios import open_field
from rules.state import Battle, Board, changed
from rules.systems.enchanted_realms import ready
from rules.systems.enchanted_realms.frames import MoveFrame, TurnFrame
from rules.systems.enchanted_realms.movement import reactions_at
from rules.systems.enchanted_realms.options import has_choice, turn_commands
from rules.systems.enchanted_realms.ready_menu import nearest_open
from rules.systems.enchanted_realms.ruleset import RULESET
from rules.systems.enchanted_realms.units import er as er_unit
from tests.enchanted_realms import listing_reference as plain
from tests.enchanted_realms.helpers import begin, er


def _positions(setup: Any, seed: int, commands: int, every: int) -> list[Battle]:
    """Every `every`-th turn decision of a random game (the same game on every run)."""
    state, _ = start(setup)
    out = []
    for i, step in enumerate(random_steps(state, seed=seed, max_commands=commands)):
        if isinstance(step.before.top, TurnFrame) and i % every == 0:
            out.append(step.before)
    return out


def _provoked(state: Battle, m: Move, asked: Any) -> list[tuple[int, str, str]]:
    """Whom walking `m` would provoke where (R-ER-FLEE), asked step by step of `asked`, as
    the path preview asks it (`EnchantedRealms.path_reactions`)."""
    u = er_unit(state, m.unit)
    top = state.top
    assert isinstance(top, TurnFrame)
    near = tuple(o.id for o in state.units if o.side != u.side and o.fighting
                 and u.pos is not None and threatens(state, o, u.pos))
    f = MoveFrame(unit=u.id, path=tuple(Hex(*p) for p in m.path), start_near=near,
                  before_ft=top.moved_ft, fph=state.board.feet_per_hex)
    return provoked_along(state, f, asked)


SWEEP = [
    # the crypt: a wall with one door (a narrow place), a deed, a potion on the ground, a
    # field medic and a bowman (R-ER-READY-MENU, R-ER-DEED, R-ER-PICK-UP)
    ("crypt", lambda: RULESET.sample_setup("skirmish", 0), 0, 240, 8),
    ("crypt, seed 5", lambda: RULESET.sample_setup("skirmish", 5), 5, 240, 8),
    # twelve a side in ranks: crossbows and elves' bows watch far, the rest a hex or two
    ("open field, 12 a side", lambda: open_field("enchanted_realms", 12, seed=1), 1, 400, 20),
    ("open field, 4 a side", lambda: open_field("enchanted_realms", 4, seed=3), 3, 240, 8),
]
MENUS_EVERY = 4  # every figure's menu at every fourth position sampled


@pytest.mark.parametrize(("name", "setup", "seed", "commands", "every"), SWEEP,
                         ids=[s[0] for s in SWEEP])
def test_the_listing_is_the_plain_one_at_random_positions(name: str, setup: Any, seed: int,
                                                          commands: int, every: int) -> None:
    positions = _positions(setup(), seed, commands, every)
    assert len(positions) >= 12, name
    menus = 0
    for n, state in enumerate(positions):
        top = state.top
        assert isinstance(top, TurnFrame)
        slow = plain.turn_commands(state, top)
        assert turn_commands(state, top) == slow, f"{name}, round {state.round}, {top.unit}"
        assert legal_commands(state) == slow
        assert has_choice(state, top) == (len(slow) > 1)
        for m in [c for c in slow if isinstance(c, Move)][::7]:  # whom a walk provokes
            assert _provoked(state, m, reactions_at) == _provoked(state, m,
                                                                  plain.reactions_at), m
        if n % MENUS_EVERY:
            continue
        for o in state.units:  # every figure's menu, not only the one deciding (ER-11)
            u = er_unit(state, o.id)
            if u.fighting:
                assert ready.menu(state, u) == plain.menu(state, u), (name, u.id)
                menus += 1
    assert menus >= 12


def test_a_turn_with_only_ending_left_ends_as_before() -> None:
    """ER-02: his action spent and no movement left, the turn ends by itself; with his
    action spent but feet left, it waits for him."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "fighting_man", "pcs", (0, 0), facing=0)
    sc.unit("b", "orc", "foes", (1, 0), facing=3)
    state = begin(sc, 15, 3)
    top = state.top
    assert isinstance(top, TurnFrame) and top.unit == "a"
    assert has_choice(state, top)
    acted = changed(state, stack=state.stack[:-1] + (changed(top, acted=True),))
    assert has_choice(acted, acted.top)  # he can still walk
    assert len(plain.turn_commands(acted, acted.top)) > 1
    done = changed(state, stack=state.stack[:-1] + (
        changed(top, acted=True, moved_ft=er_unit(state, "a").walk_ft),))
    assert not has_choice(done, done.top)
    assert len(plain.turn_commands(done, done.top)) == 1


def test_deciding_a_command_does_not_list_the_turn_again(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Whether his turn is over is asked after every command (ER-02); it stops at the first
    thing he could still do, and never builds the at-the-ready menu (two thirds of the
    engine's time before issue 36)."""
    sc = er().side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (0, 0), facing=0)
    sc.unit("bob", "fighting_man", "pcs", (-1, 0), facing=0)
    sc.unit("b", "orc", "foes", (6, 0), facing=3)
    state = begin(sc, 15, 3, 10)
    move = Move(unit="a", path=((0, 0), (1, 0)))
    assert move in legal_commands(state)
    built: list[str] = []
    real = ready.menu
    monkeypatch.setattr(ready, "menu", lambda s, u: built.append(u.id) or real(s, u))
    after, _ = submit(state, move)
    assert isinstance(after.top, TurnFrame) and after.top.unit == "a"  # he may still act
    assert built == []
    assert len(legal_commands(after)) > 1
    assert built == ["a"]  # the listing itself, once, when asked


def test_an_archers_menu_looks_near_the_foes_not_at_every_hex_he_watches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R-ER-READY-MENU: a bowman watches as far as his bow shoots; the hexes offered are
    the ones nearest the foes and the narrow places, found without testing each of the
    hundreds of hexes in his watch."""
    sc = er(radius=40).side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", (0, 0), facing=0)
    sc.unit("b", "orc", "foes", (8, 0), facing=3)
    sc.unit("c", "orc", "foes", (8, -2), facing=3)
    state = begin(sc, 15, 3, 4)
    u = er_unit(state, "a")
    watch = len(disk(u.pos, ready.watch_ft(state, u, "attack") // state.board.feet_per_hex))
    assert watch > 1000
    expected = plain.menu(state, u)
    ready.menu(state, u)  # the board's narrow places are found once, the first time
    looked: list[Hex] = []
    real = Board.passable
    monkeypatch.setattr(Board, "passable", lambda b, h: looked.append(h) or real(b, h))
    assert ready.menu(state, u) == expected
    assert len(looked) < watch // 10


BOARD = sorted(disk(Hex(0, 0), 8))


@settings(max_examples=150, derandomize=True, deadline=None)
@given(centre=st.sampled_from(BOARD), radius=st.integers(1, 6),
       spots=st.lists(st.sampled_from(BOARD), min_size=1, max_size=6),
       walls=st.sets(st.sampled_from(BOARD), max_size=25), count=st.integers(1, 8))
def test_nearest_open_is_the_sorted_disk(centre: Hex, radius: int, spots: list[Hex],
                                         walls: set[Hex], count: int) -> None:
    """`nearest_open` grows rings round the foes; the plain answer sorts every open hex of
    his watch by its distance to the nearest foe, then by hex (R-ER-READY-MENU)."""
    foes = [h for h in dict.fromkeys(spots) if h != centre]
    if not foes:
        return
    sc = er(radius=8).side("pcs", True).side("foes")
    sc.unit("a", "archer", "pcs", tuple(centre), facing=0)
    for i, p in enumerate(foes):
        sc.unit(f"o{i}", "orc", "foes", tuple(p), facing=3)
    for w in walls - {centre, *foes}:
        sc.terrain(tuple(w), "wall", impassable=True)
    state, _ = start(sc.build())
    open_ = [h for h in disk(centre, radius) if h != centre and state.board.passable(h)
             and state.unit_at(h) is None]
    want = sorted((min(h.distance(p) for p in foes), h) for h in open_)[:count]
    assert nearest_open(state, centre, radius, foes, count) == want


def test_the_narrow_places_outlive_the_walks_kept_on_the_board(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's narrow places (R-ER-READY-MENU) are found once per battle: the walks and
    moves kept on the board come and go (the memo drops its oldest half when full), but
    the narrow places, wanted at every decision, are not searched for again."""
    from rules.positioning import MEMO_LIMIT, remember
    from rules.systems.enchanted_realms import ready_menu

    state, _ = start(RULESET.sample_setup("skirmish", 0))  # the crypt's door
    u = er_unit(state, "bow")
    first = ready.menu(state, u)
    assert any(o.startswith("ready:enter:1,0") for o in first)  # the door
    looked: list[Hex] = []
    real = ready_menu.narrow
    monkeypatch.setattr(ready_menu, "narrow", lambda s, h: looked.append(h) or real(s, h))
    for i in range(3 * MEMO_LIMIT):  # three fillings of the memo, as many decisions do
        remember(state.board, ("a walk", i), None)
        if i % 50 == 0:
            assert ready.menu(state, u) == first
    assert looked == []
