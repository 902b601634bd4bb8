"""Discard puzzles: generation from a seed, the record, and grading a learner's discard.

From a seed (one `random.Random(seed)`): up to ``ATTEMPTS`` deals (`cards.deal`, a random dealer)
are bid with `policy.choose_bid` until one ends in a suit or no-trump contract (misère discards
are left to the "analyse my hand" API). Its declarer is the learner, holding 13 cards after
picking up the kitty; the auction is the whole auction. The candidate table comes from
`trainer.simulate.analyse_discard` (its documented search over the 286 discards; ``SAMPLES``
layouts of the three other hands, fitting the auction's inferences; layout seed = the puzzle's
seed), so `generate_discard_puzzle(seed)` reproduces a record exactly.

The best discard is the table's highest expected score (`DiscardAnalysis.best`: ``ev``, points
under the puzzle's rules, at the record's 0.1-point precision; of equal ones the first in the
table, which is ranked by expected score, then chance of making, then mean tricks).
Themes: ``suit`` or ``no_trumps``; what the best discard does: ``void`` (empties a side suit),
``discard_trump``, ``discard_ace``, ``keep_length`` (keeps every card of some side suit of four
or more); ``policy_trap`` when the simple policy's discard grades a mistake or worse (loses more
than 50 points of expected score to the best).
Rating: 1000, + 500 x closeness of the table's best two (1 - expected-score gap / 100 points,
at least 0: a second choice 100 points worse is a mistake or worse), + 300 for a policy trap;
clamped to 600-2400, deviation 300.
Every deal ending in a suit or no-trump contract makes a puzzle: no grade decides whether a
seed is kept, so a puzzle may list no discard worse than good.
Grading (`grade_discard`): the discard bands of `trainer.generate.bands`, on the expected-score
loss against the best, as bids are graded; the chance of making and the mean tricks are told as
information. A discard missing from the table is played on the same layouts (reproduced from the
seed; about 100 solves).
Write-up: `with_write_up`, from the record as stored (`trainer.generate.write_ups.discard`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from trainer.bidding import Auction, Bid, parse_bid
from trainer.cards import Card, Rank, Seat, deal, sort_key
from trainer.generate.bands import band_words, discard_band
from trainer.generate.records import RecordHeader, read_record
from trainer.generate.write_ups.discard import discard_write_up
from trainer.notation import parse_hand, parse_seat
from trainer.policy import RULE_OF_THUMB, choose_bid
from trainer.rules import CardOrder, RuleSet, preset_name, ruleset
from trainer.scoring import SLAM_VALUE, bid_value
from trainer.simulate import (
    DiscardAnalysis,
    DiscardResult,
    Progress,
    SimulationError,
    analyse_discard,
    evaluate_discards,
    score_key,
)

# 2: best and policy_trap by expected score; 3: finalists, table order and rating by it too
GENERATOR_VERSION = 3
SAMPLES = 100
ATTEMPTS = 40
INITIAL_DEVIATION = 300.0
RATING_GAP = 100.0  # points: best two this far apart add nothing to the rating


@dataclass(frozen=True)
class DiscardMoment:
    """A declarer about to discard: 13 cards (hand and kitty), the contract and the auction."""

    seat: Seat
    dealer: Seat
    cards: tuple[Card, ...]
    kitty: tuple[Card, ...]
    contract: Bid
    calls: tuple[str, ...]


def find_discard_moment(rng: random.Random, rules: RuleSet) -> DiscardMoment | None:
    """One deal bid by the policy; the declarer's moment if it ends in a suit or no-trump
    contract, else None."""
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    auction = Auction(rules, d.dealer)
    while not auction.is_over:
        seat = auction.to_call
        assert seat is not None
        auction.call(choose_bid(d.hands[seat], auction))
    contract, declarer = auction.contract, auction.declarer
    if contract is None or declarer is None or contract.misere:
        return None
    cards = tuple(sorted(d.hands[declarer] + d.kitty, key=sort_key))
    calls = tuple(c if isinstance(c, str) else c.code for c in auction.calls)
    return DiscardMoment(declarer, d.dealer, cards, d.kitty, contract, calls)


@dataclass(frozen=True)
class DiscardGrade:
    """The grade of a learner's discard: its result and the best's, the expected score lost
    (``loss``, points, which sets the band), the chance of making (0-1) and mean tricks lost
    (information; none below 0), the band, an explanation, and whether the result had to be
    computed (the discard was not in the table)."""

    result: DiscardResult
    best: DiscardResult
    loss: float
    chance_loss: float
    trick_loss: float
    band: str
    explanation: str
    computed: bool


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in sorted(cards, key=sort_key))


def compare(mine: DiscardResult, best: DiscardResult, contract: Bid,
            computed: bool = False, rules: RuleSet | None = None,
            rule_of_thumb: DiscardResult | None = None) -> DiscardGrade:
    """Band ``mine`` against ``best`` on the expected-score loss (`trainer.generate.bands`;
    scores as `score_key` rounds them) and explain it in words, with the chance of making and
    the mean tricks as information. ``rule_of_thumb``: the trainer's own discard
    (`policy.choose_discard`), told when it is not the learner's and falls short of the
    best (a "Rule of thumb fails" puzzle says what the rule would have thrown)."""
    loss = max(0.0, score_key(best) - score_key(mine))
    chance = max(0.0, best.p_make - mine.p_make)
    sign = -1 if contract.misere else 1
    tricks = max(0.0, sign * (best.mean_tricks - mine.mean_tricks))
    band = discard_band(loss)
    text = [f"Best discard: {_cards(best.discard)}, expected score {best.ev:+.1f} a hand; it "
            f"makes {contract.pretty} {100 * best.p_make:.0f}% of the time "
            f"({best.mean_tricks:.1f} tricks on average, {best.samples} layouts)."]
    if frozenset(mine.discard) == frozenset(best.discard):
        text.append("That is your discard: best.")
    else:
        less = f"{loss:.1f} points less" if loss > 0 else "the same score"
        text.append(f"Yours, {_cards(mine.discard)}: {mine.ev:+.1f}, {less}: "
                    f"{band_words(band, loss)}. It makes "
                    f"{100 * mine.p_make:.0f}% of the time ({mine.mean_tricks:.1f} tricks on "
                    "average).")
        if loss > 0:
            text.append(_why_best(mine, best, contract, rules or ruleset()))
    rule = RULE_OF_THUMB
    if mine.policy:
        text.append(f"{rule} throws the same cards; here it falls short."
                    if band in ("mistake", "blunder") else f"{rule} throws the same cards.")
    elif rule_of_thumb is not None and score_key(rule_of_thumb) < score_key(best):
        text.append(f"{rule} would throw {_cards(rule_of_thumb.discard)}: "
                    f"{rule_of_thumb.ev:+.1f}, {score_key(best) - score_key(rule_of_thumb):.1f} "
                    "points less than the best.")
    return DiscardGrade(mine, best, loss, chance, tricks, band, " ".join(t for t in text if t),
                        computed)


def _why_best(mine: DiscardResult, best: DiscardResult, contract: Bid, rules: RuleSet) -> str:
    """Why the best discard scores more when yours makes as often or takes as many tricks:
    slams (all ten tricks score 250 on a smaller bid, rule book §6), else the tricks beyond
    the contract. Empty when the figures already say it (the best makes more often), and in
    misère (no slams; fewer tricks are better)."""
    if contract.misere or (best.p_make > mine.p_make and best.mean_tricks >= mine.mean_tricks):
        return ""
    slams = rules.slam_250 and bid_value(contract) < SLAM_VALUE
    if slams and best.p_slam is not None and mine.p_slam is not None and \
            best.p_slam > mine.p_slam:
        return (f"The best scores more from slams: it takes all ten tricks, which score "
                f"{SLAM_VALUE} instead of {bid_value(contract)} (rule book §6), on "
                f"{100 * best.p_slam:.0f}% of the layouts, yours on {100 * mine.p_slam:.0f}%.")
    if best.mean_tricks > mine.mean_tricks and (rules.defender_tricks or rules.overtricks_10):
        paid = ("the defenders score 10 for each trick they take" if rules.defender_tricks
                else "each trick over the bid scores 10")
        return f"The best scores more from its extra tricks: {paid} (rule book §6)."
    return ""


@dataclass(frozen=True)
class DiscardPuzzle(RecordHeader):
    """A discard puzzle record (docs/DESIGN.md ``discard``): the `DiscardAnalysis` fields plus the
    common ones (`RecordHeader`), ``kitty`` (the three cards picked up) and ``title``."""

    analysis: DiscardAnalysis
    kitty: tuple[Card, ...]
    rules: RuleSet
    title: str
    write_up: str = ""
    """The principle of the best discard and why, in a player's words
    (`trainer.generate.write_ups`)."""

    def to_json(self) -> dict[str, Any]:
        a = self.analysis.to_json()
        return {
            **self.header("discard"),
            "hand": a["hand"], "contract": a["contract"],
            "seat": a["seat"], "samples": a["samples"], "candidates": a["candidates"],
            "dealer": a["dealer"], "auction": a["auction"], "kitty": [c.code for c in self.kitty],
            "policy": a["policy"], "search": a["search"], "inferences": a["inferences"],
            "dropped": a["dropped"], "rules": preset_name(self.rules), "title": self.title,
            "write_up": self.write_up,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> DiscardPuzzle:
        """Read a record; raises `PuzzleError` naming a missing or bad field."""

        def build() -> DiscardPuzzle:
            rules = ruleset(obj.get("rules", "australian"))
            policy = frozenset(parse_hand(obj["policy"]))
            candidates = tuple(
                DiscardResult(parse_hand(c["discard"]), float(c["ev"]), float(c["se"]),
                              float(c["p_make"]), float(c["mean_tricks"]), int(obj["samples"]),
                              frozenset(parse_hand(c["discard"])) == policy,
                              None if c.get("p_slam") is None else float(c["p_slam"]))
                for c in obj["candidates"])
            search = obj.get("search", {})
            analysis = DiscardAnalysis(
                hand=parse_hand(obj["hand"]), contract=parse_bid(obj["contract"]),
                seat=parse_seat(obj["seat"], rules),
                dealer=parse_seat(obj["dealer"], rules, "dealer"),
                auction=tuple(obj["auction"]), samples=int(obj["samples"]),
                candidates=candidates, policy=parse_hand(obj["policy"]),
                shortlisted=int(search.get("shortlisted", 0)),
                shortlist_samples=int(search.get("shortlist_samples", 0)),
                inferences=tuple(obj.get("inferences", ())),
                dropped=tuple(obj.get("dropped", ())),
            )
            return cls(*cls.read_header(obj), analysis, parse_hand(obj.get("kitty", [])), rules,
                       str(obj.get("title", "")), str(obj.get("write_up", "")))

        return read_record(obj, "discard", build)


def detect_themes(analysis: DiscardAnalysis) -> list[str]:
    """The themes of the module docstring."""
    contract = analysis.contract
    order = CardOrder(trump=contract.trump)
    themes = ["no_trumps" if contract.trump is None else "suit"]
    best = analysis.best
    kept = [c for c in analysis.hand if c not in best.discard]

    def length(cards: Iterable[Card], suit: Any) -> int:
        return sum(1 for c in cards if order.effective_suit(c) is suit)

    side = {order.effective_suit(c) for c in analysis.hand} - {contract.trump, None}
    if any(length(kept, s) == 0 for s in side):
        themes.append("void")
    if any(order.is_trump(c) for c in best.discard):
        themes.append("discard_trump")
    if any(c.rank is Rank.ACE and not order.is_trump(c) for c in best.discard):
        themes.append("discard_ace")
    if any(length(analysis.hand, s) >= 4 and length(kept, s) == length(analysis.hand, s)
           for s in side) and contract.trump is None:
        themes.append("keep_length")
    policy = next((c for c in analysis.candidates if c.policy), None)
    if policy is not None and compare(policy, best, contract).band in ("mistake", "blunder"):
        themes.append("policy_trap")
    return themes


def initial_rating(analysis: DiscardAnalysis, themes: Iterable[str]) -> float:
    """The module docstring's rating formula."""
    scores = sorted((score_key(c) for c in analysis.candidates), reverse=True)
    gap = scores[0] - scores[1] if len(scores) > 1 else RATING_GAP
    rating = (1000 + 500 * max(0.0, 1 - gap / RATING_GAP)
              + (300 if "policy_trap" in themes else 0))
    return float(max(600, min(2400, round(rating))))


