"""A short reason for each row of a discard puzzle's candidate table: what that discard does
that the best one does not, in a phrase for the table's "Why" column and the grade.

`discard_reasons(analysis, rules)` gives one `DiscardReason` per candidate, in the table's
order; `discard_reason(analysis, result, rules)` one for any discard (a discard the table does
not list is played on the puzzle's layouts when graded, `grade_discard`). The first rule of
`DiscardReasonKind` that applies, in the order listed there, sets the kind. What a discard
keeps is counted from the 13 cards by the contract's card order (the left bower with the
trumps, RULES.md §2); the figures are the candidates' (chances as the table prints them,
differences of expected score in whole points).

The shared facts: `Kept` (what a discard leaves: voids, trumps, winners, bare kings and, at no
trumps, the suits without a stopper) and `winners` (each side suit's top run, A, A-K, A-K-Q
..., `facts.top_run`; kings with another card; at no trumps the joker).

When no rule names a reason (`DiscardReasonKind.FEWER_TRICKS`), the reason still says what
differs: the cards it throws where the best throws others, and a void it makes that the best
does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.bidding import Bid
from trainer.cards import SUITS, Card, Rank, Suit
from trainer.generate.bands import DISCARD_LIMITS
from trainer.generate.write_ups.calls import EPS
from trainer.generate.write_ups.facts import (
    by_suit,
    cards_text,
    count_word,
    join,
    pct,
    stopper,
    top_run,
)
from trainer.rules import CardOrder, RuleSet
from trainer.scoring import SLAM_VALUE, bid_value
from trainer.simulate import DiscardAnalysis, DiscardResult, score_key

LONG = 4
"""At no trumps, a suit of this many cards or more is a long suit."""


def winners(cards: Sequence[Card], contract: Bid,
            deck: Iterable[Card] | None = None) -> tuple[Card, ...]:
    """Side cards that win or guard tricks: each suit's top run (the ace, a king with the ace,
    a queen with both ..., `facts.top_run` in ``deck``, default the 4-player pack), a king
    held with another card of its suit (K-x), and at no trumps the joker (RULES.md §5); never
    a trump. Suit by suit, highest first."""
    order = CardOrder(trump=contract.trump)
    suits = by_suit(cards, order)
    out: list[Card] = [c for c in suits[None] if contract.trump is None]
    for suit in SUITS:
        if suit is contract.trump:
            continue
        held = suits[suit]
        run = top_run(held, suit, order, deck)
        out.extend(c for c in held if c in run or (c.rank is Rank.KING and len(held) >= 2))
    return tuple(out)


@dataclass(frozen=True)
class Kept:
    """What ``thrown`` leaves of ``hand`` under ``contract`` (`kept`)."""

    thrown: frozenset[Card]
    cards: tuple[Card, ...]
    trumps: tuple[Card, ...]
    thrown_trumps: tuple[Card, ...]
    voids: tuple[Suit, ...]
    """Side suits the hand held and the discard empties."""
    bare_kings: tuple[Card, ...]
    """Kings held guarded (K-x, no ace) left alone in their suit."""
    unstopped: tuple[Suit, ...]
    """At no trumps: suits stopped in the hand (`facts.stopper`) and not after the discard."""
    thrown_winners: tuple[Card, ...]


def kept(hand: Sequence[Card], thrown: Sequence[Card], contract: Bid,
         deck: Iterable[Card] | None = None) -> Kept:
    """What throwing ``thrown`` leaves of ``hand`` under ``contract`` (`Kept`); ``deck`` the
    pack the winners' top runs are counted in (`winners`)."""
    order = CardOrder(trump=contract.trump)
    out = frozenset(thrown)
    left = tuple(c for c in hand if c not in out)
    before, after = by_suit(hand, order), by_suit(left, order)
    side = [s for s in SUITS if s is not contract.trump]
    voids = tuple(s for s in side if before[s] and not after[s])
    bare = tuple(c for s in side for c in after[s]
                 if c.rank is Rank.KING and len(after[s]) == 1 and len(before[s]) >= 2
                 and all(x.rank is not Rank.ACE for x in before[s]))
    unstopped: tuple[Suit, ...] = ()
    if contract.trump is None:
        unstopped = tuple(s for s in SUITS if stopper(before[s]) is not None
                          and stopper(after[s]) is None)
    trumps = tuple(c for c in left if order.is_trump(c))
    return Kept(out, left, trumps, tuple(c for c in thrown if order.is_trump(c)), voids, bare,
                unstopped, tuple(c for c in winners(hand, contract, deck) if c in out))


