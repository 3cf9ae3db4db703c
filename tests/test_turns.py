"""The turn manager (game/turns.py): hot-seat hand-overs, secrets, listeners, headless play.

What a player notices: the board is hidden whenever the seat at the window must change —
also mid-move, when a free attack (FE-11) or a shield splinter (FE-31) belongs to the player
who is not moving; a wrong click changes nothing; declarations stay secret until the
initiative roll (FE-06, FE-07); a battle runs to its end without a display.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.turns import (
    SECRET_EVENTS,
    HumanController,
    RandomController,
    ScriptedController,
    Seat,
    StepResult,
    TurnManager,
)
from rules.builder import Scenario
from rules.commands import Attack, Choose, Command, Declare, EndPhase, Move, React
from rules.engine import evolve_all, initial_state
from rules.events import Event
from rules.scenarios import demo_setup
from rules.state import Battle, state_hash
from rules.systems.fallen_empire.frames import ReactionFrame, ReactionOffered, SplinterOffered


def duel(seed: int = 4, **options: object) -> Scenario:
    """A Fighting-Man against an orc across a small field."""
    return (Scenario("fallen_empire", seed=seed, radius=6, title="duel")
            .side("men", player_characters=True).side("orcs")
            .unit("hero", "fighting_man", "men", (-3, 0), facing=0)
            .unit("orc", "orc", "orcs", (3, 0), facing=3)
            .options(**options))


def _foe_distance(state: Battle, side: str, at: tuple[int, int]) -> int:
    from rules.hexgrid import Hex

    here = Hex(*at)
    return min((here.distance(u.pos) for u in state.units
                if u.side != side and u.fighting and u.pos is not None), default=0)


def player(state: Battle, side: str, legal: Sequence[Command]) -> Command:
    """A deterministic test player: declare melee when next to a foe and a move otherwise,
    take every free attack, splinter the shield, attack whenever it can, else walk toward
    the nearest foe, else end the phase."""
    first = legal[0]
    if isinstance(first, Declare):
        uid = first.unit
        opts = [c.action for c in legal if isinstance(c, Declare) and c.unit == uid]
        u = state.unit(uid)
        near = u.pos is not None and _foe_distance(state, side, (u.pos.q, u.pos.r)) <= 1
        for want in (("melee",) if near else ("move", "melee")):
            if want in opts:
                return Declare(unit=uid, action=want)
        return Declare(unit=uid, action=opts[0])
    for c in legal:
        if isinstance(c, React) and c.accept:
            return c
    for c in legal:
        if isinstance(c, Choose):
            return c
    for c in legal:
        if isinstance(c, Attack) and not c.options:
            return c
    best: tuple[int, int, tuple] | None = None
    chosen: Command | None = None
    for c in legal:
        if isinstance(c, Move) and len(c.path) > 1:
            u = state.unit(c.unit)
            assert u.pos is not None
            now = _foe_distance(state, side, (u.pos.q, u.pos.r))
            d = _foe_distance(state, side, c.path[-1])
            key = (d, len(c.path), c.path)
            if d < now and (best is None or key < best):
                best, chosen = key, c
    if chosen is not None:
        return chosen
    for c in legal:
        if isinstance(c, EndPhase):
            return c
    return legal[-1]


def play_hot_seat(tm: TurnManager, max_steps: int = 3000, results: list[StepResult] | None = None
                  ) -> tuple[list[str], list[str], list[tuple[Event, ...]]]:
    """Play a hot-seat battle to the end as the people at the window would: acknowledge each
    hand-over, then click `player`'s choice.  Returns (hand-overs, deciders, heard events)."""
    results = [] if results is None else results
    handovers: list[str] = []
    deciders: list[str] = []
    heard: list[tuple[Event, ...]] = []
    tm.listeners.append(heard.append)
    for _ in range(max_steps):
        if tm.is_over:
            break
        if tm.handover_pending is not None:
            seat = tm.handover_pending
            # the next player's click may already be queued: it must wait for the hand-over
            tm.offer(player(tm.state, seat.side, tm.legal))
            before = (tm.state, len(tm.history))
            assert tm.step() is None
            assert (tm.state, len(tm.history)) == before
            assert isinstance(seat.controller, HumanController) and seat.controller.pending == 1
            handovers.append(seat.side)
            assert tm.acknowledge_handover() is seat
            assert tm.handover_pending is None
        else:
            seat = tm.waiting_on
            assert seat is not None
            tm.offer(player(tm.state, seat.side, tm.legal))
        deciders.append(seat.side)
        res = tm.step()
        assert res is not None and res.ok, res
        assert res.seat is seat
        results.append(res)
    return handovers, deciders, heard


