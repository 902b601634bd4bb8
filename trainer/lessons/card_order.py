"""Lesson 2, card order and the trump suit: which suit a card belongs to, the highest of some
trumps, the bowers (RULES.md §2). Answers from `CardOrder.effective_suit` and
`CardOrder.power`. No Streamlit here."""

from __future__ import annotations

import random

from trainer.cards import JOKER, SUITS, Card, Rank
from trainer.lessons.common import shuffled
from trainer.lessons.question import (
    NO_SUIT,
    CardGroup,
    Question,
    card_name,
    contract_words,
    suit_one,
)
from trainer.rules import CardOrder, Play, RuleSet


def trump_order(order: CardOrder, rules: RuleSet) -> list[Card]:
    """The trump suit of ``order`` from the top, as the engine ranks it (empty at no trumps)."""
    if order.trump is None:
        return []
    trumps = [c for c in rules.pack if order.effective_suit(c) is order.trump]
    return sorted(trumps, key=order.power, reverse=True)


def bower_note(card: Card, order: CardOrder) -> str:
    if order.trump is None or card.is_joker or card.rank is not Rank.JACK:
        return ""
    if card.suit is order.trump:
        return f"{card.pretty} is the right bower, the jack of trumps."
    if card.suit is order.trump.same_colour:
        assert card.suit is not None
        return (
            f"{card.pretty} is the left bower: with {order.trump.noun} trumps it is a "
            f"{suit_one(order.trump)}, not a {suit_one(card.suit)}."
        )
    return ""




def quiz_card_order(rng: random.Random, rules: RuleSet) -> Question:
    """Lesson 2: which suit a card belongs to, the highest of some trumps, name the bowers."""
    kind = rng.choice(["which_suit", "which_suit", "highest", "highest", "bower"])
    the_pack = rules.pack
    if kind == "which_suit":
        trump = None if rng.random() < 0.2 else rng.choice(SUITS)
        order = CardOrder(trump=trump)
        jacks = [c for c in the_pack if c.rank is Rank.JACK]
        roll = rng.random()
        if trump is None:  # five answers (the joker's is "no suit"): each about as often
            plain = [c for c in the_pack if not c.is_joker]
            card = rng.choice(jacks) if roll < 0.4 else JOKER if roll < 0.6 else rng.choice(plain)
        else:
            card = (rng.choice(jacks) if roll < 0.45 else JOKER if roll < 0.6
                    else rng.choice(the_pack))
        suit = order.effective_suit(card)
        answer = suit.noun if suit is not None else NO_SUIT
        choices = tuple(s.noun for s in SUITS) + ((NO_SUIT,) if trump is None else ())
        why = which_suit_why(card, order)
        prompt = f"{contract_words(order)}. Which suit does {card_name(card)} belong to?"
        return Question(
            quiz="card-order", seed=0, kind=kind, prompt=prompt, choices=choices, answer=answer,
            explanation=why, order=order,
            # drawn plain: the trump ring and the label's "left bower" would give the answer
            cards=(CardGroup("The card", (Play(card),), plain=True),),
            subject=card,
        )
    trump = rng.choice(SUITS)
    order = CardOrder(trump=trump)
    ranked = trump_order(order, rules)
    if kind == "highest":
        n = rng.choice((3, 4))
        top, rest = ranked[:3], ranked[3:]
        picks: list[Card] = []
        if rng.random() < 0.75:
            picks.append(rng.choice(top[1:]))  # a bower, so the question is about them
        pool = [c for c in top + rest if c not in picks]
        picks += rng.sample(pool, n - len(picks))
        rng.shuffle(picks)
        best = max(picks, key=order.power)
        listing = ", ".join(ranked_name(c, order) for c in ranked)
        why = (
            f"With {trump.noun} trumps the trumps rank, from the top: {listing}. "
            f"So {card_name(best)} is the highest of these."
        )
        return Question(
            quiz="card-order", seed=0, kind=kind,
            prompt=f"{contract_words(order)}. Which of these trumps is the highest?",
            choices=tuple(card_name(c) for c in picks), answer=card_name(best),
            explanation=why,
            # drawn as dealt: ranked highest first, the picture would show the answer leftmost
            cards=(CardGroup("The cards", tuple(Play(c) for c in picks), keep_order=True),),
            order=order,
        )
    which = rng.choice(("right", "left"))
    right = Card(trump, Rank.JACK)
    left = next(c for c in ranked if c.rank is Rank.JACK and c != right)
    answer_card = right if which == "right" else left
    jacks = [c for c in the_pack if c.rank is Rank.JACK]
    # the four jacks and the joker: a set of options, in a random order (the joker is never
    # the answer, so a fixed place for it would leave one place never right)
    choices = tuple(card_name(c) for c in shuffled(rng, [*jacks, JOKER]))
    why = (
        f"The right bower is the jack of trumps, {right.pretty}; the left bower is the other "
        f"jack of the same colour, {left.pretty}, which counts as a {suit_one(trump)} for the "
        f"whole hand. Only the joker ranks above them."
    )
    return Question(
        quiz="card-order", seed=0, kind=kind,
        prompt=f"{contract_words(order)}. Which card is the {which} bower?",
        choices=choices, answer=card_name(answer_card), explanation=why, order=order,
        subject=answer_card,
    )


def ranked_name(card: Card, order: CardOrder) -> str:
    if card.is_joker:
        return "the joker"
    note = bower_note(card, order)
    if "right bower" in note:
        return f"{card.pretty} (right bower)"
    if "left bower" in note:
        return f"{card.pretty} (left bower)"
    return card.pretty


def which_suit_why(card: Card, order: CardOrder) -> str:
    if card.is_joker:
        if order.trump is not None:
            return (
                f"In a trump contract the joker is the highest trump: with {order.trump.noun} "
                f"trumps it is a {suit_one(order.trump)}."
            )
        return (
            "At no trumps the joker belongs to no suit (no suit was nominated for it here): "
            "it may be played only when its holder cannot follow suit, or led with a named "
            "suit."
        )
    assert card.suit is not None
    bower = bower_note(card, order)
    if bower:
        return bower
    if order.trump is None and card.rank is Rank.JACK:
        return (
            f"At no trumps there are no bowers: {card.pretty} is an ordinary "
            f"{suit_one(card.suit)}."
        )
    if order.trump is None:
        return (f"{card.pretty} is a {suit_one(card.suit)}: at no trumps every card but the "
                f"joker stays in its own suit.")
    return (
        f"{card.pretty} is a {suit_one(card.suit)}: only the joker and the left bower (the "
        f"other jack of the trumps' colour) change suit."
    )


# --- lesson 3: following suit ------------------------------------------------------------------
