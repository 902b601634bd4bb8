"""Value a hand (issue 29, "Trainers beyond puzzles"): guess the tricks, then see them over
the layouts.

A value-a-hand deal (`value_deal`) is `trainer.cards.deal` of its seed (the dealer the seed's
seat in table order, N E S W), seen from South. The auction so far is the policy bidder's
(`trainer.policy.choose_bid`) from the dealer's left up to South's first turn (no calls when East
deals: South then calls first). The strain asked is South's
best by `trainer.policy.best_strain` (the hand's best suit, or no trumps).

The distribution (`value_hand`): ``samples`` layouts of the cards South cannot see (the other
three hands and the kitty), dealt by `trainer.simulate.sample_layouts` to fit what the calls so
far showed, drawn with ``random.Random(f"value:{seed}")``; on each, South declares 7 of the
strain (only the strain matters to the tricks), takes the kitty and discards by
`trainer.policy.choose_discard`, leads, and the tricks South's side takes with every card seen,
played as well as possible (the solver, `trainer.simulate.solve_layout`) are counted. The same
seed gives the same deal, layouts and counts; results are cached per (seed, samples, rules).

What it supports (`Valuation`): ``counts[t]`` layouts taking exactly ``t`` tricks (0-10, adding
up to ``samples``), the mean, ``reach(level)`` the share of layouts taking at least ``level``
tricks, and ``supported`` the highest level 6-10 reached on at least half the layouts (None:
not even six on half), worth `trainer.scoring.bid_value` points on the Avondale schedule
(RULES.md §6).

Grading (`grade_guess`): a guess of ``g`` tricks is right when it lies in the middle half of
the distribution: at least a quarter of the layouts take ``g`` tricks or fewer, and at least a
quarter take ``g`` or more (so between the lower and upper quartiles, both included). A
puzzle rating for the deal (`deal_rating`) grows with the spread of the distribution: a hand
whose tricks vary widely is harder to value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from trainer.bidding import Auction, Bid
from trainer.cards import Card, Deal, Seat, deal, sort_key
from trainer.policy import best_strain, choose_bid
from trainer.rules import RuleSet, Strain, ruleset
from trainer.scoring import TRICKS_PER_HAND, bid_value

LEARNER = Seat.S
SAMPLES = 60
"""Layouts a valuation solves by default (about 3-6 s on one core)."""
LEVELS = (6, 7, 8, 9, 10)
MIDDLE = 0.25
"""A right guess has at least this share of layouts at or below it, and at or above it."""
KIND = "value"
"""The attempts' kind in the learner store."""


class ValueHandError(ValueError):
    """A value-a-hand request the trainer cannot serve: a seed below 0, too few layouts, a table
    other than the 4-player game."""


@dataclass(frozen=True)
class ValueDeal:
    """A value-a-hand deal: ``seed``, the `Deal`, South's ten ``hand`` (display order), the
    ``calls`` so far (codes, from the dealer's left) and the ``strain`` asked."""

    seed: int
    deal: Deal
    hand: tuple[Card, ...]
    calls: tuple[str, ...]
    strain: Strain

    @property
    def item(self) -> str:
        """The deal's id in the learner store: ``"value:<seed>"``."""
        return f"{KIND}:{self.seed}"

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer


def value_deal(seed: int, rules: RuleSet | None = None) -> ValueDeal:
    """The deal of ``seed`` (module docstring). Raises `ValueHandError` for a seed below 0 or
    a table other than 4 players."""
    rules = rules or ruleset()
    if seed < 0:
        raise ValueHandError(f"seed: {seed} is below 0")
    if rules.players != 4:
        raise ValueHandError(f"rules: valuing a hand covers the 4-player game, not "
                             f"{rules.players}")
    seats = rules.seats
    the_deal = deal(seed, 4, rules.deck, seats[seed % len(seats)])
    auction = Auction(rules, the_deal.dealer)
    while auction.to_call is not LEARNER and not auction.is_over:
        seat = auction.to_call
        assert seat is not None
        auction.call(choose_bid(the_deal.hands[seat], auction))
    calls = tuple(c if isinstance(c, str) else c.code for c in auction.calls)
    hand = tuple(sorted(the_deal.hands[LEARNER], key=sort_key))
    strain, _ = best_strain(hand, rules.players)
    return ValueDeal(seed, the_deal, hand, calls, strain)


