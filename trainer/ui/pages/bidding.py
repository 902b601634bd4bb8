"""Bidding puzzles page: pick a puzzle (by theme and difficulty, or "next puzzle for me"), see the
hand, the seat, the dealer and the auction so far, and make a call.

The buttons are the record's legal calls (pass and every bid legal at that point, the
``legal`` field, which is `trainer.bidding.Auction.legal_calls` under the puzzle's rules). A
call is graded by `trainer.generate.bid_puzzles.grade_bid` against the record's simulated
candidate table (a legal bid the table does not list is valued from the stored trick
distributions): the band, the explanation, the table with the learner's call marked, and a
chart of the trick distributions of the best strains. The first call of a showing counts
(solved = band best or good) and, with a learner chosen, is recorded once in the store; only
the learner's first attempt at a puzzle is rated (a puzzle played before is practice).
"""

from __future__ import annotations

import streamlit as st

from trainer.errors import TrainerError
from trainer.generate.bid_puzzles import BidGrade, BidPuzzle, call_name, grade_bid
from trainer.generate.explain import seat_name
from trainer.progress import Learner
from trainer.ui.data.profile import current_learner
from trainer.ui.data.puzzle_bank import Bank, theme_words, themes_text
from trainer.ui.data.rule_options import rules_summary
from trainer.ui.puzzles.answer import Answer, answer_actions, band_badge, glossary
from trainer.ui.puzzles.picker import NO_MATCH, PuzzlePicker, open_bank, rating_line
from trainer.ui.widgets.auction import auction_table, call_label, call_rows, call_text, seat_words
from trainer.ui.widgets.candidates import (
    MISSING,
    SCORE,
    SE,
    bar_figure,
    call_table,
    mine_row,
    styled,
    trick_figure,
)
from trainer.ui.widgets.cards import hand_html
from trainer.ui.widgets.charts import PLOT_CONFIG

KIND = "bid"
ANSWER_KEY = "bid_answer"  # the Answer on show


def puzzle_label(puzzle: BidPuzzle) -> str:
    """A line for the picker: the kind of moment, the auction so far, rating and id."""
    calls = " ".join(call_text(c) for c in puzzle.analysis.auction) or "first to call"
    return f"{theme_words(puzzle.moment)} · {calls} · {puzzle.rating:.0f} · {puzzle.id}"


def _start(puzzle: BidPuzzle) -> None:
    st.session_state[ANSWER_KEY] = Answer(puzzle.id)


def picker(bank: Bank[BidPuzzle]) -> PuzzlePicker[BidPuzzle]:
    return PuzzlePicker(KIND, bank, puzzle_label, _start)


def answer_for(puzzle: BidPuzzle) -> Answer[BidGrade]:
    """The answer on show for ``puzzle`` (a fresh one if the session holds another's)."""
    answer = st.session_state.get(ANSWER_KEY)
    if not isinstance(answer, Answer) or answer.puzzle_id != puzzle.id:
        answer = Answer(puzzle.id)
        st.session_state[ANSWER_KEY] = answer
    return answer


# --- callbacks ---------------------------------------------------------------------------------


def _call(chooser: PuzzlePicker[BidPuzzle], puzzle: BidPuzzle, code: str) -> None:
    answer = answer_for(puzzle)
    try:
        grade = grade_bid(puzzle, code)
    except TrainerError as e:
        st.session_state[chooser.key("note")] = f"That call cannot be graded: {e}"
        return
    if answer.give((code,), grade, grade.band) and not answer.saved:
        detail = {"call": code, "band": grade.band, "loss": round(grade.loss, 1),
                  "best": grade.best.call, "title": puzzle.title}
        answer.saved = chooser.save(KIND, puzzle, bool(answer.result), detail)


def _retry(puzzle: BidPuzzle) -> None:
    answer_for(puzzle).retry()


# --- drawing -----------------------------------------------------------------------------------


