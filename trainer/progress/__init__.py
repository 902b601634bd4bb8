"""Learner progress: the store (SQLite, or PostgreSQL by URL), Glicko-2 ratings and FSRS review
scheduling."""

from trainer.progress.ratings import Rating, expected_score, update_pair
from trainer.progress.store import (
    SCHEMA_VERSION,
    Attempt,
    Learner,
    LessonProgress,
    LessonReview,
    NotAStoreError,
    ProgressStore,
    PuzzleResult,
    StoreError,
    StoreUnavailableError,
    default_location,
    default_path,
)

__all__ = [
    "SCHEMA_VERSION", "Attempt", "Learner", "LessonProgress", "LessonReview", "NotAStoreError",
    "ProgressStore", "PuzzleResult", "Rating", "StoreError", "StoreUnavailableError",
    "default_location", "default_path", "expected_score", "update_pair",
]
