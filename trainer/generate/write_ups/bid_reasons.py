"""A short reason for each row of a bidding puzzle's candidate table: why that call scores
less than the best one, in a phrase the table's "Why" column and the grade can show.

`bid_reasons(analysis)` gives one `BidReason` per candidate, in the table's order;
`bid_reason(analysis, result)` one for any call (a legal bid the table does not list is valued
from the trick distributions, `BidAnalysis.value_of`). The first rule of `BidReasonKind` that
applies, in the order listed there, sets the kind; every figure quoted is a candidate's
(chances as the table prints them, expected scores to 0.1, differences in whole points) or a
count of the hand's cards.

With the auction finished by the policy bidder (the record's ``finish``), ``p_make`` is the
share of layouts where the contract reached goes your side's way: "made" in the rules below
reads that way, and a phrase says "makes" only for a call whose own contract ended the auction
on every layout (`calls.stands`), else "goes your way"; a pass that did not always leave the
bid standing now says where the auction most often ended.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.bidding import OPEN_MISERE, PASS
from trainer.cards import Rank
from trainer.generate.bands import BID_LIMITS
from trainer.generate.explain import seat_name
from trainer.generate.write_ups.calls import (
    EPS,
    as_bid,
    ends,
    makes,
    pass_row,
    points,
    score,
    standing,
    stands,
    strain_mean,
    trick_bid,
    tricks,
    value,
    verb,
    words,
)
from trainer.generate.write_ups.facts import (
    count_word,
    high_cards,
    join,
    misere_suits,
    pct,
    trump_holding,
)
from trainer.simulate import BidAnalysis, CallResult


class BidReasonKind(Enum):
    """Why a call scores what it does, each with the rule that picks it (tried in this order;
    "the loss" is the best call's expected score minus this one's)."""

    BEST = "best"
    """The table's best call, or one scoring exactly as much (a best call with a negative
    expected score "loses least")."""
    CLOSE = "close"
    """A loss of at most 5 points (graded best): about as good."""
    OPEN_MISERE = "open_misere"
    """An open misère: it is made on as many layouts as the misère, and a failure costs 500."""
    MISERE_HIGH_CARD = "misere_high_card"
    """A misère holding the joker or an ace: a card that cannot be ducked (it wins any trick of
    its suit it is played to), made on under half the layouts."""
    MISERE_FAILS = "misere_fails"
    """A misère without such a card, made on under half the layouts: its worst suit (the
    lowest card with the most lower cards out) is named."""
    PASS_LETS_MAKE = "pass_lets_make"
    """Pass, with an opponent's bid standing: it lets their contract make so often."""
    PASS_UNDERBIDS = "pass_underbids"
    """Pass, with partner's bid standing: it leaves partner's lower contract when a bid of
    yours scores more."""
    PASS_THROWS_IN = "pass_throws_in"
    """Pass, with no bid standing: the hand is thrown in for 0 when a bid scores more."""
    TOO_HIGH = "too_high"
    """A trick bid above the best bid of its strain, one made on under half the layouts, or
    one whose strain bid lower scores back more than half of what it loses: too high for the
    tricks expected."""
    TOO_LOW = "too_low"
    """A trick bid below the best bid of its strain: that bid still makes and is worth more."""
    SACRIFICE = "sacrifice"
    """A bid over an opponent's contract, made on under half the layouts, scoring less than
    passing: a sacrifice that costs more than it saves. (Tried before `TOO_HIGH`.)"""
    OVER_PARTNER = "over_partner"
    """A bid over partner's contract when passing is best: partner's contract scores more."""
    BELOW_PASS = "below_pass"
    """A bid that loses points on average when passing is best and no bid stands."""
    LET_THEM_PLAY = "let_them_play"
    """A bid over an opponent's contract, made on half the layouts or more, when passing is
    best: defending their contract scores more."""
    WEAKER_STRAIN = "weaker_strain"
    """A bid in another strain than the best bid's, taking fewer tricks on average (fewer as
    the table prints them, to 0.1)."""
    CHEAPER_STRAIN = "cheaper_strain"
    """A bid in another strain taking as many tricks (as printed) or more, worth less when
    made."""
    FEWER_POINTS = "fewer_points"
    """Anything else: it scores less on average, with its chance of making."""


BID_LABELS = {
    BidReasonKind.BEST: "best", BidReasonKind.CLOSE: "about as good",
    BidReasonKind.OPEN_MISERE: "open misère fails", BidReasonKind.MISERE_HIGH_CARD:
    "misère: a card that can't be ducked", BidReasonKind.MISERE_FAILS: "misère fails",
    BidReasonKind.PASS_LETS_MAKE: "lets their bid make", BidReasonKind.PASS_UNDERBIDS:
    "leaves partner too low", BidReasonKind.PASS_THROWS_IN: "throws the hand in",
    BidReasonKind.TOO_HIGH: "too high", BidReasonKind.TOO_LOW: "too low",
    BidReasonKind.SACRIFICE: "costly sacrifice", BidReasonKind.OVER_PARTNER:
    "partner's bid scores more", BidReasonKind.BELOW_PASS: "loses points",
    BidReasonKind.LET_THEM_PLAY: "defending scores more", BidReasonKind.WEAKER_STRAIN:
    "weaker strain", BidReasonKind.CHEAPER_STRAIN: "cheaper strain",
    BidReasonKind.FEWER_POINTS: "scores less",
}
"""A few words per kind, for a narrow table column (`BidReason.label`)."""


