"""A bot's call and discard: the simulations "analyse my hand" uses (`trainer.simulate`), on
the level's layouts, or the policy (`trainer.policy`) for the easy bot.

A sampling bot calls as Ben does in bridge: its simple bidder (here the policy) proposes a
call and the simulation may overrule it, but only when another call is clearly better: by more
than `MARGIN` points and `NOISE_Z` standard errors of the difference. Taking the best of many
candidates valued on a few layouts otherwise picks the luckiest estimate (the winner's curse):
a duplicate match showed normal bots overbidding by that alone (a 9♠ chosen at 277 ± 58 over
12 layouts was worth 212 over 100, less than 8♠). And as Ben's simulation chooses only among
the calls its network finds plausible, a bot makes only bids its hand shows
(`fits_hand`: what the auction inferences of `trainer.simulate` read into a bid: the trumps or
the joker and aces, a misère hand without joker or ace, the strength the level needs), so
partners read its bids right and it never bids 7♠ holding hearts or open misère on kings.

The simulations cover the 4-player game; at 2, 3 and 6 players the bots bid and discard by
the policy at every level (`trainer.simulate.check_table`). A bot does not nominate the joker
(the simulations value no-trump contracts with the joker free, and so does the bot).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from trainer.bidding import MISERE, OPEN_MISERE, PASS, Bid, parse_call
from trainer.cards import Card, Rank, Seat
from trainer.game.hand import GameHand
from trainer.policy import choose_bid, choose_discard
from trainer.simulate import Inference, analyse_bid, analyse_discard

MARGIN = 30.0
"""Points by which a call must beat the policy's in the simulation to overrule it."""
NOISE_Z = 1.0
"""Standard errors of the difference by which it must beat it too."""


def choose_call(hand: GameHand, layouts: int, seed: str) -> Bid | str:
    """The call of the seat to call in ``hand`` (module docstring): the policy's call unless
    the simulation over ``layouts`` layouts finds one clearly better (0 layouts, or not 4
    players: the policy's call)."""
    seat = hand.auction.to_call
    assert seat is not None
    cards = hand.deal.hands[seat]
    proposed = choose_bid(cards, hand.auction)
    if layouts <= 0 or hand.rules.players != 4:
        return proposed
    calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
    analysis = analyse_bid(cards, seat, hand.deal.dealer, calls, hand.rules, samples=layouts,
                           seed=seed, workers=1)
    code = proposed.code if isinstance(proposed, Bid) else proposed
    base = analysis.value_of(code)
    better = [c for c in analysis.candidates if fits_hand(c.call, cards, seat)
              and c.ev - base.ev > MARGIN + NOISE_Z * math.hypot(c.se, base.se)]
    if not better:
        return proposed
    return parse_call(max(better, key=lambda c: c.ev - NOISE_Z * c.se).call)


def fits_hand(call: str, cards: Sequence[Card], seat: Seat) -> bool:
    """True for a pass, and for a bid whose auction inference (`trainer.simulate.Inference`:
    the shape and strength partners read into it) ``cards`` fits; a misère also needs a hand
    with no king and at most two queens and jacks (the inference asks only for no joker and no
    ace)."""
    if call == PASS:
        return True
    if call in (MISERE.code, OPEN_MISERE.code):
        high = [c for c in cards if c.rank is not None and c.rank >= Rank.JACK]
        if any(c.rank >= Rank.KING for c in high) or len(high) > 2:  # type: ignore[operator]
            return False
    return Inference(seat, call, "").holds(cards)


def choose_exchange(hand: GameHand, layouts: int, seed: str) -> tuple[Card, ...]:
    """The declarer's discard: the discard search (`trainer.simulate.analyse_discard`) on
    ``layouts`` layouts with a short shortlist (0, or not 4 players: the policy)."""
    assert hand.contract is not None and hand.declarer is not None
    pool = hand.kitty_pool()
    if layouts <= 0 or hand.rules.players != 4:
        return choose_discard(pool, hand.contract, hand.rules)
    calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
    analysis = analyse_discard(pool, hand.contract, hand.declarer, hand.deal.dealer, calls,
                               hand.rules, samples=layouts, seed=seed, workers=1,
                               shortlist=6, shortlist_samples=max(4, layouts // 2),
                               finalists=3)
    return analysis.best.discard
