"""The hand review (`trainer.review.grade`) and personal puzzles (`trainer.review.puzzles`) on
hands whose double-dummy costs are known: every other card is played on the solver's line, and
South gives away a known number of tricks once."""

from __future__ import annotations

import functools
import math
import random
from dataclasses import replace

import pytest

from trainer.bots import card_values
from trainer.cards import Seat, deal
from trainer.codes import parse_card
from trainer.game import GameHand, HandRecord
from trainer.generate.play_steps import puzzle_goal
from trainer.policy import choose_discard
from trainer.review import grade
from trainer.review.grade import move_accuracy, review_hand
from trainer.review.puzzles import personal_puzzle, puzzle_id
from trainer.rules import ruleset
from trainer.simulate.bids import CallResult
from trainer.solver import Solver

SOLVER = Solver()
RULES = ruleset(None)


@functools.cache  # a whole hand on the solver's line: the personal-puzzle tests reuse it
def blunder_hand(seed: int, blunder_trick: int) -> tuple[HandRecord, int, int]:
    """A 4-player hand: North bids 7NT and all pass, the kitty by the policy, every card on the
    solver's line except South's first card from trick ``blunder_trick`` on that can lose
    tricks, which loses the most. Returns the record, that play's index and the tricks lost
    (index -1 when South never had such a card)."""
    d = deal(seed, dealer=Seat.W)
    hand = GameHand(RULES, d)
    hand.call("7NT")  # North, the dealer's left, bids; everyone passes
    for _ in range(3):
        hand.call("P")
    hand.exchange(choose_discard(hand.kitty_pool(), hand.contract, RULES))
    blunder_at, lost = -1, 0
    while not hand.is_over:
        state = hand.state
        legal = state.legal_plays()
        if (blunder_at < 0 and hand.to_act is Seat.S and len(legal) > 1
                and len(state.history) + 1 >= blunder_trick):
            analysis = SOLVER.analyse(state)
            worst = max(legal, key=lambda p: abs(analysis.best - analysis.values[p]))
            loss = abs(analysis.best - analysis.values[worst])
            if loss:
                blunder_at, lost = len(hand.plays), loss
                hand.play(worst)
                continue
        hand.play(SOLVER.principal_line(state)[0])
    return hand.to_record(), blunder_at, lost


@pytest.fixture(scope="module")
def blundered() -> tuple[HandRecord, int, int]:
    for seed in range(40):
        record, at, lost = blunder_hand(seed, 3)
        if at >= 0:
            return record, at, lost
    raise AssertionError("no deal gave South a costly card")


def test_the_double_dummy_cost_is_the_tricks_given_away(blundered) -> None:
    record, at, lost = blundered
    review = review_hand(record, Seat.S, layouts=6, solver=SOLVER)
    cards = [d for d in review.decisions if d.kind == "card"]
    assert len(cards) == 10  # South plays a card to every trick of a no-trump hand
    costly = [d for d in cards if d.dd_cost]
    assert [(d.action_index, d.dd_cost) for d in costly] == [(at, float(lost))]
    assert costly[0].chosen == record.plays[at].code
    assert costly[0].line and costly[0].line[0] != costly[0].chosen
    calls = [d for d in review.decisions if d.kind == "call"]
    assert [d.chosen for d in calls] == ["P"]  # South's one call
    assert calls[0].cost >= 0 and calls[0].band in ("best", "good", "inaccuracy", "mistake",
                                                    "blunder")


def test_forced_cards_are_listed_and_left_out_of_the_accuracy(blundered) -> None:
    record, _, _ = blundered
    review = review_hand(record, Seat.S, layouts=6, solver=SOLVER)
    replay = GameHand(RULES, record.deal)
    for code in record.calls:
        replay.auction_call_turn(code)
    replay.exchange(record.discard)
    forced = []
    for play in record.plays:
        if replay.to_act is Seat.S:
            forced.append(len(replay.legal_plays()) == 1)
        replay.play(play)
    assert [d.forced for d in review.decisions if d.kind == "card"] == forced
    unforced = [move_accuracy(d.cost) for d in review.decisions if not d.forced]
    assert review.accuracy == pytest.approx(sum(unforced) / len(unforced))


