"""Double-dummy simulation of bids and discards (docs/DESIGN.md layout: ``simulate.py``).

A learner sees their own hand and the auction so far. `sample_layouts` deals the unseen cards
(the other three hands and, when bidding, the kitty) at random, keeping only layouts that fit the
inferences the auction carries (below). Every candidate is then played double dummy on the SAME
layouts (common random numbers), so differences between candidates are not noise between
samples. 4-player game only (`SimulationError` otherwise).

Inferences (`auction_inferences`), simple and deliberately loose; "trumps" count the joker and
both bowers of the bid suit (RULES.md §2):
- a suit bid at the six level: at least 3 trumps;
- a suit bid at seven or more: at least 4 trumps, or 3 trumps including the joker or the right
  bower ("length or the joker");
- a no-trump bid: the joker or at least two aces;
- and every trick bid of level L: a hand `policy.estimate_tricks` values at L - 1.5 tricks or
  more in its strain (`BID_SLACK`; the policy itself bids L from L - 0.5), so that an 8, 9 or
  10 bid shows the strength its level needs, not just a seven-bid's shape;
- misère or open misère: no joker and no ace;
- a pass made while no one has bid yet (an "opening pass"): no strain that `policy.estimate_tricks`
  values at 5.5 tricks or more (the hand would not have opened under `policy.choose_bid`).
Later passes carry no inference. The learner's own calls carry none (their hand is known). If the
visible cards make the inferences (nearly) impossible, 10,000 rejected shuffles in a row drop the
last inference still in force (opening passes first, then the latest bids); `LayoutSample.dropped`
lists them.

Evaluating a contract on a layout (`Job`): the declarer picks up the kitty and discards by
`policy.choose_discard` (keep trumps, the joker and aces; make voids), unless the job names the
discard; the declarer leads (RULES.md §4); the no-trump joker is not nominated (it stays free);
`trainer.solver.Solver.value` gives the declarer side's tricks. A strain is solved once per layout
and every level is scored from that trick count. Misère is one zero-window search
(`Solver.can_take(state, 1)`): made (0 tricks) or set (recorded as 1 trick; with the
``misere_defenders`` option the exact count is solved). Open misère is the same double-dummy
problem as misère, so the one result serves both.

Under ``six_level_informational`` (RULES.md §3; 002, American) a 6-level bid cannot win the
auction: taken as the final contract, or standing when the learner passes, it throws the hand in
and scores 0 (``p_make`` 0). Misère's value follows the rules (500 under ``nullo_500``).

Scores (`net_score`) are points for the learner's side minus points for the opponents on the hand,
by `scoring.score_hand` under the RuleSet: a made 7♥ with 8 tricks is +200 - 20 = +180, a set one
with 6 tricks is -200 - 40 = -240. Pass: if a bid stands, that contract is played by its bidder
(as if the auction ended now) and scored the same way from the learner's side; with no bid
standing, pass scores 0 (the simulation does not model later bidding). Each candidate bid is
likewise taken to be the final contract. ``ev`` is the mean over layouts, ``se`` its standard
error (sample standard deviation / sqrt(samples)), ``p_make`` the share of layouts where the
contract makes (for pass: where the standing contract is made by our side or set by theirs; 0
with no bid standing).

Candidate calls (`analyse_bid`): pass; for each strain, its lowest legal level and every legal
level made in at least 10% of layouts; misère and open misère when legal. Any other legal bid
can be valued afterwards from the stored trick distributions (`BidAnalysis.value_of`).

Discard search (`analyse_discard`), over the C(13, 3) = 286 possible discards:
1. Heuristic: discards that throw the same number of cards from each suit (effective suits of
   the contract) and the same cards above the ten (jacks, bowers, queens, kings, aces, the joker)
   are taken as equivalent, represented by the one throwing the lowest spot cards; classes are
   ranked by `policy.estimate_tricks` of the ten cards kept (misère: fewest cards above the nine)
   and the best ``shortlist`` (10) are kept, with the policy's choice and any discards the caller
   asks for.
2. Shortlist: each is played on the first ``shortlist_samples`` (24) layouts.
3. Finalists: the best ``finalists`` (4) by expected score (then chance of making, then mean
   tricks), with the policy's choice and the caller's discards, are played on the remaining
   layouts too (the first ones are reused: every finalist is scored on all ``samples`` layouts).

Parallel: layouts are sampled in the calling process (cheap, deterministic from the seed) and
solved in up to two worker processes (``workers``), results kept in layout order, so the figures
do not depend on the number of workers. ``progress(done, total)`` is called as layouts finish.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing as mp
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer.bidding import MISERE, PASS, Auction, Bid, bid_rank, misere_refusal, parse_call
from trainer.cards import JOKER, Card, Deal, Rank, Seat, sort_key
from trainer.errors import TrainerError
from trainer.play import PlayState, start_play
from trainer.policy import choose_discard, estimate_tricks
from trainer.rules import STRAINS, CardOrder, RuleSet, Strain, ruleset
from trainer.scoring import TRICKS_PER_HAND, score_hand

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, in layouts."""

