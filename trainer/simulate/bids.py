"""Valuing every sensible call of a hand over the sampled layouts (see `trainer.simulate`)."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer.bidding import MISERE, PASS, Auction, Bid, bid_rank, parse_call
from trainer.cards import Card, Seat, sort_key
from trainer.rules import STRAINS, RuleSet, Strain, ruleset
from trainer.scoring import TRICKS_PER_HAND
from trainer.simulate.common import (
    SHOW_LEVEL_SHARE,
    DiscardRule,
    MiserePlay,
    Progress,
    SimulationError,
)
from trainer.simulate.finish import FINISHES, Final, FinishTask, finish_layout, summarise
from trainer.simulate.layouts import LayoutSample, check_cards, check_table, sample_layouts
from trainer.simulate.scores import _expand, histogram, made, mean_se, net_score, thrown_in
from trainer.simulate.solving import Job, run_jobs, run_tasks

# --- bids ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CallResult:
    """One candidate call: ``call`` (``"P"`` or a bid code); ``ev`` and ``se`` in points (the
    learner's side minus the opponents, per hand); ``p_make`` 0-1; ``mean_tricks`` the declarer
    side's mean tricks (None for pass with no bid standing, and for misère).

    With the auction finished (``finish="policy"``, `trainer.simulate`): ``ev`` and ``se`` are
    over the contracts the auctions reached; ``p_make`` is the share of layouts where that
    contract goes the learner's side's way (made by that side, or set when the opponents
    declare; a thrown-in or all-pass hand counts as neither); ``mean_tricks`` is, for a trick
    bid, the learner's mean tricks declaring its strain (the ``tricks`` distribution, whether or
    not the auction ends there); for a pass that led to the same contract, played, on every
    layout, its declarer side's mean tricks (an all-pass played at no trumps: your side's); else
    None; ``finals`` the final contracts as (contract code or
    ``"P"`` when all passed, declarer seat code or None, layouts), most frequent first. Empty
    ``finals``: the call was taken as the final contract (``finish=None``). ``scores``: the
    net score on each layout in layout order (``finish="policy"`` only; not stored in records),
    so two candidates can be compared layout by layout (`paired_gap`); ``outcomes`` likewise
    the auction's end on each layout (`trainer.simulate.finish.Final`)."""

    call: str
    ev: float
    se: float
    p_make: float
    mean_tricks: float | None = None
    finals: tuple[tuple[str, str | None, int], ...] = ()
    scores: tuple[float, ...] = field(default=(), compare=False, repr=False)
    outcomes: tuple[Final, ...] = field(default=(), compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"call": self.call, "ev": round(self.ev, 1),
                               "se": round(self.se, 1), "p_make": round(self.p_make, 3)}
        if self.mean_tricks is not None:
            out["mean_tricks"] = round(self.mean_tricks, 2)
        if self.finals:
            out["finals"] = [list(f) for f in self.finals]
        return out


@dataclass(frozen=True)
class BidAnalysis:
    """The candidate table of a bidding decision (module docstring).

    ``candidates``: best first (ev, then the lower call). ``tricks``: per strain code (``S`` ...
    ``NT``), the learner-declarer's trick distribution as counts of 0-10 tricks over the layouts.
    ``misere_made``: layouts where a misère by the learner is made (None if misère is not legal).
    ``standing``: the bid that stands if the learner passes, its bidder and its trick
    distribution (None with no bid). ``legal``: the legal calls, lowest first. ``finish``: how
    the calls were valued (`trainer.simulate.finish.FINISHES`: ``"policy"``, the auction
    finished by the policy bidder, every legal call a candidate; None, each call taken as the
    final contract).
    """

    hand: tuple[Card, ...]
    seat: Seat
    dealer: Seat
    auction: tuple[str, ...]
    samples: int
    candidates: tuple[CallResult, ...]
    tricks: Mapping[str, tuple[int, ...]]
    misere_made: int | None
    standing: tuple[str, Seat, tuple[int, ...]] | None
    legal: tuple[str, ...]
    inferences: tuple[str, ...]
    dropped: tuple[str, ...]
    rules: RuleSet = field(default_factory=RuleSet)
    finish: str | None = None

    @property
    def best(self) -> CallResult:
        return self.candidates[0]

    @property
    def standing_side(self) -> str | None:
        """Whose is the bid standing if the learner passes: ``"ours"``, ``"theirs"`` (then the
        pass row's ``p_make`` is the chance that bid is set, a success for the learner's side)
        or None (no bid)."""
        if self.standing is None:
            return None
        return "ours" if self.standing[1] in self.rules.side_of(self.seat) else "theirs"

    def value_of(self, call: str) -> CallResult:
        """The result of any legal call (from the table, or from the trick distributions for
        a strain bid not listed). Raises `SimulationError` for a call that is not legal now."""
        code = call_code(call)
        for cand in self.candidates:
            if cand.call == code:
                return cand
        bid = parse_call(code)
        if (code not in self.legal or not isinstance(bid, Bid) or bid.strain is None
                or self.finish is not None):
            raise SimulationError(f"call {call}: not a legal call now "
                                  f"(legal: {', '.join(self.legal)})")
        return strain_result(bid, self.tricks[bid.strain.value], self.rules)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand": [c.code for c in self.hand], "seat": self.seat.value,
            "dealer": self.dealer.value, "auction": list(self.auction),
            "samples": self.samples,
            "candidates": [c.to_json() for c in self.candidates],
            "tricks": {k: list(v) for k, v in self.tricks.items()},
            "misere_made": self.misere_made,
            "standing": None, "legal": list(self.legal),
            "inferences": list(self.inferences), "dropped": list(self.dropped),
        }
        if self.finish is not None:
            out["finish"] = self.finish
        if self.standing is not None:
            call, seat, hist = self.standing
            out["standing"] = {"call": call, "seat": seat.value, "tricks": list(hist)}
        return out


