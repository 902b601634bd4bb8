"""The bidding write-ups in hand-valuation words (issue 27): trumps counted with the joker and
both bowers, side winners, the kitty, support and the fit after partner's bid, a raise against a
new strain, partner's bowers held, a close call within two standard errors; 1-4 sentences with
the figures in one line under them. Hand-made tables (tests/test_write_ups.py's builder) whose
claims are worked out by hand, and the shipped bank."""

from __future__ import annotations

import re

import pytest
from test_write_ups import BID_BANK, OPENING, bid_analysis

from trainer.generate.records import read_jsonl
from trainer.generate.write_ups.bid import bid_write_up, close_call
from trainer.simulate import CallResult


def test_an_opening_counts_the_joker_and_the_left_bower_and_the_kitty():
    # clubs trumps: the joker, J♠ (left bower), 8♣ 6♣ = 4; A♥ K♥ a top run; 9♠ alone once the
    # J♠ has joined the trumps; 8♣ needs 8 tricks, 8.26 on average, made 73%; 8♣ is worth 260
    assert bid_write_up(OPENING, "opening") == (
        "Open 7♣: in clubs you hold 4 trumps with the joker and the left bower, A♥ K♥ as side "
        "winners and a singleton 9♠; the kitty's 3 cards let your 9♠ go to leave a void in "
        "spades. 8♣ asks for 8 tricks; the hand averages 8.3 in clubs, but not "
        "on every layout, and a set costs 260.\n\nOver 100 layouts: 7♣ +124.9 a hand for your "
        "side (its points less the opponents'), makes 88%, 8.3 tricks; 8♣ +102.2, makes 73%, "
        "8.3 tricks.")


def test_a_new_strain_over_partners_bid_says_how_little_support_there_is():
    # spades: the joker and 9♠ (no jack of a black suit): 2 trumps, little support
    a = bid_analysis("9S 8C 6C QD 8D AH KH 8H 4H JK", "N", "N", ("P", "6S", "P"),
                     [("7H", -20.0, 0.55, 7.2), ("P", -40.0, 0.4, 5.8)], standing=("6S", "S"))
    assert bid_write_up(a, "partner").startswith(
        "Bid 7♥, a new strain over your partner South's 6♠: in hearts you hold 5 trumps with "
        "the joker and the ace, no side ace and a singleton 9♠, against only 2 trumps with the "
        "joker, little support for South's spades. Passing leaves South in 6♠, worth 40 to "
        "7♥'s 200.")


def test_a_raise_counts_the_support_and_the_fit():
    # the joker, J♠, A♠ 9♠: 4 of partner's trumps, the joker and the right bower among them;
    # (this table keeps no inference, so no fit is claimed); 7♠ is worth 140, 8♠ 240
    a = bid_analysis("JK JS AS 9S 8C 6C QD 8D 8H 4H", "N", "N", ("P", "7S", "P"),
                     [("8S", 150.0, 0.8, 8.4), ("P", 120.0, 0.9, 8.0)], standing=("7S", "S"))
    text = bid_write_up(a, "partner")
    assert text.startswith(
        "Raise your partner South's 7♠ to 8♠: you hold support for South's spades, 4 trumps, "
        "the joker and South's right bower (J♠) among them, with no side ace. Passing leaves "
        "South in 7♠, worth 140 to 8♠'s 240.")


def test_b0000557_names_partners_right_bower_and_what_the_take_out_makes_of_it():
    rec = next(r for r in read_jsonl(BID_BANK) if r["id"] == "b0000557")
    text = rec["write_up"]
    assert text.startswith("Pass and leave your partner East in 8♠: you hold little support "
                           "for East's spades, 1 trump: East's right bower (J♠)")
    assert "your J♠, East's right bower, is your left bower in clubs" in text
    # 96.7 - 38.2 = 58.5 < 2 x hypot(22.7, 29.6) = 74.6: a close call
    assert "; pass is only 58 points better, within the simulation's noise: a close call" \
        in text


@pytest.mark.parametrize(("gap", "se", "close"), [(20.0, 10.0, True), (28.0, 10.0, True),
                                                   (30.0, 5.0, False)])
def test_a_close_call_is_a_gap_within_two_standard_errors(gap, se, close):
    # 2 x hypot(10, 10) = 28.3; 2 x hypot(5, 5) = 14.1
    assert close_call(CallResult("7H", 100.0 + gap, se, 0.5),
                      CallResult("P", 100.0, se, 0.5)) is close


def test_the_bank_speaks_in_hand_valuation_words():
    recs = list(read_jsonl(BID_BANK))
    bodies = [r["write_up"].split("\n\n")[0] for r in recs]
    # no opening sentence about the simulation; the figures are the last line only
    assert not any(b.startswith("Over ") or "layouts" in b.split(". ")[0] for b in bodies)
    partner = [r for r in recs if "partner" in r["themes"]]
    words = re.compile(r"\b(raise|raising|support|fit)\b", re.I)
    said = [r for r in partner if words.search(r["write_up"])]
    assert len(partner) == 250 and len(said) == 250
    assert sum(len(r["write_up"].split()) for r in recs) / len(recs) < 110