def generate_discard_puzzle(seed: int, samples: int = SAMPLES, workers: int | None = 1,
                            rules: RuleSet | None = None) -> DiscardPuzzle | None:
    """The discard puzzle of ``seed`` (module docstring), or None when no deal of the seed
    ends in a suit or no-trump contract. The same seed, samples and rules give the same
    record."""
    rules = rules or ruleset()
    rng = random.Random(seed)
    moment = None
    for _ in range(ATTEMPTS):
        moment = find_discard_moment(rng, rules)
        if moment is not None:
            break
    if moment is None:
        return None
    analysis = analyse_discard(moment.cards, moment.contract, moment.seat, moment.dealer,
                               moment.calls, rules, samples, seed, workers)
    themes = detect_themes(analysis)
    title = (f"You are {moment.seat}, declarer in {moment.contract.pretty}. You picked up "
             f"{_cards(moment.kitty)} from the kitty. Which three cards do you discard?")
    return with_write_up(DiscardPuzzle(
        id=f"d{seed:07d}", themes=tuple(themes), rating=initial_rating(analysis, themes),
        rating_deviation=INITIAL_DEVIATION,
        generator={"name": "discard", "version": GENERATOR_VERSION, "seed": seed,
                   "samples": samples},
        analysis=analysis, kitty=tuple(sorted(moment.kitty, key=sort_key)), rules=rules,
        title=title,
    ))


