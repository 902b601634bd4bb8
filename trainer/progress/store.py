"""The learner store: profiles, lesson mastery, puzzle attempts, ratings and reviews in SQLite.

The database lives where ``TRAINER_DB`` points, else in the user's data directory
(platformdirs). Every write is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), so a crash
mid-answer loses nothing already saved and two tabs (two connections) never interleave half an
answer. WAL journaling lets readers go on while a writer commits.

A lesson's answers are counted per topic (``lesson_topics``); a lesson is mastered once each of
its topics is (`trainer.lessons.question.Mastery`), and then it becomes an FSRS review card
(``lesson_reviews``: when it was mastered, when last reviewed, when due). Both tables came
after the first stores: an older store gains them, empty, and keeps all it holds (a lesson it
marks mastered stays mastered, and gets its review card when first asked, `due_lessons`).

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

from trainer.errors import TrainerError
from trainer.lessons.question import Topic, TopicRecord
from trainer.progress import review
from trainer.progress.ratings import Rating, update_pair

_SCHEMA = """
CREATE TABLE IF NOT EXISTS learners (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created TEXT NOT NULL,
    rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL);
CREATE TABLE IF NOT EXISTS lessons (
    learner_id INTEGER NOT NULL REFERENCES learners(id), lesson TEXT NOT NULL,
    answered INTEGER NOT NULL DEFAULT 0, correct INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0, mastered INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner_id, lesson));
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY, learner_id INTEGER NOT NULL REFERENCES learners(id),
    kind TEXT NOT NULL, item TEXT NOT NULL, themes TEXT NOT NULL, correct INTEGER NOT NULL,
    detail TEXT NOT NULL, created TEXT NOT NULL, rating REAL, deviation REAL);
CREATE INDEX IF NOT EXISTS attempts_by_item ON attempts (learner_id, item);
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle TEXT PRIMARY KEY, rating REAL NOT NULL, deviation REAL NOT NULL,
    volatility REAL NOT NULL, attempts INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS reviews (
    learner_id INTEGER NOT NULL REFERENCES learners(id), puzzle TEXT NOT NULL,
    card TEXT NOT NULL, due TEXT NOT NULL, PRIMARY KEY (learner_id, puzzle));
CREATE TABLE IF NOT EXISTS lesson_topics (
    learner_id INTEGER NOT NULL REFERENCES learners(id), lesson TEXT NOT NULL,
    topic TEXT NOT NULL, answered INTEGER NOT NULL, correct INTEGER NOT NULL,
    last_correct INTEGER NOT NULL, PRIMARY KEY (learner_id, lesson, topic));
CREATE TABLE IF NOT EXISTS lesson_reviews (
    learner_id INTEGER NOT NULL REFERENCES learners(id), lesson TEXT NOT NULL,
    mastered_on TEXT NOT NULL, last_review TEXT, card TEXT NOT NULL, due TEXT NOT NULL,
    PRIMARY KEY (learner_id, lesson));
CREATE TABLE IF NOT EXISTS personal_puzzles (
    learner_id INTEGER NOT NULL REFERENCES learners(id), id TEXT NOT NULL,
    record TEXT NOT NULL, created TEXT NOT NULL, PRIMARY KEY (learner_id, id));
CREATE TABLE IF NOT EXISTS settings (
    learner_id INTEGER NOT NULL REFERENCES learners(id), key TEXT NOT NULL,
    value TEXT NOT NULL, PRIMARY KEY (learner_id, key));
