"""Lesson 6, the kitty and the discard: how many cards the declarer takes and discards, how many
they hold, and which of several discards keeps every trump and makes a void (RULES.md §4).

Answers come from `RuleSet.kitty_size` and `trainer.play.exchange_kitty`; the discard question
offers one discard that keeps all the trumps and empties a side suit, and others that do not, so
its answer is certain (it does not claim that discard is the best one for the hand).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from trainer.bidding import Bid
from trainer.cards import SUITS, Card, Suit, deal, sort_key
from trainer.play import exchange_kitty
from trainer.question import CardGroup, Question, names, suit_one
from trainer.quizzes.common import seat_name
from trainer.rules import CardOrder, Play, RuleSet, Strain

QUIZ = "kitty"


def quiz_kitty(rng: random.Random, rules: RuleSet) -> Question:
    """A kitty question: ``discard_count``, ``hold`` or ``void``."""
    kind = rng.choice(["discard_count", "hold", "void", "void", "void"])
    if kind == "discard_count":
        return _discard_count(rng, rules)
    if kind == "hold":
        return _hold(rng, rules)
    return _void(rng, rules)


def _table(rules: RuleSet) -> str:
    if rules.players == 4 and rules.deck == 45:
        return "Four players, 45-card pack."
    return {2: "Two players (cards in hand; the table cards are not exchanged).",
            3: "Three players.", 4: "Four players.", 6: "Six players."}[rules.players]


def _kitty_words(rules: RuleSet) -> str:
    k = rules.kitty_size
    why = (
        f"With the 45-card pack (option `deck`) the kitty has {k} cards"
        if rules.deck == 45
        else f"The kitty has {k} cards"
    )
    return (
        f"{why}: the declarer takes all {k} without showing them and discards any {k} cards "
        "face down, which may be cards just taken (rule book §4)."
    )


def _discard_count(rng: random.Random, rules: RuleSet) -> Question:
    k = rules.kitty_size
    ask = rng.choice(("take", "discard"))
    prompt = (
        f"{_table(rules)} How many cards does the declarer take from the kitty?"
        if ask == "take"
        else f"{_table(rules)} How many cards does the declarer discard after taking the kitty?"
    )
    return Question(
        quiz=QUIZ, seed=0, topic="discard_count", prompt=prompt,
        choices=("2", "3", "4", "5"), answer=str(k), explanation=_kitty_words(rules),
    )


def _hold(rng: random.Random, rules: RuleSet) -> Question:
    dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
    seat = rng.choice(rules.seats)
    hand, kitty = dealt.hands[seat], dealt.kitty
    pool = list(hand) + list(kitty)
    discard = rng.sample(pool, rules.kitty_size)
    kept = exchange_kitty(hand, kitty, discard, rules)
    when = rng.choice(("before", "after"))
    if when == "before":
        answer = len(pool)
        prompt = (f"{_table(rules)} You are the declarer and pick up the kitty. How many cards "
                  "do you hold before you discard?")
        why = f"Your ten cards and the {rules.kitty_size} of the kitty make {answer}. "
    else:
        answer = len(kept)
        prompt = (f"{_table(rules)} You are the declarer. After taking the kitty and "
                  "discarding, how many cards do you hold?")
        why = (f"You take {rules.kitty_size} and discard {rules.kitty_size}, so you are back to "
               f"{answer}: one card for each of the ten tricks. ")
    choices = sorted({10, 10 + rules.kitty_size, 13, 7, 15, 12} - {answer})
    picks = sorted([answer, *rng.sample(choices, 3)])
    return Question(
        quiz=QUIZ, seed=0, topic="hold", prompt=prompt, choices=tuple(map(str, picks)),
        answer=str(answer), explanation=why + _kitty_words(rules), facts=(("when", when),),
    )


# --- which discard keeps every trump and makes a void ------------------------------------------


def keeps_trumps_and_voids(discard: Sequence[Card], cards: Sequence[Card],
                           order: CardOrder) -> bool:
    """True when ``discard`` holds no trump and empties a side suit held among ``cards``."""
    if any(order.is_trump(c) for c in discard):
        return False
    side = {order.effective_suit(c) for c in cards if not order.is_trump(c)}
    return any(
        all(c in discard for c in cards if order.effective_suit(c) is s) for s in side
    )


def _length(cards: Sequence[Card], trump: Suit) -> int:
    order = CardOrder(trump=trump)
    return sum(1 for c in cards if order.effective_suit(c) is trump)


def _void_deal(rng: random.Random, rules: RuleSet) -> tuple[list[Card], Suit, str]:
    """The declarer's hand and kitty, a trump suit (their longest) and the seat's name, with a
    short side suit to throw away."""
    k = rules.kitty_size
    while True:
        dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
        seat = rng.choice(rules.seats)
        cards = sorted([*dealt.hands[seat], *dealt.kitty], key=sort_key)
        trump = max(SUITS, key=lambda s: (_length(cards, s), rng.random()))
        order = CardOrder(trump=trump)
        side = [c for c in cards if not order.is_trump(c)]
        short = [s for s in SUITS if s is not trump
                 and 1 <= sum(1 for c in side if c.suit is s) <= k]
        if short and len(side) >= k + 2:
            return cards, trump, seat_name(seat)


def _void(rng: random.Random, rules: RuleSet) -> Question:
    k = rules.kitty_size
    cards, trump, who = _void_deal(rng, rules)
    order = CardOrder(trump=trump)
    trump_set = {c for c in cards if order.is_trump(c)}
    suits = [frozenset(c for c in cards if order.effective_suit(c) is s)
             for s in SUITS if s is not trump]
    good: list[tuple[Card, ...]] = []
    with_trump: list[tuple[Card, ...]] = []
    no_void: list[tuple[Card, ...]] = []
    for d in combinations(cards, k):
        chosen = set(d)
        if chosen & trump_set:
            with_trump.append(d)
        elif any(suit and suit <= chosen for suit in suits):
            good.append(d)
        else:
            no_void.append(d)
    right = rng.choice(good)
    wrong: list[tuple[Card, ...]] = []
    if no_void:
        wrong += rng.sample(no_void, min(2, len(no_void)))
    wrong += rng.sample(with_trump, 3 - len(wrong))
    picks = [right, *wrong]
    rng.shuffle(picks)
    labels = [_discard_label(d) for d in picks]
    trumps = sorted((c for c in cards if order.is_trump(c)), key=order.power, reverse=True)
    voided = next(s for s in SUITS if s is not trump and any(c.suit is s for c in right)
                  and all(c in right for c in cards if order.effective_suit(c) is s))
    why = (
        f"With {trump.noun} trumps you hold {len(trumps)} trumps: {names(trumps)}. "
        f"Only {_discard_label(right)} keeps every one of them and leaves you with no "
        f"{voided.noun}, so you can trump when {voided.noun} are led. "
    )
    for d in wrong:
        thrown = [c for c in d if order.is_trump(c)]
        if thrown:
            what = "a trump" if len(thrown) == 1 else "trumps"
            why += f"{_discard_label(d)} throws away {names(thrown)}: {what}. "
        else:
            why += f"{_discard_label(d)} keeps a card in every side suit. "
    why += (
        f"(Any {k} cards may be discarded, kitty cards included; whether this is the best "
        "discard depends on the whole hand.)"
    )
    contract = Bid(rng.randint(6, 8), Strain(trump.value))
    prompt = (
        f"{_table(rules)} You are {who}: you won the auction with {contract.pretty} and picked "
        "up the kitty. Which discard keeps all your trumps and makes a void?"
    )
    return Question(
        quiz=QUIZ, seed=0, topic="void", prompt=prompt, choices=tuple(labels),
        answer=_discard_label(right), explanation=why,
        cards=(CardGroup(f"Your {len(cards)} cards (hand and kitty)",
                         tuple(Play(c) for c in cards)),),
        order=order,
        facts=(("contract", contract.code), ("discard", " ".join(c.code for c in right)),
               ("voided", suit_one(voided))),
    )


def _discard_label(discard: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in sorted(discard, key=sort_key))  # the joker: "Joker"
