"""The strong player's review of the bidding and discard write-ups (issue 27,
/work/notes/review27.md, patterns 5, 8 and 10), each finding tested on the quoted puzzle's bank
record: the write-up is computed again from the record (`fill.bid_text`, `fill.discard_text`),
so these test the code, and `test_write_ups.py` checks the shipped text is the code's."""

from __future__ import annotations

import re

import pytest
from test_write_ups import BID_BANK, DISCARD_BANK

from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.records import read_jsonl
from trainer.generate.write_ups.bid import close_call, rival_of, thin_for
from trainer.generate.write_ups.calls import pass_row, trick_bid
from trainer.generate.write_ups.discard import near_best, within_noise
from trainer.generate.write_ups.discard_reasons import kept
from trainer.generate.write_ups.fill import bid_text, discard_text
from trainer.simulate import score_key


@pytest.fixture(scope="module")
def bids() -> dict[str, dict]:
    return {r["id"]: r for r in read_jsonl(BID_BANK)}


@pytest.fixture(scope="module")
def discards() -> dict[str, dict]:
    return {r["id"]: r for r in read_jsonl(DISCARD_BANK)}


def body(text: str) -> str:
    return text.split("\n\n")[0]


# --- 1. a write-up that argues against its own call ------------------------------------------


def test_b0000439_says_7nt_is_the_least_bad_call_and_a_close_one(bids):
    # 7NT -3.6 (s.e. 29.5), 7♦ -11.3 (28.0), pass -13.3 (18.2): the hand has no card above a
    # K, so the reasons are the rivals' (partner's 7♣ on 2 clubs goes our way only 54%)
    text = body(bid_text(bids["b0000439"]))
    assert text.startswith("Bid 7NT, a new strain over your partner North's 7♣, though the hand "
                           "holds little for it: at no trumps you hold no ace and no joker")
    assert ("What it has going for it is only that the other calls do worse: it is the least "
            "bad call, -3.6 a hand") in text
    assert text.count("passing") == 1  # named once, in the close call
    # 3. the rival is 7♦, the runner-up, not the misère (seventh in the table)
    assert "misère" not in text
    assert ("7NT is only 8 points better than 7♦ and 10 better than passing, within the "
            "simulation's noise: a close call") in text


def test_b0000327_is_a_close_call_with_passing_and_names_no_shorthand(bids):
    # 7♥ -115.8 (s.e. 21.9) against pass -122.4 (12.2): 6.6 < 2 x hypot = 50
    text = body(bid_text(bids["b0000327"]))
    assert "though the hand holds little for it: in hearts you hold 4 trumps and no bower" in text
    assert "least bad call, -115.8 a hand" in text
    assert ("Passing lets North's 7♠ play; 7♥ is only 7 points better, within the simulation's "
            "noise") in text
    assert "misère" not in text and "above the ten" not in text


def test_no_trick_bid_the_hand_holds_nothing_for_is_argued_only_against(bids):
    thin = 0
    for rec in bids.values():
        a = BidPuzzle.from_json(rec).analysis
        bid = trick_bid(a.best.call)
        if bid is None or not thin_for(a, bid.strain):
            continue
        thin += 1
        text = body(rec["write_up"])
        assert "holds little for it" in text and "What it has going for it" in text, rec["id"]
    assert thin == 51


def test_the_misere_shape_is_said_in_learner_words(bids, discards):
    for rec in [*bids.values(), *discards.values()]:
        assert "above the ten" not in rec["write_up"], rec["id"]
    text = bid_text(bids["b0000131"])
    assert "your K♣ is a high card (a jack or higher) the play may force to win a trick" in text


# --- 2. and 3. close calls against the nearest rival, the misère only when it is one ----------


def test_every_close_call_with_the_runner_up_or_passing_is_flagged(bids):
    flagged = 0
    for rec in bids.values():
        a = BidPuzzle.from_json(rec).analysis
        best, rival, passing = a.best, rival_of(a), pass_row(a)
        near = [c for c in (rival, passing) if c is not None and c.call != best.call
                and close_call(best, c)]
        if near:
            flagged += 1
            assert "a close call, not a verdict" in rec["write_up"], rec["id"]
    assert flagged > 700


