"""A bot's call and discard: the simulations "analyse my hand" uses (`trainer.simulate`), on
the level's layouts, or the policy (`trainer.policy`) for the easy bot.

The simulations cover the 4-player game; at 2, 3 and 6 players the bots bid and discard by
the policy at every level (`trainer.simulate.check_table`). A bot does not nominate the joker
(the simulations value no-trump contracts with the joker free, and so does the bot).
"""

from __future__ import annotations

from trainer.bidding import Bid, parse_call
from trainer.cards import Card
from trainer.game.hand import GameHand
from trainer.policy import choose_bid, choose_discard
from trainer.simulate import analyse_bid, analyse_discard


def choose_call(hand: GameHand, layouts: int, seed: str) -> Bid | str:
    """The call of the seat to call in ``hand``: the best expected score over ``layouts``
    simulated layouts (0, or not 4 players: the policy)."""
    seat = hand.auction.to_call
    assert seat is not None
    cards = hand.deal.hands[seat]
    if layouts <= 0 or hand.rules.players != 4:
        return choose_bid(cards, hand.auction)
    calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
    analysis = analyse_bid(cards, seat, hand.deal.dealer, calls, hand.rules, samples=layouts,
                           seed=seed, workers=1)
    return parse_call(analysis.best.call)


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
