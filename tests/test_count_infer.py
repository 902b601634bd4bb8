"""Count and infer (trainer.train.count_infer) and its timed run (trainer.train.storm): the
answers on a hand-made hand checked against the rules (RULES.md §2 trumps and bowers, §4 the
discard seen only by the declarer, §5 following suit), on bot hands against the hidden cards,
and the run's clock driven by the test."""

from __future__ import annotations

import pytest

from trainer.bidding import Bid
from trainer.cards import Deal, Seat
from trainer.codes import parse_card
from trainer.game.hand import GameHand, Phase
from trainer.rules import CardOrder, ruleset
from trainer.train.count_infer import (
    DISCARD_PLACE,
    NONE_YET,
    SEEN,
    CountError,
    CountHand,
    QuestionKind,
    count_hand,
    declarer_void,
    discard_suit,
    left_bower,
    question_at,
    trumps_out,
)
from trainer.train.storm import RUN_SECONDS, WRONG_PENALTY, StormRun

RULES = ruleset()


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


HANDS = {
    Seat.W: "AH KH QH TH 9H AS KS AC AD KD",
    Seat.N: "QS JS TS 7S KC QC JC 9C 8C QD",
    Seat.E: "JK JH 7H 6H 5H 4H JD 9S 8S TC",
    Seat.S: "6S 7C 6C TD 9D 8D 7D 6D 5D 4D",
}
KITTY = "8H 5C 5S"
# West declares 7♥ and throws A♣ 5♣ 5♠ (a hand-made discard: West is void in clubs).
# Tricks 1-3: North and South show out of trumps, West ruffs the club lead; trick 4: East
# plays the left bower to West's Q♥.
PLAYS = "AH 7S 4H 4D KH 8C JH 5D TC 6C 8H 9C QH QS JD 6S"


def made_hand() -> CountHand:
    deal = Deal(Seat.N, {s: cards(h) for s, h in HANDS.items()}, cards(KITTY))
    hand = GameHand(RULES, deal)
    for call in ("P", "P", "7H"):
        hand.call(call)
    while hand.phase is Phase.AUCTION:
        hand.call("P")
    assert hand.contract == Bid(7, hand.contract.strain) and hand.declarer is Seat.W
    hand.exchange(cards("AC 5C 5S"))
    for code in PLAYS.split():
        hand.play(parse_card(code))
    return CountHand(0, 0, hand.to_record(), hand.contract, Seat.W)


def test_trumps_out_counts_only_what_south_has_seen() -> None:
    hand = made_hand()
    q = trumps_out(hand, 12)  # after three tricks: A♥ 4♥ K♥ J♥ 8♥ played
    # 13 trumps: eleven hearts, the left bower J♦, the joker; South holds none, 5 are played
    assert q.answer == frozenset({"8"}) and not q.multi
    assert "8" in q.choices and len(q.choices) == 6
    assert q.why == "13 trumps in all; you hold 0, 5 have been played: 8 are still out."
    assert q.check(["8"]) and not q.check(["7"])


def test_left_bower_not_with_a_seat_that_showed_out_of_trumps() -> None:
    q = left_bower(made_hand(), 12)
    # North played 7♠ to the A♥ lead: no trumps, so not the left bower (RULES.md §5)
    assert q.answer == frozenset({"West", "East", DISCARD_PLACE}) and q.multi
    assert q.choices == ("West", "North", "East", DISCARD_PLACE, SEEN)
    assert q.check({"West", "East", DISCARD_PLACE}) and not q.check({"West", "East"})
    assert "not North, who showed out of trumps" in q.why


def test_left_bower_seen_once_played() -> None:
    hand = made_hand()
    assert left_bower(hand, 0).answer == frozenset({"West", "North", "East", DISCARD_PLACE})
    q = left_bower(hand, 15)  # East has just played J♦ to trick 4
    assert q.answer == frozenset({SEEN})
    assert q.why == "The left bower (J♦) was played by East in this trick."
    q = left_bower(hand, 16)
    assert q.why == "The left bower (J♦) was played by East in trick 4."
    assert trumps_out(hand, 16).answer == frozenset({"6"})


def test_declarer_void_from_the_tricks_seen() -> None:
    hand = made_hand()
    assert declarer_void(hand, 8).answer == frozenset({NONE_YET})  # West has followed so far
    q = declarer_void(hand, 12)
    assert q.answer == frozenset({"♣"})
    assert q.why == "West played 8♥ to a ♣ lead in trick 3."
    assert q.check(["♣"]) and not q.check(["♥"]) and not q.check(["♣", "♥"])
    assert not q.multi and q.text == "Which suit has the declarer shown void in?"