CREATE TABLE IF NOT EXISTS generated_puzzles (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, record TEXT NOT NULL, filter TEXT NOT NULL,
    learner_id INTEGER REFERENCES learners(id), created TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS generated_by_kind ON generated_puzzles (kind);
"""


class StoreError(TrainerError):
    """Bad input to the learner store (an empty or unknown learner name, say), or a file that
    is not a trainer store."""


class NotAStoreError(StoreError):
    """``TRAINER_DB`` names a file that is not a trainer store (another program's database, or
    not a database at all): the store refuses to touch it."""


_TABLES = frozenset({"learners", "lessons", "attempts", "puzzle_ratings", "reviews", "settings",
                     "lesson_topics", "lesson_reviews", "personal_puzzles",
                     "generated_puzzles"})
log = logging.getLogger(__name__)


def default_path() -> Path:
    """``$TRAINER_DB``, else ``<user data dir>/fivehundred-trainer/progress.sqlite3``."""
    env = os.environ.get("TRAINER_DB")
    if env:
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
    the puzzle's ratings (only a learner's first attempt at a puzzle does).
    """

    learner: Learner
    before: Rating
    rated: bool

    @property
    def change(self) -> float:
        """Rating points gained (negative: lost); 0.0 for an unrated attempt."""
        return self.learner.rating.rating - self.before.rating


def _now() -> datetime:
    return datetime.now(UTC)


class ProgressStore:
    """The learner store at ``path`` (default `default_path`); created on first use.

    Raises `StoreError` when ``path`` is another program's SQLite file or not a database: the
    store never adds its tables to someone else's file. A row that cannot be read (bad JSON in
    a setting, an attempt or a review) is skipped, or read as its default, and reported once in
    `problems` and the log; the rest of the learner's data is served as usual.
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.problems: list[str] = []
        with self._connect() as db:
            try:
                tables = {r[0] for r in db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
            except sqlite3.DatabaseError:
                raise NotAStoreError(f"TRAINER_DB: {self.path} is not a trainer store (not an "
                                 "SQLite database)") from None
            foreign = tables - _TABLES - {"sqlite_sequence"}
            if foreign and "learners" not in tables:
                raise NotAStoreError(f"TRAINER_DB: {self.path} is not a trainer store (it holds "
                                 f"other tables, such as {sorted(foreign)[0]!r})")
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    def _report(self, what: str) -> None:
        """Note an unreadable row once (`problems`, and a warning in the log)."""
        if what not in self.problems:
            self.problems.append(what)
            log.warning("learner store %s: %s", self.path, what)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            yield db
        finally:
            db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it lands, or none of it."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # --- learners ----------------------------------------------------------------------------

    def learners(self) -> list[str]:
        with self._connect() as db:
            return [r["name"] for r in db.execute("SELECT name FROM learners ORDER BY name")]

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
                r = Rating()
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
            db.execute("INSERT OR IGNORE INTO lessons (learner_id, lesson) VALUES (?, ?)",
                       (learner.id, lesson))
            db.execute(
                "UPDATE lessons SET answered = answered + 1, correct = correct + ?, "
                "streak = CASE WHEN ? THEN streak + 1 ELSE 0 END "
                "WHERE learner_id = ? AND lesson = ?",
                (int(correct), int(correct), learner.id, lesson),
            )
            if topic:
                db.execute(
                    "INSERT INTO lesson_topics VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT DO UPDATE "
                    "SET answered = answered + 1, correct = correct + excluded.correct, "
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
                db.execute("INSERT OR REPLACE INTO lesson_reviews VALUES (?, ?, ?, NULL, ?, ?)",
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
                "INSERT OR IGNORE INTO lesson_reviews SELECT learner_id, lesson, ?, NULL, ?, ? "
                "FROM lessons WHERE learner_id = ? AND mastered = 1",
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
        moves the two ratings. A later attempt is practice: it is saved (``rating`` None in
        `attempts`) and reschedules the puzzle's review, but leaves both ratings as they are.
        Returns a `PuzzleResult` (the updated learner, their rating before, whether rated).
        Raises `StoreError` when the learner is not in the store.
        """
        when = when or _now()
        with self._write() as db:
            row = db.execute("SELECT * FROM learners WHERE id = ?", (learner.id,)).fetchone()
            if row is None:
                raise StoreError(f"name: no learner called {learner.name!r}")
            before = me = Rating(row["rating"], row["deviation"], row["volatility"])
            rated = not _played(db, learner, puzzle)
            if rated:
                prow = db.execute("SELECT * FROM puzzle_ratings WHERE puzzle = ?",
                                  (puzzle,)).fetchone()
                it = initial_rating if prow is None else Rating(
                    prow["rating"], prow["deviation"], prow["volatility"])
                me, it = update_pair(me, it, solved)
                db.execute("UPDATE learners SET rating = ?, deviation = ?, volatility = ? "
                           "WHERE id = ?", (me.rating, me.deviation, me.volatility, learner.id))
                db.execute(
                    "INSERT INTO puzzle_ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT(puzzle) DO "
                    "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                    "volatility = excluded.volatility, attempts = attempts + 1",
                    (puzzle, it.rating, it.deviation, it.volatility),
                )
            old = db.execute("SELECT card FROM reviews WHERE learner_id = ? AND puzzle = ?",
                             (learner.id, puzzle)).fetchone()
            if old is not None and review.read_card(old["card"]) is None:
                self._report(f"review card of {puzzle} is unreadable; it starts afresh")
            if old is not None or not solved:  # failed puzzles enter the review queue
                card, due = review.review(old["card"] if old else None, solved, when)
                db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?, ?, ?)",
                           (learner.id, puzzle, card, due.isoformat()))
            self._insert_attempt(db, learner, kind, puzzle, themes, solved, detail or {},
                                 me if rated else None, when)
        return PuzzleResult(Learner(learner.id, learner.name, me), before, rated)

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
                out.append(Attempt(r["kind"], r["item"], tuple(json.loads(r["themes"])),
                                   bool(r["correct"]), json.loads(r["detail"]),
                                   datetime.fromisoformat(r["created"]), r["rating"],
                                   r["deviation"]))
            except (TypeError, ValueError):  # json.JSONDecodeError is a ValueError
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
            return json.loads(row["value"])
        except (TypeError, ValueError):
            self._report(f"setting {key!r} of {learner.name} is unreadable; the default is used")
            return default

    def get_setting_text(self, learner: Learner, key: str) -> str | None:
        """The learner's setting ``key`` as stored (its JSON text), or None when unset: for a
        caller that reports an unreadable value itself (a saved game) rather than default it."""
        with self._connect() as db:
            row = db.execute("SELECT value FROM settings WHERE learner_id = ? AND key = ?",
                             (learner.id, key)).fetchone()
        return None if row is None else str(row["value"])

    def set_setting(self, learner: Learner, key: str, value: Any) -> None:
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?, ?)",
                       (learner.id, key, json.dumps(value)))

    @staticmethod
    def _insert_attempt(db: sqlite3.Connection, learner: Learner, kind: str, item: str,
                        themes: Sequence[str], correct: bool, detail: dict[str, Any],
                        rating: Rating | None, when: datetime | None = None) -> None:
        db.execute(
            "INSERT INTO attempts (learner_id, kind, item, themes, correct, detail, created, "
            "rating, deviation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (learner.id, kind, item, json.dumps(list(themes)), int(correct), json.dumps(detail),
             (when or _now()).isoformat(), rating.rating if rating else None,
             rating.deviation if rating else None),
        )


