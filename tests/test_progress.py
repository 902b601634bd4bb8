"""The learner store: persistence, mastery, Glicko-2 and FSRS, transactions, two writers.

Every test given ``store`` or ``store_location`` runs twice: on an SQLite file and on a fresh
PostgreSQL database (marked ``postgres``; tests/conftest.py). Tests of SQLite files as such
(an old file's tables) use a path of their own."""

import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest

from trainer.lessons.registry import TOPICS
from trainer.progress import (
    ProgressStore,
    Rating,
    StoreError,
    default_path,
    expected_score,
    update_pair,
)
from trainer.progress.start import starting_rating


@pytest.fixture
def store(store_location):
    made = ProgressStore(store_location)
    yield made
    made.close()


def test_learner_survives_a_restart(store_location):
    path = store_location
    first = ProgressStore(path)
    ann = first.learner("Ann")
    first.record_lesson_answer(ann, "01-the-pack", True)
    again = ProgressStore(path)  # a new process would do the same
    assert again.learners() == ["Ann"]
    assert again.lesson_progress(again.learner("Ann"))["01-the-pack"].correct == 1


def test_bad_names(store):
    for bad in ("", "   ", "x" * 41):
        with pytest.raises(StoreError, match="name"):
            store.learner(bad)
    with pytest.raises(StoreError, match="no learner"):
        store.learner("Nobody", create=False)


def test_names_match_without_regard_to_case(store):
    ann = store.learner("Ann")
    assert store.learner("ann") == ann and store.learner(" ANN ", create=False) == ann
    assert store.saved_name("aNN") == "Ann" and store.saved_name("Bea") is None
    assert store.learner("élodie").name == "élodie"
    assert store.learner("ÉLODIE", create=False).name == "élodie"  # not only ASCII letters
    assert store.learners() == ["Ann", "élodie"]


def test_learners_saved_before_in_two_cases_stay_apart(store_location):
    """A database from before case-blind names may hold "ann" and "Ann": each keeps its own
    progress, the exact spelling finds each, and another spelling the older one."""
    path = store_location
    with ProgressStore(path)._write() as db:
        for name in ("ann", "Ann"):
            db.execute("INSERT INTO learners (name, created, rating, deviation, volatility) "
                       "VALUES (?, '2025-01-01T00:00:00+00:00', 1500, 350, 0.06)", (name,))
    store = ProgressStore(path)
    low, high = store.learner("ann"), store.learner("Ann")
    assert (low.name, high.name) == ("ann", "Ann") and low.id != high.id
    assert store.learner("ANN").id == low.id
    assert store.learners() == ["Ann", "ann"]


def test_mastery_needs_every_topic(store):
    """Eight right in a row on two topics of lesson 8 do not master it; the third topic,
    right twice with the last right, does; it stays mastered after a wrong answer."""
    me, topics = store.learner("Bo"), TOPICS["misere"]
    for topic in ("who", "score") * 4:
        p = store.record_lesson_answer(me, "misere", True, {}, topic, topics)
    assert p.streak == 8 and not p.mastered
    p = store.record_lesson_answer(me, "misere", True, {}, "trick", topics)
    p = store.record_lesson_answer(me, "misere", False, {}, "trick", topics)
    assert p.streak == 0 and not p.mastered
    p = store.record_lesson_answer(me, "misere", True, {}, "trick", topics)
    assert p.mastered and p.answered == 11 and p.correct == 10  # 2 right, the last right
    assert store.lesson_progress(me)["misere"].topics == p.topics
    assert store.record_lesson_answer(me, "misere", False, {}, "who", topics).mastered


def test_a_mastered_lesson_is_reviewed_on_an_fsrs_schedule(store):
    """Mastered on 1 May: first due two days later (FSRS, Good); not due before. A review
    with all 3 right pushes it 11 days on; one with none right brings it back in 2 days."""
    me, topics = store.learner("Cy"), TOPICS["pack"]
    may1 = datetime(2025, 5, 1, 12, tzinfo=UTC)
    for topic in ("cards", "cards", "counts", "counts"):
        p = store.record_lesson_answer(me, "the-pack", True, {}, topic, topics, when=may1)
    assert p.mastered
    card = store.lesson_reviews(me, may1)["the-pack"]
    assert (card.mastered_on, card.last_review) == (may1, None)
    assert card.due == may1 + timedelta(days=2)
    assert store.due_lessons(me, may1 + timedelta(days=1)) == []
    assert [r.lesson for r in store.due_lessons(me, card.due)] == ["the-pack"]
    later = store.record_lesson_review(me, "the-pack", 3, 3, when=card.due)
    assert later.last_review == card.due and later.due == card.due + timedelta(days=11)
    assert store.due_lessons(me, card.due + timedelta(days=10)) == []
    worse = store.record_lesson_review(me, "the-pack", 0, 3, when=later.due)
    assert worse.due == later.due + timedelta(days=2)
    assert store.lesson_reviews(me, later.due)["the-pack"].last_review == later.due
    with pytest.raises(StoreError, match="not mastered"):
        store.record_lesson_review(me, "bidding", 3, 3)


