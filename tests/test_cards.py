"""Packs, seats and the deal (RULES.md §1, §2)."""

from collections import Counter

import pytest

from trainer.cards import JOKER, Card, Rank, Seat, Suit, deal, pack, seats
from trainer.errors import CardError
from trainer.notation import parse_card


def codes(cards):
    return {c.code for c in cards}


def test_43_card_pack():
    """RULES.md §1: red suits A-4 (11 each), black suits A-5 (10 each), and one joker."""
    cards = pack()
    assert len(cards) == 43 == len(set(cards))
    per_suit = Counter(c.suit for c in cards)
    assert per_suit[Suit.HEARTS] == per_suit[Suit.DIAMONDS] == 11
    assert per_suit[Suit.SPADES] == per_suit[Suit.CLUBS] == 10
    assert per_suit[None] == 1
    assert {"4H", "4D", "5S", "5C", "JK"} <= codes(cards)
    assert not {"4S", "4C", "3H", "2D"} & codes(cards)


def test_45_card_pack_keeps_black_fours():
    """RULES.md §1 option deck=45: black 4s kept."""
    cards = pack(4, 45)
    assert len(cards) == 45
    assert codes(cards) - codes(pack()) == {"4S", "4C"}


def test_33_card_pack_for_three():
    """RULES.md §1: 3 players, A-7 in every suit plus the joker."""
    cards = pack(3)
    assert len(cards) == 33
    assert Counter(c.suit for c in cards if c.suit) == {s: 8 for s in Suit}
    assert min(c.rank for c in cards if c.rank) is Rank.SEVEN


def test_63_card_pack_for_six():
    """RULES.md §1: full 52, 11 and 12 in all suits, 13 in hearts and diamonds, the joker."""
    cards = pack(6)
    assert len(cards) == 63 == len(set(cards))
    assert {"11S", "12C", "13H", "13D", "2S", "3C"} <= codes(cards)
    assert not {"13S", "13C"} & codes(cards)


def test_six_player_rank_order():
    """RULES.md §2: 13, 12, 11 sit between Q and 10; the jack stays above them in a plain suit."""
    assert Rank.QUEEN > Rank.JACK > Rank.THIRTEEN > Rank.TWELVE > Rank.ELEVEN > Rank.TEN


@pytest.mark.parametrize("players,deck", [(5, 43), (4, 44), (3, 45), (6, 45)])
def test_bad_pack_is_an_error(players, deck):
    with pytest.raises(CardError, match=r"players|deck"):
        pack(players, deck)


def test_joker_and_labels():
    assert JOKER.is_joker and JOKER.code == "JK" and JOKER.label == "the joker"
    assert Card(Suit.DIAMONDS, Rank.JACK).label == "jack of diamonds"
    assert Card(Suit.HEARTS, Rank.TEN).pretty == "10♥"
    assert JOKER.pretty == "Joker"  # its name on screen, never "Jo" (the code stays JK)
    with pytest.raises(CardError):
        Card(Suit.HEARTS, None)


def test_seats():
    """Seats clockwise; N-S partners (RULES.md §1); 3- and 6-player names documented in cards.py."""
    assert seats(4) == (Seat.N, Seat.E, Seat.S, Seat.W)
    assert seats(3) == (Seat.N, Seat.E, Seat.W)
    assert [s.value for s in seats(6)] == ["N", "NE", "SE", "S", "SW", "NW"]


@pytest.mark.parametrize("players,deck,kitty", [(4, 43, 3), (4, 45, 5), (3, 43, 3), (6, 43, 3)])
def test_deal_sizes(players, deck, kitty):
    """RULES.md §1: ten cards each, the rest to the kitty; every card dealt once."""
    d = deal(7, players, deck)
    assert all(len(h) == 10 for h in d.hands.values())
    assert len(d.kitty) == kitty
    dealt = [c for h in d.hands.values() for c in h] + list(d.kitty)
    assert sorted(dealt, key=str) == sorted(pack(players, deck), key=str)


def test_deal_is_reproducible_and_varies_with_seed():
    assert deal(42) == deal(42)
    assert deal(42).hands != deal(43).hands


def test_deal_pattern_3_4_3():
    """RULES.md §1: 3 each and 1 to the kitty, 4 each and 1, 3 each and 1, from dealer's left.

    Re-deal by hand from the same shuffle and compare.
    """
    import random

    cards = list(pack())
    random.Random(5).shuffle(cards)
    d = deal(5, dealer=Seat.W)
    order = [Seat.N, Seat.E, Seat.S, Seat.W]
    it = iter(cards)
    hands = {s: [] for s in order}
    kitty = []
    for n in (3, 4, 3):
        for s in order:
            hands[s] += [next(it) for _ in range(n)]
        kitty.append(next(it))
    assert tuple(kitty) == d.kitty
    assert {s: set(h) for s, h in hands.items()} == {s: set(h) for s, h in d.hands.items()}


def test_dealer_not_at_table():
    with pytest.raises(CardError, match="dealer"):
        deal(1, players=3, dealer=Seat.S)


def test_card_codes_round_trip_for_every_pack():
    for players, deck in ((4, 43), (4, 45), (3, 43), (6, 43)):
        for card in pack(players, deck):
            assert parse_card(card.code) == card
