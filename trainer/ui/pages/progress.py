"""Progress page: the chosen learner's rating over time with its deviation band, the daily
puzzle's streak (`trainer.ui.puzzles.daily`), accuracy by puzzle theme and by lesson, the review
queue with due dates, and the whole attempt history as a table with CSV export. Without a
learner it invites the learner to pick a name on Home."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from trainer.progress import Attempt, Learner, StoreError
from trainer.ui.data.accounts import accounts_on
from trainer.ui.data.lesson_files import LessonError, load_lessons
from trainer.ui.data.made_puzzles import with_generated
from trainer.ui.data.profile import (
    STORE_ERRORS,
    UNKNOWN_KEY,
    address_name,
    current_learner,
    learner_label,
    md,
    reread_learner,
    store,
)
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
from trainer.ui.data.puzzle_bank import KINDS, load_bank
from trainer.ui.pages import HOME_PAGE, LEARN_PAGE, PLAY_PAGE
from trainer.ui.puzzles.at_the_table import table_bank
from trainer.ui.puzzles.daily import streak_section
from trainer.ui.widgets.charts import PLOT_CONFIG, accuracy_figure, rating_figure


def lesson_titles() -> dict[str, str]:
    """Lesson id to ``"3. Following suit"``, in lesson order (empty if unreadable)."""
    try:
        return {lesson.id: f"{lesson.order}. {lesson.title}" for lesson in load_lessons()}
    except (LessonError, OSError):
        return {}


def puzzle_titles() -> dict[str, str]:
    """Puzzle id to title, over the play, bidding, discard and at-the-table banks and the
    puzzles made on demand."""
    titles = {p.id: p.title for kind in KINDS
              for p in with_generated(load_bank(kind=kind), kind).puzzles}
    return titles | {p.id: p.title for p in table_bank()}


def _summary(learner: Learner, attempts: list[Attempt]) -> None:
    lessons = [a for a in attempts if a.kind == "lesson"]
    right = sum(a.correct for a in lessons)
    st.markdown(
        f"Puzzle rating **{learner.rating.rating:.0f}** ± {learner.rating.deviation:.0f} · "
        f"puzzles: {PuzzleCounts.of(attempts).words()} · "
        f"lesson answers right **{right} of {len(lessons)}**")


def browser_zone() -> tzinfo:
    """The learner's time zone, as the browser reports it (UTC when it does not)."""
    name = st.context.timezone
    try:
        return ZoneInfo(name) if name else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def _rating(attempts: list[Attempt]) -> None:
    history = in_zone(rating_history(attempts), "When", browser_zone())
    if history.empty:
        st.info("Your rating chart starts with your first play puzzle.",
                icon=":material/monitoring:")
        st.page_link(PLAY_PAGE, label="Play a puzzle", icon=":material/playing_cards:")
        return
    st.plotly_chart(rating_figure(history), key="chart_rating", config=PLOT_CONFIG)


def _accuracy(attempts: list[Attempt], lessons: dict[str, str]) -> None:
    by_theme = accuracy_by_theme(attempts)
    by_lesson = accuracy_by_lesson(attempts, lessons)
    if by_theme.empty:
        st.caption("No puzzle attempts yet: accuracy by theme appears after your first "
                   "puzzle.")
    else:
        title = "Puzzles solved at the first try, by theme"
        st.plotly_chart(accuracy_figure(by_theme, "Theme", title), key="chart_themes",
                        config=PLOT_CONFIG)
    if by_lesson.empty:
        st.caption("Accuracy by lesson appears once you have answered a practice question.")
        st.page_link(LEARN_PAGE, label="Go to the lessons", icon=":material/school:")
    else:
        st.plotly_chart(accuracy_figure(by_lesson, "Lesson", "Practice answers right by lesson"),
                        key="chart_lessons", config=PLOT_CONFIG)


def _reviews(learner: Learner, titles: dict[str, str]) -> None:
    st.subheader("Review queue")
    queue = store().review_queue(learner)
    if not queue:
        st.caption("No puzzles to review: a puzzle you fail comes back here, and on "
                   "\"Next puzzle for me\", when it is due.")
        return
    table = in_zone(review_table(queue, titles, datetime.now(UTC), address_name(learner)), "Due",
                    browser_zone())
    due = int((table["Status"] == "due now").sum())
    st.caption(f"{len(table)} puzzles in the queue, {due} due now. \"Next puzzle for me\" on "
               "each puzzle page (Play, Bidding, Discard) serves its due ones first, or open "
               "one here.")
    st.dataframe(table, hide_index=True, column_config={
        "Due": st.column_config.DatetimeColumn(format="D MMM YYYY, HH:mm"),
        "Open": st.column_config.LinkColumn(display_text="Open")})


def _history(learner: Learner, attempts: list[Attempt], titles: dict[str, str]) -> None:
    st.subheader("Every attempt")
    table = in_zone(history_table(attempts, titles), "When", browser_zone())
    st.dataframe(table, hide_index=True, height=min(400, 38 + 35 * len(table)),
                 column_config={"When": st.column_config.DatetimeColumn(
                     format="D MMM YYYY, HH:mm")})
    st.download_button("Download as CSV", csv_bytes(table), key="history_csv",
                       file_name=f"{address_name(learner) or 'my'}-attempts.csv", mime="text/csv",
                       icon=":material/download:")


def render() -> None:
    """Draw the Progress page."""
    st.title("Progress")
    learner = current_learner()
    unknown = st.session_state.pop(UNKNOWN_KEY, None)
    if unknown:
        st.warning(f"No learner called {md(repr(unknown))} is saved here.")
    if learner is None:
        if accounts_on():
            st.info("Sign in on Home: your ratings, accuracy, review queue and history are "
                    "kept with your account and shown here.", icon=":material/person:")
            st.page_link(HOME_PAGE, label="Sign in on Home", icon=":material/home:")
            return
        st.info("Pick or create a name on Home: your ratings, accuracy, review queue and "
                "history are kept under it and shown here.", icon=":material/person:")
        st.page_link(HOME_PAGE, label="Choose your name on Home", icon=":material/home:")
        return
    try:
        learner = reread_learner(learner)
        attempts = store().attempts(learner)
    except STORE_ERRORS as e:
        st.error(f"The progress store could not be read: {e}")
        return
    except StoreError as e:  # the learner was removed from the store meanwhile
        st.error(f"Your progress could not be read: {e}")
        return
    st.markdown(f"Progress of **{md(learner_label(learner))}**.")
    if not attempts:
        st.info("Nothing yet: answer a lesson question or play a puzzle and it shows here.",
                icon=":material/hourglass_empty:")
        return
    titles = {**lesson_titles(), **puzzle_titles()}
    _summary(learner, attempts)
    streak_section()  # the daily puzzle's streak
    st.subheader("Rating")
    _rating(attempts)
    st.subheader("Accuracy")
    _accuracy(attempts, lesson_titles())
    _reviews(learner, titles)
    _history(learner, attempts, titles)


if __name__ == "__main__":
    render()
