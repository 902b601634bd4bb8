"""Lesson 4, winning tricks: a whole trick, played legally from random hands; who wins it?
(RULES.md §5). Answers from `CardOrder.trick_winner`. No Streamlit here."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from trainer.lessons.card_order import ranked_name
from trainer.lessons.common import rotated
from trainer.lessons.following import pick_trick_play, random_table, seats_from
from trainer.lessons.for_two import winner as two_player_winner
from trainer.lessons.question import (
    SEAT_NAMES,
    CardGroup,
    Question,
    card_name,
    contract_words,
    play_name,
    suit_one,
)
from trainer.lessons.question import names as _names
from trainer.lessons.question import names_list as _names_list
from trainer.rules import CardOrder, Play, RuleSet, legal_plays


def quiz_tricks(rng: random.Random, rules: RuleSet) -> Question:
    """Lesson 4: a whole trick, played legally from random hands; who wins it? (The game for
    two: a four-card trick, `trainer.lessons.for_two.winner`.)"""
    if rules.players == 2:
        return replace(two_player_winner(rng, rules), quiz="tricks")
    table = random_table(rng, rules, None)
    order = table.order
    seats = seats_from(rules, table.leader, rules.players)
    trick: list[Play] = []
    for s in seats:
        options = legal_plays(table.hands[s], trick, order, rules, s)
        # the leader leads anything; a player who cannot follow likes to trump
        trick.append(pick_trick_play(rng, options, order, {order.trump} if trick else set()))
    winner = order.trick_winner(trick)
    label = {s: f"{SEAT_NAMES[s]}: {play_name(p)}" for s, p in zip(seats, trick, strict=True)}
    # the choices in table order from a random seat, not in the order played (the picture
    # shows that): the leader is not always first
    choices = tuple(label[s] for s in rotated(rng, seats))
    prompt = f"{contract_words(order)}. {SEAT_NAMES[table.leader]} led. Who wins this trick?"
    return Question(
        quiz="tricks", seed=0, kind="winner", prompt=prompt, choices=choices,
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
        listing = _names_list([ranked_name(c, order) for c in ranked])
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
