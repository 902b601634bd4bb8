"""Lesson 6, the kitty and the discard: how many cards the declarer takes and discards, how many
they hold, and which discard to make (RULES.md §4).

The counts come from `RuleSet.kitty_size` and `trainer.play.exchange_kitty`. The discard
question (``void``) follows one principle, `PRINCIPLE`, the one `trainer.policy.choose_discard`
plays by: **keep your trumps (the joker and the bowers among them) and your aces, and make a
void: throw the cards of your shortest side suit, lowest first** (then the next shortest). An
ace is a sure trick and a trump wins tricks or ruffs; a void lets you trump that suit when it
is led. The right answer is the policy's discard, asked only in hands where it keeps every
trump and ace, empties a side suit and throws no king guarded by its ace (a sure trick too,
which the policy's rule of thumb would throw). Each wrong choice breaks the principle, and the
explanation says how: it throws a trump, it throws an ace, or it leaves a card in every side
suit. So the answer is certain, and the habit it teaches is the policy's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.bidding import Bid
from trainer.cards import SUITS, Card, Rank, Suit, deal, sort_key
from trainer.lessons.common import number_choices, seat_name, shuffled
from trainer.lessons.question import CardGroup, Question, names, names_list, suit_one
from trainer.play import exchange_kitty
from trainer.policy import choose_discard
from trainer.rules import CardOrder, Play, RuleSet, Strain

QUIZ = "kitty"
PRINCIPLE = "Keep your trumps and aces, and make a void in your shortest side suit"
"""The discard principle every ``void`` question follows and every explanation names, in a
player's words (that of `trainer.policy.choose_discard`; more cards to throw go lowest first,
from the next shortest side suit)."""


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
        quiz=QUIZ, seed=0, kind="discard_count", prompt=prompt,
        choices=number_choices(rng, k, range(1, 9), step=1, low=0), answer=str(k),
        explanation=_kitty_words(rules),
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
    near = {7, 8, 10, 10 + rules.kitty_size, 12, 13, 15, 16}
    return Question(
        quiz=QUIZ, seed=0, kind="hold", prompt=prompt,
        choices=number_choices(rng, answer, near, step=1, low=1),
        answer=str(answer), explanation=why + _kitty_words(rules), facts=(("when", when),),
    )


# --- which discard: keep trumps and aces, make a void ------------------------------------------


def keeps_trumps_and_voids(discard: Sequence[Card], cards: Sequence[Card],
                           order: CardOrder) -> bool:
    """True when ``discard`` holds no trump and empties a side suit held among ``cards``."""
    if any(order.is_trump(c) for c in discard):
        return False
    return bool(voided_suits(discard, cards, order))


def voided_suits(discard: Sequence[Card], cards: Sequence[Card], order: CardOrder,
                 ) -> list[Suit]:
    """The side suits held among ``cards`` that ``discard`` empties, in the pack's order."""
    return [s for s in SUITS if s is not order.trump
            and any(order.effective_suit(c) is s for c in cards)
            and all(c in discard for c in cards if order.effective_suit(c) is s)]


def follows_principle(discard: Sequence[Card], cards: Sequence[Card], order: CardOrder) -> bool:
    """True when ``discard`` keeps every trump and ace and empties a side suit (`PRINCIPLE`)."""
    return (not any(order.is_trump(c) or c.rank is Rank.ACE for c in discard)
            and bool(voided_suits(discard, cards, order)))


def _guarded_king(card: Card, cards: Sequence[Card]) -> bool:
    return card.rank is Rank.KING and Card(card.suit, Rank.ACE) in cards


def _length(cards: Sequence[Card], trump: Suit) -> int:
    order = CardOrder(trump=trump)
    return sum(1 for c in cards if order.effective_suit(c) is trump)


def _void_deal(rng: random.Random, rules: RuleSet,
               ) -> tuple[list[Card], Suit, str, Bid, tuple[Card, ...]]:
    """The declarer's hand and kitty, a trump suit (their longest), the seat's name, the
    contract and the policy's discard, in a hand where that discard follows `PRINCIPLE`
    (keeps every trump and ace, empties a side suit) and throws no king guarded by its ace."""
    while True:
        dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
        seat = rng.choice(rules.seats)
        cards = sorted([*dealt.hands[seat], *dealt.kitty], key=sort_key)
        trump = max(SUITS, key=lambda s: (_length(cards, s), rng.random()))
        order = CardOrder(trump=trump)
        contract = Bid(rng.randint(6, 8), Strain(trump.value))
        right = choose_discard(cards, contract, rules)
        if follows_principle(right, cards, order) and not any(
                _guarded_king(c, cards) for c in right):
            return cards, trump, seat_name(seat), contract, right