def _played(db: sqlite3.Connection, learner: Learner, puzzle: str) -> bool:
    return db.execute("SELECT 1 FROM attempts WHERE learner_id = ? AND item = ? AND "
                      "kind != 'lesson' LIMIT 1", (learner.id, puzzle)).fetchone() is not None


def _same_name(db: sqlite3.Connection, name: str) -> sqlite3.Row | None:
    """The learner row called exactly ``name``, else the first (oldest) whose name is the same
    but for case (`str.casefold`, so any script's capitals match), else None."""
    row: sqlite3.Row | None = db.execute("SELECT * FROM learners WHERE name = ?",
                                         (name,)).fetchone()
    if row is not None:
        return row
    folded = name.casefold()
    for candidate in db.execute("SELECT * FROM learners ORDER BY id"):
        if str(candidate["name"]).casefold() == folded:
            return candidate
    return None


def _topic_records(db: sqlite3.Connection, learner: Learner, lesson: str
                   ) -> tuple[tuple[str, TopicRecord], ...]:
    rows = db.execute("SELECT * FROM lesson_topics WHERE learner_id = ? AND lesson = ? "
                      "ORDER BY topic", (learner.id, lesson))
    return tuple((r["topic"], TopicRecord(r["answered"], r["correct"], bool(r["last_correct"])))
                 for r in rows)


def _lesson(row: sqlite3.Row, topics: tuple[tuple[str, TopicRecord], ...] = ()
            ) -> LessonProgress:
    return LessonProgress(row["lesson"], row["answered"], row["correct"], row["streak"],
                          bool(row["mastered"]), topics)