def changes(seq: list[str]) -> list[str]:
    return [s for i, s in enumerate(seq) if i == 0 or seq[i - 1] != s]


# --- hot-seat to the end ------------------------------------------------------------------


def test_hot_seat_duel_is_played_to_a_finish_with_a_hand_over_at_every_change_of_seat(
) -> None:
    tm = TurnManager.hot_seat(duel().build(), {"men": "Ann", "orcs": "Bob"})
    assert tm.handover_pending is not None  # the window opens on "I am Ann", not the board
    results: list[StepResult] = []
    handovers, deciders, _ = play_hot_seat(tm, results=results)
    assert tm.is_over and tm.outcome is not None
    assert tm.waiting_on is None and tm.step() is None and tm.run() == []
    assert handovers == changes(deciders)
    assert len(handovers) >= 4
    assert [tm.seats[s].name for s in handovers[:2]] == ["Ann", "Bob"]
    assert len(tm.history) == len(deciders)
    # FE-31: a blow that lands offers the *wounded* side the splinter choice at once, so the
    # board is hidden and handed to its player in the middle of the attacker's turn
    splinters = [r for r in results for e in r.events
                 if isinstance(e, SplinterOffered) and e.side != r.seat.side]
    assert splinters
    for r in splinters:
        assert r.handover is not None and r.handover is not r.seat
        assert r.handover.side == next(e.side for e in r.events
                                       if isinstance(e, SplinterOffered))


def test_hot_seat_demo_patrol_against_orcs_ends_with_an_outcome() -> None:
    tm = TurnManager.hot_seat(demo_setup("fallen_empire", seed=1), ["Ann", "Bob"])
    handovers, deciders, _ = play_hot_seat(tm)
    assert tm.outcome is not None
    assert handovers == changes(deciders)


def test_listeners_hear_every_event_once_in_order_and_the_log_replays_the_battle() -> None:
    setup = duel(seed=9).build()
    tm = TurnManager.hot_seat(setup, {"men": "Ann", "orcs": "Bob"})
    _, _, heard = play_hot_seat(tm)
    assert heard == [evs for _, evs in tm.history]
    flat = [e for evs in heard for e in evs]
    assert tm.events == [*tm.initial_events, *flat]
    assert len({id(e) for e in flat}) == len(flat)
    rebuilt = evolve_all(initial_state(setup), tm.events)
    assert state_hash(rebuilt) == state_hash(tm.state)


# --- reactions belong to the player who is not moving --------------------------------------


