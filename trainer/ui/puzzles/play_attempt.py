"""One learner's attempt at a play puzzle, as the Play page keeps it between reruns.

Wraps the grading API (`trainer.generate.grading.PuzzleSession`): each card is graded under the
app's solver lock, and the table as it was before the card and after each reply is kept as
*frames*, so the page can show the replies one by one. The attempt also remembers whether its
result has been saved (a puzzle counts once per showing: a retry after a failure is practice)
and whether the solution was revealed (which counts as not solved).

Before the solver is ready (a first start compiles it) a card is graded from the puzzle's
record (`PuzzleSession.play` with ``solver=False``): the verdict shows at once and its
explanation is *pending* until `finish_pending`; a card the record cannot grade is *queued*
and graded by `finish_pending` once the solver is ready.
"""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass, field

from trainer.generate.grading import PuzzleSession, SolverPending, Verdict
from trainer.generate.records import PlayPuzzle
from trainer.play import PlayState
from trainer.rules import Play
from trainer.ui.data import solver_access
from trainer.ui.data.solver_access import solver_lock

_showings = itertools.count()
"""Numbers the attempts made in this process: each showing of a puzzle has its own."""


@dataclass
class PlayAttempt:
    """The puzzle on show, its grading session, and what the page still has to show or save."""

    puzzle: PlayPuzzle
    session: PuzzleSession
    frames: list[PlayState] = field(default_factory=list)
    """Tables to show one after another (the learner's card, then each reply); emptied once
    shown."""
    saved: bool = False
    """True once this showing's result is in the store (or there is no learner to save for)."""
    result: bool | None = None
    """The counted result of this showing: True solved, False failed, None not yet over."""
    revealed: bool = False
    retries: int = 0
    showing: int = field(default_factory=lambda: next(_showings))
    """This showing's number (`turn`): the widgets of one puzzle never carry over to the next."""
    queued: tuple[str, str] | None = None
    """A click (card code, turn) waiting for the solver: the record could not grade it."""
    resuming: list[str] = field(default_factory=list)
    """Cards of a kept unfinished try still to replay once the solver is ready (`resume`)."""

    @classmethod
    def start(cls, puzzle: PlayPuzzle) -> PlayAttempt:
        """A fresh attempt (no solving: a puzzle opens before the solver is ready)."""
        return cls(puzzle, PuzzleSession(puzzle))

    @property
    def pending(self) -> bool:
        """True while something waits for the solver: an explanation, or a queued card."""
        return self.queued is not None or bool(self.resuming) or self.session.pending

    def finish_pending(self) -> None:
        """Once the solver is ready: fill in the pending explanations, then grade the queued
        card, if any (it was clicked for the decision on show, so it still counts)."""
        queued, self.queued = self.queued, None
        rest, self.resuming = self.resuming, []
        with solver_lock():
            self.session.complete()
        if rest:
            self.resume(rest)
        elif queued is not None:
            self.click(*queued)

    @property
    def state(self) -> PlayState:
        return self.session.state

    @property
    def verdicts(self) -> list[Verdict]:
        """This try's graded cards, oldest first."""
        return self.session.history

    def legal_plays(self) -> list[Play]:
        """The learner's legal plays now (none once the try is over or the solution shown)."""
        return [] if self.revealed else self.session.legal_plays()

    def play(self, play: Play) -> Verdict:
        """Grade ``play``; on a right card the replies follow. Sets the frames to show and, the
        first time a try ends, the counted result."""
        before = self.state.copy()
        # decided once: grading from the record takes no solver and no lock
        ready = solver_access.solver_ready()
        with solver_lock() if ready else contextlib.nullcontext():
            verdict = self.session.play(play, solver=ready)
        self.frames = replay_frames(before, play, verdict)
        if self.session.finished and self.result is None:
            self.result = self.session.solved
        return verdict

    def click(self, code: str, turn: str) -> Verdict | None:
        """Play the card ``code`` clicked on the buttons drawn for decision ``turn``. A click
        counts only for the position it was drawn for: one on an earlier decision's buttons (a
        quick second click while the replies are shown) or on a card not legal now plays
        nothing and returns None. A card that needs the solver before it is ready is queued
        (`queued`, graded by `finish_pending`) and returns None; so does a click while one is
        queued."""
        if turn != self.turn or self.queued is not None:
            return None
        play = next((p for p in self.legal_plays() if p.code == code), None)
        if play is None:
            return None
        try:
            return self.play(play)
        except SolverPending:
            self.queued = (code, turn)
            return None

    def resume(self, codes: list[str]) -> None:
        """Replay the learner's cards ``codes`` of an unfinished first try (kept in the store
        over a reload or a restart), without showing the replies again. Stops at the first code
        that is not a legal play or not a right card (the try then ends as it would have). A
        card that needs the solver before it is ready keeps the rest for `finish_pending`."""
        for n, code in enumerate(codes):
            play = next((p for p in self.legal_plays() if p.code == code), None)
            if play is None:
                break
            try:
                self.play(play)
            except SolverPending:
                self.resuming = list(codes[n:])
                break
            if self.result is not None:
                break
        self.frames = []

    def retry(self) -> None:
        """Back to the puzzle's position (the counted result stays as it was)."""
        self.queued, self.resuming = None, []
        self.session.retry()
        self.frames = []
        self.revealed = False
        self.retries += 1

    def reveal(self) -> None:
        """Show the solution; an attempt not yet over counts as not solved."""
        self.revealed = True
        self.frames = []
        if self.result is None:
            self.result = False

    @property
    def turn(self) -> str:
        """Which decision is on show ("showing.retries.cards graded"): part of each card
        button's key, so that a click made on an earlier decision's buttons (a quick double
        click) matches no button of this one and is dropped, and so that the joker's suit
        choice opened in one puzzle is not open in the next."""
        return f"{self.showing}.{self.retries}.{len(self.verdicts)}"

    def plays_text(self) -> list[str]:
        """Codes of this try's learner cards (stored with the attempt)."""
        return [v.play.code for v in self.verdicts]


def replay_frames(before: PlayState, play: Play, verdict: Verdict) -> list[PlayState]:
    """The table after the learner's card and after each reply, from ``before``."""
    work = before.copy()
    frames = []
    for move in [play, *(p for _, p in verdict.replies)]:
        work.push(move)
        frames.append(work.copy())
    return frames
