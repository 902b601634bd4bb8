"""Simulation (trainer/simulate.py): sampled layouts are legal and fit the auction's documented
inferences; the discard policy and search on hand-made hands; scoring of candidates; the
obvious best bid; "analyse my hand" API and CLI errors."""

import random
import subprocess
import sys
from collections import Counter

import pytest

from trainer.bidding import MISERE, parse_bid
from trainer.cards import JOKER, Seat
from trainer.generate.analyse_cli import analyse_hand, split_calls
from trainer.generate.bands import bid_band, discard_band
from trainer.notation import parse_card, parse_hand
from trainer.policy import choose_discard, estimate_tricks
from trainer.rules import PRESETS, STRAINS, CardOrder, ruleset
from trainer.simulate import (
    Inference,
    Job,
    SimulationError,
    analyse_bid,
    analyse_discard,
    auction_inferences,
    histogram,
    mean_se,
    net_score,
    sample_layouts,
    shortlist_discards,
    solve_layout,
    strain_result,
)

AUS = PRESETS["australian"]
OBVIOUS = parse_hand("JK JH JD AH KH QH AS AC 5D 6S")
WEAK = parse_hand("5S 7S 9C 6C 5D 7D 8H 4H 6H TC")


def _trumps(hand, suit):
    order = CardOrder(trump=suit)
    return [c for c in hand if order.effective_suit(c) is suit]


# --- sampling --------------------------------------------------------------------------------


def test_layouts_are_legal_deals_holding_the_learners_hand():
    sample = sample_layouts(WEAK, Seat.N, Seat.W, (), AUS, 50, random.Random(1))
    assert len(sample.layouts) == 50
    for layout in sample.layouts:
        cards = [c for h in layout.hands.values() for c in h] + list(layout.kitty)
        assert Counter(cards) == Counter(AUS.pack)  # every card once
        assert all(len(h) == 10 for h in layout.hands.values())
        assert len(layout.kitty) == AUS.kitty_size
        assert set(layout.hands[Seat.N]) == set(WEAK)
        assert layout.dealer is Seat.W


def test_a_declarers_layouts_keep_the_thirteen_cards():
    cards = parse_hand("JK JH JD AH KH QH AS AC 5D 6S 7C 8C 9S")
    sample = sample_layouts(cards, Seat.S, Seat.E, ("7H", "P", "P", "P"), AUS, 20,
                            random.Random(2))
    for layout in sample.layouts:
        assert set(layout.hands[Seat.S]) | set(layout.kitty) == set(cards)
        others = [c for s in "NEW" for c in layout.hands[Seat(s)]]
        assert len(set(others)) == 30 and not set(others) & set(cards)


def test_layouts_are_reproducible_from_the_seed():
    a = sample_layouts(WEAK, Seat.N, Seat.W, (), AUS, 10, random.Random(7)).layouts
    b = sample_layouts(WEAK, Seat.N, Seat.W, (), AUS, 10, random.Random(7)).layouts
    assert a == b


def test_sampled_layouts_fit_the_auction():
    # Dealer N: E passes first (opening pass), S bids 7H, W passes (no inference), N to call.
    calls = ("P", "7H", "P")
    infs = auction_inferences(calls, Seat.N, Seat.N, AUS)
    assert [(i.seat, i.call) for i in infs] == [(Seat.S, "7H"), (Seat.E, "P")]
    sample = sample_layouts(WEAK, Seat.N, Seat.N, calls, AUS, 60, random.Random(3))
    assert not sample.dropped
    for layout in sample.layouts:
        south = layout.hands[Seat.S]
        trumps = _trumps(south, parse_bid("7H").trump)
        top = JOKER in trumps or parse_card("JH") in trumps
        assert len(trumps) >= 4 or (len(trumps) >= 3 and top)
        east = layout.hands[Seat.E]
        assert max(estimate_tricks(east, s) for s in STRAINS) < 5.5


def test_no_trump_six_level_and_misere_inferences():
    calls = ("6S", "6NT", "7S", "MIS")  # dealer W: N 6S, E 6NT, S 7S, W MIS; N to call again
    sample = sample_layouts(WEAK, Seat.N, Seat.W, calls, AUS, 40, random.Random(4))
    assert {i.seat for i in sample.inferences} == {Seat.E, Seat.S, Seat.W}
    for layout in sample.layouts:
        east = layout.hands[Seat.E]
        assert JOKER in east or sum(c.code[0] == "A" for c in east) >= 2
        west = layout.hands[Seat.W]
        assert JOKER not in west and not any(c.code[0] == "A" for c in west)
        assert len(_trumps(layout.hands[Seat.S], parse_bid("7S").trump)) >= 3


