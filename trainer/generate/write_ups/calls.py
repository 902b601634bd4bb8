"""What a bidding puzzle's record says about its calls, read for the write-up and the reasons:
the calls as bids, each strain's figures, the bid standing and whose it is, and what the other
players' calls showed (`trainer.simulate.layouts.auction_inferences`: the layouts fit them).

Numbers are put in words as the candidate table prints them: chances ``88%``, expected scores
``+124.9``, mean tricks ``8.3``; differences of expected score as whole points (``23``).
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.bidding import PASS, Bid, parse_call
from trainer.cards import Seat
from trainer.generate.explain import seat_name
from trainer.rules import Strain
from trainer.scoring import bid_value
from trainer.simulate import BidAnalysis, CallResult
from trainer.simulate.layouts import auction_inferences

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
    "pass_outcome",
    "pass_row",
    "points",
    "row",
    "score",
    "shown",
    "standing",
    "strain_mean",
    "trick_bid",
    "tricks",
    "value",
    "words",
]
