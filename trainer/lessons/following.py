"""Lesson 3, following suit: the cards led so far and your hand; may you play this card?
(RULES.md §5). Answers from `trainer.rules.legal_plays`. Also the random table the trick
questions of lesson 4 deal from. No Streamlit here."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.cards import SUITS, Card, Rank, Seat, Suit, deal
from trainer.lessons.card_order import bower_note
from trainer.lessons.for_two import may_play
from trainer.lessons.question import (
    SEAT_NAMES,
    CardGroup,
    Question,
    card_name,
    contract_words,
    play_name,
    suit_one,
)
from trainer.lessons.question import cap as _cap
from trainer.lessons.question import names as _names
from trainer.rules import CardOrder, Play, RuleSet, legal_plays


@dataclass(frozen=True)
class _Table:
    order: CardOrder
    hands: dict[Seat, list[Card]]
    leader: Seat


def random_table(rng: random.Random, rules: RuleSet, you: Seat | None) -> _Table:
    """A fresh deal with a random contract (no trumps one time in five) and leader. At no
    trumps the joker is taken out of the hands: lessons 3 and 4 come before lesson 7, which
    teaches the joker at no trumps (nothing is asked before it is taught, issue 17)."""
    dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
    hands = {s: list(h) for s, h in dealt.hands.items()}
    trump: Suit | None = None if rng.random() < 0.2 else rng.choice(SUITS)
    if you is not None and trump is not None and rng.random() < 0.5:
        jacks = [c for c in hands[you] if c.rank is Rank.JACK and c.suit is not None]
        if jacks:  # make one of your jacks the left bower now and then
            jack_suit = rng.choice(jacks).suit
            assert jack_suit is not None
            trump = jack_suit.same_colour
    if trump is None:
        hands = {s: [c for c in h if not c.is_joker] for s, h in hands.items()}
    leaders = [s for s in rules.seats if s is not you]
    return _Table(CardOrder(trump=trump), hands, rng.choice(leaders))


def seats_from(rules: RuleSet, leader: Seat, count: int) -> list[Seat]:
    table = rules.seats
    i = table.index(leader)
    return [table[(i + k) % len(table)] for k in range(count)]


def pick_trick_play(rng: random.Random, options: list[Play], order: CardOrder,
               prefer: set[Suit | None]) -> Play:
    liked = [p for p in options if order.play_suit(p) in prefer or p.card.is_joker]
    if liked and rng.random() < 0.6:
        return rng.choice(liked)
    return rng.choice(options)


def _you(rules: RuleSet) -> Seat:
    return rules.seats[len(rules.seats) // 2]


def quiz_following(rng: random.Random, rules: RuleSet) -> Question:
    """Lesson 3: the cards led so far and your hand; may you play this card? (The game for
    two: from the cards you may play at that moment, `trainer.lessons.for_two.may_play`.)"""
    if rules.players == 2:
        return replace(may_play(rng, rules), quiz="following")
    you = _you(rules)
    table = random_table(rng, rules, you)
    order = table.order
    hand = table.hands[you]
    prefer: set[Suit | None] = {order.trump} if rng.random() < 0.3 else set()
    for c in hand:
        if "left bower" in bower_note(c, order):
            prefer.add(c.suit)
    seats_before = []
    seat = table.leader
    while seat is not you:
        seats_before.append(seat)
        seat = rules.next_seat(seat)
    trick: list[Play] = []
    for s in seats_before:
        options = legal_plays(table.hands[s], trick, order, rules, s)
        trick.append(pick_trick_play(rng, options, order, prefer if not trick else set()))
    legal = {p.card for p in legal_plays(hand, trick, order, rules, you)}
    tricky = [c for c in hand if c.is_joker or bower_note(c, order)]
    illegal = [c for c in hand if c not in legal]
    if tricky and rng.random() < 0.5:
        card = rng.choice(tricky)
    elif illegal and rng.random() < 0.5:
        card = rng.choice(illegal)
    else:
        card = rng.choice(hand)
    ok = card in legal
    lead_words = f"{SEAT_NAMES[table.leader]} led {play_name(trick[0])}"
    prompt = (
        f"{contract_words(order)}. {lead_words}; you are {SEAT_NAMES[you]}. "
        f"May you play {card_name(card)}?"
    )
    return Question(
        quiz="following", seed=0, kind="may_play", prompt=prompt, choices=("Yes", "No"),
        answer="Yes" if ok else "No",
        explanation=_following_why(card, hand, trick[0], order, ok),
        cards=(
            CardGroup("The trick so far", tuple(trick),
                      tuple(SEAT_NAMES[s] for s in seats_before)),
            CardGroup("Your hand", tuple(Play(c) for c in hand)),
        ),
        order=order, subject=card,
    )


def _following_why(card: Card, hand: Sequence[Card], lead: Play, order: CardOrder,
                   ok: bool) -> str:
    led = order.play_suit(lead)
    assert led is not None  # a lead always has a suit (a free joker is led with a named one)
    follow = [c for c in hand if order.effective_suit(c) is led]
    lead_is = f"The suit led is {led.noun}"
    if lead.named is not None:
        lead_is = f"The joker was led and named as {led.noun}, so the suit led is {led.noun}"
    elif lead.card.is_joker or bower_note(lead.card, order):
        lead_is = f"{_cap(card_name(lead.card))} is a trump, so the suit led is {led.noun} (trumps)"
    parts = [lead_is + "."]
    if follow:
        parts.append(f"You hold {_names(follow)}, so you must follow {led.noun}.")
        # a left bower among them, other than the card asked about, is the surprise
        parts += [bower_note(c, order) for c in follow
                  if c != card and "left bower" in bower_note(c, order)]
    else:
        parts.append(f"You hold no {suit_one(led)}, so you may play any card.")
    note = bower_note(card, order)
    if card.is_joker and order.trump is None:
        note = (
            "At no trumps the joker belongs to no suit: it may be played only when you cannot "
            "follow suit, and then it wins the trick."
        )
    elif card.is_joker:
        note = f"The joker is the highest trump: it is a {suit_one(order.trump or led)}."
    elif note and "left bower" in note:
        assert card.suit is not None
        if order.effective_suit(card) is led:
            note = f"{note[:-1]}, so it follows {led.noun}."
        elif card.suit is led:
            note = f"{note[:-1]}, so it does not follow {led.noun}."
    elif follow and not ok:
        assert card.suit is not None
        note = f"{card.pretty} is a {suit_one(card.suit)}."
    if note:
        parts.append(note)
    return " ".join(parts)


# --- lesson 4: winning tricks ------------------------------------------------------------------
