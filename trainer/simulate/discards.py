"""Valuing the declarer's discards over the sampled layouts (see `trainer.simulate`)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.bidding import Auction, Bid, misere_refusal
from trainer.cards import Card, Rank, Seat, sort_key
from trainer.policy import choose_discard, estimate_tricks
from trainer.rules import CardOrder, RuleSet, ruleset
from trainer.scoring import TRICKS_PER_HAND
from trainer.simulate.bids import call_code
from trainer.simulate.common import (
    FINALISTS,
    SHORTLIST,
    SHORTLIST_SAMPLES,
    Progress,
    SimulationError,
)
from trainer.simulate.layouts import check_cards, check_table, sample_layouts
from trainer.simulate.scores import made, mean_se, net_score, thrown_in
from trainer.simulate.solving import Job, run_jobs

# --- discards ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardResult:
    """One candidate discard: the three cards (display order), ``ev``/``se`` in points as for
    bids, ``p_make`` 0-1, ``mean_tricks`` (the declarer side's; misère: the declarer's),
    ``samples`` the layouts it was played on, ``policy`` whether it is the simple policy's,
    ``p_slam`` 0-1 the share of layouts where the declarer's side takes all ten tricks (None in
    misère, and in records made before it was kept)."""

    discard: tuple[Card, ...]
    ev: float
    se: float
    p_make: float
    mean_tricks: float
    samples: int
    policy: bool = False
    p_slam: float | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"discard": [c.code for c in self.discard], "ev": round(self.ev, 1),
               "se": round(self.se, 1), "p_make": round(self.p_make, 3),
               "mean_tricks": round(self.mean_tricks, 2)}
        if self.p_slam is not None:
            out["p_slam"] = round(self.p_slam, 3)
        return out


def score_key(result: DiscardResult) -> float:
    """A discard's expected score at the precision a puzzle record keeps (0.1 point), so that
    a table read back from its record ranks and grades as it did when it was made."""
    return round(result.ev, 1)


def best_by_score(results: Iterable[DiscardResult]) -> DiscardResult:
    """The discard with the highest expected score (`score_key`); of equal ones, the first."""
    return max(results, key=score_key)


@dataclass(frozen=True)
class DiscardAnalysis:
    """The candidate table of a discard: ``candidates`` ranked by expected score (`score_key`),
    then chance of making, then mean tricks (fewest first in misère), each played on all
    ``samples`` layouts;
    ``shortlisted``: how many discards were played on the first ``shortlist_samples``.
    ``best`` is the candidate with the highest expected score (`best_by_score`): the first
    of a table made by `analyse_discard`."""

    hand: tuple[Card, ...]
    contract: Bid
    seat: Seat
    dealer: Seat
    auction: tuple[str, ...]
    samples: int
    candidates: tuple[DiscardResult, ...]
    policy: tuple[Card, ...]
    shortlisted: int
    shortlist_samples: int
    inferences: tuple[str, ...]
    dropped: tuple[str, ...]

    @property
    def best(self) -> DiscardResult:
        """The candidate with the highest expected score (`best_by_score`)."""
        return best_by_score(self.candidates)

    def find(self, discard: Iterable[Card]) -> DiscardResult | None:
        wanted = frozenset(discard)
        return next((c for c in self.candidates if frozenset(c.discard) == wanted), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": [c.code for c in self.hand], "contract": self.contract.code,
            "seat": self.seat.value, "dealer": self.dealer.value,
            "auction": list(self.auction), "samples": self.samples,
            "candidates": [c.to_json() for c in self.candidates],
            "policy": [c.code for c in self.policy],
            "search": {"shortlisted": self.shortlisted,
                       "shortlist_samples": self.shortlist_samples},
            "inferences": list(self.inferences), "dropped": list(self.dropped),
        }


def _discard_class(discard: Sequence[Card], order: CardOrder) -> tuple:
    counts = tuple(sorted((str(suit), n) for suit, n in _count_by_suit(discard, order).items()))
    high = frozenset(c for c in discard if c.is_joker or (c.rank is not None
                                                           and c.rank >= Rank.JACK))
    return counts, high


def _count_by_suit(cards: Sequence[Card], order: CardOrder) -> dict[Any, int]:
    out: dict[Any, int] = {}
    for c in cards:
        out[order.effective_suit(c)] = out.get(order.effective_suit(c), 0) + 1
    return out


def _static_value(kept: Sequence[Card], contract: Bid) -> float:
    if contract.misere:
        return -sum(1 for c in kept if c.is_joker or (c.rank is not None and c.rank > Rank.NINE))
    assert contract.strain is not None
    return estimate_tricks(kept, contract.strain)


def shortlist_discards(cards: Sequence[Card], contract: Bid, rules: RuleSet,
                       size: int = SHORTLIST) -> list[tuple[Card, ...]]:
    """Step 1 of the discard search (module docstring): the policy's choice first, then the best
    ``size`` heuristic classes' representatives, each a 3-card tuple in display order."""
    order = CardOrder(trump=contract.trump)
    cards = sorted(cards, key=sort_key)
    classes: dict[tuple, tuple[int, tuple[Card, ...]]] = {}
    for combo in itertools.combinations(cards, rules.kitty_size):
        key = _discard_class(combo, order)
        weight = sum(order.power(c) for c in combo)
        if key not in classes or weight < classes[key][0]:
            classes[key] = (weight, combo)
    scored = []
    for weight, combo in classes.values():
        kept = [c for c in cards if c not in combo]
        scored.append((-_static_value(kept, contract), weight, [c.code for c in combo], combo))
    scored.sort(key=lambda x: x[:3])
    policy = tuple(sorted(choose_discard(cards, contract, rules), key=sort_key))
    out = [policy]
    for *_, combo in scored:
        if len(out) > size:
            break
        if frozenset(combo) != frozenset(policy):
            out.append(combo)
    return out


