"""The learner's history as tables: ratings over time, accuracy by theme and by lesson, the
review queue, and every attempt (pure functions over the store's records, for the Progress
page and its CSV export)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from urllib.parse import urlencode

import pandas as pd

from trainer.progress import Attempt, Rating
from trainer.ui.data.puzzle_bank import theme_words

LESSON = "lesson"
PRACTICE = "practice"
KIND_WORDS = {"puzzle": "play", "value": "value a hand", "table": "at the table"}
"""Stored kinds shown otherwise in the history (the Play page saves ``play``; ``puzzle`` is kept
for attempts saved under that name; the Value a hand page saves ``value``, the At the table
page ``table``)."""


def puzzle_attempts(attempts: Sequence[Attempt]) -> list[Attempt]:
    return [a for a in attempts if a.kind != LESSON]


def _plural(n: int, word: str) -> str:
    return f"**{n}** {word}" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class PuzzleCounts:
    """A learner's puzzle record, as Home and Progress both tell it: ``attempts`` (every saved
    puzzle attempt, practice included), ``puzzles`` (distinct puzzles played) and ``solved``
    (puzzles solved at their first attempt, the one that is rated)."""

    attempts: int
    puzzles: int
    solved: int

    @classmethod
    def of(cls, attempts: Sequence[Attempt]) -> PuzzleCounts:
        """Count the puzzle attempts among ``attempts`` (oldest first; lessons are skipped)."""
        first: dict[str, bool] = {}
        tries = puzzle_attempts(attempts)
        for a in tries:
            first.setdefault(a.item, a.correct)
        return cls(len(tries), len(first), sum(first.values()))

    def words(self) -> str:
        """Markdown: ``"**7** attempts at **5** puzzles, **1** solved at the first try"``."""
        return (f"{_plural(self.attempts, 'attempt')} at {_plural(self.puzzles, 'puzzle')}, "
                f"**{self.solved}** solved at the first try")


def rating_history(attempts: Sequence[Attempt], start: Rating | None = None) -> pd.DataFrame:
    """The learner's rating and deviation after each rated attempt, oldest first, after a first
    row for ``start`` (the rating every learner starts with) when there is any attempt: columns
    ``When``, ``Rating``, ``Deviation``, ``Low``, ``High`` (rating ∓ deviation), ``Puzzle``
    (empty for the start), ``Solved``."""
    rated = [a for a in attempts if a.rating is not None and a.deviation is not None]
    first = start or Rating()
    rows = [] if not rated else [
        {"When": rated[0].created, "Rating": first.rating, "Deviation": first.deviation,
         "Low": first.rating - first.deviation, "High": first.rating + first.deviation,
         "Puzzle": "", "Solved": None}]
    rows += [
        {"When": a.created, "Rating": a.rating, "Deviation": a.deviation,
         "Low": a.rating - a.deviation, "High": a.rating + a.deviation,
         "Puzzle": a.item, "Solved": a.correct}
        for a in rated  # type: ignore[operator]
    ]
    return pd.DataFrame(rows, columns=["When", "Rating", "Deviation", "Low", "High", "Puzzle",
                                       "Solved"])


def _accuracy(pairs: Sequence[tuple[str, bool]], label: str) -> pd.DataFrame:
    frame = pd.DataFrame(pairs, columns=[label, "Right"])
    if frame.empty:
        return pd.DataFrame(columns=[label, "Tries", "Right", "Accuracy"])
    table = frame.groupby(label, sort=False)["Right"].agg(Tries="count", Right="sum")
    table = table.reset_index()
    table["Right"] = table["Right"].astype(int)
    table["Accuracy"] = table["Right"] / table["Tries"]
    return table


def accuracy_by_theme(attempts: Sequence[Attempt]) -> pd.DataFrame:
    """First-try results per theme (the rated attempts: a puzzle counts once, for each of its
    themes; practice is left out): ``Theme``, ``Tries``, ``Right``, ``Accuracy`` (0-1), most
    tried first."""
    pairs = [(theme_words(t), a.correct) for a in puzzle_attempts(attempts) if a.rated
             for t in a.themes]
    table = _accuracy(pairs, "Theme")
    return table.sort_values(["Tries", "Theme"], ascending=[False, True], ignore_index=True)


def accuracy_by_lesson(attempts: Sequence[Attempt], titles: Mapping[str, str]) -> pd.DataFrame:
    """Practice answers per lesson, in lesson order (``titles``: lesson id to its numbered
    title, in order; lessons not in ``titles`` come last): ``Lesson``, ``Tries``, ``Right``,
    ``Accuracy``."""
    pairs = [(titles.get(a.item, a.item), a.correct) for a in attempts if a.kind == LESSON]
    table = _accuracy(pairs, "Lesson")
    order = {title: i for i, title in enumerate(titles.values())}
    table["order"] = [order.get(name, len(order)) for name in table["Lesson"]]
    return table.sort_values("order", ignore_index=True).drop(columns="order")


PUZZLE_PAGES = {"p": "play", "b": "bidding", "d": "discard", "t": "at-the-table"}
"""A puzzle id's first letter to the url path of its page."""


