"""The daily puzzle's results in the learner store, and the streak they make (issue 29: "a daily
puzzle and a streak").

One play puzzle a UTC day is everyone's daily puzzle (chosen by `trainer.ui.puzzles.daily`);
a learner's day counts when their first try at that day's puzzle, on that day, solved it
(later tries are practice, as on the puzzle pages: a retry after the solution was shown would
prove nothing). Counted days are rows of ``daily_solved`` (migration 4,
`trainer.progress.migrations`): ``(learner_id, day, puzzle, solved)``, ``day`` an ISO date and
``solved`` the ISO time the day was counted. The first try is read from the store's
``attempts`` (the Play page saves the attempt first, then calls `record_daily`), so it works
the same on SQLite and PostgreSQL and survives a restart.

The streak (`Streak`): the days in a row, up to today, with the daily puzzle solved. A day not
yet solved today does not break it (it runs to yesterday until today is over); a day missed
does: the streak is then 0 until the next daily puzzle is solved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from trainer.progress.store import Learner, ProgressStore


def utc_day(when: datetime | None = None) -> date:
    """The UTC date of ``when`` (now when None); a naive ``when`` is taken as UTC."""
    when = when or datetime.now(UTC)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).date()


@dataclass(frozen=True)
class Streak:
    """``current``: days in a row with the daily puzzle solved, ending today (or yesterday,
    while today's is not yet solved); ``best``: the longest such run ever; ``today``: today's is
    solved; ``days``: every day solved, oldest first."""

    current: int
    best: int
    today: bool
    days: tuple[date, ...] = ()

    def words(self) -> str:
        """``"3 days in a row"``, ``"1 day"``, ``"0 days (best 4)"``, ``"no days yet"``, with
        the best when longer: ``"2 days in a row (best 5)"``."""
        if not self.days:
            return "no days yet"
        now = {0: "0 days", 1: "1 day"}.get(self.current, f"{self.current} days in a row")
        return now + (f" (best {self.best})" if self.best > self.current else "")


def streak_of(days: Iterable[date], today: date) -> Streak:
    """The `Streak` that the solved ``days`` make on ``today`` (days after ``today`` are left
    out)."""
    solved = sorted({d for d in days if d <= today})
    best = run = 0
    previous: date | None = None
    for d in solved:
        run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = d
    have = set(solved)
    end = today if today in have else today - timedelta(days=1)
    current = 0
    while end - timedelta(days=current) in have:
        current += 1
    return Streak(current, best, today in have, tuple(solved))


def _bounds(day: date) -> tuple[str, str]:
    """The ISO text range of ``day``'s UTC times, as the store writes them (``created`` is
    ``datetime.isoformat()`` of an aware UTC time, so times of one day sort between these)."""
    return day.isoformat(), (day + timedelta(days=1)).isoformat()


def record_daily(store: ProgressStore, learner: Learner, day: date, puzzle: str,
                 when: datetime | None = None) -> bool:
    """Count ``day`` for ``learner`` when their first attempt at ``puzzle`` (``day``'s daily
    puzzle) made on ``day`` solved it; returns True when the day is counted (now or before).
    Call it after the attempt is saved (`ProgressStore.record_puzzle_attempt`)."""
    when = when or datetime.now(UTC)
    start, end = _bounds(day)
    with store._write() as db:
        kept = db.execute("SELECT 1 FROM daily_solved WHERE learner_id = ? AND day = ?",
                          (learner.id, day.isoformat())).fetchone()
        if kept is not None:
            return True
        first = db.execute(
            "SELECT correct FROM attempts WHERE learner_id = ? AND item = ? AND kind != "
            "'lesson' AND created >= ? AND created < ? ORDER BY id LIMIT 1",
            (learner.id, puzzle, start, end)).fetchone()
        if first is None or not first["correct"]:
            return False
        db.execute("INSERT INTO daily_solved (learner_id, day, puzzle, solved) VALUES "
                   "(?, ?, ?, ?) ON CONFLICT (learner_id, day) DO NOTHING",
                   (learner.id, day.isoformat(), puzzle, when.isoformat()))
    return True


def solved_days(store: ProgressStore, learner: Learner) -> tuple[date, ...]:
    """The days the learner solved the daily puzzle, oldest first (an unreadable row is
    reported in the store's ``problems`` and skipped)."""
    with store._connect() as db:
        rows = db.execute("SELECT day FROM daily_solved WHERE learner_id = ? ORDER BY day",
                          (learner.id,)).fetchall()
    out = []
    for row in rows:
        try:
            out.append(date.fromisoformat(str(row["day"])))
        except ValueError:
            store._report(f"a daily puzzle day of {learner.name} is unreadable; skipped")
    return tuple(out)


def daily_streak(store: ProgressStore, learner: Learner, today: date | None = None) -> Streak:
    """The learner's `Streak` on ``today`` (the UTC date now when None)."""
    return streak_of(solved_days(store, learner), today or utc_day())
