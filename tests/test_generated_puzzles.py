"""Puzzles made on demand (issue 19, "Practice never runs out"): kept once in the learner store
and shared by its learners (`trainer.progress.generated`); the seeds the puzzle maker tries
and what it keeps (`trainer.generate.on_demand`), verified as the bank's are and the same as
the bank's generator makes of their seed; the jobs (`trainer.ui.data.puzzle_jobs`): one per
filter, an honest "none found"; and the Play page, which says it is making new puzzles when a
learner has played every puzzle the filters leave, then serves one from the store."""

from __future__ import annotations

import sys
import time
import types
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from test_two_player_puzzles import test_every_two_player_puzzle_reverified as reverified

from trainer.generate.on_demand import (
    BLOCK,
    SEED_BASE,
    Wanted,
    cannot_make,
    first_seed,
    fits,
    search,
    seeds,
)
from trainer.generate.play_puzzles import KINDS, THEMED, generate_play_puzzle
from trainer.generate.records import write_jsonl
from trainer.generate.two_player_puzzles import KINDS as TABLE_KINDS
from trainer.progress import ProgressStore
from trainer.progress.generated import add_generated_puzzle, generated_puzzles
from trainer.progress.migrations import TABLES
from trainer.rules import RuleSet, ruleset
from trainer.solver import Solver
from trainer.ui.data import puzzle_jobs
from trainer.ui.data.puzzle_bank import load_bank, puzzle_rules
from trainer.ui.data.puzzle_choice import record_rating

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PLAY = "trainer/ui/pages/play.py"
BID = "trainer/ui/pages/bidding.py"
BANK = load_bank().puzzles
TWO = RuleSet(players=2)
SOLVER = Solver()