@dataclass(frozen=True)
class Valuation:
    """The tricks of a deal's hand over ``samples`` layouts (module docstring): ``counts`` has
    eleven entries (0-10 tricks) adding up to ``samples``; ``dropped`` the auction's
    inferences no layout could fit (in words)."""

    seed: int
    strain: Strain
    samples: int
    counts: tuple[int, ...]
    dropped: tuple[str, ...] = ()

    @property
    def mean(self) -> float:
        return sum(t * n for t, n in enumerate(self.counts)) / self.samples

    def reach(self, level: int) -> float:
        """The share (0-1) of layouts taking ``level`` tricks or more."""
        return sum(self.counts[level:]) / self.samples

    def at_most(self, tricks: int) -> float:
        """The share (0-1) of layouts taking ``tricks`` or fewer."""
        return sum(self.counts[: tricks + 1]) / self.samples

    @property
    def supported(self) -> Bid | None:
        """The highest bid of the strain made on at least half the layouts (None: not even
        six tricks on half of them)."""
        levels = [lv for lv in LEVELS if self.reach(lv) >= 0.5]
        return Bid(levels[-1], self.strain) if levels else None

    @property
    def supported_points(self) -> int | None:
        """The supported bid's value on the Avondale schedule (RULES.md §6), or None."""
        bid = self.supported
        return None if bid is None else bid_value(bid)

    @property
    def middle(self) -> tuple[int, int]:
        """The guesses graded right: the lowest and highest tricks in the middle half."""
        right = [g for g in range(TRICKS_PER_HAND + 1) if self.is_middle(g)]
        return right[0], right[-1]

    def is_middle(self, guess: int) -> bool:
        return self.at_most(guess) >= MIDDLE and self.reach(guess) >= MIDDLE


Progress = Callable[[int, int], None]
_CACHE: dict[tuple[int, int, RuleSet], Valuation] = {}


def cached(seed: int, samples: int, rules: RuleSet) -> Valuation | None:
    """The valuation of ``seed`` already computed in this process, else None."""
    return _CACHE.get((seed, samples, rules))


def value_hand(seed: int, rules: RuleSet | None = None, samples: int = SAMPLES,
               progress: Progress | None = None, workers: int = 1) -> Valuation:
    """Value the hand of ``seed`` over ``samples`` layouts (module docstring), calling
    ``progress(done, total)`` as layouts are solved; cached per (seed, samples, rules).
    ``workers`` 1 solves in this process (a web server must not fork). Raises
    `ValueHandError` for fewer than 10 layouts or a bad seed."""
    rules = rules or ruleset()
    if samples < 10:
        raise ValueHandError(f"samples: {samples} layouts are too few; give 10 or more")
    key = (seed, samples, rules)
    if key in _CACHE:
        return _CACHE[key]
    from trainer.simulate import Job, histogram, run_jobs, sample_layouts

    vd = value_deal(seed, rules)
    sample = sample_layouts(vd.hand, LEARNER, vd.dealer, vd.calls, rules, samples,
                            random.Random(f"value:{seed}"))
    rows = run_jobs(sample.layouts, [Job(Bid(7, vd.strain), LEARNER)], rules, workers,
                    progress)
    counts = tuple(histogram([row[0] for row in rows]))
    result = Valuation(seed, vd.strain, samples, counts, tuple(d.text for d in sample.dropped))
    _CACHE[key] = result
    return result


@dataclass(frozen=True)
class GuessGrade:
    """A graded guess: ``right`` (inside the middle half), ``guess``, the ``middle`` range and
    the ``off`` distance in tricks from the mean (positive: guessed too many)."""

    guess: int
    right: bool
    middle: tuple[int, int]
    off: float

    def words(self) -> str:
        """One line on the guess, in tricks: "Right. That is ..." or "Not quite. That is ..."."""
        return ("Right. " if self.right else "Not quite. ") + self.reason

    @property
    def reason(self) -> str:
        """Why the guess is right or not, without the verdict."""
        low, high = self.middle
        span = f"{low}" if low == high else f"{low} to {high}"
        if self.right:
            return f"That is in the middle of what the hand takes ({span} tricks)."
        way = "too many" if self.off > 0 else "too few"
        return f"That is {way}: the middle of what the hand takes is {span} tricks."


def grade_guess(valuation: Valuation, guess: int) -> GuessGrade:
    """Grade a guess of 0-10 tricks (module docstring). Raises `ValueHandError` outside 0-10."""
    if not 0 <= guess <= TRICKS_PER_HAND:
        raise ValueHandError(f"guess: {guess} tricks; give 0 to {TRICKS_PER_HAND}")
    return GuessGrade(guess, valuation.is_middle(guess), valuation.middle,
                      guess - valuation.mean)


def deal_rating(valuation: Valuation) -> float:
    """The deal's starting puzzle rating: 1300 plus 200 a trick of the distribution's spread
    (its standard deviation), capped at 2200."""
    mean = valuation.mean
    var = sum(n * (t - mean) ** 2 for t, n in enumerate(valuation.counts)) / valuation.samples
    return min(2200.0, 1300.0 + 200.0 * var ** 0.5)