def _discard_result(discard: tuple[Card, ...], contract: Bid, tricks: Sequence[int],
                    rules: RuleSet, policy: bool) -> DiscardResult:
    ev, se = mean_se([net_score(contract, t, rules, True) for t in tricks])
    p = sum(made(contract, t) for t in tricks) / len(tricks)
    slam = None if contract.misere else sum(t == TRICKS_PER_HAND for t in tricks) / len(tricks)
    return DiscardResult(discard, ev, se, p, sum(tricks) / len(tricks), len(tricks), policy,
                         slam)


def _rank_discard(r: DiscardResult, contract: Bid) -> tuple[float, float, float, list[str]]:
    # Expected score first: it is what a discard is graded on (`trainer.generate.bands`).
    sign = 1 if contract.misere else -1
    return (-score_key(r), -round(r.p_make, 9), sign * round(r.mean_tricks, 9),
            [c.code for c in r.discard])


def _hand_and_discards(cards: Sequence[Card], discards: Iterable[Iterable[Card]],
                       rules: RuleSet) -> tuple[tuple[Card, ...], list[tuple[Card, ...]]]:
    """The hand and kitty (``10 + kitty_size`` cards) and each discard (``kitty_size`` cards of
    them), sorted and checked; raises `SimulationError` naming the bad one."""
    cards = tuple(sorted(cards, key=sort_key))
    check_cards(cards, (10 + rules.kitty_size,), rules)
    chosen = [tuple(sorted(d, key=sort_key)) for d in discards]
    for d in chosen:
        check_cards(d, (rules.kitty_size,), rules, "discard")
        if not set(d) <= set(cards):
            raise SimulationError("discard: every card must come from the hand")
    return cards, chosen


