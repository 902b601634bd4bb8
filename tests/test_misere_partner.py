"""The policy bidder never takes out its partner's misère for a worse contract (issue 29: "a
perfect misère hand's misère bid labelled Blunder"): `trainer.policy.choose_bid` over a
partner's misère counts nothing from partner and the kitty and bids only a contract worth more
than the misère (RULES.md §3: any higher bid is legal; §6: 8♠ is worth 240, misère 250). The
bidding simulation finishes every auction with this policy (`trainer.simulate.finish`), so the
misère's valuation on the Analyse page and in the game review depends on it."""

from __future__ import annotations

from trainer.bidding import MISERE, Auction, Bid
from trainer.cards import Seat
from trainer.generate.bands import bid_band
from trainer.notation import parse_hand
from trainer.policy import choose_bid, partner_misere
from trainer.rules import PRESETS, Strain
from trainer.simulate import analyse_bid

RULES = PRESETS["australian"]
# dealer North: East 7♠, South misère, West passes; North, South's partner, to call
AFTER_MISERE = ["7S", "MIS", "P"]
PERFECT = parse_hand("5S 6S 7S 5C 6C 4D 5D 4H 5H 6H")
"""The lowest cards of every suit, no joker: no lead can make this hand take a trick."""


def auction() -> Auction:
    a = Auction(RULES, Seat.N, list(AFTER_MISERE))
    assert a.to_call is Seat.N and partner_misere(a) == MISERE
    return a


def test_partner_passes_a_misere_it_would_have_taken_out_on_the_old_count() -> None:
    # hearts: J♥ 1, J♦ 0.9, A♥ 0.85, K♥ 0.6, a fifth trump 1; A♠ 0.9; singleton ♦ 0.4: 5.65
    # of its own; the old count added 2 from partner and the kitty (7.65: 8♥ over misère)
    hand = parse_hand("JH JD AH KH 7H AS 7S 8C 7C 6D")
    assert choose_bid(hand, auction()) == "P"


def test_partner_bids_over_a_misere_only_with_a_contract_worth_more() -> None:
    # spades worth 7.9 tricks of its own (9.9 with partner and the kitty): 8♠ (240) is legal
    # over misère (250) but worth less
    spades = parse_hand("JS JC AS KS QS TS 9S 7H 7D 8C")
    assert choose_bid(spades, auction()) == "P"
    # hearts worth 9.4 tricks of its own: 9♥ (400) is a clearly better contract than misère
    hearts = parse_hand("JH JD AH KH QH TH 9H AS KS 7C")
    assert choose_bid(hearts, auction()) == Bid(9, Strain.HEARTS)


def test_an_opponent_still_bids_over_the_misere_on_its_usual_count() -> None:
    # West, an opponent of South, on the same auction before passing: its count keeps partner
    a = Auction(RULES, Seat.N, ["7S", "MIS"])
    assert a.to_call is Seat.W and partner_misere(a) is None
    assert choose_bid(parse_hand("JH JD AH KH 7H AS 7S 8C 7C 6D"), a) == Bid(8, Strain.HEARTS)


def test_a_perfect_misere_is_graded_best_after_partner_opened() -> None:
    """South holds `PERFECT` after North opened 7♥ (dealer West, East passed). Over 20 layouts
    (seed 1) the auction after South's misère is finished by the policy: North now takes it
    out on 2 layouts, each with 8 tricks of its own (8♥ and 9♥), where the old count took it
    out on 11 of 20 (8♥, 8♦ and 10♥, from 5.5 tricks of its own), leaving the misère +13.5
    against passing's -70.0; now it scores +208.0 and is the best of the calls, graded best.
    Open misère makes on every layout too (+500: double dummy the defenders of a misère see
    the hand either way), so against it misère is still a blunder: an unbeatable misère is
    bid open."""
    analysis = analyse_bid(PERFECT, Seat.S, Seat.W, ["7H", "P"], RULES, samples=20, seed=1,
                           workers=1)
    misere = analysis.value_of("MIS")
    takeouts = {(contract, k) for contract, declarer, k in misere.finals if declarer == "N"}
    assert sum(k for _, k in takeouts) == 2, misere.finals
    assert {c for c, _ in takeouts} == {"8H", "9H"}
    assert round(misere.ev, 1) == 208.0
    closed = [c for c in analysis.candidates if c.call != "OMIS"]
    best = max(closed, key=lambda c: c.ev)
    assert best.call == "MIS" and bid_band(best.ev - misere.ev) == "best"
    assert analysis.value_of("P").ev == -70.0
    assert analysis.value_of("OMIS").ev == 500.0
    assert bid_band(500.0 - misere.ev) == "blunder"
