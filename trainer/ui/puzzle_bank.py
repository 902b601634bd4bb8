"""The play-puzzle bank as the app sees it: loaded once per file version, filtered by theme,
contract type, side and rating, with words for the theme tags.

The bank is ``puzzles/play.jsonl`` at the project root (``$TRAINER_PUZZLES`` overrides it).
Whatever it holds is loaded; a missing or unreadable file gives an empty bank and a message.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from trainer.errors import TrainerError
from trainer.generate.records import PlayPuzzle, load_play_puzzles

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_BANK = ROOT / "puzzles" / "play.jsonl"

CONTRACT_TYPES = {
    "suit": "Suit contract",
    "no_trumps": "No trumps",
    "misere": "Misère",
    "open_misere": "Open misère",
}
SIDES = {"declarer": "Declarer", "defence": "Defence"}
THEME_WORDS = {
    "joker_timing": "Joker timing",
    "left_bower": "Left bower",
    "drawing_trumps": "Drawing trumps",
    "ruff": "Ruffing",
    "throw_in": "Throw-in (endplay)",
    "unblock": "Unblocking",
    "entry": "Entries",
    "joker_nomination": "Naming the joker's suit",
    "short": "Short (2-3 tricks)",
    "long": "Long (4-6 tricks)",
    "one_decision": "One decision",
}
DESCRIPTIVE = {*CONTRACT_TYPES, *SIDES}
"""Tags that repeat the contract type or side (filtered separately, not offered as themes)."""


def theme_words(theme: str) -> str:
    """A theme tag in words (``"left_bower"`` -> ``"Left bower"``)."""
    return THEME_WORDS.get(theme) or CONTRACT_TYPES.get(theme) or SIDES.get(theme) or (
        theme.replace("_", " ").capitalize())


def bank_path() -> Path:
    """The bank file: ``$TRAINER_PUZZLES`` or ``puzzles/play.jsonl``."""
    env = os.environ.get("TRAINER_PUZZLES")
    return Path(env) if env else DEFAULT_BANK


@st.cache_resource(show_spinner="Loading the puzzle bank…", max_entries=4)
def _load(path: str, stamp: float) -> tuple[PlayPuzzle, ...]:
    del stamp  # part of the cache key only: a rewritten bank is read again
    return tuple(load_play_puzzles(path))


@dataclass(frozen=True)
class Bank:
    """The puzzles, or an empty bank with the reason it is empty."""

    puzzles: tuple[PlayPuzzle, ...]
    problem: str | None = None

    def by_id(self, puzzle_id: str | None) -> PlayPuzzle | None:
        return next((p for p in self.puzzles if p.id == puzzle_id), None)

    def themes(self) -> list[str]:
        """Theme tags in the bank (contract types and sides left out), most common first."""
        counts: dict[str, int] = {}
        for puzzle in self.puzzles:
            for theme in puzzle.themes:
                if theme not in DESCRIPTIVE:
                    counts[theme] = counts.get(theme, 0) + 1
        return sorted(counts, key=lambda t: (-counts[t], t))

    def rating_range(self) -> tuple[int, int]:
        """The lowest and highest record rating, rounded out to hundreds."""
        if not self.puzzles:
            return 800, 2400
        low = min(p.rating for p in self.puzzles)
        high = max(p.rating for p in self.puzzles)
        return int(low // 100 * 100), int(-(-high // 100) * 100)


def load_bank(path: Path | None = None) -> Bank:
    """The bank at ``path`` (default `bank_path`), cached until the file changes."""
    path = path or bank_path()
    try:
        stamp = path.stat().st_mtime
        return Bank(_load(str(path), stamp))
    except FileNotFoundError:
        return Bank((), f"No puzzle bank at {path}: run `python -m trainer generate` first.")
    except (OSError, TrainerError) as e:
        return Bank((), f"The puzzle bank could not be read: {e}")


@dataclass(frozen=True)
class PuzzleFilter:
    """What the learner asked for; empty collections mean "any"."""

    themes: frozenset[str] = field(default_factory=frozenset)
    contract_types: frozenset[str] = field(default_factory=frozenset)
    sides: frozenset[str] = field(default_factory=frozenset)
    rating: tuple[float, float] | None = None

    def accepts(self, puzzle: PlayPuzzle) -> bool:
        """True when the puzzle has every chosen theme and matches the other choices."""
        if self.themes and not self.themes <= set(puzzle.themes):
            return False
        if self.contract_types and puzzle.contract_type not in self.contract_types:
            return False
        if self.sides and puzzle.side not in self.sides:
            return False
        if self.rating is not None:
            low, high = self.rating
            if not low <= puzzle.rating <= high:
                return False
        return True


def matching(puzzles: Iterable[PlayPuzzle], wanted: PuzzleFilter) -> list[PlayPuzzle]:
    """The puzzles ``wanted`` accepts, in bank order."""
    return [p for p in puzzles if wanted.accepts(p)]


def puzzle_label(puzzle: PlayPuzzle) -> str:
    """A line for the picker: title, side, record rating and id (titles repeat; Streamlit's
    selectbox needs distinct labels)."""
    side = SIDES.get(puzzle.side, puzzle.side).lower()
    return f"{puzzle.title} · {side} · {puzzle.rating:.0f} · {puzzle.id}"


def themes_text(themes: Sequence[str]) -> str:
    """The puzzle's themes in words, joined (contract type and side left out)."""
    return ", ".join(theme_words(t) for t in themes if t not in DESCRIPTIVE)
