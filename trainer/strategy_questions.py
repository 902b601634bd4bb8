"""Practice questions for the five strategy lessons (lessons 11-15), generated from the engine.

Each question is dealt from a seed (`trainer.cards.deal`, the 4-player 43-card pack of RULES.md
§1) and answered by the engine: trumps counted by `CardOrder.is_trump` (the joker and both
bowers, RULES.md §2), the cards still out from `trainer.cards.pack`, who may play the joker by
`legal_plays` (RULES.md §5), who wins a trick by `CardOrder.trick_winner` (§4). The same lesson
and seed always give the same question (``random.Random(seed)``); no Streamlit here.

Shapes: `make_strategy_question(lesson_id, seed)` -> `StrategyQuestion` (prompt, the cards to
show as ``(label, cards)`` groups, the choices as strings, the answer, the explanation).
Errors: `KeyError` for a lesson with no strategy practice (`STRATEGY_KINDS` lists them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from trainer.cards import JOKER, SUITS, Card, Seat, Suit, deal, pack
from trainer.rules import CardOrder, Play, legal_plays, ruleset

__all__ = ["STRATEGY_KINDS", "StrategyQuestion", "make_strategy_question", "question_kinds"]

RULES = ruleset()  # the default 4-player Australian game: 43 cards, 13 red trumps, 12 black


@dataclass(frozen=True)
class StrategyQuestion:
    """One multiple-choice question. ``cards``: groups of cards to show, ``(label, cards)``;
    ``trump``: the trump suit the question is set in (None: no trumps); ``mark_trumps``: whether
    the cards may be drawn with the trump ring and role words (False where finding the trumps
    is the question: the hand is then drawn plain, in the no-trump order); ``reveal``: groups
    shown only with the feedback, where showing them first would give the answer away;
    ``answer`` is one of ``choices``; ``explanation`` says why, in the game's words."""

    lesson: str
    kind: str
    seed: int
    prompt: str
    choices: tuple[str, ...]
    answer: str
    explanation: str
    cards: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    trump: Suit | None = None
    mark_trumps: bool = True
    reveal: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def is_right(self, choice: str) -> bool:
        return choice == self.answer

    def feedback(self, choice: str) -> str:
        """``Right: ...`` or ``Not quite: the answer is ...``, then the explanation."""
        if self.is_right(choice):
            return f"Right: {self.explanation}"
        return f"Not quite: the answer is {self.answer}. {self.explanation}"