def test_the_average_cost_is_the_bots_values_on_the_same_layouts(blundered) -> None:
    record, at, _ = blundered
    review = review_hand(record, Seat.S, layouts=6, solver=SOLVER, seed=5)
    decision = next(d for d in review.decisions if d.action_index == at and d.kind == "card")
    hand = GameHand.from_record(record, upto=at)
    values = card_values(hand, Seat.S, 6, random.Random(f"5:card:{at}"), SOLVER)
    chosen = next(v for v in values if v.play == record.plays[at])
    assert decision.best == values[0].play.code
    assert decision.cost == pytest.approx(values[0].score - chosen.score)


def test_lichess_accuracy_formula() -> None:
    assert move_accuracy(0) == pytest.approx(99.9999, abs=1e-3)
    assert move_accuracy(100) == pytest.approx(103.1668 * math.exp(-0.04354 * 25) - 3.1669)
    assert move_accuracy(1000) == 0.0


def test_a_hand_that_stops_part_way_is_reviewed_as_far_as_it_goes(blundered) -> None:
    record, _, _ = blundered
    part = replace(record, plays=record.plays[:13])  # three tricks and a lead
    review = review_hand(part, Seat.S, layouts=4, solver=SOLVER)
    south = [i for i in range(13) if GameHand.from_record(part, upto=i).to_act is Seat.S]
    cards = [d for d in review.decisions if d.kind == "card"]
    assert [d.action_index for d in cards] == south
    assert [d.trick for d in cards] == [i // 4 + 1 for i in south]


def test_a_costly_card_becomes_a_puzzle_where_it_is_wrong() -> None:
    made = skipped = 0
    for seed in range(12):
        record, at, _ = blunder_hand(seed, 1)
        if at < 0:
            continue
        review = review_hand(record, Seat.S, layouts=2, solver=SOLVER)
        costly = next(d for d in review.decisions if d.dd_cost)
        puzzle = personal_puzzle(record, costly, Seat.S, SOLVER)
        state = GameHand.from_record(record, upto=at).state
        analysis = SOLVER.analyse(state)
        found = puzzle_goal(state, Seat.S, analysis.best)
        if puzzle is None:  # no goal from here, or the card still reaches it
            assert found is None or found[0].met_by(analysis.values[record.plays[at]])
            skipped += 1
            continue
        made += 1
        assert puzzle.id == puzzle_id(record, at)
        assert personal_puzzle(record, costly, Seat.S, SOLVER) == puzzle
        assert puzzle.goal == found[0] and puzzle.position.to_state().to_play is Seat.S
        assert record.plays[at] not in puzzle.solution[0].right
        assert puzzle.solution[0].right and puzzle.write_up
        if made and made + skipped >= 6:
            break
    assert made >= 1 and made + skipped >= 6


def _table(hand: GameHand, rows: dict[str, tuple[float, float]]):
    """The bidding simulation's table for North's first call (dealer West) with two calls,
    their means and errors (a real `BidAnalysis`, so that the reason can read the hand)."""
    from dataclasses import replace as set_fields

    from test_write_ups import bid_analysis

    codes = " ".join(c.code for c in hand.deal.hands[Seat.N])
    table = bid_analysis(codes, "N", "W", (), [(c, ev, 0.5, 8.0 if c != "P" else None)
                                              for c, (ev, _) in rows.items()])
    return set_fields(table, candidates=tuple(CallResult(c, ev, se, 0.5, 8.0 if c != "P"
                                                         else None)
                                              for c, (ev, se) in rows.items()))


@pytest.mark.parametrize(("gap", "se", "band", "cost"), [
    (12.0, 5.0, "best", 0.0),          # 12 < 2 x hypot(5, 5) = 14.1: the layouts cannot tell
    (30.0, 5.0, "inaccuracy", 30.0),   # 30 > 14.1: a real loss
    (8.0, 0.5, "good", 8.0),           # a small gap with little noise is still a loss
])
def test_a_call_within_the_simulations_noise_is_graded_as_the_best(monkeypatch, gap, se, band,
                                                                   cost) -> None:
    hand = GameHand(RULES, deal(3, dealer=Seat.W))
    table = _table(hand, {"7S": (100.0 + gap, se), "P": (100.0, se)})
    monkeypatch.setattr(grade, "analyse_bid", lambda *a, **k: table)
    monkeypatch.setattr(grade, "fits_hand", lambda *a: True)
    review = grade._grade_call(hand, Seat.N, "P", 0, 1, 30, 0)
    assert review is not None
    assert (review.band, review.cost) == (band, cost)
    assert review.best == ("P" if band == "best" else "7S")
    assert math.isclose(grade.noise(se, se), 2 * math.hypot(se, se))


@pytest.mark.parametrize("near_the_end", [False, True])
def test_a_decision_made_as_the_coach_hinted_is_graded_best_in_the_review(near_the_end) -> None:
    """The coach's hint and the review's grade of the same decision are one evaluation on the
    same layouts: South follows every hint for the auction, the discard and two tricks (the
    others play by the easy bot), and the review grades each of those decisions best, at no
    cost. Near the end of a game (420 to 380) both judge calls and cards by the chance of
    winning the game."""
    from trainer.bots import Level, decide
    from trainer.scoring import GameScore
    from trainer.ui.game.coach import hint

    score = GameScore({(Seat.N, Seat.S): 420, (Seat.E, Seat.W): 380}) if near_the_end else None

    for seed in range(11, 60):  # the first deal whose bidding is not thrown in
        hand = GameHand(RULES, deal(seed, dealer=Seat.E))  # South calls first
        followed = 0
        while not hand.is_over and len(hand.plays) < 8:
            if hand.to_act is Seat.S:
                advice = hint(hand, Seat.S, "seed", SOLVER, score)
                followed += 1
                if hand.phase.value == "auction":
                    hand.call(advice.choice)
                elif hand.phase.value == "exchange":
                    hand.exchange(tuple(parse_card(c) for c in advice.choice.split()))
                else:
                    hand.play(next(p for p in hand.legal_plays() if p.code == advice.choice))
            else:
                decide(hand, Level.EASY, 1).apply(hand)
        if hand.plays:
            break
    review = review_hand(hand.to_record(), Seat.S, solver=SOLVER, score=score)
    assert followed >= 3 and len(review.decisions) == followed
    assert [d.band for d in review.decisions] == ["best"] * followed
    by_chance = [d for d in review.decisions if d.kind != "discard"]
    if near_the_end:
        assert [d.win_loss for d in by_chance] == [0.0] * len(by_chance)
    else:
        assert [d.cost for d in review.decisions] == [0.0] * followed
        assert all(d.win_loss is None for d in review.decisions)


def test_a_costly_card_is_explained_in_a_players_words_from_what_could_be_seen(blundered):
    """South's costly card on the real layout: the plan of the better card, the trick the card
    played gives away, and how South would have known (here: nothing placed the card the line
    needs, so it was a guess); never a bare pair of averages."""
    import re

    from trainer.generate.write_ups.play import sentences

    record, at, _ = blundered
    review = review_hand(record, Seat.S, layouts=6, solver=SOLVER)
    costly = next(d for d in review.decisions if d.action_index == at and d.kind == "card")
    said = sentences(costly.reason)
    assert said[-1].startswith("How you would know: ")
    assert any("gives a trick away" in s or "instead" in s for s in said)
    assert record.plays[at].card.pretty in costly.reason
    assert not re.search(r"scored [+-]\d+ and", costly.reason)


def test_the_layouts_words_say_where_the_better_card_did_better():
    from trainer.bots.cards import PlayValue
    from trainer.codes import parse_card as card
    from trainer.generate.write_ups.review_words import layouts_words
    from trainer.rules import Play

    best = PlayValue(Play(card("AD")), 30.0, 7.0, (40.0, 40.0, 10.0, 30.0))
    chosen = PlayValue(Play(card("JD")), 8.0, 6.5, (-20.0, 40.0, 10.0, 2.0))
    assert layouts_words(best, chosen, 0.0) == (
        "From what you could see, A♦ was the safer card: of the 4 layouts of the hidden cards "
        "that fit the auction and the play so far, it did better for your side than J♦ on 2 "
        "and worse on 0, 22 points a hand on average. On the real layout J♦ happened to cost "
        "nothing.")