def with_write_up(puzzle: DiscardPuzzle) -> DiscardPuzzle:
    """The puzzle with its write-up (`trainer.generate.write_ups.discard`), computed from the
    record as stored (figures rounded as in the bank), so that filling a bank's write-ups from
    its records (`trainer.generate.write_ups.fill`) gives the same text as generating them."""
    stored = DiscardPuzzle.from_json(puzzle.to_json())
    return replace(puzzle, write_up=discard_write_up(stored.analysis, stored.rules))


def grade_discard(puzzle: DiscardPuzzle, discard: Iterable[Card | str],
                  workers: int | None = None, progress: Progress | None = None) -> DiscardGrade:
    """Grade a learner's discard (three cards of the puzzle's 13, codes or `Card`s).

    Looked up in the table; if missing, played on the puzzle's layouts (reproduced from the
    recorded seed). Raises `SimulationError` for a discard that is not three of the hand's cards.
    """
    cards = parse_hand([c if isinstance(c, str) else c.code for c in discard])
    a = puzzle.analysis
    if len(cards) != puzzle.rules.kitty_size or not set(cards) <= set(a.hand):
        raise SimulationError(f"discard: give {puzzle.rules.kitty_size} different cards of "
                              "the hand")
    rule = next((c for c in a.candidates if c.policy), None)
    found = a.find(cards)
    if found is not None:
        return compare(found, a.best, a.contract, rules=puzzle.rules, rule_of_thumb=rule)
    seed = puzzle.generator["seed"]
    result = evaluate_discards(a.hand, a.contract, a.seat, a.dealer, [cards], a.auction,
                               puzzle.rules, a.samples, seed, workers, progress)[0]
    return compare(result, a.best, a.contract, computed=True, rules=puzzle.rules,
                   rule_of_thumb=rule)


def bank_worker(seed: int) -> dict[str, Any] | None:
    """One seed for `trainer.generate.bank` (a worker process, one solver per process)."""
    puzzle = generate_discard_puzzle(seed)
    return None if puzzle is None else puzzle.to_json()