def call_code(call: str | Bid) -> str:
    """A call's code: ``"P"`` or a bid code (``"7H"``, ``"MIS"``)."""
    parsed = parse_call(call) if isinstance(call, str) else call
    return parsed if isinstance(parsed, str) else parsed.code


def paired_gap(better: CallResult, worse: CallResult) -> tuple[float, float]:
    """How much ``better`` gains over ``worse`` on the same layouts: the mean of the per-layout
    differences and its standard error (common random numbers: the shared luck of a layout
    cancels, so this error is much smaller than either call's own). Without per-layout scores
    (``finish=None``) the errors are combined as if independent."""
    if better.scores and len(better.scores) == len(worse.scores):
        return mean_se([a - b for a, b in zip(better.scores, worse.scores, strict=True)])
    return better.ev - worse.ev, math.hypot(better.se, worse.se)


def strain_result(bid: Bid, hist: Sequence[int], rules: RuleSet) -> CallResult:
    """The result of the learner declaring ``bid`` given the strain's trick distribution
    ``hist`` (counts of 0-10 tricks): every level is scored from the same tricks."""
    tricks = _expand(hist)
    ev, se = mean_se([net_score(bid, t, rules, True) for t in tricks])
    p = sum(made(bid, t, rules) for t in tricks) / len(tricks)
    return CallResult(bid.code, ev, se, p, sum(tricks) / len(tricks))


def _pass_result(standing: Bid | None, ours: bool, tricks: Sequence[int],
                 rules: RuleSet) -> CallResult:
    """Pass: the standing bid is played (``tricks``: its declarer side's), or with none standing
    the hand is thrown in (0), or, when this pass ends an all-pass auction under
    ``all_pass="play_no_trumps"``, played at no trumps (``tricks``: our side's) for 10 a trick
    to each side (RULES.md §3)."""
    if standing is None:
        if not tricks:
            return CallResult(PASS, 0.0, 0.0, 0.0)
        ev, se = mean_se([10 * t - 10 * (TRICKS_PER_HAND - t) for t in tricks])
        return CallResult(PASS, ev, se, 0.0, sum(tricks) / len(tricks))
    ev, se = mean_se([net_score(standing, t, rules, ours) for t in tricks])
    if thrown_in(standing, rules):  # the hand is redealt: nothing gained or lost
        return CallResult(PASS, ev, se, 0.0, sum(tricks) / len(tricks))
    good = sum(made(standing, t) == ours for t in tricks) / len(tricks)
    mean = None if standing.misere else sum(tricks) / len(tricks)
    return CallResult(PASS, ev, se, good, mean)


def _misere_result(bid: Bid, tricks: Sequence[int], rules: RuleSet) -> CallResult:
    ev, se = mean_se([net_score(bid, t, rules, True) for t in tricks])
    return CallResult(bid.code, ev, se, sum(t == 0 for t in tricks) / len(tricks))


def open_auction(seat: Seat, dealer: Seat, calls: Sequence[str], rules: RuleSet) -> Auction:
    """The auction so far, checked to be ``seat``'s turn. Raises `SimulationError` or
    `trainer.errors.BidError` naming the problem."""
    auction = Auction(rules, dealer, list(calls))
    if auction.is_over:
        raise SimulationError("auction: it is over; there is no call to make")
    if auction.to_call is not seat:
        raise SimulationError(f"auction: it is {auction.to_call}'s turn to call, not {seat}'s")
    return auction


