"""The simple bidding and discard policies used to make puzzle deals look like real play."""

from trainer.bidding import Auction, parse_bid
from trainer.cards import Seat
from trainer.notation import parse_hand
from trainer.play import PlayState
from trainer.policy import (
    choose_bid,
    choose_discard,
    choose_play,
    estimate_tricks,
    misere_candidate,
)
from trainer.rules import PRESETS, Play, Strain

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


def _misere_trick(leader: Seat, cards: dict[Seat, str], *played: str) -> PlayState:
    """A misère by North (South sits out, RULES.md §3): ``played`` so far in the trick that
    ``leader`` led, each seat holding ``cards`` before it."""
    hands = {s: list(parse_hand(c)) for s, c in cards.items()}
    state = PlayState(AUS, parse_bid("MIS"), Seat.N, hands, leader)
    for code in played:
        state.push(Play(parse_hand(code)[0]))
    return state


def test_a_misere_defender_ducks_under_the_declarer_then_sheds_its_highest_card():
    cards = {Seat.N: "9S 4H", Seat.E: "TS 8S 5S 6H", Seat.W: "QS 7S 6S 5H"}
    # North led 9♠: East keeps North winning with its highest spade under the nine, 8♠.
    assert choose_play(_misere_trick(Seat.N, cards, "9S")).card.code == "8S"
    # East cannot stay under North's 5♠: it sheds its highest spade, the ten.
    low = {**cards, Seat.N: "5S 4H", Seat.E: "TS 8S 6H"}
    assert choose_play(_misere_trick(Seat.N, low, "5S")).card.code == "TS"
    # West led 7♠ and North overtook it with 9♠: East stays under, 8♠.
    assert choose_play(_misere_trick(Seat.W, cards, "7S", "9S")).card.code == "8S"
    # West led Q♠ over North's 9♠: North is beaten, so East sheds its highest spade, the ten.
    assert choose_play(_misere_trick(Seat.W, cards, "QS", "9S")).card.code == "TS"
    # East led 6♥ with North still to play: West plays low (5♥).
    state = _misere_trick(Seat.E, cards, "6H")
    assert state.to_play is Seat.W and choose_play(state).card.code == "5H"


def test_no_trumps_discard_keeps_every_sure_winner_and_long_suits():
    # The hand of issue 25: ♠AKQ ♥AKQ ♦AK ♣AK and a kitty of 7♠ 8♥ 9♣: ten sure tricks kept.
    cards = parse_hand("AS KS QS AH KH QH AD KD AC KC 7S 8H 9C")
    assert {c.code for c in choose_discard(cards, parse_bid("9NT"), AUS)} == {"7S", "8H", "9C"}
    # Five hearts headed by A K Q J: the 9♥ is a length winner, so the short suits go instead.
    cards = parse_hand("JK JH JD AH KH QH AS AC 5D 6S 9H 6C 7C")
    thrown = {c.code for c in choose_discard(cards, parse_bid("9NT"), AUS)}
    assert "9H" not in thrown and not thrown & {"JK", "AH", "KH", "QH", "JH", "AS", "AC"}
