"""The registry of the lesson questions: each lesson's quiz kind (the ``quiz`` field of its
front matter) to its generator, and `make_question`, which builds one question from a seed (no
Streamlit here).

Each generator is ``(random.Random, RuleSet) -> Question`` and lives in the lesson's module of
`trainer.lessons`: ``pack`` (lesson 1), ``card-order`` (2), ``following`` (3), ``tricks`` (4),
``bidding`` (5), ``kitty`` (6), ``joker`` (7, no trumps and the joker), ``misere`` (8),
``scoring`` (9), ``variants`` (10, with the game for two in `trainer.lessons.for_two`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from trainer.lessons.bidding import quiz_bidding
from trainer.lessons.card_order import quiz_card_order
from trainer.lessons.following import quiz_following
from trainer.lessons.joker import quiz_joker
from trainer.lessons.kitty import quiz_kitty
from trainer.lessons.misere import quiz_misere
from trainer.lessons.pack import quiz_pack
from trainer.lessons.question import Question
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


YES_NO = ("Yes", "No")
BALANCE_TRIES = 40


def make_question(quiz: str, seed: int, rules: RuleSet) -> Question:
    """The question of quiz kind ``quiz`` for ``seed`` under ``rules`` (same inputs, same
    question). Raises KeyError naming an unknown quiz kind.

    Yes/no questions are balanced: the seed also picks the answer wanted, Yes or No at even
    odds, and the generator is run again on derived seeds (up to `BALANCE_TRIES`) until a
    question of the same topic has it. Left alone, most situations a generator deals give
    "No" (a card that may not be played), and answering "No" every time would pass a lesson.
    """
    try:
        generator = QUIZZES[quiz]
    except KeyError:
        raise KeyError(f"quiz: unknown kind {quiz!r} (known: {', '.join(QUIZZES)})") from None
    question = generator(random.Random(seed), rules)
    if tuple(question.choices) == YES_NO:
        wanted = random.Random(f"answer:{seed}").choice(YES_NO)
        for k in range(1, BALANCE_TRIES + 1):
            if question.answer == wanted:
                break
            other = generator(random.Random(f"{seed}:{k}"), rules)
            if other.topic == question.topic and other.answer == wanted:
                question = other
                break
    return replace(question, seed=seed)
