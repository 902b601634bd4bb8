"""Lesson 1, the pack: is a card in the pack, how many cards, how many go to the kitty, the
lowest card of a suit (RULES.md §1). Every answer is read off `trainer.cards.pack` through
``rules.pack``. No Streamlit here."""

from __future__ import annotations

import random

from trainer.cards import JOKER, SUITS, Card, Rank, Suit
from trainer.lessons.common import PACK_SIZES, number_choices
from trainer.lessons.question import (
    CardGroup,
    Question,
    card_name,
    suit_one,
)
from trainer.rules import Play, RuleSet


def _pack_words(rules: RuleSet) -> str:
    if rules.players in (2, 4):
        return f"the {len(rules.pack)}-card pack"
    return f"the {rules.players}-player pack of {len(rules.pack)} cards"



# --- lesson 1: the pack ------------------------------------------------------------------------


def _candidate_cards(rules: RuleSet) -> list[Card]:
    """Cards one might think are in the pack: the 52 (and 11-13 for 6 players), the joker."""
    ranks = [r for r in Rank if rules.players == 6 or r < Rank.ELEVEN or r >= Rank.JACK]
    return [Card(s, r) for s in SUITS for r in ranks] + [JOKER]


def _suit_run(rules: RuleSet, suit: Suit) -> str:
    ranks = [c for c in rules.pack if c.suit is suit]
    return " ".join(c.pretty for c in ranks)


def quiz_pack(rng: random.Random, rules: RuleSet) -> Question:
    """Lesson 1: is a card in the pack, how many cards, how many in the kitty, the lowest card
    of a suit (``suit_count``, how many cards of a suit, where every suit runs down to the 2:
    the six-player pack)."""
    kind = rng.choice(["in_pack", "in_pack", "in_pack", "count", "kitty", "lowest"])
    the_pack = rules.pack
    size = len(the_pack)
    kitty = rules.kitty_size
    setting = _table_words(rules)
    if kind == "in_pack":
        candidates = _candidate_cards(rules)
        edge = [c for c in candidates
                if c.rank is not None and (c.rank <= Rank.SEVEN or Rank.TEN < c.rank < Rank.JACK)]
        card = rng.choice(edge if rng.random() < 0.7 else candidates)
        inside = card in the_pack
        answer = "Yes" if inside else "No"
        if card.is_joker:
            why = (
                "Every pack of Five Hundred has one joker (the bird): it is in "
                f"{_pack_words(rules)}."
            )
        else:
            assert card.suit is not None
            why = (
                f"In {_pack_words(rules)}, {card.suit.noun} run {_suit_run(rules, card.suit)}: "
                f"{card.pretty} is {'' if inside else 'not '}one of them."
            )
        return Question(
            quiz="pack", seed=0, kind=kind, prompt=f"{setting} Is {card_name(card)} in the pack?",
            choices=("Yes", "No"), answer=answer, explanation=why,
            cards=(CardGroup("The card", (Play(card),)),), subject=card,
        )
    if kind == "count":
        choices = number_choices(rng, size, PACK_SIZES, step=1)
        why = (
            f"{_pack_words(rules).capitalize()}: {_count_words(rules)} "
            f"That makes {size} cards: {_dealt_words(rules)} and {kitty} to the kitty."
        )
        return Question(
            quiz="pack", seed=0, kind=kind, prompt=f"{setting} How many cards are in the pack?",
            choices=choices, answer=str(size), explanation=why,
        )
    if kind == "kitty":
        choices = number_choices(rng, kitty, range(1, 9), step=1, low=0)
        why = (
            f"{_pack_words(rules).capitalize()} has {size} cards; {_dealt_words(rules)} "
            f"({size - kitty} cards), so {kitty} go to the kitty."
        )
        return Question(
            quiz="pack", seed=0, kind=kind, prompt=f"{setting} How many cards go to the kitty?",
            choices=choices, answer=str(kitty), explanation=why,
        )
    suit = rng.choice(SUITS)
    ranks = [c.rank for c in the_pack if c.suit is suit and c.rank is not None]
    lowest = min(ranks)
    why = f"In {_pack_words(rules)}, {suit.noun} run {_suit_run(rules, suit)}."
    if lowest > Rank.THREE:
        # three choices from the 2 up: the lowest card (a 4, 5 or 7) at each place equally often
        numbered = [int(r) for r in Rank if r <= Rank.NINE]
        return Question(
            quiz="pack", seed=0, kind=kind,
            prompt=f"{setting} What is the lowest {suit_one(suit)} in the pack?",
            choices=number_choices(rng, int(lowest), numbered, count=3, step=1, low=2),
            answer=str(int(lowest)), explanation=why,
        )
    # every suit runs down to the 2 (six players): nothing is below it, so ask the suit's size
    size = len(ranks)
    return Question(
        quiz="pack", seed=0, kind="suit_count",
        prompt=f"{setting} How many {suit.noun} are in the pack?",
        choices=number_choices(rng, size, range(size - 4, size + 5), step=1, low=1),
        answer=str(size), explanation=f"{why} That is {size} cards.",
    )


def _table_words(rules: RuleSet) -> str:
    if rules.players == 4:
        return f"Four players, {rules.deck}-card pack." if rules.deck == 45 else "Four players."
    return f"{ {2: 'Two', 3: 'Three', 6: 'Six'}[rules.players]} players."


def _dealt_words(rules: RuleSet) -> str:
    """How many cards each player gets (RULES.md §1; two players: 10 in hand, 10 on the
    table, 002)."""
    if rules.players == 2:
        return ("each of the 2 players gets 20 (10 in hand, and 5 face-down cards with a "
                "face-up card on each on the table)")
    return f"each of the {rules.players} players gets ten"


def _count_words(rules: RuleSet) -> str:
    if rules.players == 3:
        return "A K Q J 10 9 8 7 in every suit (32 cards) and the joker."
    if rules.players == 6:
        return (
            "all 52 cards, 11 and 12 in every suit, 13 in hearts and diamonds (62 cards) and "
            "the joker."
        )
    if rules.deck == 45:
        return "A down to 4 in every suit (44 cards: the black 4s are kept) and the joker."
    return (
        "A down to 4 in hearts and diamonds (22 cards), A down to 5 in spades and clubs "
        "(20 cards), and the joker."
    )


# --- lesson 2: card order and the trump suit ---------------------------------------------------
