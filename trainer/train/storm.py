"""The timed count-and-infer run (issue 29), after Lichess's Puzzle Storm: three minutes of
questions, a streak, a personal best.

A run (`StormRun`) starts with `RUN_SECONDS` (180) on the clock. Each answer is timed against
the clock the caller passes (`answer(right, now)`; seconds, as `time.monotonic` gives them): a
right answer adds one to the score and to the streak (the right answers in a row); a wrong one
breaks the streak and costs `WRONG_PENALTY` (10) seconds, as a wrong move does in Puzzle Storm.
An answer given once the time is up is not counted. The run's result is its score and its best
streak; the learner's personal best is the highest score of their runs
(`trainer.train.records.storm_best`). The clock is never read here, so tests drive it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

RUN_SECONDS = 180.0
WRONG_PENALTY = 10.0


@dataclass(frozen=True)
class StormRun:
    """A timed run: started at ``started`` (seconds on the caller's clock), ``seed`` the run's
    questions (`trainer.train.count_infer.question_at`), ``index`` the question on show,
    ``right`` and ``wrong`` answers so far, ``streak`` right answers in a row now,
    ``best_streak`` the longest run of them, ``penalty`` seconds lost to wrong answers."""

    started: float
    seed: int = 0
    index: int = 0
    right: int = 0
    wrong: int = 0
    streak: int = 0
    best_streak: int = 0
    penalty: float = 0.0
    seconds: float = RUN_SECONDS

    def remaining(self, now: float) -> float:
        """Seconds left at ``now`` (0 once the time is up)."""
        return max(0.0, self.started + self.seconds - self.penalty - now)

    def over(self, now: float) -> bool:
        return self.remaining(now) <= 0.0

    def answer(self, right: bool, now: float) -> StormRun:
        """The run after an answer at ``now``; unchanged when the time was already up."""
        if self.over(now):
            return self
        if right:
            streak = self.streak + 1
            return replace(self, index=self.index + 1, right=self.right + 1, streak=streak,
                           best_streak=max(self.best_streak, streak))
        return replace(self, index=self.index + 1, wrong=self.wrong + 1, streak=0,
                       penalty=self.penalty + WRONG_PENALTY)

    @property
    def score(self) -> int:
        """The run's score: its right answers."""
        return self.right
