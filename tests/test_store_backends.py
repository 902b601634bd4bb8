"""The learner store's two backends and its migrations: ``TRAINER_DB`` read as a PostgreSQL URL
or an SQLite path; a bad URL or an unreachable server is one line naming TRAINER_DB, never the
password; an old store is upgraded in place, keeping its rows; opening again changes nothing; a
newer store is refused; two app servers (two OS processes) on one PostgreSQL database keep
every answer and rate each puzzle once.

Tests given ``store_location`` run on SQLite and on PostgreSQL (tests/conftest.py); those
marked ``postgres`` need the throwaway server (tests/pg_kit.py)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from load_kit import run_servers
from pg_kit import free_port

from trainer.progress import (
    SCHEMA_VERSION,
    ProgressStore,
    Rating,
    StoreError,
    StoreUnavailableError,
    default_location,
    default_path,
)
from trainer.progress.backend import (
    PostgresBackend,
    SQLiteBackend,
    is_postgres_url,
    open_backend,
    redact,
)
from trainer.progress.migrations import MIGRATIONS, TABLES, Migration, migrate

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
SECRET = "s3cr%40t"  # as written in the URL; "s3cr@t" decoded


# --- where the store is ----------------------------------------------------------------------


def test_a_postgresql_url_names_postgresql_anything_else_a_file(monkeypatch, tmp_path):
    for url in ("postgresql://u:p@db.example/trainer", "postgres://u@h:5433/t",
                " POSTGRESQL://h/t"):
        assert is_postgres_url(url)
        assert isinstance(open_backend(url), PostgresBackend)
    for path in (str(tmp_path / "p.sqlite3"), "progress.db", "postgresql:/x", "pg://h/db",
                 Path("postgresql://h/db")):
        assert not is_postgres_url(path)
        assert isinstance(open_backend(path), SQLiteBackend)
    monkeypatch.setenv("TRAINER_DB", "postgresql://u@h/t")
    assert default_location() == "postgresql://u@h/t"
    assert default_path().name == "progress.sqlite3"  # a URL is no file's path
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "x.db"))
    assert default_location() == str(tmp_path / "x.db") and default_path() == tmp_path / "x.db"


def test_a_password_is_never_shown():
    assert redact(f"postgresql://ann:{SECRET}@h:5432/t") == "postgresql://ann:***@h:5432/t"
    assert redact("postgresql://h/t?user=ann&password=pw&sslmode=require") == (
        "postgresql://h/t?user=ann&password=***&sslmode=require")
    assert redact("postgresql://ann@h/t") == "postgresql://ann@h/t"


def one_line(error: pytest.ExceptionInfo[StoreError]) -> str:
    text = str(error.value)
    assert "\n" not in text and text.startswith("TRAINER_DB: ")
    assert "s3cr" not in text and "Traceback" not in text
    return text


def test_a_bad_url_is_one_line_naming_trainer_db():
    with pytest.raises(StoreUnavailableError) as error:
        ProgressStore(f"postgresql://ann:{SECRET}@[::1/t")  # libpq echoes the URL it rejects
    assert "is not a usable PostgreSQL URL" in one_line(error)
    with pytest.raises(StoreUnavailableError) as error:
        ProgressStore(f"postgresql://ann:{SECRET}@h/t?nonsense=1")
    one_line(error)


def test_an_unreachable_server_is_one_line_naming_trainer_db():
    port = free_port()  # nothing listens there
    with pytest.raises(StoreUnavailableError) as error:
        ProgressStore(f"postgresql://ann:{SECRET}@127.0.0.1:{port}/t")
    text = one_line(error)
    assert f"postgresql://ann:***@127.0.0.1:{port}/t cannot be reached" in text


@pytest.mark.postgres
def test_a_missing_database_is_one_line(pg_cluster):
    with pytest.raises(StoreUnavailableError) as error:
        ProgressStore(pg_cluster.url("no_such_db").replace("trainer@", f"trainer:{SECRET}@"))
    assert "no_such_db" in one_line(error)


def test_the_app_says_the_store_is_out_of_reach(monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TRAINER_DB", f"postgresql://ann:{SECRET}@127.0.0.1:{free_port()}/t")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["learner"] = "Ann"
    at.run()
    assert not at.exception, at.exception
    errors = [e.value.replace("\\", "") for e in at.error]  # as typed, not as Markdown
    assert len(errors) == 1 and "could not be opened: TRAINER_DB: postgresql://" in errors[0]
    assert "s3cr" not in errors[0]
    assert at.query_params["learner"] == "Ann"  # the name stays for when the store is back


# --- migrations ----------------------------------------------------------------------------

# The first stores' tables (before lesson topics, lesson reviews, personal puzzles, settings
# versions), with a learner who has a lesson, two attempts, a rated puzzle and a review.
OLD_TABLES = (
    "CREATE TABLE learners (id {ID}, name TEXT NOT NULL UNIQUE, created TEXT NOT NULL, "
    "rating {REAL} NOT NULL, deviation {REAL} NOT NULL, volatility {REAL} NOT NULL)",
    "CREATE TABLE lessons (learner_id INTEGER NOT NULL REFERENCES learners(id), "
    "lesson TEXT NOT NULL, answered INTEGER NOT NULL DEFAULT 0, "
    "correct INTEGER NOT NULL DEFAULT 0, streak INTEGER NOT NULL DEFAULT 0, "
    "mastered INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (learner_id, lesson))",
    "CREATE TABLE attempts (id {ID}, learner_id INTEGER NOT NULL REFERENCES learners(id), "
    "kind TEXT NOT NULL, item TEXT NOT NULL, themes TEXT NOT NULL, correct INTEGER NOT NULL, "
    "detail TEXT NOT NULL, created TEXT NOT NULL, rating {REAL}, deviation {REAL})",
    "CREATE TABLE puzzle_ratings (puzzle TEXT PRIMARY KEY, rating {REAL} NOT NULL, "
    "deviation {REAL} NOT NULL, volatility {REAL} NOT NULL, attempts INTEGER NOT NULL)",
    "CREATE TABLE reviews (learner_id INTEGER NOT NULL REFERENCES learners(id), "
    "puzzle TEXT NOT NULL, card TEXT NOT NULL, due TEXT NOT NULL, "
    "PRIMARY KEY (learner_id, puzzle))",
    "CREATE TABLE settings (learner_id INTEGER NOT NULL REFERENCES learners(id), "
    "key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (learner_id, key))",
    "INSERT INTO learners (name, created, rating, deviation, volatility) "
    "VALUES ('Di', '2025-01-01T00:00:00+00:00', 1480.5, 300, 0.06)",
    "INSERT INTO lessons VALUES (1, 'the-pack', 6, 5, 5, 1)",
    "INSERT INTO attempts (learner_id, kind, item, themes, correct, detail, created, rating, "
    "deviation) VALUES (1, 'lesson', 'the-pack', '[]', 1, '{}', '2025-01-01T00:00:00+00:00', "
    "NULL, NULL)",
    "INSERT INTO attempts (learner_id, kind, item, themes, correct, detail, created, rating, "
    "deviation) VALUES (1, 'play', 'p1', '[\"ruff\"]', 0, '{}', "
    "'2025-01-02T00:00:00+00:00', 1480.5, 300)",
    "INSERT INTO puzzle_ratings VALUES ('p1', 1520, 110, 0.06, 1)",
    "INSERT INTO reviews VALUES (1, 'p1', '{}', '2025-01-03T00:00:00+00:00')",
    "INSERT INTO settings VALUES (1, 'rules', '\"american\"')",
)
TYPES = {"sqlite": {"ID": "INTEGER PRIMARY KEY", "REAL": "REAL"},
         "postgres": {"ID": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
                      "REAL": "DOUBLE PRECISION"}}


def make_old_store(location: str) -> None:
    """An old store at ``location`` (no ``schema_version``), written without the trainer."""
    types = TYPES["postgres" if is_postgres_url(location) else "sqlite"]
    sql = [s.replace("{ID}", types["ID"]).replace("{REAL}", types["REAL"]) for s in OLD_TABLES]
    if is_postgres_url(location):
        import psycopg

        with psycopg.connect(location, autocommit=True) as db:
            for s in sql:
                db.execute(s.encode())
    else:
        with sqlite3.connect(location) as db:
            for s in sql:
                db.execute(s)


def tables(store: ProgressStore) -> set[str]:
    with store._connect() as db:
        return store.backend.tables(db) - {"sqlite_sequence"}


def versions(store: ProgressStore) -> list[int]:
    with store._connect() as db:
        return [r["version"] for r in db.execute(
            "SELECT version FROM schema_version ORDER BY version")]


def test_an_old_store_is_upgraded_in_place_keeping_its_rows(store_location):
    make_old_store(store_location)
    store = ProgressStore(store_location)
    assert store.schema_version() == SCHEMA_VERSION == MIGRATIONS[-1].version
    assert versions(store) == [m.version for m in MIGRATIONS]
    assert tables(store) == TABLES
    di = store.learner("di", create=False)
    assert (di.name, di.rating.rating) == ("Di", 1480.5)
    assert store.lesson_progress(di)["the-pack"].mastered
    assert [(a.item, a.rated) for a in store.attempts(di)] == [("the-pack", False), ("p1", True)]
    assert store.puzzle_rating("p1", Rating()).rating == 1520
    assert [p for p, _ in store.review_queue(di)] == ["p1"]
    assert store.get_setting(di, "rules") == "american"
    assert not store.record_puzzle_attempt(di, "play", "p1", [], True, Rating()).rated
    assert store.learner("Eve").id == di.id + 1  # the id sequence goes on after the old rows
    store.close()


def test_opening_again_changes_nothing(store_location):
    first = ProgressStore(store_location)
    ann = first.learner("Ann")
    first.record_puzzle_attempt(ann, "play", "p1", [], True, Rating())
    for _ in range(3):
        again = ProgressStore(store_location)
        assert versions(again) == [m.version for m in MIGRATIONS]
        assert tables(again) == TABLES and len(again.attempts(ann)) == 1
        again.close()
    first.close()


def test_many_servers_opening_a_new_store_at_once_migrate_it_once(store_location):
    opened: list[ProgressStore] = []
    failed: list[BaseException] = []

    def open_it() -> None:
        try:
            opened.append(ProgressStore(store_location))
        except BaseException as e:  # pragma: no cover - reported below
            failed.append(e)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failed and len(opened) == 4
    assert versions(opened[0]) == [m.version for m in MIGRATIONS]
    for s in opened:
        s.close()


def test_a_store_at_an_older_version_gets_the_missing_migrations(store_location):
    backend = open_backend(store_location)
    backend.prepare()
    assert migrate(backend, MIGRATIONS[:1]) == 1
    backend.close()
    store = ProgressStore(store_location)
    assert versions(store) == [1, 2, 3, 4] and "generated_puzzles" in tables(store)
    assert {"club_sets", "club_members", "club_results", "daily_solved"} <= tables(store)
    store.close()


def test_a_failed_migration_leaves_the_store_as_it_was(store_location):
    store = ProgressStore(store_location)
    bad = Migration(SCHEMA_VERSION + 1, "half good", (
        "CREATE TABLE IF NOT EXISTS extra (id INTEGER)", "CREATE TABLE broken (("))
    with pytest.raises(Exception, match=r"(?i)syntax"):
        migrate(store.backend, (*MIGRATIONS, bad))
    assert store.schema_version() == SCHEMA_VERSION and "extra" not in tables(store)
    store.close()


def test_a_store_made_by_a_newer_trainer_is_refused_in_one_line(store_location):
    store = ProgressStore(store_location)
    with store._write() as db:
        db.execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)",
                   (SCHEMA_VERSION + 1, "2030-01-01T00:00:00+00:00"))
    store.close()
    with pytest.raises(StoreUnavailableError) as error:
        ProgressStore(store_location)
    text = one_line(error)
    assert "made by a newer trainer" in text
    assert f"store version {SCHEMA_VERSION + 1}" in text


def test_generated_puzzles_take_rows(store_location):
    store = ProgressStore(store_location)
    ann = store.learner("Ann")
    with store._write() as db:
        db.execute("INSERT INTO generated_puzzles VALUES (?, ?, ?, ?, ?, ?)",
                   ("g1", "play", "{}", '{"theme": "ruff"}', ann.id, "2026-01-01T00:00:00"))
        db.execute("INSERT INTO generated_puzzles VALUES (?, ?, ?, ?, ?, ?)",
                   ("g2", "bid", "{}", "{}", None, "2026-01-01T00:00:00"))
        rows = db.execute("SELECT id, learner_id FROM generated_puzzles WHERE kind = ? "
                          "ORDER BY id", ("play",)).fetchall()
    assert [(r["id"], r[1]) for r in rows] == [("g1", ann.id)]
    store.close()


# --- two app servers on one PostgreSQL database ----------------------------------------------


@pytest.mark.postgres
def test_two_app_servers_keep_every_answer_and_rate_each_puzzle_once(pg_url):
    """Two OS processes, each its own store on one database, as two Streamlit servers: both
    create the learner at once ("Ann" and "ann"), then answer the same 30 puzzles, each in
    its own order, at the same time."""
    figures = run_servers(pg_url, servers=2, answers=30, puzzles=30)
    assert figures.learners == 1
    assert figures.made == figures.kept == 60  # every answer kept
    assert figures.rated == figures.distinct == 30  # each puzzle rated once, by one server
    assert figures.ratings_once and figures.replayed
