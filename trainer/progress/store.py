"""The learner store: profiles, lesson mastery, puzzle attempts, ratings and reviews, kept in
SQLite or, for several app servers sharing one store, in PostgreSQL (docs/DESIGN.md, Layout:
``progress/``; README, "A shared store (PostgreSQL)").

The store is where ``TRAINER_DB`` points: a ``postgresql://`` (or ``postgres://``) URL names a
PostgreSQL database, anything else the path of an SQLite file; without it, an SQLite file in the
user's data directory (platformdirs). Both backends (`trainer.progress.backend`) hold the same
tables and answer the same calls. Every write is one transaction (an answer is one), so a crash
mid-answer loses nothing already saved, and writers are serialised across every process using
the store (SQLite's ``BEGIN IMMEDIATE``; a PostgreSQL advisory lock): two tabs, or two app
servers, never interleave half an answer.

Opening a store applies the schema migrations it lacks and records its version
(`trainer.progress.migrations`, `SCHEMA_VERSION`, `ProgressStore.schema_version`): a store made
by any earlier trainer keeps all it holds and gains the tables it lacks; one made by a newer
trainer is refused. A lesson's answers are counted per topic (``lesson_topics``); a lesson is
mastered once each of its topics is (`trainer.lessons.question.Mastery`), and then it becomes an
FSRS review card (``lesson_reviews``: when it was mastered, when last reviewed, when due). A
lesson an older store marks mastered stays mastered, and gets its review card when first asked
(`due_lessons`).

A puzzle is rated once per learner, as on Lichess: a learner's first attempt at a puzzle moves
their rating and the puzzle's; later attempts are saved and scheduled for review as practice.

Puzzles made on demand, when a learner has played every puzzle their filters leave
(``generated_puzzles``, `trainer.progress.generated`), belong to the store: every learner of
it is served them.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from trainer.lessons.question import Topic, TopicRecord
from trainer.progress import review
from trainer.progress.backend import (
    Connection,
    PostgresBackend,
    Row,
    SQLiteBackend,
    is_postgres_url,
    open_backend,
)
from trainer.progress.errors import NotAStoreError, StoreError, StoreUnavailableError
from trainer.progress.migrations import SCHEMA_VERSION, TABLES, migrate, read_version
from trainer.progress.ratings import Rating, update_pair
from trainer.progress.start import shown_in, starting_rating
from trainer.progress.stored import StoredValueError, decode_stored

__all__ = [
    "SCHEMA_VERSION", "Attempt", "Learner", "LessonProgress", "LessonReview", "NotAStoreError",
    "ProgressStore", "PuzzleResult", "StoreError", "StoreUnavailableError", "default_location",
    "default_path",
]

log = logging.getLogger(__name__)


def default_location() -> str:
    """Where the store is: ``$TRAINER_DB`` as given (an SQLite path, or a PostgreSQL URL,
    `backend.is_postgres_url`), else `default_path`."""
    return os.environ.get("TRAINER_DB") or str(default_path())


def default_path() -> Path:
    """The SQLite file: ``$TRAINER_DB`` unless it is a PostgreSQL URL, else
    ``<user data dir>/fivehundred-trainer/progress.sqlite3``."""
    env = os.environ.get("TRAINER_DB")
    if env and not is_postgres_url(env):
        return Path(env)
    return Path(platformdirs.user_data_dir("fivehundred-trainer")) / "progress.sqlite3"


@dataclass(frozen=True)
class Learner:
    id: int
    name: str
    rating: Rating


@dataclass(frozen=True)
class LessonProgress:
    """A learner's saved record on one lesson; ``topics``: (topic name, record) pairs."""

    lesson: str
    answered: int
    correct: int
    streak: int
    mastered: bool
    topics: tuple[tuple[str, TopicRecord], ...] = ()


@dataclass(frozen=True)
class LessonReview:
    """A mastered lesson's review card: when it was mastered, last reviewed (None: not yet),
    and when it is next due (all timezone-aware UTC)."""

    lesson: str
    mastered_on: datetime
    last_review: datetime | None
    due: datetime


@dataclass(frozen=True)
class Attempt:
    kind: str
    item: str
    themes: tuple[str, ...]
    correct: bool
    detail: dict[str, Any]
    created: datetime
    rating: float | None
    """The learner's rating after a rated puzzle attempt; None for a lesson answer and for an
    unrated (practice) puzzle attempt."""
    deviation: float | None

    @property
    def rated(self) -> bool:
        """True for a puzzle attempt that moved the ratings (a learner's first at the puzzle)."""
        return self.kind != "lesson" and self.rating is not None


