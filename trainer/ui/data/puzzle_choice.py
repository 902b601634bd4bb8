"""Which puzzle next: failed puzzles due for review first, then the unattempted puzzle the
learner is most likely to find just hard enough, among the puzzles the learner's rules lessons
have reached first (`THEME_LESSONS`: no joker or misère puzzle before its lesson).

"Just hard enough" is a Glicko-2 expected score closest to `TARGET_SCORE` (the learner solves
it about six times in ten), as puzzle trainers such as Lichess aim for. Pure functions: the page
passes the learner's rating, each puzzle's current rating, and the store's lists.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

from trainer.progress import Rating, expected_score

TARGET_SCORE = 0.6
SHORTLIST = 40
"""How many candidates, nearest by their record ratings, are looked up in the store."""


class RatedPuzzle(Protocol):
    """What choosing needs of a puzzle of any kind (play, bid, discard records all fit)."""

    @property
    def id(self) -> str: ...
    @property
    def themes(self) -> Sequence[str]: ...
    @property
    def rating(self) -> float: ...
    @property
    def rating_deviation(self) -> float: ...


P = TypeVar("P", bound=RatedPuzzle)


PUZZLE_DEVIATION = 120.0
"""The most deviation a puzzle starts with. The banks record 300, as for a puzzle nobody has
tried; but here one learner's results move it, and at 300 a single miss moved a puzzle by
80 to 160 points. From 120 it moves some 20 to 30, settling over many results."""


def record_rating(puzzle: RatedPuzzle) -> Rating:
    """The rating a puzzle starts with: its record's rating, and its deviation at most
    `PUZZLE_DEVIATION`."""
    return Rating(puzzle.rating, min(puzzle.rating_deviation, PUZZLE_DEVIATION))


def next_puzzle(
    candidates: Sequence[P],
    learner: Rating,
    rating_of: Callable[[P], Rating],
    attempted: Collection[str] = (),
    due: Sequence[str] = (),
    skip: Collection[str] = (),
    waiting: Collection[str] = (),
) -> P | None:
    """The next puzzle among ``candidates`` (already filtered), or None if there are none.

    ``due``: puzzle ids due for review, most overdue first; the first one among the candidates
    not in ``skip`` (the puzzle on show, and those passed over unanswered) wins. Otherwise the
    unattempted candidate not skipped whose expected score is closest to `TARGET_SCORE`, first
    among those with no theme in ``waiting`` (themes whose rules lessons the learner has not
    done, `waiting_themes`), then among the rest; if there is none, the closest of those not
    skipped, and only then of them all. With a large
    bank only the `SHORTLIST` candidates nearest by record rating have ``rating_of`` called
    (the store's current ratings drift slowly from the records).
    """
    if not candidates:
        return None
    skip = set(skip)
    by_id = {p.id: p for p in candidates}
    for puzzle_id in due:
        if puzzle_id in by_id and puzzle_id not in skip:
            return by_id[puzzle_id]
    fresh = [p for p in candidates if p.id not in attempted and p.id not in skip]
    waits = set(waiting)
    pool = [p for p in fresh if not waits & set(p.themes)] or fresh
    if not pool:
        pool = [p for p in candidates if p.id not in skip] or list(candidates)

    def distance(puzzle: P, rating: Rating) -> tuple[float, str]:
        return abs(expected_score(learner, rating) - TARGET_SCORE), puzzle.id

    if len(pool) > SHORTLIST:
        pool = sorted(pool, key=lambda p: distance(p, record_rating(p)))[:SHORTLIST]
    return min(pool, key=lambda p: distance(p, rating_of(p)))


THEME_LESSONS: dict[str, tuple[str, ...]] = {
    "no_trumps": ("joker",),
    "joker_timing": ("joker",),
    "joker_nomination": ("joker",),
    "misere": ("joker", "misere"),
    "open_misere": ("joker", "misere"),
}
"""The rules lessons a theme's puzzles wait for (lesson ids, `trainer.lessons.registry`): the
joker at no trumps is lesson 7 (``joker``); misère, played at no trumps with the joker, lesson 8
(``misere``) after it. A theme not listed needs no lesson."""


def waiting_themes(mastered: Collection[str]) -> frozenset[str]:
    """The themes whose rules lessons are not all among ``mastered`` (lesson ids)."""
    return frozenset(t for t, lessons in THEME_LESSONS.items()
                     if not set(lessons) <= set(mastered))
