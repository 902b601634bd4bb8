"""The simple bidding and discard policies used to make puzzle deals look like real play."""

import random

from trainer.bidding import MISERE, OPEN_MISERE, Auction, parse_bid
from trainer.cards import Seat
from trainer.codes import parse_card
from trainer.notation import parse_hand
from trainer.play import PlayState
from trainer.policy import (
    bots_discard,
    choose_bid,
    choose_discard,
    choose_play,
    estimate_tricks,
    misere_candidate,
)
from trainer.rules import PRESETS, Strain, ruleset
from trainer.simulate import Job, sample_layouts, solve_layout

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


# --- issue 25: the no-trump discard keeps its winners; the easy bot's misère defence --------

TOP_TEN = "AS KS QS AH KH QH AD KD AC KC"


def test_no_trump_discard_keeps_the_kings_when_told():
    """The issue's hand: the rule of thumb makes voids at no trumps and throws K♦ and K♣;
    keeping the winners throws the three small cards of the kitty."""
    cards = parse_hand(TOP_TEN + " 7S 8H 9C")
    assert {c.code for c in choose_discard(cards, parse_bid("9NT"), AUS)} == {"KD", "9C", "KC"}
    kept = choose_discard(cards, parse_bid("9NT"), AUS, keep_no_trump_winners=True)
    assert {c.code for c in kept} == {"7S", "8H", "9C"}
    assert bots_discard(cards, parse_bid("9NT"), AUS) == kept
    # suit contracts and misère are unchanged by the option
    for call in ("9H", "MIS"):
        assert (choose_discard(cards, parse_bid(call), AUS, keep_no_trump_winners=True)
                == choose_discard(cards, parse_bid(call), AUS))


def test_no_trump_discard_never_throws_the_joker_and_prefers_the_shorter_suit():
    cards = parse_hand("JK AS KS 5S 6S AH KH 5H AD KD AC KC 5C")
    kept = choose_discard(cards, parse_bid("8NT"), AUS, keep_no_trump_winners=True)
    # the lowest cards go, whatever their suits: the three fives
    assert {c.code for c in kept} == {"5S", "5H", "5C"}
    cards = parse_hand("JK AS KS 5S 6S AH KH 6H AD KD AC KC 6C")
    kept = choose_discard(cards, parse_bid("8NT"), AUS, keep_no_trump_winners=True)
    assert {c.code for c in kept} == {"5S", "6H", "6C"}  # the sixes of the short suits


def test_the_bots_simulated_nine_no_trumps_is_always_made_with_the_top_ten():
    """Every simulated 9NT on the top ten cards takes at least 9 tricks when the declarer keeps
    its winners (the joker takes at most one); the rule of thumb's voids lose some."""
    hand = parse_hand(TOP_TEN)
    sample = sample_layouts(hand, Seat.S, Seat.W, (), AUS, 30, random.Random(5))
    kept = [solve_layout(lay, (Job(parse_bid("9NT"), Seat.S, rule=bots_discard),), AUS)[0]
            for lay in sample.layouts]
    voids = [solve_layout(lay, (Job(parse_bid("9NT"), Seat.S),), AUS)[0]
             for lay in sample.layouts]
    assert min(kept) >= 9
    assert min(voids) < 9


def _misere_state(contract, cards: dict[Seat, str], leader: Seat, trick: str = "",
                  rules=AUS) -> PlayState:
    """A misère ending declared by South (North sits out), ``trick`` already played."""
    hands = {s: list(parse_hand(cards[s])) if s in cards else [] for s in rules.seats}
    state = PlayState(rules, contract, Seat.S, hands, leader)
    for code in trick.split():
        state.push(parse_card(code))
    return state


def test_misere_defender_after_the_declarer_stays_under_and_keeps_the_low_card():
    # S (declarer) led 7♠: West's 6♠ goes under it, and the 5♠ is kept to lead later
    state = _misere_state(MISERE, {Seat.S: "7S 9H", Seat.W: "5S 6S 9S",
                                    Seat.E: "8S TS JC"}, Seat.S, trick="7S")
    assert choose_play(state).card.code == "5S"  # the old rule: lowest
    assert choose_play(state, misere_defence=True).card.code == "6S"


def test_misere_defender_throws_high_when_the_trick_is_not_the_declarers():
    state = _misere_state(MISERE, {Seat.S: "7S 9H", Seat.W: "9S 5H",
                                    Seat.E: "5S KS JC"}, Seat.S, trick="7S 9S")
    assert choose_play(state, misere_defence=True).card.code == "KS"


def test_misere_defender_before_the_declarer_plays_low():
    state = _misere_state(MISERE, {Seat.S: "7S 9H", Seat.W: "9S 5H",
                                    Seat.E: "5S KS JC"}, Seat.E)
    assert choose_play(state, misere_defence=True).card.code == "5S"


def test_open_misere_lead_into_the_declarers_high_cards():
    """The declarer's hand is face up: 7♦ forces 9♦ or 10♦ to win; the lowest card, 6♥,
    lets the declarer duck with 5♥; spades are a void (no force)."""
    rules = ruleset({"open_misere_reveal": "before_first_lead"})
    state = _misere_state(OPEN_MISERE, {Seat.S: "5H 9D TD", Seat.W: "6H 7D QS",
                                         Seat.E: "8S 9S JC"}, Seat.W, rules=rules)
    assert choose_play(state).card.code == "6H"
    assert choose_play(state, misere_defence=True).card.code == "7D"
    # closed misère: the declarer's cards unseen, the lowest card
    closed = _misere_state(MISERE, {Seat.S: "5H 9D TD", Seat.W: "6H 7D QS",
                                     Seat.E: "8S 9S JC"}, Seat.W, rules=rules)
    assert choose_play(closed, misere_defence=True).card.code == "6H"
