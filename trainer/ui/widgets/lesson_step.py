"""A rules lesson's steps on the Learn page: one step at a time, its task, a star a step.

Lichess "Learn" style: the step's few sentences (with card pictures, drawn by the Learn page's
``draw_text``), one task (`trainer.lessons.tasks`: click cards drawn as buttons, or one of a few
answers), feedback that explains the answer, ★ when right at the first try (☆ when right
later: the step still passes), "Next step", "Step 3 of 8" and the lesson's row of stars. After
the last step `render_steps` returns True and the page shows the lesson's practice.

Session keys: ``step:<lesson>`` the step on show (0-based; the number of steps once they are
all done), ``step_try:<lesson>:<i>`` the try at step ``i`` (``{"picked": [...], "missed":
bool, "done": bool, "last": str}``). The marks are kept by `trainer.ui.data.state.step_stars`
(for a learner, in the store). Widget keys: ``step_card:<lesson>:<i>:<code>`` (a card),
``step_choice:<lesson>:<i>:<n>`` (an answer), ``step_check:<lesson>:<i>``, ``step_next:<lesson>``,
``step_back:<lesson>``, ``steps_again:<lesson>``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from trainer.cards import Seat
from trainer.lessons.tasks import SEAT_NAMES, TaskView
from trainer.rules import Play
from trainer.ui.data.lesson_steps import Step
from trainer.ui.data.state import NOT_DONE, PASSED, STAR, save_step, step_stars
from trainer.ui.widgets.card_buttons import BUTTON_WIDTH, card_buttons_css, key_class
from trainer.ui.widgets.cards import card_svg, red_suits, trick_html

MARKS = {NOT_DONE: "○", PASSED: "☆", STAR: "★"}
SELECTED = "#1565c0"
CLOCKWISE = (Seat.N, Seat.E, Seat.S, Seat.W)


def step_key(lesson_id: str) -> str:
    return f"step:{lesson_id}"


def try_key(lesson_id: str, index: int) -> str:
    return f"step_try:{lesson_id}:{index}"


def star_row(marks: Sequence[int], current: int | None = None) -> str:
    """The lesson's stars, a mark a step: ★ first-try right, ☆ right later, ○ not yet; the
    step on show in bold brackets (``★ ★ **[○]** ○``)."""
    cells = [f"**[{MARKS[m]}]**" if i == current else MARKS[m] for i, m in enumerate(marks)]
    return " ".join(cells)


def star_words(marks: Sequence[int]) -> str:
    """``5 of 7 stars, 7 of 7 steps done``."""
    stars = sum(m == STAR for m in marks)
    done = sum(m != NOT_DONE for m in marks)
    return f"{stars} of {len(marks)} stars, {done} of {len(marks)} steps done"


# --- callbacks ---------------------------------------------------------------------------------


def _try(lesson_id: str, index: int) -> dict[str, Any]:
    return st.session_state.setdefault(try_key(lesson_id, index),
                                       {"picked": [], "missed": False, "done": False, "last": ""})


def _answer(lesson_id: str, index: int, total: int, view: TaskView, picked: list[str]) -> None:
    state = _try(lesson_id, index)
    if state["done"]:
        return  # answered: a later click changes nothing
    if view.check(picked):
        state["done"] = True
        state["last"] = ""
        save_step(lesson_id, index, PASSED if state["missed"] else STAR, total)
    else:
        state["missed"] = True
        state["last"] = view.miss_words(picked)
        if view.multi:
            state["picked"] = [c for c in picked if c in view.right]  # keep the right ones


def _click(lesson_id: str, index: int, total: int, view: TaskView, choice: str) -> None:
    state = _try(lesson_id, index)
    if state["done"]:
        return
    if not view.multi:
        _answer(lesson_id, index, total, view, [choice])
        return
    picked = state["picked"]
    state["picked"] = [c for c in picked if c != choice] if choice in picked else [*picked, choice]
    state["last"] = ""


def _go(lesson_id: str, index: int) -> None:
    st.session_state[step_key(lesson_id)] = index
    st.session_state.pop(try_key(lesson_id, index), None)  # a step seen again starts afresh


# --- drawing -----------------------------------------------------------------------------------


def _trick_caption(view: TaskView) -> None:
    """The trick so far above the hand (the learner sits South, the others played before)."""
    if not view.trick:
        return
    k = len(view.trick)
    seats = [CLOCKWISE[(2 - k + i) % 4] for i in range(k)]
    captions = [SEAT_NAMES[s] + (" (led)" if i == 0 else "") for i, s in enumerate(seats)]
    st.caption("The trick so far")
    st.markdown(trick_html([Play(c) for c in view.trick], captions, view.order,
                           label="the trick so far"), unsafe_allow_html=True)
    st.caption("Your hand (you sit South)")


def _card_buttons(lesson_id: str, index: int, total: int, view: TaskView,
                  state: dict[str, Any]) -> None:
    box = f"step_cards:{lesson_id}:{index}"
    faces: dict[str, str] = {}
    with st.container(horizontal=True, key=box):
        for card in view.cards:
            key = f"step_card:{lesson_id}:{index}:{card.code}"
            chosen = card.code in state["picked"]
            st.button(f"{card.pretty}{' (picked)' if chosen else ''}", key=key,
                      on_click=_click, args=(lesson_id, index, total, view, card.code))
            # no trump ring and no role words: they would give the answer away
            faces[key] = card_svg(card, None, width=BUTTON_WIDTH)
    css = card_buttons_css(box, faces)
    picked = "".join(f".{key_class(f'step_card:{lesson_id}:{index}:{c}')} button"
                     f"{{outline:3px solid {SELECTED} !important;outline-offset:2px;"
                     "transform:translateY(-8px)}" for c in state["picked"])
    st.html(css.replace("</style>", picked + "</style>"))
    if view.trick:
        return
    if view.order is not None and len(view.cards) > 1 and not view.multi:
        st.caption("Click or tap a card.")


def _choice_buttons(lesson_id: str, index: int, total: int, view: TaskView,
                    state: dict[str, Any]) -> None:
    per_row = min(len(view.choices), 4)
    columns = st.columns(per_row)
    for n, choice in enumerate(view.choices):
        label = red_suits(choice)
        if state["done"] and choice in view.right:
            label = f":green[**✓ {choice}**]"
        with columns[n % per_row]:
            st.button(label, key=f"step_choice:{lesson_id}:{index}:{n}", on_click=_click,
                      args=(lesson_id, index, total, view, choice), width="stretch")


def _task(lesson_id: str, step: Step, total: int) -> dict[str, Any]:
    index = step.number - 1
    view = step.view()
    state = _try(lesson_id, index)
    st.markdown(f"**Your task: {red_suits(view.prompt)}**")
    if view.note:
        st.caption(red_suits(view.note))
    _trick_caption(view)
    if view.cards:
        _card_buttons(lesson_id, index, total, view, state)
        if view.multi and not state["done"]:
            n = len(state["picked"])
            st.caption(f"Click or tap the cards to pick them ({n} picked; click again to "
                       "put one back), then Check.")
            st.button("Check", key=f"step_check:{lesson_id}:{index}", type="primary",
                      on_click=_answer,
                      args=(lesson_id, index, total, view, list(state["picked"])))
    else:
        _choice_buttons(lesson_id, index, total, view, state)
    if state["done"]:
        head = ("★ Right first time!" if not state["missed"]
                else "☆ Right. (A star comes with a right first try.)")
        st.success(red_suits(f"{head} {view.why}"), icon=":material/check_circle:")
    elif state["last"]:
        st.error(red_suits(state["last"]), icon=":material/cancel:")
    return state


def render_steps(lesson_id: str, opening: str, steps: Sequence[Step],
                 draw_text: Callable[[str], None]) -> bool:
    """Draw the step on show, or (once every step is done) the row of stars and a way back;
    returns True when the steps are done and the practice should follow. ``draw_text`` draws
    lesson Markdown (card markers and house-rules boxes)."""
    total = len(steps)
    marks = step_stars(lesson_id, total)
    key = step_key(lesson_id)
    if key not in st.session_state:  # where the learner left off
        st.session_state[key] = next((i for i, m in enumerate(marks) if m == NOT_DONE), total)
    index = min(int(st.session_state[key]), total)
    if index >= total:
        st.markdown(f"**Steps:** {star_row(marks)}")
        st.caption(f"All {total} steps done: {star_words(marks)}.")
        st.button("Go over the steps again", key=f"steps_again:{lesson_id}",
                  on_click=_go, args=(lesson_id, 0), icon=":material/replay:")
        return True
    step = steps[index]
    st.markdown(f"**Step {index + 1} of {total}** &nbsp; {star_row(marks, index)}")
    if index == 0 and opening:
        draw_text(opening)
    st.subheader(step.title)
    draw_text(step.text)
    state = _task(lesson_id, step, total)
    last = index + 1 == total
    with st.container(horizontal=True):
        if state["done"]:
            st.button("Start the practice" if last else "Next step", key=f"step_next:{lesson_id}",
                      type="primary", on_click=_go, args=(lesson_id, index + 1),
                      icon=":material/arrow_forward:")
        if index > 0:
            st.button("Previous step", key=f"step_back:{lesson_id}", on_click=_go,
                      args=(lesson_id, index - 1))
    st.caption(f"{star_words(marks)}. After the last step, practice questions follow.")
    return False