def test_a_free_attack_hands_the_window_to_the_player_who_is_passed_and_back() -> None:
    """FE-11: the orc walks right past the Fighting-Man, who gets a free attack in the orcs'
    movement; his player must take the seat for it, then hand it back."""
    setup = (Scenario("fallen_empire", seed=2, radius=6)
             .side("men", player_characters=True).side("orcs")
             .unit("hero", "fighting_man", "men", (0, 0), facing=0)
             .unit("orc1", "orc", "orcs", (2, -1), facing=3)
             .unit("orc2", "orc", "orcs", (5, 1), facing=3)
             .options(surprise_enabled=False, morale_enabled=False).build())
    tm = TurnManager.hot_seat(setup, {"men": "Ann", "orcs": "Bob"})
    past = Move(unit="orc1", path=((2, -1), (1, -1), (1, 0), (2, 0)))
    declared = {"hero": "melee", "orc1": "move", "orc2": "move"}

    def click(state: Battle, side: str, legal: Sequence[Command]) -> Command:
        first = legal[0]
        if isinstance(first, Declare):
            return Declare(unit=first.unit, action=declared[first.unit])
        if any(isinstance(c, Move) and c.unit == "orc1" for c in legal):
            return past  # a detour: not the cheapest path the list offers, but legal
        if isinstance(state.top, ReactionFrame):
            return React(unit=state.top.reactor, accept=True)
        for c in legal:
            if isinstance(c, Choose):
                return c
        return next(c for c in legal if isinstance(c, EndPhase))

    log: list[tuple[str, str]] = []  # ("handover" | "decide", side)
    reacted_at = -1
    for _ in range(200):
        if reacted_at >= 0 and any(k == "decide" and s == "orcs"
                                   for k, s in log[reacted_at:]):
            break
        if tm.handover_pending is not None:
            log.append(("handover", tm.handover_pending.side))
            tm.acknowledge_handover()
        seat = tm.waiting_on
        assert seat is not None
        cmd = click(tm.state, seat.side, tm.legal)
        tm.offer(cmd)
        res = tm.step()
        assert res is not None and res.ok, res
        log.append(("decide", seat.side))
        if cmd == past:
            assert any(isinstance(e, ReactionOffered) and e.reactor == "hero"
                       for e in res.events)
            top = tm.state.top
            assert isinstance(top, ReactionFrame) and top.actor == "men"
            assert tm.handover_pending is tm.seats["men"]  # mid-move, to the non-mover
            assert res.handover is tm.seats["men"]
            tm.offer(React(unit="hero", accept=True))
            assert tm.step() is None  # Bob cannot see or answer for Ann
            assert tm.state.top is top
            log.append(("handover", "men"))
            tm.acknowledge_handover()
            res = tm.step()
            assert res is not None and res.ok and res.command == React(unit="hero",
                                                                       accept=True)
            log.append(("decide", "men"))
            reacted_at = len(log)
    else:
        pytest.fail(f"the orcs never decided again after the free attack: {log}")
    assert reacted_at >= 0
    after = log[reacted_at:]
    back = after.index(("decide", "orcs"))
    assert ("handover", "orcs") in after[:back]  # the board was hidden again before Bob
    # and across the whole exchange: a hand-over exactly when the human seat changed
    decided = [s for k, s in log if k == "decide"]
    assert [s for k, s in log if k == "handover"] == changes(decided)


# --- bad input --------------------------------------------------------------------------


def test_an_illegal_click_gives_a_reason_and_changes_nothing() -> None:
    tm = TurnManager.hot_seat(duel().build(), {"men": "Ann", "orcs": "Bob"})
    heard: list[tuple[Event, ...]] = []
    tm.listeners.append(heard.append)
    seat = tm.handover_pending
    assert seat is not None
    tm.acknowledge_handover()
    before = (tm.state, list(tm.history), tm.events)
    for wrong in (Attack(unit="hero", target="orc"),  # declarations come first (FE-06)
                  Declare(unit="orc", action="melee"),  # not his side's unit
                  Declare(unit="hero", action="fly"),
                  Move(unit="nobody", path=((0, 0),))):
        tm.offer(wrong)
        res = tm.step()
        assert res is not None and not res.ok and res.error
        assert res.command == wrong and res.events == ()
        assert (tm.state, tm.history, tm.events) == before
        assert tm.handover_pending is None and tm.waiting_on is seat
    assert heard == []
    tm.offer(player(tm.state, seat.side, tm.legal))
    res = tm.step()
    assert res is not None and res.ok and heard == [res.events]


def test_a_controller_that_returns_no_command_leaves_the_battle_waiting() -> None:
    tm = TurnManager.hot_seat(duel().build(), {"men": "Ann", "orcs": "Bob"})
    tm.acknowledge_handover()
    before = tm.state
    assert tm.step() is None and tm.run() == []
    assert tm.state is before


