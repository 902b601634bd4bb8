"""Drawing a strategy lesson on the Learn page: its text, its worked examples, its practice and
its puzzle themes.

- Text: the lesson body in blocks (`trainer.ui.data.lesson_files.split_blocks`, card markers
  drawn), cut at each ``:example[<id>]`` marker (`trainer.ui.data.strategy_lessons`).
- Worked example: in a bordered box, the puzzle's position (`example_html`), the lesson's own
  words about it, the puzzle's write-up (the idea in words, established by the solver or by
  simulation when the bank was made) and a "Try it" button that opens the puzzle on its page
  (``/play?puzzle=<id>``, ``/bidding?...``, ``/discard?...``).
- Practice: a `trainer.strategy_questions` question, answered with a radio and a Check button
  (keys ``strategy_choice:<lesson>``, ``strategy_check:<lesson>``, ``strategy_next:<lesson>``);
  the question is kept in session state under ``strategy_question:<lesson>`` and the checked
  choice under ``strategy_answer:<lesson>``. Answers count towards the lesson's mastery
  (`trainer.ui.data.state.record_answer`).
- A worked example's puzzle is noted as shown with its answer for the chosen learner
  (`trainer.progress.start.mark_shown`, once a session), so that their first try of it,
  from Try it or later, is practice and leaves the ratings alone.
- Themes: one button per theme (key ``strategy_theme:<theme>``) that sets the puzzle page's
  filter to it and opens the page.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from trainer.errors import TrainerError
from trainer.lessons.question import Topic
from trainer.progress.start import mark_shown
from trainer.rules import CardOrder
from trainer.strategy_questions import StrategyQuestion, make_strategy_question, question_kinds
from trainer.ui.data.lesson_files import Lesson, inline_html, split_blocks
from trainer.ui.data.profile import STORE_ERRORS, current_learner, store
from trainer.ui.data.puzzle_bank import load_bank, theme_words
from trainer.ui.data.state import next_seed, record_answer
from trainer.ui.data.strategy_lessons import (
    PAGE_OF_KIND,
    ExampleClaim,
    StrategyLesson,
    split_examples,
    theme_target,
)
from trainer.ui.widgets.cards import hand_html, red_suits
from trainer.ui.widgets.worked_example import example_html, example_lines


def question_key(lesson_id: str) -> str:
    return f"strategy_question:{lesson_id}"


def answer_key(lesson_id: str) -> str:
    return f"strategy_answer:{lesson_id}"


def choice_key(lesson_id: str) -> str:
    return f"strategy_choice:{lesson_id}"


# --- callbacks ---------------------------------------------------------------------------------


def _check(lesson_id: str) -> None:
    question: StrategyQuestion = st.session_state[question_key(lesson_id)]
    choice = st.session_state.get(choice_key(lesson_id))
    if choice is None or st.session_state.get(answer_key(lesson_id)) is not None:
        return  # nothing chosen, or already checked: a second click does not count twice
    st.session_state[answer_key(lesson_id)] = choice
    record_answer(lesson_id, question.is_right(choice),
                  {"quiz": f"strategy:{question.kind}", "seed": question.seed,
                   "topic": question.kind, "choice": choice, "answer": question.answer},
                  question.kind, strategy_topics(lesson_id))


def strategy_topics(lesson_id: str) -> tuple[Topic, ...]:
    """A strategy lesson's topics: one a kind of practice question, each mastered as a rules
    lesson's topic is (`trainer.lessons.question.Topic`)."""
    return tuple(Topic(kind, kind.replace("_", " "), (kind,))
                 for kind in question_kinds(lesson_id))


def _next(lesson_id: str) -> None:
    for key in (question_key(lesson_id), answer_key(lesson_id), choice_key(lesson_id)):
        st.session_state.pop(key, None)


# --- drawing -----------------------------------------------------------------------------------


def _text(markdown: str) -> None:
    for block in split_blocks(markdown):
        if block.marker is not None:
            st.markdown(block.marker.row_html(), unsafe_allow_html=True)
        else:
            st.markdown(inline_html(block.text), unsafe_allow_html=True)


SHOWN_SESSION_KEY = "strategy_shown"
"""Session key: the (learner id, puzzle id) pairs already noted as shown this session."""


def note_shown(puzzle_id: str) -> None:
    """Note for the chosen learner that ``puzzle_id`` was shown with its answer (written once
    a session; nothing without a learner, or when the store cannot be written)."""
    learner = current_learner()
    if learner is None:
        return
    done: set[tuple[int, str]] = st.session_state.setdefault(SHOWN_SESSION_KEY, set())
    if (learner.id, puzzle_id) in done:
        return
    try:
        mark_shown(store(), learner, [puzzle_id])
    except STORE_ERRORS:
        return
    done.add((learner.id, puzzle_id))


def _try_it(example: ExampleClaim) -> None:
    if st.button("Try it", key=f"strategy_try:{example.puzzle_id}",
                 icon=":material/play_arrow:", help=f"Opens {example.address}"):
        st.session_state.pop(f"{example.kind}_current", None)  # the address's puzzle, not the last
        st.switch_page(PAGE_OF_KIND[example.kind], query_params={"puzzle": example.puzzle_id})