def _names(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _number_choices(answer: int, rng: random.Random, low: int = 0) -> tuple[str, ...]:
    """Four whole numbers around ``answer`` (never below ``low``), in increasing order."""
    near = [n for n in range(answer - 3, answer + 4) if n >= low and n != answer]
    picked = [*rng.sample(near, 3), answer]
    return tuple(str(n) for n in sorted(picked))


def _hand(seed: int) -> tuple[Card, ...]:
    return deal(seed).hands[Seat.S]


def _plain(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """A hand sorted as at no trumps: the trumps are not gathered at its head, so the order
    does not give away which cards are trumps."""
    return tuple(sorted(hand, key=CardOrder().display_key))


def _trumps(cards: tuple[Card, ...], order: CardOrder) -> list[Card]:
    return sorted((c for c in cards if order.is_trump(c)), key=order.display_key)


# --- 11 valuing a hand -------------------------------------------------------------------------


def count_trumps(seed: int) -> StrategyQuestion:
    """How many trumps a dealt hand holds in a suit, counting the joker and both bowers."""
    rng = random.Random(seed)
    hand = _hand(seed)
    trump = rng.choice(SUITS)
    order = CardOrder(trump=trump)
    held = _trumps(hand, order)
    explanation = (f"With {trump.symbol} trumps this hand holds {len(held)}: "
                   f"{_names(held) or 'none'}." if held else
                   f"With {trump.symbol} trumps this hand holds none.")
    if JOKER in held:
        explanation += " The joker is the highest trump."
    left = [c for c in held if not c.is_joker and c.suit is trump.same_colour]
    if left:
        explanation += (f" {left[0].pretty} is the left bower: a trump, not a "
                        f"{trump.same_colour.symbol}.")
    return StrategyQuestion(
        "valuing-a-hand", "count_trumps", seed,
        f"How many trumps does this hand hold with {trump.symbol} trumps, counting the joker "
        "and both bowers?",
        _number_choices(len(held), rng), str(len(held)), explanation,
        cards=(("Your hand", _plain(hand)),), trump=trump, mark_trumps=False,
        reveal=(("Its trumps", tuple(held)),) if held else ())


def pack_trumps(seed: int) -> StrategyQuestion:
    """How many trumps the 43-card pack holds in a suit (13 in a red suit, 12 in a black one)."""
    rng = random.Random(seed)
    trump = rng.choice(SUITS)
    order = CardOrder(trump=trump)
    every = _trumps(pack(), order)
    colour = "red" if trump.is_red else "black"
    return StrategyQuestion(
        "valuing-a-hand", "pack_trumps", seed,
        f"How many trumps are there in the 43-card pack when {trump.symbol} are trumps?",
        ("11", "12", "13", "14"), str(len(every)),
        f"{len(every)}: the joker, both jacks of the {colour} suits and the rest of "
        f"{trump.symbol} ({'A to 4' if trump.is_red else 'A to 5'}).",
        trump=trump, reveal=(("Every trump", tuple(every)),))


# --- 12 declarer play --------------------------------------------------------------------------


def _hand_with_trumps(seed: int, least: int) -> tuple[random.Random, tuple[Card, ...], Suit]:
    """A hand and a trump suit it holds at least ``least`` trumps in (tries seed, seed+1...)."""
    for step in range(200):
        rng = random.Random(seed * 1009 + step)
        hand = _hand(seed * 1009 + step)
        trump = rng.choice(SUITS)
        if len(_trumps(hand, CardOrder(trump=trump))) >= least:
            return rng, hand, trump
    raise ValueError(f"seed {seed}: no hand with {least} trumps found")  # pragma: no cover


def draw_from_top(seed: int) -> StrategyQuestion:
    """Which card draws trumps from the top: the hand's highest trump."""
    rng, hand, trump = _hand_with_trumps(seed, 3)
    order = CardOrder(trump=trump)
    held = _trumps(hand, order)
    top = held[0]
    others = [c for c in hand if not order.is_trump(c)]
    choices = [top, *rng.sample(held[1:], min(2, len(held) - 1))]
    if others:
        choices.append(rng.choice(others))
    choices.sort(key=order.display_key)
    return StrategyQuestion(
        "declarer-play", "draw_from_top", seed,
        f"You are the declarer with {trump.symbol} trumps and on lead. Which card draws "
        "trumps from the top?",
        tuple(c.pretty for c in choices), top.pretty,
        f"{top.pretty} is your highest trump (your trumps, highest first: {_names(held)}). "
        "Each round of trumps takes one from every opponent who still has one, as they must "
        "follow, and led from the top your trump wins the trick.",
        cards=(("Your hand", _plain(hand)),), trump=trump, mark_trumps=False)


def trumps_out(seed: int) -> StrategyQuestion:
    """How many trumps the other three players hold between them."""
    rng, hand, trump = _hand_with_trumps(seed, 3)
    order = CardOrder(trump=trump)
    held = _trumps(hand, order)
    total = len(_trumps(pack(), order))
    out = total - len(held)
    return StrategyQuestion(
        "declarer-play", "trumps_out", seed,
        f"With {trump.symbol} trumps, how many trumps do the other three players and the "
        "kitty hold between them?",
        _number_choices(out, rng), str(out),
        f"There are {total} trumps with {trump.symbol} trumps; you hold {len(held)} "
        f"({_names(held)}), so {out} are elsewhere. Count them down as they fall.",
        cards=(("Your hand", _plain(hand)),), trump=trump, mark_trumps=False)


# --- 13 the joker at no trumps -----------------------------------------------------------------


def joker_follow(seed: int) -> StrategyQuestion:
    """At no trumps (joker not nominated), may the holder play the joker to a suit led?"""
    rng = random.Random(seed)
    order = CardOrder()
    for step in range(200):
        others = [c for c in _hand(seed * 1013 + step) if not c.is_joker]
        led = rng.choice(SUITS)
        void = rng.random() < 0.5
        hand = [c for c in others if c.suit is not led] if void else others
        if len(hand) >= 4 and void == all(c.suit is not led for c in hand):
            break
    hand = [c for c in hand if c.suit is led][:2] + [c for c in hand if c.suit is not led]
    hand = [*sorted(hand[:6], key=order.display_key), JOKER]
    lead = next(c for c in pack() if c.suit is led and c not in hand)
    legal = legal_plays(hand, [Play(lead)], order, RULES, Seat.S)
    may = any(p.card.is_joker for p in legal)
    yes, no = "Yes, and it wins the trick", f"No: you must follow {led.symbol}"
    why = (f"You hold no {led.noun}, so the joker may be played, and a free joker wins any "
           "trick it is played to." if may else
           f"You hold a {led.noun[:-1] if led.noun.endswith('s') else led.noun}, so you must "
           "follow suit: the joker may be played only when you cannot follow.")
    return StrategyQuestion(
        "joker-no-trumps", "joker_follow", seed,
        f"No trumps, the joker not nominated. West leads {lead.pretty}. May you play the "
        "joker?",
        (yes, no), yes if may else no, why,
        cards=(("West leads", (lead,)), ("Your hand", tuple(hand))))


def joker_trick(seed: int) -> StrategyQuestion:
    """Who wins a no-trump trick in which a void player threw the joker."""
    rng = random.Random(seed)
    order = CardOrder()
    led = rng.choice(SUITS)
    suit_cards = sorted((c for c in pack() if c.suit is led), key=lambda c: -order.power(c))
    plays = rng.sample(suit_cards, 3)
    at = rng.randrange(1, 4)
    plays.insert(at, JOKER)
    seats = ("West", "North", "East", "South")
    winner = order.trick_winner([Play(c) for c in plays])
    return StrategyQuestion(
        "joker-no-trumps", "joker_trick", seed,
        f"No trumps, the joker not nominated. West leads {plays[0].pretty}; "
        f"{seats[at]} has no {led.noun} and plays the joker. Who wins the trick?",
        seats, seats[winner],
        "The joker played by a player who cannot follow wins the trick, above the ace: a "
        "free joker wins every trick it is played to.",
        cards=(("The trick, West first", tuple(plays)),))


# --- 14 misère ---------------------------------------------------------------------------------


def lower_out(seed: int) -> StrategyQuestion:
    """How many lower cards of its suit are out against a hand's lowest card in a suit."""
    rng = random.Random(seed)
    order = CardOrder()
    hand = _hand(seed)
    suits = [s for s in SUITS if any(c.suit is s for c in hand)]
    suit = rng.choice(suits)
    lowest = min((c for c in hand if c.suit is suit), key=order.power)
    below = [c for c in pack() if c.suit is suit and order.power(c) < order.power(lowest)
             and c not in hand]
    return StrategyQuestion(
        "misere-play", "lower_out", seed,
        f"In misère your lowest {suit.noun[:-1] if suit.noun.endswith('s') else suit.noun} is "
        f"{lowest.pretty}. How many lower {suit.noun} are out against it?",
        _number_choices(len(below), rng), str(len(below)),
        f"{len(below)}: {_names(below) or 'none'}. The more lower cards out, the more "
        f"chances an opponent has to lead one under it and make {lowest.pretty} win; with "
        f"none out, {lowest.pretty} goes under any lead of {suit.symbol}.",
        cards=(("Your hand", tuple(sorted(hand, key=order.display_key))),))


def highest_duck(seed: int) -> StrategyQuestion:
    """In misère, which card to play under a lead: the highest that still ducks."""
    rng = random.Random(seed)
    order = CardOrder()
    for step in range(400):
        hand = _hand(seed * 1019 + step)
        suit = rng.choice(SUITS)
        mine = sorted((c for c in hand if c.suit is suit), key=order.power)
        if len(mine) < 3:
            continue
        out = [c for c in pack() if c.suit is suit and c not in hand
               and order.power(mine[0]) < order.power(c) < order.power(mine[-1])]
        if out:
            lead = rng.choice(out)
            break
    under = [c for c in mine if order.power(c) < order.power(lead)]
    best = max(under, key=order.power)
    return StrategyQuestion(
        "misere-play", "highest_duck", seed,
        f"You are the misère declarer. East leads {lead.pretty}. Which card do you play?",
        tuple(c.pretty for c in sorted(mine, key=lambda c: -order.power(c))), best.pretty,
        f"{best.pretty}: play your highest card that still ducks. It goes under "
        f"{lead.pretty} now, and your lower {suit.noun} stay to duck the leads to come.",
        cards=(("East leads", (lead,)), ("Your hand", tuple(sorted(hand, key=order.display_key)))))


# --- 15 defence --------------------------------------------------------------------------------


def tricks_to_beat(seed: int) -> StrategyQuestion:
    """How many more tricks the defenders need to beat a contract."""
    rng = random.Random(seed)
    level = rng.randint(6, 10)
    strain = rng.choice([*(s.symbol for s in SUITS), "NT"])
    played = rng.randint(1, 5)
    taken = rng.randint(0, min(played, 10 - level))
    need = 11 - level - taken
    return StrategyQuestion(
        "defence", "tricks_to_beat", seed,
        f"The contract is {level}{strain}. After {played} trick{'s' if played > 1 else ''} "
        f"your side has taken {taken}. "
        "How many more tricks does your side need to beat it?",
        _number_choices(need, rng, low=1), str(need),
        f"The declarer's side needs {level} of the 10 tricks, so your side beats it with "
        f"{11 - level}; you have {taken}, so {need} more.")


def third_hand(seed: int) -> StrategyQuestion:
    """Third hand: the cheapest card that beats the trick so far (no trumps)."""
    rng = random.Random(seed)
    order = CardOrder()
    for step in range(400):
        hand = _hand(seed * 1021 + step)
        suit = rng.choice(SUITS)
        mine = sorted((c for c in hand if c.suit is suit), key=order.power)
        if len(mine) < 2:
            continue
        rest = [c for c in pack() if c.suit is suit and c not in hand]
        if len(rest) < 2:
            continue
        lead, second = rng.sample(rest, 2)
        top = max(order.power(lead), order.power(second))
        winners = [c for c in mine if order.power(c) > top]
        if order.power(second) > order.power(lead) and winners and (
                len(winners) < len(mine) or len(winners) >= 2):
            break
    cheapest = winners[0]
    trick = [Play(lead), Play(second)]
    assert order.trick_winner([*trick, Play(cheapest)]) == 2
    return StrategyQuestion(
        "defence", "third_hand", seed,
        f"No trumps. Your partner North leads {lead.pretty}, East plays {second.pretty}. "
        "Which card wins the trick as cheaply as it can?",
        tuple(c.pretty for c in sorted(mine, key=lambda c: -order.power(c))), cheapest.pretty,
        f"{cheapest.pretty} is the lowest of your {suit.noun} that beats "
        f"East's {second.pretty}: third hand plays high enough to win, and no higher, so "
        "your bigger cards still count later.",
        cards=(("The trick so far, North first", (lead, second)),
               ("Your hand", tuple(sorted(hand, key=order.display_key)))))


STRATEGY_KINDS: dict[str, tuple[Callable[[int], StrategyQuestion], ...]] = {
    "valuing-a-hand": (count_trumps, pack_trumps),
    "declarer-play": (draw_from_top, trumps_out),
    "joker-no-trumps": (joker_follow, joker_trick),
    "misere-play": (lower_out, highest_duck),
    "defence": (third_hand, tricks_to_beat),
}
"""The question makers of each strategy lesson, by lesson id."""


def question_kinds(lesson_id: str) -> tuple[str, ...]:
    """The names of a strategy lesson's question kinds; `KeyError` if it has none."""
    return tuple(f.__name__ for f in STRATEGY_KINDS[lesson_id])


def make_strategy_question(lesson_id: str, seed: int) -> StrategyQuestion:
    """A question of the lesson ``lesson_id`` from ``seed`` (its kinds in turn by seed).
    Raises `KeyError` naming the lesson when it has no strategy practice."""
    try:
        makers = STRATEGY_KINDS[lesson_id]
    except KeyError:
        raise KeyError(f"no strategy practice for lesson {lesson_id!r}") from None
    return makers[seed % len(makers)](seed)
