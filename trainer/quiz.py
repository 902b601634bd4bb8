"""Practice questions for the lessons, generated without end from a seed (no Streamlit here).

Each quiz kind is a generator ``(random.Random, RuleSet) -> Question``; `make_question` builds one
from a seed, so a question can be reproduced. Every answer is computed by the engine:
`trainer.cards.pack` (lesson 1), `CardOrder.effective_suit` and `CardOrder.power` (lesson 2),
`legal_plays` (lesson 3) and `CardOrder.trick_winner` (lesson 4), and every explanation is
built from the same facts. Lessons 5-10 have their generators in `trainer.quizzes` (bidding,
the kitty, the joker, misère, scoring, the rule variants). `Question`, `Mastery` and the word
helpers live in `trainer.question` and are re-exported here. `Mastery` counts answers: five
right in a row masters a lesson.

Quiz kinds (the ``quiz`` field of a lesson's front matter): ``pack``, ``card-order``,
``following``, ``tricks``, ``bidding``, ``kitty``, ``joker``, ``misere``, ``scoring``,
``variants``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trainer.cards import JOKER, SUITS, Card, Rank, Seat, Suit, deal
from trainer.question import (
    MASTERY_STREAK,
    NO_SUIT,
    SEAT_NAMES,
    CardGroup,
    Mastery,
    Question,
    card_name,
    contract_words,
    play_name,
    suit_one,
)
from trainer.question import cap as _cap
from trainer.question import names as _names
from trainer.question import names_list as _names_list
from trainer.quizzes.bidding import quiz_bidding
from trainer.quizzes.common import PACK_SIZES, number_choices, rotated, shuffled
from trainer.quizzes.for_two import may_play
from trainer.quizzes.for_two import winner as two_player_winner
from trainer.quizzes.joker import quiz_joker
from trainer.quizzes.kitty import quiz_kitty
from trainer.quizzes.misere import quiz_misere
from trainer.quizzes.scoring import quiz_scoring
from trainer.quizzes.variants import quiz_variants
from trainer.rules import CardOrder, Play, RuleSet, legal_plays

__all__ = [
    "MASTERY_STREAK", "NO_SUIT", "QUIZZES", "SEAT_NAMES", "CardGroup", "Mastery", "Question",
    "card_name", "contract_words", "make_question", "play_name", "suit_one",
]


def _pack_words(rules: RuleSet) -> str:
    if rules.players in (2, 4):
        return f"the {len(rules.pack)}-card pack"
    return f"the {rules.players}-player pack of {len(rules.pack)} cards"


def trump_order(order: CardOrder, rules: RuleSet) -> list[Card]:
    """The trump suit of ``order`` from the top, as the engine ranks it (empty at no trumps)."""
    if order.trump is None:
        return []
    trumps = [c for c in rules.pack if order.effective_suit(c) is order.trump]
    return sorted(trumps, key=order.power, reverse=True)


def _bower_note(card: Card, order: CardOrder) -> str:
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
            quiz="pack", seed=0, topic=kind, prompt=f"{setting} Is {card_name(card)} in the pack?",
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
            quiz="pack", seed=0, topic=kind, prompt=f"{setting} How many cards are in the pack?",
            choices=choices, answer=str(size), explanation=why,
        )
    if kind == "kitty":
        choices = number_choices(rng, kitty, range(1, 9), step=1, low=0)
        why = (
            f"{_pack_words(rules).capitalize()} has {size} cards; {_dealt_words(rules)} "
            f"({size - kitty} cards), so {kitty} go to the kitty."
        )
        return Question(
            quiz="pack", seed=0, topic=kind, prompt=f"{setting} How many cards go to the kitty?",
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
            quiz="pack", seed=0, topic=kind,
            prompt=f"{setting} What is the lowest {suit_one(suit)} in the pack?",
            choices=number_choices(rng, int(lowest), numbered, count=3, step=1, low=2),
            answer=str(int(lowest)), explanation=why,
        )
    # every suit runs down to the 2 (six players): nothing is below it, so ask the suit's size
    size = len(ranks)
    return Question(
        quiz="pack", seed=0, topic="suit_count",
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
        why = _which_suit_why(card, order)
        prompt = f"{contract_words(order)}. Which suit does {card_name(card)} belong to?"
        return Question(
            quiz="card-order", seed=0, topic=kind, prompt=prompt, choices=choices, answer=answer,
            explanation=why, cards=(CardGroup("The card", (Play(card),)),), order=order,
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
        listing = ", ".join(_ranked_name(c, order) for c in ranked)
        why = (
            f"With {trump.noun} trumps the trumps rank, from the top: {listing}. "
            f"So {card_name(best)} is the highest of these."
        )
        return Question(
            quiz="card-order", seed=0, topic=kind,
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
        quiz="card-order", seed=0, topic=kind,
        prompt=f"{contract_words(order)}. Which card is the {which} bower?",
        choices=choices, answer=card_name(answer_card), explanation=why, order=order,
        subject=answer_card,
    )


def _ranked_name(card: Card, order: CardOrder) -> str:
    if card.is_joker:
        return "the joker"
    note = _bower_note(card, order)
    if "right bower" in note:
        return f"{card.pretty} (right bower)"
    if "left bower" in note:
        return f"{card.pretty} (left bower)"
    return card.pretty


def _which_suit_why(card: Card, order: CardOrder) -> str:
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
    bower = _bower_note(card, order)
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


@dataclass(frozen=True)
class _Table:
    order: CardOrder
    hands: dict[Seat, list[Card]]
    leader: Seat


def _random_table(rng: random.Random, rules: RuleSet, you: Seat | None) -> _Table:
    """A fresh deal with a random contract (no trumps one time in five) and leader."""
    dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
    hands = {s: list(h) for s, h in dealt.hands.items()}
    trump: Suit | None = None if rng.random() < 0.2 else rng.choice(SUITS)
    if you is not None and trump is not None and rng.random() < 0.5:
        jacks = [c for c in hands[you] if c.rank is Rank.JACK and c.suit is not None]
        if jacks:  # make one of your jacks the left bower now and then
            jack_suit = rng.choice(jacks).suit
            assert jack_suit is not None
            trump = jack_suit.same_colour
    leaders = [s for s in rules.seats if s is not you]
    return _Table(CardOrder(trump=trump), hands, rng.choice(leaders))


def _seats_from(rules: RuleSet, leader: Seat, count: int) -> list[Seat]:
    table = rules.seats
    i = table.index(leader)
    return [table[(i + k) % len(table)] for k in range(count)]


def _pick_play(rng: random.Random, options: list[Play], order: CardOrder,
               prefer: set[Suit | None]) -> Play:
    liked = [p for p in options if order.play_suit(p) in prefer or p.card.is_joker]
    if liked and rng.random() < 0.6:
        return rng.choice(liked)
    return rng.choice(options)


def _you(rules: RuleSet) -> Seat:
    return rules.seats[len(rules.seats) // 2]


def quiz_following(rng: random.Random, rules: RuleSet) -> Question:
    """Lesson 3: the cards led so far and your hand; may you play this card? (The game for
    two: from the cards you may play at that moment, `trainer.quizzes.for_two.may_play`.)"""
    if rules.players == 2:
        return replace(may_play(rng, rules), quiz="following")
    you = _you(rules)
    table = _random_table(rng, rules, you)
    order = table.order
    hand = table.hands[you]
    prefer: set[Suit | None] = {order.trump} if rng.random() < 0.3 else set()
    for c in hand:
        if "left bower" in _bower_note(c, order):
            prefer.add(c.suit)
    seats_before = []
    seat = table.leader
    while seat is not you:
        seats_before.append(seat)
        seat = rules.next_seat(seat)
    trick: list[Play] = []
    for s in seats_before:
        options = legal_plays(table.hands[s], trick, order, rules, s)
        trick.append(_pick_play(rng, options, order, prefer if not trick else set()))
    legal = {p.card for p in legal_plays(hand, trick, order, rules, you)}
    tricky = [c for c in hand if c.is_joker or _bower_note(c, order)]
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
        quiz="following", seed=0, topic="may_play", prompt=prompt, choices=("Yes", "No"),
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
    elif lead.card.is_joker or _bower_note(lead.card, order):
        lead_is = f"{_cap(card_name(lead.card))} is a trump, so the suit led is {led.noun} (trumps)"
    parts = [lead_is + "."]
    if follow:
        parts.append(f"You hold {_names(follow)}, so you must follow {led.noun}.")
        # a left bower among them, other than the card asked about, is the surprise
        parts += [_bower_note(c, order) for c in follow
                  if c != card and "left bower" in _bower_note(c, order)]
    else:
        parts.append(f"You hold no {suit_one(led)}, so you may play any card.")
    note = _bower_note(card, order)
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


def quiz_tricks(rng: random.Random, rules: RuleSet) -> Question:
    """Lesson 4: a whole trick, played legally from random hands; who wins it? (The game for
    two: a four-card trick, `trainer.quizzes.for_two.winner`.)"""
    if rules.players == 2:
        return replace(two_player_winner(rng, rules), quiz="tricks")
    table = _random_table(rng, rules, None)
    order = table.order
    seats = _seats_from(rules, table.leader, rules.players)
    trick: list[Play] = []
    for s in seats:
        options = legal_plays(table.hands[s], trick, order, rules, s)
        # the leader leads anything; a player who cannot follow likes to trump
        trick.append(_pick_play(rng, options, order, {order.trump} if trick else set()))
    winner = order.trick_winner(trick)
    label = {s: f"{SEAT_NAMES[s]}: {play_name(p)}" for s, p in zip(seats, trick, strict=True)}
    # the choices in table order from a random seat, not in the order played (the picture
    # shows that): the leader is not always first
    choices = tuple(label[s] for s in rotated(rng, seats))
    prompt = f"{contract_words(order)}. {SEAT_NAMES[table.leader]} led. Who wins this trick?"
    return Question(
        quiz="tricks", seed=0, topic="winner", prompt=prompt, choices=choices,
        answer=label[seats[winner]],
        explanation=_winner_why(trick, winner, order),
        cards=(CardGroup("The trick", tuple(trick), tuple(SEAT_NAMES[s] for s in seats)),),
        order=order,
    )


def _winner_why(trick: Sequence[Play], winner: int, order: CardOrder) -> str:
    best = trick[winner]
    led = order.play_suit(trick[0])
    if best.card.is_joker and order.free_joker:
        how = (
            "was led with a named suit"
            if winner == 0
            else "was played by a player who could not follow suit"
        )
        return (
            f"At no trumps the joker (no suit nominated for it) wins any trick it is played "
            f"to: here it {how}."
        )
    trumps = [p.card for p in trick if order.is_trump(p.card)]
    if trumps:
        assert order.trump is not None
        ranked = sorted(trumps, key=order.power, reverse=True)
        listing = _names_list([_ranked_name(c, order) for c in ranked])
        played = f"One trump was played, {listing}" if len(ranked) == 1 else (
            f"Trumps were played: {listing}"
        )
        why = f"{played}. The highest trump wins the trick: {card_name(best.card)}."
        if led is not None and led is not order.trump:
            why += f" {led.noun.capitalize()} were led, but a trump beats any card of another suit."
        return why
    assert led is not None
    off = [p.card for p in trick if order.play_suit(p) is not led]
    why = (
        f"No trump was played, so the highest {suit_one(led)} (the suit led) wins: "
        f"{play_name(best)}."
        if order.trump is not None
        else f"At no trumps the highest card of the suit led ({led.noun}) wins: {play_name(best)}."
    )
    if off:
        verb = "is a discard" if len(off) == 1 else "are discards"
        why += f" {_names(off)} {verb}: a card of another suit cannot win."
    return why


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
