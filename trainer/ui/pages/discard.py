"""Discard puzzles page: pick a puzzle (by theme and difficulty, or "next puzzle for me"), see
the declarer's cards after taking the kitty, tick the cards to throw away, and discard.

Exactly the kitty's size must be ticked (3; 5 in a pack with a five-card kitty): until then a
message says how many are chosen and the Discard button is off. A discard is graded by
`trainer.generate.discard_puzzles.grade_discard`: from the record's candidate table, or, for a
discard the table does not list, by playing it on the puzzle's layouts (about a second, under
the app's solver lock). The band is set by the expected score lost to the best discard, as for
bids; the grade shows the band, the explanation (with the chance of making and the mean tricks),
the reason the learner's discard scores less and the puzzle's write-up ("The idea",
`trainer.generate.write_ups`), the table with the learner's discard marked and each row's reason
("Why"), and a chart of the candidates' expected scores. The
first discard of a showing counts (solved = band best or good) and, with a learner chosen, is
recorded once (with the points lost, and the chance and tricks lost); only the learner's first
attempt at a puzzle is rated (a puzzle played before is practice).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import streamlit as st

from trainer.cards import Card
from trainer.generate.bands import DISCARD_LIMITS
from trainer.generate.discard_puzzles import DiscardGrade, DiscardPuzzle, grade_discard
from trainer.generate.explain import seat_name
from trainer.generate.write_ups.discard_reasons import DiscardReasonKind, discard_reason
from trainer.rules import CardOrder
from trainer.ui.data.solver_access import solver_lock, wait_for_solver
from trainer.ui.puzzles.answer import Answer, DecisionPage, band_badge
from trainer.ui.puzzles.ideas import WHY_COLUMN, all_reasons, idea, reason_line
from trainer.ui.puzzles.picker import PuzzlePicker
from trainer.ui.widgets.auction import auction_table
from trainer.ui.widgets.candidates import (
    MISSING,
    discard_table,
    discard_text,
    score_figure,
    styled,
)
from trainer.ui.widgets.cards import card_svg
from trainer.ui.widgets.charts import PLOT_CONFIG

KIND = "discard"
ANSWER_KEY = "discard_answer"  # the Answer on show
PICK_PREFIX = "discard_pick:"  # + round + ":" + card code: the card's checkbox
ROUND_KEY = "discard_round"  # bumped to clear the ticks: new boxes, not old ones unticked
CARD_WIDTH = 56

GRADES = ("Grades: Best within {:g} points of the top score, Good within {:g}, Inaccuracy within "
          "{:g}, Mistake within {:g}, Blunder beyond.".format(*DISCARD_LIMITS))


def puzzle_label(puzzle: DiscardPuzzle) -> str:
    """A line for the picker: the contract, the kitty, rating and id."""
    a = puzzle.analysis
    kitty = " ".join(c.pretty for c in puzzle.kitty)
    return f"{a.contract.pretty} by {a.seat.value} · kitty {kitty} · {puzzle.rating:.0f} · " \
           f"{puzzle.id}"


def pick_key(card: Card) -> str:
    return f"{PICK_PREFIX}{st.session_state.get(ROUND_KEY, 0)}:{card.code}"


def _clear_picks() -> None:
    # Deleting a checkbox's state is not enough: the browser keeps the box ticked and sends it
    # back (seen after Retry and Next puzzle). Boxes under new keys start unticked.
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(PICK_PREFIX)]:
        del st.session_state[key]
    st.session_state[ROUND_KEY] = st.session_state.get(ROUND_KEY, 0) + 1


def question(puzzle: DiscardPuzzle) -> str:
    return f"Which {puzzle.rules.kitty_size} cards do you discard?"


def score_note(puzzle: DiscardPuzzle) -> str:
    """The caption under the graded table: what its columns and the grades mean."""
    return (f"Each discard played double dummy on {puzzle.analysis.samples} random "
            "layouts of the unseen cards. Score: the expected score, your side minus the "
            "opponents, which the grade is on; Makes: the chance of making the contract; "
            "Tricks: your side's mean tricks. A trick more than the contract needs is worth "
            "little in 500, only through a slam or the defenders' 10 a trick (rule book §6), "
            "so making counts most, but a discard that makes a little less often can still "
            "score more. Every discard is played on the same layouts, so the gap between "
            "two of them is surer than their ± s.e. (each score's own spread) suggests. "
            f"{GRADES}")


def page_words(puzzle: DiscardPuzzle, answer: Answer[DiscardGrade]) -> Iterable[str]:
    """What the page shows in words (for the glossary box): the question, the contract and
    the kitty, trumps marked; once graded the explanation and the table's notes."""
    words = [question(puzzle), "Contract: … From the kitty", "trumps have a gold edge",
             "The auction", puzzle.analysis.contract.pretty]
    if answer.grade is not None:
        a = puzzle.analysis
        words += [answer.grade.explanation, score_note(puzzle), puzzle.write_up,
                  *(discard_reason(a, c, puzzle.rules).text for c in a.candidates)]
    return words


# The page's flow; a fresh answer (another puzzle, or Retry) clears the ticks.
PAGE: DecisionPage[DiscardPuzzle, DiscardGrade] = DecisionPage(
    KIND, "Discard puzzles", "discard", ANSWER_KEY, puzzle_label, _clear_picks, page_words)