def test_inference_tests_on_hand_made_hands():
    six = Inference(Seat.E, "6D", "")
    assert six.holds(parse_hand("JH 5D 6D 7S 8S 9S TS AC KC QC"))  # J♥ is a diamond
    assert not six.holds(parse_hand("5D 6D 7S 8S 9S TS AC KC QC JS"))
    seven = Inference(Seat.E, "7H", "")
    assert seven.holds(parse_hand("JK 5H 6H 7S 8S 9S TS AC KC QC"))  # length 3 with the joker
    assert not seven.holds(parse_hand("AH 5H 6H 7S 8S 9S TS AC KC QC"))
    assert seven.holds(parse_hand("AH 5H 6H 4H 8S 9S TS AC KC AD"))  # valued 5.65
    # the level's strength: the same shape valued 5.45 is short of a seven (5.5, BID_SLACK)
    assert not seven.holds(parse_hand("AH 5H 6H 4H 8S 9S TS AC KC QC"))
    ten = Inference(Seat.E, "10H", "")
    assert ten.holds(parse_hand("JK JH JD AH KH 7H 9S TS AC 5C"))  # valued 10.05
    eight_only = parse_hand("JK AH 5H 6H 4H 9S TS AC 5C 6C")  # valued 6.55: not 10 (8.5)
    assert not ten.holds(eight_only)
    assert Inference(Seat.E, "8H", "").holds(eight_only)
    assert Inference(Seat.E, "OMIS", "").holds(WEAK)
    assert not Inference(Seat.E, "MIS", "").holds(OBVIOUS)


def test_impossible_inferences_are_dropped_not_looped_on():
    mine = parse_hand("JK JH JD AH KH QH TH 9H 8H 7H")  # leaves 6H 5H 4H: no 7H bidder
    sample = sample_layouts(mine, Seat.N, Seat.W, ("P", "7H"), AUS, 5, random.Random(5))
    assert len(sample.layouts) == 5
    assert [i.call for i in sample.dropped][:1] in (["P"], ["7H"])
    assert "7H" in [i.call for i in sample.dropped]


def test_a_bid_whose_strength_cannot_hold_keeps_its_shape():
    """Partner's 6NT shows the joker (or two aces) and 4.5 tricks by the simple count; with
    every ace, king and queen but one here, no partner is that strong, so the strength half
    goes and the joker half stays: partner holds the joker on every layout."""
    mine = parse_hand("AS KS QS AH KH QH AD KD QD AC")
    sample = sample_layouts(mine, Seat.S, Seat.W, ("6NT", "P"), AUS, 20, random.Random(6))
    assert [i.text for i in sample.dropped] == ["N bid 6NT: 4.5+ tricks by the simple count"]
    assert [i.text for i in sample.inferences] == ["N bid 6NT: the joker or two aces"]
    assert all(JOKER in layout.hands[Seat.N] for layout in sample.layouts)


# --- scoring ---------------------------------------------------------------------------------


def test_net_score_is_our_points_minus_theirs():
    seven_h = parse_bid("7H")
    assert net_score(seven_h, 8, AUS, True) == 200 - 20
    assert net_score(seven_h, 6, AUS, True) == -200 - 40
    assert net_score(seven_h, 6, AUS, False) == 240
    assert net_score(MISERE, 0, AUS, True) == 250
    assert net_score(parse_bid("6S"), 10, AUS, True) == 250  # slam (RULES.md §6)


def test_every_level_is_scored_from_one_trick_distribution():
    hist = histogram([7, 7, 8, 9])
    r7 = strain_result(parse_bid("7H"), hist, AUS)
    r8 = strain_result(parse_bid("8H"), hist, AUS)
    assert r7.p_make == 1.0 and r8.p_make == 0.5
    assert r7.mean_tricks == r8.mean_tricks == 7.75
    assert r7.ev == pytest.approx((170 + 170 + 180 + 190) / 4)
    mean, se = mean_se([1.0, 3.0])
    assert mean == 2.0 and se == pytest.approx(1.0)


