"""Grading bands for bidding and discard puzzles: best / good / inaccuracy / mistake / blunder.

Bids are banded on the expected-score loss against the best call of the table (``ev`` points,
the learner's side minus the opponents per hand, `trainer.simulate`):

| band       | loss (points) |
|------------|---------------|
| best       | at most 5     |
| good       | at most 20    |
| inaccuracy | at most 50    |
| mistake    | at most 100   |
| blunder    | more than 100 |

(One level too low in a suit that makes is a loss of 100: a mistake.)

Discards are banded on two losses against the best of the table, the chance of making
(``p_make``, in percentage points) and the mean tricks; the band is the worse of the two:

| band       | chance lost | tricks lost |
|------------|-------------|-------------|
| best       | at most 1   | at most 0.05 |
| good       | at most 5   | at most 0.15 |
| inaccuracy | at most 10  | at most 0.30 |
| mistake    | at most 20  | at most 0.60 |
| blunder    | more        | more         |
"""

from __future__ import annotations

BANDS = ("best", "good", "inaccuracy", "mistake", "blunder")
BID_LIMITS = (5.0, 20.0, 50.0, 100.0)
DISCARD_CHANCE_LIMITS = (0.01, 0.05, 0.10, 0.20)
DISCARD_TRICK_LIMITS = (0.05, 0.15, 0.30, 0.60)
_EPS = 1e-9


def _band(loss: float, limits: tuple[float, ...]) -> int:
    for i, limit in enumerate(limits):
        if loss <= limit + _EPS:
            return i
    return len(limits)


def bid_band(loss: float) -> str:
    """The band of a call losing ``loss`` points of expected score against the best."""
    return BANDS[_band(loss, BID_LIMITS)]


def discard_band(chance_loss: float, trick_loss: float) -> str:
    """The band of a discard losing ``chance_loss`` (0-1) chance of making and ``trick_loss``
    mean tricks against the best: the worse of the two bands."""
    return BANDS[max(_band(chance_loss, DISCARD_CHANCE_LIMITS),
                     _band(trick_loss, DISCARD_TRICK_LIMITS))]