def chosen(puzzle: DiscardPuzzle) -> list[Card]:
    """The ticked cards, in hand order."""
    return [c for c in puzzle.analysis.hand if st.session_state.get(pick_key(c))]


# --- callbacks ---------------------------------------------------------------------------------


def _graded(puzzle: DiscardPuzzle, cards: list[Card]) -> DiscardGrade:
    with solver_lock():
        return grade_discard(puzzle, cards, workers=1)


def _detail(puzzle: DiscardPuzzle, codes: tuple[str, ...], grade: DiscardGrade) -> dict[str, Any]:
    """What the store keeps of a graded discard."""
    return {"discard": list(codes), "band": grade.band, "loss": round(grade.loss, 1),
            "best": [c.code for c in grade.best.discard],
            "chance_loss": round(grade.chance_loss, 3),
            "trick_loss": round(grade.trick_loss, 2), "title": puzzle.title}


def _discard(chooser: PuzzlePicker[DiscardPuzzle], puzzle: DiscardPuzzle) -> None:
    cards = chosen(puzzle)
    if len(cards) != puzzle.rules.kitty_size:
        return  # a stale click: the ticks changed
    codes = tuple(c.code for c in cards)
    PAGE.give(chooser, puzzle, codes, lambda: _graded(puzzle, cards),
              lambda grade: _detail(puzzle, codes, grade), "discard")


# --- drawing -----------------------------------------------------------------------------------


def _header(chooser: PuzzlePicker[DiscardPuzzle], puzzle: DiscardPuzzle) -> None:
    a = puzzle.analysis
    st.subheader(question(puzzle))
    kitty = " ".join(c.pretty for c in puzzle.kitty)
    st.markdown(f"**Contract:** {a.contract.pretty} by {seat_name(a.seat)} (you) · "
                f"**From the kitty:** {kitty}")
    PAGE.about(chooser, puzzle, " · trumps have a gold edge.")
    with st.expander("The auction"):
        st.table(auction_table(puzzle.rules, a.dealer, a.auction, you=a.seat), border="horizontal",
                 hide_index=True)


def _cards(puzzle: DiscardPuzzle, answer: Answer[DiscardGrade]) -> None:
    a = puzzle.analysis
    order = CardOrder(trump=a.contract.trump)
    done = answer.grade is not None
    kitty = set(puzzle.kitty)
    with st.container(horizontal=True, gap="small", key="discard_cards"):
        for card in sorted(a.hand, key=order.display_key):
            with st.container(width="content", gap=None, key=f"discard_card_{card.code}"):
                st.markdown(card_svg(card, order, width=CARD_WIDTH, mark_trumps=True),
                            unsafe_allow_html=True)
                label = f"{card.pretty} (kitty)" if card in kitty else card.pretty
                st.checkbox(label, key=pick_key(card), disabled=done)


def _choose(chooser: PuzzlePicker[DiscardPuzzle], puzzle: DiscardPuzzle) -> None:
    count = puzzle.rules.kitty_size
    cards = chosen(puzzle)
    if len(cards) != count:
        st.info(f"Choose exactly {count} cards to discard: {len(cards)} chosen so far.",
                icon=":material/touch_app:")
    names = " ".join(c.pretty for c in cards)
    st.button(f"Discard {names}" if len(cards) == count else "Discard", key="discard_go",
              type="primary", on_click=_discard, args=(chooser, puzzle),
              disabled=len(cards) != count, icon=":material/delete:")


def _grade(puzzle: DiscardPuzzle, answer: Answer[DiscardGrade]) -> None:
    grade = answer.grade
    assert grade is not None
    order = CardOrder(trump=puzzle.analysis.contract.trump)  # the hand's own order, as shown
    names = " ".join(c.pretty for c in sorted(grade.result.discard, key=order.display_key))
    st.markdown(f"{band_badge(grade.band)} You discarded **{names}**.")
    st.markdown(grade.explanation)
    if grade.computed:
        st.caption("Your discard was not among the discards worked out for this puzzle: it "
                   "was played now on the same layouts and added to the table.")
    mine = discard_reason(puzzle.analysis, grade.result, puzzle.rules)
    reason_line(mine.text, mine.kind is DiscardReasonKind.BEST)
    idea(puzzle.write_up)
    PAGE.practice_note(answer)
    table = discard_table(puzzle.analysis.candidates, grade.result,
                          why=lambda c: discard_reason(puzzle.analysis, c, puzzle.rules).label)
    st.dataframe(styled(table), hide_index=True, key="discard_table", placeholder=MISSING,
                 column_config={"Why": WHY_COLUMN})
    all_reasons("Why each discard scores what it does",
                [(discard_text(c), discard_reason(puzzle.analysis, c, puzzle.rules).text)
                 for c in puzzle.analysis.candidates])
    st.caption(score_note(puzzle))
    figure = score_figure(table, "Discard", "Expected score per discard")
    st.plotly_chart(figure, key="discard_chart", config=PLOT_CONFIG)


def render() -> None:
    """Draw the Discard puzzles page (grading plays layouts out with the solver, so a first
    start waits for it to be compiled, saying so)."""
    wait_for_solver()
    PAGE.render(_header, _cards, _choose, _grade)


if __name__ == "__main__":
    render()