class Later(Executor):
    """Runs what is submitted only when the test says (`run`), here: the page is drawn while
    the job waits, as it would be while the worker process searches."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((future, lambda: fn(*args, **kwargs), ()))
        return future

    def run(self) -> None:
        """Run every search, and those the jobs send after them, to the end."""
        while self.waiting:
            future, call, _ = self.waiting.pop(0)
            try:
                future.set_result(call())
            except Exception as e:  # the job reads it from the future
                future.set_exception(e)


@pytest.fixture
def later() -> Any:
    executor = Later()
    puzzle_jobs.reset(executor)
    yield executor
    puzzle_jobs.reset()


# --- the store ---------------------------------------------------------------------------------


def test_kept_once_and_shared_by_every_learner(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "s.db")
    ana, ben = store.learner("Ana"), store.learner("Ben")
    first, second = BANK[0].to_json(), BANK[1].to_json()
    assert "generated_puzzles" in TABLES
    assert add_generated_puzzle(store, ana, "play", first, '{"kind":"play"}')
    assert not add_generated_puzzle(store, ben, "play", first, "other")  # kept once
    assert add_generated_puzzle(store, None, "play", second, '{"kind":"play"}')  # nobody named
    assert [r["id"] for r in generated_puzzles(store, "play")] == [first["id"], second["id"]]
    assert generated_puzzles(store, "play")[0] == first  # the record as given
    assert generated_puzzles(store, "bid") == []
    with store._connect() as db:
        rows = db.execute("SELECT id, learner_id, filter FROM generated_puzzles ORDER BY id")
        assert [tuple(r) for r in rows] == sorted([(first["id"], ana.id, '{"kind":"play"}'),
                                                   (second["id"], None, '{"kind":"play"}')])
    # a store opened afresh (another server process) holds them too
    assert len(generated_puzzles(ProgressStore(tmp_path / "s.db"), "play")) == 2


def test_an_unreadable_row_is_reported_and_skipped(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "s.db")
    add_generated_puzzle(store, None, "play", BANK[0].to_json(), "f")
    add_generated_puzzle(store, None, "play", BANK[1].to_json(), "f")
    add_generated_puzzle(store, None, "play", {"id": "p3"}, "f")
    with store._write() as db:
        db.execute("UPDATE generated_puzzles SET record = '{broken' WHERE id = ?",
                   (BANK[0].id,))
        db.execute("UPDATE generated_puzzles SET record = '[1]' WHERE id = 'p3'")
    assert [r["id"] for r in generated_puzzles(store, "play")] == [BANK[1].id]
    assert store.problems == [f"puzzle made for you {BANK[0].id} is unreadable; skipped",
                              "puzzle made for you p3 is not a puzzle record; skipped"]


# --- the seeds and the search ------------------------------------------------------------------


def test_only_seeds_of_a_kind_that_fits_are_tried() -> None:
    start = first_seed()
    assert start >= SEED_BASE and start % BLOCK == 0 and start + BLOCK < 2**31
    nt_defence = Wanted("play", contract_types=frozenset({"no_trumps"}),
                        sides=frozenset({"defence"}))
    tried = [s for s, _ in zip(seeds(nt_defence, start), range(5), strict=False)]
    assert [KINDS[s % len(KINDS)] for s in tried] == ["nt_defence"] * 5
    assert tried == [s for s in range(start, tried[-1] + 1) if s % 6 == KINDS.index("nt_defence")]
    # a theme the generator can look for: its own kinds, by seed
    nominate = Wanted("play", themes=frozenset({"joker_nomination"}),
                      contract_types=frozenset({"misere"}))
    kinds = THEMED["joker_nomination"]
    assert {kinds[s % len(kinds)] for s, _ in zip(seeds(nominate, start), range(5),
                                                  strict=False)} == {"misere_defence"}


def test_what_cannot_be_made_is_said() -> None:
    misere_at_two = Wanted("play", TWO, contract_types=frozenset({"misere"}))
    assert cannot_make(misere_at_two) == "there is no misère in the 2-player game"
    no_misere = Wanted("play", RuleSet(misere=False), contract_types=frozenset({"misere"}))
    assert cannot_make(no_misere) == "your rules have no misère"
    unblock_suit = Wanted("play", themes=frozenset({"unblock"}),
                          contract_types=frozenset({"suit"}))
    assert cannot_make(unblock_suit) == ("no deal the puzzle maker plays gives all of these "
                                         "choices together")
    assert list(seeds(unblock_suit, SEED_BASE)) == []
    assert cannot_make(Wanted("play", TWO, themes=frozenset({"ruff"}))) is None
    assert cannot_make(Wanted("bid", themes=frozenset({"opening", "partner"}))) is not None


def test_a_narrow_filter_gives_verified_puzzles_the_bank_would_make() -> None:
    """The 2-player table, defence: what the search keeps passes the bank's checks and is the
    record the bank's generator makes of its seed."""
    wanted = Wanted("play", TWO, sides=frozenset({"defence"}))
    found = search(wanted, SEED_BASE + 70_000, 40, 120.0)
    assert found.record is not None and 1 <= found.tried <= 40
    record = found.record
    assert fits(wanted, record) and record["side"] == "defence"
    seed = record["generator"]["seed"]
    assert found.next_seed == seed + 1 and seed >= SEED_BASE
    assert record["id"] == f"p{seed}" and record["generator"]["rules"] == {"players": 2}
    reverified([record])
    again = generate_play_puzzle(seed, SOLVER, rules=ruleset(record["generator"]["rules"]))
    assert again is not None and again.to_json() == record
    # only seeds of the defence kinds were tried (the kind is the seed's, modulo 4)
    assert TABLE_KINDS[seed % 4].endswith("defence")
    assert found.tried == sum(TABLE_KINDS[s % 4].endswith("defence")
                              for s in range(SEED_BASE + 70_000, seed + 1))


def test_a_search_tries_one_seed_however_long_the_worker_took_to_start() -> None:
    """A new worker's first seed waits for the solver to load (16 s on a loaded machine): the
    time limit is never a reason to give up before a single deal is tried."""
    wanted = Wanted("play", TWO, sides=frozenset({"defence"}))
    found = search(wanted, SEED_BASE + 70_000, 1, 0.0)
    assert found.tried == 1 and found.next_seed > SEED_BASE + 70_000


