"""The foot of a puzzle page, under its Retry / Next buttons: "Analyse this position" and the
"What these words mean" box. Each puzzle page draws it with one call: the Play page
`play_footer`, the Bidding and Discard pages `puzzle_footer` (through `DecisionPage.render`).

"Analyse this position" opens the Analyse page at ``/analyse?puzzle=<id>``, which loads the
puzzle from its bank (`trainer.ui.analysis.from_puzzle`): a play puzzle's starting position (the
position the puzzle asks about, not the table as the try left it, so the analysis values the
puzzle's own first decision and its line; the address then means the same to anyone it is
shared with), a bidding puzzle's hand, seat, dealer and auction, a discard puzzle's cards,
contract and auction. The button appears only once the puzzle is over (a play puzzle solved,
failed or its solution shown; a call or discard graded): the analysis is the answer, so it
is not offered while the learner is still to answer.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from trainer.generate.grading import main_line_story
from trainer.ui.data.glossary import glossary_box, terms_in
from trainer.ui.data.puzzle_bank import themes_text
from trainer.ui.puzzles.play_attempt import PlayAttempt

ANALYSE_PAGE = "trainer/ui/pages/analyse.py"
PARAM = "puzzle"
"""The Analyse page's query parameter naming the puzzle to load."""
LABEL = "Analyse this position"
HELP = ("Opens the Analyse page with this puzzle loaded, to look further: every card's value, "
        "or every call or discard worked out again with other settings.")


def analyse_button(kind: str, puzzle_id: str, over: bool) -> None:
    """The "Analyse this position" button (key ``<kind>_analyse``), only once the puzzle is
    over; a click opens ``/analyse?puzzle=<puzzle_id>``."""
    if not over:
        return
    if st.button(LABEL, key=f"{kind}_analyse", icon=":material/calculate:", help=HELP):
        st.switch_page(ANALYSE_PAGE, query_params={PARAM: puzzle_id})


def puzzle_footer(kind: str, puzzle_id: str, over: bool, texts: Iterable[str]) -> None:
    """`analyse_button`, then the "What these words mean" box of the glossary terms that
    ``texts`` (what the page shows) use (key ``<kind>_glossary``)."""
    analyse_button(kind, puzzle_id, over)
    glossary_box(terms_in(texts), key=f"{kind}_glossary")


def play_texts(attempt: PlayAttempt) -> list[str]:
    """What the Play page shows of ``attempt`` in words: the contract and goal (which always
    speak of the declarer and the tricks left), the title, the themes once over, each graded
    card's explanation and lines, and the main line once the solution is shown."""
    puzzle = attempt.puzzle
    contract = puzzle.position.contract.pretty
    texts = [f"Contract: {contract} · Goal: the declarer's side takes … of the last tricks",
             puzzle.title]
    if attempt.session.finished or attempt.revealed:
        texts.append(themes_text(puzzle.themes))
    for verdict in attempt.verdicts:
        texts.append(verdict.explanation)
        texts += [s.text for s in (*verdict.refutation, *verdict.right_line)]
    if attempt.revealed:
        texts += [s.text for s in main_line_story(puzzle)]
    if attempt.session.finished or attempt.revealed:
        texts.append(puzzle.write_up)
    return texts


def play_footer(attempt: PlayAttempt) -> None:
    """The Play page's foot (`puzzle_footer`): the button once the try is over or the solution
    shown."""
    over = attempt.session.finished or attempt.revealed
    puzzle_footer("play", attempt.puzzle.id, over, play_texts(attempt))