def test_a_declarer_void_in_two_suits_asks_for_both() -> None:
    """Issue 29: one right answer, never "any of them": a declarer who has shown two voids is
    asked about with "Which suits ...", and only both suits together are right."""
    for seed in range(300):
        hand = count_hand(seed)
        if hand.declarer is Seat.S:
            continue
        q = declarer_void(hand, 20)
        if len(q.answer) > 1:
            break
    else:
        raise AssertionError("no declarer with two voids shown in 300 seeds")
    assert q.multi and q.text == "Which suits has the declarer shown void in?"
    assert NONE_YET not in q.choices
    assert q.check(sorted(q.answer))
    assert not any(q.check([suit]) for suit in q.answer)


def test_a_declaring_south_counts_its_discard_and_names_its_suits() -> None:
    seed = next(s for s in range(60) if count_hand(s).declarer is Seat.S)
    hand = count_hand(seed)
    order = CardOrder(trump=hand.contract.trump)
    state = hand.state(20)
    hidden = [c for s in (Seat.N, Seat.E, Seat.W) for c in state.hands[s]]
    q = trumps_out(hand, 20)
    # the oracle from the hidden cards: a declarer's discard is seen, so not out
    assert q.answer == frozenset({str(sum(order.effective_suit(c) is order.trump
                                          for c in hidden))})
    d = discard_suit(hand, 20)
    assert d.kind is QuestionKind.DISCARD
    assert d.answer == frozenset(order.effective_suit(c).symbol for c in hand.record.discard)
    lb = left_bower(hand, 20)
    assert DISCARD_PLACE not in lb.choices  # the declarer saw the discard (RULES.md §4)


def test_the_discard_question_has_one_answer() -> None:
    # count hand 3: South threw Q♠ 6♥ 7♥, two suits: pick both (♠ alone was marked right)
    q = discard_suit(count_hand(3), 20)
    assert (q.text, q.multi, q.why) == \
        ("Which suits did you discard from?", True, "You discarded Q♠ 6♥ 7♥.")
    assert q.answer == frozenset({"♠", "♥"}) and q.choices == ("♠", "♣", "♦", "♥")
    assert q.check(["♠", "♥"]) and not q.check(["♠"]) and not q.check(["♥"])
    # count hand 38: 4♦ 6♦ Q♦, one suit, one click
    one = discard_suit(count_hand(38), 20)
    assert (one.text, one.multi, one.answer) == \
        ("Which suit did you discard from?", False, frozenset({"♦"}))


def test_a_defending_south_counts_the_discard_as_out() -> None:
    seed = next(s for s in range(60) if count_hand(s).declarer is not Seat.S)
    hand = count_hand(seed)
    order = CardOrder(trump=hand.contract.trump)
    state = hand.state(16)
    hidden = [c for s in state.seats if s is not Seat.S for c in state.hands[s]]
    hidden += hand.record.discard
    want = sum(order.effective_suit(c) is order.trump for c in hidden)
    assert trumps_out(hand, 16).answer == frozenset({str(want)})


def test_questions_are_seeded_and_asked_from_the_learners_seat() -> None:
    first = [question_at(3, i) for i in range(6)]
    again = [question_at(3, i) for i in range(6)]
    assert [(q.text, q.answer, q.plays) for q in first] == \
           [(q.text, q.answer, q.plays) for q in again]
    assert {q.kind for q in first[:3]} >= {QuestionKind.TRUMPS_OUT, QuestionKind.LEFT_BOWER}
    for q in first:
        assert q.answer <= set(q.choices)
    with pytest.raises(CountError, match="below 0"):
        question_at(0, -1)


def test_storm_run_by_an_injected_clock() -> None:
    run = StormRun(started=1000.0, seed=5)
    assert run.remaining(1000.0) == RUN_SECONDS
    run = run.answer(True, 1010.0).answer(True, 1020.0).answer(True, 1030.0)
    assert (run.score, run.streak, run.best_streak, run.index) == (3, 3, 3, 3)
    run = run.answer(False, 1040.0)
    assert (run.streak, run.best_streak, run.wrong) == (0, 3, 1)
    assert run.remaining(1040.0) == RUN_SECONDS - 40 - WRONG_PENALTY
    run = run.answer(True, 1050.0)
    assert (run.score, run.streak) == (4, 1)
    late = 1000.0 + RUN_SECONDS - WRONG_PENALTY
    assert run.over(late) and run.answer(True, late) == run  # the time is up: not counted
