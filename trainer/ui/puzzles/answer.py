"""One learner's answer to a one-decision puzzle (a bid or a discard), as a page keeps it between
reruns, and the grading bands in colour.

A showing counts once: the first graded answer is its result (`SOLVED_BANDS` count as solved);
"Retry" clears the answer for practice, and later answers are shown but not counted again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import streamlit as st

from trainer.generate.bands import BANDS

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


GLOSSARY = (
    "- **A layout**: one way the cards you cannot see ({unseen}) might lie. The trainer deals "
    "many at random, each fitting what the auction says.\n"
    "- **Double dummy**: each layout is played out as if every player could see every card, "
    "with the best play for both sides, by an exact search of the remaining tricks. It is the "
    "fairest yardstick a computer has; real players, who cannot see the cards, make somewhat "
    "fewer tricks.\n"
    "- **Expected score**: the average over the layouts of your side's points minus the "
    "opponents' (rule book §6).\n"
    "- **± s.e.** (standard error): how far that average may be off because the layouts are a "
    "sample; about two of them either side covers the true value nineteen times in twenty."
)


def glossary(unseen: str) -> None:
    """A closed "What these words mean" box under a bid or discard grade, for new players;
    ``unseen``: the cards the learner cannot see, in words."""
    with st.expander("What these words mean", icon=":material/help:"):
        st.markdown(GLOSSARY.format(unseen=unseen))


def answer_actions(prefix: str, on_retry: Callable[[], None], on_next: Callable[[], None],
                   graded: bool) -> None:
    """The Retry and Next puzzle buttons under an answer (keys ``{prefix}_retry`` and
    ``{prefix}_next_bottom``); Next is the primary button once the answer is graded."""
    with st.container(horizontal=True, gap="small", key=f"{prefix}_actions"):
        st.button("Retry", key=f"{prefix}_retry", on_click=on_retry,
                  icon=":material/replay:", disabled=not graded)
        st.button("Next puzzle", key=f"{prefix}_next_bottom", on_click=on_next,
                  icon=":material/skip_next:", type="primary" if graded else "secondary")