def puzzle_link(puzzle: str, learner: str) -> str | None:
    """The address that opens ``puzzle`` for ``learner``: ``"play?puzzle=p0000001&learner=Ann"``
    (relative to the app), None for an id of no known kind."""
    page = PUZZLE_PAGES.get(puzzle[:1])
    return f"{page}?{urlencode({'puzzle': puzzle, 'learner': learner})}" if page else None


def review_table(queue: Sequence[tuple[str, datetime]], titles: Mapping[str, str],
                 now: datetime, learner: str = "") -> pd.DataFrame:
    """The review queue: ``Puzzle``, ``Open`` (`puzzle_link` for ``learner``), ``Due`` (a
    time), ``Status`` (due now or in how long), ``Title``."""
    rows = []
    for puzzle, due in queue:
        rows.append({"Puzzle": puzzle, "Title": titles.get(puzzle, ""), "Due": due,
                     "Status": "due now" if due <= now else "in " + _span(due - now),
                     "Open": puzzle_link(puzzle, learner)})
    # Title last: it is the widest column, and would push the others out of sight on a phone
    return pd.DataFrame(rows, columns=["Puzzle", "Open", "Due", "Status", "Title"])


def in_zone(table: pd.DataFrame, column: str, zone: tzinfo) -> pd.DataFrame:
    """``table`` with the times in ``column`` (aware, as the store keeps them in UTC) shown in
    ``zone``."""
    if table.empty:
        return table
    out = table.copy()
    out[column] = pd.to_datetime(out[column], utc=True).dt.tz_convert(zone)
    return out


def _span(delta: object) -> str:
    seconds = int(delta.total_seconds())  # type: ignore[attr-defined]
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}" + ("" if n == 1 else "s")
    return "under a minute"


def history_table(attempts: Sequence[Attempt], titles: Mapping[str, str]) -> pd.DataFrame:
    """Every attempt, newest first: ``When``, ``Kind`` (``lesson``, ``play``, ``bid`` or
    ``discard``), ``Item`` (the lesson or puzzle id, which the puzzle lists show), ``Title``,
    ``Result``, ``Rating after`` (as text; ``practice`` for a puzzle played before, which is
    not rated; blank for a lesson answer), ``Themes``."""
    rows = [
        {"When": a.created, "Kind": KIND_WORDS.get(a.kind, a.kind),
         "Title": titles.get(a.item, str(a.detail.get("title", a.item))),
         "Result": "right" if a.correct else "wrong",
         "Rating after": _rating_after(a),
         "Themes": ", ".join(theme_words(t) for t in a.themes), "Item": a.item}
        for a in reversed(attempts)
    ]
    return pd.DataFrame(rows, columns=["When", "Kind", "Item", "Title", "Result",
                                       "Rating after", "Themes"])


def _rating_after(attempt: Attempt) -> str:
    if attempt.rating is not None:
        return str(round(attempt.rating))
    return "" if attempt.kind == LESSON else PRACTICE


def csv_bytes(table: pd.DataFrame) -> bytes:
    """A table as UTF-8 CSV (for the download button)."""
    return table.to_csv(index=False).encode("utf-8")
