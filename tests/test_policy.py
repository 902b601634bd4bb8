"""The simple bidding and discard policies used to make puzzle deals look like real play."""

from trainer.bidding import Auction, parse_bid
from trainer.cards import Seat
from trainer.notation import parse_hand
from trainer.policy import choose_bid, choose_discard, estimate_tricks, misere_candidate
from trainer.rules import PRESETS, Strain

AUS = PRESETS["australian"]


def test_obvious_heart_hand_bids_high_in_hearts():
    hand = parse_hand("JK JH JD AH KH QH AS AC 5D 6S")
    assert estimate_tricks(hand, Strain.HEARTS) > estimate_tricks(hand, Strain.SPADES) + 3
    bid = choose_bid(hand, Auction(AUS, Seat.W))
    assert bid == parse_bid("10H")


def test_weak_hand_passes():
    hand = parse_hand("5S 7S 9C 6C 5D 7D 8H 4H 6H TC")
    assert choose_bid(hand, Auction(AUS, Seat.W)) == "P"


def test_misere_hand_bids_misere_after_a_seven():
    hand = parse_hand("5S 6S 7C 5C 4D 6D 4H 5H 7H 8D")
    assert misere_candidate(hand)
    auction = Auction(AUS, Seat.W, ["7S"])
    assert choose_bid(hand, auction) == parse_bid("MIS")
    assert choose_bid(hand, Auction(AUS, Seat.W)) == "P"  # misère needs a seven first (§3)


def test_discard_keeps_trumps_and_aces_and_makes_voids():
    cards = parse_hand("JK JH JD AH KH QH AS AC 5D 6S 9H 6C 7C")
    discard = choose_discard(cards, parse_bid("9H"), AUS)
    assert {c.code for c in discard} == {"5D", "6S", "6C"}


def test_misere_discards_highest():
    cards = parse_hand("JK AS 5S 6S 7C 5C 4D 6D 4H 5H 7H 8D KD")
    assert {c.code for c in choose_discard(cards, parse_bid("MIS"), AUS)} == {"JK", "AS", "KD"}