class DiscardReasonKind(Enum):
    """What a discard does worse than the best one, each with the rule that picks it (tried in
    this order; "the loss" is the best discard's expected score minus this one's)."""

    BEST = "best"
    """The best discard, or one scoring exactly as much."""
    CLOSE = "close"
    """A loss of at most 5 points (graded best): about as good."""
    THROWS_TRUMP = "throws_trump"
    """It throws more trumps than the best discard (the joker and the left bower count)."""
    KEEPS_HIGH = "keeps_high"
    """Misère: it keeps a card above the ten that the best discard throws."""
    THROWS_WINNER = "throws_winner"
    """It throws a side winner (`winners`: a card of a suit's top run, a guarded king K-x, at
    no trumps the joker) that the best discard keeps."""
    UNGUARDS_KING = "unguards_king"
    """It leaves a king alone in its suit that the hand held guarded (K-x) and the best
    discard does not leave alone."""
    LOSES_STOPPER = "loses_stopper"
    """No trumps: it leaves a suit without a stopper (ace, K-x, Q-x-x) that the best keeps."""
    NO_VOID = "no_void"
    """It keeps a card of a side suit the best discard empties, and makes fewer voids (the
    kept cards are called losers unless one of them is an ace or a guarded king)."""
    VOID_ELSEWHERE = "void_elsewhere"
    """It makes as many voids as the best discard, in other suits."""
    BREAKS_LENGTH = "breaks_length"
    """No trumps: it throws from a long suit (4 cards or more) the best discard keeps whole."""
    FEWER_SLAMS = "fewer_slams"
    """It makes as often, but takes all ten tricks (a slam, RULES.md §6) on fewer layouts."""
    FEWER_TRICKS = "fewer_tricks"
    """Anything else: the cards it throws where the best throws others (and a void it makes
    that the best does not), then its chance of making and mean tricks against the best's
    ("as often", "as many tricks" when they print the same)."""


DISCARD_LABELS = {
    DiscardReasonKind.BEST: "best", DiscardReasonKind.CLOSE: "about as good",
    DiscardReasonKind.THROWS_TRUMP: "throws a trump", DiscardReasonKind.KEEPS_HIGH:
    "keeps a high card", DiscardReasonKind.THROWS_WINNER: "throws a winner",
    DiscardReasonKind.UNGUARDS_KING: "unguards a king", DiscardReasonKind.LOSES_STOPPER:
    "loses a stopper", DiscardReasonKind.NO_VOID: "no void", DiscardReasonKind.VOID_ELSEWHERE:
    "another void", DiscardReasonKind.BREAKS_LENGTH: "breaks a long suit",
    DiscardReasonKind.FEWER_SLAMS: "fewer slams", DiscardReasonKind.FEWER_TRICKS:
    "fewer tricks",
}
"""A few words per kind, for a narrow table column (`DiscardReason.label`)."""


@dataclass(frozen=True)
class DiscardReason:
    """The reason for one discard of the table: the cards, the kind (`DiscardReasonKind`) and
    the phrase shown (lower case, no full stop)."""

    discard: tuple[Card, ...]
    kind: DiscardReasonKind
    text: str

    @property
    def label(self) -> str:
        """The kind in a few words (``throws a trump``), for a narrow column."""
        return DISCARD_LABELS[self.kind]


def slams_pay(contract: Bid, rules: RuleSet) -> bool:
    """Whether taking all ten tricks scores more than ``contract`` (``slam_250``, RULES.md
    §6)."""
    return (rules.slam_250 and not contract.misere
            and bid_value(contract, rules) < SLAM_VALUE)


