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

Over the auction (`supported_call`): the bid the learner may still call is the highest level
6-10 of the strain reached on at least half the layouts AND higher than the standing bid
(RULES.md §3, `trainer.bidding.Auction.can_call`); None when no such bid (the hand supports no
call over the auction: South passes). `standing` gives the standing bid and its bidder.

Grading (`grade_guess`, `RULE`): the median ``m`` is the fewest tricks taken on at least half
the layouts (the middle layout's). The hand "varies widely" when its middle half (the lower to
the upper quartile, `Valuation.middle`) spans four or more trick counts (upper - lower >= 3).
A guess ``g`` is RIGHT when ``g == m``, or ``|g - m| <= 1`` on a hand that varies widely;
CLOSE one trick further off; else OFF. Only RIGHT counts as solved for the rating. A
puzzle rating for the deal (`deal_rating`) grows with the spread of the distribution: a hand
whose tricks vary widely is harder to value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

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
"""The quartiles: the middle half has at least this share of layouts at or below its lowest
count, and at or above its highest."""
WIDE = 3
"""A hand varies widely when its upper quartile is at least this many tricks above its lower."""
RULE = ("Your guess is right when it is the median, the tricks of the middle layout counted "
        "from the fewest, or one trick either side of it when the hand varies widely (the "
        "middle half of the layouts spans four or more trick counts). One trick further off is "
        "close, and only a right guess raises your rating.")
"""The grading rule, as the learner reads it before guessing."""
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

    @property
    def median(self) -> int:
        """The fewest tricks taken on at least half the layouts."""
        return next(t for t in range(TRICKS_PER_HAND + 1) if self.at_most(t) >= 0.5)

    @property
    def wide(self) -> bool:
        """True when the middle half spans four or more trick counts (module docstring)."""
        low, high = self.middle
        return high - low >= WIDE

    @property
    def tolerance(self) -> int:
        """How many tricks off the median is still right: 1 on a hand that varies widely,
        else 0."""
        return 1 if self.wide else 0

    @property
    def right_range(self) -> tuple[int, int]:
        """The guesses graded right, lowest and highest (within 0-10)."""
        m, tol = self.median, self.tolerance
        return max(0, m - tol), min(TRICKS_PER_HAND, m + tol)


def standing(vd: ValueDeal, rules: RuleSet) -> tuple[Bid | None, Seat | None]:
    """The standing bid of the auction so far and its bidder, or (None, None) when no one has
    bid."""
    auction = Auction(rules, vd.dealer, list(vd.calls))
    high = auction.high_bid
    return (high, auction.high_bidder) if isinstance(high, Bid) else (None, None)


def supported_call(valuation: Valuation, vd: ValueDeal, rules: RuleSet) -> Bid | None:
    """The highest bid of the strain made on at least half the layouts that South may still
    call over the auction so far (RULES.md §3), or None."""
    auction = Auction(rules, vd.dealer, list(vd.calls))
    levels = [lv for lv in LEVELS if valuation.reach(lv) >= 0.5
              and auction.can_call(Bid(lv, valuation.strain))]
    return Bid(levels[-1], valuation.strain) if levels else None


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


class Verdict(Enum):
    """A guess's grade: RIGHT (counts as solved), CLOSE (one trick past the right range), OFF."""

    RIGHT = "Right"
    CLOSE = "Close"
    OFF = "Not quite"


@dataclass(frozen=True)
class GuessGrade:
    """A graded guess (module docstring): the ``verdict``, the ``guess``, the ``median``, the
    ``right_range`` of guesses graded right, ``wide`` (the hand varies widely), its ``middle``
    half, and ``off`` the guess minus the median, in tricks (positive: too many)."""

    guess: int
    verdict: Verdict
    median: int
    right_range: tuple[int, int]
    wide: bool
    middle: tuple[int, int]

    @property
    def off(self) -> int:
        return self.guess - self.median

    @property
    def right(self) -> bool:
        return self.verdict is Verdict.RIGHT

    def words(self) -> str:
        """One line on the guess: "Right. ...", "Close. ..." or "Not quite. ..."."""
        return f"{self.verdict.value}. {self.reason}"

    @property
    def reason(self) -> str:
        """Why, in tricks, without the verdict: the median and the rule applied."""
        low, high = self.middle
        if self.wide:
            rule = (f"The median is {self.median} tricks, and the hand varies widely (the "
                    f"middle half of the layouts take {low} to {high}), so "
                    f"{self.right_range[0]} to {self.right_range[1]} is right.")
        else:
            spread = f"{low}" if low == high else f"{low} to {high}"
            rule = (f"The median is {self.median} tricks, and the hand varies little (the "
                    f"middle half of the layouts take {spread}), so only {self.median} is "
                    "right.")
        if self.off == 0:
            return rule
        n = abs(self.off)
        way = "too many" if self.off > 0 else "too few"
        return f"That is {n} trick{'s' if n > 1 else ''} {way}. {rule}"


def grade_guess(valuation: Valuation, guess: int) -> GuessGrade:
    """Grade a guess of 0-10 tricks (module docstring). Raises `ValueHandError` outside 0-10."""
    if not 0 <= guess <= TRICKS_PER_HAND:
        raise ValueHandError(f"guess: {guess} tricks; give 0 to {TRICKS_PER_HAND}")
    off = abs(guess - valuation.median)
    tol = valuation.tolerance
    verdict = Verdict.RIGHT if off <= tol else Verdict.CLOSE if off == tol + 1 else Verdict.OFF
    return GuessGrade(guess, verdict, valuation.median, valuation.right_range, valuation.wide,
                      valuation.middle)


def deal_rating(valuation: Valuation) -> float:
    """The deal's starting puzzle rating: 1300 plus 200 a trick of the distribution's spread
    (its standard deviation), capped at 2200."""
    mean = valuation.mean
    var = sum(n * (t - mean) ** 2 for t, n in enumerate(valuation.counts)) / valuation.samples
    return min(2200.0, 1300.0 + 200.0 * var ** 0.5)
