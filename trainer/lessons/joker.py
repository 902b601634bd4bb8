"""Lesson 7, no trumps and the joker (RULES.md §5): may the joker be played now, which suit may
it be named as when led, and who wins a trick with the joker in it, with or without a suit
nominated for it. Answers from `legal_plays`, `nameable_suits` and `CardOrder.trick_winner`,
under the option ``joker_lead``: with the sources' default (any suit may be named, 002) the
"name a suit" question asks instead who must follow the suit named.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from trainer.bidding import Bid
from trainer.cards import JOKER, SUITS, Card, Seat, Suit, deal
from trainer.lessons.common import joker_holder, pick_play, rotated, seat_name
from trainer.lessons.question import (
    CardGroup,
    Question,
    card_name,
    names,
    names_list,
    play_name,
    suit_one,
)
from trainer.play import PlayState, start_play
from trainer.policy import choose_discard
from trainer.rules import (
    CardOrder,
    Play,
    RuleSet,
    Strain,
    Trick,
    legal_plays,
    nameable_suits,
    shown_void,
)

QUIZ = "joker"
TWO_NOTE = ("(The joker follows the same rules in the game for two; this question is dealt at a "
            "table of four.) ")


def quiz_joker(rng: random.Random, rules: RuleSet) -> Question:
    """A joker question: ``may_play``, ``name_suit`` (``follow_named`` when any suit may be
    named, RULES.md §5 ``joker_lead="any_suit"``) or ``winner``. At a table of two the
    question is dealt at a table of four (the joker's rules are the same, its tricks are not)."""
    if rules.players == 2:
        question = quiz_joker(rng, rules.with_options(players=4))
        return replace(question, prompt=TWO_NOTE + question.prompt)
    kind = rng.choice(["may_play", "may_play", "name_suit", "name_suit", "winner", "winner"])
    if kind == "may_play":
        return _may_play(rng, rules)
    if kind == "name_suit":
        if rules.joker_lead == "any_suit":
            return _follow_named(rng, rules)
        return _name_suit(rng, rules)
    return _winner(rng, rules)


# --- a table at no trumps ----------------------------------------------------------------------


def nominated_words(order: CardOrder, holder: Seat) -> str:
    """Whether a suit was nominated for the joker, in words."""
    if order.joker_suit is None:
        return "No suit was nominated for the joker."
    return (
        f"{seat_name(holder)}, the declarer, holds the joker and nominated it as "
        f"{order.joker_suit.noun} before the first lead."
    )


def _deal_with_joker(rng: random.Random, rules: RuleSet) -> tuple[dict[Seat, list[Card]], Seat]:
    """Hands of a fresh deal in which a player (not the kitty) holds the joker."""
    while True:
        dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
        hands = {s: list(h) for s, h in dealt.hands.items()}
        holder = next((s for s, h in hands.items() if JOKER in h), None)
        if holder is not None:
            return hands, holder


def _order(rng: random.Random, chance: float, rules: RuleSet) -> CardOrder:
    """No trumps, the joker nominated now and then where the rules allow it (§5)."""
    if rules.nominate_joker and rng.random() < chance:
        return CardOrder(joker_suit=rng.choice(SUITS))
    return CardOrder()


def _seats_between(rules: RuleSet, first: Seat, last: Seat) -> list[Seat]:
    out, seat = [], first
    while seat is not last:
        out.append(seat)
        seat = rules.next_seat(seat)
    return out


# --- may the joker be played now ---------------------------------------------------------------


def _may_play(rng: random.Random, rules: RuleSet) -> Question:
    hands, you = _deal_with_joker(rng, rules)
    order = _order(rng, 0.3, rules)
    leader = rng.choice([s for s in rules.seats if s is not you])
    hand = hands[you]
    trick: list[Play] = []
    for seat in _seats_between(rules, leader, you):
        options = legal_plays(hands[seat], trick, order, rules, seat)
        if not trick and rng.random() < 0.5:
            # now and then lead a suit you are short in, so both answers come up
            short = [p for p in options
                     if sum(order.effective_suit(c) is order.play_suit(p) for c in hand) <= 1]
            options = short or options
        trick.append(pick_play(rng, options))
    legal = {p.card for p in legal_plays(hand, trick, order, rules, you)}
    ok = JOKER in legal
    led = order.play_suit(trick[0])
    assert led is not None
    follow = [c for c in hand if order.effective_suit(c) is led]
    why = [f"The suit led is {led.noun}."]
    if order.joker_suit is None:
        if follow:
            why.append(
                f"You hold {names(follow)}, so you must follow {led.noun}. The joker belongs to "
                "no suit: it may be played only when you cannot follow, so not now."
            )
        else:
            why.append(
                f"You hold no {led.noun}, so you may play any card, the joker included; it "
                "would win the trick."
            )
    else:
        named = order.joker_suit.noun
        if led is order.joker_suit:
            others = [c for c in follow if not c.is_joker]
            also = f" (you could also follow with {names(others)})" if others else ""
            why.append(
                f"The joker was nominated as {named}: it is the highest of the {named} and "
                f"follows {named}, so you may play it{also}."
            )
        elif follow:
            why.append(
                f"You hold {names(follow)}, so you must follow {led.noun}. Nominated as "
                f"{named}, the joker is not a {suit_one(led)}, so it may not be played now."
            )
        else:
            why.append(
                f"You hold no {led.noun}, so you may play any card. Nominated as {named}, the "
                f"joker would be just a discard here: it cannot win a {suit_one(led)} trick."
            )
    prompt = (
        f"No trumps. {nominated_words(order, you)} {seat_name(leader)} led; you are "
        f"{seat_name(you)}. May you play the joker now?"
    )
    before = _seats_between(rules, leader, you)
    return Question(
        quiz=QUIZ, seed=0, kind="may_play", prompt=prompt, choices=("Yes", "No"),
        answer="Yes" if ok else "No", explanation=" ".join(why),
        cards=(
            CardGroup("The trick so far", tuple(trick), tuple(seat_name(s) for s in before)),
            CardGroup("Your hand", tuple(Play(c) for c in hand)),
        ),
        order=order, subject=JOKER, facts=(("you", you.value),),
    )


# --- which suit may a led joker be named as ----------------------------------------------------


def joker_lead_state(rng: random.Random, rules: RuleSet) -> PlayState:
    """A no-trump hand played at random until the joker's holder is on lead, after at least one
    trick, still holding the joker (the joker is kept back until then)."""
    while True:
        dealt = deal(rng.getrandbits(32), rules.players, rules.deck, rng.choice(rules.seats))
        declarer = rng.choice(rules.seats)
        contract = Bid(rng.randint(6, 8), Strain.NO_TRUMPS)
        pool = [*dealt.hands[declarer], *dealt.kitty]
        state = start_play(dealt, contract, declarer, choose_discard(pool, contract, rules),
                           rules)
        target = rng.randint(1, 3)
        while not state.is_over:
            if (not state.trick and len(state.history) >= target
                    and joker_holder(state) is state.leader):
                return state
            state.push(pick_play(rng, state.legal_plays()))


def led_in_order(history: Sequence[Trick], order: CardOrder) -> list[Suit]:
    """The suits led so far, in the order they were first led."""
    out: list[Suit] = []
    for trick in history:
        suit = order.play_suit(trick.plays[0])
        if suit is not None and suit not in out:
            out.append(suit)
    return out


def _name_suit(rng: random.Random, rules: RuleSet) -> Question:
    state = joker_lead_state(rng, rules)
    you = state.leader
    order = state.order
    history = state.history
    allowed = nameable_suits(you, history, order, rules)
    led = led_in_order(history, order)
    void = [s for s in SUITS if s in shown_void(you, history, order)]
    pool = allowed if allowed and rng.random() < 0.5 else [s for s in SUITS if s not in allowed]
    suit = rng.choice(pool or list(SUITS))
    ok = suit in allowed
    facts_words = [f"Suits led so far: {names_list([s.noun for s in led])}."]
    if void:
        facts_words.append(
            f"You have shown void in {names_list([s.noun for s in void])} (you could not follow "
            "when it was led)."
        )
    prompt = (
        f"No trumps; no suit was nominated for the joker. You are {seat_name(you)}, on lead to "
        f"trick {len(history) + 1}, holding the joker. {' '.join(facts_words)} May you lead the "
        f"joker and name it as {suit.noun}?"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="name_suit", prompt=prompt, choices=("Yes", "No"),
        answer="Yes" if ok else "No",
        explanation=name_why(suit, led, void, allowed, rules, state.tricks_left),
        cards=(CardGroup("Your hand", tuple(Play(c) for c in state.hands[you])),),
        order=order, subject=JOKER,
        facts=(("suit", suit.value), ("led", "".join(s.value for s in led)),
               ("void", "".join(s.value for s in void)), ("tricks_left", str(state.tricks_left))),
    )


def _follow_named(rng: random.Random, rules: RuleSet) -> Question:
    """You lead the joker naming a suit: may the next player play this card? (RULES.md §5:
    "the others must follow that suit if they can", 002: "pozostali gracze muszą dokładać do
    nominowanego koloru")."""
    while True:
        state = joker_lead_state(rng, rules)
        you = state.leader
        nxt = state.seats[(state.seats.index(you) + 1) % len(state.seats)]
        suit = rng.choice(nameable_suits(you, state.history, state.order, rules) or list(SUITS))
        lead = Play(JOKER, suit)
        legal = {p.card for p in legal_plays(state.hands[nxt], [lead], state.order, rules, nxt,
                                             state.history)}
        want = rng.random() < 0.5
        pool = [c for c in state.hands[nxt] if (c in legal) is want]
        if pool:
            break
    card = rng.choice(pool)
    follow = [c for c in state.hands[nxt] if state.order.effective_suit(c) is suit]
    if follow:
        why = (f"{seat_name(nxt)} holds {names(follow)}, so must follow {suit.noun}, the suit "
               f"you named for the joker" + (f": {card_name(card)} may be played." if want
                                             else f", and may not play {card_name(card)}."))
    else:
        why = (f"{seat_name(nxt)} holds no {suit.noun}, so may play any card, "
               f"{card_name(card)} included; the joker wins the trick anyway.")
    prompt = (
        f"No trumps; no suit was nominated for the joker. You are {seat_name(you)} and lead the "
        f"joker, naming it as {suit.noun}. May {seat_name(nxt)} play {card_name(card)}?"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="follow_named", prompt=prompt, choices=("Yes", "No"),
        answer="Yes" if want else "No",
        explanation=("A led joker may be named as any suit; the others must follow that suit "
                     "if they can. " + why),
        cards=(CardGroup(f"{seat_name(nxt)}'s hand", tuple(Play(c) for c in state.hands[nxt])),
               CardGroup("The trick so far", (lead,))),
        order=state.order, subject=card,
        facts=(("suit", suit.value), ("card", card.code)),
    )


def name_why(suit: Suit, led: Sequence[Suit], void: Sequence[Suit], allowed: Sequence[Suit],
             rules: RuleSet, tricks_left: int = 10) -> str:
    """Why a led joker may or may not be named as ``suit`` (RULES.md §5 and its options);
    ``tricks_left`` counts the trick about to be led (1: the last trick)."""
    parts = []
    if rules.joker_lead == "any_suit":
        parts.append("A led joker may be named as any suit, even one already led.")
    elif rules.joker_lead == "not_yet_led":
        parts.append(
            "Under your house rule a led joker must be named as a suit not yet led in this hand."
        )
        if suit in led:
            parts.append(f"{suit.noun.capitalize()} have been led already.")
    else:
        parts.append(
            "Under your rules (as in the American game) a led joker may not be named as a suit "
            "you have shown void in."
        )
        if suit in void:
            parts.append(f"You have shown void in {suit.noun}.")
    if suit in allowed:
        parts.append(f"So you may name it as {suit.noun}; the others must follow {suit.noun} "
                     "and the joker wins the trick.")
    elif allowed:
        parts.append(f"So not {suit.noun}: you may name "
                     f"{names_list([s.noun for s in allowed], 'or')}.")
    elif tricks_left == 1:
        parts.append("So no suit may be named; but this is the last trick, so you lead the "
                     "joker without naming a suit, and it wins.")
    else:
        parts.append(
            "So no suit may be named now: once every suit has been led, the joker may be led "
            "only to the last trick."
            if rules.joker_lead == "not_yet_led"
            else "So no suit may be named now: the joker may be led only to the last trick."
        )
    return " ".join(parts)


# --- who wins a trick with the joker in it -----------------------------------------------------


def joker_trick(rng: random.Random, rules: RuleSet, order: CardOrder,
                hands: dict[Seat, list[Card]], holder: Seat,
                seats: Sequence[Seat]) -> tuple[list[Play], list[Seat]] | None:
    """A first trick played from ``hands`` by ``seats`` (clockwise) from a random leader, the
    joker played whenever it may be; None if the joker did not get into the trick."""
    start = holder if rng.random() < 0.3 else rng.choice(list(seats))
    i = list(seats).index(start)
    order_seats = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    trick: list[Play] = []
    for seat in order_seats:
        options = legal_plays(hands[seat], trick, order, rules, seat)
        jokers = [p for p in options if p.card.is_joker]
        plain = [p for p in options if not p.card.is_joker]
        if jokers and (rng.random() < 0.85 or not plain):
            trick.append(rng.choice(jokers))
        else:
            trick.append(rng.choice(plain))
    if not any(p.card.is_joker for p in trick):
        return None
    return trick, order_seats


def _winner(rng: random.Random, rules: RuleSet) -> Question:
    while True:
        hands, holder = _deal_with_joker(rng, rules)
        order = _order(rng, 0.35, rules)
        played = joker_trick(rng, rules, order, hands, holder, rules.seats)
        if played is not None:
            break
    trick, seats = played
    winner = order.trick_winner(trick)
    label = {s: f"{seat_name(s)}: {play_name(p)}" for s, p in zip(seats, trick, strict=True)}
    # in table order from a random seat, not in the order played: the joker's holder often
    # leads, and the leader is not always first
    choices = tuple(label[s] for s in rotated(rng, seats))
    prompt = (
        f"No trumps. {nominated_words(order, holder)} {seat_name(seats[0])} led. "
        "Who wins this trick?"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="winner", prompt=prompt, choices=choices,
        answer=label[seats[winner]], explanation=joker_winner_why(trick, winner, order),
        cards=(CardGroup("The trick", tuple(trick), tuple(seat_name(s) for s in seats)),),
        order=order, subject=JOKER,
    )


def joker_winner_why(trick: Sequence[Play], winner: int, order: CardOrder) -> str:
    """Why the winner of a no-trump or misère trick holding the joker wins (RULES.md §5)."""
    best = trick[winner]
    led = order.play_suit(trick[0])
    assert led is not None
    joker_at = next(i for i, p in enumerate(trick) if p.card.is_joker)
    if order.joker_low:
        if winner == joker_at:
            return (
                "In misère under your rules the joker is the lowest card; led, it counts as the "
                f"lowest {suit_one(led)}, and nobody followed {led.noun}, so it wins the trick."
            )
        return (
            "In misère under your rules the joker is the lowest card: it wins only when it is "
            f"led and nobody follows the suit named. Here the highest {suit_one(led)} wins, "
            f"{play_name(best)}."
        )
    if order.joker_suit is None:
        how = ("was led, named as " + led.noun if joker_at == 0
               else "was played by a player who could not follow " + led.noun)
        return (
            f"No suit was nominated for the joker, so it belongs to no suit and wins any trick "
            f"it is played to: here it {how}."
        )
    named = order.joker_suit.noun
    if led is order.joker_suit:
        return (
            f"Nominated as {named}, the joker is the highest of the {named}, and {named} were "
            "led: it wins."
        )
    return (
        f"Nominated as {named}, the joker was played by a player with no {led.noun}: it is "
        f"just a discard and cannot win. The highest {suit_one(led)} wins: {card_name(best.card)}."
    )