def discard_reason(analysis: DiscardAnalysis, result: DiscardResult,
                   rules: RuleSet) -> DiscardReason:
    """The reason for ``result``, a discard of this puzzle (module docstring)."""
    best = analysis.best
    contract = analysis.contract
    order = CardOrder(trump=contract.trump)
    cards = tuple(sorted(result.discard, key=order.display_key))
    loss = score_key(best) - score_key(result)

    def reason(kind: DiscardReasonKind, text: str) -> DiscardReason:
        return DiscardReason(cards, kind, text)

    if frozenset(result.discard) == frozenset(best.discard) or loss <= EPS:
        return reason(DiscardReasonKind.BEST,
                      "the best discard: the highest expected score"
                      if frozenset(result.discard) == frozenset(best.discard)
                      else "scores as much as the best")
    if loss <= DISCARD_LIMITS[0] + EPS:
        return reason(DiscardReasonKind.CLOSE, f"about as good: {loss:.1f} less a hand")
    hand = analysis.hand
    mine = kept(hand, result.discard, contract, rules.pack)
    top = kept(hand, best.discard, contract, rules.pack)
    if len(mine.thrown_trumps) > len(top.thrown_trumps):
        extra = [c for c in mine.thrown_trumps if c not in top.thrown_trumps] or list(
            mine.thrown_trumps)
        what = "the joker" if extra[0].is_joker else extra[0].pretty
        text = (f"throws a trump ({what})" if len(extra) == 1
                else f"throws {count_word(len(extra), 'trump')} ({cards_text(extra, order)})")
        return reason(DiscardReasonKind.THROWS_TRUMP, text)
    if contract.misere:
        high = [c for c in best.discard if c not in result.discard and (
            c.is_joker or (c.rank is not None and c.rank >= Rank.JACK))]
        if high:
            return reason(DiscardReasonKind.KEEPS_HIGH,
                          f"keeps the {high[0].pretty}, a card that can win a trick")
    lost = [c for c in mine.thrown_winners if c not in top.thrown_winners]
    if lost and not contract.misere:
        card = lost[0]
        with_ace = any(x.rank is Rank.ACE and x.suit is card.suit and not order.is_trump(x)
                       for x in hand)
        what = ("the joker" if card.is_joker else f"the {card.pretty}, a side winner"
                if card.rank is Rank.ACE or with_ace else f"the {card.pretty}, a guarded king")
        return reason(DiscardReasonKind.THROWS_WINNER, f"throws {what}")
    bare = [k for k in mine.bare_kings if k not in top.bare_kings]
    if bare:
        guard = [c for c in result.discard if c.suit is bare[0].suit]
        return reason(DiscardReasonKind.UNGUARDS_KING,
                      f"unguards the {bare[0].pretty} (throws {cards_text(guard, order)})")
    gone = [s for s in mine.unstopped if s not in top.unstopped]
    if gone:
        return reason(DiscardReasonKind.LOSES_STOPPER,
                      f"leaves {gone[0].noun} without a stopper")
    missed = [s for s in top.voids if s not in mine.voids]
    if missed and len(mine.voids) < len(top.voids):
        stays = [c for c in mine.cards if order.effective_suit(c) is missed[0]]
        if set(stays) & set(winners(hand, contract, rules.pack)):
            return reason(DiscardReasonKind.NO_VOID,
                          f"keeps the {cards_text(stays, order)} instead of making a void in "
                          f"{missed[0].noun}")
        verb = "stays" if len(stays) == 1 else "stay"
        noun = "a loser" if len(stays) == 1 else "losers"
        return reason(DiscardReasonKind.NO_VOID,
                      f"keeps {noun} instead of making a void (the {cards_text(stays, order)} "
                      f"{verb})")
    if missed and mine.voids:
        return reason(DiscardReasonKind.VOID_ELSEWHERE,
                      f"makes a void in {join([s.noun for s in mine.voids])} rather than "
                      f"{join([s.noun for s in missed])}")
    if contract.trump is None:
        suits = by_suit(hand, order)
        broken = [s for s in SUITS if len(suits[s]) >= LONG and any(
            c.suit is s for c in result.discard) and not any(c.suit is s for c in best.discard)]
        if broken:
            return reason(DiscardReasonKind.BREAKS_LENGTH,
                          f"throws from the long {broken[0].noun} ({len(suits[broken[0]])} "
                          "cards)")
    if (slams_pay(contract, rules) and result.p_make >= best.p_make - EPS
            and result.p_slam is not None and best.p_slam is not None
            and result.p_slam < best.p_slam):
        return reason(DiscardReasonKind.FEWER_SLAMS,
                      f"makes as often ({pct(result.p_make)}), but takes all ten tricks on "
                      f"{pct(result.p_slam)} of the layouts to the best's {pct(best.p_slam)}")
    mine_only = [c for c in cards if c not in best.discard]
    best_only = sorted((c for c in best.discard if c not in result.discard),
                       key=order.display_key)
    text = (f"throws {cards_text(mine_only, order)} where the best throws "
            f"{cards_text(best_only, order)}").replace("Joker", "the joker")
    more = [s for s in mine.voids if s not in top.voids]
    if more:
        text += f", making a void in {join([s.noun for s in more])}"
    return reason(DiscardReasonKind.FEWER_TRICKS, f"{text}: it {compared(result, best)}")


def compared(result: DiscardResult, best: DiscardResult) -> str:
    """Chance of making and mean tricks against the best's: ``makes 90% to the best's 95%,
    7.60 tricks on average to 8.02``; ``makes as often (42%)`` and ``as many tricks on average
    (7.12)`` when the figures print the same."""
    mine, theirs = pct(result.p_make), pct(best.p_make)
    made = f"makes as often ({mine})" if mine == theirs else f"makes {mine} to the best's {theirs}"
    here, there = f"{result.mean_tricks:.2f}", f"{best.mean_tricks:.2f}"
    many = (f"as many tricks on average ({here})" if here == there
            else f"{here} tricks on average to {there}")
    return f"{made}, {many}"


def discard_reasons(analysis: DiscardAnalysis, rules: RuleSet) -> tuple[DiscardReason, ...]:
    """One reason per candidate, in the table's order."""
    return tuple(discard_reason(analysis, c, rules) for c in analysis.candidates)


assert set(DISCARD_LABELS) == set(DiscardReasonKind)

__all__ = [
    "DISCARD_LABELS",
    "LONG",
    "DiscardReason",
    "DiscardReasonKind",
    "Kept",
    "compared",
    "discard_reason",
    "discard_reasons",
    "kept",
    "slams_pay",
    "winners",
]
