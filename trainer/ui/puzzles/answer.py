"""One learner's answer to a one-decision puzzle (a bid or a discard), as a page keeps it between
reruns, the grading bands in colour, and the page flow the Bidding and Discard pages share.

A showing counts once: the first graded answer is its result (`SOLVED_BANDS` count as solved);
"Retry" clears the answer for practice, and later answers are shown but not counted again.

`DecisionPage` is that flow: the bank cut to the rules, the picker, the puzzle's id, themes and
rating line, grading an answer and saving the counted one once for the learner, the "retry is
practice" note, the Retry and Next buttons, and the page's foot ("Analyse this position" and the
glossary box, `trainer.ui.puzzles.analyse_link`). A page gives it what differs: how to label a
puzzle, what to clear when a fresh answer starts (the discard page's ticks), and how to draw the
puzzle and its grade.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import streamlit as st

from trainer.errors import TrainerError
from trainer.generate.bands import BANDS
from trainer.ui.data.profile import current_learner
from trainer.ui.data.puzzle_bank import Bank, themes_text
from trainer.ui.data.puzzle_choice import P
from trainer.ui.puzzles.analyse_link import puzzle_footer
from trainer.ui.puzzles.picker import NO_MATCH, PuzzlePicker, open_bank, rating_line

G = TypeVar("G")

SOLVED_BANDS = frozenset({"best", "good"})
BAND_COLOURS = {"best": "green", "good": "blue", "inaccuracy": "orange", "mistake": "orange",
                "blunder": "red"}
"""Streamlit colour names for the bands (markdown ``:green-badge[...]``)."""
BAND_WORDS = {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake",
              "blunder": "Blunder"}
assert set(BAND_COLOURS) == set(BANDS) == set(BAND_WORDS)


def band_badge(band: str) -> str:
    """Markdown for a coloured badge naming ``band`` (``:green-badge[Best]``)."""
    colour = BAND_COLOURS.get(band, "gray")
    return f":{colour}-badge[{BAND_WORDS.get(band, band.capitalize())}]"


@dataclass
class Answer(Generic[G]):
    """The answer on show for puzzle ``puzzle_id``: the learner's choice (codes) and its grade,
    the counted result of the showing, and whether it has been saved."""

    puzzle_id: str
    choice: tuple[str, ...] | None = None
    grade: G | None = None
    band: str | None = None
    result: bool | None = None
    """The counted result of this showing: the first answer's, None before it."""
    saved: bool = False
    retries: int = 0

    def give(self, choice: tuple[str, ...], grade: G, band: str) -> bool:
        """Show ``grade`` for ``choice``; True when this answer is the showing's counted one."""
        self.choice, self.grade, self.band = choice, grade, band
        if self.result is not None:
            return False
        self.result = band in SOLVED_BANDS
        return True

    def retry(self) -> None:
        """Clear the answer for another try (the counted result stays)."""
        self.choice, self.grade, self.band = None, None, None
        self.retries += 1


def answer_actions(prefix: str, on_retry: Callable[[], None], on_next: Callable[[], None],
                   graded: bool) -> None:
    """The Retry and Next puzzle buttons under an answer (keys ``{prefix}_retry`` and
    ``{prefix}_next_bottom``); Next is the primary button once the answer is graded."""
    with st.container(horizontal=True, gap="small", key=f"{prefix}_actions"):
        st.button("Retry", key=f"{prefix}_retry", on_click=on_retry,
                  icon=":material/replay:", disabled=not graded)
        st.button("Next puzzle", key=f"{prefix}_next_bottom", on_click=on_next,
                  icon=":material/skip_next:", type="primary" if graded else "secondary")


class Graded(Protocol):
    """What the flow needs of a grade (`BidGrade`, `DiscardGrade`): its band."""

    @property
    def band(self) -> str: ...


GG = TypeVar("GG", bound=Graded)


def _nothing() -> None:
    pass


def _no_words(puzzle: Any, answer: Any) -> Iterable[str]:
    del puzzle, answer
    return ()


