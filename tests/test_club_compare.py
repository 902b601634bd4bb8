"""A club set's deals and their comparison (trainer.review.club): deal i is dealt as ``match``
deals it, the same for every member; the bots decide alike given the deal's seed; a hand's
points from the member's side; each member's net against the field's mean on a deal; the
commentary names the costliest decision, the better card and the double-dummy tricks."""

from __future__ import annotations

import pytest

from trainer.bots import Level, decide
from trainer.cards import Seat, deal
from trainer.errors import TrainerError
from trainer.game.game import hand_seed
from trainer.game.hand import GameHand
from trainer.review.club import (
    Compared,
    Entry,
    Standing,
    commentary,
    compare,
    deal_of,
    deal_seed,
    dealer_of,
    grades,
    hand_points,
    key_mistake,
    mistake_words,
    par_tricks,
    standings,
)
from trainer.review.grade import DecisionReview, HandReview, review_hand
from trainer.rules import ruleset
from trainer.scoring import score_hand
from trainer.solver import Solver

RULES = ruleset("australian")
SEED = 20261205


def bots_play(hand: GameHand, seed: str) -> GameHand:
    while not hand.is_over:
        decide(hand, Level.EASY, seed).apply(hand)
    return hand


def test_deal_i_is_the_match_s_deal_i_and_the_same_for_everyone() -> None:
    for i in range(5):
        hand = deal_of(RULES, SEED, i)
        assert hand.deal == deal(hand_seed(SEED, i), 4, RULES.deck, RULES.seats[i % 4])
        assert hand.deal == deal_of(RULES, SEED, i).deal  # a second member gets the same
        assert deal_seed(SEED, i) == hand_seed(SEED, i)
    assert [dealer_of(RULES, i) for i in range(5)] == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    assert deal_of(RULES, SEED, 0).deal != deal_of(RULES, SEED, 1).deal
    assert deal_of(RULES, SEED, 0).deal != deal_of(RULES, SEED + 1, 0).deal
    three = ruleset({"players": 3})
    assert len(deal_of(three, SEED, 0).deal.hands) == 3
    with pytest.raises(TrainerError, match="not a deal of the set"):
        deal_of(RULES, SEED, -1)


def test_the_bots_play_a_deal_alike_for_every_member_and_its_points_are_the_member_s() -> None:
    seed = f"{deal_seed(SEED, 0)}:0"
    one = bots_play(deal_of(RULES, SEED, 0), seed)
    two = bots_play(deal_of(RULES, SEED, 0), seed)
    assert one.to_record() == two.to_record()
    assert one.contract is not None and one.declarer is not None
    taken = one.declarer_tricks()
    scored = score_hand(one.contract, taken, RULES)
    for seat in RULES.seats:
        points, against = hand_points(one, seat)
        if seat in RULES.side_of(one.declarer):
            assert points == scored.declarer
            assert against == scored.defenders
        else:
            assert points == scored.defenders
            assert against == scored.declarer
    with pytest.raises(TrainerError, match="not over"):
        hand_points(deal_of(RULES, SEED, 0), Seat.S)


def test_each_member_is_scored_against_the_field_of_the_deal() -> None:
    ann, bob, cy = 1, 2, 3
    got = compare([Entry(ann, 0, 200), Entry(bob, 0, 40), Entry(cy, 0, -60),
                   Entry(ann, 1, -100), Entry(bob, 2, 50), Entry(ann, 2, 150)])
    assert got == [Compared(ann, 0, 200, 60.0, 3), Compared(bob, 0, 40, 60.0, 3),
                   Compared(cy, 0, -60, 60.0, 3), Compared(ann, 1, -100, -100.0, 1),
                   Compared(bob, 2, 50, 100.0, 2), Compared(ann, 2, 150, 100.0, 2)]
    assert [c.score for c in got] == [140.0, -20.0, -120.0, 0.0, -50.0, 50.0]
    assert sum(c.score for c in got if c.deal == 0) == 0  # as a match's two levels on a deal
    table = standings(got)
    assert table == [Standing(ann, 3, 190.0), Standing(bob, 2, -70.0), Standing(cy, 1, -120.0)]
    assert [round(s.mean, 2) for s in table] == [63.33, -35.0, -120.0]
    with pytest.raises(TrainerError, match="two results on deal 1"):
        compare([Entry(ann, 0, 10), Entry(ann, 0, 20)])


def decision(cost: float, band: str, trick: int, chosen: str, best: str, reason: str = "",
             forced: bool = False, kind: str = "card") -> DecisionReview:
    return DecisionReview(0, kind, trick if kind == "card" else None, chosen, best, cost, 0.0,
                          band, (), reason, 0, forced)


def test_the_key_mistake_is_the_costliest_and_said_in_the_game_s_words() -> None:
    small = decision(30, "inaccuracy", 2, "9H", "KH")
    big = decision(150, "blunder", 4, "TD", "AD", reason="The A♦ cashes first.")
    forced = decision(400, "blunder", 9, "JK", "JK", forced=True)
    review = HandReview(Seat.S, "7S", Seat.E, (small, big, forced), 80.0)
    assert key_mistake(review) is big
    assert mistake_words(big) == ("At trick 4 you played 10♦; A♦ was better (about 150 "
                                  "points on average). The A♦ cashes first.")
    call = decision(60, "mistake", 0, "P", "7H", kind="call")
    assert mistake_words(call) == ("In the auction you called pass; 7♥ was better (about 60 "
                                   "points on average).")
    assert grades(review) == (80.0, 180.0)  # the forced card's cost is left out
    assert key_mistake(HandReview(Seat.S, "7S", Seat.E, (decision(3, "best", 1, "AS", "AS"),),
                                  99.0)) is None


def test_the_commentary_on_a_played_deal_gives_the_contract_its_par_and_the_key_mistake() -> None:
    seed = f"{deal_seed(SEED, 0)}:0"
    hand = bots_play(deal_of(RULES, SEED, 0), seed)
    record = hand.to_record()
    solver = Solver()
    review = review_hand(record, Seat.S, layouts=6, solver=solver, seed=seed)
    par = par_tricks(record, solver)
    start = GameHand.from_record(record, upto=0)
    assert start.state is not None and par == solver.value(start.state)
    assert 0 <= par <= 10
    text = commentary(review, record, par, hand.declarer_tricks())
    assert hand.contract is not None and hand.declarer is not None
    assert text.startswith(f"The contract was {hand.contract.pretty} by ")
    assert (f"takes {par} trick{'' if par == 1 else 's'} (they took "
            f"{hand.declarer_tricks()})") in text
    worst = key_mistake(review)
    if worst is None:
        assert text.endswith("Every decision you made was good or best.")
    else:
        assert mistake_words(worst) in text
    thrown = GameHand(RULES, deal_of(RULES, SEED, 0).deal)
    assert par_tricks(thrown.to_record(), solver) is None  # no play yet: no par