# --- discards --------------------------------------------------------------------------------


def test_policy_discard_keeps_trumps_and_aces_and_makes_a_void():
    cards = parse_hand("JK JH JD AH KH 9H 8H AS 7S KC QC 5D 6D")
    discard = choose_discard(cards, parse_bid("8H"), AUS)
    assert set(discard) == set(parse_hand("7S 5D 6D"))  # shortest side suits, lowest first
    kept = [c for c in cards if c not in discard]
    assert all(c in kept for c in parse_hand("JK JH JD AH KH 9H 8H AS"))
    order = CardOrder(trump=parse_bid("8H").trump)
    assert parse_card("5D").suit not in {order.effective_suit(c) for c in kept}  # a void


def test_policy_misere_discard_throws_the_highest_cards():
    cards = parse_hand("JK AS 5S 6S 7C 5C 4D 6D 4H 5H 7H 8D 9C")
    assert set(choose_discard(cards, MISERE, AUS)) == set(parse_hand("JK AS 9C"))


def test_discard_shortlist_starts_with_the_policy_and_is_distinct():
    cards = parse_hand("JK JH JD AH KH 9H AS 7S 8C 5C 6D 7D QS")
    contract = parse_bid("8H")
    short = shortlist_discards(cards, contract, AUS, 8)
    assert set(short[0]) == set(choose_discard(cards, contract, AUS))
    assert len(short) == 9  # size 8 asked
    assert len({frozenset(d) for d in short}) == len(short)
    assert all(len(d) == 3 and set(d) <= set(cards) for d in short)
    assert all(JOKER not in d for d in short)  # the joker never looks good to throw


def test_discard_analysis_includes_the_learners_choice():
    cards = parse_hand("JK JH JD AH KH 9H AS 7S 8C 5C 6D 7D QS")
    mine = parse_hand("JK JH JD")
    a = analyse_discard(cards, parse_bid("8H"), Seat.S, Seat.E, (), AUS, samples=6, seed=1,
                        workers=1, include=[mine], shortlist=2, shortlist_samples=3,
                        finalists=1)
    found = a.find(mine)
    assert found is not None and found.samples == 6
    assert all(c.samples == 6 for c in a.candidates)
    assert a.best.p_make >= found.p_make
    assert any(c.policy for c in a.candidates)


# --- bids ------------------------------------------------------------------------------------


def test_obvious_hand_gets_a_high_heart_bid():
    a = analyse_bid(OBVIOUS, Seat.E, Seat.N, (), AUS, samples=24, seed=3, workers=1)
    best = parse_bid(a.best.call)
    assert best.trump is parse_card("AH").suit and best.level >= 8
    assert a.best.p_make >= 0.9
    assert sum(a.tricks["H"][9:]) >= 20  # nine or ten tricks nearly always
    calls = [c.call for c in a.candidates]
    assert "P" in calls and "OMIS" in calls and "MIS" not in calls  # MIS needs a seven (§3)
    assert a.value_of("10H").call == "10H"  # any legal bid, from the distribution


def test_a_pass_ending_an_all_pass_auction_plays_no_trumps_when_the_rules_say_so():
    """RULES.md §3 ``all_pass="play_no_trumps"``: the fourth pass after three has the hand
    played at no trumps, 10 a trick to each side; under ``redeal`` it is thrown in (0)."""
    nt = ruleset({"all_pass": "play_no_trumps"})
    # West dealt: N, E, S passed; West holds the top trumps of any no-trump hand
    a = analyse_bid(OBVIOUS, Seat.W, Seat.W, ("P", "P", "P"), nt, samples=8, seed=1, workers=1)
    p = a.value_of("P")
    assert p.mean_tricks is not None and p.mean_tricks >= 6
    assert p.ev == pytest.approx(20 * p.mean_tricks - 100) and p.se > 0
    thrown = analyse_bid(OBVIOUS, Seat.W, Seat.W, ("P", "P", "P"), AUS, samples=8, seed=1,
                         workers=1).value_of("P")
    assert (thrown.ev, thrown.mean_tricks) == (0.0, None)
    # not the last pass: taken as the final call (finish=None), no all-pass hand is valued yet
    early = analyse_bid(OBVIOUS, Seat.S, Seat.W, ("P", "P"), nt, samples=4, seed=1, workers=1,
                        finish=None)
    assert early.value_of("P").mean_tricks is None
    # with the auction finished by the policy, West (dealer) passes too on all 4 layouts, and
    # the all-pass hand is played at no trumps: 20 a trick more than 100 for South's side
    done = analyse_bid(OBVIOUS, Seat.S, Seat.W, ("P", "P"), nt, samples=4, seed=1,
                       workers=1).value_of("P")
    assert done.finals == (("P", None, 4),) and done.mean_tricks == 8.75
    assert done.ev == pytest.approx(20 * 8.75 - 100) and done.p_make == 0.0


