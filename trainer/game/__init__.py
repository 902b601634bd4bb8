"""Whole hands and games: `hand` (one hand, deal to score, and its record) and `game` (hands
to 500 or -500, saved and resumed)."""

from trainer.game.game import Game, hand_seed
from trainer.game.hand import GameHand, HandRecord, Phase

__all__ = ["Game", "GameHand", "HandRecord", "Phase", "hand_seed"]
