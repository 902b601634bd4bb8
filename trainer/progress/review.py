"""Spaced repetition of puzzles and of mastered lessons with FSRS (the `fsrs` package).

A failed puzzle enters the review queue and comes back when FSRS says it is due; a solved
review pushes it further out. Card state is stored as FSRS's own JSON.

FSRS's default learning steps (1 and 10 minutes) suit flash cards; a puzzle whose solution was
just shown would come back while the learner still remembers it, so a failed puzzle waits an
hour, and a solved retry a day, before it is due again (`LEARNING_STEPS`).

A mastered lesson becomes a review card too (`master_lesson`: reviewed Good on the day it was
mastered, with no learning steps, so its first review falls days later); a short review of it
(`REVIEW_QUESTIONS` questions over its topics) is rated by how many were right
(`review_rating`) and `review_lesson` schedules the next one.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import fsrs

from trainer.progress.stored import StoredValueError, decode_stored

LEARNING_STEPS = (timedelta(hours=1), timedelta(days=1))
_SCHEDULER = fsrs.Scheduler(learning_steps=LEARNING_STEPS,
                            relearning_steps=LEARNING_STEPS[:1])


def read_card(card_json: str | None) -> fsrs.Card | None:
    """The FSRS card stored as ``card_json``, or None when there is none or it is unreadable."""
    if not card_json:
        return None
    try:
        return fsrs.Card.from_dict(decode_stored(card_json, "review card", shape=dict))
    except (StoredValueError, ValueError, TypeError, KeyError):
        return None


def review(
    card_json: str | None, solved: bool, when: datetime | None = None
) -> tuple[str, datetime]:
    """Schedule the next review of a puzzle after an attempt.

    ``card_json``: the stored FSRS card, or None for a puzzle seen for the first time.
    ``solved`` maps to FSRS's Good, a failure to Again. Returns the new card JSON and its due
    time (timezone-aware UTC). A stored card that cannot be read starts afresh (the store
    reports it, `trainer.progress.store`).
    """
    card = read_card(card_json) or fsrs.Card()
    rating = fsrs.Rating.Good if solved else fsrs.Rating.Again
    card, _ = _SCHEDULER.review_card(card, rating, when or datetime.now(UTC))
    return card.to_json(), card.due


REVIEW_QUESTIONS = 3
"""Questions in a mastered lesson's short review."""
_LESSON_SCHEDULER = fsrs.Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
"""No learning steps (a mastered lesson is already learnt) and no fuzz (a review falls on the
day FSRS computes, the same for every learner)."""


def review_rating(right: int, asked: int) -> fsrs.Rating:
    """FSRS's rating of a lesson review: all right Good, one wrong Hard, more wrong Again."""
    if right >= asked:
        return fsrs.Rating.Good
    if right == asked - 1:
        return fsrs.Rating.Hard
    return fsrs.Rating.Again


def master_lesson(when: datetime | None = None) -> tuple[str, datetime]:
    """The review card of a lesson mastered at ``when`` (a first review rated Good then), as
    card JSON and its first due time (timezone-aware UTC)."""
    card, _ = _LESSON_SCHEDULER.review_card(fsrs.Card(), fsrs.Rating.Good,
                                            when or datetime.now(UTC))
    return card.to_json(), card.due


def review_lesson(card_json: str | None, right: int, asked: int,
                  when: datetime | None = None) -> tuple[str, datetime]:
    """The lesson's card after a short review with ``right`` of ``asked`` right
    (`review_rating`), and its next due time. An unreadable card starts afresh."""
    card = read_card(card_json) or fsrs.Card()
    card, _ = _LESSON_SCHEDULER.review_card(card, review_rating(right, asked),
                                            when or datetime.now(UTC))
    return card.to_json(), card.due