@dataclass(frozen=True)
class BidReason:
    """The reason for one call of the table: its code (``"P"``, ``"7H"``, ``"MIS"``), the kind
    (`BidReasonKind`) and the phrase shown (lower case, no full stop)."""

    call: str
    kind: BidReasonKind
    text: str

    @property
    def label(self) -> str:
        """The kind in a few words (``too high``), for a narrow column."""
        return BID_LABELS[self.kind]


def _made(p: float, standing: bool = True) -> str:
    """``made on only 12% of the layouts``, ``made on none of the layouts``; when the auction
    did not always end in the call, ``going your way on only 12% of the layouts``."""
    what = "made" if standing else "going your way"
    return f"{what} on none of the layouts" if p <= EPS else \
        f"{what} on only {pct(p)} of the layouts"


def _misere_reason(analysis: BidAnalysis, result: CallResult, bid_open: bool) -> BidReason:
    made = _made(result.p_make, stands(analysis, result))
    if bid_open:
        return BidReason(result.call, BidReasonKind.OPEN_MISERE,
                         f"an open misère, {made}: a failure costs "
                         f"{value(OPEN_MISERE, analysis)}")
    stoppers = [c for c in high_cards(analysis.hand) if c.is_joker or c.rank is Rank.ACE]
    if stoppers:
        names = ", ".join("the joker" if c.is_joker else c.pretty for c in stoppers)
        return BidReason(result.call, BidReasonKind.MISERE_HIGH_CARD,
                         f"a misère with a card that cannot be ducked ({names}): {made}")
    text = f"a misère {made}"
    weak = [s for s in misere_suits(analysis.hand, analysis.rules) if s.lower_out >= 3]
    if weak:
        worst = max(weak, key=lambda s: s.lower_out)
        text += f" ({worst.lowest.pretty} has {worst.lower_out} lower {worst.suit.noun} out)"
    return BidReason(result.call, BidReasonKind.MISERE_FAILS, text)


def _pass_reason(analysis: BidAnalysis, result: CallResult) -> BidReason:
    best = analysis.best
    stand = standing(analysis)
    bid = trick_bid(best.call)
    better = (f"{words(best.call)} {makes(analysis, best)} for {value(bid, analysis)}"
              if bid is not None else f"{words(best.call)} scores {points(best.ev - result.ev)} "
              "more")
    if not stands(analysis, result):
        kind = (BidReasonKind.PASS_THROWS_IN if stand is None else BidReasonKind.PASS_UNDERBIDS
                if stand.ours else BidReasonKind.PASS_LETS_MAKE)
        return BidReason(PASS, kind, f"after a pass the auction ends in "
                         f"{ends(analysis, result, 1)}: {score(result.ev)} a hand, though "
                         f"{better}")
    if stand is None:
        return BidReason(PASS, BidReasonKind.PASS_THROWS_IN,
                         f"throws the hand in for 0, though {better}")
    if stand.ours:
        return BidReason(PASS, BidReasonKind.PASS_UNDERBIDS,
                         f"leaves {seat_name(stand.seat)} in {stand.bid.pretty}, worth "
                         f"{value(stand.bid, analysis)}, though {better}")
    return BidReason(PASS, BidReasonKind.PASS_LETS_MAKE,
                     f"pass lets {seat_name(stand.seat)}'s {stand.bid.pretty} make "
                     f"{pct(1 - result.p_make)} ({score(result.ev)} a hand)")