def worked_example(number: int, example: ExampleClaim, words: str) -> None:
    """One worked example in a box: the position, the lesson's words, the write-up, Try it."""
    puzzle = load_bank(kind=example.kind).by_id(example.puzzle_id)
    with st.container(border=True):
        st.markdown(f"**Worked example {number}**")
        if puzzle is None:
            st.warning(f"Puzzle {example.puzzle_id} is not in the {example.kind} bank.")
            return
        st.markdown(red_suits(example_lines(puzzle)))
        trump = example.trumps[0] if example.trumps else None
        if trump is not None:
            st.caption(f"Your hand, its trumps ringed as they rank with {trump.symbol} trumps")
        st.markdown(example_html(puzzle, trump), unsafe_allow_html=True)
        if words:
            _text(words)
        if puzzle.write_up:
            st.caption("The puzzle's write-up")
            st.markdown(red_suits(puzzle.write_up))
        note_shown(example.puzzle_id)
        _try_it(example)


def question_cards_html(question: StrategyQuestion, answered: bool = False
                        ) -> list[tuple[str, str]]:
    """The question's card groups as ``(label, html)``: before the answer, ``cards`` (with the
    trump ring and role words only when ``mark_trumps``: a question about finding the trumps
    draws them plain); with the feedback, ``reveal`` (the trumps, ringed)."""
    order = CardOrder(trump=question.trump) if question.trump is not None else None
    if answered:
        return [(label, hand_html(cards, order, label=label, mark_trumps=order is not None))
                for label, cards in question.reveal]
    if not question.mark_trumps:
        order = None
    return [(label, hand_html(cards, order, label=label, mark_trumps=order is not None))
            for label, cards in question.cards]


def _question(lesson_id: str) -> StrategyQuestion:
    stored = st.session_state.get(question_key(lesson_id))
    if stored is None:
        stored = make_strategy_question(lesson_id, next_seed())
        st.session_state[question_key(lesson_id)] = stored
    return stored


def practice(lesson_id: str, draw_mastery: Callable[[], None]) -> None:
    """The practice question, its check and feedback, then the lesson's mastery bar."""
    st.subheader("Practice")
    st.caption("Questions dealt from the 4-player 43-card pack and answered by the engine.")
    try:
        question = _question(lesson_id)
    except (TrainerError, KeyError) as e:
        st.error(f"No question could be dealt: {e}")
        return
    st.markdown(f"**{red_suits(question.prompt)}**")
    for label, picture in question_cards_html(question):
        st.caption(label)
        st.markdown(picture, unsafe_allow_html=True)
    answered = st.session_state.get(answer_key(lesson_id))
    st.radio("Your answer", question.choices, index=None, key=choice_key(lesson_id),
             format_func=red_suits, disabled=answered is not None)
    if answered is None:
        st.button("Check", key=f"strategy_check:{lesson_id}", on_click=_check,
                  args=(lesson_id,), type="primary",
                  disabled=st.session_state.get(choice_key(lesson_id)) is None)
    else:
        if question.is_right(answered):
            st.success(red_suits(question.feedback(answered)), icon=":material/check_circle:")
        else:
            st.error(red_suits(question.feedback(answered)), icon=":material/cancel:")
        for label, picture in question_cards_html(question, answered=True):
            st.caption(label)
            st.markdown(picture, unsafe_allow_html=True)
        st.button("Next question", key=f"strategy_next:{lesson_id}", on_click=_next,
                  args=(lesson_id,), type="primary")
    draw_mastery()


def theme_links(strategy: StrategyLesson) -> None:
    """A button per theme: the puzzle page, filtered to the theme."""
    st.subheader("Drill it on puzzles")
    st.caption("Each button opens a puzzle page with its filter set to the theme.")
    columns = st.columns(min(3, max(1, len(strategy.themes))))
    for i, theme in enumerate(strategy.themes):
        page, key, value = theme_target(theme)
        with columns[i % len(columns)]:
            if st.button(f"{theme_words(theme)} puzzles", key=f"strategy_theme:{theme}",
                         icon=":material/extension:", width="stretch"):
                prefix = key.split("_")[0]
                st.session_state[key] = [value]
                st.session_state.pop(f"{prefix}_current", None)  # a puzzle that fits the filter
                st.switch_page(page)


def render(lesson: Lesson, strategy: StrategyLesson, draw_mastery: Callable[[], None]) -> None:
    """The whole strategy lesson: text with its worked examples, practice, themes."""
    st.header(f"{lesson.order}. {lesson.title}")
    if lesson.summary:
        st.caption(lesson.summary)
    pieces = split_examples(lesson.body)
    number = 0
    rest = ""  # the text after an example's own words (from its next heading on)
    for i, (text, puzzle_id) in enumerate(pieces):
        example = strategy.example(puzzle_id) if puzzle_id is not None else None
        if example is None:
            if i > 0 and pieces[i - 1][1] is not None:
                text = rest  # the words went into the example's box
            if text.strip():
                _text(text)
            continue
        number += 1
        after = pieces[i + 1] if i + 1 < len(pieces) else ("", "")
        words, heading, more = after[0].partition("\n#") if after[1] is None else ("", "", "")
        rest = heading.lstrip("\n") + more if heading else ""
        worked_example(number, example, words)
    st.divider()
    practice(lesson.id, draw_mastery)
    st.divider()
    theme_links(strategy)
