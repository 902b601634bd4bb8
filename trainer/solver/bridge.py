"""The DDS mapping of docs/DESIGN.md: a Five Hundred position as a bridge position, for checking the
solver against DDS (the `endplay` package) in tests and benchmarks.

A 4-player suit contract maps exactly: each effective suit's cards, highest first in the
hand's card order (RULES.md §2: joker, right bower, left bower, A, K, ...), become the bridge
ranks A, K, Q, J, T, 9, ... of that suit (13 cards at most: red trumps in the 43-card pack are
exactly 13). No trumps maps the same way when no free joker is in play (a nominated joker is
just the top card of its suit). Missing cards simply do not appear. `endplay` is imported only
when DDS is actually called, so the product never needs it.
"""

from __future__ import annotations

from trainer.cards import SUITS, Card, Suit
from trainer.play import PlayState
from trainer.rules import Play

_RANKS = "AKQJT98765432"
_DDS_SUITS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}


def bridge_cards(state: PlayState) -> dict[Card, str] | None:
    """Bridge card codes (``"HA"``: suit then rank) for the pack's cards, or None when the
    position does not map (not 4 players, a free joker in play, a suit over 13 cards)."""
    if len(state.seats) != 4:
        return None
    order = state.order
    in_play = [c for h in state.hands.values() for c in h] + [p.card for p in state.trick]
    if order.free_joker and any(c.is_joker for c in in_play):
        return None
    out: dict[Card, str] = {}
    for suit in SUITS:
        cards = [c for c in state.rules.pack if order.effective_suit(c) is suit]
        if len(cards) > 13:
            return None
        cards.sort(key=order.power, reverse=True)
        for i, card in enumerate(cards):
            out[card] = _DDS_SUITS[suit] + _RANKS[i]
    return out


def to_pbn(state: PlayState, codes: dict[Card, str]) -> str:
    """The PBN deal (``N:S.H.D.C ...``) of the cards held now plus the current trick."""
    hands = {s: list(h) for s, h in state.hands.items()}
    for seat, play in zip(state.trick_seats(), state.trick, strict=True):
        hands[seat].append(play.card)
    parts = []
    for seat in state.seats:
        mapped = [codes[c] for c in hands[seat]]
        suits = []
        for s in "SHDC":
            ranks = sorted((m[1] for m in mapped if m[0] == s), key=_RANKS.index)
            suits.append("".join(ranks))
        parts.append(".".join(suits))
    return f"{state.seats[0].value}:" + " ".join(parts)


def dds_values(state: PlayState) -> dict[Play, int] | None:
    """DDS's value of every legal play, counted as the solver counts (the declarer side's
    tricks from the current trick on), or None when the position does not map."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    codes = bridge_cards(state)
    if codes is None or state.declarer is None or state.contract is None:
        return None
    deal = Deal(to_pbn(state, codes))
    trump = state.order.trump
    denoms = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    deal.trump = Denom.nt if trump is None else denoms[_DDS_SUITS[trump]]
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    deal.first = players[state.leader.value]
    for play in state.trick:
        deal.play(codes[play.card])
    by_code = {v: k for k, v in codes.items()}
    mover = state.to_play
    ours = mover in state.rules.side_of(state.declarer)
    left = state.tricks_left
    values: dict[Play, int] = {}
    for card, tricks in solve_board(deal):
        letter = next(k for k, v in denoms.items() if v == card.suit)
        code = letter + card.rank.abbr
        values[Play(by_code[code])] = tricks if ours else left - tricks
    return values
