"""Sampling the unseen cards to fit the learner's hand and the auction: the inferences each
call carries, and the layouts (see `trainer.simulate`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.bidding import PASS, Auction, Bid, parse_call
from trainer.cards import JOKER, Card, Deal, Rank, Seat, sort_key
from trainer.policy import estimate_tricks
from trainer.rules import STRAINS, CardOrder, RuleSet
from trainer.simulate.common import BID_SLACK, MAX_FAILS, OPENING_PASS_LIMIT, SimulationError

# --- inferences ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Inference:
    """What one call says about its caller's hand (module docstring), as a test on 10 cards.

    A trick bid's inference has two halves, its shape (the trumps, or the joker or two aces)
    and its strength (the simple count); ``part`` is ``"all"``, or the one half still in force
    or dropped (`relax`)."""

    seat: Seat
    call: str
    text: str
    part: str = "all"

    def holds(self, hand: Sequence[Card]) -> bool:
        """True when ``hand`` (the caller's 10 cards) fits this inference."""
        if self.call == PASS:
            return max(estimate_tricks(hand, s) for s in STRAINS) < OPENING_PASS_LIMIT
        bid = parse_call(self.call)
        assert isinstance(bid, Bid)
        if bid.misere:
            return JOKER not in hand and not any(c.rank is Rank.ACE for c in hand)
        if self.part != "strength" and not self._shape(bid, hand):
            return False
        return self.part == "shape" or \
            estimate_tricks(hand, bid.strain) >= bid.tricks_needed - BID_SLACK

    @property
    def halves(self) -> tuple[Inference, Inference] | None:
        """A trick bid's (shape, strength) halves, each with its own text; None for a pass,
        a misère, or a half."""
        bid = parse_call(self.call)
        if self.part != "all" or not isinstance(bid, Bid) or bid.misere:
            return None
        shape, worth = _bid_shows(bid)
        head = f"{self.seat} bid {bid.pretty}: "
        return (Inference(self.seat, self.call, head + shape, "shape"),
                Inference(self.seat, self.call, head + worth, "strength"))

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


def relax(active: list[Inference]) -> Inference:
    """Drop the latest inference still in force from ``active`` (in place) and return what was
    dropped: of a trick bid still whole, only its strength (its shape stays in force: partner's
    6NT still shows the joker when the hand cannot also be as strong as the bid); else the
    whole of it (a pass, a misère, a shape already alone)."""
    last = active.pop()
    halves = last.halves
    if halves is None:
        return last
    active.append(halves[0])
    return halves[1]


def _bid_shows(call: Bid) -> tuple[str, str]:
    """A trick bid's shape and strength, in words."""
    if call.trump is None:
        shape = "the joker or two aces"
    elif call.tricks_needed <= 6:
        shape = "at least 3 trumps"
    else:
        shape = "4 trumps, or 3 with the joker or the right bower"
    return shape, f"{call.tricks_needed - BID_SLACK:g}+ tricks by the simple count"


def _inference_text(seat: Seat, call: Bid | str) -> str:
    if call == PASS:
        return f"{seat} passed first: no strain worth 5.5 estimated tricks"
    assert isinstance(call, Bid)
    if call.misere:
        return f"{seat} bid {call.pretty}: no joker and no ace"
    shape, worth = _bid_shows(call)
    return f"{seat} bid {call.pretty}: {shape}, and {worth}"


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


def check_table(rules: RuleSet) -> None:
    """Raise `SimulationError` unless ``rules`` are for the 4-player game (the one simulated)."""
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
    check_table(rules)
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
            dropped.append(relax(active))
            fails = 0
    return LayoutSample(tuple(layouts), tuple(active), tuple(dropped), shuffles)
