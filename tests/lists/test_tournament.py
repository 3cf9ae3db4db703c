"""A List held as the game holds it (FE-45): every bout an ordinary joust battle through the
turn manager, the tournament file written after every bout, and a List closed or crashed
mid-way carried on exactly as it would have gone.  Headless, with computer riders.

Computer riders here are the random player where a test compares exact results (it needs no
per-ruleset knowledge, so its throws depend only on its seed) and the default player where
only what must hold whatever it throws is checked.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.lists import ListSession, TournamentError, default_roster, store
from game.lists.bout import bout_setup, field_setup, single_bout_setup
from game.lists.roster import BLACK_KNIGHT, Entrant
from game.lists.session import plain_computer
from rules.commands import Choose
from rules.engine import start

REPO = Path(__file__).resolve().parents[2]
RANDOM = ("ai:random",) * 16


def held(tmp_path: Path, n: int, method: str, seed: int, riders=RANDOM, **kw) -> ListSession:
    return ListSession.new(default_roster(n, riders[:n], black_knight=kw.pop("bk", False)),
                           method=method, seed=seed, folder=tmp_path, **kw)


def ride_all_checking_the_file(session: ListSession) -> int:
    """Every bout, one by one; after each the file on disk must hold it.  Returns bouts."""
    bouts = 0
    while session.next_bout() is not None:
        session.play_computer_bout()
        bouts += 1
        on_disk = store.read(session.path)
        assert on_disk == session.data, f"the file was not written after bout {bouts}"
    return bouts


@pytest.mark.parametrize(("method", "seed"), [("swiss", 3), ("single_elimination", 2)])
def test_eight_knights_ride_to_a_champion_and_the_file_follows_every_bout(tmp_path, method,
                                                                          seed):
    session = held(tmp_path, 8, method, seed)
    bouts = ride_all_checking_the_file(session)
    assert session.is_over and bouts == len(session.data.rides) >= 4
    champion = session.champion
    assert champion is not None and champion.id not in session.table.out  # FE-53
    if method == "swiss":  # ceil(log2 8) rounds, the champion on top of the table
        assert session.table.current_round == 3
        assert champion.id == next(s.entrant for s in session.standings() if not s.out)
    else:  # he won the last bout he rode
        last = [r for r in session.data.rides if champion.id in (r.a, r.b)][-1]
        assert last.winner == champion.id
    assert ListSession.load(session.path).champion == champion


@pytest.mark.parametrize(("method", "seed", "stop"),
                         [("swiss", 3, 3), ("single_elimination", 2, 2)])
def test_a_list_reloaded_mid_way_finishes_the_same(tmp_path, method, seed, stop):
    """Closed after `stop` bouts (or crashed: the file is all there is) and opened again:
    the remaining bouts have the same pairings, dice and results."""
    whole = held(tmp_path, 8, method, seed)
    whole.play_computer_bouts()
    cut = held(tmp_path, 8, method, seed)
    cut.play_computer_bouts(limit=stop)
    again = ListSession.load(cut.path)
    assert again.data.rides == cut.data.rides and len(again.data.rides) == stop
    again.play_computer_bouts()
    strip = [r.model_copy(update={"save": ""}) for r in again.data.rides]
    assert strip == list(whole.data.rides)
    assert again.champion == whole.champion


@pytest.mark.parametrize("method", ["swiss", "single_elimination"])
def test_with_the_default_computer_riders_every_list_ends(tmp_path, method):
    """Whatever the computer throws: the List ends, every bout is in the file, and the
    champion (if FE-53 has left one) is still in the tournament."""
    session = held(tmp_path, 8, method, 11, riders=("ai:tactician",) * 8)
    session.play_computer_bouts()
    assert session.is_over
    data = store.read(session.path)
    assert data.table().is_over and len(data.rides) == len(session.data.rides)
    assert session.champion is None or session.champion.id not in session.table.out


@pytest.mark.parametrize(("n", "rounds", "seed"), [(4, 2, 1), (16, 4, 2)])
def test_four_and_sixteen_knights_swiss(tmp_path, n, rounds, seed):
    """R-FE-JOUST-LISTS: ceil(log2 n) Swiss rounds."""
    session = held(tmp_path, n, "swiss", seed)
    session.play_computer_bouts()
    assert session.is_over and session.champion is not None
    assert session.table.planned_rounds == rounds
    assert 1 <= session.table.current_round <= rounds


@pytest.mark.parametrize(("n", "seed"), [(4, 0), (16, 0)])
def test_four_and_sixteen_knights_single_elimination(tmp_path, n, seed):
    session = held(tmp_path, n, "single_elimination", seed)
    first = session.table.pairings()
    assert len(first) == n // 2 and first[0] == (session.data.entrants[0].id,
                                                 session.data.entrants[-1].id)
    session.play_computer_bouts()
    assert session.is_over and session.champion is not None


def test_the_host_decides_the_format_unless_told(tmp_path):
    """FE-45: a Lawful host holds Swiss rounds, a Chaotic one single elimination."""
    assert held(tmp_path, 4, None, 1, host="lawful").data.method == "swiss"
    assert held(tmp_path, 4, None, 1, host="chaotic").data.method == "single_elimination"
    assert held(tmp_path, 4, "swiss", 1, host="chaotic").data.method == "swiss"


@pytest.mark.parametrize("n", [0, 2, 3, 17, 40])
def test_bad_entrant_counts_are_refused(tmp_path, n):
    with pytest.raises(ValueError, match="4 to 16 entrants"):
        default_roster(n)
    knights = [Entrant(id=f"k{i}", name=f"Sir K{i}", level=1) for i in range(n)]
    with pytest.raises(ValueError, match="4 to 16 entrants"):
        ListSession.new(knights, method="swiss", folder=tmp_path)


def test_two_knights_of_one_name_are_refused(tmp_path):
    knights = [Entrant(id=f"k{i}", name="Sir Kay" if i < 2 else f"Sir K{i}", level=1)
               for i in range(4)]
    with pytest.raises(ValueError, match="two entrants have the name 'Sir Kay'"):
        ListSession.new(knights, folder=tmp_path)


def _rewrite(path: Path, change) -> None:
    raw = json.loads(path.read_text())
    change(raw)
    path.write_text(json.dumps(raw))


@pytest.mark.parametrize(("change", "problem"), [
    (lambda d: d.update(entrants=d["entrants"] * 5), "4 to 16 entrants, not 20"),
    (lambda d: d.update(version=7), "written by a newer Flank"),
    (lambda d: d.update(format="flank-save"), "not a tournament file"),
    (lambda d: d["rides"][0].update(b=d["rides"][0]["a"]), "round 1 pairs"),
    (lambda d: d["rides"][0].update(winner="nobody"), "not an entrant"),
])
def test_a_tournament_file_that_does_not_fit_is_refused_in_one_line(tmp_path, change,
                                                                    problem):
    session = held(tmp_path, 4, "swiss", 1)
    session.play_computer_bouts(limit=2)
    _rewrite(session.path, change)
    with pytest.raises(TournamentError, match=problem) as err:
        ListSession.load(session.path)
    assert "\n" not in str(err.value) and str(err.value).startswith(str(session.path))


def test_a_file_that_is_not_json_is_refused(tmp_path):
    bad = tmp_path / "x.tournament.json"
    bad.write_bytes(b"\x00\xff not json")
    with pytest.raises(TournamentError, match="not a tournament file"):
        store.read(bad)


# --- a person's bout -------------------------------------------------------------------------


def person_list(tmp_path: Path) -> ListSession:
    """Four knights, the first ridden by a person; his bout is the first of round 1."""
    return held(tmp_path, 4, "single_elimination", 4, riders=("human",) + RANDOM)


def play(tm, steps: int | None = None) -> None:
    """The person always throws as many dice as he may; the computer thinks for itself."""
    n = 0
    while not tm.is_over and (steps is None or n < steps):
        if tm.waiting_on.human:
            tm.offer(tm.legal[-1])
        tm.step()
        n += 1


def test_a_persons_bout_is_an_ordinary_joust_saved_as_it_goes(tmp_path):
    session = person_list(tmp_path)
    bout = session.begin_person_bout(computer=plain_computer)
    assert bout.tm.state.mode == "joust" and bout.tm.state.board_kind == "lists"
    assert [s.name for s in bout.tm.state.sides] == ["Sir Aldric", "Sir Dunstan"]  # 1 v 4
    assert store.read(session.path).pending.save == str(bout.writer.path)
    assert bout.writer.path.parent == store.bout_folder(session.path)
    play(bout.tm)
    bout.writer.close()
    rec = session.finish_bout(bout.tm.state, bout.tm.events)
    assert rec is not None and rec.save == str(bout.writer.path)
    assert store.read(session.path).pending is None and len(session.data.rides) == 1
    assert session.next_bout().round == 1  # then the second bout of round 1


def test_a_bout_left_half_ridden_carries_on_from_the_same_throw(tmp_path):
    """The window closed mid-bout: nothing is recorded, and riding on resumes the battle
    from its save rather than starting it again."""
    session = person_list(tmp_path)
    bout = session.begin_person_bout(computer=plain_computer)
    bout.tm.offer(Choose(unit="sir_aldric", option="3"))
    bout.tm.step()
    bout.tm.step()  # the computer chooses; both throw
    steps = len(bout.tm.history)
    assert steps == 2 and not bout.tm.is_over
    bout.writer.close()
    assert session.finish_bout(bout.tm.state, bout.tm.events) is None
    again = ListSession.load(session.path)
    resumed = again.begin_person_bout(computer=plain_computer)
    assert resumed.loaded is not None and len(resumed.tm.history) == steps
    play(resumed.tm)
    resumed.writer.close()
    assert again.finish_bout(resumed.tm.state, resumed.tm.events) is not None


def test_a_bout_that_ended_just_before_a_crash_is_recorded_on_reopening(tmp_path):
    session = person_list(tmp_path)
    bout = session.begin_person_bout(computer=plain_computer)
    play(bout.tm)
    bout.writer.close()  # ... and the List's file was never told
    again = ListSession.load(session.path)
    assert again.data.pending is not None and not again.data.rides
    rec = again.settle_pending()
    assert rec is not None and rec.winner == bout.tm.state.outcome.winner
    assert store.read(session.path).rides == (rec,)


# --- the black knight's stakes (FE-54, R-FE-JOUST-LIST-STAKES) -------------------------------


def test_the_black_knight_hosts_and_a_knight_he_beats_leaves_the_list(tmp_path):
    session = held(tmp_path, 8, "swiss", 5, bk=True, stakes="black_knight")
    bk = session.data.entrants[0]
    assert bk.name == BLACK_KNIGHT and session.black_knight == bk.id
    plan = session.next_bout()
    setup = session.bout_setup(plan)
    assert setup.options["joust_stakes"] == "black_knight"
    assert [s.player_characters for s in setup.sides] == [False, True]  # he is not a PC
    session.play_computer_bouts()
    for r in session.data.rides:
        if bk.id not in (r.a, r.b):
            assert r.stakes == ""
        elif r.winner == bk.id:
            loser = r.b if r.a == bk.id else r.a
            assert loser in r.out and "takes" in r.stakes
        elif r.winner is not None:
            assert "challenger wins" in r.stakes


def test_a_single_bout_for_the_black_knights_stakes(tmp_path):
    field, _ = field_setup("tournament")
    setup = single_bout_setup(field, 9, helm_tipping=True, black_knight=True)
    assert setup.options == {"mode": "joust", "joust_helm_tipping": True,
                             "joust_stakes": "black_knight"}
    knight = next(s for s in setup.sides if not s.player_characters)
    assert knight.name == BLACK_KNIGHT
    state, _ = start(setup)
    assert state.mode == "joust"


def test_every_bout_starts_from_full_pools(tmp_path):
    """R-FE-JOUST-REFILL: each bout's battle is new, so pools are full: the entrants'
    levels, however their last bout went."""
    session = held(tmp_path, 4, "swiss", 1)
    session.play_computer_bouts(limit=2)
    plan = session.next_bout()
    field, _ = field_setup("tournament")
    setup = bout_setup(field, plan, title="t")
    _, events = start(setup)
    began = events[0]
    assert (began.pool_a, began.pool_b) == (plan.a.level, plan.b.level)


def test_the_lists_package_never_imports_pygame():
    code = ("import sys, tempfile, pathlib; from game.lists import ListSession, default_roster;"
            "s = ListSession.new(default_roster(4, ('ai:random',) * 4), "
            "folder=pathlib.Path(tempfile.mkdtemp())); s.play_computer_bouts();"
            "assert 'pygame' not in sys.modules, 'pygame was imported'; print(s.is_over)")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, timeout=120, env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "True"
