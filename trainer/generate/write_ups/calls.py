"""What a bidding puzzle's record says about its calls, read for the write-up and the reasons:
the calls as bids, each strain's figures, the bid standing and whose it is, and what the other
players' calls showed (`trainer.simulate.layouts.auction_inferences`: the layouts fit them).

Numbers are put in words as the candidate table prints them: chances ``88%``, expected scores
``+124.9``, mean tricks ``8.3``; differences of expected score as whole points (``23``).

With the auction finished by the policy bidder (``BidAnalysis.finish == "policy"``) a call's
``p_make`` is the share of layouts where the contract reached goes your side's way. A call
whose own contract was the final one on every layout (`stands`) still "makes" that share; any
other "goes your way" (your contract made or theirs set), and `ends` says where the auctions
ended.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.bidding import PASS, Bid, parse_call
from trainer.cards import Seat
from trainer.generate.explain import seat_name
from trainer.generate.write_ups.facts import pct
from trainer.rules import Strain
from trainer.scoring import bid_value
from trainer.simulate import BidAnalysis, CallResult
from trainer.simulate.layouts import auction_inferences
from trainer.simulate.scores import thrown_in

EPS = 1e-9


def as_bid(code: str) -> Bid | None:
    """The call as a `Bid`, or None for a pass."""
    call = parse_call(code)
    return call if isinstance(call, Bid) else None


def trick_bid(code: str) -> Bid | None:
    """The call as a trick bid (a level and a strain), or None for a pass or a misère."""
    bid = as_bid(code)
    return bid if bid is not None and bid.strain is not None else None


def words(code: str) -> str:
    """A call in a sentence: ``pass``, ``7♣``, ``misère``, ``open misère``."""
    bid = as_bid(code)
    return "pass" if bid is None else bid.pretty


def score(ev: float) -> str:
    """An expected score as the table prints it: ``+124.9``, ``-21.8``."""
    return f"{ev:+.1f}"


def points(diff: float) -> str:
    """A difference of expected score in whole points: ``23``."""
    return f"{abs(diff):.0f}"


def tricks(mean: float | None) -> str:
    return "" if mean is None else f"{mean:.1f}"


def value(bid: Bid, analysis: BidAnalysis) -> int:
    """What the bid scores when made (Avondale schedule, RULES.md §6)."""
    return bid_value(bid, analysis.rules)


def row(analysis: BidAnalysis, code: str) -> CallResult | None:
    """The candidate row of ``code``, or None when the table does not list it."""
    return next((c for c in analysis.candidates if c.call == code), None)


def best_in_strain(analysis: BidAnalysis, strain: Strain) -> CallResult | None:
    """The highest-scoring listed trick bid in ``strain``."""
    return next((c for c in analysis.candidates
                 if (b := trick_bid(c.call)) is not None and b.strain is strain), None)


def strain_mean(analysis: BidAnalysis, strain: Strain) -> float | None:
    """The learner-declarer's mean tricks in ``strain`` (the candidates' ``mean_tricks``)."""
    found = best_in_strain(analysis, strain)
    return None if found is None else found.mean_tricks


@dataclass(frozen=True)
class Standing:
    """The bid that stands if the learner passes: the bid, its bidder, and whether the bidder
    is on the learner's side (a partner) or not (an opponent)."""

    bid: Bid
    seat: Seat
    ours: bool

    def owner(self) -> str:
        """``North's`` or ``your partner North's``."""
        name = seat_name(self.seat)
        return f"your partner {name}'s" if self.ours else f"{name}'s"


def standing(analysis: BidAnalysis) -> Standing | None:
    if analysis.standing is None:
        return None
    code, seat, _ = analysis.standing
    bid = as_bid(code)
    assert bid is not None
    return Standing(bid, seat, seat in analysis.rules.side_of(analysis.seat))


def pass_row(analysis: BidAnalysis) -> CallResult | None:
    return row(analysis, PASS)


