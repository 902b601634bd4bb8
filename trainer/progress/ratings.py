"""Glicko-2 ratings for learners and puzzles, as Lichess rates puzzles (the `glicko2` package).

An attempt is a game between the learner and the puzzle: solving it is a win for the learner
and a loss for the puzzle. Both ratings move, each against the other's rating before the
attempt (Glickman, "Example of the Glicko-2 system", one attempt per rating period).
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
MIN_DEVIATION = 45.0  # Lichess keeps puzzle deviations from collapsing; so do we.


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` and ``deviation`` in Glicko points, ``volatility``."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def _player(self) -> glicko2.Player:
        return glicko2.Player(rating=self.rating, rd=self.deviation, vol=self.volatility)

    @staticmethod
    def _from(player: glicko2.Player) -> Rating:
        return Rating(float(player.rating), max(MIN_DEVIATION, float(player.rd)),
                      float(player.vol))


def update_pair(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """New ratings of the learner and the puzzle after one attempt.

    ``solved`` True is a win for the learner. Returns ``(learner, puzzle)``; inputs unchanged.
    """
    me, it = learner._player(), puzzle._player()
    me.update_player([puzzle.rating], [puzzle.deviation], [1.0 if solved else 0.0])
    it.update_player([learner.rating], [learner.deviation], [0.0 if solved else 1.0])
    return Rating._from(me), Rating._from(it)


def expected_score(learner: Rating, puzzle: Rating) -> float:
    """Chance the learner solves the puzzle, by the Glicko-2 expectation E (0-1)."""
    me = learner._player()
    scale = 173.7178
    return float(me._E((puzzle.rating - 1500) / scale, me._g(puzzle.deviation / scale)))
