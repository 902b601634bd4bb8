"""A worked example of a strategy lesson, drawn from a puzzle of the banks (no Streamlit state).

`example_html` draws the puzzle's position as one HTML string: a play puzzle's table
(`board_html` with the learner's seat at the bottom, ``live=False``: nothing is waiting for a
click), a bid puzzle's hand (`hand_html`) and a discard puzzle's thirteen cards. `example_lines`
says in words what the picture cannot: the contract and goal, or the seat and the calls so far.
Shapes: the puzzles of `trainer.generate.records.PlayPuzzle`,
`trainer.generate.bid_puzzles.BidPuzzle` and `trainer.generate.discard_puzzles.DiscardPuzzle`
(docs/DESIGN.md, puzzle records).
"""

from __future__ import annotations

from typing import Any

from trainer.cards import Seat, Suit, sort_key
from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.explain import seat_name
from trainer.generate.records import PlayPuzzle
from trainer.rules import CardOrder
from trainer.ui.widgets.auction import call_text
from trainer.ui.widgets.board import board_html
from trainer.ui.widgets.cards import hand_html

HAND_WIDTH = 56
"""Width of a card in a bid or discard example: ten cards fit on one line of the lesson."""


def example_html(puzzle: Any, trump: Suit | None = None) -> str:
    """The puzzle's position as HTML: the table, or the learner's hand (a bid puzzle's hand
    sorted and its trumps ringed as they rank with ``trump``, when given). Raises `TypeError`
    for an object that is not one of the three puzzle records."""
    if isinstance(puzzle, PlayPuzzle):
        return board_html(puzzle.position.to_state(), puzzle.learner, live=False)
    if isinstance(puzzle, BidPuzzle):
        order = CardOrder(trump=trump) if trump is not None else None
        cards = sorted(puzzle.analysis.hand, key=order.display_key if order else sort_key)
        return hand_html(cards, order, label="your hand", width=HAND_WIDTH,
                         mark_trumps=order is not None)
    if isinstance(puzzle, DiscardPuzzle):
        a = puzzle.analysis
        order = CardOrder(trump=a.contract.trump) if a.contract.trump is not None else None
        cards = sorted(a.hand, key=order.display_key) if order is not None else a.hand
        return hand_html(cards, order, label="your hand and the kitty", width=HAND_WIDTH,
                         mark_trumps=True)
    raise TypeError(f"not a puzzle record: {type(puzzle).__name__}")


def calls_words(dealer: Seat, seats: tuple[Seat, ...], calls: tuple[str, ...]) -> str:
    """The calls so far in words, from the dealer's left: ``"East Pass, South 6♠"``."""
    if not calls:
        return "no calls yet"
    at = seats.index(dealer)
    return ", ".join(f"{seat_name(seats[(at + 1 + i) % len(seats)])} {call_text(c)}"
                     for i, c in enumerate(calls))


def example_lines(puzzle: Any) -> str:
    """What the position is, in words (Markdown): the puzzle's title (the goal), or for a bid
    puzzle your seat, the dealer and the calls so far."""
    if isinstance(puzzle, BidPuzzle):
        a = puzzle.analysis
        return (f"You are **{seat_name(a.seat)}**, {seat_name(a.dealer)} dealt; the bidding so "
                f"far: {calls_words(a.dealer, a.rules.seats, a.auction)}. Your call?")
    return f"**{puzzle.title}**"