def test_an_old_store_keeps_its_lessons_and_gains_topics(tmp_path):
    """A store from before topics and lesson reviews: its answers and mastered lessons load;
    a lesson it marks mastered stays mastered and gets a review card when first asked."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(
            "CREATE TABLE learners (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
            "created TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL, "
            "volatility REAL NOT NULL);"
            "CREATE TABLE lessons (learner_id INTEGER NOT NULL, lesson TEXT NOT NULL, "
            "answered INTEGER NOT NULL DEFAULT 0, correct INTEGER NOT NULL DEFAULT 0, "
            "streak INTEGER NOT NULL DEFAULT 0, mastered INTEGER NOT NULL DEFAULT 0, "
            "PRIMARY KEY (learner_id, lesson));"
            "INSERT INTO learners VALUES (1, 'Di', '2025-01-01T00:00:00+00:00', 1500, 350, 0.06);"
            "INSERT INTO lessons VALUES (1, 'the-pack', 6, 5, 5, 1);"
            "INSERT INTO lessons VALUES (1, 'card-order', 2, 2, 2, 0);")
    store = ProgressStore(path)
    di = store.learner("Di", create=False)
    progress = store.lesson_progress(di)
    assert progress["the-pack"].mastered and progress["the-pack"].answered == 6
    assert not progress["card-order"].mastered and progress["card-order"].topics == ()
    now = datetime(2025, 6, 1, tzinfo=UTC)
    assert list(store.lesson_reviews(di, now)) == ["the-pack"]
    assert store.lesson_reviews(di, now)["the-pack"].mastered_on == now


def test_glicko2_moves_both_ratings():
    """Lichess-style: a solve raises the learner and lowers the puzzle, more if unexpected."""
    me, pz = Rating(), Rating(1800, 80)
    me2, pz2 = update_pair(me, pz, solved=True)
    assert me2.rating > me.rating and pz2.rating < pz.rating
    assert me2.deviation < me.deviation
    me3, _ = update_pair(me, pz, solved=False)
    assert me3.rating < me.rating
    assert me2.rating - me.rating > me.rating - me3.rating  # beating a harder puzzle gains more
    assert 0 < expected_score(me, pz) < 0.5 < expected_score(me, Rating(1200, 80))


def test_puzzle_attempt_updates_ratings_and_reviews(store):
    me = store.learner("Cy")
    when = datetime(2026, 1, 1, tzinfo=UTC)
    result = store.record_puzzle_attempt(me, "play", "p1", ["ruff"], False, Rating(1500, 100),
                                         {"card": "AS"}, when)
    me = result.learner
    assert result.rated and result.before == starting_rating() and result.change < 0
    assert me.rating.rating < starting_rating().rating and store.learner("Cy").rating == me.rating
    assert store.puzzle_rating("p1", Rating()).rating > 1500
    assert store.due_reviews(me, when) == []  # not yet due
    # not while the solution is fresh (FSRS's flash-card step is a minute), but within hours
    assert store.due_reviews(me, when + timedelta(minutes=50)) == []
    assert store.due_reviews(me, when + timedelta(hours=2)) == ["p1"]
    assert store.due_reviews(me, when + timedelta(days=2)) == ["p1"]  # failed: comes back
    store.record_puzzle_attempt(me, "play", "p2", [], True, Rating(1500, 100), when=when)
    assert [p for p, _ in store.review_queue(me)] == ["p1"]  # a first solve is not queued
    store.record_puzzle_attempt(me, "play", "p1", [], True, Rating(), when=when + timedelta(2))
    (_, due), = store.review_queue(me)
    assert due > when + timedelta(days=2)  # solved on review: pushed further out
    history = store.attempts(me)
    assert [(a.item, a.correct) for a in history] == [("p1", False), ("p2", True), ("p1", True)]
    assert history[0].detail == {"card": "AS"} and history[0].themes == ("ruff",)
    assert store.attempted(me) == {"p1", "p2"}


def test_only_the_first_attempt_at_a_puzzle_is_rated(store):
    """As on Lichess: a puzzle played before is not rated again. The tester's case: failed,
    then "solved" after a reload, then solved three more times."""
    me = store.learner("Tess")
    when = datetime(2026, 1, 1, tzinfo=UTC)
    first = store.record_puzzle_attempt(me, "play", "p537", ["ruff"], False, Rating(1456, 80),
                                        {"plays": ["QD", "7D"]}, when)
    assert first.rated and first.change < 0
    me = first.learner
    puzzle = store.puzzle_rating("p537", Rating(1456, 80))
    assert puzzle.rating > 1456
    (_, due), = store.review_queue(me)  # failed: queued
    for n in range(1, 5):
        again = store.record_puzzle_attempt(me, "play", "p537", ["ruff"], True, Rating(1456, 80),
                                            {"plays": ["QD", "JH"]}, when + timedelta(days=n))
        assert not again.rated and again.change == 0.0
        assert again.learner == me == store.learner("Tess")  # the learner's rating: unchanged
        assert store.puzzle_rating("p537", Rating()) == puzzle  # and the puzzle's
    history = store.attempts(me)  # every attempt is kept, only the first with a rating
    assert [(a.correct, a.rated) for a in history] == [(False, True)] + [(True, False)] * 4
    assert history[0].rating == me.rating.rating and history[1].rating is None
    assert history[-1].detail == {"plays": ["QD", "JH"]}
    (_, later), = store.review_queue(me)  # the review is still rescheduled
    assert later > due
    assert store.played(me, "p537") and not store.played(me, "p2")
    # a review of another failed puzzle, once due, still works the same way
    store.record_puzzle_attempt(me, "bid", "b1", [], False, Rating(), when=when)
    assert "b1" in store.due_reviews(me, when + timedelta(days=30))
    store.record_puzzle_attempt(me, "bid", "b1", [], True, Rating(), when=when + timedelta(30))
    assert dict(store.review_queue(me))["b1"] > when + timedelta(days=30)  # rescheduled


def test_a_database_with_repeated_rated_attempts_still_works(store_location):
    """Attempts rated again before this rule stay as they were; the next one is practice."""
    path = store_location
    store = ProgressStore(path)
    me = store.learner("Old")
    with store._write() as db:
        for rating in (1400.0, 1480.0):
            db.execute("INSERT INTO attempts (learner_id, kind, item, themes, correct, detail, "
                       "created, rating, deviation) VALUES (?, 'puzzle', 'p9', '[]', 1, '{}', "
                       "'2025-01-01T00:00:00+00:00', ?, 90)", (me.id, rating))
    store = ProgressStore(path)
    assert [a.rating for a in store.attempts(me)] == [1400.0, 1480.0]
    assert not store.record_puzzle_attempt(me, "play", "p9", [], True, Rating()).rated


def test_failed_write_leaves_nothing_half_done(store, monkeypatch):
    me = store.learner("Di")

    def boom(*args, **kwargs):
        raise RuntimeError("crash mid-answer")

    monkeypatch.setattr("trainer.progress.review.review", boom)
    with pytest.raises(RuntimeError):
        store.record_puzzle_attempt(me, "play", "p1", [], False, Rating())
    assert store.attempts(me) == []
    assert store.learner("Di").rating == starting_rating()  # a new learner's
    assert store.puzzle_rating("p1", Rating(1234)).rating == 1234


def test_two_tabs_write_at_once(store_location):
    path = store_location
    a, b = ProgressStore(path), ProgressStore(path)
    me = a.learner("Ed")

    def answer(store):
        for _ in range(25):
            store.record_lesson_answer(me, "L", True)

    threads = [threading.Thread(target=answer, args=(s,)) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert a.lesson_progress(me)["L"].answered == 50
    assert len(b.attempts(me)) == 50


def test_settings_round_trip(store):
    me = store.learner("Fay")
    assert store.get_setting(me, "rules", "australian") == "australian"
    store.set_setting(me, "rules", {"players": 3})
    assert store.get_setting(me, "rules") == {"players": 3}


def test_trainer_db_env(monkeypatch, tmp_path):
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "x.db"))
    assert default_path() == tmp_path / "x.db"
    monkeypatch.delenv("TRAINER_DB")
    assert default_path().name == "progress.sqlite3"