MAX_FAILS = 10_000
BID_SLACK = 1.5
"""A trick bid of level L shows a hand `policy.estimate_tricks` values at L - 1.5 or more in
its strain: a trick looser than the policy's own threshold (L - 0.5)."""
OPENING_PASS_LIMIT = 5.5
SHOW_LEVEL_SHARE = 0.10
SHORTLIST, SHORTLIST_SAMPLES, FINALISTS = 10, 24, 4


class SimulationError(TrainerError):
    """Input the simulation cannot use: a hand of the wrong size, a card not in the pack or in
    two places, an auction that is over or where it is not the learner's turn, a table of other
    than 4 players."""


# --- inferences ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Inference:
    """What one call says about its caller's hand (module docstring), as a test on 10 cards."""

    seat: Seat
    call: str
    text: str

    def holds(self, hand: Sequence[Card]) -> bool:
        """True when ``hand`` (the caller's 10 cards) fits this inference."""
        if self.call == PASS:
            return max(estimate_tricks(hand, s) for s in STRAINS) < OPENING_PASS_LIMIT
        bid = parse_call(self.call)
        assert isinstance(bid, Bid)
        if bid.misere:
            return JOKER not in hand and not any(c.rank is Rank.ACE for c in hand)
        return self._shape(bid, hand) and estimate_tricks(hand, bid.strain) >= \
            bid.tricks_needed - BID_SLACK

    @staticmethod
    def _shape(bid: Bid, hand: Sequence[Card]) -> bool:
        trump = bid.trump
        if trump is None:
            return JOKER in hand or sum(c.rank is Rank.ACE for c in hand) >= 2
        order = CardOrder(trump=trump)
        trumps = [c for c in hand if order.effective_suit(c) is trump]
        if bid.tricks_needed <= 6:
            return len(trumps) >= 3
        top = any(c.is_joker or (c.rank is Rank.JACK and c.suit is trump) for c in trumps)
        return len(trumps) >= 4 or (len(trumps) >= 3 and top)


def _inference_text(seat: Seat, call: Bid | str) -> str:
    if call == PASS:
        return f"{seat} passed first: no strain worth 5.5 estimated tricks"
    assert isinstance(call, Bid)
    if call.misere:
        return f"{seat} bid {call.pretty}: no joker and no ace"
    if call.trump is None:
        shape = "the joker or two aces"
    elif call.tricks_needed <= 6:
        shape = "at least 3 trumps"
    else:
        shape = "4 trumps, or 3 with the joker or the right bower"
    worth = call.tricks_needed - BID_SLACK
    return f"{seat} bid {call.pretty}: {shape}, and {worth:g}+ tricks by the simple count"


def auction_inferences(calls: Sequence[str], dealer: Seat, learner: Seat,
                       rules: RuleSet) -> tuple[Inference, ...]:
    """The inferences of an auction's calls (one per turn from the dealer's left, as
    `Auction.calls` records them) about every seat but ``learner``: bids in auction order,
    then opening passes (the order in which they are dropped is the reverse)."""
    auction = Auction(rules, dealer)
    bids: list[Inference] = []
    passes: list[Inference] = []
    called: set[Seat] = set()
    bid_seen = False
    for i, raw in enumerate(calls):
        call = parse_call(raw)
        seat = auction.seat_of_call(i)
        if seat is not learner:
            if isinstance(call, Bid):
                bids.append(Inference(seat, call.code, _inference_text(seat, call)))
            elif not bid_seen and seat not in called:
                passes.append(Inference(seat, PASS, _inference_text(seat, PASS)))
        called.add(seat)
        bid_seen = bid_seen or isinstance(call, Bid)
    return tuple(bids + passes)


