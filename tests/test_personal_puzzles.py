"""Personal puzzles (`trainer.progress.personal`): kept once per learner, queued for review as a
failed puzzle is, unreadable rows skipped; the Play puzzles page serves them, tagged "From your
games", and the due one comes first. The store's tests run on SQLite and on PostgreSQL
(``store_location``, tests/conftest.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress import ProgressStore
from trainer.progress.personal import add_personal_puzzle, personal_puzzles
from trainer.rules import RuleSet
from trainer.ui.data.puzzle_bank import for_rules, load_bank

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PLAY = "trainer/ui/pages/play.py"
PUZZLE = for_rules(load_bank(), RuleSet()).puzzles[3]


def mine(puzzle_id: str = "u0123456789"):
    """A bank puzzle standing in for one made from a learner's game (same record, new id)."""
    return replace(PUZZLE, id=puzzle_id, generator={**PUZZLE.generator, "name": "review"})


def test_kept_once_and_queued_like_a_failed_puzzle(store_location: str) -> None:
    store = ProgressStore(store_location)
    learner = store.learner("Ana")
    when = datetime(2026, 12, 1, 12, tzinfo=UTC)
    assert add_personal_puzzle(store, learner, "u1", mine("u1").to_json(), when)
    assert not add_personal_puzzle(store, learner, "u1", mine("u1").to_json(), when)
    assert [r["id"] for r in personal_puzzles(store, learner)] == ["u1"]
    (puzzle, due), = store.review_queue(learner)
    assert puzzle == "u1" and due == when + timedelta(hours=1)  # LEARNING_STEPS[0]
    other = store.learner("Ben")
    assert personal_puzzles(store, other) == []


def test_an_unreadable_row_is_reported_and_skipped(store_location: str) -> None:
    store = ProgressStore(store_location)
    learner = store.learner("Ana")
    add_personal_puzzle(store, learner, "u1", mine("u1").to_json())
    add_personal_puzzle(store, learner, "u2", mine("u2").to_json())
    with store._write() as db:
        db.execute("UPDATE personal_puzzles SET record = '{broken' WHERE id = 'u1'")
    assert [r["id"] for r in personal_puzzles(store, learner)] == ["u2"]
    assert store.problems == ["personal puzzle u1 is unreadable; skipped"]


def test_the_play_page_serves_a_due_personal_puzzle_first(store_location: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", store_location)
    store = ProgressStore(store_location)
    learner = store.learner("Ana")
    add_personal_puzzle(store, learner, "u42", mine("u42").to_json(),
                        datetime.now(UTC) - timedelta(hours=2))
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    at.query_params["learner"] = "Ana"
    at.run()
    at.switch_page(PLAY).run()
    assert not at.exception
    assert at.query_params["puzzle"] == "u42"
    assert any("From your games" in m.value for m in at.markdown) or any(
        "From your games" in str(o) for s in at.multiselect for o in s.options)


@pytest.fixture(scope="module")
def costly_review():
    """A reviewed hand with a costly card of South's that makes a puzzle: (record, review,
    the puzzles made), found once for both store backends (the review solves every card)."""
    from test_review_grade import SOLVER, blunder_hand

    from trainer.cards import Seat
    from trainer.review.grade import review_hand
    from trainer.review.puzzles import personal_puzzle

    for seed in range(12):
        record, at, _ = blunder_hand(seed, 1)
        if at < 0:
            continue
        review = review_hand(record, Seat.S, layouts=2, solver=SOLVER)
        costly = [d for d in review.decisions if d.kind == "card" and d.dd_cost]
        made = [p for p in (personal_puzzle(record, d, Seat.S, SOLVER) for d in costly) if p]
        if made:
            return record, review, made
    raise AssertionError("no reviewed blunder made a puzzle")


@pytest.mark.xdist_group("costly_review")  # both backends on one worker: one review
def test_a_reviews_costly_cards_are_kept_once(store_location: str, costly_review) -> None:
    from trainer.cards import Seat
    from trainer.ui.game.personal import keep_costly

    record, review, made = costly_review
    store = ProgressStore(store_location)
    learner = store.learner("Ana")
    assert keep_costly(review, record, Seat.S, store, learner) == len(made)
    assert keep_costly(review, record, Seat.S, store, learner) == 0  # kept once
    assert [r["id"] for r in personal_puzzles(store, learner)] == [p.id for p in made]
    assert {p.id for p in made} <= {p for p, _ in store.review_queue(learner)}
