"""What a practice question is, and the words every quiz uses (no Streamlit here).

`Question` is one generated question (frozen, so it can be kept and compared); `CardGroup` the
cards drawn with it. A question has a ``kind`` (what its generator asked: ``in_pack``,
``which_suit``...) and a ``topic``: each lesson groups its kinds into a few topics
(`trainer.lessons.registry.TOPICS`), and `Mastery` (a learner's record on one lesson) asks for
every topic: a lesson is mastered once each of its topics is (`Topic.need` right, the last
answer of the topic right), not after a streak over a random mix. Mastery stays once earned;
a mastered lesson comes back for review (`trainer.progress.review`). The word helpers name
cards, seats and suits the same way in every lesson.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.cards import Card, Seat, Suit
from trainer.rules import CardOrder, Play

TOPIC_RIGHT = 2
"""Right answers a topic needs (its last answer right too), by default (`Topic.need`)."""

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
    ``plain`` asks for the cards drawn as plain cards, without the trump ring and the role words
    (right bower, trump) of their labels, where those would give the answer away (which suit
    does J♣ belong to?).
    """

    label: str
    plays: tuple[Play, ...]
    captions: tuple[str, ...] = ()
    keep_order: bool = False
    plain: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)


@dataclass(frozen=True)
class Question:
    """One practice question: the prompt, the choices, the right answer and why.

    ``order`` is the card order of the hand the question is set in (None for questions about
    the pack); ``subject`` the card asked about, if any; ``cards`` the groups to draw;
    ``kind`` what kind of question it is within its quiz (``in_pack``, ``which_suit``...);
    ``topic`` the lesson topic that kind belongs to (set by
    `trainer.lessons.registry.make_question`; "" from a generator called directly).
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
    kind: str = ""
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
class Topic:
    """One topic of a lesson: its name (stored with each answer), its title for the learner,
    the question kinds it groups (empty: every kind no other topic of the lesson names), and
    the right answers it needs."""

    name: str
    title: str
    kinds: tuple[str, ...] = ()
    need: int = TOPIC_RIGHT


@dataclass(frozen=True)
class TopicRecord:
    """A learner's answers on one topic: how many, how many right, whether the last was."""

    answered: int = 0
    right: int = 0
    last_right: bool = False

    def record(self, correct: bool) -> TopicRecord:
        return TopicRecord(self.answered + 1, self.right + int(correct), correct)

    def done(self, topic: Topic) -> bool:
        """True when the topic is mastered: ``topic.need`` right, and the last answer right."""
        return self.right >= topic.need and self.last_right


@dataclass(frozen=True)
class Mastery:
    """A learner's record on one lesson's practice: the totals, the current run of right
    answers, each topic's record (``topics``: (topic name, record) pairs) and ``earned``: the
    lesson was mastered (it stays mastered after a wrong answer)."""

    streak: int = 0
    answered: int = 0
    right: int = 0
    topics: tuple[tuple[str, TopicRecord], ...] = ()
    earned: bool = False

    def topic(self, name: str) -> TopicRecord:
        """The record on topic ``name`` (empty when never answered)."""
        return dict(self.topics).get(name, TopicRecord())

    def missing(self, lesson_topics: Sequence[Topic]) -> list[Topic]:
        """The lesson's topics not yet mastered, in the lesson's order."""
        return [t for t in lesson_topics if not self.topic(t.name).done(t)]

    def record(self, correct: bool, topic: str = "",
               lesson_topics: Sequence[Topic] = ()) -> Mastery:
        """The record after one answer on ``topic``; mastered once no topic of
        ``lesson_topics`` is missing (with no topics given, mastery is left as it is)."""
        by_name = dict(self.topics)
        if topic:
            by_name[topic] = by_name.get(topic, TopicRecord()).record(correct)
        after = replace(
            self,
            streak=self.streak + 1 if correct else 0,
            answered=self.answered + 1,
            right=self.right + int(correct),
            topics=tuple(sorted(by_name.items())),
        )
        if lesson_topics and not after.missing(lesson_topics):
            after = replace(after, earned=True)
        return after

    @property
    def mastered(self) -> bool:
        """True once every topic of the lesson was mastered (it stays)."""
        return self.earned


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