# --- sampling ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutSample:
    """Sampled layouts: each a `Deal` whose learner hand is the known cards (a 13-card hand is
    split as 10 cards and a 3-card "kitty"), with the inferences used and those dropped."""

    layouts: tuple[Deal, ...]
    inferences: tuple[Inference, ...]
    dropped: tuple[Inference, ...]
    shuffles: int


def _check_table(rules: RuleSet) -> None:
    if rules.players != 4:
        raise SimulationError(f"rules: simulation covers the 4-player game, not {rules.players}")


def check_cards(cards: Sequence[Card], sizes: Iterable[int], rules: RuleSet,
                what: str = "hand") -> None:
    """Raise `SimulationError` unless ``cards`` has one of ``sizes``, all in the pack, no repeat."""
    sizes = tuple(sizes)
    if len(cards) not in sizes:
        want = " or ".join(map(str, sizes))
        raise SimulationError(f"{what}: {len(cards)} cards, expected {want}")
    pack = set(rules.pack)
    for card in cards:
        if card not in pack:
            raise SimulationError(f"{what}: {card} is not in the {len(pack)}-card pack")
    if len(set(cards)) != len(cards):
        raise SimulationError(f"{what}: a card is named twice")


def sample_layouts(known: Sequence[Card], seat: Seat, dealer: Seat, calls: Sequence[str],
                   rules: RuleSet, count: int, rng: random.Random) -> LayoutSample:
    """``count`` random layouts of the cards ``seat`` cannot see, fitting the auction.

    ``known``: the learner's 10 cards (bidding: the other hands and the kitty are dealt), or
    13 cards (a declarer after taking the kitty: only the other hands are dealt). ``calls``: the
    auction so far from the dealer's left (codes). Rejection sampling with ``rng``; the same
    ``rng`` state gives the same layouts. Raises `SimulationError` on bad input.
    """
    _check_table(rules)
    check_cards(known, (10, 10 + rules.kitty_size), rules)
    inferences = auction_inferences(calls, dealer, seat, rules)
    known_set = set(known)
    unseen = [c for c in rules.pack if c not in known_set]
    others = [s for s in rules.seats if s is not seat]
    active = list(inferences)
    dropped: list[Inference] = []
    layouts: list[Deal] = []
    fails = shuffles = 0
    mine = tuple(sorted(known[:10], key=sort_key))
    while len(layouts) < count:
        rng.shuffle(unseen)
        shuffles += 1
        hands = {s: tuple(unseen[10 * i: 10 * i + 10]) for i, s in enumerate(others)}
        if all(inf.holds(hands[inf.seat]) for inf in active):
            kitty = tuple(unseen[30:]) if len(known) == 10 else tuple(known[10:])
            hands[seat] = mine
            layouts.append(Deal(dealer, {s: tuple(sorted(hands[s], key=sort_key))
                                         for s in rules.seats}, kitty))
            fails = 0
            continue
        fails += 1
        if fails >= MAX_FAILS and active:
            dropped.append(active.pop())
            fails = 0
    return LayoutSample(tuple(layouts), tuple(active), tuple(dropped), shuffles)


# --- solving -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One contract to play on every layout: ``declarer`` declares ``contract`` and discards
    ``discard`` (None: `policy.choose_discard`). Only the strain matters to the trick count."""

    contract: Bid
    declarer: Seat
    discard: tuple[Card, ...] | None = None
    all_pass: bool = False
    """An all-pass hand played at no trumps (RULES.md §3 ``all_pass="play_no_trumps"``): no
    kitty exchange, the dealer's left leads, and ``declarer``'s side's tricks are counted."""


def _solver() -> Any:
    """The solver lent to this thread (the app lends each session one), else the shared one;
    imported here so that reading simulation records never loads the solver."""
    from trainer.solver import default_solver

    return default_solver()


def solve_layout(layout: Deal, jobs: Sequence[Job], rules: RuleSet) -> tuple[int, ...]:
    """The declarer side's double-dummy tricks for each job on one layout (module docstring;
    a misère gives 0 when made and 1 when set, unless ``misere_defenders`` is on)."""
    solver = _solver()
    out = []
    for job in jobs:
        if job.all_pass:
            hand = start_play(layout, None, None, (), rules)
            # the solver counts a declarer's side: the job's seat stands in as one
            out.append(solver.value(PlayState(rules, job.contract, job.declarer, hand.hands,
                                              hand.leader)))
            continue
        discard = job.discard
        if discard is None:
            pool = list(layout.hands[job.declarer]) + list(layout.kitty)
            discard = choose_discard(pool, job.contract, rules)
        state = start_play(layout, job.contract, job.declarer, discard, rules)
        if job.contract.misere and not rules.misere_defenders:
            out.append(1 if solver.can_take(state, 1) else 0)
        else:
            out.append(solver.value(state))
    return tuple(out)