def bid_reason(analysis: BidAnalysis, result: CallResult) -> BidReason:
    """The reason for ``result``, a call of this decision (module docstring)."""
    best = analysis.best
    loss = best.ev - result.ev
    if result.call == best.call or loss <= EPS:
        if result.call != best.call:
            text = f"scores as much as {words(best.call)}"
        elif best.ev < 0:
            text = "the best call: it loses least (the highest expected score)"
        else:
            text = "the best call: the highest expected score"
        return BidReason(result.call, BidReasonKind.BEST, text)
    if loss <= BID_LIMITS[0] + EPS:
        return BidReason(result.call, BidReasonKind.CLOSE,
                         f"about as good: {points(loss)} less a hand on average")
    call = as_bid(result.call)
    if call is not None and call.misere:
        if result.p_make < 0.5 or call.open:
            return _misere_reason(analysis, result, call.open)
        return _fewer(analysis, result, loss)
    if call is None:
        return _pass_reason(analysis, result)
    assert call.strain is not None and call.level is not None
    stand = standing(analysis)
    mine = trick_bid(best.call)
    need = call.tricks_needed
    too_high = (f"too high for the tricks expected ({tricks(result.mean_tricks)} on average, "
                f"{need} needed): {makes(analysis, result)}")
    if mine is not None and mine.strain is call.strain and mine.level is not None:
        if call.level > mine.level:
            return BidReason(result.call, BidReasonKind.TOO_HIGH, too_high)
        return BidReason(result.call, BidReasonKind.TOO_LOW,
                         f"too low: {mine.pretty} still {makes(analysis, best)} and is worth "
                         f"{value(mine, analysis)} to this {value(call, analysis)}")
    passing = pass_row(analysis)
    if (stand is not None and not stand.ours and result.p_make < 0.5 and passing is not None
            and result.ev < passing.ev):
        return BidReason(result.call, BidReasonKind.SACRIFICE,
                         f"a sacrifice that costs more than it saves: {makes(analysis, result)}"
                         f", {score(result.ev)} a hand against {score(passing.ev)} for letting "
                         f"{seat_name(stand.seat)}'s {stand.bid.pretty} play")
    if result.p_make < 0.5:
        return BidReason(result.call, BidReasonKind.TOO_HIGH, too_high)
    if best.call == PASS and stand is not None and stand.ours:
        return BidReason(result.call, BidReasonKind.OVER_PARTNER,
                         f"{seat_name(stand.seat)}'s {stand.bid.pretty} scores more: this "
                         f"{makes(analysis, result)}, {points(loss)} less a hand")
    if best.call == PASS and stand is None:
        return BidReason(result.call, BidReasonKind.BELOW_PASS,
                         f"loses {points(-result.ev)} a hand on average, though it "
                         f"{makes(analysis, result)}" if result.ev < 0 else
                         f"scores {points(loss)} less than passing: {makes(analysis, result)}")
    if best.call == PASS and stand is not None and passing is not None:
        return BidReason(result.call, BidReasonKind.LET_THEM_PLAY,
                         f"defending scores more ({score(passing.ev)} a hand): "
                         f"{seat_name(stand.seat)}'s {stand.bid.pretty} is worth only "
                         f"{value(stand.bid, analysis)}, and this {makes(analysis, result)}")
    lower = [c for c in analysis.candidates if (b := trick_bid(c.call)) is not None
             and b.strain is call.strain and b.level is not None and b.level < call.level]
    cheaper = max(lower, key=lambda c: c.ev, default=None)
    if cheaper is not None and cheaper.ev - result.ev > loss / 2:  # the level costs the most
        below = trick_bid(cheaper.call)
        assert below is not None
        return BidReason(result.call, BidReasonKind.TOO_HIGH,
                         f"too high: {below.pretty}, in the same strain, scores "
                         f"{points(cheaper.ev - result.ev)} more ("
                         f"{verb(analysis, cheaper, result)} {pct(cheaper.p_make)} "
                         f"to this {pct(result.p_make)})")
    if mine is not None and mine.strain is not None:
        here, there = result.mean_tricks, strain_mean(analysis, mine.strain)
        if (here is not None and there is not None and here < there - EPS
                and tricks(here) != tricks(there)):
            text = (f"a weaker strain: {tricks(here)} tricks on average, {tricks(there)} in "
                    f"{mine.strain.symbol}")
            if mine.trump is not None:
                held = trump_holding(analysis.hand, mine.trump, analysis.rules)
                text += f", where you hold {count_word(held.count, 'trump')}"
                if held.top_words():
                    text += f" with {join(held.top_words())}"
            else:
                text = text.replace(f"in {mine.strain.symbol}", "at no trumps")
            return BidReason(result.call, BidReasonKind.WEAKER_STRAIN, text)
        if value(call, analysis) < value(mine, analysis):
            many = (f"more tricks on average ({tricks(here)} to {tricks(there)})"
                    if here is not None and there is not None and tricks(here) != tricks(there)
                    else f"as many tricks on average ({tricks(here)})")
            return BidReason(result.call, BidReasonKind.CHEAPER_STRAIN,
                             f"{many}, but worth {value(call, analysis)} to {mine.pretty}'s "
                             f"{value(mine, analysis)}")
    return _fewer(analysis, result, loss)


def _fewer(analysis: BidAnalysis, result: CallResult, loss: float) -> BidReason:
    return BidReason(result.call, BidReasonKind.FEWER_POINTS,
                     f"scores {points(loss)} less a hand on average ("
                     f"{makes(analysis, result)})")


def bid_reasons(analysis: BidAnalysis) -> tuple[BidReason, ...]:
    """One reason per candidate, in the table's order."""
    return tuple(bid_reason(analysis, c) for c in analysis.candidates)


assert set(BID_LABELS) == set(BidReasonKind)

__all__ = ["BID_LABELS", "BidReason", "BidReasonKind", "bid_reason", "bid_reasons"]
