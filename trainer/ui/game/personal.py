"""After a review: each costly card of the learner becomes a personal puzzle (made and verified
by `trainer.review.puzzles`, as the bank's are) and joins their review queue, so the Play
puzzles page brings it back, tagged "From your games"."""

from __future__ import annotations

import streamlit as st

from trainer.cards import Seat
from trainer.game.hand import HandRecord
from trainer.progress import Learner, ProgressStore
from trainer.progress.personal import add_personal_puzzle
from trainer.review.grade import HandReview
from trainer.review.puzzles import personal_puzzle
from trainer.ui.data.profile import current_learner, store
from trainer.ui.data.solver_access import solver_lock


def keep_costly(review: HandReview, record: HandRecord, seat: Seat,
                keep: ProgressStore | None = None, learner: Learner | None = None) -> int:
    """Save a puzzle for each card that cost a trick double dummy and missed the contract's goal
    (made or beaten) the real layout still offered (`personal_puzzle`; the puzzle shows every
    hand, as the bank's do, so a card that was a fair guess is fair to drill), in ``keep``
    for ``learner`` (default: the page's store and learner); the number of new puzzles (0
    without a learner, whose puzzles could not be kept)."""
    learner = learner or current_learner()
    if learner is None:
        return 0
    keep = keep or store()
    added = 0
    for decision in review.decisions:
        if decision.kind != "card" or not decision.dd_cost:
            continue
        with solver_lock():
            puzzle = personal_puzzle(record, decision, seat)
        if puzzle is not None and add_personal_puzzle(keep, learner, puzzle.id,
                                                       puzzle.to_json()):
            added += 1
    return added


def say_kept(added: int) -> None:
    if added:
        st.info(f"{added} position{'s' if added > 1 else ''} from this hand "
                f"{'were' if added > 1 else 'was'} added to your puzzles: Play puzzles brings "
                "them back for review (theme \"From your games\").",
                icon=":material/bookmark_add:")