def _task(args: tuple[Deal, Sequence[Job], RuleSet]) -> tuple[int, ...]:
    return solve_layout(*args)


def default_workers() -> int:
    """Worker processes by default: up to two (the machine's cores, at most 2)."""
    return min(2, os.cpu_count() or 1)


def run_jobs(layouts: Sequence[Deal], jobs: Sequence[Job], rules: RuleSet,
             workers: int | None = None, progress: Progress | None = None,
             offset: int = 0, total: int | None = None) -> list[tuple[int, ...]]:
    """``[layout][job]`` tricks for every job on every layout, in layout order.

    ``workers`` processes (default `default_workers`; 1 runs here, as inside a bank worker).
    ``progress(offset + done, total)`` after each layout. The result does not depend on
    ``workers``.
    """
    workers = default_workers() if workers is None else max(1, workers)
    total = len(layouts) + offset if total is None else total
    results: list[tuple[int, ...]] = []
    tasks = [(layout, tuple(jobs), rules) for layout in layouts]
    if workers == 1 or len(tasks) < 2 or mp.current_process().daemon:
        stream: Iterable[tuple[int, ...]] = map(_task, tasks)
        pool = None
    else:
        pool = mp.get_context("fork").Pool(min(workers, len(tasks)))
        stream = pool.imap(_task, tasks, chunksize=1)
    try:
        for row in stream:
            results.append(row)
            if progress is not None:
                progress(offset + len(results), total)
    finally:
        if pool is not None:
            pool.terminate()
    return results


# --- scoring -------------------------------------------------------------------------------------


def thrown_in(contract: Bid, rules: RuleSet) -> bool:
    """True when ``contract``, ending the auction, throws the hand in: a 6-level bid under
    ``six_level_informational`` (RULES.md §3; 002: "Nie mogą one wygrać licytacji")."""
    return rules.six_level_informational and contract.level == 6


def net_score(contract: Bid, tricks: int, rules: RuleSet, ours: bool) -> int:
    """Points for the learner's side minus the opponents' on the hand (module docstring):
    ``ours`` when the declarer is on the learner's side. ``tricks``: the declarer side's. A
    contract that would throw the hand in (`thrown_in`) scores 0 for both."""
    if thrown_in(contract, rules):
        return 0
    hand = score_hand(contract, tricks, rules)
    diff = hand.declarer - hand.defenders
    return diff if ours else -diff


def made(contract: Bid, tricks: int, rules: RuleSet | None = None) -> bool:
    """True when the declarer's side took the tricks the contract needs (misère: none); never
    for a contract that throws the hand in under ``rules`` (`thrown_in`)."""
    if rules is not None and thrown_in(contract, rules):
        return False
    return tricks == 0 if contract.misere else tricks >= contract.tricks_needed


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error (sample standard deviation / sqrt(n); 0 for fewer than 2)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def histogram(tricks: Iterable[int]) -> tuple[int, ...]:
    """Counts of 0, 1, ..., 10 tricks."""
    counts = [0] * (TRICKS_PER_HAND + 1)
    for t in tricks:
        counts[t] += 1
    return tuple(counts)


def _expand(hist: Sequence[int]) -> list[int]:
    return [t for t, k in enumerate(hist) for _ in range(k)]


# --- bids ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CallResult:
    """One candidate call: ``call`` (``"P"`` or a bid code); ``ev`` and ``se`` in points (the
    learner's side minus the opponents, per hand); ``p_make`` 0-1; ``mean_tricks`` the declarer
    side's mean tricks (None for pass with no bid standing, and for misère)."""

    call: str
    ev: float
    se: float
    p_make: float
    mean_tricks: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"call": self.call, "ev": round(self.ev, 1),
                               "se": round(self.se, 1), "p_make": round(self.p_make, 3)}
        if self.mean_tricks is not None:
            out["mean_tricks"] = round(self.mean_tricks, 2)
        return out