def test_a_scripted_illegal_command_stops_a_headless_run_with_its_reason() -> None:
    setup = duel(seed=3, surprise_enabled=False).build()
    tm = TurnManager(setup, {
        "men": Seat("men", ScriptedController([Declare(unit="hero", action="melee"),
                                               Declare(unit="hero", action="melee")])),
        "orcs": Seat("orcs", ScriptedController([Declare(unit="orc", action="move")])),
    })
    results = tm.run()
    assert [r.ok for r in results] == [True, True, False]
    assert results[-1].error == "declare is not something hero can do in the movement phase"
    assert results[-1].command == Declare(unit="hero", action="melee")
    assert tm.handover_pending is None  # no people at this table


# --- computers --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1])
def test_random_against_random_runs_headless_to_the_end(seed: int) -> None:
    setup = demo_setup("fallen_empire", seed=seed)
    tm = TurnManager(setup, {"patrol": Seat("patrol", RandomController(seed)),
                             "orcs": Seat("orcs", RandomController(seed + 100))})
    results = tm.run(max_steps=5000)
    assert tm.is_over and tm.outcome is not None, f"{len(results)} steps"
    assert all(r.ok for r in results) and len(results) == len(tm.history)
    assert tm.handover_pending is None
    assert tm.seats["patrol"].name == "patrol"  # the side's name when none is given


def test_a_computer_between_two_people_hands_over_only_when_the_person_changes() -> None:
    setup = (Scenario("fallen_empire", seed=5, radius=6)
             .side("men", player_characters=True).side("orcs").side("elves")
             .unit("hero", "fighting_man", "men", (-3, 0), facing=0)
             .unit("orc", "orc", "orcs", (3, 0), facing=3)
             .unit("elf", "fighting_man", "elves", (0, 3), facing=5).build())
    tm = TurnManager.hot_seat(setup, {"men": "Ann", "elves": "Cy"},
                              computers={"orcs": RandomController(7)})
    humans: list[str] = []
    handovers: list[str] = []
    for _ in range(3000):
        if tm.is_over:
            break
        if tm.handover_pending is not None:
            handovers.append(tm.handover_pending.side)
            tm.acknowledge_handover()
        seat = tm.waiting_on
        assert seat is not None
        if seat.human:
            humans.append(seat.side)
            tm.offer(player(tm.state, seat.side, tm.legal))
        res = tm.step()
        assert res is not None and res.ok
    assert tm.is_over
    assert handovers == changes(humans)
    assert "orcs" not in handovers


def test_one_person_against_the_computer_never_sees_a_hand_over() -> None:
    human = HumanController()
    tm = TurnManager(duel().build(), {"men": Seat("men", human, True, "Ann"),
                                      "orcs": Seat("orcs", RandomController(3))})
    for _ in range(3000):
        if tm.is_over:
            break
        assert tm.handover_pending is None
        tm.run()
        seat = tm.waiting_on
        if seat is not None and seat.human:
            human.offer(player(tm.state, seat.side, tm.legal))
    assert tm.is_over


# --- secrets ----------------------------------------------------------------------------


def test_declarations_are_hidden_from_the_other_side_until_initiative() -> None:
    """FE-06/FE-07: actions are declared in secret; the initiative roll reveals them."""
    tm = TurnManager.hot_seat(duel(seed=6, surprise_enabled=False).build(),
                              {"men": "Ann", "orcs": "Bob"})
    ann, bob = tm.seats["men"], tm.seats["orcs"]
    checked = 0

    def check(_: tuple[Event, ...]) -> None:
        nonlocal checked
        log = tm.events
        secret: dict[str, set[str]] = {"men": set(), "orcs": set()}
        for i, e in enumerate(log):
            if e.type != "fe_action_declared":
                continue
            revealed = any(x.type == "fe_initiative_rolled" for x in log[i + 1:])
            own = ann if tm.state.unit(e.unit).side == "men" else bob  # type: ignore[attr-defined]
            other = bob if own is ann else ann
            assert not tm.hidden_from(own, e)
            assert tm.hidden_from(other, e) is not revealed
            assert tm.hidden_from(other.side, e) is not revealed
            assert any(v is e for v in tm.visible_events(other)) is revealed
            if not revealed:
                secret[other.side].add(e.unit)  # type: ignore[attr-defined]
            checked += 1
        assert tm.concealed_units(ann) == secret["men"]
        assert tm.concealed_units(bob) == secret["orcs"]

    tm.listeners.append(check)
    tm.acknowledge_handover()
    tm.offer(Declare(unit="hero", action="move"))
    res = tm.step()
    assert res is not None and res.ok
    decl = next(e for e in res.events if e.type == "fe_action_declared")
    assert tm.hidden_from(bob, decl) and not tm.hidden_from(ann, decl)
    assert tm.hidden_from(bob, decl.model_copy())  # an equal copy (read back from a save)
    assert tm.concealed_units(bob) == {"hero"} and tm.concealed_units(ann) == frozenset()
    assert tm.handover_pending is bob  # Ann's secret is off the screen before Bob sits
    play_hot_seat(tm)
    assert checked > 4
    assert not any(tm.hidden_from(s, e) for s in (ann, bob) for e in tm.events)
    assert "fe_action_declared" in SECRET_EVENTS