def analyse_discard(cards: Sequence[Card], contract: Bid, seat: Seat, dealer: Seat,
                    calls: Sequence[str] = (), rules: RuleSet | None = None,
                    samples: int = 100, seed: int | str = 0, workers: int | None = None,
                    progress: Progress | None = None, include: Iterable[Iterable[Card]] = (),
                    shortlist: int = SHORTLIST, shortlist_samples: int = SHORTLIST_SAMPLES,
                    finalists: int = FINALISTS) -> DiscardAnalysis:
    """The discard search of the module docstring for ``seat`` declaring ``contract`` with
    ``cards`` (13: hand and kitty), on ``samples`` layouts drawn with
    ``random.Random(f"layouts:{seed}")``. ``include``: discards always played in full (the
    learner's). ``calls``: the whole auction, won by ``seat`` in ``contract``, or none.
    Raises `SimulationError` on bad input (a discard not of 3 cards of the hand, an auction
    not over or won otherwise).
    """
    rules = rules or ruleset()
    check_table(rules)
    refusal = misere_refusal(contract, rules)
    if refusal is not None:
        raise SimulationError(f"contract: {contract.code}: {refusal}")
    if thrown_in(contract, rules):
        raise SimulationError(f"contract: {contract.code}: a 6-level bid cannot win the "
                              "auction under these rules (the hand is thrown in)")
    cards, extra = _hand_and_discards(cards, include, rules)
    codes = tuple(call_code(c) for c in calls)
    auction = Auction(rules, dealer, list(codes))  # checks the calls
    if codes and (not auction.is_over or auction.contract != contract
                  or auction.declarer is not seat):
        won = (f"{auction.declarer} won it in {auction.contract.code}" if auction.is_over
               and auction.contract is not None else "it is not over")
        raise SimulationError(f"auction: give the whole auction, won by {seat} in "
                              f"{contract.code}, or none; {won}")
    sample = sample_layouts(cards, seat, dealer, codes, rules, samples,
                            random.Random(f"layouts:{seed}"))
    layouts = sample.layouts
    short = shortlist_discards(cards, contract, rules, shortlist)
    for d in extra:
        if frozenset(d) not in {frozenset(s) for s in short}:
            short.append(d)
    first = min(shortlist_samples, len(layouts))
    total = first + (len(layouts) - first)
    rows = run_jobs(layouts[:first], [Job(contract, seat, d) for d in short], rules, workers,
                    progress, 0, total)
    early = [_discard_result(d, contract, [r[i] for r in rows], rules, i == 0)
             for i, d in enumerate(short)]
    ranked = sorted(range(len(short)), key=lambda i: _rank_discard(early[i], contract))
    keep = set(ranked[:finalists]) | {0} | {
        i for i, d in enumerate(short) if frozenset(d) in {frozenset(e) for e in extra}}
    final = [i for i in range(len(short)) if i in keep]
    rest = run_jobs(layouts[first:], [Job(contract, seat, short[i]) for i in final], rules,
                    workers, progress, first, total)
    results = []
    for k, i in enumerate(final):
        tricks = [r[i] for r in rows] + [r[k] for r in rest]
        results.append(_discard_result(short[i], contract, tricks, rules, i == 0))
    results.sort(key=lambda r: _rank_discard(r, contract))
    return DiscardAnalysis(
        hand=cards, contract=contract, seat=seat, dealer=dealer, auction=codes,
        samples=len(layouts), candidates=tuple(results), policy=short[0],
        shortlisted=len(short), shortlist_samples=first,
        inferences=tuple(i.text for i in sample.inferences),
        dropped=tuple(i.text for i in sample.dropped),
    )


def evaluate_discards(cards: Sequence[Card], contract: Bid, seat: Seat, dealer: Seat,
                      discards: Sequence[Sequence[Card]], calls: Sequence[str] = (),
                      rules: RuleSet | None = None, samples: int = 100, seed: int | str = 0,
                      workers: int | None = None,
                      progress: Progress | None = None) -> list[DiscardResult]:
    """Play the given discards in full on the layouts `analyse_discard` uses for the same
    arguments (same seed: same layouts), e.g. a learner's discard missing from a table."""
    rules = rules or ruleset()
    cards, chosen = _hand_and_discards(cards, discards, rules)
    codes = tuple(call_code(c) for c in calls)
    sample = sample_layouts(cards, seat, dealer, codes, rules, samples,
                            random.Random(f"layouts:{seed}"))
    rows = run_jobs(sample.layouts, [Job(contract, seat, d) for d in chosen], rules, workers,
                    progress)
    policy = frozenset(choose_discard(cards, contract, rules))
    return [_discard_result(d, contract, [r[i] for r in rows], rules, frozenset(d) == policy)
            for i, d in enumerate(chosen)]
