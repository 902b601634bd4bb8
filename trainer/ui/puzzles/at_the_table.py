"""What the At the table page shows and how it grades, without Streamlit: the bank, the view
the learner has (own cards, the auction, the cards played, the declarer's own discard, a
nominated joker; never another hand before the answer), and the verdict in the game's words.

A card is graded by the record's counts (`trainer.generate.records_table`): on how many of
the graded layouts that fit the learner's view the side then reaches its goal. The page shows
the layout of the record (one on which the tempting card fails and the right one succeeds)
only once a card is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from trainer.cards import Card, Seat
from trainer.generate.explain import play_text, seat_name
from trainer.generate.records_table import DEFAULT_BANK, TablePuzzle, load_table_puzzles
from trainer.play import PlayState
from trainer.rules import Play

ROOT = Path(__file__).resolve().parents[3]
CONTRACT_WORDS = {"suit": "a trump suit", "no_trumps": "no trumps", "misere": "misère",
                  "open_misere": "open misère"}
SIDE_WORDS = {"declarer": "declaring", "defence": "defending"}


@lru_cache(maxsize=2)
def table_bank(path: str | None = None) -> tuple[TablePuzzle, ...]:
    """The shipped at-the-table puzzles (``puzzles/table.jsonl.gz``), easiest first; () when
    the bank is missing."""
    file = Path(path) if path else ROOT / DEFAULT_BANK
    if not file.exists():
        return ()
    return tuple(sorted(load_table_puzzles(file), key=lambda p: (p.rating, p.id)))


def find(puzzles: Sequence[TablePuzzle], puzzle_id: str) -> TablePuzzle | None:
    return next((p for p in puzzles if p.id == puzzle_id), None)


def matching(puzzles: Sequence[TablePuzzle], types: Sequence[str],
             sides: Sequence[str]) -> list[TablePuzzle]:
    """The puzzles of the chosen kinds of contract and sides (all of them when none chosen)."""
    return [p for p in puzzles if (not types or p.contract_type in types)
            and (not sides or p.side in sides)]


@dataclass(frozen=True)
class View:
    """What the learner sees at the table: ``hand`` (own cards), ``legal`` (the plays allowed
    now), the ``trick`` so far with its seats, the finished tricks (``state`` holds them: only
    their cards are shown), ``discard`` (the declarer's own, or ()), the nominated joker suit
    (words, or None), and an open misère declarer's hand when it is face up."""

    state: PlayState
    learner: Seat
    hand: tuple[Card, ...]
    legal: tuple[Play, ...]
    discard: tuple[Card, ...]
    nominated: str | None
    exposed: tuple[Card, ...]


def view_of(puzzle: TablePuzzle) -> View:
    """The learner's view of ``puzzle`` (no other hand, but a face-up open misère hand)."""
    state = puzzle.position.to_state()
    seat = puzzle.learner
    exposed: tuple[Card, ...] = ()
    if state.declarer_exposed and state.declarer is not seat:
        exposed = tuple(state.hands[state.declarer])
    named = state.joker_suit
    return View(state, seat, tuple(state.hands[seat]), tuple(state.legal_plays()),
                puzzle.discard, None if named is None else named.symbol, exposed)


def reach_phrase(puzzle: TablePuzzle) -> str:
    """``makes the contract`` / ``beats the contract`` / ``makes the misère`` / ``beats the
    misère``, for the learner's side."""
    what = "the misère" if puzzle.position.contract.misere else "the contract"
    return f"{'makes' if puzzle.side == 'declarer' else 'beats'} {what}"


def percent(share: float) -> str:
    return f"{round(100 * share)}%"


@dataclass(frozen=True)
class TableGrade:
    """The verdict on one card: ``right`` (it is one of the best choices), its share of the
    layouts and the best card's, and the sentence for the page."""

    play: Play
    right: bool
    share: float
    best_share: float
    text: str


def grade_card(puzzle: TablePuzzle, play: Play) -> TableGrade:
    """The learner's ``play`` graded by the record's counts. Raises `KeyError` for a play
    that is not legal in the puzzle."""
    share, best = puzzle.share(play), puzzle.best_share
    right = play in puzzle.right
    n = puzzle.layouts
    reach = reach_phrase(puzzle)
    if right:
        text = (f"Right: {play_text(play)} {reach} on {percent(share)} of the {n} layouts that "
                f"fit what you have seen, the best chance of any card.")
    else:
        best_card = " or ".join(play_text(p) for p in puzzle.right)
        text = (f"This card {reach} on {percent(share)} of the {n} layouts that fit what you "
                f"have seen; the best card, {best_card}, {reach} on {percent(best)}.")
    return TableGrade(play, right, share, best, text)


BEST_TAG = "best"
THUMB_TAG = "rule of thumb's card"
NEXT_TAG = "next best"
TAGS_KEY = (f"{BEST_TAG.capitalize()}: the card with the best chance. "
            f"{THUMB_TAG.capitalize()}: the card a player going by the usual rules of thumb "
            f"picks here. {NEXT_TAG.capitalize()}: when the rules of thumb find the best card, "
            "the card with the next best chance.")
"""The line under the chances table saying what its tags mean (`shares_rows`)."""


def tempting_tag(puzzle: TablePuzzle) -> str:
    """What the record's tempting card is, in words: the rules of thumb's card, or the next
    best card when the rules of thumb solve the puzzle (``easy_solves``,
    `trainer.generate.table_puzzles` step 4)."""
    return NEXT_TAG if puzzle.easy_solves else THUMB_TAG


def shares_rows(puzzle: TablePuzzle) -> list[dict[str, str]]:
    """Every legal card's chance, best first, as table rows; the best cards and the tempting
    one tagged (`TAGS_KEY` says what the tags mean)."""
    tag = tempting_tag(puzzle)
    return [{"Card": play_text(c.play), "Layouts": f"{c.made} of {puzzle.layouts}",
             "Chance": percent(c.made / puzzle.layouts),
             "": BEST_TAG if c.right else (tag if c.play == puzzle.tempting else "")}
            for c in puzzle.cards]


def label(puzzle: TablePuzzle) -> str:
    """A puzzle's line under the buttons: contract, side and tricks left, nothing of the
    answer (its rating is on the rating line below it)."""
    c = puzzle.position.contract
    return (f"{c.pretty}, {SIDE_WORDS[puzzle.side]}, {puzzle.position.to_state().tricks_left} "
            "tricks left")


def heading(puzzle: TablePuzzle) -> str:
    """The puzzle's goal as a sentence, from the record's title (``At the table: <goal>``,
    `trainer.generate.table_puzzles.goal_words`): ``Misère at the table: take none of the
    last 3 tricks``, ``Beat 7♠: take 1 of the last 5 tricks``, ``Make 8♥: win all of the last
    6 tricks``. A title of another shape is shown as it is."""
    goal = puzzle.title.removeprefix("At the table: ")
    head, sep, rest = goal.partition(": ")
    if not sep:
        return puzzle.title
    if rest[-1:].isdigit():
        rest += " tricks"
    if head.endswith("misère") and not head.startswith("beat"):
        return f"{head[:1].upper()}{head[1:]} at the table: {rest}"
    return f"{head[:1].upper()}{head[1:]}: {rest}"


def seat_words(seat: Seat, learner: Seat) -> str:
    return "you" if seat is learner else seat_name(seat)


KIND_STORED = "table"
"""The kind an at-the-table attempt is stored under (the Progress page shows it as "at the
table", `trainer.ui.data.progress_data.KIND_WORDS`)."""


def solved(puzzle: TablePuzzle, play: Play) -> bool:
    """A card solves the puzzle when it is one of the right cards (the best chance)."""
    return play in puzzle.right


def attempt_detail(puzzle: TablePuzzle, play: Play) -> dict[str, object]:
    """What the store keeps of an answer: the card, its chance and the best card's (0-1, over
    the record's layouts), the right cards, the title."""
    return {"play": play.code, "share": round(puzzle.share(play), 4),
            "best_share": round(puzzle.best_share, 4), "right": [p.code for p in puzzle.right],
            "layouts": puzzle.layouts, "title": puzzle.title}


@dataclass(frozen=True)
class Choosable:
    """An at-the-table puzzle as `trainer.ui.data.puzzle_choice.next_puzzle` sees it: its
    themes are the record's and its kind of contract (``misere``, ``no_trumps``...), so that a
    misère or no-trumps puzzle waits for its rules lessons as the Play page's do."""

    id: str
    themes: tuple[str, ...]
    rating: float
    rating_deviation: float

    @classmethod
    def of(cls, puzzle: TablePuzzle) -> Choosable:
        return cls(puzzle.id, (*puzzle.themes, puzzle.contract_type), puzzle.rating,
                   puzzle.rating_deviation)
