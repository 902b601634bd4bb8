"""Simple, documented bidding and discard policies for generated deals and simulations.

These are not the trainer's advice (that comes from double-dummy simulation); they make the
deals behind puzzles look like real play, and give the simulated declarer a sensible discard.

Hand valuation (`estimate_tricks`), counted for the hand alone, in tricks:
- Trumps (suit contracts): joker 1, right bower 1, left bower 0.9, A 0.85, K 0.6, Q 0.35 when
  held with at least two other trumps (else half that), and 1 for every trump beyond the fourth.
- Side suits: A 0.9; K 0.6 with the A or with one more card (0.3 bare); Q 0.3 with A or K.
  With three or more trumps, a void is worth 0.8 and a singleton 0.4 (ruffs).
- No trumps: A 0.9, K 0.6 (guarded), Q 0.3 (guarded), the joker 1.2, a long suit's fifth and
  further cards 0.7 each when it holds the ace.
- Partner: a 4-player declarer counts 2 tricks from partner and the kitty; 3-player 1; 6-player
  (two partners) 3; 2-player 2 (the player's own table cards, like a partner's hand).

`choose_bid` bids the highest-valued strain at the level its estimate reaches (6 at 5.5
estimated tricks and above), if that is still legal; else misère when the hand holds no card
above 9 and no joker and misère is legal (never at 2 players, RULES.md §1; it sits where the
rules' ladder puts it); else it passes. Under ``six_level_informational`` (002, American: a
6-level bid cannot win the auction, the hand is redealt) it makes no 6-level bid, so it never
ends an auction on a 6-bid expecting to play it: its trick bids start at 7 (6.5 estimated
tricks), and a hand worth only six passes. At a raise turn (``raise_reopens``) the same rule
picks a higher bid in its best strain, or passes. Over a partner's misère or open misère it
counts nothing from partner and the kitty, bids over the misère only with a contract worth
more, and never bids misère itself: a partner takes a misère out only for a clearly better
contract (in the old policy a partner bid 8♠ over it on a count that still took two tricks
from the misère hand, and a sound misère was graded a blunder for it).
`choose_discard` keeps trumps and aces and discards to make voids: it throws the side suits
with the fewest cards first, lowest cards first (RULES.md §4: any three cards). At no trumps
with ``keep_no_trump_winners`` it throws the lowest cards instead (from the shortest suit among
equal ranks): with no trumps a void ruffs nothing, and making one throws kings and queens that
take tricks (♠AKQ ♥AKQ ♦AK ♣AK with 7♠ 8♥ 9♣ in the kitty: not K♦ 9♣ K♣, but the three small).

`choose_play` plays a card by rules of thumb, seeing only its own cards and the cards played:
- leading: the highest trump while the opponents may still hold trumps, when it is the best
  trump left (declarer's side in a trump contract); else a "master" (the best card left in its
  suit); else the lowest card of its longest side suit (no trumps: its longest suit);
- following: when partner is winning the trick with the best card left in that suit, or plays
  last and is winning, the lowest card; else the cheapest card that wins the trick as it stands
  (second hand plays low unless it holds the master); else the lowest card, from the shortest
  side suit when discarding;
- misère: the declarer plays the highest card that loses the trick as it stands (the highest
  card when none loses); the defenders play their lowest card, or with ``misere_defence`` as
  a defender who wants the declarer to take a trick: once the declarer's card is in the trick,
  the highest card that stays under it (the declarer keeps the trick), else the highest card
  (the trick is not the declarer's: throw a high card, keep the low ones to lead); before the
  declarer plays, the lowest card; leading an open misère, the lowest card of a suit where the
  declarer's lowest card is above it (the declarer must win it), else the lowest card;
- a free joker led names the first suit the rules allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from trainer.bidding import MISERE, Auction, Bid
from trainer.cards import JOKER, SUITS, Card, Rank, Seat, Suit
from trainer.play import PlayState
from trainer.rules import CardOrder, Play, RuleSet, Strain
from trainer.scoring import bid_value

PARTNER_TRICKS = {2: 2.0, 3: 1.0, 4: 2.0, 6: 3.0}


def suit_cards(hand: Iterable[Card], order: CardOrder) -> dict[Suit | None, list[Card]]:
    """The hand's cards by the suit they follow as (the left bower with the trumps; a free
    joker under None), each suit highest first."""
    out: dict[Suit | None, list[Card]] = {s: [] for s in SUITS}
    out[None] = []
    for card in hand:
        out[order.effective_suit(card)].append(card)
    for cards in out.values():
        cards.sort(key=order.power, reverse=True)
    return out


def estimate_tricks(hand: Sequence[Card], strain: Strain, players: int = 4) -> float:
    """Estimated tricks for ``strain`` with this hand as declarer (see the module docstring)."""
    order = CardOrder(trump=strain.trump)
    by_suit = suit_cards(hand, order)
    total = PARTNER_TRICKS.get(players, 2.0)
    trumps = by_suit[strain.trump] if strain.trump is not None else []
    if strain.trump is not None:
        n = len(trumps)
        for card in trumps:
            p = order.power(card)
            if card.is_joker or p == 31:
                total += 1.0
            elif p == 30:
                total += 0.9
            elif card.rank is Rank.ACE:
                total += 0.85
            elif card.rank is Rank.KING:
                total += 0.6
            elif card.rank is Rank.QUEEN:
                total += 0.35 if n >= 3 else 0.175
        total += max(0, n - 4)
    elif JOKER in hand:
        total += 1.2
    for suit in SUITS:
        if suit is strain.trump:
            continue
        cards = by_suit[suit]
        ranks = [c.rank for c in cards]
        if Rank.ACE in ranks:
            total += 0.9
        if Rank.KING in ranks:
            total += 0.6 if (Rank.ACE in ranks or len(cards) >= 2) else 0.3
        if Rank.QUEEN in ranks and (Rank.ACE in ranks or Rank.KING in ranks):
            total += 0.3
        if strain.trump is not None and len(trumps) >= 3:
            total += {0: 0.8, 1: 0.4}.get(len(cards), 0.0)
        if strain.trump is None and Rank.ACE in ranks and len(cards) >= 5:
            total += 0.7 * (len(cards) - 4)
    return total


def misere_candidate(hand: Iterable[Card]) -> bool:
    """A hand fit for misère: no joker and no card above a 9."""
    return all(not c.is_joker and c.rank is not None and c.rank <= Rank.NINE for c in hand)


def best_strain(hand: Sequence[Card], players: int = 4) -> tuple[Strain, float]:
    """The strain with the highest estimate, and that estimate."""
    scored = [(estimate_tricks(hand, s, players), i, s) for i, s in enumerate(Strain)]
    value, _, strain = max(scored)
    return strain, value


def partner_misere(auction: Auction) -> Bid | None:
    """The misère or open misère a partner of the seat to call has bid in ``auction`` (its
    latest), or None. A misère bidder plays alone and its hand takes no tricks (RULES.md §3:
    the declarer's partner lays their hand down and takes no part)."""
    seat = auction.to_call
    if seat is None:
        return None
    side = set(auction.rules.side_of(seat)) - {seat}
    found = None
    for i, call in enumerate(auction.calls):
        if isinstance(call, Bid) and call.misere and auction.seat_of_call(i) in side:
            found = call
    return found


def choose_bid(hand: Sequence[Card], auction: Auction) -> Bid | str:
    """The call this policy makes now: the highest legal bid its estimate supports, else pass.

    Over a partner's misère (`partner_misere`) the estimate counts nothing from partners and
    the kitty (`PARTNER_TRICKS`: a misère hand brings no tricks), and while that misère is the
    high bid the policy bids over it only with a contract worth more than it (`bid_value`,
    RULES.md §6: 8♠, 240, is legal over misère's 250 but worth less), else passes: a partner
    takes a misère out only for a clearly better contract of its own. RULES.md §3 allows any
    higher bid, so this is the policy's judgement, not a rule."""
    legal = auction.legal_calls()
    rules = auction.rules
    strain, value = best_strain(hand, rules.players)
    over = partner_misere(auction)
    if over is not None:
        value -= PARTNER_TRICKS.get(rules.players, 2.0)
    level = min(10, int(value + 0.5))
    lowest = 7 if rules.six_level_informational else 6
    trick_bids = [b for b in legal if isinstance(b, Bid) and b.strain is strain
                  and lowest <= b.tricks_needed <= level]
    high = auction.high_bid
    if over is not None and high is not None and high.misere:
        floor = bid_value(high, rules)
        trick_bids = [b for b in trick_bids if bid_value(b, rules) > floor]
    if trick_bids:
        return trick_bids[-1]
    if misere_candidate(hand) and MISERE in legal and over is None:
        return MISERE
    return "P"


RULE_OF_THUMB = ("The trainer's rule of thumb (keep trumps and aces, throw the shortest side "
                 "suits first)")
"""`choose_discard` in words, for the pages and write-ups."""


def choose_discard(cards: Sequence[Card], contract: Bid, rules: RuleSet, *,
                   keep_no_trump_winners: bool = False) -> tuple[Card, ...]:
    """The cards the declarer discards from hand plus kitty (``rules.kitty_size`` of them).

    Suit contracts and no trumps: keep trumps, the joker and aces; discard from the shortest
    side suits first (to make voids), lowest card first. No trumps with
    ``keep_no_trump_winners``: the lowest cards, the shortest suit first among equal ranks,
    never the joker. Misère: discard the highest cards. (The shipped banks were generated
    without ``keep_no_trump_winners``; the bots' simulation uses it, `bots_discard`.)
    """
    order = CardOrder(trump=contract.trump)
    n = rules.kitty_size
    if contract.misere:
        return tuple(sorted(cards, key=lambda c: (c.is_joker, order.power(c)), reverse=True)[:n])
    if keep_no_trump_winners and contract.trump is None:
        length = Counter(c.suit for c in cards if not c.is_joker)
        plain = sorted((c for c in cards if not c.is_joker),
                       key=lambda c: (order.power(c), length[c.suit], SUITS.index(c.suit)))
        return tuple([*plain, *(c for c in cards if c.is_joker)][:n])
    keep_first = {c for c in cards if c.is_joker or order.is_trump(c) or c.rank is Rank.ACE}
    length = Counter(order.effective_suit(c) for c in cards if c not in keep_first)
    candidates = sorted(
        (c for c in cards if c not in keep_first),
        key=lambda c: (length[order.effective_suit(c)], order.power(c)),
    )
    if len(candidates) < n:  # too many trumps and aces: throw the lowest of those too
        rest = sorted(keep_first, key=lambda c: (c.is_joker, order.is_trump(c), order.power(c)))
        candidates += rest[: n - len(candidates)]
    return tuple(candidates[:n])


def bots_discard(cards: Sequence[Card], contract: Bid, rules: RuleSet) -> tuple[Card, ...]:
    """`choose_discard` as the bots' bidding simulation discards: keeping the no-trump
    winners (a module-level function, so worker processes can take it)."""
    return choose_discard(cards, contract, rules, keep_no_trump_winners=True)


def _low(plays: Sequence[Play], order: CardOrder) -> Play:
    """The lowest play; among equals the one from the shortest suit (to make a void)."""
    suits = Counter(order.effective_suit(p.card) for p in plays)
    return min(plays, key=lambda p: (order.power(p.card) + (100 if p.card.is_joker else 0)
                                     + (50 if order.is_trump(p.card) else 0),
                                     suits[order.effective_suit(p.card)]))


def _masters(plays: Sequence[Play], order: CardOrder, gone: set[Card],
             pack: Sequence[Card]) -> list[Play]:
    """The plays of a card that no unplayed card of its suit beats (by `CardOrder.power`)."""
    out = []
    for p in plays:
        suit = order.effective_suit(p.card)
        if p.card.is_joker and order.free_joker:
            out.append(p)
            continue
        higher = [c for c in pack if c not in gone and c != p.card
                  and order.effective_suit(c) == suit and order.power(c) > order.power(p.card)]
        if not higher:
            out.append(p)
    return out


def choose_play(state: PlayState, *, misere_defence: bool = False) -> Play:
    """The card this policy plays for the seat to move in ``state`` (module docstring), from
    what that seat sees: its own cards, the cards played and, in an open misère, the
    declarer's hand. ``misere_defence``: the defenders of a misère play to make the declarer
    take a trick (the easy bot does; the shipped banks' histories were made without it).
    Raises `ValueError` when the hand is over."""
    legal = state.legal_plays()
    seat = state.to_play
    if not legal or seat is None:
        raise ValueError("play: the hand is over")
    if len(legal) == 1:
        return legal[0]
    order, trick, rules, declarer = state.order, state.trick, state.rules, state.declarer
    gone = {p.card for t in state.history for p in t.plays} | {p.card for p in trick}
    pack = rules.pack
    if state.contract is not None and state.contract.misere:
        if seat is not declarer:
            if misere_defence:
                return _misere_defence(state, legal)
            return _low(legal, order)
        if not trick:
            return _low(legal, order)
        win = order.trick_winner(trick)
        losing = [p for p in legal if order.trick_winner([*trick, p]) == win]
        return max(losing or legal, key=lambda p: order.power(p.card))
    if not trick:
        return _lead(legal, order, gone, pack, rules, seat, declarer)
    win = order.trick_winner(trick)
    if state.trick_seats()[win] in set(rules.side_of(seat)) - {seat}:
        card = trick[win].card
        last = len(trick) == len(state.seats) - 1
        if last or _masters([Play(card)], order, gone - {card}, pack):
            return _low(legal, order)
    winners = [p for p in legal if order.trick_winner([*trick, p]) == len(trick)]
    if not winners:
        return _low(legal, order)
    if len(trick) == 1 and len(state.seats) > 2 and not _masters(winners, order, gone, pack):
        return _low(legal, order)  # second hand low
    return min(winners, key=lambda p: (p.card.is_joker, order.is_trump(p.card),
                                        order.power(p.card)))


def _misere_defence(state: PlayState, legal: Sequence[Play]) -> Play:
    """A misère defender's card with ``misere_defence`` (module docstring)."""
    order, trick, declarer = state.order, state.trick, state.declarer
    seats = state.trick_seats()  # those that have played to the trick
    power = order.power
    if declarer in seats:
        at = seats.index(declarer)
        if order.trick_winner(trick) == at:
            under = [p for p in legal if order.trick_winner([*trick, p]) == at]
            if under:
                return max(under, key=lambda p: power(p.card))
        return max(legal, key=lambda p: (not p.card.is_joker, power(p.card)))
    if not trick and state.declarer_exposed and declarer is not None:
        theirs = suit_cards(state.hands[declarer], order)
        forcing = [p for p in legal if not p.card.is_joker
                   and theirs[order.effective_suit(p.card)]
                   and power(theirs[order.effective_suit(p.card)][-1]) > power(p.card)]
        if forcing:
            return min(forcing, key=lambda p: power(p.card))
    return _low(legal, order)


def _lead(legal: Sequence[Play], order: CardOrder, gone: set[Card], pack: Sequence[Card],
          rules: RuleSet, seat: Seat, declarer: Seat | None) -> Play:
    """`choose_play`'s lead (module docstring)."""
    mine = {p.card for p in legal}
    masters = _masters(legal, order, gone, pack)
    if order.trump is not None and declarer is not None and seat in rules.side_of(declarer):
        trumps_out = any(c not in gone and c not in mine and order.is_trump(c) for c in pack)
        top = [p for p in masters if order.is_trump(p.card)]
        if trumps_out and top:
            return max(top, key=lambda p: order.power(p.card))
    side = [p for p in masters if not order.is_trump(p.card) and not p.card.is_joker]
    if side:
        return max(side, key=lambda p: order.power(p.card))
    plain = [p for p in legal if not order.is_trump(p.card) and not p.card.is_joker]
    if not plain:
        return min(legal, key=lambda p: (p.card.is_joker, order.power(p.card)))
    length = Counter(order.effective_suit(p.card) for p in plain)
    longest = max(length, key=lambda s: (length[s], -SUITS.index(s) if s else 0))
    return min((p for p in plain if order.effective_suit(p.card) is longest),
               key=lambda p: order.power(p.card))
