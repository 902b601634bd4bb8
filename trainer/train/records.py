"""The trainers' results in the learner store (issue 29).

A value-a-hand deal is rated like a puzzle (`record_trainer_attempt`): the attempt is saved in
``attempts`` (kind ``"value"``, item ``"value:<seed>"``), and the learner's first attempt at the
deal moves the learner's and the deal's Glicko-2 ratings (`trainer.progress.ratings.update_pair`,
the deal's kept in ``puzzle_ratings`` under its item), all in one write, so it survives a
restart; a later attempt at the same deal is practice. Unlike a puzzle, a failed deal does not
enter the review queue (the puzzle pages could not open it).

The timed count run's personal best (`storm_best`, `save_storm`) is a learner setting
(``count_storm_best``: ``{"score": int, "streak": int}``), kept in the store's ``settings``.
No migration is needed: both use tables the store already has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from trainer.progress.errors import StoreError
from trainer.progress.ratings import Rating, update_pair
from trainer.progress.store import Learner, ProgressStore, PuzzleResult, _played

STORM_KEY = "count_storm_best"


def record_trainer_attempt(store: ProgressStore, learner: Learner, kind: str, item: str,
                           themes: Sequence[str], solved: bool, initial: Rating,
                           detail: dict[str, Any] | None = None,
                           when: datetime | None = None) -> PuzzleResult:
    """Save an attempt at a trainer's ``item`` and, when it is the learner's first there,
    rate it (module docstring). Returns the `PuzzleResult`. Raises `StoreError` when the
    learner is not in the store."""
    when = when or datetime.now(UTC)
    with store._write() as db:
        row = db.execute("SELECT * FROM learners WHERE id = ?", (learner.id,)).fetchone()
        if row is None:
            raise StoreError(f"name: no learner called {learner.name!r}")
        before = me = Rating(row["rating"], row["deviation"], row["volatility"])
        rated = not _played(db, learner, item)
        if rated:
            prow = db.execute("SELECT * FROM puzzle_ratings WHERE puzzle = ?",
                              (item,)).fetchone()
            it = initial if prow is None else Rating(prow["rating"], prow["deviation"],
                                                     prow["volatility"])
            me, it = update_pair(me, it, solved)
            db.execute("UPDATE learners SET rating = ?, deviation = ?, volatility = ? "
                       "WHERE id = ?", (me.rating, me.deviation, me.volatility, learner.id))
            db.execute(
                "INSERT INTO puzzle_ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT (puzzle) DO "
                "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                "volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1",
                (item, it.rating, it.deviation, it.volatility))
        store._insert_attempt(db, learner, kind, item, themes, solved, detail or {},
                              me if rated else None, when)
    return PuzzleResult(Learner(learner.id, learner.name, me), before, rated)


@dataclass(frozen=True)
class StormBest:
    """A learner's best timed count run: its ``score`` (right answers) and ``streak``."""

    score: int = 0
    streak: int = 0


def storm_best(store: ProgressStore, learner: Learner) -> StormBest:
    """The learner's personal best (zeros before their first run)."""
    value = store.get_setting(learner, STORM_KEY, {})
    if not isinstance(value, dict):
        return StormBest()
    try:
        return StormBest(int(value.get("score", 0)), int(value.get("streak", 0)))
    except (TypeError, ValueError):
        return StormBest()


def save_storm(store: ProgressStore, learner: Learner, score: int, streak: int) -> bool:
    """Keep a finished run's ``score`` and ``streak`` in the personal best (each the higher of
    old and new); True when the score is a new best."""
    old = storm_best(store, learner)
    new = StormBest(max(old.score, score), max(old.streak, streak))
    if new != old:
        store.set_setting(learner, STORM_KEY, {"score": new.score, "streak": new.streak})
    return score > old.score
