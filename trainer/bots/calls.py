"""A bot's call and discard: the simulations "analyse my hand" uses (`trainer.simulate`), on
the level's layouts, or the policy (`trainer.policy`) for the easy bot.

A sampling bot calls as Ben does in bridge: its simple bidder (here the policy) proposes a
call and the simulation may overrule it, but only when another call is clearly better
(`pick_call`). Every candidate is valued on the same layouts, so two calls are compared layout
by layout (`trainer.simulate.paired_gap`: the mean gain and its standard error, the shared luck
of a layout cancelling). A call that bids higher than the proposal must gain more than
`MARGIN` points and `NOISE_Z` standard errors: taking the best of many candidates valued on a
few layouts otherwise picks the luckiest estimate (the winner's curse; a duplicate match showed
normal bots overbidding by that alone: a 9♠ chosen at 277 ± 58 over 12 layouts was worth 212
over 100, less than 8♠). A call that bids lower (a pass, a lower level) needs only the noise
bar, so a policy overbid (10♠ where 9♠ is better by 86) is corrected. The proposal itself is
kept only when a good player could make it: an opening at the 8 level or higher, or a call the
hand does not fit, is not protected, and the best fitting call below the 8 level stands in
for it (an 8-level opening is still made when the simulation shows it better by `MARGIN` and
two standard errors).

As Ben's simulation chooses only among the calls its network finds plausible, a bot makes only
bids its hand shows (`fits_hand`: what the auction inferences of `trainer.simulate` read into
a bid: the trumps or the joker and aces, a misère hand without joker or ace, the strength the
level needs; a raise of partner's bid counts on partner's tricks), so partners read its bids
right and it never bids 7♠ holding hearts or open misère on kings.

Every simulated declarer discards as `trainer.policy.bots_discard` does (at no trumps the
lowest cards, keeping the kings and queens that take tricks, where the rule of thumb would make
voids): with the rule of thumb's discard a 9NT on ♠AKQ ♥AKQ ♦AK ♣AK was made on 86 layouts of
100, not 100, and no-trump bids were undervalued.

The simulations cover the 4-player game; at 2, 3 and 6 players the bots bid and discard by
the policy at every level (`trainer.simulate.check_table`). A bot does not nominate the joker
(the simulations value no-trump contracts with the joker free, and so does the bot).
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.bidding import PASS, Auction, Bid, bid_rank, parse_call
from trainer.cards import JOKER, SUITS, Card, Rank, Seat
from trainer.game.hand import GameHand
from trainer.policy import (
    PARTNER_TRICKS,
    bots_discard,
    choose_bid,
    choose_discard,
    estimate_tricks,
)
from trainer.rules import CardOrder
from trainer.simulate import (
    BID_SLACK,
    CallResult,
    Inference,
    analyse_bid,
    analyse_discard,
    call_code,
    paired_gap,
)

MARGIN = 30.0
"""Points by which a call must beat the policy's in the simulation to overrule it."""
NOISE_Z = 1.0
"""Standard errors of the difference by which it must beat it too."""


AMBITIOUS_LEVEL = 8
"""An opening at this level or higher is not taken on the policy's word (`pick_call`)."""
AMBITIOUS_Z = 2.0
"""Standard errors by which such an opening must beat the base: the simulation's noise as the
grades count it (two standard errors), since lesson 11's values do not vouch for it."""
RAISE_ALLOWANCE = 0.5
"""Tricks a raiser counts on beyond partner's shown tricks and its own (the kitty's share)."""


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
    # pick_call chooses among the calls the hand fits, so only those are valued; a hand that
    # fits none but the pass needs no simulation
    fitting = [code for code in map(call_code, hand.auction.legal_calls())
               if fits_hand(code, cards, seat, hand.auction)]
    if fitting == [PASS]:
        return PASS
    calls = [call_code(c) for c in hand.auction.calls]
    analysis = analyse_bid(cards, seat, hand.deal.dealer, calls, hand.rules, samples=layouts,
                           seed=seed, workers=1, only=fitting, discard_rule=bots_discard)
    return parse_call(pick_call(analysis.candidates, call_code(proposed), cards, seat,
                                hand.auction))


def pick_call(candidates: Sequence[CallResult], proposed: str, cards: Sequence[Card],
              seat: Seat, auction: Auction) -> str:
    """The call a sampling bot makes among ``candidates`` (valued on the same layouts; a pass
    always among them) when the policy proposed ``proposed`` (module docstring): the base is
    the proposal when the hand fits it and it is no `AMBITIOUS_LEVEL` opening, else the best
    fitting call that is neither; a fitting call replaces the base when its paired gain
    exceeds ``NOISE_Z`` standard errors (`AMBITIOUS_Z` for an `AMBITIOUS_LEVEL` opening),
    plus `MARGIN` when it bids higher; of several, the one whose gain is most surely positive
    (gain less ``NOISE_Z`` errors)."""
    fitting = [c for c in candidates if fits_hand(c.call, cards, seat, auction)]
    by_call = {c.call: c for c in fitting}
    modest = [c for c in fitting if not _ambitious(c.call, auction)]
    if proposed in by_call and not _ambitious(proposed, auction):
        base = by_call[proposed]
    elif modest:
        base = max(modest, key=lambda c: c.ev)
    else:
        return PASS
    best, best_sure = base, 0.0
    for cand in fitting:
        gain, se = paired_gap(cand, base)
        z = AMBITIOUS_Z if _ambitious(cand.call, auction) else NOISE_Z
        need = z * se + (MARGIN if _rank(cand.call, auction) > _rank(base.call, auction)
                         else 0.0)
        if gain > need and gain - NOISE_Z * se > best_sure:
            best, best_sure = cand, gain - NOISE_Z * se
    return best.call


