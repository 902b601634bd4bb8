"""The Progress page through AppTest, and the tables behind it: an invitation without a learner;
after attempts, the rating chart with its band, accuracy by theme and by lesson, the review
queue and the history with a CSV download."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress import Attempt, ProgressStore, Rating
from trainer.ui.data.progress_data import (
    PuzzleCounts,
    accuracy_by_lesson,
    accuracy_by_theme,
    csv_bytes,
    history_table,
    in_zone,
    rating_history,
    review_table,
)
from trainer.ui.data.puzzle_bank import load_bank
from trainer.ui.data.puzzle_choice import record_rating
from trainer.ui.widgets.charts import accuracy_figure, rating_figure

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PROGRESS = "trainer/ui/pages/progress.py"
PUZZLES = load_bank().puzzles


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def start(learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    at.switch_page(PROGRESS).run()
    assert not at.exception, at.exception
    return at


def fill(db: Path, name: str = "Ann") -> None:
    """Two puzzles (one solved, one failed) and three lesson answers."""
    store = ProgressStore(db)
    learner = store.learner(name)
    solved, failed = PUZZLES[0], PUZZLES[1]
    learner = store.record_puzzle_attempt(learner, "play", solved.id, solved.themes, True,
                                          record_rating(solved), {"plays": []}).learner
    store.record_puzzle_attempt(learner, "play", failed.id, failed.themes, False,
                                record_rating(failed), {"plays": []})
    for right in (True, True, False):
        store.record_lesson_answer(learner, "the-pack", right, {})


def test_without_a_learner_invites_to_pick_one(db: Path) -> None:
    at = start()
    assert at.title[0].value == "Progress"
    assert any("Pick or create a name on Home" in i.value for i in at.info)
    assert not at.get("plotly_chart")


def test_a_new_learner_has_nothing_yet(db: Path) -> None:
    ProgressStore(db).learner("Ann")
    at = start("Ann")
    assert any(i.value.startswith("Nothing yet") for i in at.info)


def test_charts_tables_and_export_after_attempts(db: Path) -> None:
    fill(db)
    at = start("Ann")
    assert len(at.get("plotly_chart")) == 3  # rating, by theme, by lesson
    text = " ".join(m.value for m in at.markdown)
    assert "puzzles: **2** attempts at **2** puzzles, **1** solved at the first try" in text
    assert "lesson answers right **2 of 3**" in text
    queue, history = (d.value for d in at.dataframe)
    assert list(queue["Puzzle"]) == [PUZZLES[1].id]
    assert len(history) == 5 and history["Kind"].iloc[0] == "lesson"
    assert len(at.get("download_button")) == 1


def test_rating_history_starts_from_the_default_rating() -> None:
    now = datetime.now(UTC)
    attempts = [
        Attempt("play", "p1", ("ruff",), True, {}, now, 1600.0, 300.0),
        Attempt("lesson", "the-pack", (), True, {}, now, None, None),
        Attempt("play", "p2", ("ruff", "entry"), False, {}, now, 1550.0, 280.0),
    ]
    history = rating_history(attempts)
    assert list(history["Rating"]) == [Rating().rating, 1600.0, 1550.0]
    assert list(history["High"] - history["Low"]) == [2 * Rating().deviation, 600.0, 560.0]
    fig = rating_figure(history)
    assert len(fig.data) == 3 and fig.data[1].fill == "tonexty"
    assert rating_history(attempts[1:2]).empty

    by_theme = accuracy_by_theme(attempts)
    assert by_theme.set_index("Theme").loc["Ruffing", "Tries"] == 2
    assert by_theme.set_index("Theme").loc["Entries", "Accuracy"] == 0.0
    practice = Attempt("play", "p1", ("ruff",), True, {}, now, None, None)  # unrated
    again = accuracy_by_theme([*attempts, practice]).set_index("Theme")
    assert again.loc["Ruffing", "Tries"] == 2 and again.loc["Ruffing", "Right"] == 1
    by_lesson = accuracy_by_lesson(attempts, {"the-pack": "1. The pack", "x": "2. X"})
    assert list(by_lesson["Lesson"]) == ["1. The pack"]
    assert len(accuracy_figure(by_theme, "Theme", "t").data[0].x) == len(by_theme)

    table = history_table(attempts, {"p1": "Puzzle one"})
    assert list(table["Title"])[-1] == "Puzzle one"
    assert list(table["Kind"]) == ["play", "lesson", "play"]
    assert list(table["Rating after"]) == ["1550", "", "1600"]
    assert csv_bytes(table).decode().splitlines()[0].startswith("When,Kind,Item,Title,Result")


def test_history_names_every_kind_and_practice() -> None:
    now = datetime.now(UTC)
    attempts = [
        Attempt("play", "p1", (), False, {}, now, 1450.0, 300.0),
        Attempt("bid", "b1", (), True, {}, now, 1500.0, 280.0),
        Attempt("discard", "d1", (), True, {}, now, 1540.0, 260.0),
        Attempt("play", "p1", (), True, {}, now, None, None),  # played before: practice
        Attempt("puzzle", "p2", (), True, {}, now, 1560.0, 250.0),  # the old name of play
    ]
    table = history_table(attempts, {})
    assert list(table["Kind"]) == ["play", "play", "discard", "bid", "play"]
    assert list(table["Rating after"]) == ["1560", "practice", "1540", "1500", "1450"]
    assert list(rating_history(attempts)["Puzzle"]) == ["", "p1", "b1", "d1", "p2"]
    counts = PuzzleCounts.of(attempts)
    assert counts == PuzzleCounts(attempts=5, puzzles=4, solved=3)  # p1 failed at first
    assert counts.words() == "**5** attempts at **4** puzzles, **3** solved at the first try"
    assert PuzzleCounts(1, 1, 0).words() == "**1** attempt at **1** puzzle, **0** solved at " \
        "the first try"


def test_home_and_progress_count_puzzles_alike(db: Path) -> None:
    """The tester saw "5 tried" on Home and "solved 1 of 7" on Progress: both now say the
    same, attempts and puzzles told apart."""
    store = ProgressStore(db)
    me = store.learner("Ann")
    for puzzle, solved in ((PUZZLES[0], False), (PUZZLES[0], True), (PUZZLES[0], True),
                           (PUZZLES[1], True)):
        me = store.record_puzzle_attempt(me, "play", puzzle.id, puzzle.themes, solved,
                                         record_rating(puzzle)).learner
    words = "**4** attempts at **2** puzzles, **1** solved at the first try"
    home = AppTest.from_file(APP, default_timeout=60)
    home.query_params["learner"] = "Ann"
    home.run()
    assert not home.exception, home.exception
    assert any(m.value.startswith(f"Puzzles: {words}; rating") for m in home.markdown)
    progress = start("Ann")
    assert any(f"puzzles: {words} · " in m.value for m in progress.markdown)


def test_review_table_says_when() -> None:
    now = datetime.now(UTC)
    table = review_table([("a", now - timedelta(hours=1)), ("b", now + timedelta(days=3))],
                         {"a": "A"}, now)
    assert list(table["Status"]) == ["due now", "in 3 days"]
    assert list(table["Title"]) == ["A", ""]
    links = review_table([("p0000007", now), ("d0000002", now), ("x1", now)], {}, now,
                         "Ann Lee")["Open"]
    assert list(links[:2]) == ["play?puzzle=p0000007&learner=Ann+Lee",
                               "discard?puzzle=d0000002&learner=Ann+Lee"]
    assert pd.isna(links[2])  # an id of no known kind gets no link


def test_times_are_shown_in_the_learners_zone() -> None:
    """A tester in Sydney saw server (UTC) times: 21:37 on 30 Nov is 08:37 on 1 Dec there."""
    utc = pd.DataFrame({"When": [datetime(2026, 11, 30, 21, 37, tzinfo=UTC)]})
    local = in_zone(utc, "When", ZoneInfo("Australia/Sydney"))["When"][0]
    assert (local.day, local.hour, local.minute) == (1, 8, 37)
    assert utc["When"][0].hour == 21  # the table given is left as it was


def test_zero_percent_bars_keep_a_visible_label() -> None:
    table = pd.DataFrame({"Theme": ["Ruffing", "Entries"], "Tries": [2, 4], "Right": [0, 4],
                          "Accuracy": [0.0, 1.0]})
    bar = accuracy_figure(table, "Theme", "t").data[0]
    assert list(bar.text) == ["0% (0/2)", "100% (4/4)"]
    assert list(bar.textposition) == ["outside", "inside"]


def test_lesson_rows_have_a_blank_rating_after() -> None:
    now = datetime.now(UTC)
    attempts = [Attempt("lesson", "pack", (), True, {}, now, None, None),
                Attempt("play", "p1", ("ruff",), False, {}, now, 1480.0, 250.0)]
    table = history_table(attempts, {})
    assert list(table["Rating after"]) == ["1480", ""]  # newest first
    assert "None" not in table.to_csv()


def test_no_theme_chart_before_any_puzzle(db: Path) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.record_lesson_answer(ann, "pack", True, {})
    at = start("Ann")
    assert any("No puzzle attempts yet" in c.value for c in at.caption)
    assert len(at.get("plotly_chart")) == 1  # by lesson only


def test_an_unknown_learner_in_the_address_is_named(db: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.query_params["learner"] = "zzz"
    at.switch_page(PROGRESS).run()
    assert not at.exception, at.exception
    assert any("No learner called 'zzz'" in w.value for w in at.warning)
    assert any("Pick or create a name on Home" in i.value for i in at.info)
