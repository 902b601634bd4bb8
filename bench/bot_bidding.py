"""How the bots bid, against the hand valuation the bidding lesson teaches (prints figures).

Seeded 4-player deals (`trainer.game.hand_seed(seed, i)`, the dealer moving on a seat a deal)
are bid to the end with every seat at one level (`trainer.bots.decide`); no card is played.
Each bid is checked against what lesson 11 (lessons/11-valuing-a-hand.md, "What bids show")
says a bid shows, read from the caller's own ten cards:

- a suit bid at the 6 level: at least three trumps (the joker and both bowers count); at 7 or
  more: four trumps, or three with the joker or the right bower;
- a no-trump bid: the joker, or a stopper in every suit (an ace, K-x, Q-x-x);
- a raise of partner's strain: partner's tricks plus the raiser's own (the lesson: "your
  trumps and yours together make a long trump suit, and your side winners are tricks they did
  not count on"): counted as the raiser holding two trumps or more, or a side ace;
- an opening at the 8 level or higher (the issue's "no 8-level opening without the values").

It also prints how often the level's call differs from the easy level's (the policy's trick
count: `trainer.policy.choose_bid`) and in which direction, the raises and the competitive
bids made, and the mean of the policy's trick estimate against the level bid.

Run: ``python bench/bot_bidding.py [--deals 100] [--seed 20261203] [--level normal]``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

from trainer.bidding import Auction, Bid, bid_rank
from trainer.bots import Level, decide
from trainer.cards import JOKER, SUITS, Card, Rank, Seat, deal
from trainer.game import GameHand, Phase, hand_seed
from trainer.policy import choose_bid, estimate_tricks
from trainer.rules import CardOrder, ruleset


def trumps_held(cards: Sequence[Card], bid: Bid) -> tuple[int, bool]:
    """The trumps in ``cards`` for ``bid``'s suit, and whether the joker or right bower is one."""
    order = CardOrder(trump=bid.trump)
    trumps = [c for c in cards if order.effective_suit(c) is bid.trump]
    return len(trumps), any(c.is_joker or order.power(c) == 31 for c in trumps)


def stoppers(cards: Sequence[Card]) -> bool:
    """A stopper in every suit: an ace, a king with one more card, a queen with two more."""
    for suit in SUITS:
        ranks = [c.rank for c in cards if c.suit is suit and not c.is_joker]
        if not (Rank.ACE in ranks or (Rank.KING in ranks and len(ranks) >= 2)
                or (Rank.QUEEN in ranks and len(ranks) >= 3)):
            return False
    return True


def shows(bid: Bid, cards: Sequence[Card]) -> bool:
    """True when ``cards`` hold what lesson 11 says ``bid`` shows (module docstring)."""
    if bid.trump is None:
        return JOKER in cards or stoppers(cards)
    n, top = trumps_held(cards, bid)
    return n >= 3 if bid.tricks_needed == 6 else (n >= 4 or (n >= 3 and top))


def partner_bid(auction: Auction, seat: Seat, bid: Bid) -> bool:
    """True when ``seat``'s partner has bid ``bid``'s strain earlier in ``auction``."""
    partners = set(auction.rules.side_of(seat)) - {seat}
    return any(isinstance(c, Bid) and not c.misere and c.strain is bid.strain
               and auction.seat_of_call(i) in partners for i, c in enumerate(auction.calls))


def direction(call: Bid | str, easy: Bid | str, auction: Auction) -> str:
    """How the level's call differs from the policy's: same, higher, lower, other strain."""
    if call == easy:
        return "same as the policy"
    rank = {c: bid_rank(c, auction.rules) if isinstance(c, Bid) else -1 for c in (call, easy)}
    if isinstance(call, Bid) and isinstance(easy, Bid) and call.strain is not easy.strain:
        return "another strain"
    return "higher than the policy" if rank[call] > rank[easy] else "lower than the policy"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--level", default="normal", choices=["normal", "strong"])
    args = parser.parse_args()
    level = Level(args.level)
    rules = ruleset()
    tally: Counter[str] = Counter()
    ways: Counter[str] = Counter()
    misses: list[str] = []
    gaps: list[float] = []
    began = time.process_time()
    for i in range(args.deals):
        dealer = rules.seats[i % len(rules.seats)]
        hand = GameHand(rules, deal(hand_seed(args.seed, i), 4, rules.deck, dealer))
        while hand.phase is Phase.AUCTION:
            seat = hand.auction.to_call
            assert seat is not None
            cards = hand.deal.hands[seat]
            easy = choose_bid(cards, hand.auction)
            decision = decide(hand, level, f"{args.seed}:{i}")
            call = decision.call
            assert call is not None
            tally["calls"] += 1
            ways[direction(call, easy, hand.auction)] += 1
            if isinstance(call, Bid):
                tally["bids"] += 1
                if call.misere:
                    tally["misère bids"] += 1
                else:
                    opening = hand.auction.high_bid is None
                    raise_ = partner_bid(hand.auction, seat, call)
                    tally["raises"] += raise_
                    tally["competitive bids"] += (not opening and not raise_)
                    tally["no-trump bids"] += call.trump is None
                    if opening and call.tricks_needed >= 8:
                        tally["8-level or higher openings"] += 1
                        misses.append(f"deal {i}: {seat} opened {call.pretty}")
                    if raise_:
                        n = trumps_held(cards, call)[0] if call.trump is not None else 0
                        aces = sum(c.rank is Rank.ACE for c in cards)
                        tally["raises with two trumps or a side ace"] += n >= 2 or aces > 0
                    elif shows(call, cards):
                        tally["bids showing what lesson 11 says"] += 1
                    else:
                        tally["bids not showing it"] += 1
                        misses.append(f"deal {i}: {seat} bid {call.pretty} with "
                                      f"{' '.join(c.code for c in cards)}")
                    gaps.append(estimate_tricks(cards, call.strain) - call.tricks_needed)
            decision.apply(hand)
    cpu = time.process_time() - began
    print(f"{level.value} bots, {args.deals} deals bid to the end (seed {args.seed}), "
          f"{cpu:.0f} s of CPU")
    for name in ("calls", "bids", "misère bids", "no-trump bids", "raises",
                 "raises with two trumps or a side ace", "competitive bids",
                 "8-level or higher openings", "bids showing what lesson 11 says",
                 "bids not showing it"):
        print(f"  {name}: {tally[name]}")
    print("  against the policy (the easy level): " + ", ".join(
        f"{k} {v}" for k, v in ways.most_common()))
    if gaps:
        mean = sum(gaps) / len(gaps)
        print(f"  the policy's trick estimate minus the level bid: mean {mean:+.2f} over "
              f"{len(gaps)} trick bids")
    for line in misses[:20]:
        print("  " + line)


if __name__ == "__main__":
    main()