def test_a_jousters_throw_is_secret_until_both_throws_are_rolled() -> None:
    """FE-48: each rider chooses how many dice to throw in secret."""
    setup = (Scenario("fallen_empire", seed=3, radius=5)
             .side("men", player_characters=True).side("knight")
             .unit("hero", "fighting_man", "men", (-2, 0), facing=0, level=3)
             .unit("bk", "fighting_man", "knight", (2, 0), facing=3, level=3)
             .options(mode="joust").build())
    tm = TurnManager.hot_seat(setup, {"men": "Ann", "knight": "Bob"})
    ann, bob = tm.seats["men"], tm.seats["knight"]
    tm.acknowledge_handover()
    tm.offer(Choose(unit="hero", option="2"))
    res = tm.step()
    assert res is not None and res.ok
    chosen = next(e for e in res.events if e.type == "fe_joust_throw_chosen")
    assert tm.hidden_from(bob, chosen) and not tm.hidden_from(ann, chosen)
    assert tm.handover_pending is bob
    tm.acknowledge_handover()
    tm.offer(Choose(unit="bk", option="1"))
    res = tm.step()
    assert res is not None and res.ok
    assert any(e.type == "fe_joust_thrown" for e in res.events)
    assert not tm.hidden_from(bob, chosen)


# --- seats ------------------------------------------------------------------------------


def test_seats_are_checked_with_a_clear_message() -> None:
    setup = duel().build()
    men = Seat("men", RandomController())
    with pytest.raises(ValueError, match="'orcs' has no seat"):
        TurnManager(setup, {"men": men})
    with pytest.raises(ValueError, match="'elves', which is not a side"):
        TurnManager(setup, {"men": men, "orcs": Seat("orcs", RandomController()),
                            "elves": Seat("elves", RandomController())})
    with pytest.raises(ValueError, match="side 'men'"):
        TurnManager(setup, {"men": men, "orcs": men})
    with pytest.raises(ValueError, match="2 to 6 human players, got 1"):
        TurnManager.hot_seat(setup, {"men": "Ann"}, computers={"orcs": RandomController()})
    with pytest.raises(ValueError, match="both played by"):
        TurnManager.hot_seat(setup, {"men": "Ann", "orcs": "ann"})
    with pytest.raises(ValueError, match="needs a name"):
        TurnManager.hot_seat(setup, {"men": "Ann", "orcs": " "})
    with pytest.raises(ValueError, match="2 names given for 1 human"):
        TurnManager.hot_seat(setup, ["Ann", "Bob"], computers={"orcs": RandomController()})
    sc = Scenario("fallen_empire", radius=8)
    for i in range(7):
        sc.side(f"s{i}").unit(f"u{i}", "orc", f"s{i}", (i - 3, 0))
    with pytest.raises(ValueError, match="2 to 6 human players, got 7"):
        TurnManager.hot_seat(sc.build(), [f"P{i}" for i in range(7)])
    seven = sc.build()
    with pytest.raises(ValueError, match="at most 6 people"):
        TurnManager(seven, {f"s{i}": Seat(f"s{i}", HumanController(), True)
                            for i in range(7)})