def test_the_rival_discussed_is_the_runner_up(bids):
    for rec in bids.values():
        a = BidPuzzle.from_json(rec).analysis
        rival = rival_of(a, rec.get("moment", ""))
        assert rival is not None and rival.call == rec["candidates"][1]["call"], rec["id"]
        line = rec["write_up"].split("\n\n")[1]
        assert re.search(r"; (pass|misère|open misère|\d+(NT|♠|♣|♦|♥)) [+-]\d", line), rec["id"]
        if rec["generator"]["kind"] == "misere" and not any(
                call in ("MIS", "OMIS") for call in (a.best.call, rival.call)):
            assert "misère" not in rec["write_up"], rec["id"]


# --- 4. strain comparisons --------------------------------------------------------------------


def test_b0000064_calls_the_better_trumped_diamonds_so_not_the_weaker_strain(bids):
    text = body(bid_text(bids["b0000064"]))
    assert "weaker strain" not in text
    assert ("8♦ has the better trumps: in diamonds you hold 5 trumps with the joker, the right "
            "bower and the ace") in text
    assert "but in diamonds the A♦ is a trump instead of a side winner" in text
    assert "7♣ is only 3 points better, within the simulation's noise" in text


def test_b0000900_names_the_six_diamonds(bids):
    # J♥ is the left bower in diamonds: A♦ K♦ 7♦ 4♦, the joker and J♥ = 6 trumps
    text = body(bid_text(bids["b0000900"]))
    assert ("Diamonds hold the better trumps, 6 trumps with the joker, the left bower and the "
            "ace, but in diamonds A♦ K♦ are trumps instead of side winners") in text
    assert "side winners; 8♦ scores 35 less, within the noise" in text


def test_b0000100_compares_clubs_with_spades_not_only_with_7_clubs(bids):
    text = body(bid_text(bids["b0000100"]))
    assert ("Spades hold the better trumps, 5 trumps with the joker, the right bower and the "
            "ace") in text
    assert "in spades the A♠ is a trump instead of a side winner; 8♠ scores 21 less" in text


# --- 5. discards: why this void, and any of several within the noise -------------------------


def test_d0000357_and_d0000478_say_why_this_void(discards):
    text = discard_text(discards["d0000357"])
    assert ("Why the spades void and not the clubs one: neither suit holds a winner; this discard "
            "keeps 9♣ where the other (5♠ 9♣ 8♣) keeps 6♠, and the two score within the "
            "simulation's noise (2.7 apart): either will do") in text
    text = discard_text(discards["d0000478"])
    assert ("Why the hearts void and not the spades one: neither suit holds a winner; this "
            "discard keeps 5♠ where the other (5♠ 7♥ 5♥) keeps 10♥") in text
    assert "nearly as good" not in text  # the same discard is not discussed twice


def test_d0000489_and_d0000147_say_any_of_them_will_do(discards):
    text = discard_text(discards["d0000489"])
    assert text.startswith("Throw 6♠ 10♦ and any one of K♦, Q♦, 9♥ or J♥: they score within "
                           "the simulation's noise of each other (+102.3 to +101.2), and all of "
                           "them leave a void in spades and keep all 5 trumps.")
    assert "gives up the K♦" not in text
    text = discard_text(discards["d0000147"])
    assert text.startswith("Throw 9♠ 6♠ and any one of 5♣, A♦, A♥ or Q♣: they score the same "
                           "(+259.7).")
    assert "throws 1 trump" not in text


def test_a_real_trap_is_still_explained_by_its_principle(discards):
    # d0000122: the runner-up is 52 points behind (s.e. about 10): no "any of them"
    text = discard_text(discards["d0000122"])
    assert text.startswith("Throw K♥ 9♥ 8♥: that gives up the K♥ to leave a void in hearts")


def test_every_suit_discard_with_two_voids_possible_says_why_this_one(discards):
    two = 0
    for rec in discards.values():
        puzzle = DiscardPuzzle.from_json(rec)
        a, pack = puzzle.analysis, puzzle.rules.pack
        if a.contract.misere or a.contract.trump is None:
            continue
        mine = set(kept(a.hand, a.best.discard, a.contract, pack).voids)
        if any(set(kept(a.hand, c.discard, a.contract, pack).voids) - mine
               for c in a.candidates if score_key(c) < score_key(a.best)):
            two += 1
            assert "Why " in rec["write_up"], rec["id"]
        if len(near_best(a)) >= 3:
            assert all(within_noise(a.best, c) for c in near_best(a))
            assert " will do" in rec["write_up"] or "any one of" in rec["write_up"], rec["id"]
    assert two == 210