@dataclass(frozen=True)
class PuzzleResult:
    """What `ProgressStore.record_puzzle_attempt` saved.

    ``learner``: the learner after the attempt (their rating unchanged when not rated);
    ``before``: their rating before it; ``rated``: whether the attempt moved the learner's and
    the puzzle's ratings (only a learner's first attempt at a puzzle does); ``shown``: not
    rated because the learner was shown the puzzle's answer (`trainer.progress.start`).
    """

    learner: Learner
    before: Rating
    rated: bool
    shown: bool = False

    @property
    def change(self) -> float:
        """Rating points gained (negative: lost); 0.0 for an unrated attempt."""
        return self.learner.rating.rating - self.before.rating


def _now() -> datetime:
    return datetime.now(UTC)


class ProgressStore:
    """The learner store at ``path`` (default `default_location`); created on first use.

    ``path``: an SQLite file's path, or a PostgreSQL URL (``postgresql://user:pass@host/db``).
    Opening applies the missing migrations (`trainer.progress.migrations.migrate`). Raises
    `NotAStoreError` when ``path`` is another program's SQLite file or not a database (the
    store never adds its tables to someone else's file), and `StoreUnavailableError` (one
    line naming TRAINER_DB, never the password) when the URL does not parse, the server cannot
    be reached, or the store was made by a newer trainer. A row that cannot be read (bad JSON in
    a setting, an attempt or a review) is skipped, or read as its default, and reported once in
    `problems` and the log; the rest of the learner's data is served as usual.

    ``path`` (a `Path`, for SQLite; None for PostgreSQL) and ``location`` (what to show: the
    path, or the URL with its password hidden) say where the store is.
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.backend: SQLiteBackend | PostgresBackend = open_backend(
            path if path is not None else default_location())
        self.path: Path | None = getattr(self.backend, "path", None)
        self.location: str = self.backend.label
        self.problems: list[str] = []
        if isinstance(self.backend, SQLiteBackend):
            self._refuse_foreign_file(self.backend)
        self.backend.prepare()
        migrate(self.backend)

    @staticmethod
    def _refuse_foreign_file(backend: SQLiteBackend) -> None:
        """Raise `NotAStoreError` for a file that is not an SQLite database, or holds another
        program's tables (and no ``learners``)."""
        if not backend.path.exists():
            return
        with backend.connect() as db:
            try:
                tables = backend.tables(db)
            except sqlite3.DatabaseError:
                raise NotAStoreError(f"TRAINER_DB: {backend.path} is not a trainer store (not "
                                     "an SQLite database)") from None
        foreign = tables - TABLES - {"sqlite_sequence"}
        if foreign and "learners" not in tables:
            raise NotAStoreError(f"TRAINER_DB: {backend.path} is not a trainer store (it "
                                 f"holds other tables, such as {sorted(foreign)[0]!r})")

    def schema_version(self) -> int:
        """The store's recorded schema version (`SCHEMA_VERSION` once opened)."""
        with self._connect() as db:
            return read_version(self.backend, db)

    def close(self) -> None:
        """Let go of pooled connections (PostgreSQL); the store stays usable."""
        self.backend.close()

    def _report(self, what: str) -> None:
        """Note an unreadable row once (`problems`, and a warning in the log)."""
        if what not in self.problems:
            self.problems.append(what)
            log.warning("learner store %s: %s", self.location, what)

    @contextmanager
    def _connect(self) -> Iterator[Connection]:
        """A connection for reads (each statement its own transaction)."""
        with self.backend.connect() as db:
            yield db

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One write transaction: all of it lands, or none of it; one writer at a time."""
        with self.backend.write() as db:
            yield db

    # --- learners ----------------------------------------------------------------------------

    def learners(self) -> list[str]:
        """The names learners chose (1-40 characters); accounts' rows
        (`trainer.progress.accounts`, longer names) are left out."""
        with self._connect() as db:
            return [r["name"] for r in db.execute(
                "SELECT name FROM learners WHERE length(name) <= 40 ORDER BY name")]

    def learner(self, name: str, create: bool = True) -> Learner:
        """The learner called ``name`` (trimmed, 1-40 characters), created if new and ``create``.

        Names match without regard to case (``"ann"`` finds a saved ``"Ann"``, who keeps that
        spelling): the learner of exactly that name if there is one, else the first saved whose
        name differs only in case. A new learner is saved with the name as typed (trimmed).
        Raises `StoreError` for an empty or over-long name, or an unknown one when not creating.
        """
        clean = (name or "").strip()
        if not clean:
            raise StoreError("name: type a name first (spaces alone do not count)")
        if len(clean) > 40:
            raise StoreError(f"name: {len(clean)} characters is too long; 40 at most")
        with self._write() as db:
            row = _same_name(db, clean)
            if row is None:
                if not create:
                    raise StoreError(f"name: no learner called {clean!r}")
                r = starting_rating()  # below the banks' easiest quarter
                db.execute(
                    "INSERT INTO learners (name, created, rating, deviation, volatility) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (clean, _now().isoformat(), r.rating, r.deviation, r.volatility),
                )
                row = db.execute("SELECT * FROM learners WHERE name = ?", (clean,)).fetchone()
        return Learner(row["id"], row["name"],
                       Rating(row["rating"], row["deviation"], row["volatility"]))

    def saved_name(self, name: str) -> str | None:
        """The saved spelling of the learner ``name`` would choose (`learner`'s case-blind
        match: ``"ann"`` -> ``"Ann"``), or None when no saved learner has that name."""
        with self._connect() as db:
            row = _same_name(db, (name or "").strip())
        return None if row is None else str(row["name"])

    # --- lessons -----------------------------------------------------------------------------

    def record_lesson_answer(self, learner: Learner, lesson: str, correct: bool,
                             detail: dict[str, Any] | None = None, topic: str = "",
                             topics: Sequence[Topic] = (),
                             when: datetime | None = None) -> LessonProgress:
        """Count one practice answer on ``topic`` of the lesson; the lesson is mastered once
        every one of ``topics`` (the lesson's, `trainer.lessons.registry.TOPICS`) is
        (`TopicRecord.done`), and then gets its review card (`review.master_lesson`)."""
        when = when or _now()
        with self._write() as db:
            db.execute("INSERT INTO lessons (learner_id, lesson) VALUES (?, ?) "
                       "ON CONFLICT (learner_id, lesson) DO NOTHING", (learner.id, lesson))
            db.execute(
                "UPDATE lessons SET answered = answered + 1, correct = correct + ?, "
                "streak = CASE WHEN ? = 1 THEN streak + 1 ELSE 0 END "
                "WHERE learner_id = ? AND lesson = ?",
                (int(correct), int(correct), learner.id, lesson),
            )
            if topic:
                db.execute(
                    "INSERT INTO lesson_topics VALUES (?, ?, ?, 1, ?, ?) "
                    "ON CONFLICT (learner_id, lesson, topic) DO UPDATE "
                    "SET answered = lesson_topics.answered + 1, "
                    "correct = lesson_topics.correct + excluded.correct, "
                    "last_correct = excluded.last_correct",
                    (learner.id, lesson, topic, int(correct), int(correct)))
            records = _topic_records(db, learner, lesson)
            row = db.execute("SELECT * FROM lessons WHERE learner_id = ? AND lesson = ?",
                             (learner.id, lesson)).fetchone()
            if topics and not row["mastered"] and all(
                    dict(records).get(t.name, TopicRecord()).done(t) for t in topics):
                db.execute("UPDATE lessons SET mastered = 1 WHERE learner_id = ? AND "
                           "lesson = ?", (learner.id, lesson))
                card, due = review.master_lesson(when)
                db.execute(
                    "INSERT INTO lesson_reviews VALUES (?, ?, ?, NULL, ?, ?) "
                    "ON CONFLICT (learner_id, lesson) DO UPDATE SET "
                    "mastered_on = excluded.mastered_on, last_review = excluded.last_review, "
                    "card = excluded.card, due = excluded.due",
                    (learner.id, lesson, when.isoformat(), card, due.isoformat()))
            self._insert_attempt(db, learner, "lesson", lesson, (), correct, detail or {},
                                 None, when)
            row = db.execute("SELECT * FROM lessons WHERE learner_id = ? AND lesson = ?",
                             (learner.id, lesson)).fetchone()
        return _lesson(row, records)

    def lesson_progress(self, learner: Learner) -> dict[str, LessonProgress]:
        """Every lesson the learner has answered on, by lesson id, with its topics."""
        with self._connect() as db:
            rows = db.execute("SELECT * FROM lessons WHERE learner_id = ?",
                              (learner.id,)).fetchall()
            return {r["lesson"]: _lesson(r, _topic_records(db, learner, r["lesson"]))
                    for r in rows}

    # --- lesson reviews ----------------------------------------------------------------------

    def lesson_reviews(self, learner: Learner, now: datetime | None = None
                       ) -> dict[str, LessonReview]:
        """Every mastered lesson's review card, by lesson id. A lesson mastered in a store
        older than the review cards gets its card now, as if mastered at ``now``."""
        now = now or _now()
        with self._write() as db:
            db.execute(
                "INSERT INTO lesson_reviews (learner_id, lesson, mastered_on, last_review, "
                "card, due) SELECT lessons.learner_id, lessons.lesson, ?, NULL, ?, ? "
                "FROM lessons WHERE lessons.learner_id = ? AND lessons.mastered = 1 "
                "ON CONFLICT (learner_id, lesson) DO NOTHING",
                (now.isoformat(), *self._first_card(now), learner.id))
            rows = db.execute("SELECT * FROM lesson_reviews WHERE learner_id = ?",
                              (learner.id,)).fetchall()
        out = {}
        for r in rows:
            try:
                out[r["lesson"]] = LessonReview(
                    r["lesson"], datetime.fromisoformat(r["mastered_on"]),
                    datetime.fromisoformat(r["last_review"]) if r["last_review"] else None,
                    datetime.fromisoformat(r["due"]))
            except (TypeError, ValueError):
                self._report(f"review of lesson {r['lesson']} is unreadable; skipped")
        return out

    @staticmethod
    def _first_card(now: datetime) -> tuple[str, str]:
        card, due = review.master_lesson(now)
        return card, due.isoformat()

    def due_lessons(self, learner: Learner, now: datetime | None = None) -> list[LessonReview]:
        """The mastered lessons due for review at ``now``, most overdue first."""
        now = now or _now()
        return sorted((r for r in self.lesson_reviews(learner, now).values() if r.due <= now),
                      key=lambda r: r.due)

    def record_lesson_review(self, learner: Learner, lesson: str, right: int, asked: int,
                             when: datetime | None = None) -> LessonReview:
        """Save a short review of a mastered lesson (``right`` of ``asked`` right): FSRS
        schedules its next one (`review.review_lesson`). Raises `StoreError` when the lesson
        has no review card (it is not mastered)."""
        when = when or _now()
        with self._write() as db:
            row = db.execute("SELECT * FROM lesson_reviews WHERE learner_id = ? AND lesson = ?",
                             (learner.id, lesson)).fetchone()
            if row is None:
                raise StoreError(f"lesson: {lesson!r} is not mastered, so it has no review")
            card, due = review.review_lesson(row["card"], right, asked, when)
            db.execute("UPDATE lesson_reviews SET card = ?, due = ?, last_review = ? "
                       "WHERE learner_id = ? AND lesson = ?",
                       (card, due.isoformat(), when.isoformat(), learner.id, lesson))
        return LessonReview(lesson, datetime.fromisoformat(row["mastered_on"]), when, due)

    # --- puzzles -----------------------------------------------------------------------------

    def puzzle_rating(self, puzzle: str, initial: Rating) -> Rating:
        """The puzzle's current rating: its stored one, else ``initial`` (from its record)."""
        with self._connect() as db:
            row = db.execute("SELECT * FROM puzzle_ratings WHERE puzzle = ?",
                             (puzzle,)).fetchone()
        return initial if row is None else Rating(row["rating"], row["deviation"],
                                                  row["volatility"])

    def puzzle_ratings(self) -> dict[str, Rating]:
        """Every stored puzzle rating by puzzle id (puzzles never attempted are absent)."""
        with self._connect() as db:
            rows = db.execute("SELECT * FROM puzzle_ratings").fetchall()
        return {row["puzzle"]: Rating(row["rating"], row["deviation"], row["volatility"])
                for row in rows}

    def record_puzzle_attempt(
        self,
        learner: Learner,
        kind: str,
        puzzle: str,
        themes: Sequence[str],
        solved: bool,
        initial_rating: Rating,
        detail: dict[str, Any] | None = None,
        when: datetime | None = None,
    ) -> PuzzleResult:
        """Record a finished puzzle attempt in one transaction: the attempt, the Glicko-2 update
        of learner and puzzle, and the FSRS review schedule.

        As on Lichess a puzzle is rated once per learner: only the learner's first attempt at
        ``puzzle`` (no earlier attempt of theirs at it is stored, of any kind but a lesson)
        moves the two ratings, and not even that when they were shown its answer
        (`trainer.progress.start.mark_shown`). A later attempt is practice: it is saved
        (``rating`` None in `attempts`) and reschedules the puzzle's review, but leaves both
        ratings as they are.
        Returns a `PuzzleResult` (the updated learner, their rating before, whether rated).
        Raises `StoreError` when the learner is not in the store.
        """
        when = when or _now()
        with self._write() as db:
            row = db.execute("SELECT * FROM learners WHERE id = ?", (learner.id,)).fetchone()
            if row is None:
                raise StoreError(f"name: no learner called {learner.name!r}")
            before = me = Rating(row["rating"], row["deviation"], row["volatility"])
            played = _played(db, learner, puzzle)
            shown = not played and shown_in(db, learner.id, puzzle)  # its answer was shown
            rated = not played and not shown
            if rated:
                prow = db.execute("SELECT * FROM puzzle_ratings WHERE puzzle = ?",
                                  (puzzle,)).fetchone()
                it = initial_rating if prow is None else Rating(
                    prow["rating"], prow["deviation"], prow["volatility"])
                me, it = update_pair(me, it, solved)
                db.execute("UPDATE learners SET rating = ?, deviation = ?, volatility = ? "
                           "WHERE id = ?", (me.rating, me.deviation, me.volatility, learner.id))
                db.execute(
                    "INSERT INTO puzzle_ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT (puzzle) DO "
                    "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                    "volatility = excluded.volatility, "
                    "attempts = puzzle_ratings.attempts + 1",
                    (puzzle, it.rating, it.deviation, it.volatility),
                )
            old = db.execute("SELECT card FROM reviews WHERE learner_id = ? AND puzzle = ?",
                             (learner.id, puzzle)).fetchone()
            if old is not None and review.read_card(old["card"]) is None:
                self._report(f"review card of {puzzle} is unreadable; it starts afresh")
            if old is not None or not solved:  # failed puzzles enter the review queue
                card, due = review.review(old["card"] if old else None, solved, when)
                db.execute("INSERT INTO reviews VALUES (?, ?, ?, ?) "
                           "ON CONFLICT (learner_id, puzzle) DO UPDATE SET "
                           "card = excluded.card, due = excluded.due",
                           (learner.id, puzzle, card, due.isoformat()))
            self._insert_attempt(db, learner, kind, puzzle, themes, solved, detail or {},
                                 me if rated else None, when)
        return PuzzleResult(Learner(learner.id, learner.name, me), before, rated, shown)

    def played(self, learner: Learner, puzzle: str) -> bool:
        """True when the learner has a saved attempt at ``puzzle`` (so another is unrated)."""
        with self._connect() as db:
            return _played(db, learner, puzzle)

    def due_reviews(self, learner: Learner, now: datetime | None = None) -> list[str]:
        """Puzzles due for review now, most overdue first."""
        now = now or _now()
        with self._connect() as db:
            rows = db.execute("SELECT puzzle FROM reviews WHERE learner_id = ? AND due <= ? "
                              "ORDER BY due", (learner.id, now.isoformat()))
            return [r["puzzle"] for r in rows]

    def review_queue(self, learner: Learner) -> list[tuple[str, datetime]]:
        """Every puzzle in the learner's review queue with its due time, soonest first."""
        with self._connect() as db:
            rows = db.execute("SELECT puzzle, due FROM reviews WHERE learner_id = ? "
                              "ORDER BY due", (learner.id,)).fetchall()
        out = []
        for r in rows:
            try:
                out.append((r["puzzle"], datetime.fromisoformat(r["due"])))
            except (TypeError, ValueError):
                self._report(f"review of {r['puzzle']} has an unreadable due time; skipped")
        return out

    def attempted(self, learner: Learner) -> set[str]:
        with self._connect() as db:
            rows = db.execute("SELECT DISTINCT item FROM attempts WHERE learner_id = ? AND "
                              "kind != 'lesson'", (learner.id,))
            return {r["item"] for r in rows}

    # --- history and settings ----------------------------------------------------------------

    def attempts(self, learner: Learner) -> list[Attempt]:
        """Every attempt of the learner (lessons and puzzles), oldest first."""
        with self._connect() as db:
            rows = db.execute("SELECT * FROM attempts WHERE learner_id = ? ORDER BY id",
                              (learner.id,)).fetchall()
        out = []
        for r in rows:
            try:
                themes = decode_stored(r["themes"], "attempt themes", shape=list)
                detail = decode_stored(r["detail"], "attempt detail", shape=dict)
                out.append(Attempt(r["kind"], r["item"], tuple(themes),
                                   bool(r["correct"]), detail,
                                   datetime.fromisoformat(r["created"]), r["rating"],
                                   r["deviation"]))
            except StoredValueError as e:
                self._report(f"attempt {r['id']} of {learner.name} is unreadable"
                             f"{e.detail}; skipped")
            except (TypeError, ValueError):  # a bad time
                self._report(f"attempt {r['id']} of {learner.name} is unreadable; skipped")
        return out

    def get_setting(self, learner: Learner, key: str, default: Any = None) -> Any:
        """The learner's setting ``key``, or ``default`` when unset or unreadable (reported)."""
        with self._connect() as db:
            row = db.execute("SELECT value FROM settings WHERE learner_id = ? AND key = ?",
                             (learner.id, key)).fetchone()
        if row is None:
            return default
        try:
            return decode_stored(row["value"], f"setting {key!r}")
        except StoredValueError as e:
            self._report(f"setting {key!r} of {learner.name} is unreadable{e.detail}; "
                         "the default is used")
            return default

    def get_setting_text(self, learner: Learner, key: str) -> str | None:
        """The learner's setting ``key`` as stored (its JSON text), or None when unset: for a
        caller that reports an unreadable value itself (a saved game) rather than default it.

        A value the store refuses to read (`trainer.progress.stored.decode_stored`: too large,
        nested too deeply, holding NaN or an infinity) is reported here and read as unset (None),
        so that the caller never parses it; a value that is merely not JSON is handed over for
        the caller to report."""
        with self._connect() as db:
            row = db.execute("SELECT value FROM settings WHERE learner_id = ? AND key = ?",
                             (learner.id, key)).fetchone()
        if row is None:
            return None
        try:
            decode_stored(row["value"], f"setting {key!r}")
        except StoredValueError as e:
            if e.kind != "damaged" or not isinstance(row["value"], str):
                self._report(f"setting {key!r} of {learner.name} is unreadable "
                             f"({e.reason}); skipped")
                return None
        return str(row["value"])

    def set_setting(self, learner: Learner, key: str, value: Any) -> None:
        with self._write() as db:
            db.execute("INSERT INTO settings VALUES (?, ?, ?) ON CONFLICT (learner_id, key) "
                       "DO UPDATE SET value = excluded.value",
                       (learner.id, key, json.dumps(value)))

    @staticmethod
    def _insert_attempt(db: Connection, learner: Learner, kind: str, item: str,
                        themes: Sequence[str], correct: bool, detail: dict[str, Any],
                        rating: Rating | None, when: datetime | None = None) -> None:
        db.execute(
            "INSERT INTO attempts (learner_id, kind, item, themes, correct, detail, created, "
            "rating, deviation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (learner.id, kind, item, json.dumps(list(themes)), int(correct), json.dumps(detail),
             (when or _now()).isoformat(), rating.rating if rating else None,
             rating.deviation if rating else None),
        )