def _sort_key(result: CallResult, rules: RuleSet) -> tuple[float, int]:
    bid = parse_call(result.call)
    rank = -1 if not isinstance(bid, Bid) else bid_rank(bid, rules)
    return (-round(result.ev, 6), rank)


def analyse_bid(hand: Sequence[Card], seat: Seat, dealer: Seat, calls: Sequence[str] = (),
                rules: RuleSet | None = None, samples: int = 100, seed: int | str = 0,
                workers: int | None = None, progress: Progress | None = None,
                finish: str | None = "policy",
                misere_play: MiserePlay | None = None,
                only: Sequence[str] | None = None,
                discard_rule: DiscardRule | None = None) -> BidAnalysis:
    """Simulate ``seat``'s call holding ``hand`` (10 cards) after ``calls`` (codes, from the
    dealer's left), on ``samples`` layouts drawn with ``random.Random(f"layouts:{seed}")``.

    Solves each strain with a legal bid once per layout as the learner's, misère once if misère
    or open misère is legal, and the standing contract once if a bid stands (module docstring).
    ``finish="policy"`` (the default): every legal call is a candidate; after each, the auction
    is finished by `policy.choose_bid` on each layout and the contract reached is played, each
    distinct (declarer, strain or misère) of a layout solved once (`trainer.simulate.finish`;
    nested simulation is too costly). ``finish=None``: each call is taken as the final contract
    (the old valuation). ``misere_play`` (with ``finish="policy"``): a closed misère played
    out by it on each layout (`trainer.simulate.common.MiserePlay`; the trainer's is
    `trainer.bots.misere_play.played_misere`, players who see only what they would see)
    instead of solved double dummy; an open misère, whose defenders see the declarer's hand,
    stays double dummy. ``only`` (with ``finish="policy"``): value just these legal call
    codes (the others are left out, and so are the strains no call of them needs; a caller
    that will choose among a few calls saves their solves; each result is what the full
    analysis gives it). ``discard_rule``: how every simulated declarer discards
    (`trainer.simulate.common.DiscardRule`; None: `policy.choose_discard`). About 5-10 solves
    a layout: roughly 0.2-0.4 s of CPU. Raises `SimulationError` / `BidError` on bad input
    (wrong hand size, card not in pack, not ``seat``'s turn, an unknown ``finish``, a call
    in ``only`` that is not legal).
    """
    if finish not in FINISHES:
        raise SimulationError(f"finish: {finish!r} is not one of {FINISHES}")
    rules = rules or ruleset()
    check_table(rules)
    hand = tuple(sorted(hand, key=sort_key))
    check_cards(hand, (10,), rules)
    if samples < 1:
        raise SimulationError("samples: give at least 1")
    auction = open_auction(seat, dealer, calls, rules)
    codes = tuple(call_code(c) for c in auction.calls)
    every = tuple(call_code(c) for c in auction.legal_calls())
    legal = auction.legal_calls() if only is None else _only(auction.legal_calls(), only, finish)
    legal_bids = [c for c in legal if isinstance(c, Bid)]
    strains = [s for s in STRAINS if any(b.strain is s for b in legal_bids)]
    misere_bids = [b for b in legal_bids if b.misere]
    standing, bidder = auction.high_bid, auction.high_bidder
    jobs = [Job(Bid(7, s), seat, rule=discard_rule) for s in strains]
    if misere_bids:
        jobs.append(Job(MISERE, seat, rule=discard_rule))
    if standing is not None and bidder is not None:
        jobs.append(Job(standing, bidder, rule=discard_rule))
    # this pass would end an auction of passes, and the rules then play the hand at no trumps
    all_pass = (standing is None and rules.all_pass == "play_no_trumps"
                and len(auction.calls) == len(rules.seats) - 1)
    if all_pass:
        jobs.append(Job(Bid(6, Strain.NO_TRUMPS), seat, all_pass=True))
    sample = sample_layouts(hand, seat, dealer, codes, rules, samples,
                            random.Random(f"layouts:{seed}"))
    if finish is not None:
        return _finished_analysis(hand, seat, dealer, codes, rules, sample, jobs, strains,
                                  bool(misere_bids), legal, every, workers, progress,
                                  misere_play, discard_rule)
    if misere_play is not None:
        raise SimulationError("misere_play: only with the auction finished (finish='policy')")
    rows = run_jobs(sample.layouts, jobs, rules, workers, progress)
    column = {i: [row[i] for row in rows] for i in range(len(jobs))}
    tricks = {s.value: histogram(column[i]) for i, s in enumerate(strains)}
    results = [_pass_result(standing, bidder is not None and bidder in rules.side_of(seat),
                            column[len(jobs) - 1] if standing is not None or all_pass else [],
                            rules)]
    for strain in strains:
        levels = [b for b in legal_bids if b.strain is strain]
        for k, bid in enumerate(levels):
            res = strain_result(bid, tricks[strain.value], rules)
            if k == 0 or res.p_make >= SHOW_LEVEL_SHARE:
                results.append(res)
    misere_made = None
    if misere_bids:
        mis = column[len(strains)]
        misere_made = sum(t == 0 for t in mis)
        results.extend(_misere_result(b, mis, rules) for b in misere_bids)
    results.sort(key=lambda r: _sort_key(r, rules))
    standing_info = None
    if standing is not None and bidder is not None:
        standing_info = (standing.code, bidder, histogram(column[len(jobs) - 1]))
    return BidAnalysis(
        hand=hand, seat=seat, dealer=dealer, auction=codes, samples=len(rows),
        candidates=tuple(results), tricks=tricks, misere_made=misere_made,
        standing=standing_info, legal=every,
        inferences=tuple(i.text for i in sample.inferences),
        dropped=tuple(i.text for i in sample.dropped), rules=rules,
    )


