"""Learner progress: the SQLite store, Glicko-2 ratings and FSRS review scheduling."""

from trainer.progress.ratings import Rating, expected_score, update_pair
from trainer.progress.store import (
    Attempt,
    Learner,
    LessonProgress,
    LessonReview,
    NotAStoreError,
    ProgressStore,
    PuzzleResult,
    StoreError,
    default_path,
)

__all__ = [
    "Attempt", "Learner", "LessonProgress", "LessonReview", "NotAStoreError", "ProgressStore",
    "PuzzleResult", "Rating", "StoreError", "default_path", "expected_score", "update_pair",
]