def test_an_all_pass_job_counts_the_seats_side():
    """Both sides' tricks of an all-pass no-trump hand add up to ten, whichever side is counted,
    and the dealer's left leads (no kitty exchange)."""
    nt = ruleset({"all_pass": "play_no_trumps"})
    layout = sample_layouts(OBVIOUS, Seat.W, Seat.W, ("P", "P", "P"), nt, 1,
                            random.Random(5)).layouts[0]
    ours, theirs = solve_layout(layout, [Job(parse_bid("6NT"), Seat.W, all_pass=True),
                                         Job(parse_bid("6NT"), Seat.N, all_pass=True)], nt)
    assert ours + theirs == 10


def test_candidates_are_the_same_whatever_the_number_of_workers():
    one = analyse_bid(WEAK, Seat.N, Seat.E, ("P", "7S"), AUS, samples=4, seed=9, workers=1)
    two = analyse_bid(WEAK, Seat.N, Seat.E, ("P", "7S"), AUS, samples=4, seed=9, workers=2)
    assert one.to_json() == two.to_json()
    assert one.standing is not None and one.standing[0] == "7S"
    assert {"MIS", "OMIS"} <= {c.call for c in one.candidates}  # after a seven
    assert all(c.call not in ("6S", "7S") for c in one.candidates)  # not higher than 7S


def test_progress_is_reported_per_layout():
    seen = []
    analyse_bid(WEAK, Seat.N, Seat.W, (), AUS, samples=3, seed=1, workers=1,
                progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_bad_input_raises_trainer_errors():
    with pytest.raises(SimulationError):
        analyse_bid(WEAK[:9], Seat.N, Seat.W)
    with pytest.raises(SimulationError, match="turn"):
        analyse_bid(WEAK, Seat.S, Seat.W)
    with pytest.raises(SimulationError, match="4-player"):
        analyse_bid(WEAK, Seat.N, Seat.W, rules=ruleset({"players": 3}))
    with pytest.raises(ValueError, match="card"):
        analyse_hand("AS AS 5S", "N", "W")
    with pytest.raises(ValueError, match="seat"):
        analyse_hand(" ".join(c.code for c in WEAK), "X", "W")
    assert split_calls("P, 7S - P") == ["P", "7S", "P"]


def test_discard_auction_must_be_the_whole_auction_won_in_the_contract():
    cards = parse_hand("JK JH JD AH KH QH AS 5C 6D 7S 4H 8H 9H")
    eight = parse_bid("8H")
    for calls, why in ((["7S"], "not over"), (["P", "P", "P", "8H"], "W won it in 8H"),
                       (["8S", "P", "P", "P"], "N won it in 8S")):
        with pytest.raises(SimulationError, match=f"auction: .*{why}"):
            analyse_discard(cards, eight, Seat.N, Seat.W, calls, AUS, samples=2, workers=1)
    a = analyse_discard(cards, eight, Seat.N, Seat.W, ["8H", "P", "P", "P"], AUS, samples=2,
                        workers=1, shortlist=1, shortlist_samples=1, finalists=1)
    assert a.auction == ("8H", "P", "P", "P") and a.candidates


def test_analyse_cli_bad_input_is_one_line_and_exit_2():
    out = subprocess.run([sys.executable, "-m", "trainer", "analyse", "--hand", "AS KS",
                          "--seat", "N", "--dealer", "W"], capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: hand")


def test_bands():
    assert [bid_band(x) for x in (0, 5, 20, 50, 100, 101)] == [
        "best", "best", "good", "inaccuracy", "mistake", "blunder"]
    # discards: points of expected score lost, the same limits as bids
    assert [discard_band(x) for x in (0, 5, 5.2, 20, 50, 60, 100, 101)] == [
        "best", "best", "good", "good", "inaccuracy", "mistake", "mistake", "blunder"]
