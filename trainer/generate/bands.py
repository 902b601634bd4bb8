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

Discards are banded the same way, on the expected-score loss against the best discard of the
table (``ev``, computed under the puzzle's rules), with the same limits (`DISCARD_LIMITS`). The
chance of making and the mean tricks are shown to the learner but do not set the band: a trick
more than the contract needs scores nothing (rule book §6) unless the rules pay 10 a trick
(``overtricks_10``) or it makes a slam (``slam_250``); otherwise it is worth only the 10 points
the defenders would have scored for it (``defender_tricks``). So a discard that makes as often
and takes 0.3 tricks fewer on average loses a few points (3 for the defenders' tricks, more if
it misses slams): best or good, not a mistake; one that makes 10% less often in a contract
worth 300 loses some 60 (10% of the 600-point swing between making and going set): a mistake.

Where the game's score decides (a hand review near the end of a game,
`trainer.review.win_chance`), calls and cards are banded on the chance of winning the game
lost, in percentage points, at Lichess's limits (its judgements: an inaccuracy from a drop of
0.1 in winning chances on its -1 to 1 scale, that is 5 points of the chance, a mistake from
10, a blunder from 15; `WIN_LIMITS`): best at most 1, good at most 5, inaccuracy at most 10,
mistake at most 15, blunder more.
"""

from __future__ import annotations

BANDS = ("best", "good", "inaccuracy", "mistake", "blunder")
BID_LIMITS = (5.0, 20.0, 50.0, 100.0)
DISCARD_LIMITS = BID_LIMITS
WIN_LIMITS = (1.0, 5.0, 10.0, 15.0)
_EPS = 1e-9


def _band(loss: float, limits: tuple[float, ...]) -> int:
    for i, limit in enumerate(limits):
        if loss <= limit + _EPS:
            return i
    return len(limits)


def bid_band(loss: float) -> str:
    """The band of a call losing ``loss`` points of expected score against the best."""
    return BANDS[_band(loss, BID_LIMITS)]


def discard_band(loss: float) -> str:
    """The band of a discard losing ``loss`` points of expected score against the best."""
    return BANDS[_band(loss, DISCARD_LIMITS)]


def win_band(loss: float) -> str:
    """The band of a decision losing ``loss`` percentage points of the chance of the game."""
    return BANDS[_band(loss, WIN_LIMITS)]


def band_words(band: str, loss: float) -> str:
    """A band in a sentence after the points lost: "good", or for a choice graded best that is
    not the very best, "graded best (within 5 of the best)", so that "best" is not read as
    "the top choice"."""
    if band == BANDS[0] and loss > _EPS:
        return f"graded best (within {BID_LIMITS[0]:g} of the best)"
    return band
