"""The daily puzzle and its streak (issue 29, "A daily puzzle and a streak"): one play puzzle a
UTC day for every learner of a store, chosen from the shipped bank by the date
(`trainer.ui.puzzles.daily`), never a learner's personal puzzle; a day counts when its puzzle is
solved at the first try that day, and the streak of such days (`trainer.progress.daily`) is kept
in the store (SQLite and PostgreSQL alike, across a reopening), shown on Home beside a "Today's
puzzle" card and on the Progress page."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress import ProgressStore, Rating
from trainer.progress.daily import (
    Streak,
    daily_streak,
    record_daily,
    solved_days,
    streak_of,
    utc_day,
)
from trainer.progress.personal import add_personal_puzzle, personal_puzzles
from trainer.rules import RuleSet
from trainer.ui.data.puzzle_bank import for_rules, load_bank
from trainer.ui.puzzles.daily import card_words, daily_index, daily_puzzle
from trainer.ui.widgets.cards import red_suits

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
RULES = RuleSet()
DAY = date(2026, 12, 5)


def at_noon(day: date, minutes: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC) + timedelta(minutes=minutes)


# --- choosing the day's puzzle -----------------------------------------------------------------


def test_the_day_s_puzzle_is_the_same_for_everyone_and_changes_with_the_date() -> None:
    fitting = {p.id for p in for_rules(load_bank(), RULES).puzzles}
    days = [DAY + timedelta(days=i) for i in range(60)]
    chosen = [daily_puzzle(d, RULES) for d in days]
    assert all(p is not None and p.id in fitting for p in chosen)
    ids = [p.id for p in chosen if p is not None]
    assert len(set(ids)) >= 55  # 60 days over thousands of puzzles: hardly a repeat
    assert all(a != b for a, b in itertools.pairwise(ids))  # never two days running
    # the choice depends on the date alone (no learner, no store): asked again, the same
    assert [getattr(daily_puzzle(d, RULES), "id", None) for d in days] == ids
    assert daily_index(DAY, 1000) == daily_index(DAY, 1000) and 0 <= daily_index(DAY, 7) < 7


def test_the_day_s_puzzle_fits_the_rules_or_there_is_none() -> None:
    three = RuleSet(players=3)
    fitting = {p.id for p in for_rules(load_bank(), three).puzzles}
    puzzle = daily_puzzle(DAY, three)
    assert (puzzle is None) == (not fitting)
    if puzzle is not None:
        assert puzzle.id in fitting


def test_the_card_gives_nothing_away() -> None:
    puzzle = daily_puzzle(DAY, RULES)
    assert puzzle is not None
    words = card_words(puzzle)
    contract = puzzle.position.contract.pretty
    assert words.startswith(f"{contract} by ") and f"rated {puzzle.rating:.0f}" in words
    assert puzzle.title not in words
    assert not any(theme in words for theme in puzzle.themes)


def test_a_personal_puzzle_is_never_the_day_s(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.sqlite3")
    ann = store.learner("Ann")
    record = load_bank().puzzles[0].to_json() | {"id": "mine-1"}
    assert add_personal_puzzle(store, ann, "mine-1", record)
    assert [r["id"] for r in personal_puzzles(store, ann)] == ["mine-1"]
    shipped = {p.id for p in load_bank().puzzles}
    chosen = [daily_puzzle(DAY + timedelta(days=i), RULES) for i in range(30)]
    assert all(p is not None and p.id in shipped and p.id != "mine-1" for p in chosen)


# --- the streak ----------------------------------------------------------------------------------


def test_the_streak_counts_days_in_a_row_and_resets_after_a_missed_day() -> None:
    d = DAY
    assert streak_of([], d) == Streak(0, 0, False, ())
    three = [d - timedelta(days=2), d - timedelta(days=1), d]
    assert streak_of(three, d) == Streak(3, 3, True, tuple(three))
    # today not yet solved: the streak runs to yesterday
    assert streak_of(three[:2], d).current == 2 and not streak_of(three[:2], d).today
    # a day missed (yesterday): today's streak starts again at 0, the best stays
    missed = streak_of(three[:1], d)
    assert (missed.current, missed.best) == (0, 1)
    later = streak_of([*three, d + timedelta(days=2)], d + timedelta(days=2))
    assert (later.current, later.best, later.today) == (1, 3, True)
    assert later.words() == "1 day (best 3)"
    assert streak_of(three, d).words() == "3 days in a row"
    assert streak_of([], d).words() == "no days yet" and missed.words() == "0 days (best 1)"
    assert utc_day(datetime(2026, 12, 5, 23, 30, tzinfo=UTC)) == DAY
    assert utc_day(datetime(2026, 12, 6, 0, 30, tzinfo=UTC)) == DAY + timedelta(days=1)


def solve_daily(store: ProgressStore, name: str, day: date, *solved: bool) -> bool:
    """``name``'s attempts at ``day``'s puzzle on ``day`` (first to last), saved as the Play page
    saves them, then the day offered to `record_daily`."""
    learner = store.learner(name)
    puzzle = daily_puzzle(day, RULES)
    assert puzzle is not None
    for i, ok in enumerate(solved):
        store.record_puzzle_attempt(learner, "play", puzzle.id, puzzle.themes, ok, Rating(),
                                    {}, when=at_noon(day, i))
    return record_daily(store, learner, day, puzzle.id, when=at_noon(day, len(solved)))


def test_the_streak_is_kept_in_the_store_across_a_restart(store_location: str) -> None:
    store = ProgressStore(store_location)
    days = [DAY + timedelta(days=i) for i in range(3)]
    for d in days:
        assert solve_daily(store, "Ann", d, True)
    assert not solve_daily(store, "Bob", days[0], False, True)  # a retry is practice
    ann, bob = store.learner("Ann"), store.learner("Bob")
    assert daily_streak(store, ann, days[2]) == Streak(3, 3, True, tuple(days))
    store.close()
    again = ProgressStore(store_location)  # a restart: the store opened anew
    assert solved_days(again, ann) == tuple(days)
    assert daily_streak(again, ann, days[2]).current == 3
    assert daily_streak(again, bob, days[2]) == Streak(0, 0, False, ())
    # the next day is missed; the day after, solved: the streak starts again
    skipped = DAY + timedelta(days=4)
    assert daily_streak(again, ann, DAY + timedelta(days=4)).current == 0
    assert solve_daily(again, "Ann", skipped, True)
    assert daily_streak(again, ann, skipped) == Streak(1, 3, True, (*days, skipped))
    # counted once: the same day offered again changes nothing
    assert solve_daily(again, "Ann", skipped, True) and len(solved_days(again, ann)) == 4
    # another puzzle than the day's never counts it
    daily = daily_puzzle(DAY, RULES)
    assert daily is not None
    other = next(p for p in load_bank().puzzles if p.id != daily.id)
    cat = again.learner("Cat")
    again.record_puzzle_attempt(cat, "play", other.id, other.themes, True, Rating(), {},
                                when=at_noon(DAY))
    assert not record_daily(again, cat, DAY, daily.id)
    again.close()


# --- the pages -----------------------------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def home(learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    assert not at.exception, at.exception
    return at


def card_text(at: AppTest) -> str:
    return "\n".join(e.value for e in (*at.markdown, *at.caption, *at.success)
                     if isinstance(e.value, str))


def test_home_shows_today_s_puzzle_the_same_for_two_learners(db: Path) -> None:
    today = utc_day()
    puzzle = daily_puzzle(today, RULES)
    assert puzzle is not None
    store = ProgressStore(db)
    store.learner("Ann")
    store.learner("Bob")
    texts = []
    for name in ("Ann", "Bob"):
        at = home(name)
        text = card_text(at)
        assert f"**Today's puzzle** · {today.day} {today:%B %Y}" in text
        assert red_suits(f"the same for everyone today: {card_words(puzzle)}.") in text
        assert "Daily streak: **no days yet**" in text
        assert puzzle.title not in text  # the title and themes would give it away
        assert any(b.key == "daily_open" for b in at.button)
        texts.append(card_words(puzzle))
    assert texts[0] == texts[1]
    nobody = card_text(home())
    assert red_suits(f"the same for everyone today: {card_words(puzzle)}.") in nobody
    assert "Pick a name to keep a daily streak" in nobody


def test_the_streak_shows_on_home_and_progress_and_solving_counts_the_day(db: Path) -> None:
    from test_ui_puzzles import solve

    today = utc_day()
    puzzle = daily_puzzle(today, RULES)
    assert puzzle is not None
    store = ProgressStore(db)
    for back in (2, 1):  # the two days before today solved
        assert solve_daily(store, "Ann", today - timedelta(days=back), True)
    at = home("Ann")
    assert "Daily streak: **2 days in a row**. Solve it at the first try today" in card_text(at)
    at.button(key="daily_open").click().run()
    assert not at.exception, at.exception
    assert at.session_state["play_current"] == puzzle.id  # on show on the Play page
    assert any(f"Puzzle {puzzle.id}" in c.value for c in at.caption)
    solve(at, puzzle)
    assert daily_streak(ProgressStore(db), store.learner("Ann"), today).current == 3
    again = home("Ann")
    assert [s.value for s in again.success] == ["Solved today. Daily streak: 3 days in a row."]
    progress = AppTest.from_file(APP, default_timeout=60)
    progress.query_params["learner"] = "Ann"
    progress.run()
    progress.switch_page("trainer/ui/pages/progress.py").run()
    assert not progress.exception
    assert any(h.value == "Daily puzzle" for h in progress.subheader)
    assert any("Daily streak: **3 days in a row** · solved on 3 days in all · today's is "
               "solved." in m.value for m in progress.markdown)