@dataclass(frozen=True)
class DecisionPage(Generic[P, GG]):
    """The flow of a one-decision puzzle page (module docstring).

    ``kind``: the bank's kind, the picker's prefix, the store's kind and the prefix of the action
    buttons' keys; ``title``: the page title; ``what``: the bank in words (``"The bidding puzzle
    bank is empty."``); ``answer_key``: where the session keeps the `Answer` on show; ``label``:
    a puzzle's line in the picker; ``clear``: called when a fresh answer starts and on Retry;
    ``words``: what the page shows of a puzzle and its answer, in words (the glossary box at
    the foot lists the terms they use, `puzzle_footer`).
    """

    kind: str
    title: str
    what: str
    answer_key: str
    label: Callable[[P], str]
    clear: Callable[[], None] = _nothing
    words: Callable[[P, Answer[GG]], Iterable[str]] = _no_words

    def start(self, puzzle: P) -> None:
        """A fresh answer for ``puzzle`` (`clear` first)."""
        self.clear()
        st.session_state[self.answer_key] = Answer(puzzle.id)

    def picker(self, bank: Bank[P]) -> PuzzlePicker[P]:
        return PuzzlePicker(self.kind, bank, self.label, self.start)

    def answer_for(self, puzzle: P) -> Answer[GG]:
        """The answer on show for ``puzzle`` (a fresh one, `start`, if the session holds
        another puzzle's)."""
        answer = st.session_state.get(self.answer_key)
        if not isinstance(answer, Answer) or answer.puzzle_id != puzzle.id:
            self.start(puzzle)
            answer = st.session_state[self.answer_key]
        return answer

    # --- callbacks -------------------------------------------------------------------------

    def give(self, chooser: PuzzlePicker[P], puzzle: P, choice: tuple[str, ...],
             grade: Callable[[], GG], detail: Callable[[GG], dict[str, Any]],
             what: str) -> None:
        """Grade ``choice`` (``grade()``; a `TrainerError` leaves a note that the ``what``
        cannot be graded) and show it; the showing's counted answer is saved once for the
        learner, with ``detail(grade)``."""
        answer = self.answer_for(puzzle)
        try:
            graded = grade()
        except TrainerError as e:
            st.session_state[chooser.key("note")] = f"That {what} cannot be graded: {e}"
            return
        if answer.give(choice, graded, graded.band) and not answer.saved:
            answer.saved = chooser.save(self.kind, puzzle, bool(answer.result), detail(graded))

    def retry(self, puzzle: P) -> None:
        """Clear the answer (and, with `clear`, the page's choices) for another try."""
        self.clear()
        self.answer_for(puzzle).retry()

    # --- drawing ---------------------------------------------------------------------------

    def about(self, chooser: PuzzlePicker[P], puzzle: P, note: str) -> None:
        """The puzzle's id and themes (then ``note``), and the puzzle's and learner's ratings
        (`rating_line`; practice when the learner has played it before). As on Lichess the
        themes stay hidden until the puzzle is answered: they would give the answer away."""
        themes = themes_text(puzzle.themes, hidden=()) if self.answer_for(puzzle).grade else ""
        hidden = "" if self.answer_for(puzzle).grade else " · themes shown once you answer"
        st.caption(f"Puzzle {puzzle.id}" + (f" · themes: {themes}" if themes else hidden) + note)
        st.markdown(rating_line(puzzle, current_learner(), chooser.played_before(puzzle)))

    @staticmethod
    def practice_note(answer: Answer[Any]) -> None:
        """Under a retried answer: only the first try is rated."""
        if answer.retries and answer.result is not None:
            st.caption("A retry is practice: only a first try at a puzzle is rated.")

    def render(self, header: Callable[[PuzzlePicker[P], P], None],
               board: Callable[[P, Answer[GG]], None],
               ask: Callable[[PuzzlePicker[P], P], None],
               grade: Callable[[P, Answer[GG]], None]) -> None:
        """Draw the page: the top (`open_bank`), the picker, then, below a divider, the puzzle
        on show: ``header`` (what is asked, `about`), ``board`` (the puzzle), then ``ask`` (the
        choice) until answered, or ``grade`` and the saved result once graded; then the Retry
        and Next buttons; last "Analyse this position" once graded and the glossary box
        (`puzzle_footer`)."""
        fitting = open_bank(self.kind, self.title, self.what)
        if fitting is None:
            return
        chooser = self.picker(fitting)
        puzzle = chooser.on_show()
        chooser.render(puzzle)
        if puzzle is None:
            st.info(NO_MATCH)
            return
        st.divider()
        chooser.drawn_for(puzzle)
        _decision_area(self, chooser, header, board, ask, grade)


@st.fragment
def _decision_area(page: DecisionPage[Any, Any], chooser: PuzzlePicker[Any],
                   header: Callable[[PuzzlePicker[Any], Any], None],
                   board: Callable[[Any, Answer[Any]], None],
                   ask: Callable[[PuzzlePicker[Any], Any], None],
                   grade: Callable[[Any, Answer[Any]], None]) -> None:
    """`DecisionPage.render`'s puzzle on show, a fragment: an answer or Retry reruns it alone,
    not the picker above (issue 26); "Next" reruns the page (`PuzzlePicker.fragment_puzzle`)."""
    puzzle = chooser.fragment_puzzle()
    answer = page.answer_for(puzzle)
    header(chooser, puzzle)
    board(puzzle, answer)
    if answer.grade is None:
        ask(chooser, puzzle)
    else:
        grade(puzzle, answer)
        chooser.show_saved(puzzle)
    answer_actions(page.kind, lambda: page.retry(puzzle), chooser.next,
                   answer.grade is not None)
    puzzle_footer(page.kind, puzzle.id, answer.grade is not None, page.words(puzzle, answer))