def _header(puzzle: BidPuzzle, learner: Learner | None, played: bool) -> None:
    a = puzzle.analysis
    question = "Is this hand a misère?" if puzzle.moment == "misere" else "Your call?"
    st.subheader(question)
    st.markdown(f"**You:** {seat_name(a.seat)} · **Dealer:** {seat_name(a.dealer)} · "
                f"**Rules:** {rules_summary(a.rules)}")
    themes = themes_text(puzzle.themes, hidden=())
    st.caption(f"Puzzle {puzzle.id}" + (f" · themes: {themes}" if themes else "") +
               " · you see only your own hand.")
    st.markdown(rating_line(puzzle, learner, played))


def _table(puzzle: BidPuzzle, answered: str | None) -> None:
    """The hand and the auction: "?" where the learner calls, or once answered their call."""
    a = puzzle.analysis
    st.markdown(hand_html(a.hand, label="your hand"), unsafe_allow_html=True)
    st.markdown("**The auction so far**" if answered is None else "**The auction, with your call**")
    calls = list(a.auction) + ([answered] if answered is not None else [])
    st.table(auction_table(a.rules, a.dealer, calls, None if answered else a.seat, you=a.seat),
             border="horizontal", hide_index=True)


def _buttons(chooser: PuzzlePicker[BidPuzzle], puzzle: BidPuzzle) -> None:
    st.markdown(f"**Your call** ({seat_name(puzzle.analysis.seat)}):")
    with st.container(gap="xsmall", key="bid_calls"):
        for n, row in enumerate(call_rows(puzzle.analysis.legal)):
            with st.container(horizontal=True, gap="small", key=f"bid_row_{n}"):
                for code in row:
                    st.button(call_label(code), key=f"bid_call:{code}", on_click=_call,
                              args=(chooser, puzzle, code))


def _grade(puzzle: BidPuzzle, answer: Answer[BidGrade]) -> None:
    grade = answer.grade
    assert grade is not None
    st.markdown(f"{band_badge(grade.band)} You called **{call_name(grade.call.call)}**.")
    st.markdown(grade.explanation)
    if answer.retries and answer.result is not None:
        st.caption("A retry is practice: only a first try at a puzzle is rated.")
    table = call_table(puzzle.analysis.candidates, grade.call, puzzle.analysis.standing_side)
    st.dataframe(styled(table), hide_index=True, key="bid_table", placeholder=MISSING)
    st.caption("Score: the expected score, points for your side minus the opponents' on this "
               f"hand, over {puzzle.analysis.samples} random layouts of the unseen cards played "
               "double dummy, each call taken as the final contract (pass: the standing bid "
               "is played). Makes: the chance that contract makes, whoever declares it; Tricks: "
               "the declaring side's mean tricks. Double dummy, every player sees every card: "
               "real play makes somewhat fewer tricks.")
    glossary("the other hands and the kitty")
    a = puzzle.analysis
    notes = [*map(seat_words, a.inferences),
             *(f"dropped, as no layout fitted: {seat_words(d)}" for d in a.dropped)]
    if notes:
        st.caption("The layouts fit the auction: " + "; ".join(notes) + ".")
    # Trick counts say nothing about a misère decision: then the scores per call instead.
    misere = puzzle.generator.get("kind") == "misere" or any(
        c.endswith("MIS") for c in (grade.call.call, a.best.call))
    figure = None if misere else trick_figure(a, grade.call.call)
    if figure is None:
        figure = bar_figure(list(table["Call"]), list(table[SCORE]), mine_row(table),
                            title="Expected score per call", errors=list(table[SE]))
    st.plotly_chart(figure, key="bid_chart", config=PLOT_CONFIG)


def render() -> None:
    """Draw the Bidding puzzles page."""
    fitting = open_bank(KIND, "Bidding puzzles", "bidding")
    if fitting is None:
        return
    chooser = picker(fitting)
    puzzle = chooser.on_show()
    chooser.render(puzzle)
    if puzzle is None:
        st.info(NO_MATCH)
        return
    answer = answer_for(puzzle)
    st.divider()
    _header(puzzle, current_learner(), chooser.played_before(puzzle))
    _table(puzzle, answer.grade.call.call if answer.grade is not None else None)
    if answer.grade is None:
        _buttons(chooser, puzzle)
    else:
        _grade(puzzle, answer)
        chooser.show_saved(puzzle)
    answer_actions("bid", lambda: _retry(puzzle), chooser.next, answer.grade is not None)


if __name__ == "__main__":
    render()