def _wrong_discards(rng: random.Random, cards: Sequence[Card], order: CardOrder, k: int,
                    right: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Three discards that each break `PRINCIPLE` one way, tempting ones where the hand has
    them: one makes a void but throws a trump with it, one makes a void but throws an ace,
    one throws low side cards but keeps a card in every side suit; where a hand has none of
    one kind, a random discard that breaks the principle."""
    trumps = sorted((c for c in cards if order.is_trump(c)), key=order.power)
    side = {s: sorted((c for c in cards if order.effective_suit(c) is s), key=order.power)
            for s in SUITS if s is not order.trump}
    losers = sorted((c for c in cards if not order.is_trump(c) and c.rank is not Rank.ACE),
                    key=order.power)
    found: list[tuple[Card, ...]] = []
    # a short side suit with no ace, and the lowest trumps to make up the number
    short = [s for s, held in side.items() if 0 < len(held) < k
             and not any(c.rank is Rank.ACE for c in held) and len(held) + len(trumps) >= k]
    if short:
        held = side[rng.choice(short)]
        found.append((*held, *trumps[: k - len(held)]))
    # a short side suit with its ace, and the lowest other side cards to make up the number
    with_ace = [s for s, held in side.items() if 0 < len(held) <= k
                and any(c.rank is Rank.ACE for c in held)]
    if with_ace:
        held = side[rng.choice(with_ace)]
        rest = [c for c in losers if c not in held]
        if len(held) + len(rest) >= k:
            found.append((*held, *rest[: k - len(held)]))
    # the lowest side cards that leave a card in every side suit
    left = {s: len(held) for s, held in side.items()}
    low: list[Card] = []
    for c in losers:
        suit = order.effective_suit(c)
        if len(low) < k and left[suit] > 1:
            low.append(c)
            left[suit] -= 1
    if len(low) == k:
        found.append(tuple(low))
    seen = {frozenset(right)}
    picks: list[tuple[Card, ...]] = []
    for d in found:
        if frozenset(d) not in seen:
            seen.add(frozenset(d))
            picks.append(d)
    while len(picks) < 3:
        d = tuple(rng.sample(list(cards), k))
        if frozenset(d) not in seen and not follows_principle(d, cards, order):
            seen.add(frozenset(d))
            picks.append(d)
    return picks


def _void(rng: random.Random, rules: RuleSet) -> Question:
    k = rules.kitty_size
    cards, trump, who, contract, right = _void_deal(rng, rules)
    order = CardOrder(trump=trump)
    wrong = _wrong_discards(rng, cards, order, k, right)
    labels = [_discard_label(d) for d in shuffled(rng, [right, *wrong])]
    trumps = sorted((c for c in cards if order.is_trump(c)), key=order.power, reverse=True)
    aces = [c for c in cards if c.rank is Rank.ACE and not order.is_trump(c)]
    voided = voided_suits(right, cards, order)
    void_cards = [c for c in right if order.effective_suit(c) in voided]
    others = [c for c in right if c not in void_cards]
    why = (
        f"With {trump.noun} trumps you hold {len(trumps)} trumps ({names(trumps)})"
        + (f" and {names(aces)}" if aces else "") + ". "
        f"{PRINCIPLE}: throwing {names(sorted(void_cards, key=sort_key))} leaves you void in "
        f"{names_list([s.noun for s in voided])}, so you can trump the next "
        f"{' or '.join(suit_one(s) for s in voided)} lead."
    )
    if others:
        many = len({c.suit for c in others}) > 1
        why += (f" Then the lowest of the next shortest suit{'s' if many else ''}: "
                f"{names(sorted(others, key=sort_key))}.")
    why += " " + " ".join(_wrong_why(d, order) for d in wrong)
    prompt = (
        f"{_table(rules)} You are {who}: you won the auction with {contract.pretty} and picked "
        "up the kitty. Which discard keeps your trumps and aces and makes a void?"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="void", prompt=prompt, choices=tuple(labels),
        answer=_discard_label(right), explanation=why,
        cards=(CardGroup(f"Your {len(cards)} cards (hand and kitty)",
                         tuple(Play(c) for c in cards)),),
        order=order,
        facts=(("contract", contract.code), ("discard", " ".join(c.code for c in right)),
               ("voided", " ".join(suit_one(s) for s in voided))),
    )


def _wrong_why(discard: Sequence[Card], order: CardOrder) -> str:
    """How a wrong discard breaks `PRINCIPLE`, in a player's words."""
    label = _discard_label(discard)
    thrown = sorted((c for c in discard if order.is_trump(c)), key=order.power, reverse=True)
    if thrown:
        what = "a trump" if len(thrown) == 1 else "trumps"
        return f"{label} throws away {what} ({names(thrown)}): keep them to win tricks and ruff."
    aces = [c for c in discard if c.rank is Rank.ACE]
    if aces:
        what = "an ace, a sure trick" if len(aces) == 1 else "aces, sure tricks"
        return f"{label} throws away {what} ({names(aces)})."
    return f"{label} leaves a card in every side suit: no void, so nothing to trump."


def _discard_label(discard: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in sorted(discard, key=sort_key))  # the joker: "Joker"
