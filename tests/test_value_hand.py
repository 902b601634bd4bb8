"""Value a hand (trainer.train.value_hand) and the trainers' store records
(trainer.train.records): the seeded deal and its auction, the histogram's counts, the supported
bid and its Avondale value (RULES.md §6), the supported bid over the auction so far (RULES.md
§3), the grading of a guess by its distance to the median, and a rated attempt and the timed
run's personal best surviving a reopening of the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.bidding import Auction, Bid
from trainer.cards import Seat
from trainer.policy import choose_bid
from trainer.progress import ProgressStore, Rating
from trainer.rules import Strain, ruleset
from trainer.train.records import record_trainer_attempt, save_storm, storm_best
from trainer.train.value_hand import (
    RULE,
    Valuation,
    ValueHandError,
    Verdict,
    deal_rating,
    grade_guess,
    standing,
    supported_call,
    value_deal,
    value_hand,
)
from trainer.ui.data.progress_data import history_table
from trainer.ui.trainers.value_hand import reach_rows, supported_words

RULES = ruleset()


def test_the_deal_and_the_auction_so_far_are_the_policys() -> None:
    vd = value_deal(2)
    assert vd.dealer is Seat.S  # the seed's seat, N E S W
    # West, North and East call before South: the policy bidder's calls
    auction = Auction(RULES, vd.dealer)
    for seat in (Seat.W, Seat.N, Seat.E):
        assert auction.to_call is seat
        auction.call(choose_bid(vd.deal.hands[seat], auction))
    assert vd.calls == tuple(c if isinstance(c, str) else c.code for c in auction.calls)
    assert auction.to_call is Seat.S and len(vd.hand) == 10
    assert value_deal(2) == vd and vd.item == "value:2"
    assert value_deal(1).calls == ()  # East deals: South calls first
    with pytest.raises(ValueHandError, match="below 0"):
        value_deal(-1)


def test_the_histogram_adds_up_and_supports_a_bid() -> None:
    v = value_hand(0, samples=40)
    assert len(v.counts) == 11 and sum(v.counts) == 40
    assert v.strain is value_deal(0).strain
    # measured: the ten cards A♠ 5♣ A♦ Q♦ J♦ 7♦ 5♦ 4♦ J♥ 5♥ in diamonds
    assert v.counts == (0, 0, 0, 0, 0, 0, 0, 7, 11, 12, 10)
    assert v.mean == pytest.approx(8.625)
    assert v.reach(9) == pytest.approx(22 / 40) and v.reach(10) == pytest.approx(10 / 40)
    assert v.supported == Bid(9, Strain.DIAMONDS) and v.supported_points == 380
    assert value_hand(0, samples=40) is v  # cached per deal


def test_a_hand_that_never_reaches_six_on_half_supports_no_bid() -> None:
    poor = Valuation(0, Strain.SPADES, 10, (0, 0, 1, 2, 3, 2, 1, 1, 0, 0, 0))
    assert poor.supported is None and poor.supported_points is None
    rich = Valuation(0, Strain.NO_TRUMPS, 10, (0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 5))
    assert rich.supported == Bid(10, Strain.NO_TRUMPS) and rich.supported_points == 520


def test_a_guess_is_graded_by_its_distance_to_the_median() -> None:
    # a narrow hand: middle half 6 to 8 (three counts), median 7 (at most 7: 10 of 20)
    v = Valuation(0, Strain.HEARTS, 20, (0, 0, 0, 0, 0, 2, 3, 5, 6, 3, 1))
    assert v.middle == (6, 8) and v.median == 7 and not v.wide and v.right_range == (7, 7)
    assert [g for g in range(11) if grade_guess(v, g).right] == [7]  # was 6, 7, 8
    assert [g for g in range(11) if grade_guess(v, g).verdict is Verdict.CLOSE] == [6, 8]
    assert grade_guess(v, 7).words() == (
        "Right. The median is 7 tricks, and the hand varies little (the middle half of the "
        "layouts take 6 to 8), so only 7 is right.")
    low = grade_guess(v, 5)
    assert low.verdict is Verdict.OFF and low.words().startswith(
        "Not quite. That is 2 tricks too few. The median is 7 tricks")
    assert grade_guess(v, 8).words().startswith("Close. That is 1 trick too many.")
    # a wide hand (the finding's 5 to 8): one trick either side of the median is right
    w = Valuation(0, Strain.HEARTS, 20, (0, 0, 0, 1, 2, 3, 4, 4, 3, 2, 1))
    assert w.middle == (5, 8) and w.wide and w.median == 6 and w.right_range == (5, 7)
    assert [g for g in range(11) if grade_guess(w, g).right] == [5, 6, 7]
    assert [g for g in range(11) if grade_guess(w, g).verdict is Verdict.CLOSE] == [4, 8]
    assert "so 5 to 7 is right" in grade_guess(w, 8).words()
    with pytest.raises(ValueHandError, match="give 0 to 10"):
        grade_guess(v, 11)
    assert 1300 < deal_rating(v) < 1700
    assert "the median" in RULE and "one trick either side" in RULE


def test_the_supported_bid_is_one_you_may_still_call() -> None:
    rules = ruleset()
    vd = value_deal(876712, rules)  # East opened 8♠; South holds hearts
    assert vd.calls == ("8S",) and vd.strain is Strain.HEARTS
    assert standing(vd, rules) == (Bid(8, Strain.SPADES), Seat.E)
    # seven on 35 of 60, eight on 21: 7♥ (200) is made on half, but is below 8♠
    v = Valuation(876712, Strain.HEARTS, 60, (0, 0, 0, 0, 0, 10, 15, 14, 14, 7, 0))
    assert v.supported == Bid(7, Strain.HEARTS)
    assert supported_call(v, vd, rules) is None
    words = supported_words(v, vd, rules)
    assert "The layouts support" not in words
    assert "The standing bid is 8♠ by East, an opponent." in words
    assert "The hand supports no call over it" in words and "not higher than 8♠" in words
    assert "You pass: passing lets East play 8♠" in words
    rows = reach_rows(v, vd, rules)
    assert [r["Over 8♠"] for r in rows] == ["no", "no", "yes", "yes", "yes"]
    # nine on 60 of 60: 9♥ beats 8♠
    rich = Valuation(876712, Strain.HEARTS, 60, (0,) * 9 + (60, 0))
    assert supported_call(rich, vd, rules) == Bid(9, Strain.HEARTS)
    assert "The layouts support **9♥**, worth 400 points" in supported_words(rich, vd, rules)
    # partner North holds 6♠ (deal 2): said so, and 7♥ over it is offered
    vd2 = value_deal(2, rules)
    assert standing(vd2, rules) == (Bid(6, Strain.SPADES), Seat.N)
    words = supported_words(v, vd2, rules)
    assert words.startswith("Your side holds the standing bid, 6♠ by North, your partner.")
    assert "**7♥**" in words
    poor = Valuation(2, Strain.HEARTS, 10, (0, 0, 1, 2, 3, 2, 1, 1, 0, 0, 0))
    assert "You pass: passing leaves 6♠ to your partner to play" in \
        supported_words(poor, vd2, rules)


def test_a_rated_attempt_and_the_personal_best_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    store = ProgressStore(path)
    ann = store.learner("Ann")
    first = record_trainer_attempt(store, ann, "value", "value:0", ("valuation",), True,
                                   Rating(1500.0, 350.0), {"guess": 9})
    assert first.rated and first.change > 0
    again = record_trainer_attempt(store, first.learner, "value", "value:0", ("valuation",),
                                   False, Rating(1500.0, 350.0))
    assert not again.rated and again.change == 0
    assert save_storm(store, ann, 7, 4) and not save_storm(store, ann, 5, 6)
    store.close()
    reopened = ProgressStore(path)
    ann = reopened.learner("Ann")
    assert ann.rating.rating == pytest.approx(first.learner.rating.rating)
    attempts = reopened.attempts(ann)
    assert [(a.kind, a.item, a.correct, a.rated) for a in attempts] == \
        [("value", "value:0", True, True), ("value", "value:0", False, False)]
    assert reopened.review_queue(ann) == []  # a trainer deal never enters the review queue
    assert set(history_table(attempts, {})["Kind"]) == {"value a hand"}  # Progress's history
    assert "value:0" in reopened.puzzle_ratings()
    best = storm_best(reopened, ann)
    assert (best.score, best.streak) == (7, 6)