@dataclass(frozen=True)
class BidAnalysis:
    """The candidate table of a bidding decision (module docstring).

    ``candidates``: best first (ev, then the lower call). ``tricks``: per strain code (``S`` ...
    ``NT``), the learner-declarer's trick distribution as counts of 0-10 tricks over the layouts.
    ``misere_made``: layouts where a misère by the learner is made (None if misère is not legal).
    ``standing``: the bid that stands if the learner passes, its bidder and its trick
    distribution (None with no bid). ``legal``: the legal calls, lowest first.
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
        code = _call_code(call)
        for cand in self.candidates:
            if cand.call == code:
                return cand
        bid = parse_call(code)
        if code not in self.legal or not isinstance(bid, Bid) or bid.strain is None:
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
        if self.standing is not None:
            call, seat, hist = self.standing
            out["standing"] = {"call": call, "seat": seat.value, "tricks": list(hist)}
        return out


def _call_code(call: str | Bid) -> str:
    parsed = parse_call(call) if isinstance(call, str) else call
    return parsed if isinstance(parsed, str) else parsed.code


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
                workers: int | None = None, progress: Progress | None = None) -> BidAnalysis:
    """Simulate ``seat``'s call holding ``hand`` (10 cards) after ``calls`` (codes, from the
    dealer's left), on ``samples`` layouts drawn with ``random.Random(f"layouts:{seed}")``.

    Solves each strain with a legal bid once per layout, misère once if misère or open misère
    is legal, and the standing contract once if a bid stands (module docstring). About 5-7
    solves a layout: roughly 0.2-0.3 s of CPU. Raises `SimulationError` / `BidError` on bad
    input (wrong hand size, card not in pack, not ``seat``'s turn).
    """
    rules = rules or ruleset()
    _check_table(rules)
    hand = tuple(sorted(hand, key=sort_key))
    check_cards(hand, (10,), rules)
    if samples < 1:
        raise SimulationError("samples: give at least 1")
    auction = open_auction(seat, dealer, calls, rules)
    codes = tuple(_call_code(c) for c in auction.calls)
    legal = auction.legal_calls()
    legal_bids = [c for c in legal if isinstance(c, Bid)]
    strains = [s for s in STRAINS if any(b.strain is s for b in legal_bids)]
    misere_bids = [b for b in legal_bids if b.misere]
    standing, bidder = auction.high_bid, auction.high_bidder
    jobs = [Job(Bid(7, s), seat) for s in strains]
    if misere_bids:
        jobs.append(Job(MISERE, seat))
    if standing is not None and bidder is not None:
        jobs.append(Job(standing, bidder))
    # this pass would end an auction of passes, and the rules then play the hand at no trumps
    all_pass = (standing is None and rules.all_pass == "play_no_trumps"
                and len(auction.calls) == len(rules.seats) - 1)
    if all_pass:
        jobs.append(Job(Bid(6, Strain.NO_TRUMPS), seat, all_pass=True))
    sample = sample_layouts(hand, seat, dealer, codes, rules, samples,
                            random.Random(f"layouts:{seed}"))
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
        standing=standing_info, legal=tuple(_call_code(c) for c in legal),
        inferences=tuple(i.text for i in sample.inferences),
        dropped=tuple(i.text for i in sample.dropped), rules=rules,
    )


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
    _check_table(rules)
    refusal = misere_refusal(contract, rules)
    if refusal is not None:
        raise SimulationError(f"contract: {contract.code}: {refusal}")
    if thrown_in(contract, rules):
        raise SimulationError(f"contract: {contract.code}: a 6-level bid cannot win the "
                              "auction under these rules (the hand is thrown in)")
    cards, extra = _hand_and_discards(cards, include, rules)
    codes = tuple(_call_code(c) for c in calls)
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
    codes = tuple(_call_code(c) for c in calls)
    sample = sample_layouts(cards, seat, dealer, codes, rules, samples,
                            random.Random(f"layouts:{seed}"))
    rows = run_jobs(sample.layouts, [Job(contract, seat, d) for d in chosen], rules, workers,
                    progress)
    policy = frozenset(choose_discard(cards, contract, rules))
    return [_discard_result(d, contract, [r[i] for r in rows], rules, frozenset(d) == policy)
            for i, d in enumerate(chosen)]


__all__ = [
    "BidAnalysis", "CallResult", "DiscardAnalysis", "DiscardResult", "Inference",
    "Job", "LayoutSample", "SimulationError", "analyse_bid", "analyse_discard",
    "auction_inferences", "evaluate_discards", "net_score", "run_jobs", "sample_layouts",
    "shortlist_discards", "solve_layout", "strain_result", "thrown_in",
]
