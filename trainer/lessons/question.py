"""What a practice question is, and the words every quiz uses (no Streamlit here).

`Question` is one generated question (frozen, so it can be kept and compared); `CardGroup` the
cards drawn with it; `Mastery` a learner's record on one lesson (``MASTERY_STREAK`` right in a
row masters it). The word helpers name cards, seats and suits the same way in every quiz.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.cards import Card, Seat, Suit
from trainer.rules import CardOrder, Play

MASTERY_STREAK = 5
"""Answers right in a row that master a lesson."""

SEAT_NAMES: dict[Seat, str] = {
    Seat.N: "North",
    Seat.NE: "North-east",
    Seat.E: "East",
    Seat.SE: "South-east",
    Seat.S: "South",
    Seat.SW: "South-west",
    Seat.W: "West",
    Seat.NW: "North-west",
}
NO_SUIT = "no suit"


@dataclass(frozen=True)
class CardGroup:
    """Cards shown with a question: a hand (no captions) or a trick (one caption per play).

    A hand is usually drawn sorted (trumps first, highest first); ``keep_order`` asks for the
    cards as given, where sorting would give the answer away (which of these is the highest?).
    """

    label: str
    plays: tuple[Play, ...]
    captions: tuple[str, ...] = ()
    keep_order: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)


@dataclass(frozen=True)
class Question:
    """One practice question: the prompt, the choices, the right answer and why.

    ``order`` is the card order of the hand the question is set in (None for questions about
    the pack); ``subject`` the card asked about, if any; ``cards`` the groups to draw;
    ``topic`` what kind of question it is within its quiz (``in_pack``, ``which_suit``...).
    """

    quiz: str
    seed: int
    prompt: str
    choices: tuple[str, ...]
    answer: str
    explanation: str
    cards: tuple[CardGroup, ...] = ()
    order: CardOrder | None = None
    subject: Card | None = None
    topic: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    """Machine-readable facts behind the question (bid codes, seats, numbers), for tests and
    for the answer record; each a (name, value) pair of strings."""

    def __post_init__(self) -> None:
        if self.answer not in self.choices or len(set(self.choices)) != len(self.choices):
            raise ValueError(f"question {self.quiz}/{self.seed}: the answer must be one choice")

    def is_right(self, choice: str) -> bool:
        return choice == self.answer

    def feedback(self, choice: str) -> str:
        """What the learner reads after choosing: right or wrong, the answer, and why."""
        if self.is_right(choice):
            return f"Right: {self.answer}. {self.explanation}"
        return f"Not quite: you chose {choice}, the answer is {self.answer}. {self.explanation}"

    def fact(self, name: str) -> str:
        """The value of the fact called ``name``; raises KeyError if there is none."""
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(name)

    def group(self, label: str) -> CardGroup:
        """The card group with this label; raises KeyError if there is none."""
        for g in self.cards:
            if g.label == label:
                return g
        raise KeyError(label)


@dataclass(frozen=True)
class Mastery:
    """A learner's record on one lesson's practice: the streak, the best streak, the totals."""

    streak: int = 0
    best: int = 0
    answered: int = 0
    right: int = 0

    def record(self, correct: bool) -> Mastery:
        streak = self.streak + 1 if correct else 0
        return replace(
            self,
            streak=streak,
            best=max(self.best, streak),
            answered=self.answered + 1,
            right=self.right + int(correct),
        )

    @property
    def mastered(self) -> bool:
        """True once the learner has answered `MASTERY_STREAK` right in a row (it stays)."""
        return self.best >= MASTERY_STREAK


# --- words (shared by every quiz) -----------------------------------------------------------------


def card_name(card: Card) -> str:
    """Short name for explanations: ``J♦``, ``10♥``, ``the joker``."""
    return "the joker" if card.is_joker else card.pretty


def play_name(play: Play) -> str:
    """A play's name: the card's, or ``the joker (named as hearts)`` for a led free joker."""
    if play.named is not None:
        return f"the joker (named as {play.named.noun})"
    return card_name(play.card)


def cap(text: str) -> str:
    """The text with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def suit_one(suit: Suit) -> str:
    """``"heart"``: one card of the suit."""
    return suit.noun[:-1]


def contract_words(order: CardOrder) -> str:
    """``"Hearts are trumps"`` or ``"No trumps"``."""
    if order.trump is None:
        return "No trumps"
    return f"{order.trump.noun.capitalize()} are trumps"


def names(cards: Sequence[Card]) -> str:
    """Card names joined in words: ``"J♦, 10♥ and the joker"``."""
    return names_list([card_name(c) for c in cards])


def names_list(words: Sequence[str], joiner: str = "and") -> str:
    """Words joined in English: ``"a"``, ``"a and b"``, ``"a, b and c"`` (``joiner="or"``:
    ``"a, b or c"``)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]
