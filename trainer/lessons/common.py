"""Small helpers the lesson generators share: bids and sides in words, number choices,
random auctions and random legal play (no Streamlit here).

The right answer's place among the choices must tell nothing (a test generates a few thousand
questions of every kind and checks each place is the answer about as often): numbers are put in
increasing order with the answer's place drawn first (`number_choices`), players in table order
from a random seat (`rotated`), and options with no natural order in a random order
(`shuffled`, `insert_anywhere`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from trainer.bidding import PASS, Auction, Bid, ladder
from trainer.cards import JOKER, Seat
from trainer.lessons.question import SEAT_NAMES, names_list
from trainer.play import PlayState
from trainer.rules import STRAINS, Play, RuleSet

T = TypeVar("T")

PACK_SIZES = (24, 25, 32, 33, 36, 40, 42, 43, 44, 45, 48, 52, 53, 54, 62, 63, 64, 65)
"""Pack sizes a learner might guess (the real ones: 33, 43, 45 and 63, RULES.md §1)."""

STRAIN_ORDER = "♠ < ♣ < ♦ < ♥ < NT"
"""The strains from the lowest (RULES.md §3)."""


def bid_words(bid: Bid) -> str:
    """``7♥``, ``misère``, ``open misère``."""
    return bid.pretty


def call_words(call: Bid | str) -> str:
    """A call in words: a bid, or ``pass``."""
    return "pass" if call == PASS else bid_words(call)  # type: ignore[arg-type]


def seat_name(seat: Seat) -> str:
    """``North``."""
    return SEAT_NAMES[seat]


def side_name(side: Iterable[Seat]) -> str:
    """A side in words: ``North and South``, or one seat at a three-player table."""
    return names_list([SEAT_NAMES[s] for s in side])


def number_choices(rng: random.Random, answer: int, near: Iterable[int], count: int = 4, *,
                   step: int = 10, low: int | None = None, place: int | None = None,
                   keep: Iterable[int] = ()) -> tuple[str, ...]:
    """``count`` numbers in increasing order with ``answer`` among them, its place drawn first
    (uniformly, or ``place`` if given) so that the place tells nothing.

    The others are then drawn around it: as many below the answer and above it as its place
    needs, from ``near`` (plausible wrong answers); where ``near`` has too few on one side, from
    the answer minus (or plus) ``step``, twice ``step``, and so on, never below ``low``.
    ``keep`` are wrong answers that must be among the choices (the place must leave room for
    them). Raises ValueError when ``low`` leaves no room for the place drawn.
    """
    if place is None:
        place = rng.randrange(count)
    kept = sorted({n for n in keep if n != answer})
    need_below = place - sum(1 for n in kept if n < answer)
    need_above = count - 1 - place - sum(1 for n in kept if n > answer)
    if need_below < 0 or need_above < 0:
        raise ValueError(f"no place {place} for {answer} among {count} with {kept}")
    pool = {n for n in near if n != answer and (low is None or n >= low)} - set(kept)
    below = sorted(n for n in pool if n < answer)
    above = sorted(n for n in pool if n > answer)
    k = 1
    while len(below) < need_below:
        n = answer - k * step
        if low is not None and n < low:
            raise ValueError(f"no room below {answer} (lowest {low})")
        if n not in below and n not in kept:
            below.append(n)
        k += 1
    k = 1
    while len(above) < need_above:
        n = answer + k * step
        if n not in above and n not in kept:
            above.append(n)
        k += 1
    picks = [*rng.sample(below, need_below), *rng.sample(above, need_above), *kept]
    return tuple(str(n) for n in sorted([answer, *picks]))


def rotated(rng: random.Random, items: Sequence[T]) -> list[T]:
    """``items`` (in table order: clockwise) starting from a random one of them.

    Who-wins choices list the players this way, not in the order they played: the leader is
    not always first, and the winner is at each place equally often.
    """
    i = rng.randrange(len(items))
    return [*items[i:], *items[:i]]


def shuffled(rng: random.Random, items: Iterable[T]) -> list[T]:
    """``items`` (a set of options with no natural order) in a random order."""
    out = list(items)
    rng.shuffle(out)
    return out


def insert_anywhere(rng: random.Random, items: Sequence[T], extra: T) -> list[T]:
    """``items`` with ``extra`` put in at a random place (each of the ``len(items) + 1``
    equally likely)."""
    out = list(items)
    out.insert(rng.randrange(len(out) + 1), extra)
    return out


def placement_words(bid: Bid, rules: RuleSet) -> str:
    """Where a bid sits on the ladder of ``rules``: ``above 7NT and below 8♠``."""
    bids = ladder(rules)
    i = bids.index(bid)
    below = f"above {bids[i - 1].pretty}" if i > 0 else "at the bottom"
    above = f"below {bids[i + 1].pretty}" if i + 1 < len(bids) else "at the top"
    return f"{below} and {above}"


def misere_placement_note(rules: RuleSet) -> str:
    """Where misère sits under ``rules``, naming the option."""
    where = placement_words(Bid(misere=True), rules)
    how = (
        "above every 7-bid and below every 8-bid"
        if rules.misere_placement == "after_sevens"
        else "by its 250 points, between 8♠ (240) and 8♣ (260)"
    )
    return (
        f"Misère sits {how} (option `misere_placement` is `{rules.misere_placement}`): "
        f"{where}."
    )


def value_formula(bid: Bid) -> str:
    """How a trick bid's value is made up on the Avondale schedule (RULES.md §6)."""
    assert bid.level is not None and bid.strain is not None
    steps = STRAINS.index(bid.strain)
    return (
        f"6♠ is worth 40; each step up the strains ({STRAIN_ORDER}) adds 20 and each extra "
        f"trick adds 100, so {bid.pretty} is 40 + {steps} × 20 + {bid.level - 6} × 100"
    )