def _rank(call: str, auction: Auction) -> int:
    bid = parse_call(call)
    return bid_rank(bid, auction.rules) if isinstance(bid, Bid) else -1


def _ambitious(call: str, auction: Auction) -> bool:
    """An opening bid (no bid made yet) at `AMBITIOUS_LEVEL` or higher."""
    bid = parse_call(call)
    return (isinstance(bid, Bid) and not bid.misere and auction.high_bid is None
            and bid.tricks_needed >= AMBITIOUS_LEVEL)


def fits_hand(call: str, cards: Sequence[Card], seat: Seat,
              auction: Auction | None = None) -> bool:
    """True for a pass, and for a bid a good player could make with ``cards`` (10 cards) in
    ``seat``'s turn of ``auction`` (None: an opening):

    - a raise (partner has bid the strain): support (three trumps, or two with the joker, a
      bower or the ace; at no trumps the joker or an ace) and the tricks to add: the hand's
      own tricks (`policy.estimate_tricks` less the share it counts from partner,
      `policy.PARTNER_TRICKS`), partner's as the policy bids (level L from L - 0.5 estimated,
      that share included) and `RAISE_ALLOWANCE` for the kitty must together reach the
      raise's level less `trainer.simulate.BID_SLACK`: a one-level raise needs 1.5 tricks of
      the hand's own (JK J♥ Q♥ over partner's 6♥ raises to 7♥);
    - otherwise the bid's auction inference (`trainer.simulate.Inference`: the shape and
      strength partners read into it), and at no trumps without the joker a stopper in every
      suit (an ace, a king with one more card, a queen with two more: lesson 11,
      lessons/11-valuing-a-hand.md, "a no-trump bid without the joker lets the opponents run
      a long suit");
    - a misère also needs a hand with no king and at most two queens and jacks (the
      inference asks only for no joker and no ace).
    """
    if call == PASS:
        return True
    bid = parse_call(call)
    assert isinstance(bid, Bid)
    if bid.misere:
        high = [c for c in cards if c.rank is not None and c.rank >= Rank.JACK]
        if any(c.rank >= Rank.KING for c in high) or len(high) > 2:  # type: ignore[operator]
            return False
        return Inference(seat, call, "").holds(cards)
    shown = _partner_level(bid, seat, auction)
    if shown is not None:
        share = PARTNER_TRICKS[4]
        own = estimate_tricks(cards, bid.strain) - share
        partners = shown - 0.5 - share
        return (_supports(bid, cards)
                and own + partners + RAISE_ALLOWANCE >= bid.tricks_needed - BID_SLACK)
    if bid.trump is None and JOKER not in cards and not _stoppers(cards):
        return False
    return Inference(seat, call, "").holds(cards)


def _partner_level(bid: Bid, seat: Seat, auction: Auction | None) -> int | None:
    """The highest level partner has bid in ``bid``'s strain (None: partner has not)."""
    if auction is None:
        return None
    partners = set(auction.rules.side_of(seat)) - {seat}
    levels = [c.tricks_needed for i, c in enumerate(auction.calls)
              if isinstance(c, Bid) and not c.misere and c.strain is bid.strain
              and auction.seat_of_call(i) in partners]
    return max(levels, default=None)


def _supports(bid: Bid, cards: Sequence[Card]) -> bool:
    if bid.trump is None:
        return JOKER in cards or any(c.rank is Rank.ACE for c in cards)
    order = CardOrder(trump=bid.trump)
    trumps = [c for c in cards if order.effective_suit(c) is bid.trump]
    top = any(c.is_joker or order.power(c) >= 30 or c.rank is Rank.ACE for c in trumps)
    return len(trumps) >= 3 or (len(trumps) >= 2 and top)


def _stoppers(cards: Sequence[Card]) -> bool:
    """A stopper in every suit at no trumps: an ace, a king with one more card, or a queen
    with two more."""
    for suit in SUITS:
        ranks = [c.rank for c in cards if c.suit is suit and not c.is_joker]
        if not (Rank.ACE in ranks or (Rank.KING in ranks and len(ranks) >= 2)
                or (Rank.QUEEN in ranks and len(ranks) >= 3)):
            return False
    return True


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