def test_fits_asks_every_theme_the_type_side_and_rating() -> None:
    record = next(p for p in BANK if p.contract_type == "suit" and "ruff" in p.themes)
    obj = record.to_json()
    assert fits(Wanted("play", themes=frozenset({"ruff"})), obj)
    assert not fits(Wanted("play", themes=frozenset({"ruff", "unblock"})), obj)
    assert not fits(Wanted("play", contract_types=frozenset({"no_trumps"})), obj)
    other = "defence" if record.side == "declarer" else "declarer"
    assert not fits(Wanted("play", sides=frozenset({other})), obj)
    assert fits(Wanted("play", rating=(record.rating - 1, record.rating + 1)), obj)
    assert not fits(Wanted("play", rating=(record.rating + 1, record.rating + 100)), obj)


# --- the jobs ----------------------------------------------------------------------------------


def test_one_job_per_filter_and_its_puzzles_are_kept(tmp_path: Path, later: Later) -> None:
    store = ProgressStore(tmp_path / "s.db")
    ana = store.learner("Ana")
    wanted = Wanted("play", TWO)
    job = puzzle_jobs.start_job(wanted, store, ana, count=2)
    assert puzzle_jobs.start_job(wanted, store, None) is job  # another session: the same job
    assert puzzle_jobs.job_for(wanted) is job and job.running
    assert job.progress() == "0 of 2 made · 0 deals tried"
    other = puzzle_jobs.start_job(Wanted("play", TWO, sides=frozenset({"declarer"})), store,
                                  None, count=1)
    assert other is not job
    later.run()
    assert not job.running and job.problem is None and len(job.made) == 2
    assert job.outcome() == "2 new puzzles made for these choices."
    kept = {r["id"]: r for r in generated_puzzles(store, "play")}
    assert set(job.made) | set(other.made) == set(kept)
    assert all(kept[i]["generator"]["seed"] >= job.start for i in job.made)
    with store._connect() as db:
        rows = db.execute("SELECT id, learner_id, filter FROM generated_puzzles").fetchall()
    assert {(r["id"], r["learner_id"], r["filter"]) for r in rows if r["id"] in job.made} == {
        (i, ana.id, wanted.key) for i in job.made}
    # the job is over: asking again starts a new one
    assert puzzle_jobs.start_job(wanted, store, ana) is not job


def test_a_job_that_finds_nothing_says_so(tmp_path: Path, later: Later,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_jobs, "JOB_SEEDS", 2)
    store = ProgressStore(tmp_path / "s.db")
    job = puzzle_jobs.start_job(Wanted("play", TWO, rating=(0.0, 1.0)), store, None)
    later.run()
    assert not job.running and job.made == [] and job.tried == 2
    assert job.outcome().startswith("No new puzzle fitted these choices after 2 deals (")
    assert job.outcome().endswith("of trying): they may be too narrow for the puzzle maker.")
    assert generated_puzzles(store, "play") == []


def test_a_failing_search_stops_the_job_with_its_reason(tmp_path: Path, later: Later) -> None:
    job = puzzle_jobs.start_job(Wanted("nonsense"), ProgressStore(tmp_path / "s.db"), None)
    later.run()
    assert not job.running and job.problem is not None
    assert job.outcome() == ("The puzzle maker stopped: ValueError: kind: 'nonsense' is not a "
                             "puzzle bank (play, bid or discard).")