def random_auction(rng: random.Random, rules: RuleSet, max_calls: int,
                   bid_chance: float = 0.55) -> tuple[Auction, list[tuple[Seat, Bid | str]]]:
    """An auction of up to ``max_calls`` random legal calls that is not over yet, with the calls
    as (seat, call) pairs. Bids climb a few steps at a time, as real bidding does."""
    while True:
        dealer = rng.choice(rules.seats)
        auction = Auction(rules, dealer)
        made: list[tuple[Seat, Bid | str]] = []
        for _ in range(rng.randint(0, max_calls)):
            seat = auction.to_call
            assert seat is not None
            bids = [c for c in auction.legal_calls() if isinstance(c, Bid)]
            call: Bid | str = PASS
            if bids and rng.random() < bid_chance:
                call = rng.choice(bids[:4])
            trial = Auction(rules, dealer, list(auction.calls))
            trial.call(call)
            if trial.is_over:
                break
            auction.call(call)
            made.append((seat, call))
        if not auction.is_over:
            return auction, made


def calls_words(made: Sequence[tuple[Seat, Bid | str]]) -> str:
    """``North 6♠, East pass, South 7♣``."""
    return ", ".join(f"{seat_name(s)} {call_words(c)}" for s, c in made)


def play_on(state: PlayState, rng: random.Random, tricks: int) -> None:
    """Play ``tricks`` more tricks (or to the end) with random legal plays; the joker is kept
    back while another card may be played."""
    target = len(state.history) + tricks
    while not state.is_over and len(state.history) < target:
        state.push(pick_play(rng, state.legal_plays()))


def pick_play(rng: random.Random, options: Sequence[Play]) -> Play:
    """A random play, not the joker if another card may be played."""
    plain = [p for p in options if not p.card.is_joker]
    return rng.choice(plain or list(options))


def joker_holder(state: PlayState) -> Seat | None:
    """The seat holding the joker, or None."""
    return next((s for s, h in state.hands.items() if JOKER in h), None)
