"""Reviewing played hands: `grade` (every decision of a seat graded, as Lichess's game review)
and `puzzles` (a costly card becomes a personal puzzle)."""