def test_the_worker_process_makes_a_puzzle_without_blocking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real process pool: starting a job returns at once; the puzzle comes from the other
    process and is kept in the store. The worker does not run the page script that started it
    (Streamlit runs it as ``__main__``, which a spawned process would run again)."""
    marker = tmp_path / "ran"
    script = tmp_path / "page.py"
    script.write_text(f"open({str(marker)!r}, 'w').close()\n")
    page = types.ModuleType("__main__")
    page.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", page)
    puzzle_jobs.reset()
    store = ProgressStore(tmp_path / "s.db")
    began = time.monotonic()
    job = puzzle_jobs.start_job(Wanted("play", TWO, sides=frozenset({"declarer"})), store,
                                None, count=1)
    assert time.monotonic() - began < 2.0 and job.running
    assert sys.modules["__main__"] is page
    while job.running and time.monotonic() - began < 240:
        time.sleep(0.2)
    assert job.problem is None and len(job.made) == 1, job.outcome()
    assert [r["id"] for r in generated_puzzles(store, "play")] == job.made
    assert not marker.exists()


# --- the pages ---------------------------------------------------------------------------------


@pytest.fixture
def small_bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """A play bank of two 2-player and two 4-player puzzles, and a store, under tmp_path."""
    two = [p for p in BANK if puzzle_rules(p).players == 2][:2]
    four = [p for p in BANK if puzzle_rules(p).players == 4][:2]
    path = tmp_path / "play.jsonl"
    write_jsonl(path, [p.to_json() for p in two + four])
    monkeypatch.setenv("TRAINER_PUZZLES", str(path))
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    return two


def start(page: str, rules: RuleSet, learner: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    at.session_state["rules"] = rules
    at.query_params["learner"] = learner
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def played_all(store: ProgressStore, name: str, puzzles: list[Any], kind: str) -> None:
    learner = store.learner(name)
    for p in puzzles:
        learner = store.record_puzzle_attempt(learner, kind, p.id, p.themes, True,
                                              record_rating(p)).learner


def test_the_play_page_makes_new_puzzles_when_every_one_is_played(
        tmp_path: Path, small_bank: list[Any], later: Later,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_jobs, "PER_JOB", 1)
    store = ProgressStore(tmp_path / "progress.sqlite3")
    played_all(store, "Ana", small_bank, "play")
    at = start(PLAY, TWO, "Ana")
    # a played puzzle is on show (practice), and new ones are being made
    assert at.session_state["play_current"] in {p.id for p in small_bank}
    text = " ".join(i.value for i in at.info)
    assert "Making new puzzles for these choices." in text
    assert "dealing new hands in the background and checks every card with the solver" in text
    assert "keep practising the puzzles you have played" in text
    assert not [b for b in at.button if b.key == "play_play_new"]
    (job,) = puzzle_jobs._jobs.values()
    assert job.running and job.wanted == Wanted("play", TWO) and job.learner.name == "Ana"
    at.run()  # a second run (another session) sees the same job
    assert list(puzzle_jobs._jobs.values()) == [job]
    later.run()  # the worker's search
    at.run()
    assert not at.exception, at.exception
    (made,) = job.made
    assert any(s.value == "1 new puzzle is ready, made for these choices." for s in at.success)
    at.button(key="play_play_new").click().run()
    assert not at.exception, at.exception
    assert at.session_state["play_current"] == made
    assert at.query_params["puzzle"] == made
    # it is in the store, not in the bank file
    assert [r["id"] for r in generated_puzzles(store, "play")] == [made]
    assert made not in {p.id for p in load_bank(Path(tmp_path / "play.jsonl")).puzzles}
    assert any(o.endswith(f"· {made}") for o in at.selectbox(key="play_pick").options)
    assert not any(i.value.startswith("**Making new puzzles") for i in at.info)
    # its themes stay hidden until it is played
    assert any("themes shown when the puzzle is over" in c.value for c in at.caption)


def test_no_match_offers_to_make_puzzles(tmp_path: Path, small_bank: list[Any],
                                         later: Later) -> None:
    ProgressStore(tmp_path / "progress.sqlite3").learner("Ben")
    kind, side = next((k, s) for k in ("suit", "no_trumps") for s in ("declarer", "defence")
                      if not any((p.contract_type, p.side) == (k, s) for p in small_bank))
    at = start(PLAY, TWO, "Ben")
    at.session_state["play_types"] = [kind]
    at.session_state["play_sides"] = [side]
    at.run()
    assert any(i.value.startswith("No puzzle in the bank matches these choices, but new ones "
                                  "can be made for them") for i in at.info), at.info
    assert puzzle_jobs._jobs == {}  # nothing starts by itself when nothing matched
    at.button(key="play_make").click().run()
    (job,) = puzzle_jobs._jobs.values()
    assert job.wanted == Wanted("play", TWO, contract_types=frozenset({kind}),
                                sides=frozenset({side}))
    assert any(i.value.startswith("**Making new puzzles") for i in at.info)


def test_a_table_the_bank_has_no_puzzle_for_gets_puzzles_made(
        tmp_path: Path, small_bank: list[Any], later: Later,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The 3-player game: no bank puzzle is for it, so the page offers to make some (with the
    switch to the Australian rules still there); the first one made opens."""
    monkeypatch.setattr(puzzle_jobs, "PER_JOB", 1)
    three = RuleSet(players=3)
    ProgressStore(tmp_path / "progress.sqlite3").learner("Cy")
    at = start(PLAY, three, "Cy")
    assert any(i.value.startswith("No puzzle in the bank is for these rules, but the puzzle "
                                  "maker can make some") for i in at.info), at.info
    assert [b for b in at.button if b.key == "play_use_australian"]
    at.button(key="play_rules_make").click().run()
    (job,) = puzzle_jobs._jobs.values()
    assert job.running and job.wanted == Wanted("play", three)
    assert any(i.value.startswith("**Making puzzles for your table.**") for i in at.info)
    later.run()
    at.run()
    assert not at.exception, at.exception
    (made,) = job.made
    assert at.session_state["play_current"] == made
    (record,) = generated_puzzles(ProgressStore(tmp_path / "progress.sqlite3"), "play")
    assert record["id"] == made and record["position"]["rules"] == {"players": 3}


