"""Words for lines of play: trick by trick, naming the cards and what happened in each trick.

Used for the refutation of a wrong card and for the right card's line ("the K♥ lets West's J♦,
the left bower, ruff the third round").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.cards import Card, Rank, Seat
from trainer.lessons.question import SEAT_NAMES
from trainer.play import PlayState
from trainer.rules import CardOrder, Play


def seat_name(seat: Seat) -> str:
    return SEAT_NAMES[seat]


def play_text(play: Play) -> str:
    """``J♦``, ``10♥``, ``the joker``, ``the joker (named ♥)``: a play in a sentence."""
    if play.card.is_joker:
        return f"the joker (named {play.named.symbol})" if play.named else "the joker"
    return play.card.pretty


def label_text(play: Play) -> str:
    """``J♦``, ``Joker``, ``Joker (named ♥)``: a play on its own (a label, a table cell)."""
    text = play_text(play)
    return text.replace("the joker", "Joker", 1) if play.card.is_joker else text


def card_role(card: Card, order: CardOrder) -> str | None:
    """``"the left bower"``, ``"the right bower"`` or None."""
    if order.trump is None or card.rank is not Rank.JACK:
        return None
    if card.suit is order.trump:
        return "the right bower"
    if card.suit is order.trump.same_colour:
        return "the left bower"
    return None


@dataclass(frozen=True)
class TrickStory:
    """One trick of a line: who played what, who won, and the notable event in words."""

    number: int
    seats: tuple[Seat, ...]
    plays: tuple[Play, ...]
    winner: Seat | None
    event: str
    complete: bool

    @property
    def text(self) -> str:
        cards = ", ".join(f"{seat_name(s)} {play_text(p)}" for s, p in zip(self.seats,
                                                                           self.plays,
                                                                           strict=True))
        head = f"Trick {self.number}: {cards}"
        if not self.complete:
            return head + " …"
        return f"{head} — {self.event}."


def _event(seats: Sequence[Seat], plays: Sequence[Play], win: int, order: CardOrder) -> str:
    winner, card = seats[win], plays[win].card
    led = order.play_suit(plays[0])
    who = seat_name(winner)
    role = card_role(card, order)
    if card.is_joker and order.free_joker and not order.joker_low:
        return f"{who} wins with the joker"
    if order.trump is not None and order.is_trump(card) and led is not order.trump:
        what = role or (play_text(plays[win]) if not card.is_joker else "the joker")
        return f"{who} ruffs with {what} and wins"
    what = role or play_text(plays[win])
    return f"{who} wins with {what}"


def tell_line(state: PlayState, line: Sequence[Play]) -> list[TrickStory]:
    """The tricks of ``line`` played from ``state`` (which is left unchanged)."""
    work = state.copy()
    stories: list[TrickStory] = []
    number = len(work.history) + 1
    seats: list[Seat] = list(work.trick_seats())
    plays: list[Play] = list(work.trick)
    for play in line:
        seat = work.to_play
        assert seat is not None
        done = work.push(play)
        seats.append(seat)
        plays.append(play)
        if done is not None:
            win = work.order.trick_winner(done.plays)
            stories.append(TrickStory(number, tuple(seats), tuple(plays), done.seats[win],
                                      _event(seats, plays, win, work.order), True))
            number += 1
            seats, plays = [], []
    if plays:
        stories.append(TrickStory(number, tuple(seats), tuple(plays), None, "", False))
    return stories


def tricks_phrase(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")
