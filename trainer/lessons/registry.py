"""The registry of the lesson questions: each lesson's quiz kind (the ``quiz`` field of its
front matter) to its generator, and `make_question`, which builds one question from a seed (no
Streamlit here).

Each generator is ``(random.Random, RuleSet) -> Question`` and lives in the lesson's module of
`trainer.lessons`: ``pack`` (lesson 1), ``card-order`` (2), ``following`` (3), ``tricks`` (4),
``bidding`` (5), ``kitty`` (6), ``joker`` (7, no trumps and the joker), ``misere`` (8),
``scoring`` (9), ``variants`` (10, with the game for two in `trainer.lessons.for_two`).

`TOPICS` groups each lesson's question kinds into its topics; a lesson is mastered when every
one of them is (`trainer.lessons.question.Mastery`). Every topic holds a kind each lesson's
generator can deal under any rules (the optional kinds, such as ``reveal`` when open misère is
allowed, share a topic with one that is always dealt).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import replace

from trainer.lessons.bidding import quiz_bidding
from trainer.lessons.card_order import quiz_card_order
from trainer.lessons.following import quiz_following
from trainer.lessons.joker import quiz_joker
from trainer.lessons.kitty import quiz_kitty
from trainer.lessons.misere import quiz_misere
from trainer.lessons.pack import quiz_pack
from trainer.lessons.question import Question, Topic
from trainer.lessons.scoring import quiz_scoring
from trainer.lessons.tricks import quiz_tricks
from trainer.lessons.variants import quiz_variants
from trainer.rules import RuleSet

# --- the registry ------------------------------------------------------------------------------

QUIZZES: dict[str, Callable[[random.Random, RuleSet], Question]] = {
    "pack": quiz_pack,
    "card-order": quiz_card_order,
    "following": quiz_following,
    "tricks": quiz_tricks,
    "bidding": quiz_bidding,
    "kitty": quiz_kitty,
    "joker": quiz_joker,
    "misere": quiz_misere,
    "scoring": quiz_scoring,
    "variants": quiz_variants,
}


TOPICS: dict[str, tuple[Topic, ...]] = {
    "pack": (Topic("cards", "Which cards are in the pack", ("in_pack", "lowest", "suit_count")),
             Topic("counts", "Counting the cards", ("count", "kitty"))),
    "card-order": (Topic("suits", "Which suit a card belongs to", ("which_suit",)),
                   Topic("trumps", "The trumps from the top", ("highest", "bower"))),
    "following": (Topic("follow", "Following suit", need=4),),
    "tricks": (Topic("winner", "Who wins the trick", need=4),),
    "bidding": (Topic("ladder", "The order of the bids", ("higher", "misere_place")),
                Topic("values", "What each bid is worth", ("value",)),
                Topic("calls", "Which calls you may make", ("can_call",))),
    "kitty": (Topic("kitty", "Taking the kitty", ("discard_count", "hold")),
              Topic("discards", "Choosing the discards", ("void",))),
    "joker": (Topic("joker-play", "When the joker may be played", ("may_play",)),
              Topic("joker-lead", "Leading the joker", ("name_suit", "follow_named")),
              Topic("joker-wins", "Who wins the trick", ("winner",))),
    "misere": (Topic("who", "Who plays a misère", ("who_plays", "reveal")),
               Topic("score", "Scoring a misère", ("score", "defenders")),
               Topic("trick", "Tricks in a misère", ("trick",))),
    "scoring": (Topic("declarer", "The declarer's score", ("declarer",)),
                Topic("defenders", "The defenders' score", ("defenders",)),
                Topic("game", "Winning the game", ("game_end",))),
    "variants": (Topic("options", "The rule options", need=3),
                 Topic("two", "The game for two", ("two_player",))),
}
"""Each quiz kind's topics, in the order the learner meets them (module docstring)."""


def topic_of(quiz: str, kind: str) -> str:
    """The name of the topic of ``quiz`` that holds question kind ``kind`` (the topic with no
    kinds listed holds the rest; "" when none does, or ``quiz`` is unknown)."""
    topics = TOPICS.get(quiz, ())
    named = next((t.name for t in topics if kind in t.kinds), None)
    if named is not None:
        return named
    return next((t.name for t in topics if not t.kinds), "")


YES_NO = ("Yes", "No")
BALANCE_TRIES = 40
TOPIC_TRIES = 60
"""Derived seeds `make_question` tries for a question of a wanted topic."""


def make_question(quiz: str, seed: int, rules: RuleSet,
                  topics: Collection[str] | None = None) -> Question:
    """The question of quiz kind ``quiz`` for ``seed`` under ``rules`` (same inputs, same
    question), its ``topic`` filled in (`topic_of`). Raises KeyError naming an unknown quiz
    kind.

    ``topics``: the topics wanted (the practice block asks for those not yet mastered): the
    generator is run on derived seeds (up to `TOPIC_TRIES`) until its question is of one of
    them; if none comes, the last question dealt is asked.

    Yes/no questions are balanced: the seed also picks the answer wanted, Yes or No at even
    odds, and the generator is run again on derived seeds (up to `BALANCE_TRIES`) until a
    question of the same kind has it. Left alone, most situations a generator deals give
    "No" (a card that may not be played), and answering "No" every time would pass a lesson.
    """
    try:
        generator = QUIZZES[quiz]
    except KeyError:
        raise KeyError(f"quiz: unknown kind {quiz!r} (known: {', '.join(QUIZZES)})") from None

    def made(source: int | str) -> Question:
        question = generator(random.Random(source), rules)
        return replace(question, topic=topic_of(quiz, question.kind))

    question = made(seed)
    for k in range(1, TOPIC_TRIES + 1 if topics else 0):
        if question.topic in topics:  # type: ignore[operator]
            break
        question = made(f"{seed}:topic:{k}")
    if tuple(question.choices) == YES_NO:
        wanted = random.Random(f"answer:{seed}").choice(YES_NO)
        for k in range(1, BALANCE_TRIES + 1):
            if question.answer == wanted:
                break
            other = made(f"{seed}:{k}")
            if other.kind == question.kind and other.answer == wanted:
                question = other
                break
    return replace(question, seed=seed)
