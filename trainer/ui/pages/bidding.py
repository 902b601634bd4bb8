"""Bidding puzzles page: pick a puzzle (by theme and difficulty, or "next puzzle for me"), see the
hand, the seat, the dealer and the auction so far, and make a call.

The buttons are the record's legal calls (pass and every bid legal at that point, the
``legal`` field, which is `trainer.bidding.Auction.legal_calls` under the puzzle's rules). A
call is graded by `trainer.generate.bid_puzzles.grade_bid` against the record's simulated
candidate table (a legal bid the table does not list is valued from the stored trick
distributions): the band, the explanation, the reason the learner's call scores less and the
puzzle's write-up ("The idea", `trainer.generate.write_ups`), the table with the learner's call
marked and each row's reason ("Why"), and a chart of the trick distributions of the best
strains. The first call of a showing counts
(solved = band best or good) and, with a learner chosen, is recorded once in the store; only
the learner's first attempt at a puzzle is rated (a puzzle played before is practice).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import streamlit as st

from trainer.generate.bands import BID_LIMITS
from trainer.generate.bid_puzzles import QUESTION, BidGrade, BidPuzzle, call_name, grade_bid
from trainer.generate.explain import seat_name
from trainer.generate.write_ups.bid_reasons import BidReasonKind, bid_reason
from trainer.ui.data.glossary import help_columns
from trainer.ui.data.puzzle_bank import theme_words
from trainer.ui.data.rule_options import rules_summary
from trainer.ui.puzzles.answer import Answer, DecisionPage, band_badge
from trainer.ui.puzzles.ideas import WHY_COLUMN, all_reasons, idea, reason_line
from trainer.ui.puzzles.picker import PuzzlePicker
from trainer.ui.widgets.auction import auction_table, call_label, call_rows, call_text, seat_words
from trainer.ui.widgets.candidates import (
    COLUMN_TERMS,
    MISSING,
    call_table,
    pass_label,
    score_figure,
    styled,
    trick_figure,
)
from trainer.ui.widgets.cards import hand_html
from trainer.ui.widgets.charts import PLOT_CONFIG

KIND = "bid"
ANSWER_KEY = "bid_answer"  # the Answer on show
SCORE_NOTE = ("Score: the expected score, points for your side minus the opponents' on this "
              "hand, over {samples} random layouts of the unseen cards. After each call the "
              "bots finish the auction on every layout, and the contract it ends in is played "
              "double dummy: the table's rows are finished auctions, not each call taken as the "
              "last. Ends in: the contract the auction most often ended in, and how often. Your "
              "way: how often that contract went your side's way (your contract made or "
              "theirs set); Tricks: the declaring side's mean tricks. Double dummy, every "
              "player sees every card: real play makes somewhat fewer tricks. Grades: Best "
              "within {:g} points of the top score, Good within {:g}, Inaccuracy within {:g}, "
              "Mistake within {:g}, Blunder beyond.")
# SCORE_NOTE: the graded table's caption when its calls were valued with the auction finished
# (every shipped puzzle, analysis.finish == "policy"); FINAL_NOTE: a record valued the old way
# (finish None: each call taken as the final contract). Comments, not docstrings: Streamlit's
# magic would print a bare string of a page script.
FINAL_NOTE = ("Score: the expected score, points for your side minus the opponents' on this "
              "hand, over {samples} random layouts of the unseen cards played double dummy, each "
              "call taken as the final contract (pass: the standing bid is played). Makes: the "
              "chance that contract makes, whoever declares it; Tricks: the declaring side's "
              "mean tricks. Double dummy, every player sees every card: real play makes "
              "somewhat fewer tricks. Grades: Best within {:g} points of the top score, Good "
              "within {:g}, Inaccuracy within {:g}, Mistake within {:g}, Blunder beyond.")


def situation(puzzle: BidPuzzle) -> str:
    """Who holds the bid, as the auction shows it: ``opening``, ``partner`` or
    ``competition`` (a misère moment too: naming it would give the idea away, issue 28)."""
    if puzzle.moment != "misere":
        return puzzle.moment
    a = puzzle.analysis
    if a.standing is None:
        return "opening"
    return "partner" if a.standing[1] in a.rules.side_of(a.seat) else "competition"


def puzzle_label(puzzle: BidPuzzle) -> str:
    """A line for the picker: who holds the bid, the auction so far, rating and id."""
    calls = " ".join(call_text(c) for c in puzzle.analysis.auction) or "first to call"
    return f"{theme_words(situation(puzzle))} · {calls} · {puzzle.rating:.0f} · {puzzle.id}"


def question(puzzle: BidPuzzle) -> str:
    """The question over the hand: the same for every puzzle (`bid_puzzles.QUESTION`)."""
    return QUESTION


def score_note(puzzle: BidPuzzle) -> str:
    """The caption under the graded table: what its columns and the grades mean."""
    note = FINAL_NOTE if puzzle.analysis.finish is None else SCORE_NOTE
    return note.format(*BID_LIMITS, samples=puzzle.analysis.samples)


def auction_notes(puzzle: BidPuzzle) -> list[str]:
    """What the layouts assumed of the other hands, in words."""
    a = puzzle.analysis
    return [*map(seat_words, a.inferences),
            *(f"dropped, as no layout fitted: {seat_words(d)}" for d in a.dropped)]


def page_words(puzzle: BidPuzzle, answer: Answer[BidGrade]) -> Iterable[str]:
    """What the page shows in words (for the glossary box): the question, the rules, the
    auction and the calls; once graded the explanation, the table's notes and the
    assumptions."""
    a = puzzle.analysis
    words = [question(puzzle), rules_summary(a.rules), "The auction so far",
             *(call_text(c) for c in a.auction), *(call_text(c) for c in a.legal)]
    if answer.grade is not None:
        words += [answer.grade.explanation, score_note(puzzle), pass_label(a),
                  *auction_notes(puzzle), puzzle.write_up,
                  *(bid_reason(a, c).text for c in a.candidates)]
    return words


PAGE: DecisionPage[BidPuzzle, BidGrade] = DecisionPage(
    KIND, "Bidding puzzles", "bidding", ANSWER_KEY, puzzle_label, words=page_words)


# --- callbacks ---------------------------------------------------------------------------------


def _detail(puzzle: BidPuzzle, code: str, grade: BidGrade) -> dict[str, Any]:
    """What the store keeps of a graded call."""
    return {"call": code, "band": grade.band, "loss": round(grade.loss, 1),
            "best": grade.best.call, "title": puzzle.title}


def _call(chooser: PuzzlePicker[BidPuzzle], puzzle: BidPuzzle, code: str) -> None:
    PAGE.give(chooser, puzzle, (code,), lambda: grade_bid(puzzle, code),
              lambda grade: _detail(puzzle, code, grade), "call")


# --- drawing -----------------------------------------------------------------------------------


def _header(chooser: PuzzlePicker[BidPuzzle], puzzle: BidPuzzle) -> None:
    a = puzzle.analysis
    st.subheader(question(puzzle))
    st.markdown(f"**You:** {seat_name(a.seat)} · **Dealer:** {seat_name(a.dealer)} · "
                f"**Rules:** {rules_summary(a.rules)}")
    PAGE.about(chooser, puzzle, " · you see only your own hand.")


def _table(puzzle: BidPuzzle, answer: Answer[BidGrade]) -> None:
    """The hand and the auction: "?" where the learner calls, or once answered their call."""
    a = puzzle.analysis
    answered = answer.grade.call.call if answer.grade is not None else None
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
    analysis = puzzle.analysis
    mine = bid_reason(analysis, grade.call)
    reason_line(mine.text, mine.kind is BidReasonKind.BEST)
    idea(puzzle.write_up)
    PAGE.practice_note(answer)
    table = call_table(analysis.candidates, grade.call, analysis.standing_side,
                       pass_label(analysis), why=lambda c: bid_reason(analysis, c).label)
    # the Call column wide enough for the pass row's "Pass: South plays 8♥" on a phone
    st.dataframe(styled(table), hide_index=True, key="bid_table", placeholder=MISSING,
                 column_config={"Call": st.column_config.TextColumn(width="medium"),
                                "Why": WHY_COLUMN, **help_columns(table.columns, COLUMN_TERMS)})
    all_reasons("Why each call scores what it does",
                [(call_text(c.call), bid_reason(analysis, c).text) for c in analysis.candidates])
    st.caption(score_note(puzzle))
    a = puzzle.analysis
    notes = auction_notes(puzzle)
    if notes:
        st.caption("The layouts fit the auction: " + "; ".join(notes) + ".")
    # Trick counts say nothing about a misère decision: then the scores per call instead.
    misere = puzzle.generator.get("kind") == "misere" or any(
        c.endswith("MIS") for c in (grade.call.call, a.best.call))
    figure = None if misere else trick_figure(a, grade.call.call)
    if figure is None:
        figure = score_figure(table, "Call", "Expected score per call")
    st.plotly_chart(figure, key="bid_chart", config=PLOT_CONFIG)


def render() -> None:
    """Draw the Bidding puzzles page."""
    PAGE.render(_header, _table, _buttons, _grade)


if __name__ == "__main__":
    render()
