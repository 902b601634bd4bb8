"""The Five Hundred trainer: rules engine, double-dummy solver, puzzles and lessons."""

__version__ = "0.1.0"
