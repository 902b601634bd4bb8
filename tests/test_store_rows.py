"""A corrupted row in the learner store is reported once and skipped; nothing else is lost.

The tests given ``store_location`` run on SQLite and on PostgreSQL (tests/conftest.py); another
program's SQLite file is an SQLite matter only."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.progress.ratings import Rating
from trainer.progress.store import ProgressStore


def corrupt(store: ProgressStore, sql: str, *args: object) -> None:
    """Change rows behind the store's back (its own write transaction, any backend)."""
    with store._write() as db:
        db.execute(sql, args)


def test_bad_setting_reads_as_default_and_is_reported_once(store_location: str) -> None:
    store = ProgressStore(store_location)
    ann = store.learner("Ann")
    store.set_setting(ann, "rules", {"players": 3})
    store.set_setting(ann, "other", 7)
    corrupt(store, "UPDATE settings SET value = '{bad' WHERE key = 'rules'")
    assert store.get_setting(ann, "rules", "default") == "default"
    assert store.get_setting(ann, "rules") is None
    assert store.get_setting(ann, "other") == 7  # the rest is served as usual
    assert store.problems == ["setting 'rules' of Ann is unreadable; the default is used"]
    store.set_setting(ann, "rules", "american")  # and a new value mends it
    assert store.get_setting(ann, "rules") == "american"


def test_bad_attempt_and_review_rows_are_skipped(store_location: str) -> None:
    store = ProgressStore(store_location)
    bea = store.learner("Bea")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for i, puzzle in enumerate(("p1", "p2", "p3")):
        store.record_puzzle_attempt(bea, "play", puzzle, ["ruff"], False, Rating(),
                                    {"cards": ["AS"]}, when=start + timedelta(minutes=i))
    corrupt(store, "UPDATE attempts SET detail = '{bad' WHERE item = 'p1'")
    corrupt(store, "UPDATE reviews SET due = 'soon' WHERE puzzle = 'p2'")
    corrupt(store, "UPDATE reviews SET card = 'not json' WHERE puzzle = 'p3'")
    assert [a.item for a in store.attempts(bea)] == ["p2", "p3"]
    assert [p for p, _ in store.review_queue(bea)] == ["p1", "p3"]
    # a review whose card is unreadable starts afresh on the next attempt
    result = store.record_puzzle_attempt(bea, "play", "p3", ["ruff"], True, Rating())
    assert not result.rated
    assert "p3" in [p for p, _ in store.review_queue(bea)]
    assert len(store.problems) == 3 and all("unreadable" in p for p in store.problems)
    store.attempts(bea)
    assert len(store.problems) == 3  # reported once


# --- the app with a damaged store ----------------------------------------------------------------

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PAGES = ["trainer/ui/pages/home.py", "trainer/ui/pages/learn.py", "trainer/ui/pages/play.py",
         "trainer/ui/pages/progress.py", "trainer/ui/pages/rules.py"]


def test_a_corrupted_row_locks_nobody_out(store_location: str, monkeypatch) -> None:
    # A settings row ('rules', '{bad') once raised on Home, Learn, Play, Progress and Rules.
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TRAINER_DB", store_location)
    store = ProgressStore(store_location)
    cal = store.learner("Cal")
    store.set_setting(cal, "rules", {"players": 3})
    store.record_puzzle_attempt(cal, "play", "p0000001", ["ruff"], False, Rating())
    corrupt(store, "UPDATE settings SET value = '{bad' WHERE key = 'rules'")
    corrupt(store, "UPDATE attempts SET detail = '{bad'")
    corrupt(store, "UPDATE reviews SET due = 'soon'")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["learner"] = "Cal"
    at.run()
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
    at.switch_page(PAGES[0]).run()
    assert any("could not be read" in w.value for w in at.warning)


def test_the_app_refuses_another_programs_database(tmp_path: Path, monkeypatch) -> None:
    from streamlit.testing.v1 import AppTest

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    monkeypatch.setenv("TRAINER_DB", str(other))
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    assert any("not a trainer store" in e.value for e in at.error)


def test_a_setting_is_read_back_as_its_stored_text(store_location: str) -> None:
    """`get_setting_text` gives the stored JSON as it is, even when it does not parse (the saved
    game reports that itself), and None for a setting never saved."""
    store = ProgressStore(store_location)
    learner = store.learner("Cy")
    assert store.get_setting_text(learner, "game") is None
    store.set_setting(learner, "game", {"a": 1})
    assert store.get_setting_text(learner, "game") == '{"a": 1}'
    corrupt(store, "UPDATE settings SET value = '{oops' WHERE key = 'game'")
    assert store.get_setting_text(learner, "game") == "{oops"
