"""A line of play stepped through on the board, trick by trick, forward and back.

The Play page shows a wrong card's refutation, the right card's line and the solution this
way. `line_steps` turns a line (plays from a position) into the tables to draw: the position
the line starts from, the table just after the line's first card when that card does not end
a trick (the learner's card, seen where it was played), the table after each completed trick
("Trick 8 of 10: East wins with 9♠"), and the final unfinished trick if the line stops inside
one. `draw_stepper` draws the controls (first, back, forward, last), the caption and the table
(`board_html`, not live); the step on show is kept in ``st.session_state`` under a key the page
chooses (by puzzle and decision), so it survives reruns and a new key starts afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from trainer.cards import Seat
from trainer.generate.explain import play_text, seat_name, tell_line
from trainer.play import PlayState
from trainer.rules import Play
from trainer.ui.widgets.board import board_html
from trainer.ui.widgets.cards import red_suits


@dataclass(frozen=True)
class LineStep:
    """One table of a line: ``state`` the table to draw (a copy, not changed afterwards);
    ``caption`` what happened ("Trick 8 of 10: East wins with 9♠"); ``trick`` the number of the
    trick the caption is about (the hand's count, 1 = the hand's first trick)."""

    state: PlayState
    caption: str
    trick: int


def _who(seat: Seat, learner: Seat | None) -> str:
    return "you" if seat is learner else seat_name(seat)


def line_steps(start: PlayState, plays: Sequence[Play], learner: Seat | None = None, *,
               first_card: bool = False) -> list[LineStep]:
    """The tables of ``plays`` played from ``start`` (left unchanged); see the module
    docstring. ``first_card`` adds the table just after the first play when it does not end a
    trick. ``learner``'s seat is "you" in the captions. Raises `IllegalPlayError` if a play is
    not legal in its turn."""
    total = len(start.history) + start.tricks_left
    number = len(start.history) + 1
    stories = iter(tell_line(start, plays))
    mover = start.to_play
    doing = "lead" if not start.trick else "play"
    head = (f"The start, trick {number} of {total}" +
            (f": {_who(mover, learner)} to {doing}" if mover is not None else ""))
    steps = [LineStep(start.copy(), head, number)]
    work = start.copy()
    drawn = 0  # plays already on the last step's table
    for i, play in enumerate(plays, 1):
        seat = work.to_play
        done = work.push(play)
        if done is not None:
            story = next(stories)
            event = story.event
            if story.winner is learner and event.startswith(seat_name(learner)):
                event = f"{seat_name(learner)} (you){event[len(seat_name(learner)):]}"
            steps.append(LineStep(work.copy(), f"Trick {story.number} of {total}: {event}",
                                  story.number))
            drawn = i
        elif i == 1 and first_card and seat is not None:
            verb = "play" if seat is learner else "plays"
            number = len(work.history) + 1
            steps.append(LineStep(work.copy(), f"Trick {number} of {total}: "
                                  f"{_who(seat, learner).capitalize()} {verb} "
                                  f"{play_text(play)}", number))
            drawn = i
    if drawn < len(plays):  # the line stops inside a trick
        cards = ", ".join(f"{seat_name(s)} {play_text(p)}"
                          for s, p in zip(work.trick_seats(), work.trick, strict=True))
        number = len(work.history) + 1
        steps.append(LineStep(work.copy(), f"Trick {number} of {total}, unfinished: {cards}",
                              number))
    return steps


CONTROLS_STYLE = ("<style>@media (max-width:560px){.st-key-play_step_controls kbd{display:none}"
                  ".st-key-play_step_controls{gap:6px !important}}</style>")
"""On a phone (no keyboard) the controls leave out their shortcut keys, to fit on one line."""


def step_on_show(key: str, count: int, default: int = 0) -> int:
    """The step kept under ``key`` (``default`` the first time), within ``0 .. count - 1``."""
    value = st.session_state.get(key, default)
    index = value if isinstance(value, int) else default
    return max(0, min(index, count - 1))


def _go(key: str, to: int) -> None:
    st.session_state[key] = to


def _move(key: str, by: int, count: int, default: int) -> None:
    # relative, so that two quick clicks on "Forward" go two steps
    st.session_state[key] = max(0, min(step_on_show(key, count, default) + by, count - 1))


def draw_stepper(steps: Sequence[LineStep], key: str, learner: Seat, *, default: int = 0,
                 you: bool = True) -> int:
    """Draw the step on show: the caption ("**Trick 8 of 10: East wins with 9♠** · step 3 of
    7"),
    the controls (keys ``play_step_first``, ``_back``, ``_forward``, ``_last``; Home, Left,
    Right and End on the keyboard) and the table. Returns the index on show. ``steps`` must not
    be empty."""
    count = len(steps)
    index = step_on_show(key, count, default)
    step = steps[index]
    st.markdown(f"**{red_suits(step.caption)}** · step {index + 1} of {count}")
    st.html(CONTROLS_STYLE)
    with st.container(horizontal=True, gap="small", key="play_step_controls"):
        st.button("First", key="play_step_first", icon=":material/first_page:",
                  on_click=_go, args=(key, 0), disabled=index == 0, shortcut="Home")
        st.button("Back", key="play_step_back", icon=":material/chevron_left:",
                  on_click=_move, args=(key, -1, count, default), disabled=index == 0,
                  shortcut="Left")
        st.button("Forward", key="play_step_forward", icon=":material/chevron_right:",
                  on_click=_move, args=(key, 1, count, default), disabled=index == count - 1,
                  shortcut="Right")
        st.button("Last", key="play_step_last", icon=":material/last_page:",
                  on_click=_go, args=(key, count - 1), disabled=index == count - 1,
                  shortcut="End")
    st.markdown(board_html(step.state, learner, you=you, live=False), unsafe_allow_html=True)
    return index

