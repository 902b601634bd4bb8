"""The puzzle banks as the app sees them: loaded once per file version, filtered by theme,
rating (and, for play puzzles, contract type and side), with words for the theme tags.

One bank per kind (`KINDS`): ``puzzles/play.jsonl.gz``, ``puzzles/bid.jsonl.gz`` and
``puzzles/discard.jsonl.gz`` (compressed JSON Lines) at the project root;
``$TRAINER_PUZZLES`` overrides the play bank, ``$TRAINER_BID_PUZZLES`` and
``$TRAINER_DISCARD_PUZZLES`` the others (plain ``.jsonl`` files are read too). Whatever a file
holds is loaded; a missing or unreadable file gives an empty bank and a message.
"""

from __future__ import annotations

import functools
import gc
import logging
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from trainer.errors import TrainerError
from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.records import PlayPuzzle, gc_paused, load_play_puzzles, read_jsonl
from trainer.rules import PRESETS, RuleSet
from trainer.ui.data.puzzle_choice import P, RatedPuzzle

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_BANK = ROOT / "puzzles" / "play.jsonl.gz"
KINDS = ("play", "bid", "discard")
ENV = {"play": "TRAINER_PUZZLES", "bid": "TRAINER_BID_PUZZLES",
       "discard": "TRAINER_DISCARD_PUZZLES"}


def load_bid_puzzles(path: str | Path, lazy: bool = False) -> list[BidPuzzle]:
    """The bidding puzzles of a bank file; ``lazy``: each read with `BidPuzzle.lazy`."""
    read = BidPuzzle.lazy if lazy else BidPuzzle.from_json
    with gc_paused():
        return [read(obj) for obj in read_jsonl(path)]


def load_discard_puzzles(path: str | Path, lazy: bool = False) -> list[DiscardPuzzle]:
    """The discard puzzles of a bank file (cheap to read: ``lazy`` changes nothing)."""
    del lazy
    with gc_paused():
        return [DiscardPuzzle.from_json(obj) for obj in read_jsonl(path)]


LOADERS: dict[str, Callable[..., Sequence[Any]]] = {
    "play": load_play_puzzles, "bid": load_bid_puzzles, "discard": load_discard_puzzles}
"""Each kind's bank reader: ``(path, lazy=False)``; the app reads lazily (`LazyRecord`)."""
READERS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "play": PlayPuzzle.from_json, "bid": BidPuzzle.from_json, "discard": DiscardPuzzle.from_json}
"""One record (its JSON) of each kind read as a puzzle; a bad one raises `TrainerError`."""

CONTRACT_TYPES = {
    "suit": "Suit contract",
    "no_trumps": "No trumps",
    "misere": "Misère",
    "open_misere": "Open misère",
}
SIDES = {"declarer": "Declarer", "defence": "Defence"}
PERSONAL_THEME = "from_your_games"
"""The tag of a learner's personal puzzles (from the reviews of their games)."""
MADE_THEME = "made_for_you"
"""The tag of the puzzles made on demand when a learner's filters left none unplayed."""
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
    "from_your_games": "From your games",
    "made_for_you": "Made for you",
    # bidding puzzles
    "opening": "Opening the bidding",
    "partner": "Partner has bid",
    "competition": "Opponents have bid",
    "pass": "Passing",
    "raise": "Raising partner",
    "jump": "Jump bid",
    "slam": "Ten-trick bid",
    # discard puzzles
    "suit": "Suit contract",
    "void": "Making a void",
    "discard_trump": "Discarding a trump",
    "discard_ace": "Discarding an ace",
    "keep_length": "Keeping a long suit",
    "policy_trap": "Rule of thumb fails",
}
DESCRIPTIVE = {*CONTRACT_TYPES, *SIDES}
"""Tags that repeat the contract type or side (filtered separately, not offered as themes)."""


def theme_words(theme: str) -> str:
    """A theme tag in words (``"left_bower"`` -> ``"Left bower"``)."""
    return THEME_WORDS.get(theme) or CONTRACT_TYPES.get(theme) or SIDES.get(theme) or (
        theme.replace("_", " ").capitalize())