def test_a_job_that_found_nothing_is_said_and_can_be_tried_again(
        tmp_path: Path, small_bank: list[Any], later: Later) -> None:
    store = ProgressStore(tmp_path / "progress.sqlite3")
    played_all(store, "Ana", small_bank, "play")
    wanted = Wanted("play", TWO)
    ended = puzzle_jobs.Job(wanted, store, None, SEED_BASE, tried=2000, seconds=300.0,
                            finished=True)
    puzzle_jobs._jobs[wanted.key] = ended
    at = start(PLAY, TWO, "Ana")
    (warning,) = [w.value for w in at.warning]
    assert warning.startswith("No new puzzle fitted these choices after 2000 deals (5 min of "
                              "trying): they may be too narrow for the puzzle maker. Widen the "
                              "filters, or try again. Meanwhile, keep practising")
    assert puzzle_jobs.job_for(wanted) is ended  # not started again by itself
    at.button(key="play_make_again").click().run()
    assert not at.exception, at.exception
    job = puzzle_jobs.job_for(wanted)
    assert job is not ended and job is not None and job.running
    assert job.learner is not None and job.learner.name == "Ana"
    assert any(i.value.startswith("**Making new puzzles") for i in at.info)


def test_the_bidding_page_makes_them_too(tmp_path: Path, later: Later,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    bids = load_bank(kind="bid").puzzles[:1]
    path = tmp_path / "bid.jsonl"
    write_jsonl(path, [p.to_json() for p in bids])
    monkeypatch.setenv("TRAINER_BID_PUZZLES", str(path))
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    played_all(ProgressStore(tmp_path / "progress.sqlite3"), "Ana", list(bids), "bid")
    at = start(BID, RuleSet(), "Ana")
    assert any("scores every call over a hundred layouts" in i.value for i in at.info)
    (job,) = puzzle_jobs._jobs.values()
    assert job.wanted.kind == "bid" and job.running