def _played(db: Connection, learner: Learner, puzzle: str) -> bool:
    return db.execute("SELECT 1 FROM attempts WHERE learner_id = ? AND item = ? AND "
                      "kind != 'lesson' LIMIT 1", (learner.id, puzzle)).fetchone() is not None


def _same_name(db: Connection, name: str) -> Row | None:
    """The learner row called exactly ``name``, else the first (oldest) whose name is the same
    but for case (`str.casefold`, so any script's capitals match), else None."""
    row: Row | None = db.execute("SELECT * FROM learners WHERE name = ?",
                                         (name,)).fetchone()
    if row is not None:
        return row
    folded = name.casefold()
    for candidate in db.execute("SELECT * FROM learners ORDER BY id"):
        if str(candidate["name"]).casefold() == folded:
            return candidate
    return None


def _topic_records(db: Connection, learner: Learner, lesson: str
                   ) -> tuple[tuple[str, TopicRecord], ...]:
    rows = db.execute("SELECT * FROM lesson_topics WHERE learner_id = ? AND lesson = ? "
                      "ORDER BY topic", (learner.id, lesson))
    return tuple((r["topic"], TopicRecord(r["answered"], r["correct"], bool(r["last_correct"])))
                 for r in rows)


def _lesson(row: Row, topics: tuple[tuple[str, TopicRecord], ...] = ()
            ) -> LessonProgress:
    return LessonProgress(row["lesson"], row["answered"], row["correct"], row["streak"],
                          bool(row["mastered"]), topics)