def bank_path(kind: str = "play") -> Path:
    """The bank file of ``kind``: its environment variable (`ENV`) or
    ``puzzles/<kind>.jsonl.gz``."""
    env = os.environ.get(ENV[kind])
    return Path(env) if env else ROOT / "puzzles" / f"{kind}.jsonl.gz"


@st.cache_resource(show_spinner=False, max_entries=8)
def _load(path: str, stamp: float, kind: str = "play") -> tuple[Any, ...]:
    del stamp  # part of the cache key only: a rewritten bank is read again
    puzzles = tuple(LOADERS[kind](path, lazy=True))
    # The bank lives as long as the server: keep the collector's full passes off its million
    # objects (each pass over a 1,000-puzzle bidding bank took half a second).
    gc.freeze()
    return puzzles


@dataclass(frozen=True)
class Bank(Generic[P]):
    """The puzzles, or an empty bank with the reason it is empty; ``hidden``: theme tags not
    offered as themes (play puzzles' contract types and sides, filtered separately);
    ``unfit``: how many were left out for not fitting the rules in use."""

    puzzles: tuple[P, ...]
    problem: str | None = None
    hidden: frozenset[str] = frozenset()
    unfit: int = 0
    """Puzzles left out because they do not fit the learner's rules (`for_rules`)."""

    def by_id(self, puzzle_id: str | None) -> P | None:
        return next((p for p in self.puzzles if p.id == puzzle_id), None)

    def themes(self) -> list[str]:
        """Theme tags in the bank (``hidden`` ones left out), most common first."""
        counts: dict[str, int] = {}
        for puzzle in self.puzzles:
            for theme in puzzle.themes:
                if theme not in self.hidden:
                    counts[theme] = counts.get(theme, 0) + 1
        return sorted(counts, key=lambda t: (-counts[t], t))

    def rating_range(self, ratings: Mapping[str, float] | None = None) -> tuple[int, int]:
        """The lowest and highest rating, rounded out to hundreds (at least a hundred apart, so
        a bank of one puzzle on a round rating still has a range): each puzzle's current one
        from ``ratings`` (by id) when it has moved, else its record's."""
        if not self.puzzles:
            return 800, 2400
        moved = ratings or {}
        values = [moved.get(p.id, p.rating) for p in self.puzzles]
        low = int(min(values) // 100 * 100)
        return low, max(low + 100, int(-(-max(values) // 100) * 100))


@functools.cache  # once per server (two first calls at once would only read twice)
def start_reading() -> None:
    """Read the three banks into the cache in the background, once per server (the router
    calls it on every run), so the first learner to open a puzzle page does not wait for it."""
    threading.Thread(target=_read_all, name="bank-reading", daemon=True).start()


class _QuietReading(logging.Filter):
    """Streamlit warns of a cache used outside a page's script ("missing ScriptRunContext"):
    expected of the background reading, so not logged for it."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.threadName != "bank-reading"


def _read_all() -> None:
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
        _QuietReading())
    for kind in KINDS:
        load_bank(kind=kind)  # a bank that cannot be read says so when its page opens


def load_bank(path: Path | None = None, kind: str = "play") -> Bank[Any]:
    """The bank of ``kind`` at ``path`` (default `bank_path`), cached until the file changes;
    its records are read lazily (`trainer.generate.records.LazyRecord`), so a bad position
    shows when that puzzle is opened."""
    path = path or bank_path(kind)
    hidden = frozenset(DESCRIPTIVE) if kind == "play" else frozenset()
    try:
        stamp = path.stat().st_mtime
        if get_script_run_ctx() is None:  # the background reading (`start_reading`)
            return Bank(_load(str(path), stamp, kind), hidden=hidden)
        with st.spinner("Loading the puzzle bank…", show_time=True):
            return Bank(_load(str(path), stamp, kind), hidden=hidden)
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

    def accepts(self, puzzle: RatedPuzzle, rating: float | None = None) -> bool:
        """True when the puzzle has every chosen theme and matches the other choices (contract
        types and sides are asked of play puzzles only); ``rating``: the puzzle's current
        rating, if not its record's."""
        if self.themes and not self.themes <= set(puzzle.themes):
            return False
        if self.contract_types and getattr(puzzle, "contract_type", None) not in (
                self.contract_types):
            return False
        if self.sides and getattr(puzzle, "side", None) not in self.sides:
            return False
        if self.rating is not None:
            low, high = self.rating
            if not low <= (puzzle.rating if rating is None else rating) <= high:
                return False
        return True


def matching(puzzles: Iterable[P], wanted: PuzzleFilter,
             ratings: Mapping[str, float] | None = None) -> list[P]:
    """The puzzles ``wanted`` accepts, in bank order; ``ratings``: current ratings by id for
    those whose rating has moved from their record's."""
    ratings = ratings or {}
    return [p for p in puzzles if wanted.accepts(p, ratings.get(p.id))]


# --- the rules a puzzle needs ------------------------------------------------------------------

PACK_OPTIONS = ("players", "deck", "six_player_teams")
JOKER_OPTIONS = ("joker_lead",)
"""With ``joker_low_in_misere`` and `PACK_OPTIONS`, the options that change the play of a
position (the others are about bidding, scoring or winning, which a play puzzle never
reaches)."""
MISERE_TYPES = frozenset({"misere", "open_misere"})


def puzzle_rules(puzzle: object) -> RuleSet:
    """The rules a puzzle record was made under (the Australian preset when it names none)."""
    if isinstance(puzzle, PlayPuzzle):
        return puzzle.needs.rules
    if isinstance(puzzle, BidPuzzle):
        return puzzle.rules
    rules = getattr(puzzle, "rules", None)
    return rules if isinstance(rules, RuleSet) else PRESETS["australian"]


def play_options(puzzle: PlayPuzzle) -> tuple[str, ...]:
    """The options that can change a play puzzle's answers: the pack's always; the joker's at
    no trumps and misère only while a free joker is still held (RULES.md §5:
    ``joker_low_in_misere`` in misère only); in a suit contract the joker is a trump and none
    of them applies."""
    needs = puzzle.needs
    if needs.nominated:  # nominated before the first lead: allowed or not
        return (*PACK_OPTIONS, "nominate_joker")
    if not needs.free_joker:
        return PACK_OPTIONS
    misere = ("joker_low_in_misere",) if needs.misere else ()
    return PACK_OPTIONS + JOKER_OPTIONS + misere


def fits_rules(puzzle: object, rules: RuleSet) -> bool:
    """True when ``puzzle`` is right under ``rules``: a play puzzle needs the options that
    can change its play (`play_options`), and misère allowed for a misère; a bidding or
    discard puzzle needs the very same rules (every bidding and scoring option moves its
    answer), but for a discard (a suit or no-trump contract) ``joker_low_in_misere``."""
    own = puzzle_rules(puzzle)
    if isinstance(puzzle, PlayPuzzle):
        if puzzle.contract_type in MISERE_TYPES and not rules.misere_allowed:
            return False
        if puzzle.contract_type == "open_misere" and not rules.open_misere_allowed:
            return False
        return all(getattr(own, name) == getattr(rules, name) for name in play_options(puzzle))
    if isinstance(puzzle, DiscardPuzzle):
        # a suit or no-trump contract: how the joker ranks in misère cannot touch it
        return replace(own, joker_low_in_misere=rules.joker_low_in_misere) == rules
    return own == rules


def for_rules(bank: Bank[P], rules: RuleSet) -> Bank[P]:
    """``bank`` with only the puzzles that fit ``rules`` (`fits_rules`); ``unfit`` counts the
    others."""
    kept = tuple(p for p in bank.puzzles if fits_rules(p, rules))
    return replace(bank, puzzles=kept, unfit=len(bank.puzzles) - len(kept))


def puzzle_label(puzzle: PlayPuzzle) -> str:
    """A line for the picker: title, side, record rating and id (titles repeat; Streamlit's
    selectbox needs distinct labels)."""
    side = SIDES.get(puzzle.side, puzzle.side).lower()
    return f"{puzzle.title} · {side} · {puzzle.rating:.0f} · {puzzle.id}"


def themes_text(themes: Sequence[str], hidden: Iterable[str] = DESCRIPTIVE) -> str:
    """The puzzle's themes in words, joined (``hidden`` tags left out: by default the play
    puzzles' contract type and side)."""
    left_out = set(hidden)
    return ", ".join(theme_words(t) for t in themes if t not in left_out)