def pass_outcome(analysis: BidAnalysis, result: CallResult) -> str:
    """What passing leads to, with its chance: ``West's 7♠ makes 70%``, ``your partner North's
    6♠ makes 95%``, or ``the hand is thrown in``."""
    stand = standing(analysis)
    if stand is None:
        return "the hand is thrown in"
    chance = result.p_make if stand.ours else 1 - result.p_make
    return f"{stand.owner()} {stand.bid.pretty} makes {chance:.0%}"


def stands(analysis: BidAnalysis, result: CallResult) -> bool:
    """True when the call's own contract was the final one on every layout: a bid played by
    the learner, a pass leaving the bid standing now (or none) as it is. Always true for a call
    taken as the final contract (no ``finals``)."""
    if not result.finals:
        return True
    if result.call == PASS:
        key = (PASS, None) if analysis.standing is None else (
            analysis.standing[0], analysis.standing[1].value)
    else:
        key = (result.call, analysis.seat.value)
    return all((c, d) == key for c, d, _ in result.finals)


def verb(analysis: BidAnalysis, *results: CallResult) -> str:
    """``makes`` when every one of ``results`` stands (`stands`), else ``goes your way``."""
    return "makes" if all(stands(analysis, r) for r in results) else "goes your way"


def makes(analysis: BidAnalysis, result: CallResult, only: bool = False) -> str:
    """``makes 71%`` (``makes only 40%``), or ``goes your way 71%`` when the auction after the
    call did not always end in it."""
    return f"{verb(analysis, result)} {'only ' if only else ''}{pct(result.p_make)}"


def final_name(analysis: BidAnalysis, contract: str, declarer: str | None) -> str:
    """A final contract in words: ``your 7♥``, ``your partner North's 8♥``, ``West's 8♠``,
    ``all passing (thrown in)``; a 6-level bid thrown in under ``six_level_informational``
    says so."""
    if declarer is None:
        return "all passing" + (" (played at no trumps)" if analysis.rules.all_pass ==
                                "play_no_trumps" else " (thrown in)")
    seat = Seat(declarer)
    bid = as_bid(contract)
    assert bid is not None
    thrown = " (thrown in)" if thrown_in(bid, analysis.rules) else ""
    if seat is analysis.seat:
        return f"your {bid.pretty}{thrown}"
    ours = seat in analysis.rules.side_of(analysis.seat)
    return Standing(bid, seat, ours).owner() + f" {bid.pretty}{thrown}"


def ends(analysis: BidAnalysis, result: CallResult, most: int = 3) -> str:
    """Where the auctions after ``result`` ended, the ``most`` commonest first: ``your 7♥ on
    60 of 100 layouts, West's 8♠ on 30 and other contracts on 10``."""
    n = analysis.samples
    shown_ = list(result.finals[:most])
    rest = sum(k for _, _, k in result.finals[most:])
    parts = [f"{final_name(analysis, c, d)} on {k}" + (f" of {n} layouts" if i == 0 else "")
             for i, (c, d, k) in enumerate(shown_)]
    if rest:
        parts.append(f"other contracts on {rest}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class Shown:
    """What another player's call showed, as the layouts assume it (the record's
    ``inferences``): the caller, whether a partner, the call, and the record's words."""

    seat: Seat
    partner: bool
    call: str
    shows: str


def shown(analysis: BidAnalysis) -> tuple[Shown, ...]:
    """The bids (not the passes) of the other players whose inference every layout fits (it is
    in ``inferences``, not ``dropped``), latest first."""
    out = []
    for inf in auction_inferences(analysis.auction, analysis.dealer, analysis.seat,
                                  analysis.rules):
        if inf.call == PASS or inf.text not in analysis.inferences:
            continue
        _, _, shows = inf.text.partition(": ")
        out.append(Shown(inf.seat, inf.seat in analysis.rules.side_of(analysis.seat),
                         inf.call, shows.replace("by the simple count",
                                                 "by the trainer's simple count")))
    return tuple(reversed(out))


__all__ = [
    "EPS",
    "Shown",
    "Standing",
    "as_bid",
    "best_in_strain",
    "ends",
    "final_name",
    "makes",
    "pass_outcome",
    "pass_row",
    "points",
    "row",
    "score",
    "shown",
    "standing",
    "stands",
    "strain_mean",
    "trick_bid",
    "tricks",
    "value",
    "verb",
    "words",
]