def _only(legal: list[Bid | str], only: Sequence[str], finish: str | None) -> list[Bid | str]:
    """The legal calls among the codes ``only`` (`analyse_bid`), in legal order."""
    if finish is None:
        raise SimulationError("only: only with the auction finished (finish='policy')")
    codes = {call_code(c) for c in legal}
    for code in only:
        if code not in codes:
            raise SimulationError(f"only: {str(code)[:12]!r} is not a legal call here")
    wanted = set(only)
    return [c for c in legal if call_code(c) in wanted]


def _finished_analysis(hand: tuple[Card, ...], seat: Seat, dealer: Seat, codes: tuple[str, ...],
                       rules: RuleSet, sample: LayoutSample, jobs: list[Job],
                       strains: list[Strain], misere: bool, legal: list[Bid | str],
                       every: tuple[str, ...], workers: int | None, progress: Progress | None,
                       misere_play: MiserePlay | None = None,
                       discard_rule: DiscardRule | None = None) -> BidAnalysis:
    """`analyse_bid` with ``finish="policy"``: every call of ``legal`` (the calls valued;
    ``every``: all the legal codes), its auction finished by the policy on every layout
    (`trainer.simulate.finish`)."""
    base = [j for j in jobs if not j.all_pass]
    candidates = tuple(call_code(c) for c in legal)
    tasks = [FinishTask(layout, tuple(base), seat, codes, candidates, rules, misere_play,
                        discard_rule)
             for layout in sample.layouts]
    rows = run_tasks(finish_layout, tasks, workers, progress)
    column = {i: [row[0][i] for row in rows] for i in range(len(base))}
    tricks = {s.value: histogram(column[i]) for i, s in enumerate(strains)}
    results = []
    for k, call in enumerate(candidates):
        ends = tuple(row[1][k] for row in rows)
        done = summarise(ends, seat, rules)
        bid = parse_call(call)
        mean = done.mean_tricks if call == PASS else None
        if isinstance(bid, Bid) and bid.strain is not None:
            hist = tricks[bid.strain.value]
            mean = sum(t * n for t, n in enumerate(hist)) / sum(hist)
        results.append(CallResult(call, done.ev, done.se, done.good, mean, done.finals,
                                  done.scores, ends))
    results.sort(key=lambda r: _sort_key(r, rules))
    standing, bidder = Auction(rules, dealer, list(codes)).high_bid, None
    standing_info = None
    if standing is not None:
        bidder = Auction(rules, dealer, list(codes)).high_bidder
        assert bidder is not None
        standing_info = (standing.code, bidder, histogram(column[len(base) - 1]))
    return BidAnalysis(
        hand=hand, seat=seat, dealer=dealer, auction=codes, samples=len(rows),
        candidates=tuple(results), tricks=tricks,
        misere_made=sum(t == 0 for t in column[len(strains)]) if misere else None,
        standing=standing_info, legal=every,
        inferences=tuple(i.text for i in sample.inferences),
        dropped=tuple(i.text for i in sample.dropped), rules=rules, finish="policy",
    )
